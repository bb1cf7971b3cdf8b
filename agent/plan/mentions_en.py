"""English time-expression rules for agent.plan.mentions (see its docstring for the rules).

Each rule is `(text, written) -> Iterator[Cand]`; `RULES` pairs it with the words one of which
it needs (None: a digit), so a message is only read by the rules it could match.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date, datetime, time, timedelta

from agent.plan import mentions_base as mb
from agent.plan import timeexpr as tx
from agent.plan.mentions_calendar import calendar_dates

__all__ = ["KEYWORDS", "RULES", "clocks"]

KEYWORDS = frozenset(
    """yesterday today tonight tonite tomorrow tmrw tmr tomorow night morning afternoon evening
    day days week weeks weekend weekends month months year years summer winter spring autumn
    fall noon midnight midday monday tuesday wednesday thursday friday saturday sunday mon tue
    tues wed weds thu thur thurs fri sat sun january february march april may june july august
    september october november december jan feb mar apr jun jul aug sep sept oct nov dec""".split()  # noqa: SIM905
)
# --- English rules -----------------------------------------------------------------------------

_PART_WORDS = r"(?P<part>morning|afternoon|evening|night)"
_FIXED = re.compile(
    r"\b(?:(?P<dby>the\s+day\s+before\s+yesterday)|(?P<dat>the\s+day\s+after\s+tomorrow)"
    r"|(?P<last_night>last\s+night)|(?P<tonight>tonight|tonite)"
    rf"|this\s+{_PART_WORDS}"
    r"|(?P<word>yesterday|today|tomorrow|tmrw|tmr|tomorow)"
    rf"(?:\s+{_PART_WORDS.replace('part', 'part2')})?)\b",
    re.IGNORECASE,
)
_FIXED_OFFSET = {"yesterday": -1, "today": 0}


def _fixed(text: str, w: datetime) -> Iterator[mb.Cand]:
    today = w.date()
    for m in _FIXED.finditer(text):
        g = m.groupdict()
        if g["dby"] or g["dat"]:
            d = today + timedelta(days=-2 if g["dby"] else 2)
            yield mb.mk(*m.span(), mb.days(d, d, "day", w))
        elif g["last_night"]:
            yield mb.mk(*m.span(), mb.part(today - timedelta(days=1), "night", w))
        elif g["tonight"]:
            yield mb.mk(*m.span(), mb.part(today, "night", w))
        elif g["part"]:
            yield mb.mk(*m.span(), mb.part(today, g["part"].lower(), w))
        else:
            d = today + timedelta(days=_FIXED_OFFSET.get(g["word"].lower(), 1))
            if g["part2"]:
                yield mb.mk(*m.span(), mb.part(d, g["part2"].lower(), w))
            else:
                yield mb.mk(*m.span(), mb.days(d, d, "day", w))


_WD_FULL = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_WD_ABBR = r"Mon|Tues?|Weds?|Thu(?:rs?)?|Fri|Sat|Sun"
_WEEKDAY = re.compile(
    r"\b(?:(?P<mod>last|this|next|coming|this\s+coming|on)\s+)?"
    rf"(?:(?P<full>(?i:{_WD_FULL}))|(?P<abbr>{_WD_ABBR})\b\.?)(?P<poss>'s)?"
    rf"(?:\s+(?P<part>(?i:morning|afternoon|evening|night)))?(?![\w'])",
    re.IGNORECASE,
)
_WD_IDIOM = re.compile(r"\s*(?:child|children)\b", re.IGNORECASE)
_WD_EVERY = re.compile(r"\b(?:every|each|most|some|on\s+a)\s+$", re.IGNORECASE)
_WD_BEFORE_IDIOM = re.compile(r"\b(?:girl|man|guy)\s+$", re.IGNORECASE)
# An explicit date right after a weekday: ", September 3rd", " the 17th", " 17 Oct".
_AFTER_WD = re.compile(r",?\s*(?:the\s+)?")
_BARE_ORD = re.compile(r"(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)\b", re.IGNORECASE)
# Short days that are no English word: a day wherever they stand, in any case.
_ABBR_ONLY_DAYS = frozenset(["mon", "tue", "tues", "weds", "thu", "thur", "thurs", "fri"])
_ABBR_CONTEXT_BEFORE = re.compile(
    r"\b(?:by|until|till|from|before|after|since|free|works?|see\s+you)\s+$", re.IGNORECASE
)
_ABBR_DATE_AFTER = re.compile(
    r",?\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b|,?\s+\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug"
    r"|sep|oct|nov|dec)",
    re.IGNORECASE,
)
_ABBR_CONTEXT_AFTER = re.compile(
    r"\s*(?:,?\s*(?:the\s+)?\d|,?\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|@|at\s+\d)",
    re.IGNORECASE,
)


def _weekdays(text: str, w: datetime) -> Iterator[mb.Cand]:
    today = w.date()
    for m in _WEEKDAY.finditer(text):
        mod = (m.group("mod") or "").lower()
        mod = "" if mod == "on" else " ".join(mod.split())
        word = m.group("full") or m.group("abbr")
        if m.group("abbr") and word.lower().rstrip(".") in _ABBR_ONLY_DAYS:
            # "bouldering thurs?", "lido tues?": chat's short days that are no other word
            if text[max(0, m.start() - 1) : m.start()] in ("'", "’"):  # "c'mon"
                continue
        elif m.group("abbr"):
            # "sun", "sat", "wed" are words: a capital and a temporal neighbour are needed,
            # or, in lower-case chat, a day of the month right after ("landing tue 19th").
            if not word[0].isupper() and not _ABBR_DATE_AFTER.match(text, m.end()):
                continue
            if not (
                mod
                or m.group("mod")
                or _ABBR_CONTEXT_AFTER.match(text, m.end())
                or _ABBR_CONTEXT_BEFORE.search(text, 0, m.start())
            ):
                continue
        if m.group("poss") and _WD_IDIOM.match(text, m.end()):
            continue  # "Friday's child": the nursery rhyme, not a date
        if not mod and _WD_EVERY.search(text, 0, m.start()):
            continue  # "every Monday" is a habit, not a date
        if _WD_BEFORE_IDIOM.search(text, 0, m.start()):
            continue  # "girl Friday", "man Friday"
        if tx.weekday_habit(text, m.start(), m.end()):
            continue  # "the saturday long runs": a habit, not a date
        wd = tx.WEEKDAYS[word.lower().rstrip(".")]
        span_start = m.start() if mod else m.start("full") if m.group("full") else m.start("abbr")
        end = m.end()
        explicit = _explicit_after(text, end, w)
        direction = mb.tense(text, span_start, end)
        if mod in ("coming", "this coming"):
            d = tx.next_weekday(today - timedelta(days=1), wd)
        elif mod == "this":
            d = mb.monday(today) + timedelta(days=wd - 1)
            if d < today and direction == "future":
                d += timedelta(days=7)
        elif mod == "next":
            d = mb.monday(today) + timedelta(days=7 + wd - 1)
            direction = "future"
        elif mod == "last":
            d = tx.previous_weekday(today, wd)
            direction = "past"
        else:
            d = mb.pick(
                tx.previous_weekday(today, wd),
                tx.next_weekday(today, wd),
                today,
                direction or "future",
            )
        if explicit is not None:
            exp_end, month, day, year = explicit
            # "this"/"next"/"last" already placed the weekday; the date is sought around it.
            e = _explicit_date(month, day, year, today, None if mod else direction, wd, d)
            if e is not None:
                d, end = e, exp_end
        if m.group("part") and explicit is None:
            yield mb.mk(span_start, end, mb.part(d, m.group("part").lower(), w))
        else:
            yield mb.mk(span_start, end, mb.days(d, d, "day", w))


def _explicit_after(
    text: str, pos: int, w: datetime
) -> tuple[int, int | None, int, int | None] | None:
    """(end, month, day, year) of a date written right after a weekday."""
    sep = _AFTER_WD.match(text, pos)
    at = sep.end() if sep else pos
    cal = tx.CALENDAR.match(text, at)
    if cal is not None and (cal.group("m1") or cal.group("m2")):
        tok = tx.calendar_token(cal, w)
        if tok is not None and tok.day is not None and tok.month is not None:
            return cal.end(), tok.month, tok.day, tok.year
    ordm = _BARE_ORD.match(text, at)
    if ordm is not None:
        return ordm.end(), None, int(ordm.group("d")), None
    return None


def _explicit_date(
    month: int | None,
    day: int,
    year: int | None,
    today: date,
    direction: str | None,
    weekday: int,
    guess: date,
) -> date | None:
    """The date meant by a day (and month) written beside a weekday: the weekday settles the
    year or month when the text leaves it out, and the explicit numbers win over the weekday."""
    if year is not None and month is not None:
        return tx.safe_date(year, month, day)
    options = []
    reach = 14 if month is not None else 2  # a month-less "Friday the 21st" is near
    for k in range(-reach, reach + 1):
        y, mo = tx.month_shift(today, k)
        if month is not None and mo != month:
            continue
        d = tx.safe_date(y, mo, day)
        if d is not None:
            options.append(d)
    if not options:
        return None
    # A date with the named weekday beats the tense, which is only a guess; among several,
    # the tense picks.
    matching = [d for d in options if d.isoweekday() == weekday] or options
    # With no tense, a weekday and its date name a plan ("its tuesday the 25th now", written
    # on the 10th, moves an operation to the 25th ahead, not the one gone by).
    if direction in ("future", None):
        matching = [d for d in matching if d >= today] or matching
    elif direction == "past":
        matching = [d for d in matching if d <= today] or matching
    return min(matching, key=lambda d: abs((d - guess).days))


_UNIT = r"(?P<unit>day|week|month|year)s?"
_RELATIVE = re.compile(
    rf"\b(?:in\s+(?P<n_in>{tx.CARDINAL})\s+{_UNIT}(?:'s?\s+time)?"
    rf"|(?P<n_ago>{tx.CARDINAL})\s+(?P<unit2>day|weekend|week|month|year)s?\s+(?P<how>ago|from\s+now)"
    rf"|(?:the\s+)?(?:past|last)\s+(?P<n_past>{tx.CARDINAL})\s+{_UNIT.replace('unit', 'unit3')})"
    r"\b",
    re.IGNORECASE,
)


_NEGATED = re.compile(r"\b(?:not|never|haven't|hasn't|hadn't|didn't|haven|hasn)\b|n't\b", re.I)


_MAX_COUNT = 1000


def _relative(text: str, w: datetime) -> Iterator[mb.Cand]:
    today = w.date()
    for m in _RELATIVE.finditer(text):
        g = m.groupdict()
        if g["n_past"]:
            n = tx.parse_cardinal(g["n_past"])
            if not n:
                continue
            unit = g["unit3"].lower()
            start = mb.shift(today, -n, unit)
            yield mb.mk(*m.span(), (*mb.days(start, today, unit, w)[:2], unit))
            continue
        n = tx.parse_cardinal(g["n_in"] or g["n_ago"])
        if n is None or n > _MAX_COUNT:
            continue  # "in 99999 days" is hyperbole, not a date
        if g["n_in"] and _NEGATED.search(
            text, mb.sentence(text, *m.span(), mb.CLAUSE_END)[0], m.start()
        ):
            continue  # "haven't talked in a few days" is a duration, not a date
        unit = (g["unit"] or g["unit2"]).lower()
        sign = -1 if (g["how"] or "").lower() == "ago" else 1
        if unit == "weekend":
            sat = mb.monday(today) + timedelta(days=5 + 7 * sign * n)
            yield mb.mk(*m.span(), mb.days(sat, sat + timedelta(days=1), "weekend", w))
            continue
        yield mb.mk(*m.span(), mb.unit_interval(mb.shift(today, sign * n, unit), unit, w))


_PERIOD = re.compile(
    r"\b(?:(?P<mod>last|this|next|coming|the\s+coming|the\s+following|over\s+the|the)\s+)"
    r"(?P<unit>weekend|week|month|year)\b(?P<after>\s+after\s+next\b)?",
    re.IGNORECASE,
)


def _periods(text: str, w: datetime) -> Iterator[mb.Cand]:
    today = w.date()
    for m in _PERIOD.finditer(text):
        mod = " ".join(m.group("mod").lower().split())
        unit = m.group("unit").lower()
        if m.group("after"):
            shift = 2  # "the week after next"
        elif mod in ("the", "over the"):
            if unit != "weekend":
                continue  # "the week" alone is no particular week
            # "Anything fun over the weekend?" on a Monday asks about the one just gone.
            direction = mb.tense(text, m.start(), m.end(), question=mod == "the")
            if direction is None and mod == "the":
                continue
            if direction is None:
                # Early in the week "over the weekend" is the one just gone.
                direction = "past" if today.isoweekday() <= 3 else "future"
            shift = -1 if direction == "past" and today.isoweekday() < 6 else 0
        else:
            shift = {"last": -1, "this": 0}.get(mod, 1)
        if unit == "weekend":
            sat = mb.monday(today) + timedelta(days=5 + 7 * shift)
            yield mb.mk(*m.span(), mb.days(sat, sat + timedelta(days=1), "weekend", w))
        elif unit == "week":
            yield mb.mk(*m.span(), mb.unit_interval(today + timedelta(weeks=shift), "week", w))
        elif unit == "month":
            y, mo = tx.month_shift(today, shift)
            yield mb.mk(*m.span(), mb.unit_interval(date(y, mo, 1), "month", w))
        else:
            yield mb.mk(*m.span(), mb.unit_interval(date(today.year + shift, 1, 1), "year", w))


_SEASON = re.compile(
    r"\b(?:(?P<mod>last|this|next|coming|the\s+coming|in\s+the|over\s+the|during\s+the)\s+)?"
    r"(?P<s>spring|summer|autumn|fall|winter)\b"
    rf"(?:\s+(?:of\s+)?(?P<y>{tx.YEAR})\b)?",
    re.IGNORECASE,
)


def _seasons(text: str, w: datetime) -> Iterator[mb.Cand]:
    today = w.date()
    for m in _SEASON.finditer(text):
        name = m.group("s").lower()
        name = "autumn" if name == "fall" else name
        mod = " ".join((m.group("mod") or "").lower().split())
        if m.group("y"):
            first, last = tx.season_bounds(int(m.group("y")), name)
            start = m.start("s") if mod.startswith(("in", "over", "during")) else m.start()
            yield mb.mk(start, m.end(), mb.days(first, last, "season", w))
            continue
        if not mod or (m.group("s").lower() == "fall" and mod.startswith(("in", "over"))):
            continue  # "fall" is a verb, a bare "summer" is no particular one
        years = range(today.year - 2, today.year + 2)
        spans = [tx.season_bounds(y, name) for y in years]
        current = next((s for s in spans if s[0] <= today <= s[1]), None)
        before = [s for s in spans if s[1] < today]
        after = [s for s in spans if s[0] > today]
        if mod == "last":
            chosen = before[-1]
        elif mod in ("next", "coming", "the coming"):
            chosen = after[0]
        elif mod == "this":
            chosen = current or after[0]
        else:
            direction = mb.tense(text, m.start(), m.end())
            chosen = current or (before[-1] if direction == "past" else after[0])
            if direction == "past" and not current:
                chosen = before[-1]
            elif current is None and direction is None:
                continue
        start = m.start("s") if mod.startswith(("in", "over", "during")) else m.start()
        yield mb.mk(start, m.end(), mb.days(chosen[0], chosen[1], "season", w))


_ORD_DAY = re.compile(
    r"\b(?P<prep>on|by|until|till|from|before|after|since|for)?\s*(?P<the>the\s+)?"
    r"(?<![\d/.:-])(?P<d>\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\b(?!\s+(?:last|this|next)\s+month)|century|floor|time|place|grade|birthday"
    r"|anniversary|round|row|try|attempt|edition|street|st\b|avenue|ave\b))",
    re.IGNORECASE,
)
_ORD_FOLLOW_OK = re.compile(
    r"(?:\s*(?:[.,!?;:)\n]|$)|\s+(?:at|is|was|works|then|and|or|but|so|we|i|you|he|she|they"
    r"|it|in|when|if|because|morning|afternoon|evening|night|instead|too|right|maybe|to|till"
    r"|any|anymore|either|for|with|though|tho|now"
    r"|until)\b|\s*[-–]\s*(?:the\s+)?\d)",
    re.IGNORECASE,
)


_OF_MONTH = re.compile(r"\s+of\s+(?P<mod>last|this|next)\s+month\b", re.IGNORECASE)
_ORD_BAD_BEFORE = re.compile(r"\b(?:in|of|at|into|during)\s+$", re.IGNORECASE)
_PREP_DIRECTION = {"until": "future", "till": "future", "by": "future", "since": "past"}
_WD_AFTER_ORD = re.compile(rf",?\s+(?P<wd>{_WD_FULL})\b", re.IGNORECASE)


# "21st to 23rd", "the 14th-16th": two ordinals bounding days, however bare.
_ORD_RANGE_AFTER = re.compile(
    r"\s*(?:to|till|until|[-–])\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b", re.I
)
_ORD_RANGE_BEFORE = re.compile(r"\d(?:st|nd|rd|th)\s*(?:to|till|until|[-–])\s*$", re.I)


def _ordinal_days(text: str, w: datetime) -> Iterator[mb.Cand]:
    today = w.date()
    for m in _ORD_DAY.finditer(text):
        day = int(m.group("d"))
        if not 1 <= day <= 31:
            continue
        if not m.group("the") and not (
            _ORD_RANGE_AFTER.match(text, m.end()) or _ORD_RANGE_BEFORE.search(text, 0, m.start("d"))
        ):
            continue  # a bare "21st" is a birthday or a place in a race, unless it bounds days
        if (
            not m.group("prep")
            and not _ORD_FOLLOW_OK.match(text, m.end())
            and not _OF_MONTH.match(text, m.end())
        ):
            continue
        if not m.group("prep") and _ORD_BAD_BEFORE.search(text, 0, m.start() + 1):
            continue  # "in the 4th", "of the 3rd": an inning, a grade, a place
        start = m.start() if m.group("prep") else m.start(m.group("the") and "the" or "d")
        prep = (m.group("prep") or "").lower()
        direction = _PREP_DIRECTION.get(prep) or mb.tense(text, start, m.end())
        end = m.end()
        of_m = _OF_MONTH.match(text, end)
        if of_m is not None:
            # "the 1st of next month"
            shift = {"last": -1, "this": 0, "next": 1}[of_m.group("mod").lower()]
            y, mo = tx.month_shift(today, shift)
            found = tx.safe_date(y, mo, day)
            if found is not None:
                yield mb.mk(start, of_m.end(), mb.days(found, found, "day", w))
            continue
        wd_m = _WD_AFTER_ORD.match(text, end)
        if wd_m is not None:
            # "the 18th, wednesday": the weekday picks the month holding that date.
            wd = tx.WEEKDAYS[wd_m.group("wd").lower()]
            guess = tx.upcoming_day_of_month(today, day) if direction != "past" else today
            found = _explicit_date(None, day, None, today, direction, wd, guess)
            if found is not None:
                yield mb.mk(start, wd_m.end(), mb.days(found, found, "day", w))
                continue
        d = mb.pick(
            tx.recent_day_of_month(today - timedelta(days=1), day),
            tx.upcoming_day_of_month(today, day),
            today,
            direction or "future",
        )
        yield mb.mk(start, end, mb.days(d, d, "day", w))


_CLOCK = re.compile(
    r"(?:\b(?:at|@)\s*|(?<![\w:/.£$€]))"
    # "7:30pm", and as British chat writes it, "7.30pm"
    r"(?:(?P<th>\d{1,2})(?:[:.](?P<tm>[0-5]\d))?\s*(?P<tap>[ap]\.?m\b\.?)"
    r"|(?P<th2>[01]?\d|2[0-3]):(?P<tm2>[0-5]\d)(?![\d:])"
    r"|(?P<word>noon|midday|midnight))"
    # "kicks off 12.30", "doors at 7.15": a point for the colon only after a word of when
    r"|\b(?:at|@|from|till|until|by|off|starts?|doors|meet|ko)\s+(?P<th3>[01]?\d|2[0-3])"
    r"\.(?P<tm3>[0-5]\d)"
    r"(?![\d.]|\s*(?:[ap]\.?m\b|%|k\b|km|mi|miles|kg|pounds|quid|euros?|dollars?|a\s+pint))",
    re.IGNORECASE,
)


def clocks(text: str) -> Iterator[tuple[int, int, time, bool]]:
    """(start, end, time, has_am_pm) of each clock time."""
    for m in _CLOCK.finditer(text):
        if m.group("word"):
            if not m.group(0).lower().startswith(("at", "@")):
                continue  # "noon" alone is content; "at noon" is a time
            t = time(0) if m.group("word").lower() == "midnight" else time(12)
            yield m.start(), m.end(), t, True
            continue
        if m.group("th"):
            ct = tx.clock_time(m, "t")
        elif m.group("th3"):
            ct = time(int(m.group("th3")), int(m.group("tm3")))
            # the time, not the word of when before it
            yield m.start("th3"), m.end(), ct, _twenty_four(m.group("th3"))
            continue
        else:
            ct = time(int(m.group("th2")), int(m.group("tm2")))
        if ct is not None:
            yield m.start(), m.end(), ct, bool(m.group("tap")) or _twenty_four(m.group("th2"))


def _twenty_four(hour: str | None) -> bool:
    """ "06:45": a 24-hour clock says the hour outright; "6:45" may be morning or evening."""
    return hour is not None and len(hour) == 2 and hour.startswith("0")


_FIXED_WORDS = frozenset(
    ["yesterday", "today", "tonight", "tonite", "tomorrow", "tmrw", "tmr", "tomorow", "night"]
)
_FIXED_WORDS |= {"morning", "afternoon", "evening"}
_WEEKDAY_WORDS = frozenset(w for w in KEYWORDS if w[:3] in tx.WEEKDAYS)
_UNIT_WORDS = frozenset(
    ["day", "days", "week", "weeks", "weekend", "weekends", "month", "months", "year", "years"]
)
_SEASON_WORDS = frozenset(["summer", "winter", "spring", "autumn", "fall"])
_MONTH_WORDS = frozenset(tx.MONTHS)
# Each rule with the words one of which it needs; None: it needs a digit.
RULES: tuple[tuple[Callable[[str, datetime], Iterator[mb.Cand]], frozenset[str] | None], ...] = (
    (_fixed, _FIXED_WORDS),
    (_weekdays, _WEEKDAY_WORDS),
    (_relative, _UNIT_WORDS),
    (_periods, _UNIT_WORDS),
    (_seasons, _SEASON_WORDS),
    (calendar_dates, _MONTH_WORDS),
    (calendar_dates, None),  # ISO and numeric dates
    (_ordinal_days, None),
)
