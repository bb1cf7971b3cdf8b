"""The next one: "when is the next climbing trip?" asks for a day still ahead.

The best-supported telling is often an earlier occasion ("Castle Crags on Saturday October
17th?"), gone by when the question is asked. The next one is planned later in the chat the
occasion lives in, often without its words ("Let's do it again in November" / "Maybe the
weekend of November 14th?" / "November 14th it is."): the latest message there that names a
day after now names it, the chat being the one the question names or the telling's own.
"""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

from memory_store.models import FoundMention, StoredMessage

from .event_phrase import event_phrase
from .reading import ReaderContext, Reading, question_terms, who
from .text import said_terms, short_day, terms

__all__ = ["next_one"]

# "the next trip", "the upcoming meet", "what's coming up": not "next week", which is a time
_NEXT = re.compile(
    r"\b(?:next|upcoming|coming\s+up)\b(?!\s+(?:week|weekend|month|year|time|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)\b)",
    re.IGNORECASE,
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
    asked = terms(ctx.asked or question)
    wanted = question_terms(question, ctx)
    # A plan that says what it is ("the dentist called to confirm my cleaning on November
    # 5th"), in any chat, or any plan in the chat the question names ("the next climbing
    # trip", the climbing crew's); else any in the chat of the one gone by ("let's do it
    # again in November" / "November 14th it is.").
    named = {c for c in ctx.conversations if terms(c) & asked}
    told_of: list[tuple[StoredMessage, FoundMention]] = []
    in_chat: list[tuple[StoredMessage, FoundMention]] = []
    tomorrow = datetime.combine(today + timedelta(days=1), time())
    for n in ctx.speaking_after(tomorrow, told.ts):
        days = [x for x in ctx.mentions_of(n) if x.start.date() > today]
        if not days:
            continue
        first = (n, min(days, key=lambda x: x.start))
        if n.conversation in named or wanted & said_terms(n.text):
            told_of.append(first)
        elif n.conversation == told.conversation:
            in_chat.append(first)
    ahead = told_of or in_chat
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
