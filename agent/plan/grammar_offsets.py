"""More of the English time grammar: anchors offset from other anchors.

    offset   := [n] (day | week | night | morning | evening | afternoon) (before | after) day
              | day weekend                                  "easter weekend"
              | ordinal week (of | in) month                 "the first week of may"
              | (early | mid | late) year                    "early 2023"
              | between day and day                          "between christmas and new year's eve"
              | the previous weekend

`day` is any day anchor of agent.plan.grammar (a holiday or a calendar date). These run before
the rest of the grammar, so "the day before christmas" is not read as "before christmas".
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from agent.plan import anchors as an
from agent.plan import grammar as g
from agent.plan import timeexpr as tx
from agent.plan.rules import Ctx, Hit
from memory_store.query.table_ops import TableOp, WhereDate, WhereTimeOfDay

__all__ = ["OFFSET_RULES"]

_I = re.IGNORECASE
_OFFSET_RX = re.compile(
    rf"\b(?:the\s+|that\s+)?(?:(?P<n>{tx.CARDINAL})\s+)?(?P<u>days?|weeks?|nights?|mornings?"
    r"|evenings?|afternoons?)\s+(?P<rel>before|after|prior\s+to|following)\s+(?:the\s+)?"
    rf"(?P<d>{g.DAY})",
    _I,
)
_HOLIDAY_WEEKEND_RX = re.compile(
    rf"\b(?:the\s+|that\s+|over\s+)?(?P<d>{g.HOLIDAY})(?:\s+{g.YEAR})?\s+weekend\b", _I
)
_WEEK_OF_RX = re.compile(
    rf"\b(?:the\s+)?(?P<o>{tx.ORDINAL}|last|final)\s+week\s+(?:of|in)\s+(?P<m>{g.MONTH_REF})", _I
)
_YEAR_PART_RX = re.compile(
    rf"\b(?P<w>early|mid|late)[\s-]+(?:in\s+)?(?P<y>{g.YEAR})\b"
    rf"|\b(?:the\s+)?(?P<w2>start|beginning|middle|end)\s+of\s+(?P<y2>{g.YEAR})\b",
    _I,
)
_BETWEEN_RX = re.compile(
    rf"\b(?:between|from)\s+(?:the\s+)?(?P<a>{g.DAY})\s*(?:and|to|until|till|through|-|–)\s*"
    rf"(?:the\s+)?(?P<b>{g.DAY})",
    _I,
)
_PREVIOUS_WEEKEND_RX = re.compile(r"\b(?:the\s+)?(?:previous|prior)\s+weekend\b", _I)


def _hit(m: re.Match[str], text: str, a: date, b: date, what: str) -> Hit:
    return g.range_hit(m.start(), m.end(), text, a, b, what)


def find_offsets(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _OFFSET_RX.finditer(text):
        day = g.day_anchor(ctx, m.group("d"))
        n = tx.parse_cardinal(m.group("n")) if m.group("n") else 1
        if day is None or not n:
            continue
        unit = m.group("u").lower().rstrip("s")
        before = m.group("rel").lower() in ("before", "prior to")
        step = timedelta(days=7 * n if unit == "week" else n)
        if unit == "week":
            a, b = (
                (day.start - step, day.start - timedelta(days=1))
                if before
                else (day.end + timedelta(days=1), day.end + step)
            )
        else:
            a = b = day.start - step if before else day.end + step
        ops: list[TableOp] = [WhereDate(start=a, end=b)]
        if unit in tx.DAY_PARTS:
            lo, hi = tx.DAY_PARTS[unit]
            ops.append(WhereTimeOfDay(start=lo, end=hi))
        note = f"{' '.join(m.group(0).split())} → {a}" + ("" if a == b else f"–{b}")
        hits.append(Hit(m.start(), m.end(), "day_abs" if a == b else "range_abs", ops, note))
    return hits


def find_spans_of_anchors(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _HOLIDAY_WEEKEND_RX.finditer(text):
        day = g.day_anchor(ctx, m.group("d"))
        if day is not None:
            a, b = an.weekend_of(day.start)
            hits.append(_hit(m, text, a, b, f"the weekend of {day.what}"))
    for m in _WEEK_OF_RX.finditer(text):
        ym = g.month_ref(ctx, m.group("m"))
        n = g.ordinal_value(m.group("o"))
        if ym is None or not n:
            continue
        first, last = tx.month_bounds(*ym)
        if n < 0:
            a, b = last - timedelta(days=6), last
        else:
            a, b = first + timedelta(days=7 * (n - 1)), first + timedelta(days=7 * n - 1)
        if b.month != first.month and n > 0:
            b = last
        if a <= last:
            hits.append(_hit(m, text, a, b, f"week {n} of {first:%B %Y}"))
    for m in _YEAR_PART_RX.finditer(text):
        y = int(m.group("y") or m.group("y2"))
        w = (m.group("w") or m.group("w2")).lower()
        part = {"start": "early", "beginning": "early", "middle": "mid", "end": "late"}.get(w, w)
        months = {"early": (1, 4), "mid": (5, 8), "late": (9, 12)}[part]
        a, b = date(y, months[0], 1), tx.month_bounds(y, months[1])[1]
        hits.append(_hit(m, text, a, b, f"{part} {y}"))
    for m in _BETWEEN_RX.finditer(text):
        if not re.search(g.HOLIDAY, m.group(0), _I):
            continue  # two calendar dates: the calendar rules pair those
        da, db = g.day_anchor(ctx, m.group("a")), g.day_anchor(ctx, m.group("b"))
        if da is None or db is None:
            continue
        end = db.end
        if end < da.start:  # "between christmas and new year's day": the next one
            later = g.day_anchor(ctx, f"{m.group('b')} {da.start.year + 1}")
            end = later.end if later else end
        if da.start <= end:
            hits.append(_hit(m, text, da.start, end, f"{da.what} to {end}"))
    for m in _PREVIOUS_WEEKEND_RX.finditer(text):
        sunday = tx.previous_weekday(ctx.today, 7)
        hits.append(_hit(m, text, sunday - timedelta(days=1), sunday, "the previous weekend"))
    return hits


OFFSET_RULES = [find_offsets, find_spans_of_anchors]
