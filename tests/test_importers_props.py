"""Property tests: whatever text an importer is fed, it returns messages or ImportFormatError."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory_store.errors import ImportFormatError
from memory_store.importers import FORMATS, ImportResult, load
from memory_store.models import KINDS

EXPORTS = Path(__file__).parent / "fixtures" / "exports"
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
