"""Temporal rules: weekdays ("last Friday", "on Tuesdays")."""

from __future__ import annotations

import re
from datetime import date, timedelta

from agent.plan import timeexpr as tx
from agent.plan.rules.common import (
    ICASE,
    WEEKDAY,
    Ctx,
    Hit,
    span_note,
)
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


def find_weekdays(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _WEEKDAY.finditer(text):
        habit = tx.weekday_habit(text, m.start(), m.end())
        if habit and habit not in _TALKS:
            continue  # the weekday is part of the topic ("the saturday long runs"), no date
        wd = tx.WEEKDAYS[m.group("w").lower()]
        pre = re.sub(r"\s+", " ", (m.group("pre") or "").lower()).strip()
        name = tx.WEEKDAY_NAMES[wd]
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


def weekday_with_data(ctx: Ctx, latest: date, weeks: int = 8) -> date:
    """ "Last Saturday" when we did not talk that Saturday means the last one we did."""
    for back in range(weeks):
        d = latest - timedelta(weeks=back)
        if ctx.has_data(d, d):
            return d
    return latest
