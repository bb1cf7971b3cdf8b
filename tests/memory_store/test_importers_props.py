"""Property tests: whatever text an importer is fed, it returns messages or ImportFormatError."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory_store.errors import ImportFormatError
from memory_store.importers import FORMATS, ImportResult, load
from memory_store.models import KINDS

EXPORTS = Path(__file__).parents[1] / "fixtures" / "exports"
SAMPLES = sorted(p for p in EXPORTS.glob("*/*") if p.parent.name != "corrupt")
FMTS = ["auto", *FORMATS]
FAST = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _load_bytes(data: bytes, suffix: str, fmt: str, strict: bool) -> ImportResult | None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"export{suffix}"
        path.write_bytes(data)
        try:
            result = load(path, fmt, strict=strict)
        except ImportFormatError as err:
            assert err.where.startswith(("line ", "key "))
            return None
    for m in result.messages:
        assert m.kind in KINDS
        assert isinstance(m.speaker, str) and isinstance(m.text, str) and m.source_ref
    return result


@st.composite
def mutated(draw: st.DrawFn) -> tuple[bytes, str]:
    """A fixture's text with a few lines deleted, duplicated, swapped or overwritten."""
    sample = draw(st.sampled_from(SAMPLES))
    lines = sample.read_text(encoding="utf-8-sig").split("\n")
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["delete", "dup", "swap", "text", "truncate"]))
        if op == "delete":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "text":
            lines[i] = draw(st.text(max_size=40))
        else:
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        if not lines:
            lines = [""]
    return "\n".join(lines).encode("utf-8", errors="surrogatepass"), sample.suffix


@FAST
@given(st.text(max_size=300), st.sampled_from(FMTS), st.booleans())
def test_random_text_gives_results_or_format_error(text: str, fmt: str, strict: bool) -> None:
    _load_bytes(text.encode("utf-8", errors="surrogatepass"), ".txt", fmt, strict)


@FAST
@given(st.binary(max_size=200), st.sampled_from(FMTS))
def test_random_bytes_give_results_or_format_error(data: bytes, fmt: str) -> None:
    _load_bytes(data, ".json", fmt, strict=False)


@FAST
@given(mutated(), st.sampled_from(FMTS), st.booleans())
def test_mutated_exports_give_results_or_format_error(
    sample: tuple[bytes, str], fmt: str, strict: bool
) -> None:
    data, suffix = sample
    _load_bytes(data, suffix, fmt, strict)


@FAST
@given(mutated())
def test_mutated_exports_import_the_same_twice(sample: tuple[bytes, str]) -> None:
    data, suffix = sample
    first = _load_bytes(data, suffix, "auto", strict=False)
    second = _load_bytes(data, suffix, "auto", strict=False)
    if first is not None and second is not None:
        assert [m.source_ref for m in first.messages] == [m.source_ref for m in second.messages]


_num = st.integers(0, 99).map(str)
_clock = st.tuples(_num, _num).map(":".join)
_name = st.sampled_from(["Aki", "Yu", "Aki Tanaka", "", "a: b"])
_weekday = st.sampled_from(["", "(火)", " Tue", "（月）"])
_body = st.sampled_from(["hi", "<Media omitted>", '"quoted', 'end"', "☎ Missed call", "[Photo]"])


@st.composite
def chat_lines(draw: st.DrawFn) -> str:
    """Lines shaped like WhatsApp and LINE messages, with out-of-range numbers mixed in."""
    out = []
    for _ in range(draw(st.integers(1, 12))):
        date = "/".join(draw(st.tuples(_num, _num, st.integers(0, 2100).map(str))))
        kind = draw(st.integers(0, 3))
        clock, name, body = draw(_clock), draw(_name), draw(_body)
        if kind == 0:
            out.append(f"{date}, {clock} - {name}: {body}")
        elif kind == 1:
            out.append(f"[{date}, {clock}:{draw(_num)}\u202fPM] {name}: {body}")
        elif kind == 2:
            out.append(f"{draw(st.sampled_from(['Tue, ', '']))}{date}{draw(_weekday)}")
        else:
            out.append(f"{clock}\t{name}\t{body}")
    return "\n".join(out)


@FAST
@given(chat_lines(), st.sampled_from(["auto", "line", "whatsapp"]), st.booleans())
def test_chat_shaped_lines_give_results_or_format_error(text: str, fmt: str, strict: bool) -> None:
    _load_bytes(text.encode("utf-8"), ".txt", fmt, strict)
