"""Temporal rules: weekdays ("last Friday", "on Tuesdays")."""

from __future__ import annotations

import re
from datetime import date, timedelta

from agent.plan import timeexpr as tx
from agent.plan.rules.common import (
    ASKED_DAY,
    ICASE,
    WEEKDAY,
    Ctx,
    Hit,
    span_note,
)
from memory_store.indexes.tokenize import STOPWORDS
from memory_store.query.table_ops import (
    WhereDate,
    WhereWeekday,
)

_WEEKDAY = re.compile(
    rf"\b(?P<pre>(?:on\s+)?(?:last|this\s+past|past|previous|this|every|each|on\s+an?|on)\s+)?"
    rf"(?P<w>{WEEKDAY})(?P<pl>s)?\b",
    ICASE,
)


_TALKS = frozenset(["chats", "calls", "sessions", "conversations", "talks", "discussions"])
# "the saturday birthday dinner", "my friday appointment": the weekday names which event (a
# word of its topic), not a day to filter on; "our tuesday chat" and "the saturday morning"
# date the talk.
_DETERMINED = re.compile(r"\b(?:the|our|my|your|their|his|her|that)\s+$", ICASE)
_NEXT_WORD = re.compile(r"\s+(?P<n>[^\W\d_][\w'-]*)")
_TIME_NOUNS = frozenset(
    ["chat", "call", "conversation", "session", "talk", "discussion", "catchup", "catch-up"]
    + ["message", "messages", "texts", "morning", "afternoon", "evening", "night", "lunchtime"]
    + ["one", "before", "after", "just", "gone", "week", "weekend"]
)


def _names_an_event(text: str, start: int, end: int) -> bool:
    after = _NEXT_WORD.match(text, end)
    if not after or not _DETERMINED.search(text, 0, start):
        return False
    word = after.group("n").lower()
    return word not in _TIME_NOUNS and word not in STOPWORDS


def find_weekdays(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _WEEKDAY.finditer(text):
        if not m.group("pre") and ASKED_DAY.search(text, 0, m.start()):
            continue
        habit = tx.weekday_habit(text, m.start(), m.end())
        if habit and habit not in _TALKS:
            continue  # the weekday is part of the topic ("the saturday long runs"), no date
        if not habit and _names_an_event(text, m.start(), m.end()):
            continue
        if m.group("pl") and habitual(text):
            continue  # "where does he park the truck on sundays": what he does, any day told
        wd = tx.WEEKDAYS[m.group("w").lower()]
        pre = re.sub(r"\s+", " ", (m.group("pre") or "").lower()).strip()
        name = tx.WEEKDAY_NAMES[wd]
        nth = _NTH_AFTER.match(text, m.end())
        if nth is not None and not m.group("pl"):
            # "thursday the 2nd": the date with that day of the month on that weekday.
            d = _weekday_nth(ctx.today, wd, int(nth.group("d")), bool(_PAST.search(text)))
            if d is not None:
                op = WhereDate(start=d, end=d)
                span = (m.start(), nth.end())
                note = f"{text[span[0] : span[1]]} → {d}"
                hits.append(Hit(*span, "day_abs", [op], note, weekday=wd))
                continue
        if m.group("pl") or habit or pre in ("every", "each", "on a", "on an"):
            every = WhereWeekday(days=[wd])
            hits.append(Hit(*m.span(), "filter", [every], span_note(m, f"any {name}"), weekday=wd))
            continue
        if pre.endswith("this"):
            d = tx.recent_weekday(ctx.today, wd)
        else:  # "last Friday", "on Friday": the latest one before today we talked on
            d = weekday_with_data(ctx, tx.previous_weekday(ctx.today, wd))
        kind = "rel" if pre and pre not in ("on",) else "weekday"
        op = WhereDate(start=d, end=d)
        hits.append(Hit(*m.span(), kind, [op], span_note(m, str(d)), weekday=wd))
    return hits


# "thursday the 2nd", "friday, 26th"; not "thursday 2nd october" (a calendar date).
_NTH_AFTER = re.compile(
    rf",?\s+(?:the\s+)?(?P<d>\d{{1,2}})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?{tx.MONTH_ANY}\b)",
    ICASE,
)
_PAST = re.compile(r"\b(?:did|was|were|had|went|got)\b", ICASE)
# A habit asked of in the present ("where does he park on sundays", "who usually opens up on
# fridays"), not the talk of those days ("what do we talk about on tuesdays").
_HABITUAL = re.compile(r"\b(?:does|do|don't|doesn't|usually|normally|always|tends?\s+to)\b", ICASE)


def habitual(question: str) -> bool:
    """Whether the question asks of a habit, in the present, and not of the talk."""
    return bool(_HABITUAL.search(question)) and not _TALKED.search(question)


_TALKED = re.compile(
    r"\b(?:talk\w*|chat\w*|discuss\w*|say|said|says|messag\w*|text\w*|call\w*|spoke|speak)\b",
    ICASE,
)


def _weekday_nth(today: date, wd: int, day: int, past: bool) -> date | None:
    """The date within a year of today whose day of the month is `day` and whose weekday is
    `wd`: the latest before today for a question in the past tense, else the nearest."""
    found = []
    for k in range(-13, 14):
        y, mo = tx.month_shift(today, k)
        d = tx.safe_date(y, mo, day)
        if d is not None and d.isoweekday() == wd:
            found.append(d)
    if past:
        found = [d for d in found if d <= today]
    return min(found, key=lambda d: (abs((d - today).days), d > today), default=None)


def weekday_with_data(ctx: Ctx, latest: date, weeks: int = 8) -> date:
    """ "Last Saturday" when we did not talk that Saturday means the last one we did."""
    for back in range(weeks):
        d = latest - timedelta(weeks=back)
        if ctx.has_data(d, d):
            return d
    return latest
