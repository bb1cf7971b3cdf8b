"""Session splitting and windowed chunking.

Sources that carry sessions (LoCoMo, TMD) keep them. Otherwise a new session starts wherever
two consecutive messages of a conversation are more than `gap_minutes` apart. Chunks are windows
of at most `size` messages, advancing by `stride`, that never cross a session boundary (the LINE
study's 42/36 by default).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class Row:
    """The columns chunking needs from one stored message."""

    id: int
    speaker: str
    ts: datetime
    text: str
    kind: str


@dataclass(frozen=True, slots=True)
class Chunk:
    message_ids: tuple[int, ...]
    raw_text: str
    embedding_text: str


def windows(n: int, size: int, stride: int) -> list[tuple[int, int]]:
    """[start, end) windows over n items; the last window always reaches the end."""
    if n <= 0:
        return []
    out: list[tuple[int, int]] = []
    start = 0
    while True:
        end = min(start + size, n)
        out.append((start, end))
        if end >= n:
            return out
        start += stride


def stamp(ts: datetime) -> str:
    return ts.strftime("%Y-%m-%d %H:%M")


def long_date(ts: datetime) -> str:
    return f"{ts:%A} {ts.day} {ts:%B %Y}"


def raw_text(rows: Sequence[Row]) -> str:
    return "\n".join(f"[{stamp(r.ts)}] {r.speaker}: {r.text}" for r in rows)


def embedding_text(rows: Sequence[Row], ordinal: int, summary: str | None = None) -> str:
    """A fixed header (date, weekday, speakers, session) + summary if any + the raw excerpt."""
    speakers = ", ".join(dict.fromkeys(r.speaker for r in rows))
    first, last = rows[0].ts, rows[-1].ts
    when = long_date(first)
    if last.date() != first.date():
        when += f" to {long_date(last)}"
    lines = [f"Date: {when}. Session {ordinal}. Speakers: {speakers}."]
    if summary:
        lines.append(f"Summary: {summary}")
    lines.extend(f"{r.speaker}: {r.text}" for r in rows if r.kind == "text")
    return "\n".join(lines)


def chunk_session(rows: Sequence[Row], ordinal: int, size: int, stride: int) -> list[Chunk]:
    chunks = []
    for start, end in windows(len(rows), size, stride):
        part = rows[start:end]
        chunks.append(
            Chunk(tuple(r.id for r in part), raw_text(part), embedding_text(part, ordinal))
        )
    return chunks


def message_embedding_text(speaker: str, text: str) -> str:
    """What the dense index embeds for one message: who said it matters to the question."""
    return f"{speaker}: {text}"


def text_hash(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()
