"""More of the Japanese time grammar: anchors offset from other anchors, and picks around them.

    year の 祝日                       去年のクリスマス, 2022年の大晦日
    day の 前日 / 翌日 / 前の日 / 次の日  クリスマスの前日
    month の 第N週 / 最初の週 / 最後の週    4月の第1週
    month の 最初 / 最後 / 第N の 週末      3月最後の週末
    month に入ってから                  6月に入ってから (since the month began)
    年末 / 年始 / 年明け                  the end of the last year / the start of this one
    day の 次 / 後 の 会話 (after + first), day の 前 の 会話 (before + last)

They run before agent.plan.grammar_ja's rules and share its calendar (agent.plan.anchors).
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from agent.plan import anchors as an
from agent.plan import grammar_ja as gj
from agent.plan import timeexpr as tx
from agent.plan.rules import Ctx, Hit
from agent.plan.timeexpr_ja import NUM, SESSION_JA, parse_ja_number
from memory_store.query.table_ops import First, Last, WhereDate

__all__ = ["JA_OFFSET_RULES"]

_YEAR_HOLIDAY = re.compile(
    rf"(?P<p>去年|昨年|今年|一昨年|おととし|(?P<y>(?:19|20)\d{{2}})年)の?(?P<h>{gj.HOLIDAY})"
)
_DAY_ANCHOR = rf"(?:{gj.DAY}|{gj.HOLIDAY})"
_NEXT_DAY = re.compile(rf"(?P<d>{_DAY_ANCHOR})の?(?P<w>前日|翌日|前の日|次の日|あくる日)")
_WEEK_OF = re.compile(rf"(?P<m>{gj.MONTH})の?(?:第(?P<n>{NUM})週|(?P<o>最初|最後)の週)(?!末)")
_NTH_WEEKEND = re.compile(rf"(?P<m>{gj.MONTH})の?(?:第(?P<n>{NUM})|(?P<o>最初|最後)の)週末")
_SINCE_MONTH = re.compile(rf"(?P<m>{gj.MONTH})に入って(?:から|以降)")
_YEAR_EDGE = re.compile(r"(?P<p>去年の|昨年の|今年の)?(?P<w>年末|年始|年明け)")
_AROUND = re.compile(rf"(?P<d>{_DAY_ANCHOR})の(?P<w>次|後|あと|前)の(?:最初の|最後の)?{SESSION_JA}")


def _hit(m: re.Match[str], a: date, b: date, what: str = "") -> Hit:
    return gj.hit(m, a, b, what)


def _day_span(ctx: Ctx, text: str) -> tuple[date, date] | None:
    if text in gj.HOLIDAY_NAMES:
        return gj.holiday_days(ctx, text)
    d = gj.day_of(ctx, text, tx.month_shift(ctx.today, 0))
    return (d, d) if d else None


def find_ja_offsets(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _YEAR_HOLIDAY.finditer(text):
        p = m.group("p")
        back = {"去年": 1, "昨年": 1, "今年": 0, "一昨年": 2, "おととし": 2}
        year = int(m.group("y")) if m.group("y") else ctx.today.year - back[p]
        a, b = an.HOLIDAYS[gj.HOLIDAY_NAMES[m.group("h")]](year)
        hits.append(_hit(m, a, b))
    for m in _NEXT_DAY.finditer(text):
        span = _day_span(ctx, m.group("d"))
        if span:
            d = span[0] - timedelta(days=1) if "前" in m.group("w") else span[1] + timedelta(1)
            hits.append(_hit(m, d, d))
    for m in _WEEK_OF.finditer(text):
        ym = gj.month_ref(ctx, m.group("m"))
        n = parse_ja_number(m.group("n")) if m.group("n") else (1 if m.group("o") == "最初" else -1)
        if ym and n:
            first, last = tx.month_bounds(*ym)
            a = last - timedelta(days=6) if n < 0 else first + timedelta(days=7 * (n - 1))
            b = last if n < 0 else min(last, first + timedelta(days=7 * n - 1))
            if a <= last:
                hits.append(_hit(m, a, b))
    for m in _NTH_WEEKEND.finditer(text):
        ym = gj.month_ref(ctx, m.group("m"))
        n = parse_ja_number(m.group("n")) if m.group("n") else (1 if m.group("o") == "最初" else -1)
        span = an.nth_weekend(*ym, n) if ym and n else None
        if span:
            hits.append(_hit(m, *span))
    for m in _SINCE_MONTH.finditer(text):
        ym = gj.month_ref(ctx, m.group("m"))
        if ym:
            a = date(ym[0], ym[1], 1)
            hits.append(_hit(m, a, max(a, ctx.today), "since "))
    for m in _YEAR_EDGE.finditer(text):
        this_year = m.group("p") == "今年の"
        if m.group("w") == "年末":
            y = ctx.today.year if this_year else ctx.today.year - 1
            hits.append(_hit(m, date(y, 12, 21), date(y, 12, 31)))
        else:
            y = ctx.today.year - (1 if m.group("p") in ("去年の", "昨年の") else 0)
            hits.append(_hit(m, date(y, 1, 1), date(y, 1, 10)))
    return hits


def find_ja_around(text: str, ctx: Ctx) -> list[Hit]:
    """ "バレンタインの次の会話": the first session after that day; "…の前の会話": the last
    one before it."""
    hits = []
    for m in _AROUND.finditer(text):
        span = _day_span(ctx, m.group("d"))
        if span is None:
            continue
        before = m.group("w") == "前"
        past = date(1900, 1, 1)
        if before:
            a, b = past, span[0] - timedelta(days=1)
        else:
            a = span[1] + timedelta(days=1)
            b = max(a, ctx.today)
        days = f"{a}–{b}"
        op = Last() if before else First()
        what = "the last session before" if before else "the first session after"
        note = f"{m.group(0)} → {what} {m.group('d')}: {days}"
        hits.append(Hit(m.start(), m.end(), "range_abs", [WhereDate(start=a, end=b)], note))
        hits.append(Hit(m.end(), m.end(), "within", [op], f"{m.group(0)} → {op.op}"))
    return hits


JA_OFFSET_RULES = [find_ja_around, find_ja_offsets]
