"""Helpers shared by the format modules: reading, error reporting, stable refs.

A format module exposes `sniff(head, path) -> bool` and `parse(path, ctx) -> list[Message]`.
`Context` carries the caller's options and collects warnings, so a parser reports a bad line
once, through `ctx.problem`, and strict mode turns that same report into an exception.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, BinaryIO

from memory_store.errors import ImportFormatError
from memory_store.models import Message

# Chat lines with no author (joins, renames, unsent notices without a sender column).
SYSTEM_SPEAKER = "(system)"

# Invisible marks that exporters scatter through text (LRM/RLM, embeddings, isolates, BOM,
# zero-width space). ZWJ (U+200D) is kept: it is part of emoji sequences.
_INVISIBLE = re.compile("[\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
_ODD_SPACES = re.compile("[\u00a0\u2009\u202f]")


@dataclass
class Context:
    """Options for one import plus the warnings and skip count it accumulates."""

    path: Path
    dayfirst: bool | None = None
    strict: bool = False
    conversation: str | None = None
    participants: tuple[str, ...] = ()
    warnings: list[str] = field(default_factory=list)
    skipped: int = 0

    def problem(self, where: str, problem: str, hint: str = "") -> None:
        """A part of the file could not be used: raise in strict mode, else warn and skip it."""
        if self.strict:
            raise ImportFormatError(str(self.path), where, problem, hint)
        self.skipped += 1
        self.warn(where, problem)

    def warn(self, where: str, problem: str) -> None:
        loc = where.removeprefix("line ")
        self.warnings.append(f"{self.path}:{loc}: {problem}")

    def fail(self, where: str, problem: str, hint: str = "") -> ImportFormatError:
        return ImportFormatError(str(self.path), where, problem, hint)


def clean(text: str) -> str:
    """Drop invisible direction marks and map exotic spaces to a plain space."""
    return _ODD_SPACES.sub(" ", _INVISIBLE.sub("", text))


# A chat message is never this long: a longer line is a wrong or damaged file, refused before
# it fills the memory (a 2 GB file of zeros is one "line").
MAX_LINE_BYTES = 64 * 1024 * 1024
# Formats parsed whole (JSON documents, text exports) are read into memory at once.
MAX_WHOLE_FILE_BYTES = 512 * 1024 * 1024
_UTF8_HINT = "re-export the file as UTF-8, or convert it first with iconv -f WINDOWS-1252 -t UTF-8"


def human_size(n: int) -> str:
    """1536 -> "1.5 KB", 2147483648 -> "2.0 GB" (powers of 1024, as `ls -h`)."""
    size, unit = float(n), "bytes"
    for unit in ("bytes", "KB", "MB", "GB", "TB"):
        if size < 1024 or unit == "TB":
            break
        size /= 1024
    return f"{n} bytes" if unit == "bytes" else f"{size:.1f} {unit}"


def _not_utf8(path: Path, data: bytes, exc: UnicodeDecodeError, line: int) -> ImportFormatError:
    column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
    return ImportFormatError(
        str(path),
        f"line {line}",
        f"not UTF-8 text (byte 0x{data[exc.start]:02x} at column {column})",
        _UTF8_HINT,
    )


def check_text(path: Path, size: int = 65536) -> None:
    """Refuse at once what cannot be a chat export: an empty file, or one whose first `size`
    bytes hold a NUL byte (a binary file, or a sparse file of zeros; UTF-16 aside)."""
    with path.open("rb") as fh:
        data = fh.read(size)
    if not data.strip():
        raise ImportFormatError(
            str(path), "line 1", "the file is empty", "export the chat again and import that file"
        )
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") or b"\x00" not in data:
        return
    at = data.index(b"\x00")
    line = data.count(b"\n", 0, at) + 1
    column = at - (data.rfind(b"\n", 0, at) + 1) + 1
    raise ImportFormatError(
        str(path),
        f"line {line}",
        f"holds a NUL byte (column {column}), so it is not a text chat export or it is damaged",
        "check that this is the exported chat file, and export it again if it is",
    )


def read_text(path: Path) -> str:
    """Read a text export as str with `\\n` line ends, handling UTF-8/UTF-16 BOMs."""
    data = path.read_bytes()
    encoding = "utf-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else "utf-8-sig"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        if encoding == "utf-16":
            raise ImportFormatError(
                str(path), f"line {line}", "not UTF-16 text", "re-export the file as UTF-8"
            ) from exc
        raise _not_utf8(path, data, exc, line) from exc
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _raw_lines(path: Path, fh: BinaryIO) -> Iterator[bytes]:
    """The file's lines as bytes, each at most MAX_LINE_BYTES (else ImportFormatError)."""
    n = 0
    while raw := fh.readline(MAX_LINE_BYTES + 1):
        n += 1
        if len(raw) > MAX_LINE_BYTES:
            raise ImportFormatError(
                str(path),
                f"line {n}",
                f"the line is longer than {human_size(MAX_LINE_BYTES)}, "
                "far more than any chat message",
                "check that this is the exported chat file",
            )
        yield raw


def iter_lines(path: Path) -> Iterator[tuple[int, str]]:
    """(line number, line) as `read_text(path).split("\\n")` numbers them, read as it goes: a
    file of millions of lines is never held whole."""
    with path.open("rb") as fh:
        if fh.read(2) in (b"\xff\xfe", b"\xfe\xff"):  # UTF-16 cannot be split on b"\n"
            yield from enumerate(read_text(path).split("\n"), 1)
            return
        fh.seek(0)
        n = 0
        text = ""
        for raw in _raw_lines(path, fh):
            if n == 0 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise _not_utf8(path, raw, exc, n + 1) from exc
            parts = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
            if text.endswith(("\n", "\r")):
                parts.pop()
            for part in parts:
                n += 1
                yield n, part
        if n == 0 or text.endswith(("\n", "\r")):
            yield n + 1, ""  # what split() gives after a final line end


def head(path: Path, size: int = 65536) -> str:
    """The first `size` bytes as text, for sniffing; undecodable bytes are replaced."""
    with path.open("rb") as fh:
        data = fh.read(size)
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16", errors="replace")
    return data.decode("utf-8-sig", errors="replace").replace("\r\n", "\n")


def first_line(path: Path) -> str:
    """The file's first non-blank line, whole however long (up to MAX_LINE_BYTES), for
    sniffing line formats whose first line is longer than `head` reads."""
    with path.open("rb") as fh:
        for raw in _raw_lines(path, fh):
            line = raw.decode("utf-8-sig", errors="replace")
            if line.strip():
                return line
    return ""


def parse_json(path: Path, text: str) -> Any:
    """json.loads that reports the failing line as an ImportFormatError."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportFormatError(
            str(path), f"line {exc.lineno}", f"invalid JSON at column {exc.colno}: {exc.msg}"
        ) from exc
    except RecursionError as exc:
        raise ImportFormatError(
            str(path), "line 1", "JSON nested too deeply", "re-export the file"
        ) from exc


def require(ctx: Context, obj: Any, key: str, prefix: str = "") -> Any:
    """obj[key], or an ImportFormatError naming the key path (`prefix.key`) when absent."""
    where = f"key {prefix}.{key}" if prefix else f"key {key}"
    if not isinstance(obj, dict):
        raise ctx.fail(where, f"expected an object holding it, found {type(obj).__name__}")
    if key not in obj:
        raise ctx.fail(where, "missing key")
    return obj[key]


def digest(*parts: str) -> str:
    """First 16 hex digits of sha1 over the parts joined by `|`."""
    return hashlib.sha1("|".join(parts).encode("utf-8")).hexdigest()[:16]


@dataclass
class Draft:
    """A chat message before it gets its stable source_ref."""

    line: int
    ts: datetime
    speaker: str
    text: str
    kind: str = "text"
    extra: dict[str, str] = field(default_factory=dict)


def finish(conversation: str, drafts: Iterable[Draft]) -> list[Message]:
    """Sort drafts by time (stable) and give each a content-hash source_ref.

    The occurrence index keeps identical repeated messages (same minute, same text) apart
    while re-importing the same file still yields the same refs.
    """
    seen: Counter[tuple[str, str, str]] = Counter()
    out = []
    for d in sorted(drafts, key=lambda d: d.ts):
        key = (d.ts.isoformat(), d.speaker, d.text)
        ref = digest(conversation, *key, str(seen[key]))
        seen[key] += 1
        extra = {"line": str(d.line), **d.extra}
        out.append(Message(conversation, ref, d.speaker, d.ts, d.text, d.kind, extra=extra))
    return out
