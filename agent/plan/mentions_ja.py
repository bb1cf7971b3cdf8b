"""Japanese time mentions for agent.plan.mentions (same interval and direction rules).

先週/来週の金曜日 name the Friday of that calendar week (Monday first), as in
agent.plan.timeexpr_ja.
A bare 金曜日, 14日 or 3月14日 takes its direction from the verb ending after it in the same
sentence (~た/でした/ました: past; ~ます/る/よう/予定/つもり/たい: future), else the nearest
occurrence. 3日後 and 2週間前 count from the day written; 週間 resolves to the calendar week,
ヶ月 to the calendar month. 夜/今夜 is 18:00 to 05:00 the next morning.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, datetime, time, timedelta

from agent.plan import mentions_base as mb
from agent.plan import timeexpr as tx
from agent.plan.mentions_base import tense_ja
from agent.plan.timeexpr_ja import NUM, WEEKDAYS_JA, parse_ja_number

__all__ = ["ja_candidates", "ja_clocks"]

_WD = r"(?P<w>[月火水木金土日])曜(?:日)?"
_PART = r"(?:の)?(?P<part>朝|午前中?|午後|昼|夕方|夜|晩)"
_DAY_WORD = re.compile(
    r"(?P<word>一昨日|おととい|昨日|きのう|今日|本日|きょう|明日|あした|あす|明後日|あさって)"
    rf"(?:{_PART}(?!ご?飯|食|ごはん))?"
    r"|(?P<fixed>今朝|今夜|今晩|昨夜|昨晩|ゆうべ)"
)
_DAY_OFFSET = {
    "一昨日": -2, "おととい": -2, "昨日": -1, "きのう": -1, "今日": 0, "本日": 0, "きょう": 0,
    "明日": 1, "あした": 1, "あす": 1, "明後日": 2, "あさって": 2,
}  # fmt: skip
_PARTS_JA = {
    "朝": "morning", "午前": "morning", "午前中": "morning", "午後": "afternoon",
    "昼": "afternoon", "夕方": "evening", "夜": "night", "晩": "night",
}  # fmt: skip
_WD_PART = r"(?:の?(?P<part>朝|午前中?|午後|昼|夕方|夜|晩)(?!ご?飯|食|ごはん))?"
_WEEK_SHIFT = {"先々週": -2, "先週": -1, "今週": 0, "来週": 1, "再来週": 2}
_WEEK = re.compile(
    rf"(?P<wk>先々週|先週|今週|来週|再来週)(?:(?P<end>末)|の?{_WD}{_WD_PART}|(?!の?[月火水木金土日]曜))"
)
_MONTH_WORD = re.compile(r"先々月|先月|今月|来月|再来月|去年|昨年|今年|来年|再来年")
_MONTH_SHIFT = {"先々月": -2, "先月": -1, "今月": 0, "来月": 1, "再来月": 2}
_YEAR_SHIFT = {"去年": -1, "昨年": -1, "今年": 0, "来年": 1, "再来年": 2}
_REL = re.compile(rf"(?P<n>{NUM})(?P<unit>日|週間|ヶ月|か月|カ月|ヵ月|ケ月|年)(?P<dir>後|前)")
_CAL = re.compile(
    rf"(?:(?P<y>(?:19|20)\d{{2}})年)?(?P<m>{NUM})月(?:(?P<d>{NUM})日(?!間|後|前|目|ぶり))?"
    rf"|(?<![\d月/])(?P<d2>{NUM})日(?=に|は|の|から|まで|って|、|。|[？?！!]|$)"
    r"|(?P<y3>(?:19|20)\d{2})/(?P<m3>\d{1,2})/(?P<d3>\d{1,2})"
)
_BARE_WD = re.compile(rf"(?<![週毎何]){_WD}(?!ごと|毎|大工){_WD_PART}")


def _day(d: date, w: datetime) -> tuple[datetime, datetime, str]:
    return mb.days(d, d, "day", w)


def _with_part(d: date, part: str | None, w: datetime) -> tuple[datetime, datetime, str]:
    return mb.part(d, _PARTS_JA[part], w) if part else _day(d, w)


def ja_candidates(text: str, w: datetime) -> Iterator[mb.Cand]:
    today = w.date()
    monday = mb.monday(today)
    for m in _DAY_WORD.finditer(text):
        if m.group("fixed"):
            f = m.group("fixed")
            if f == "今朝":
                yield mb.mk(*m.span(), mb.part(today, "morning", w))
            elif f in ("今夜", "今晩"):
                yield mb.mk(*m.span(), mb.part(today, "night", w))
            else:
                yield mb.mk(*m.span(), mb.part(today - timedelta(days=1), "night", w))
            continue
        d = today + timedelta(days=_DAY_OFFSET[m.group("word")])
        yield mb.mk(*m.span(), _with_part(d, m.group("part"), w))
    for m in _WEEK.finditer(text):
        mon = monday + timedelta(weeks=_WEEK_SHIFT[m.group("wk")])
        if m.group("end"):
            sat = mon + timedelta(days=5)
            yield mb.mk(*m.span(), mb.days(sat, sat + timedelta(days=1), "weekend", w))
        elif m.group("w"):
            d = mon + timedelta(days=WEEKDAYS_JA[m.group("w")] - 1)
            yield mb.mk(*m.span(), _with_part(d, m.group("part"), w))
        else:
            yield mb.mk(*m.span(), mb.days(mon, mon + timedelta(days=6), "week", w))
    for m in _MONTH_WORD.finditer(text):
        word = m.group(0)
        if word in _MONTH_SHIFT:
            y, mo = tx.month_shift(today, _MONTH_SHIFT[word])
            yield mb.mk(*m.span(), mb.unit_interval(date(y, mo, 1), "month", w))
        else:
            y = today.year + _YEAR_SHIFT[word]
            yield mb.mk(*m.span(), mb.unit_interval(date(y, 1, 1), "year", w))
    for m in _REL.finditer(text):
        n = parse_ja_number(m.group("n"))
        if n is None:
            continue
        unit = {"日": "day", "週間": "week", "年": "year"}.get(m.group("unit"), "month")
        sign = 1 if m.group("dir") == "後" else -1
        yield mb.mk(*m.span(), mb.unit_interval(mb.shift(today, sign * n, unit), unit, w))
    for m in _CAL.finditer(text):
        cand = _calendar(m, text, w)
        if cand is not None:
            yield cand
    for m in _BARE_WD.finditer(text):
        wd = WEEKDAYS_JA[m.group("w")]
        direction = tense_ja(text, m.end())
        d = mb.pick(
            tx.previous_weekday(today, wd), tx.next_weekday(today, wd), today, direction or "future"
        )
        yield mb.mk(*m.span(), _with_part(d, m.group("part"), w))


def _calendar(m: re.Match[str], text: str, w: datetime) -> mb.Cand | None:
    today = w.date()
    g = m.groupdict()
    direction = tense_ja(text, m.end())
    if g["y3"]:
        d = tx.safe_date(int(g["y3"]), int(g["m3"]), int(g["d3"]))
        return mb.mk(*m.span(), _day(d, w)) if d else None
    if g["d2"]:
        day = parse_ja_number(g["d2"])
        if not day or not 1 <= day <= 31:
            return None
        d = mb.pick(
            tx.recent_day_of_month(today - timedelta(days=1), day),
            tx.upcoming_day_of_month(today, day),
            today,
            direction or "future",
        )
        return mb.mk(*m.span(), _day(d, w))
    month = parse_ja_number(g["m"])
    if not month or not 1 <= month <= 12:
        return None
    year = int(g["y"]) if g["y"] else None
    if g["d"] is None:
        y = year or mb.month_year(month, today, direction, False)
        first, last = tx.month_bounds(y, month)
        return mb.mk(*m.span(), mb.days(first, last, "month", w))
    day = parse_ja_number(g["d"])
    if not day:
        return None
    d = tx.safe_date(year, month, day) if year else mb.month_day(month, day, today, direction)
    return mb.mk(*m.span(), _day(d, w)) if d else None


_CLOCK = re.compile(rf"(?P<ap>午前|午後)?(?P<h>{NUM})時(?:(?P<min>{NUM})分|(?P<half>半))?(?!間)")


_PART_BEFORE = re.compile(r"(?:日|曜)の?(?:午前|午後)$")


def ja_clocks(text: str) -> Iterator[tuple[int, int, time, bool]]:
    """(start, end, time, has_am_pm) of each 午後3時, 10時半, 8時."""
    for m in _CLOCK.finditer(text):
        hour = parse_ja_number(m.group("h"))
        minute = 30 if m.group("half") else parse_ja_number(m.group("min") or "0")
        if hour is None or minute is None:
            continue
        if m.group("ap") == "午後" and hour < 12:
            hour += 12
        if hour < 24 and minute < 60:
            # 明日の午後3時: 午後 may already belong to the day, so the time starts at the hour too
            start = (
                m.start("h")
                if m.group("ap") and _PART_BEFORE.search(text, 0, m.start("h"))
                else m.start()
            )
            yield start, m.end(), time(hour, minute), bool(m.group("ap"))
