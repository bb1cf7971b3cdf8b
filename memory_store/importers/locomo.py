"""LoCoMo JSON (snap-research/locomo `data/locomo10.json`).

A list of samples (or one sample object). Each sample is one conversation named by its
`sample_id`:

    {"sample_id": "conv-26", "qa": [...],
     "conversation": {"speaker_a": "...", "speaker_b": "...",
                      "session_1_date_time": "1:56 pm on 8 May, 2023",
                      "session_1": [{"speaker", "dia_id", "text", "img_url"?, "blip_caption"?}]}}

Only sessions carry a time, so turn i of a session is stamped session time + i seconds: the
source order survives any later sort by time. Image turns keep their caption in the text as
`" [image: caption]"` so that it can be searched. Session dates with no turns are skipped.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from memory_store.importers._common import Context, parse_json, read_text, require
from memory_store.models import Message

_SESSION = re.compile(r"session_(\d+)$")
_WHEN = re.compile(
    r"(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap])\.?m\.?\s+on\s+(?:[a-z]+day,?\s+)?"
    r"(\d{1,2})\s+([a-z]+),?\s+(\d{4})",
    re.IGNORECASE,
)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def sniff(head: str, path: Path) -> bool:
    if '"response_number"' in head:
        return False
    return any(k in head for k in ('"dia_id"', '"sample_id"', '"evidence"', '_date_time"'))


def parse_when(text: str) -> datetime | None:
    """'1:56 pm on 8 May, 2023' or '09:31:10 AM on Wednesday 13 July, 2022' -> datetime."""
    m = _WHEN.search(text)
    if not m:
        return None
    hour, minute, sec, ampm, day, month, year = m.groups()
    abbr = month[:3].lower()
    if abbr not in _MONTHS:
        return None
    h = int(hour) % 12 + (12 if ampm.lower() == "p" else 0)
    try:
        return datetime(int(year), _MONTHS.index(abbr) + 1, int(day), h, int(minute), int(sec or 0))
    except ValueError:
        return None


def sessions(ctx: Context, conv: Any, prefix: str) -> list[tuple[str, datetime, list[Any]]]:
    """(session_key, session start, turns) for every session with turns, in number order."""
    if not isinstance(conv, dict):
        raise ctx.fail(f"key {prefix or '(top level)'}", "expected an object with session_K keys")
    numbers = sorted(int(m.group(1)) for k in conv if (m := _SESSION.match(k)))
    out = []
    for n in numbers:
        key = f"session_{n}"
        at = f"{prefix}.{key}" if prefix else key
        turns = conv[key]
        if not turns:
            continue
        if not isinstance(turns, list):
            raise ctx.fail(f"key {at}", "expected a list of turns")
        raw = require(ctx, conv, f"{key}_date_time", prefix)
        start = parse_when(str(raw))
        if start is None:
            raise ctx.fail(
                f"key {at}_date_time",
                f"unreadable date {raw!r}",
                "expected e.g. '1:56 pm on 8 May, 2023'",
            )
        out.append((key, start, turns))
    return out


def turn_text(ctx: Context, turn: Any, where: str) -> str:
    text = str(require(ctx, turn, "text", where))
    caption = turn.get("blip_caption")
    return f"{text} [image: {caption}]" if caption else text


def _sample(ctx: Context, sample: Any, where: str, name: str | None) -> list[Message]:
    conversation = name or str(require(ctx, sample, "sample_id", where))
    conv = require(ctx, sample, "conversation", where)
    out = []
    for key, start, turns in sessions(ctx, conv, f"{where}.conversation".lstrip(".")):
        for i, turn in enumerate(turns):
            at = f"{where}.conversation.{key}[{i}]".lstrip(".")
            out.append(
                Message(
                    conversation=conversation,
                    source_ref=str(require(ctx, turn, "dia_id", at)),
                    speaker=str(require(ctx, turn, "speaker", at)),
                    ts=start + timedelta(seconds=i),
                    text=turn_text(ctx, turn, at),
                    session_key=key,
                )
            )
    return out


def parse(path: Path, ctx: Context) -> list[Message]:
    data = parse_json(path, read_text(path))
    samples = data if isinstance(data, list) else [data]
    name = ctx.conversation
    if name and len(samples) > 1:
        ctx.warn("line 1", f"{len(samples)} samples: conversation name override ignored")
        name = None
    out: list[Message] = []
    for i, sample in enumerate(samples):
        out.extend(_sample(ctx, sample, f"[{i}]" if isinstance(data, list) else "", name))
    return out
