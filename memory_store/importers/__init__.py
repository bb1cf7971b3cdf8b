"""Chat-history importers: one module per source format, each a pure parser to Message records.

    from memory_store.importers import load
    result = load("WhatsApp Chat with Aki.txt")          # format sniffed from the content
    result.messages, result.warnings, result.skipped

`load` never touches the store. Text formats (LINE, WhatsApp) report lines they cannot read as
warnings "file:line: problem" and go on; `strict=True` raises ImportFormatError instead. A JSON
file that does not parse, or lacks a required key, always raises, naming the line or key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from memory_store.errors import ImportFormatError
from memory_store.importers import jsonl, line, locomo, telegram, tmd, whatsapp
from memory_store.importers._common import (
    MAX_WHOLE_FILE_BYTES,
    SYSTEM_SPEAKER,
    Context,
    check_text,
    head,
    human_size,
)
from memory_store.models import Message

__all__ = [
    "FORMATS",
    "SYSTEM_SPEAKER",
    "Format",
    "ImportResult",
    "ImportStream",
    "detect",
    "load",
    "stream",
]


@dataclass(frozen=True)
class Format:
    """A parser and the sniffing test that recognises its files. `stream` yields messages as
    it reads (line-based formats); for the others it is `parse`."""

    sniff: Callable[[str, Path], bool]
    parse: Callable[[Path, Context], list[Message]]
    doc: str
    stream: Callable[[Path, Context], Iterable[Message]]


# Sniffing order matters: JSON shapes first (most specific), then the text formats.
FORMATS: dict[str, Format] = {
    name: Format(
        mod.sniff,
        mod.parse,
        (mod.__doc__ or "").strip().splitlines()[0],
        getattr(mod, "iter_parse", mod.parse),
    )
    for name, mod in (
        ("jsonl", jsonl),
        ("telegram", telegram),
        ("tmd", tmd),
        ("locomo", locomo),
        ("line", line),
        ("whatsapp", whatsapp),
    )
}


@dataclass
class ImportResult:
    """What one file yielded: messages in time order per conversation, plus what was skipped."""

    path: Path
    format: str
    messages: list[Message] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    skipped: int = 0


def format_names() -> str:
    """The format names for an error message: "jsonl, line, locomo, ..."."""
    return ", ".join(sorted(FORMATS))


def _head(p: Path) -> str:
    """The file's beginning for sniffing, after refusing what is not a chat export at all:
    an empty file, or one holding NUL bytes (binary, or a sparse file of zeros)."""
    try:
        text = head(p)
        check_text(p)
    except OSError as exc:
        raise ImportFormatError(str(p), "line 1", f"cannot read the file: {exc.strerror}") from exc
    return text


def detect(path: str | Path) -> str:
    """The name of the format in FORMATS whose sniffing test accepts the file's beginning."""
    p = Path(path)
    text = _head(p)
    for name, fmt in FORMATS.items():
        try:
            if fmt.sniff(text, p):
                return name
        except RecursionError:
            raise ImportFormatError(
                str(p), "line 1", "JSON nested too deeply to be a chat export", _FLAT_HINT
            ) from None
    raise ImportFormatError(
        str(p),
        "line 1",
        f"not a chat export memlane recognises (tried {', '.join(FORMATS)})",
        f"if it is one, name its format with --format: one of {format_names()}",
    )


_FLAT_HINT = "each message must be a flat JSON object; re-export the file"


@dataclass
class ImportStream:
    """One file's messages as they are parsed; warnings and skips fill in as it is read."""

    path: Path
    format: str
    messages: Iterator[Message]
    context: Context

    @property
    def warnings(self) -> list[str]:
        return self.context.warnings

    @property
    def skipped(self) -> int:
        return self.context.skipped


def stream(
    path: str | Path,
    fmt: str = "auto",
    *,
    dayfirst: bool | None = None,
    strict: bool = False,
    conversation: str | None = None,
    participants: Sequence[str] = (),
) -> ImportStream:
    """`load`, but the messages are parsed while they are consumed (JSON Lines streams; the
    other formats are parsed whole at the first message). Arguments as for `load`."""
    p = Path(path)
    if fmt != "auto" and fmt not in FORMATS:
        raise ImportFormatError(
            str(p),
            "line 1",
            f"unknown format {fmt!r}",
            f"use --format with one of {format_names()}",
        )
    name = detect(p) if fmt == "auto" else fmt
    if fmt != "auto":
        _head(p)
    if FORMATS[name].stream is FORMATS[name].parse:  # read whole: bounded
        size = p.stat().st_size
        if size > MAX_WHOLE_FILE_BYTES:
            raise ImportFormatError(
                str(p),
                "line 1",
                f"the file is {human_size(size)}; {name} exports are read whole, up to "
                f"{human_size(MAX_WHOLE_FILE_BYTES)}",
                "split the export into smaller files, or convert it to JSON Lines",
            )
    ctx = Context(p, dayfirst, strict, conversation, tuple(participants))

    def messages() -> Iterator[Message]:
        try:
            yield from FORMATS[name].stream(p, ctx)
        except OSError as exc:
            raise ImportFormatError(str(p), "line 1", f"cannot read file: {exc.strerror}") from exc

    return ImportStream(p, name, messages(), ctx)


def load(
    path: str | Path,
    fmt: str = "auto",
    *,
    dayfirst: bool | None = None,
    strict: bool = False,
    conversation: str | None = None,
    participants: Sequence[str] = (),
) -> ImportResult:
    """Parse one export file into Message records.

    Args:
        fmt: a key of FORMATS, or "auto" to sniff the file.
        dayfirst: settle day/month order for numeric dates (WhatsApp, LINE) when the file
            itself cannot; None means infer, and fail if the file is ambiguous.
        strict: raise ImportFormatError on the first unreadable line instead of warning.
        conversation: name to use instead of the one found in the file (single-chat files).
        participants: sender names, which desktop LINE exports need to split name from text.
    """
    s = stream(
        path,
        fmt,
        dayfirst=dayfirst,
        strict=strict,
        conversation=conversation,
        participants=participants,
    )
    return ImportResult(s.path, s.format, list(s.messages), s.warnings, s.skipped)
