"""Temporal rules: days relative to now ("yesterday", "three days ago", "the past two weeks")."""

from __future__ import annotations

import re
from datetime import date, time, timedelta

from agent.plan import timeexpr as tx
from agent.plan.rules.common import (
    CARD,
    ICASE,
    Ctx,
    Hit,
    span_note,
)
from memory_store.query.table_ops import (
    ExcludeCurrent,
    TableOp,
    WhereDate,
    WhereTimeOfDay,
)

_EARLIER_TODAY = re.compile(
    r"\b(?:earlier|before\s+now)\s+(?:today|this\s+morning|this\s+afternoon|this\s+evening|"
    r"in\s+the\s+(?:morning|day|afternoon))\b|\b(?:earlier\s+)?today\s+before\s+this\b",
    ICASE,
)


def find_earlier_today(text: str, ctx: Ctx) -> list[Hit]:
    t = ctx.today
    ops: list[TableOp] = [WhereDate(start=t, end=t), ExcludeCurrent()]
    return [
        Hit(*m.span(), "rel", ops, span_note(m, f"{t}, before the current session"))
        for m in _EARLIER_TODAY.finditer(text)
    ]


_UNIT = r"(?P<unit>days?|weeks?|fortnights?|months?|years?)"


def _in_units(n: int, unit: str) -> tuple[int, str]:
    """(n, unit) with a fortnight counted as two weeks: "a fortnight ago" is two weeks ago."""
    unit = unit.lower().rstrip("s")
    return (2 * n, "week") if unit == "fortnight" else (n, unit)


_AGO = re.compile(rf"\b(?P<n>{CARD})\s+{_UNIT}\s+(?:ago|back|before\s+(?:today|now))\b", ICASE)
_PAST_N = re.compile(
    rf"\b(?:(?:over|during|in|within|for|from)\s+)?(?:the\s+|this\s+)?(?:last|past|previous|"
    rf"prior|recent)\s+(?:(?P<n>{CARD})\s+)?{_UNIT}\b",
    ICASE,
)
_DAY_WORDS = re.compile(
    r"\b(?P<w>the\s+day\s+before\s+yesterday|yesterday|today|tonight|last\s+night|"
    r"(?:this|last|this\s+past|the\s+past)\s+weekend|this\s+(?:week|month|year))\b",
    ICASE,
)


def find_ago(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _AGO.finditer(text):
        n = tx.parse_cardinal(m.group("n"))
        if n is None:
            continue
        start, end, what = tx.ago_range(ctx.today, *_in_units(n, m.group("unit")))
        hits.append(Hit(*m.span(), "rel", [WhereDate(start=start, end=end)], span_note(m, what)))
    return hits


def find_past_n(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _PAST_N.finditer(text):
        unit = m.group("unit").lower().rstrip("s")
        word = m.group(0).lower()
        bare = not re.search(r"\b(?:the|this|over|within|in|during)\b", word)
        # A fortnight is no calendar unit: "last fortnight" is the past fourteen days.
        if m.group("n") is None and bare and unit != "fortnight":
            start, end = tx.calendar_previous(ctx.today, unit)
            ops = [WhereDate(start=start, end=end)]  # bare "last week": the calendar week before
            note = f"the calendar {unit} {start}–{end}"
            hits.append(Hit(*m.span(), "rel", list(ops), span_note(m, note)))
            continue
        n = tx.parse_cardinal(m.group("n")) if m.group("n") else 1
        if not n:
            continue
        start = tx.past_start(ctx.today, *_in_units(n, unit))
        op = WhereDate(start=start, end=ctx.today)
        hits.append(Hit(*m.span(), "rel", [op], span_note(m, f"{start}–{ctx.today}")))
    return hits


def _day_word_ops(ctx: Ctx, word: str) -> list[TableOp]:
    t = ctx.today
    w = re.sub(r"\s+", " ", word.lower())
    night = WhereTimeOfDay(start=time(18), end=time(4, 59, 59))
    simple = {
        "today": (t, t),
        "yesterday": (t - timedelta(days=1), t - timedelta(days=1)),
        "the day before yesterday": (t - timedelta(days=2), t - timedelta(days=2)),
        "this week": (t - timedelta(days=t.weekday()), t),
        "this month": (t.replace(day=1), t),
        "this year": (date(t.year, 1, 1), t),
    }
    if w in simple:
        return [WhereDate(start=simple[w][0], end=simple[w][1])]
    if w == "tonight":
        return [WhereDate(start=t, end=t), WhereTimeOfDay(start=time(18), end=time(23, 59, 59))]
    if w == "last night":
        return [WhereDate(start=t - timedelta(days=1), end=t), night]
    sunday = tx.recent_weekday(t, 7) if w == "this weekend" else tx.previous_weekday(t, 7)
    return [WhereDate(start=sunday - timedelta(days=1), end=sunday)]


def find_day_words(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _DAY_WORDS.finditer(text):
        ops = _day_word_ops(ctx, m.group("w"))
        span = ops[0]
        assert isinstance(span, WhereDate)
        what = str(span.start) if span.start == span.end else f"{span.start}–{span.end}"
        hits.append(Hit(*m.span(), "rel", ops, span_note(m, what)))
    return hits
