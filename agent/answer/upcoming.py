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
# "when is my dentist appointment?", "what time's the cleaning?": asked in the present, of a
# thing the chat planned; only a plan that says what it is answers so (not any later plan).
_AHEAD = re.compile(
    r"^\W*(?:when|what\s+(?:time|day|date))\s*(?:is|are|'s|’s|am\s+i|will)\b|^\W*when's\b",
    re.IGNORECASE,
)


def next_one(
    question: str, reading: Reading, ctx: ReaderContext, wants_time: bool = False
) -> Reading | None:
    """A reading of the next occasion when `reading` found one gone by and the question asks
    for the next; None otherwise. `wants_time`: "what time…", the clock matters
    (`QuestionKind.wants_time`)."""
    said = ctx.asked or question
    named_next = bool(_NEXT.search(said))
    if not (named_next or _AHEAD.search(said)) or ctx.now is None or reading.event_day is None:
        return None
    today = ctx.now.date()
    if reading.event_day >= today or not reading.citations:
        return None
    # "when is the book club meeting in october?": the one in the days asked about, gone by
    # or not
    if ctx.asked_days and ctx.asked_days[0] <= reading.event_day <= ctx.asked_days[1]:
        return None
    told = reading.citations[0]
    asked = terms(ctx.asked or question)
    wanted = question_terms(question, ctx)
    # A plan that says what it is ("the dentist called to confirm my cleaning on November
    # 5th"), in any chat, or any plan in the chat the question names ("the next climbing
    # trip", the climbing crew's); else any in the chat of the one gone by ("let's do it
    # again in November" / "November 14th it is.").
    # Asked in the present, only a plan that says what it is: "when's dinner at tash's now?"
    # is no question about the book club Tash's chat moved to next month.
    named = {c for c in ctx.conversations if terms(c) & asked} if named_next else set()
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
    ahead = told_of or (in_chat if named_next else [])
    if not ahead:
        return None
    n, x = max(ahead, key=lambda nx: (nx[0].ts, nx[0].id))
    if wants_time and x.granularity != "time":
        n, x = _clocked(n, x, ctx) or (n, x)
    when = event_phrase(x, n.ts, wants_time)
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


def _clocked(
    n: StoredMessage, x: FoundMention, ctx: ReaderContext
) -> tuple[StoredMessage, FoundMention] | None:
    """The latest message naming a clock time on `x`'s day that shares a word with `n` beyond
    the date ("confirm my cleaning on November 5th" / "Booked: cleaning on Thursday November
    5th at 9:00"): "what time" wants it; None when there is none."""
    day = x.start.date()
    said = _undated_terms(n, ctx)
    found = [
        (c, y)
        for c in ctx.speaking_after(datetime.combine(day, time()), datetime.min)
        for y in ctx.mentions_of(c)
        if y.granularity == "time" and y.start.date() == day and said & _undated_terms(c, ctx)
    ]
    return max(found, key=lambda cy: (cy[0].ts, cy[0].id)) if found else None


def _undated_terms(m: StoredMessage, ctx: ReaderContext) -> set[str]:
    """The words of `m` outside its time expressions: two messages naming one day share those."""
    text = m.text
    for y in sorted(ctx.mentions_of(m), key=lambda y: -y.start_char):
        text = text[: y.start_char] + " " + text[y.end_char :]
    return said_terms(text)
