"""English calendar dates for agent.plan.mentions_en: a month with or without its day and
year ("9 March", "March 2027", "last March"), ISO and numeric dates ("2026-03-09", "on 9/3"),
and a numeric date beside its weekday ("Tue 6/2"), read in the order that falls on it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, datetime

from agent.plan import mentions_base as mb
from agent.plan import timeexpr as tx

__all__ = ["calendar_dates"]


_MONTH_MOD = re.compile(r"\b(?P<mod>last|next|this|coming)\s+$", re.IGNORECASE)
_VERB_AFTER_MONTH = re.compile(
    r"\s+(?:on|forward|ahead|off|into|out|down|up|along|the|your|all|god|this|that)\b", re.I
)
_DAY_MONTH = re.compile(
    r"\b(?:on|by|until|till|from|before|after|since)\s+(?P<d>\d{1,2})/(?P<mo>\d{1,2})(?![/\d])"
)


_WEEKDAY_DAY_MONTH = re.compile(
    r"\b(?P<wd>mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday)\.?,?\s+(?P<a>\d{1,2})/(?P<b>\d{1,2})(?![/\d])",
    re.IGNORECASE,
)


def _month_word_ok(m: re.Match[str], word: str) -> bool:
    """A cue word before the month ("in March we ...") makes it a month whatever follows."""
    if word.lower() in ("may", "march", "mar") and tx.month_cue_before(m.string, m.start()):
        return True
    return tx.month_word_ok(m, word)


def _token(m: re.Match[str], w: datetime) -> tx.CalToken | None:
    """tx.calendar_token, once the month word is accepted here (it re-checks by its own rule)."""
    tok = tx.calendar_token(m, w)
    word = m.group("m3")
    if tok is None and word and not m.group("y3") and word.lower() in ("may", "march"):
        return tx.CalToken(m.start(), m.end(), m.group(0), None, tx.MONTHS[word.lower()], None)
    return tok


# "on leave 21-23 apr", "apr 21-23": the first or last day of a range by its number alone, in
# the month the other names.
_DAY_BEFORE = re.compile(r"(?<![\d/.:])(\d{1,2})(?:st|nd|rd|th)?\s*[-–]\s*$", re.IGNORECASE)
_DAY_AFTER = re.compile(r"\s*[-–]\s*(\d{1,2})(?:st|nd|rd|th)?\b(?![/.:]\d)", re.IGNORECASE)


def _day_range(text: str, start: int, end: int, day: date, w: datetime) -> mb.Cand:
    """The day `text[start:end]` names, or the range of days it ends or opens."""
    before = _DAY_BEFORE.search(text, 0, start)
    after = _DAY_AFTER.match(text, end)
    if before and 1 <= int(before.group(1)) < day.day:
        first = day.replace(day=int(before.group(1)))
        return mb.mk(before.start(), end, mb.days(first, day, "day", w))
    last = tx.safe_date(day.year, day.month, int(after.group(1))) if after else None
    if after and last is not None and last > day:
        return mb.mk(start, after.end(), mb.days(day, last, "day", w))
    return mb.mk(start, end, mb.days(day, day, "day", w))


def calendar_dates(text: str, w: datetime) -> Iterator[mb.Cand]:
    """Dates written as a calendar writes them: "9 March", "March 2027", "2026-03-09", "on
    9/3", "Tue 6/2"."""
    today = w.date()
    for m in tx.CALENDAR.finditer(text):
        g = m.groupdict()
        word = g["m1"] or g["m2"] or g["m3"] or g["m4"] or g["m5"]
        start, end = m.span()
        if word:
            if not _month_word_ok(m, word):
                continue
            if g["m3"] and not g["y3"] and _VERB_AFTER_MONTH.match(text, m.end()):
                continue  # "March on", "March forward", "May the force be with you"
            if g["m1"] and word[0].islower() and len(word) == 3:
                continue  # "mar 3" in lower case is more often not a date
        tok = _token(m, w) if not (g["iso"] or g["num"]) else None
        if g["iso"] or g["num"]:
            parsed = tx.parse_date_span(g["iso"] or g["num"], w)
            if parsed is None:
                continue
            d = parsed.date()
            yield mb.mk(start, end, mb.days(d, d, "day", w))
            continue
        if tok is None:
            continue
        mod_m = _MONTH_MOD.search(text, 0, start)
        mod = mod_m.group("mod").lower() if mod_m else ""
        if mod_m:
            start = mod_m.start()
        direction = {"last": "past", "next": "future", "coming": "future"}.get(mod)
        if direction is None and mod != "this":
            direction = mb.tense(text, start, end)
        if tok.month is None:  # a year
            y = tok.year or today.year
            yield mb.mk(start, end, mb.days(date(y, 1, 1), date(y, 12, 31), "year", w))
        elif tok.day is None:
            y = tok.year or mb.month_year(tok.month, today, direction, mod == "this")
            first, last = tx.month_bounds(y, tok.month)
            yield mb.mk(start, end, mb.days(first, last, "month", w))
        else:
            if tok.year is not None:
                d2 = tx.safe_date(tok.year, tok.month, tok.day)
            else:
                d2 = mb.month_day(tok.month, tok.day, today, direction)
            if d2 is not None:
                yield _day_range(text, start, end, d2, w)
    for m in _DAY_MONTH.finditer(text):
        day, month = int(m.group("d")), int(m.group("mo"))
        if month > 12 >= day:
            day, month = month, day  # "on 9/29": month first when the day cannot be a month
        d3 = mb.month_day(month, day, today, mb.tense(text, *m.span()))
        if d3 is not None:
            yield mb.mk(m.start("d"), m.end(), mb.days(d3, d3, "day", w))
    for m in _WEEKDAY_DAY_MONTH.finditer(text):
        # "Tue 6/2", "Mon 6/22": the order whose date falls on the weekday written
        wd = tx.WEEKDAYS.get(m.group("wd").lower().rstrip("."))
        a, b = int(m.group("a")), int(m.group("b"))
        direction = mb.tense(text, *m.span())
        orders = [(b, a), (a, b)]  # (day, month): month first, then day first
        dates = [mb.month_day(mo, d, today, direction) for d, mo in orders if 1 <= mo <= 12]
        fits = [d for d in dates if d is not None and wd is not None and d.isoweekday() == wd]
        if fits:  # both may fall on it, a year apart: the nearer
            near = min(fits, key=lambda d: abs((d - today).days))
            yield mb.mk(m.start(), m.end(), mb.days(near, near, "day", w))
