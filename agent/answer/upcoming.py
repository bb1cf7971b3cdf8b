"""The next one: "when is the next climbing trip?" asks for a day still ahead.

The best-supported telling is often an earlier occasion ("Castle Crags on Saturday October
17th?"), gone by when the question is asked. The next one is planned later in the chat the
occasion lives in, often without its words ("Let's do it again in November" / "Maybe the
weekend of November 14th?" / "November 14th it is."): the latest message there that names a
day after now names it, the chat being the one the question names or the telling's own.
"""

from __future__ import annotations

import re

from memory_store.models import FoundMention, StoredMessage

from .reading import ReaderContext, Reading, who
from .text import short_day, terms
from .when import event_phrase

__all__ = ["next_one"]

# "the next trip", "the upcoming meet", "what's coming up": not "next week", which is a time
_NEXT = re.compile(
    r"\b(?:next|upcoming|coming\s+up)\b(?!\s+(?:week|weekend|month|year|time|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)\b)",
    re.IGNORECASE,
)
# A message that may name a day: a digit, a month, a weekday, or a word of the calendar.
_DATED = (
    r"(?i)\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|"
    r"tomorrow|tmrw|weekend|week|month"
)


def next_one(question: str, reading: Reading, ctx: ReaderContext) -> Reading | None:
    """A reading of the next occasion when `reading` found one gone by and the question asks
    for the next; None otherwise."""
    if not _NEXT.search(ctx.asked or question) or ctx.now is None or reading.event_day is None:
        return None
    today = ctx.now.date()
    if reading.event_day >= today or not reading.citations:
        return None
    told = reading.citations[0]
    asked = terms(question)
    chats = {told.conversation} | {c for c in ctx.conversations if terms(c) & asked}
    ahead: list[tuple[StoredMessage, FoundMention]] = []
    for n in ctx.holding(_DATED, (), chats):
        if n.ts <= told.ts:
            continue
        days = [x for x in ctx.mentions_of(n) if x.start.date() > today]
        if days:
            ahead.append((n, min(days, key=lambda x: x.start)))
    if not ahead:
        return None
    n, x = max(ahead, key=lambda nx: (nx[0].ts, nx[0].id))
    when = event_phrase(x, n.ts, False)
    return Reading(
        f"{when[:1].upper()}{when[1:]}.",
        [n, told],
        reading.kind,
        when,
        f"‘{x.text}’, written by {who(n, ctx)} on {short_day(n.ts)} {n.ts:%H:%M}",
        why=[
            f"the next one: the latest message of the chat naming a day after now (‘{x.text}’); "
            f"the one told best was on {short_day(told.ts)}"
        ],
        event_day=x.start.date(),
    )
