"""memlane's own JSON Lines format: the simplest way to bring any history in.

One JSON object per line (blank lines are ignored):

    {"conversation": "Aki", "speaker": "Sam", "ts": "2026-09-03T19:02:00", "text": "Hi!"}

Required keys:
    conversation  str   the chat this message belongs to (a person's or a group's name)
    speaker       str   who wrote it
    ts            str   ISO 8601 time. Without an offset it is local wall-clock time. With an
                        offset (`2026-09-03T19:02:00+09:00`, or `Z`) the instant is kept as
                        ts_utc and `ts` is the wall-clock time as written (19:02).
    text          str   the message
Optional keys:
    id            str   the source's own message id (source_ref). Default: the first 16 hex
                        digits of sha1("conversation|ts|speaker|text"), with ts in ISO form,
                        so re-importing the same file adds nothing.
    kind          str   one of text, media, system, call (default text)
    session       str   a session label; messages without one are split at time gaps.

Unknown keys are ignored. A line that is not valid JSON, lacks a required key or has an
unreadable value raises ImportFormatError naming the line: this format is written by programs,
so a bad line means a bug upstream, not a quirk to work around.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memory_store.importers._common import Context, digest, first_line, iter_lines
from memory_store.models import KINDS, Message

REQUIRED = ("conversation", "speaker", "ts", "text")
HINT = (
    "each line must be one JSON object such as "
    '{"conversation": "Aki", "speaker": "Sam", "ts": "2026-09-03T19:02:00", "text": "Hi!"}'
)


def _shown(value: Any) -> str:
    """A value as the file wrote it, cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def sniff(head: str, path: Path) -> bool:
    first = next((line for line in head.splitlines() if line.strip()), "")
    if first.lstrip().startswith("{") and "\n" not in head.lstrip():
        first = first_line(path)  # one line longer than the head read for sniffing
    try:
        obj = json.loads(first)
    except ValueError:
        return False
    return isinstance(obj, dict) and {"speaker", "ts", "text"} <= obj.keys()


def _message(ctx: Context, obj: Any) -> Message | str:
    """A Message, or the problem that prevents one."""
    if not isinstance(obj, dict):
        return "expected a JSON object"
    if ctx.conversation:
        obj = {**obj, "conversation": ctx.conversation}
    missing = [k for k in REQUIRED if k not in obj]
    if missing:
        return f'the key "{missing[0]}" is missing'
    try:
        when = datetime.fromisoformat(str(obj["ts"]))
        utc = when.astimezone(UTC) if when.tzinfo else None
    except (ValueError, OverflowError):
        return f'"ts" is {_shown(obj["ts"])}, not a time like 2026-09-03T19:02:00'
    kind = str(obj.get("kind", "text"))
    if kind not in KINDS:
        return f'"kind" is {_shown(kind)}, not one of {", ".join(KINDS)}'

    conv, speaker, text = (str(obj[k]) for k in ("conversation", "speaker", "text"))
    ref = obj.get("id")
    session = obj.get("session")
    return Message(
        conversation=conv,
        source_ref=str(ref) if ref is not None else digest(conv, when.isoformat(), speaker, text),
        speaker=speaker,
        ts=when.replace(tzinfo=None),
        text=text,
        kind=kind,
        session_key=str(session) if session is not None else None,
        ts_utc=utc,
    )


def iter_parse(path: Path, ctx: Context) -> Iterator[Message]:
    """The file's messages, read line by line (a history of millions of lines streams)."""
    for n, line in iter_lines(path):
        if not line.strip():
            continue
        try:
            result = _message(ctx, json.loads(line))
        except json.JSONDecodeError as exc:
            result = f"invalid JSON at column {exc.colno}: {exc.msg}"
        except ValueError as exc:  # e.g. a number too long to convert
            result = f"invalid JSON: {exc}"
        except RecursionError:
            result = "JSON nested too deeply"
        if isinstance(result, str):
            raise ctx.fail(f"line {n}", result, HINT)
        yield result


def parse(path: Path, ctx: Context) -> list[Message]:
    return list(iter_parse(path, ctx))
