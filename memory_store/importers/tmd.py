"""TMD ConversationData JSON (one file per conversation, e.g. `ConversationData/26.json`).

The same keys as a LoCoMo `conversation` object, but every turn has its own time and id:

    {"speaker_a": "...", "speaker_b": "...", "session_1_date_time": "1:56 AM on 8 May, 2023",
     "session_1": [{"speaker", "dia_id", "text", "date_time": "01:56:04 AM on Monday 08 May,
     2023", "response_number": "0", "blip_caption"?}]}

`response_number` is the id TMD's question sets cite, so it becomes source_ref (the dia_id is
kept in `extra`). The conversation is named "tmd-" + file stem. The final session is TMD's
padding session; it is imported like any other.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from memory_store.importers._common import Context, parse_json, read_text, require
from memory_store.importers.locomo import parse_when, sessions, turn_text
from memory_store.models import Message


def sniff(head: str, path: Path) -> bool:
    return '"response_number"' in head or (
        '"speaker_a"' in head and '"conversation"' not in head and '"qa"' not in head
    )


def _turn_time(ctx: Context, turn: dict[str, Any], fallback: datetime, at: str) -> datetime:
    raw = turn.get("date_time")
    when = parse_when(str(raw)) if raw is not None else None
    if when is None:
        # Without its own time a turn still sorts correctly after its predecessors.
        ctx.warn(f"key {at}.date_time", "missing or unreadable; using the session time")
        return fallback
    return when


def parse(path: Path, ctx: Context) -> list[Message]:
    data = parse_json(path, read_text(path))
    if isinstance(data, dict) and isinstance(data.get("conversation"), dict):
        data = data["conversation"]
    conversation = ctx.conversation or f"tmd-{path.stem}"
    out = []
    for key, start, turns in sessions(ctx, data, ""):
        for i, turn in enumerate(turns):
            at = f"{key}[{i}]"
            ref = require(ctx, turn, "response_number", at)
            extra = {"dia_id": str(turn["dia_id"])} if "dia_id" in turn else {}
            out.append(
                Message(
                    conversation=conversation,
                    source_ref=str(ref),
                    speaker=str(require(ctx, turn, "speaker", at)),
                    ts=_turn_time(ctx, turn, start + timedelta(seconds=i), at),
                    text=turn_text(ctx, turn, at),
                    session_key=key,
                    extra=extra,
                )
            )
    return out
