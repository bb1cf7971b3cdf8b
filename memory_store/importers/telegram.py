"""Telegram Desktop JSON export (`result.json`): one chat, or a full account export.

    single chat:  {"name", "type", "id", "messages": [...]}
    full export:  {"chats": {"list": [chat, ...]}, "left_chats": {"list": [...]}, ...}

Each chat becomes one conversation named after the chat. A message's `date` is the exporting
machine's wall clock (kept as `ts`); `date_unixtime` is the true instant (kept as `ts_utc`).
`text` is a string or a list of strings and entity objects, joined without separators.
Service messages become kind "call" (phone/group calls) or "system". The message `id`, stable
across re-exports, is the source_ref.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memory_store.importers._common import SYSTEM_SPEAKER, Context, parse_json, read_text
from memory_store.models import Message

# Big exports sometimes carry "\xNN" escapes, which JSON does not allow.
_BAD_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\x([0-9a-fA-F]{2})")
_CALLS = ("phone_call", "group_call")
_MEDIA_KEYS = ("photo", "file", "contact_information", "location_information", "poll")


def sniff(head: str, path: Path) -> bool:
    return ('"messages"' in head or '"chats"' in head) and (
        '"date_unixtime"' in head or '"from_id"' in head or '"personal_information"' in head
    )


def flatten(text: Any) -> str:
    """Telegram `text`: a string, or a list mixing strings and {"type","text"} entities."""
    if isinstance(text, str):
        return text
    if isinstance(text, list):
        return "".join(
            flatten(part.get("text", "") if isinstance(part, dict) else part) for part in text
        )
    return ""


def _times(ctx: Context, msg: dict[str, Any], at: str) -> tuple[datetime, datetime | None] | None:
    """(local wall clock, UTC instant) or None after reporting the problem."""
    utc = None
    try:
        if "date_unixtime" in msg:
            utc = datetime.fromtimestamp(int(msg["date_unixtime"]), UTC)
        if "date" in msg:
            return datetime.fromisoformat(str(msg["date"])).replace(tzinfo=None), utc
    except (ValueError, OverflowError, OSError, TypeError) as exc:
        ctx.problem(f"key {at}.date", f"unreadable time: {exc}")
        return None
    if utc is None:
        ctx.problem(f"key {at}.date", "missing key")
        return None
    return utc.replace(tzinfo=None), utc


def _media(msg: dict[str, Any]) -> str | None:
    """A short placeholder for the message's attachment, if it has one."""
    if "media_type" in msg:
        emoji = msg.get("sticker_emoji")
        return f"[{msg['media_type']}{' ' + emoji if emoji else ''}]"
    for key in _MEDIA_KEYS:
        if key in msg:
            return f"[{key.split('_')[0]}]"
    return None


def _service(msg: dict[str, Any]) -> tuple[str, str]:
    """(kind, text) for a service message."""
    action = str(msg.get("action", "service"))
    words = action.replace("_", " ")
    if action in _CALLS:
        secs = msg.get("duration_seconds")
        detail = [f"{int(secs) // 60}:{int(secs) % 60:02d}"] if isinstance(secs, int) else []
        if msg.get("discard_reason"):
            detail.append(str(msg["discard_reason"]))
        return "call", f"{words} ({', '.join(detail)})" if detail else words
    extra = [str(msg[k]) for k in ("title",) if msg.get(k)]
    extra += [", ".join(map(str, msg["members"]))] if msg.get("members") else []
    return "system", " ".join([words, *extra])


def _message(ctx: Context, msg: Any, at: str, conversation: str) -> Message | None:
    if not isinstance(msg, dict):
        ctx.problem(f"key {at}", "expected a message object")
        return None
    mtype = msg.get("type", "message")
    if mtype not in ("message", "service"):
        ctx.problem(f"key {at}.type", f"unsupported message type {mtype!r}")
        return None
    times = _times(ctx, msg, at)
    if times is None:
        return None
    ts, utc = times
    text = flatten(msg.get("text", ""))
    if mtype == "service":
        kind, text = _service(msg)
        speaker = msg.get("actor") or SYSTEM_SPEAKER
    else:
        placeholder = _media(msg)
        kind = "media" if placeholder and not text else "text"
        text = text or placeholder or ""
        speaker = msg.get("from") or msg.get("from_id") or "Deleted Account"
    extra = {
        k: str(msg[k])
        for k in ("forwarded_from", "reply_to_message_id", "edited")
        if msg.get(k) is not None
    }
    ref = msg.get("id")
    return Message(
        conversation=conversation,
        source_ref=str(ref) if ref is not None else f"{at}",
        speaker=str(speaker),
        ts=ts,
        text=text,
        kind=kind,
        ts_utc=utc,
        extra=extra,
    )


def _chats(ctx: Context, data: Any) -> list[tuple[str, dict[str, Any]]]:
    """(key path, chat object) for every chat in the export."""
    if isinstance(data, dict) and "messages" in data:
        return [("", data)]
    if not isinstance(data, dict) or "chats" not in data:
        raise ctx.fail("key messages", "missing key", "expected a Telegram Desktop JSON export")
    out = []
    for section in ("chats", "left_chats"):
        chats = data.get(section, {})
        listed = chats.get("list", []) if isinstance(chats, dict) else []
        out += [(f"{section}.list[{i}]", c) for i, c in enumerate(listed) if isinstance(c, dict)]
    return out


def _name(chat: dict[str, Any]) -> str:
    if chat.get("name"):
        return str(chat["name"])
    if chat.get("type") == "saved_messages":
        return "Saved Messages"
    return f"telegram-{chat.get('id', 'chat')}"


def parse(path: Path, ctx: Context) -> list[Message]:
    data = parse_json(path, _BAD_ESCAPE.sub(r"\1\\u00\2", read_text(path)))
    chats = _chats(ctx, data)
    out: list[Message] = []
    for at, chat in chats:
        name = ctx.conversation if ctx.conversation and len(chats) == 1 else _name(chat)
        messages = chat.get("messages", [])
        if not isinstance(messages, list):
            raise ctx.fail(f"key {at}.messages".replace("key .", "key "), "expected a list")
        for i, msg in enumerate(messages):
            where = f"{at}.messages[{i}]".lstrip(".")
            if (m := _message(ctx, msg, where, name)) is not None:
                out.append(m)
    return out
