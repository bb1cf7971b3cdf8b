"""Calendar arithmetic for the time grammar's anchors: holidays, seasons, weekends, parts of a
month, the n-th weekday of a month and the weekdays of nearby weeks. Pure functions of dates:
no text, no store (agent.plan.grammar parses the words and asks these for the days).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from agent.plan import timeexpr as tx
from memory_store.indexes.tokenize import STOPWORDS

# A holiday naming a thing, or a purpose, is not a date: the "christmas party" may be on the
# 14th, and the "train home for christmas" on the 22nd. The words after a holiday that make it a
# thing; the grammar does not read it as a date, and nothing is said to be left unread.
HOLIDAY_THING = (
    r"(?:party|parties|market|markets|tree|card|cards|gift|gifts|present|presents|"
    r"shopping|list|sale|sales|songs?|jumper|sweater|lights|decorations|plans?|menu|do|"
    r"drinks?|dinners?|lunch(?:es)?|meals?|brunch|quiz|fair|concert|event|social|bash|"
    r"get-together|meet-?up|eggs?|bunny|hunt|appeal|collection|raffle|costumes?|films?|"
    r"movies?|cakes?|pudding|bonus|stall|service)"
)

# Words after a holiday that leave it a time: its own parts and spans ("christmas *day*",
# "easter *weekend*"), and words that are no noun (a verb, a pronoun, a function word).
_STILL_A_TIME = (
    r"(?:day|eve|morning|afternoon|evening|night|week|weekend|weekends|holiday|holidays|hols|"
    r"break|period|time|season|sunday|monday|friday|saturday|vacation|dinnertime|lunchtime|"
    r"last|next|year|without|went|came|got|go|goes|going|come|comes|us|already|yet|ever|"
    r"still|till|since|around|every|[a-z]+ed|[a-z]+ly|\d\w*|"
    + "|".join(sorted((re.escape(w) for w in STOPWORDS), key=len, reverse=True))
    + ")"
)
# "the easter tramp", "our christmas walk": a holiday before a noun names the occasion, as the
# listed things do; the tramp may be days either side of the holiday, and told weeks before.
HOLIDAY_THING = rf"(?:{HOLIDAY_THING}|(?!{_STILL_A_TIME}\b)[a-z][a-z'’-]{{2,}})"

Days = tuple[date, date]


def easter(year: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian algorithm)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 19 * l_) // 433
    month = (h + l_ - 7 * m + 90) // 25
    return date(year, month, (h + l_ - 7 * m + 33 * month + 19) % 32)


def nth_weekday(year: int, month: int, weekday: int, n: int) -> date | None:
    """The n-th ISO `weekday` of a month (n = -1: the last); None when there is no such day."""
    first, last = tx.month_bounds(year, month)
    if n < 0:
        d = last - timedelta(days=(last.isoweekday() - weekday) % 7)
        d -= timedelta(weeks=-n - 1)
    else:
        d = first + timedelta(days=(weekday - first.isoweekday()) % 7) + timedelta(weeks=n - 1)
    return d if first <= d <= last else None


def _day(d: date) -> Days:
    return d, d


def _thanksgiving(year: int) -> Days:
    d = nth_weekday(year, 11, 4, 4)  # the fourth Thursday of November always exists
    assert d is not None
    return d, d


# Fixed-date and movable holidays: name → the day(s) in a given year.
HOLIDAYS: dict[str, Callable[[int], Days]] = {
    "new year's day": lambda y: _day(date(y, 1, 1)),
    "valentine's day": lambda y: _day(date(y, 2, 14)),
    "good friday": lambda y: _day(easter(y) - timedelta(days=2)),
    "easter": lambda y: _day(easter(y)),
    "easter monday": lambda y: _day(easter(y) + timedelta(days=1)),
    "golden week": lambda y: (date(y, 4, 29), date(y, 5, 5)),
    "independence day": lambda y: _day(date(y, 7, 4)),
    "halloween": lambda y: _day(date(y, 10, 31)),
    "thanksgiving": _thanksgiving,
    "christmas eve": lambda y: _day(date(y, 12, 24)),
    "christmas": lambda y: _day(date(y, 12, 25)),
    "boxing day": lambda y: _day(date(y, 12, 26)),
    "new year's eve": lambda y: _day(date(y, 12, 31)),
}

SEASON_START = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}


def season(name: str, start_year: int) -> Days:
    """A northern season starting in `start_year` (winter runs December to February)."""
    first = date(start_year, SEASON_START[name], 1)
    y, m = tx.month_shift(first, 2)
    return first, tx.month_bounds(y, m)[1]


def season_for(name: str, today: date, which: str) -> Days:
    """'this' (or none): the season holding today, else the latest begun; 'last': the one
    before the season holding today, else the latest ended."""
    start_year = today.year if date(today.year, SEASON_START[name], 1) <= today else today.year - 1
    current = season(name, start_year)
    holds_today = current[0] <= today <= current[1]
    if which == "last" and holds_today:
        return season(name, start_year - 1)
    return current


def month_part(year: int, month: int, part: str) -> Days:
    """early / mid / late (and their synonyms) of a month: days 1-10, 11-20, 21-end."""
    first, last = tx.month_bounds(year, month)
    spans = {
        "early": (1, 10),
        "mid": (11, 20),
        "late": (21, last.day),
        "first half": (1, 15),
        "second half": (16, last.day),
    }
    a, b = spans[part]
    return first.replace(day=a), first.replace(day=b)


def weekend_of(d: date) -> Days:
    """The Saturday-Sunday holding `d`; for a weekday, the weekend nearest it."""
    wd = d.isoweekday()
    if wd == 7:
        return d - timedelta(days=1), d
    if wd == 1:
        return d - timedelta(days=2), d - timedelta(days=1)
    sat = d + timedelta(days=6 - wd)
    return sat, sat + timedelta(days=1)


def weekend_before(d: date) -> Days:
    """The last whole weekend that ends before day `d`."""
    sun = d - timedelta(days=(d.isoweekday() % 7) or 7)
    return sun - timedelta(days=1), sun


def weekend_after(d: date) -> Days:
    """The first weekend that starts after day `d`."""
    sat = d + timedelta(days=((6 - d.isoweekday()) % 7) or 7)
    return sat, sat + timedelta(days=1)


def nth_weekend(year: int, month: int, n: int) -> Days | None:
    """The weekend of the n-th (or, n = -1, last) Saturday of a month."""
    sat = nth_weekday(year, month, 6, n)
    return None if sat is None else (sat, sat + timedelta(days=1))


def week_weekday(today: date, weeks_back: int, weekday: int) -> date:
    """ISO `weekday` of the calendar week `weeks_back` weeks before this one (0 = this week)."""
    monday = today - timedelta(days=today.weekday()) - timedelta(weeks=weeks_back)
    return monday + timedelta(days=weekday - 1)
