"""WhatsApp chat export (.txt), Android and iOS, any locale's numeric dates.

    Android: 05/03/2024, 09:12 - Aki Tanaka: Morning!          (12h: 3/5/24, 9:12 PM - ...)
    iOS:     [05/03/2024, 09:11:58] Aki Tanaka: Morning!
    System:  05/03/2024, 09:11 - Messages and calls are end-to-end encrypted...  (no "name: ")

A line that does not start with a date and time continues the previous message. Day/month
order is inferred from the whole file (a component above 12, dates never decreasing, the day
changing more often than the month); dotted dates (05.03.24) are day-first. When nothing
decides, the import fails and asks for --dayfirst/--monthfirst. Times are local wall-clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from memory_store.importers._common import (
    SYSTEM_SPEAKER,
    Context,
    Draft,
    clean,
    finish,
    read_text,
)
from memory_store.models import Message

_DATE = r"(\d{1,4})([-/.])\s?(\d{1,2})[-/.]\s?(\d{1,4})\.?"
_CLOCK = r"(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?"
_AMPM = r"(?:\s*([AaPp])\.?\s?[Mm]\.?|\s*(午前|午後|上午|下午|오전|오후))?"
_HEADER = re.compile(
    rf"^(?:\[{_DATE},?\s{_CLOCK}{_AMPM}\]\s|{_DATE},?\s{_CLOCK}{_AMPM}\s[-–]\s)(.*)$"
)
_PM = ("p", "午後", "下午", "오후")

_MEDIA = re.compile(
    r"^(<Media omitted>|<Medien ausgeschlossen>|<Medien weggelassen>|<メディアなし>|"
    r"<Multimedia omitido>|<Médias omis>|<Media weggelaten>|<Mídia oculta>|"
    r"<Media omessi>|<Multimedia omessi>|"
    r".*\b(image|video|audio|sticker|GIF|document|Contact card) omitted|"
    r"<attached: .+>|.+ \(file attached\)|.+ \(Datei angehängt\)|.+ <attached>)$"
)
_DELETED = re.compile(r"^(This message was deleted|You deleted this message)\.?$")
_CALL = re.compile(r"^(Missed )?(voice|video|group voice|group video) call\b", re.IGNORECASE)
_BANNER = "Messages and calls are end-to-end encrypted"
_EDITED = " <This message was edited>"
_GROUP = re.compile(r"created group [\"“](.+)[\"”]")
_FILE_NAMES = (re.compile(r"^WhatsApp Chat (?:with|-) (.+?)(?:\.txt|\.zip)?$"),)


@dataclass
class _Head:
    line: int
    parts: tuple[int, int, int]
    sep: str
    hour: int
    minute: int
    second: int
    rest: str


def sniff(head: str, path: Path) -> bool:
    lines = [clean(line) for line in head.splitlines()[:50] if line.strip()]
    return sum(1 for line in lines if _HEADER.match(line)) >= max(1, len(lines) // 4)


def _head(n: int, line: str) -> _Head | None:
    m = _HEADER.match(line)
    if not m:
        return None
    g = m.groups()
    # The two header alternatives have the same groups, 9 apart; the body is last.
    a, sep, b, c, hh, mm, ss, ap, ap_cjk = g[0:9] if g[0] is not None else g[9:18]
    hour = int(hh)
    marker = (ap or ap_cjk or "").lower()
    if marker and hour == 12:
        hour = 0
    if marker in _PM:
        hour += 12
    return _Head(n, (int(a), int(b), int(c)), sep, hour, int(mm), int(ss or 0), g[18])


def _order(ctx: Context, heads: list[_Head]) -> str:
    """'ymd', 'dmy' or 'mdy' for the whole file."""
    if heads and heads[0].parts[0] > 31:
        return "ymd"
    if ctx.dayfirst is not None:
        return "dmy" if ctx.dayfirst else "mdy"
    firsts = {h.parts[0] for h in heads}
    seconds = {h.parts[1] for h in heads}
    if max(firsts, default=0) > 12:
        return "dmy"
    if max(seconds, default=0) > 12:
        return "mdy"
    if all(h.parts[0] == h.parts[1] for h in heads):
        return "dmy"  # every reading is the same date
    if any(h.sep == "." for h in heads):
        ctx.warn(f"line {heads[0].line}", "dotted dates read as day.month.year")
        return "dmy"
    fits = [o for o in ("dmy", "mdy") if _never_decreases(heads, o)]
    if len(fits) == 1:
        return fits[0]
    changes = [
        sum(1 for x, y in zip(heads, heads[1:], strict=False) if x.parts[i] != y.parts[i])
        for i in (0, 1)
    ]
    if changes[0] != changes[1]:
        return "dmy" if changes[0] > changes[1] else "mdy"
    raise ctx.fail(
        f"line {heads[0].line}",
        "cannot tell whether dates are day/month or month/day",
        "pass --dayfirst (31/12) or --monthfirst (12/31)",
    )


def _ymd(parts: tuple[int, int, int], order: str) -> tuple[int, int, int]:
    a, b, c = parts
    y, m, d = (a, b, c) if order == "ymd" else (c, b, a) if order == "dmy" else (c, a, b)
    return (y + 2000 if y < 100 else y), m, d


def _never_decreases(heads: list[_Head], order: str) -> bool:
    keys = [_ymd(h.parts, order) for h in heads]
    return all(x <= y for x, y in zip(keys, keys[1:], strict=False))


def _classify(sender: str | None, body: str, chat: str | None) -> tuple[str, str, str]:
    """(speaker, kind, text) for one message body."""
    if sender is None or (body.startswith(_BANNER) and sender == chat):
        return SYSTEM_SPEAKER, "system", body
    if _CALL.match(body):
        return sender, "call", body
    if _MEDIA.match(body):
        return sender, "media", body
    if _DELETED.match(body):
        return sender, "system", body
    return sender, "text", body


def _chat_name(path: Path, heads: list[_Head]) -> str | None:
    for candidate in (path.stem, path.parent.name):
        for pattern in _FILE_NAMES:
            if m := pattern.match(candidate):
                return m.group(1)
    for h in heads[:5]:
        if _BANNER in h.rest and ": " in h.rest.split(_BANNER)[0]:
            return h.rest.split(": ", 1)[0]
        if m := _GROUP.search(h.rest):
            return m.group(1)
    return None


def _collect(ctx: Context, lines: list[str]) -> tuple[list[_Head], dict[int, list[str]]]:
    """Message headers, and the continuation lines that follow each of them."""
    heads: list[_Head] = []
    more: dict[int, list[str]] = {}
    for n, line in enumerate(lines, 1):
        h = _head(n, line)
        if h is not None:
            heads.append(h)
        elif heads:
            more.setdefault(heads[-1].line, []).append(line)
        elif line.strip():
            ctx.problem(f"line {n}", f"not a WhatsApp message line: {line[:60]!r}")
    return heads, more


def _draft(ctx: Context, h: _Head, order: str, more: list[str], chat: str | None) -> Draft | None:
    y, m, d = _ymd(h.parts, order)
    try:
        ts = datetime(y, m, d, h.hour, h.minute, h.second)
    except ValueError:
        ctx.problem(
            f"line {h.line}",
            f"impossible date or time {'/'.join(map(str, h.parts))} {h.hour:02d}:{h.minute:02d}",
        )
        return None
    # Names may contain "-" and ":", so split on the first ": " of the header line only.
    sender, colon, first = h.rest.partition(": ")
    body = "\n".join([first if colon else h.rest, *more]).rstrip("\n")
    speaker, kind, text = _classify(sender if colon else None, body, chat)
    extra = {}
    if text.endswith(_EDITED):
        text, extra = text.removesuffix(_EDITED), {"edited": "true"}
    return Draft(h.line, ts, speaker, text, kind, extra)


def parse(path: Path, ctx: Context) -> list[Message]:
    lines = [clean(line) for line in read_text(path).split("\n")]
    heads, more = _collect(ctx, lines)
    if not heads:
        raise ctx.fail("line 1", "no WhatsApp message lines found")
    order = _order(ctx, heads)
    chat = _chat_name(path, heads)
    drafts = []
    for h in heads:
        if (draft := _draft(ctx, h, order, more.get(h.line, []), chat)) is not None:
            drafts.append(draft)
    return finish(ctx.conversation or chat or path.stem, drafts)
