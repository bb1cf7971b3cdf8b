"""Vocabulary and calendar arithmetic for the offline temporal planner.

English number words ("two hundred and forty", "twenty-first"), month and weekday names,
"the most recent such date not after now", and a dateparser wrapper that is only ever given
a short candidate span (dateparser is slow on whole sentences and too eager on them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import lru_cache

MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4,
    "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
    "december": 12, "dec": 12,
}  # fmt: skip
WEEKDAYS = {
    "monday": 1, "mon": 1, "tuesday": 2, "tue": 2, "tues": 2, "wednesday": 3, "wed": 3, "weds": 3,
    "thursday": 4, "thu": 4, "thur": 4, "thurs": 4, "friday": 5, "fri": 5, "saturday": 6,
    "sat": 6, "sunday": 7, "sun": 7,
}  # fmt: skip
WEEKDAY_NAMES = ("", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

_UNITS = {
    "zero": 0, "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19, "couple": 2, "few": 3, "several": 3,
}  # fmt: skip
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
_ORDINAL_UNITS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19,
}  # fmt: skip
_ORDINAL_TENS = {
    "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60,
    "seventieth": 70, "eightieth": 80, "ninetieth": 90,
}  # fmt: skip

# The words of a number written out, one to ninety, as a sum is spelled ("fifty dollars").
NUMBER_WORDS = frozenset(_UNITS) - {"zero", "a", "an", "couple", "few", "several"} | set(_TENS)
_UNIT_WORDS = "|".join(sorted(set(_UNITS) - {"a", "an"}, key=len, reverse=True))
_TENS_WORDS = "|".join(_TENS)
_ORD_UNIT_WORDS = "|".join(_ORDINAL_UNITS)
_ORD_TENS_WORDS = "|".join(_ORDINAL_TENS)

# A cardinal: digits, or words such as "two hundred and forty-two", "a couple of".
CARDINAL = (
    r"(?:(?:an?\s+)?(?:couple|few)(?:\s+of)?|"
    rf"\d+|(?:(?:{_UNIT_WORDS}|a|an)\s+hundred(?:\s+and)?[\s-]*)?"
    rf"(?:(?:{_TENS_WORDS})(?:[\s-]+(?:{_UNIT_WORDS}))?|{_UNIT_WORDS})"
    rf"|(?:{_UNIT_WORDS}|a|an)\s+hundred|a|an)"
)
# An ordinal: "3rd", "third", "twenty-first", "thirtieth".
ORDINAL = (
    rf"(?:\d+\s*(?:st|nd|rd|th)|(?:{_TENS_WORDS})[\s-]+(?:{_ORD_UNIT_WORDS})"
    rf"|{_ORD_TENS_WORDS}|{_ORD_UNIT_WORDS})"
)


def parse_cardinal(text: str) -> int | None:
    """'240', 'two hundred and forty', 'twenty-one', 'a', 'a couple of' -> int (None if not)."""
    words = re.sub(r"\b(?:and|of)\b", " ", text.lower()).replace("-", " ").split()
    if len(words) > 1 and words[0] in ("a", "an") and words[1] != "hundred":
        words = words[1:]  # "a couple", "a few": the article is not a count
    if not words:
        return None
    if len(words) == 1 and words[0].isdigit():
        return int(words[0])
    total, current = 0, 0
    for word in words:
        if word == "hundred":
            current = max(current, 1) * 100
        elif word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        else:
            return None
    return total + current


def parse_ordinal(text: str) -> int | None:
    """'3rd', 'third', 'twenty-first' -> int (None if not an ordinal)."""
    t = text.lower().strip()
    m = re.fullmatch(r"(\d+)\s*(?:st|nd|rd|th)", t)
    if m:
        return int(m.group(1))
    words = t.replace("-", " ").split()
    if len(words) == 1:
        return _ORDINAL_UNITS.get(words[0]) or _ORDINAL_TENS.get(words[0])
    if len(words) == 2 and words[0] in _TENS and words[1] in _ORDINAL_UNITS:
        return _TENS[words[0]] + _ORDINAL_UNITS[words[1]]
    return None


def parse_number(text: str) -> int | None:
    """A day-of-month or count written either way ('8', '8th', 'eighth', 'eight')."""
    return parse_ordinal(text) or parse_cardinal(text)


def most_recent(month: int, day: int, not_after: date) -> date | None:
    """The latest date with this month and day that is not after `not_after`."""
    for year in range(not_after.year, not_after.year - 8, -1):
        try:
            candidate = date(year, month, day)
        except ValueError:  # 29 February in a non-leap year, 31 April, ...
            continue
        if candidate <= not_after:
            return candidate
    return None


def most_recent_month(month: int, not_after: date) -> int:
    """The year of the latest occurrence of `month` that starts no later than `not_after`."""
    return not_after.year if month <= not_after.month else not_after.year - 1


def month_shift(day: date, months: int) -> tuple[int, int]:
    """(year, month) of the calendar month `months` after the one holding `day`."""
    index = day.year * 12 + (day.month - 1) + months
    return index // 12, index % 12 + 1


def month_bounds(year: int, month: int) -> tuple[date, date]:
    """First and last day of a calendar month."""
    nxt_y, nxt_m = (year + 1, 1) if month == 12 else (year, month + 1)
    return date(year, month, 1), date(nxt_y, nxt_m, 1) - timedelta(days=1)


def subtract_months(day: date, months: int) -> date:
    """`day` minus whole months, clamped to the month's last day (31 March - 1 = 28 Feb)."""
    year, month = month_shift(day, -months)
    return date(year, month, min(day.day, month_bounds(year, month)[1].day))


def previous_weekday(today: date, weekday: int) -> date:
    """The latest date strictly before `today` falling on ISO `weekday`."""
    back = (today.isoweekday() - weekday) % 7 or 7
    return today - timedelta(days=back)


def recent_weekday(today: date, weekday: int) -> date:
    """The latest date on or before `today` falling on ISO `weekday`."""
    return today - timedelta(days=(today.isoweekday() - weekday) % 7)


def next_weekday(today: date, weekday: int) -> date:
    """The earliest date strictly after `today` falling on ISO `weekday`."""
    return today + timedelta(days=(weekday - today.isoweekday()) % 7 or 7)


def upcoming_day_of_month(today: date, day: int) -> date:
    """The earliest date strictly after `today` that is the `day`-th of its month."""
    year, month = today.year, today.month
    for _ in range(13):
        d = safe_date(year, month, day)
        if d is not None and d > today:
            return d
        year, month = month_shift(date(year, month, 1), 1)
    return today


def season_bounds(year: int, season: str) -> tuple[date, date]:
    """First and last day of a meteorological northern-hemisphere season.

    Winter `year` is December of `year` to February of `year + 1`.
    """
    first = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}[season]
    end_y, end_m = month_shift(date(year, first, 1), 2)
    return date(year, first, 1), month_bounds(end_y, end_m)[1]


def safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def recent_day_of_month(today: date, day: int) -> date:
    """The latest date on or before `today` that is the `day`-th of its month."""
    year, month = today.year, today.month
    for _ in range(13):
        d = safe_date(year, month, day)
        if d is not None and d <= today:
            return d
        year, month = month_shift(date(year, month, 1), -1)
    return today


def ago_range(t: date, n: int, unit: str) -> tuple[date, date, str]:
    """The days meant by "n units ago"; a week or month ago is that calendar week/month."""
    if unit == "day" and n > 0:
        # Elapsed 24-hour periods and calendar days disagree whenever the message's clock
        # time is later than now's: 2.5 days back is "2 days ago" yet three dates back.
        d = t - timedelta(days=n)
        return d - timedelta(days=1), d, f"{d} (or the day before)"
    if unit == "day":
        return t, t, str(t)
    if unit == "week":
        monday = t - timedelta(days=t.weekday() + 7 * n)
        return monday, monday + timedelta(days=6), f"the week of {monday}"
    if unit == "month":
        year, month = month_shift(t, -n)
        first, last = month_bounds(year, month)
        return first, last, f"{first:%B %Y}"
    return date(t.year - n, 1, 1), date(t.year - n, 12, 31), str(t.year - n)


def past_start(t: date, n: int, unit: str) -> date:
    """Start of the rolling window "the past n units", which ends today."""
    if unit == "day":
        return t - timedelta(days=n)
    if unit == "week":
        return t - timedelta(days=7 * n)
    if unit == "month":
        return subtract_months(t, n)
    return subtract_months(t, 12 * n)


def calendar_previous(t: date, unit: str) -> tuple[date, date]:
    """The whole calendar unit before the current one ("last week" = Monday–Sunday)."""
    if unit == "day":
        d = t - timedelta(days=1)
        return d, d
    if unit == "week":
        monday = t - timedelta(days=t.weekday() + 7)
        return monday, monday + timedelta(days=6)
    if unit == "month":
        return month_bounds(*month_shift(t, -1))
    return date(t.year - 1, 1, 1), date(t.year - 1, 12, 31)


# --- clock times ---

DAY_PARTS = {
    "morning": (time(5), time(11, 59, 59)),
    "afternoon": (time(12), time(16, 59, 59)),
    "evening": (time(17), time(21, 59, 59)),
    "night": (time(21), time(4, 59, 59)),
    "noon": (time(11, 30), time(13, 30)),
    "lunchtime": (time(11, 30), time(14)),
    "midnight": (time(23), time(1)),
}


def clock_time(m: re.Match[str], p: str, fallback_ap: str | None = None) -> time | None:
    """The clock time in groups `<p>h`, `<p>m`, `<p>ap` of a match ("6pm", "18:30")."""
    hour = int(m.group(f"{p}h"))
    minute = int(m.group(f"{p}m") or 0)
    ap = (m.group(f"{p}ap") or fallback_ap or "").lower().replace(".", "")
    if not ap and m.group(f"{p}m") is None:
        return None  # a bare number ("after 3") is not a clock time
    if ap.startswith("p") and hour < 12:
        hour += 12
    if ap.startswith("a") and hour == 12:
        hour = 0
    return time(hour, minute) if hour < 24 and minute < 60 else None


def clock_window(word: str, t: time) -> tuple[time, time]:
    """The window of "after 6pm", "before 9am", "around 3pm"."""
    if word in ("after", "since", "past"):
        return t, time(23, 59, 59)
    if word == "before":
        return time(0), t
    anchor = datetime.combine(date(2000, 1, 2), t)  # "around 3pm": an hour either side
    return (anchor - timedelta(hours=1)).time(), (anchor + timedelta(hours=1)).time()


@lru_cache(maxsize=4096)
def parse_date_span(span: str, now: datetime) -> datetime | None:
    """dateparser on one short span, past-preferring and anchored at `now`."""
    import dateparser  # imported lazily: it takes ~0.5 s to load its language data

    settings = {
        "RELATIVE_BASE": now,
        "PREFER_DATES_FROM": "past",
        "REQUIRE_PARTS": ["day", "month"],
    }
    return dateparser.parse(span, languages=["en"], settings=settings)  # type: ignore[arg-type]


# --- calendar tokens: "May 8th", "8 May 2023", "the 3rd of June", "March 2023", "2023" ------

MONTH_FULL = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november"
    r"|december)"
)
MONTH_ANY = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
DAYNUM = rf"(?:{ORDINAL}|\d{{1,2}}(?!\d))"
YEAR = r"(?:19|20)\d{2}"


def _year_tail(group: str) -> str:
    return rf"(?:\s*,?\s*(?:of\s+)?(?P<{group}>{YEAR})\b(?!-\d))?"


# Words before a lone month name that make "may"/"march" a month, not a verb.
_MONTH_CUE = (
    r"in|during|of|since|from|for|through|throughout|until|till|by|early|late|mid|last|this"
    r"|whole|entire|and|to|between"
)

# The period of an abbreviated month ("Nov. 5"), not of a sentence ending in one.
_ABBR_DOT = r"(?<=\b(?:jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec))\.|(?<=\bsept)\."

# A month shortened and alone ("back in feb", "since sept", "end of oct"): chat's way of
# naming one. Only after a word that makes it a month: "Jan" is a name ("a text from jan").
_ABBR = r"(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)"
# …and with no cue, the ones no other word is spelt as ("the feb trip", "oct half term"):
# "jan" is a name and "mar" a verb.
_ABBR_ALONE = r"(?:feb|apr|jun|jul|aug|sept?|oct|nov|dec)"
_ABBR_CUES = (
    "in since during until till through throughout between early late mid last this next "
    "end_of start_of beginning_of middle_of"
)
_ABBR_CUED = (
    "(?:"
    + "|".join(rf"(?<=\b{cue.replace('_', ' ')} )" for cue in _ABBR_CUES.split())
    + r"|(?<=\bmid-))"
)

CALENDAR = re.compile(
    "|".join(
        [
            # "Nov. 5" is a date; "in november. 5-a-side, teams of 5" is not: a full month's
            # period ends its sentence, and "5-a-side" is no day.
            rf"\b(?P<m1>{MONTH_ANY})(?:{_ABBR_DOT})?\s+(?:the\s+)?(?P<d1>{DAYNUM})\b"
            r"(?!-[^\W\d_])" + _year_tail("y1"),
            # (the dot of "8 Sept." only: "the 8th of September." ends its sentence)
            rf"\b(?:the\s+)?(?P<d2>{DAYNUM})\s+(?:day\s+)?(?P<of>of\s+)?(?P<m2>{MONTH_ANY})\b"
            rf"(?:{_ABBR_DOT})?" + _year_tail("y2"),
            r"\b(?P<iso>(?:19|20)\d{2}-\d{1,2}-\d{1,2})\b",
            r"\b(?P<num>\d{1,2}/\d{1,2}/(?:\d{4}|\d{2}))\b",
            rf"\b(?P<m3>{MONTH_FULL})\b" + _year_tail("y3"),
            rf"(?:{_ABBR_CUED}\b(?P<m4>{_ABBR})|\b(?P<m5>{_ABBR_ALONE}))\b(?![.'’-]\w)"
            + _year_tail("y5"),
            rf"\b(?:in|during|of|since|for|throughout)\s+(?:the\s+year\s+)?(?P<y4>{YEAR})\b",
        ]
    ),
    re.IGNORECASE,
)


@dataclass(frozen=True)
class CalToken:
    """A calendar expression; `day` is None for a month, `month` None for a year."""

    start: int
    end: int
    text: str
    year: int | None
    month: int | None
    day: int | None


_MODAL_MAY = re.compile(r"\s+(?:i|we|you|he|she|they|it|be|have|not)\b", re.IGNORECASE)
_CUE_BEFORE = re.compile(rf"\b(?:{_MONTH_CUE})\s+(?:the\s+month\s+of\s+)?$", re.IGNORECASE)


def _month_word_ok(m: re.Match[str], word: str) -> bool:
    """'may' and 'march' are verbs too: lower-case ones need a cue word, a day or a year."""
    if word.lower() not in ("may", "march", "mar"):
        return True
    if any(m.groupdict().get(g) for g in ("y1", "y2", "y3", "d1", "d2")):
        return True  # "May 8th we ...", "on 9 march": a day or year makes it a date
    if _MODAL_MAY.match(m.string, m.end()):
        return False  # "May I ask ...": a modal verb even when capitalised
    if word[0].isupper():
        return True
    if any(m.groupdict().get(g) for g in ("of", "y1", "y2", "y3", "d1")):
        return True
    return bool(_CUE_BEFORE.search(m.string, 0, m.start()))


def calendar_tokens(text: str, now: datetime) -> list[CalToken]:
    """Every calendar date, month or year mentioned in `text`, left to right."""
    out = []
    for m in CALENDAR.finditer(text):
        tok = _token(m, now)
        if tok is not None:
            out.append(tok)
    return out


def _token(m: re.Match[str], now: datetime) -> CalToken | None:
    g = m.groupdict()
    span = (m.start(), m.end(), m.group(0))
    if g["iso"] or g["num"]:
        parsed = parse_date_span(g["iso"] or g["num"], now)
        return CalToken(*span, parsed.year, parsed.month, parsed.day) if parsed else None
    if g["y4"]:
        return CalToken(*span, int(g["y4"]), None, None)
    word = g["m1"] or g["m2"] or g["m3"] or g["m4"] or g["m5"]
    if not _month_word_ok(m, word):
        return None
    month = MONTHS[word.lower()[:3] if word.lower()[:4] != "sept" else "sep"]
    year_text = g["y1"] or g["y2"] or g["y3"] or g["y5"]
    year = int(year_text) if year_text else None
    day_text = g["d1"] or g["d2"]
    day = parse_number(day_text) if day_text else None
    if day is not None and not 1 <= day <= 31:
        return None
    return CalToken(*span, year, month, day)


# Public entry points for agent.mentions, which reads the same calendar tokens in messages.


def calendar_token(m: re.Match[str], now: datetime) -> CalToken | None:
    """The CalToken of one CALENDAR match (None when it is not a date, e.g. "May I")."""
    return _token(m, now)


def month_word_ok(m: re.Match[str], word: str) -> bool:
    """Whether the month word of a CALENDAR match is a month rather than a verb."""
    return _month_word_ok(m, word)


def month_cue_before(text: str, pos: int) -> bool:
    """Whether a month cue word ("in", "early", "last", ...) ends right before `pos`."""
    return bool(_CUE_BEFORE.search(text, 0, pos))


# "the saturday long runs", "our monday calls", "how many saturday 5ks": a weekday before a
# plural noun names a habit. Counted or gathered without a determiner too; not after "which"
# ("which saturday works?" asks for a day).
_HABIT_BEFORE = re.compile(
    r"\b(?:the|our|my|your|their|his|her|those|these|how\s+many|all)\s+$", re.IGNORECASE
)
_HABIT_AFTER = re.compile(r"\s+(?:[^\W\d_]+\s+)?(?P<n>\d*[^\W\d_]*[^\Wsu\d_]s)\b", re.IGNORECASE)


def weekday_habit(text: str, start: int, end: int) -> str | None:
    """The plural noun a weekday at text[start:end] qualifies ("the saturday long runs" →
    "runs"): a habit, not a date. None when it is not so used."""
    if not _HABIT_BEFORE.search(text, 0, start):
        return None
    after = _HABIT_AFTER.match(text, end)
    return after.group("n").lower() if after else None
