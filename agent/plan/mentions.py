"""Time mentions inside a message, resolved against the message's own timestamp.

`find_mentions(text, written)` is pure: the only clock is `written`, the time the message was
sent. Each `Mention` is a span of the text and the interval it speaks of. English lives here,
Japanese in agent.mentions_ja; vocabulary and calendar arithmetic come from agent.timeexpr.
dateparser is only given numeric dates ("12/25/2024"), never a sentence.

Rules (the tests in tests/test_mentions.py hold the engine to them):

* Intervals are half-open: `start` inclusive, `end` exclusive, in `written`'s timezone (naive
  stays naive). A day is [00:00, next 00:00); a clock time is one minute long.
* Granularity: "time", "part_of_day", "day", "weekend", "week", "month", "season", "year".
  Weeks run Monday to Sunday; a weekend is Saturday 00:00 to Monday 00:00. Seasons are
  meteorological, northern hemisphere: spring March-May, summer June-August, autumn/fall
  September-November, winter December to February of the next year. Parts of the day:
  morning 05-12, afternoon 12-17, evening 17-22, night (and tonight) 18:00 to 05:00 next day.
* `direction` compares the interval with `written`: "past" if it ends by then, "future" if it
  starts after, else "present".
* "in 2 weeks", "3 weeks ago" are the calendar week (month, year) holding that day; "in 3
  days", "two days ago" the day. "in N days" after a negation ("haven't talked in a few
  days") is a duration and no mention.
* Week words fix a weekday: "this Friday" is the Friday of the current week, "next Friday"
  the Friday of next week (as 来週の金曜日), "last Friday" the latest Friday before the day
  written. A date written next to a weekday wins ("next Tuesday, September 29th",
  "Saturday the 17th"); the weekday only chooses between the candidate years or months.
* Tense rule. A bare weekday, "the 14th", a month or a date without a year and a clock time
  without a day take their direction from the cue word nearest to them in their clause
  (commas, semicolons and dashes end a clause); failing that, from the sentence's auxiliaries
  and irregular verbs (not its -ed words); failing that, a question is a proposal ("gym
  tuesday?" is future). Past cues: was/were/did/had/went/got and other irregular pasts,
  words in -ed (not adjectives such as excited/booked, nor present passives "is confirmed"),
  "since", "still" ("still hurts from thursday"), "ago". Future cues: will/'ll/shall/going
  to/gonna, let's, works, free, see you, can/could/should we, how about, want to, hope,
  planning, until/till, "I'm leaving", "moved to", and the present is/are ("mum's bday is
  the 16th": the coming one). Past picks the latest occurrence before the day written,
  future the earliest after (today counts for dates and months, not for weekdays or "the
  14th"). With no cue a weekday or "the 14th" is the coming one (chat about a bare day is
  mostly planning: "Trail on Saturday starts at 8"), and a month or a date is the nearest
  occurrence either way, ties going to the future. "until/till/by the 20th" is future,
  "since the 2nd" past. "over the weekend" with no cue is the last one early in the
  week (Monday-Wednesday), else the coming one; "the weekend" needs a cue.
* A clock time belongs to the nearest day mention in its sentence, else to the message's
  first one ("Saturday works. 8am?" is Saturday 08:00). Without am/pm, an hour after an
  afternoon/evening/night is pm, and 1-6 on a day is pm ("Thursday at 3"); a bare hour
  ("at 3") only counts right after a day, or ending a clause after one in its sentence.
  With no day at all, a time is the next such time from `written` (the latest one in the
  past tense), either half of the day for "7:30".
* Not times: lower-case "may", "march", "sun", "sat", "wed" are words; month and weekday
  abbreviations need a capital and a temporal neighbour ("Sat 8am", "on Sun", "free Wed");
  "May I", "March on", "May the ..." are verbs; "every Monday", "Sundays" are habits;
  "Friday's child", "girl Friday" are idioms; "the 2nd floor", "in the 4th" are not days.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from agent.plan import timeexpr as tx

__all__ = ["Mention", "find_mentions"]


@dataclass(frozen=True)
class Mention:
    start_char: int
    end_char: int
    text: str
    start: datetime
    end: datetime
    granularity: str
    direction: str


@dataclass
class _Cand:
    """A matched span, before overlapping ones are settled."""

    start_char: int
    end_char: int
    start: datetime
    end: datetime
    granularity: str


def _mk(start: int, end: int, res: tuple[datetime, datetime, str]) -> _Cand:
    return _Cand(start, end, res[0], res[1], res[2])


# --- pre-filter ------------------------------------------------------------------------------

# Every word that can be part of an English mention. Most messages hold none, and then a
# set lookup over their words is all the work done (one big regex alternation is ~10x slower).
_KEYWORDS = frozenset(
    """yesterday today tonight tonite tomorrow tmrw tmr tomorow night morning afternoon evening
    day days week weeks weekend weekends month months year years summer winter spring autumn
    fall noon midnight midday monday tuesday wednesday thursday friday saturday sunday mon tue
    tues wed thu thur thurs fri sat sun january february march april may june july august
    september october november december jan feb mar apr jun jul aug sep sept oct nov dec""".split()  # noqa: SIM905
)
_WORDS = re.compile(r"[a-z]+")
_DIGIT = re.compile(r"\d")
_DIGIT_TIME = re.compile(r"\d(?:\s*(?:st|nd|rd|th|[ap]\.?m)\b|:\d\d|/\d)|\b(?:19|20)\d\d\b", re.I)
_CJK_TIME = re.compile(r"[日週月年朝夜晩時曜]|あした|あす|きのう|きょう|おととい|あさって|ゆうべ")


def _may_mention(text: str) -> bool:
    if not _KEYWORDS.isdisjoint(_WORDS.findall(text.lower())):
        return True
    if _DIGIT.search(text) and _DIGIT_TIME.search(text):
        return True
    return bool(_CJK_TIME.search(text))


_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

# --- tense -----------------------------------------------------------------------------------

_NOT_PAST_ED = (
    "need|feed|speed|seed|indeed|weed|bleed|breed|proceed|exceed|succeed|embed|excited"
    "|interested|scheduled|planned|booked|supposed|tired|worried|bored|thrilled|pumped|stoked"
    "|concerned|invited|prepared|hundred|sacred|wicked|naked|kindred|ragged"
)
_PAST_CUE = re.compile(
    r"\b(?:was|were|wasn't|weren't|did|didn't|had|went|got|came|saw|met|made|took|gave|said"
    r"|told|left|bought|brought|ran|won|lost|found|felt|thought|heard|wrote|spent|sent|ate"
    r"|drank|slept|began|became|kept|paid|caught|taught|flew|drove|rode|forgot|been|ago|since"
    r"|still|woke|wore|broke|chose|spoke|froze|fell|held|knew|grew|threw|drew|sang|swam|stood"
    r"|sold|built|meant|fought|fed|led|hid|shot|beat|hung|struck|stuck|dug|shook|laid"
    rf"|(?P<ed>(?!(?:{_NOT_PAST_ED})\b)[a-z]{{3,}}ed))\b",
    re.IGNORECASE,
)
# "is booked", "are confirmed": a present passive says nothing about the past.
_PASSIVE_BEFORE = re.compile(r"\b(?:is|are|am|be|being|get|gets|'s|'re|'m)\s+$", re.IGNORECASE)
_FUTURE_CUE = re.compile(
    r"\b(?:will|won't|shall|gonna|going\s+to|let's|lets|works?\s+for|works|free|available"
    r"|see\s+you|wanna|want\s+to|hope|hoping|planning|plan\s+to|can't\s+wait|looking\s+forward"
    r"|(?:can|could|should)\s+(?:we|you|i)|how\s+about|what\s+about|coming\s+up|upcoming"
    r"|(?:i'm|im|we're|you're|is|are|am)\s+(?:\w+ing|off)|until|till|should|might|must"
    r"|need\s+to|have\s+to|has\s+to|gotta|leaving|heading|flying|coming|starting|arriving"
    r"|(?:moved|pushed|postponed|rescheduled|changed|bumped)(?:\s+(?:it|back))?\s+(?:to|till)"
    r"|is|are|isn't|aren't|(?:it|that|there|what|he|she|who)'s)\b|\w'll\b",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?\n。！？]+\s*")
_CLAUSE_END = re.compile(r"[.!?\n。！？,;:()]+\s*|\s+[-–—]+\s+")


def _sentence(
    text: str, start: int, end: int, rx: re.Pattern[str] = _SENTENCE_END
) -> tuple[int, int]:
    left = 0
    for m in rx.finditer(text, 0, start):
        left = m.end()
    after = rx.search(text, end)
    return left, (after.start() if after else len(text))


def tense(text: str, start: int, end: int, question: bool = True) -> str | None:
    """'past', 'future' or None, from the cue word nearest the span in its clause.

    With no cue in the clause, the sentence's auxiliaries and irregular verbs decide ("she
    already did, at 8am"), but not its -ed words or "is" (those belong to their own clause);
    then a question ("gym tuesday?") is a proposal, so future.
    """
    if _CJK.search(text, start, end):
        from agent.plan.mentions_ja import tense_ja

        return tense_ja(text, end)
    found = _nearest_cue(text, start, end, _sentence(text, start, end, _CLAUSE_END), True)
    if found is None:
        found = _nearest_cue(text, start, end, _sentence(text, start, end), False)
    if found is not None:
        return found
    s_right = _sentence(text, start, end)[1]
    return "future" if question and text[s_right : s_right + 1] == "?" else None


_WEAK_FUTURE = re.compile(r"(?:is|are|isn't|aren't|\w+'s)$", re.IGNORECASE)


def _nearest_cue(
    text: str, start: int, end: int, bounds: tuple[int, int], weak: bool
) -> str | None:
    best: tuple[int, str] | None = None
    for rx, label in ((_PAST_CUE, "past"), (_FUTURE_CUE, "future")):
        for m in rx.finditer(text, *bounds):
            if start <= m.start() < end:
                continue  # the mention's own words ("ago", "weekend") are not its tense
            if (
                label == "past"
                and m.group("ed")
                and (not weak or _PASSIVE_BEFORE.search(text, 0, m.start()))
            ):
                continue  # an -ed word elsewhere in the sentence, or a present passive
            if label == "future" and not weak and _WEAK_FUTURE.match(m.group(0)):
                continue
            dist = start - m.end() if m.end() <= start else m.start() - end
            if best is None or dist < best[0]:
                best = (dist, label)
    return best[1] if best else None


# --- helpers ---------------------------------------------------------------------------------


def _dt(d: date, t: time, like: datetime) -> datetime:
    return datetime.combine(d, t, tzinfo=like.tzinfo)


def _days(first: date, last: date, gran: str, w: datetime) -> tuple[datetime, datetime, str]:
    return _dt(first, time(), w), _dt(last + timedelta(days=1), time(), w), gran


def _monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def _pick(past: date, future: date, today: date, direction: str | None) -> date:
    if direction == "past":
        return past
    if direction == "future":
        return future
    return past if (today - past) < (future - today) else future


# Parts of the day as [start, end) offsets from midnight; night runs into the next morning.
PARTS = {
    "morning": (timedelta(hours=5), timedelta(hours=12)),
    "afternoon": (timedelta(hours=12), timedelta(hours=17)),
    "evening": (timedelta(hours=17), timedelta(hours=22)),
    "night": (timedelta(hours=18), timedelta(hours=29)),
}


def _part(d: date, part: str, w: datetime) -> tuple[datetime, datetime, str]:
    a, b = PARTS[part]
    base = _dt(d, time(), w)
    return base + a, base + b, "part_of_day"


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


def _fixed(text: str, w: datetime) -> Iterator[_Cand]:
    today = w.date()
    for m in _FIXED.finditer(text):
        g = m.groupdict()
        if g["dby"] or g["dat"]:
            d = today + timedelta(days=-2 if g["dby"] else 2)
            yield _mk(*m.span(), _days(d, d, "day", w))
        elif g["last_night"]:
            yield _mk(*m.span(), _part(today - timedelta(days=1), "night", w))
        elif g["tonight"]:
            yield _mk(*m.span(), _part(today, "night", w))
        elif g["part"]:
            yield _mk(*m.span(), _part(today, g["part"].lower(), w))
        else:
            d = today + timedelta(days=_FIXED_OFFSET.get(g["word"].lower(), 1))
            if g["part2"]:
                yield _mk(*m.span(), _part(d, g["part2"].lower(), w))
            else:
                yield _mk(*m.span(), _days(d, d, "day", w))


_WD_FULL = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_WD_ABBR = r"Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun"
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
_ABBR_CONTEXT_BEFORE = re.compile(
    r"\b(?:by|until|till|from|before|after|since|free|works?|see\s+you)\s+$", re.IGNORECASE
)
_ABBR_CONTEXT_AFTER = re.compile(
    r"\s*(?:,?\s*(?:the\s+)?\d|,?\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|@|at\s+\d)",
    re.IGNORECASE,
)


def _weekdays(text: str, w: datetime) -> Iterator[_Cand]:
    today = w.date()
    for m in _WEEKDAY.finditer(text):
        mod = (m.group("mod") or "").lower()
        mod = "" if mod == "on" else " ".join(mod.split())
        word = m.group("full") or m.group("abbr")
        if m.group("abbr"):
            # "sun", "sat", "wed" are words: a capital and a temporal neighbour are needed.
            if not word[0].isupper():
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
        wd = tx.WEEKDAYS[word.lower().rstrip(".")]
        span_start = m.start() if mod else m.start("full") if m.group("full") else m.start("abbr")
        end = m.end()
        explicit = _explicit_after(text, end, w)
        direction = tense(text, span_start, end)
        if mod in ("coming", "this coming"):
            d = tx.next_weekday(today - timedelta(days=1), wd)
        elif mod == "this":
            d = _monday(today) + timedelta(days=wd - 1)
            if d < today and direction == "future":
                d += timedelta(days=7)
        elif mod == "next":
            d = _monday(today) + timedelta(days=7 + wd - 1)
            direction = "future"
        elif mod == "last":
            d = tx.previous_weekday(today, wd)
            direction = "past"
        else:
            d = _pick(
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
            yield _mk(span_start, end, _part(d, m.group("part").lower(), w))
        else:
            yield _mk(span_start, end, _days(d, d, "day", w))


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
    if direction == "future":
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


def _shift(d: date, n: int, unit: str) -> date:
    if unit == "day":
        return d + timedelta(days=n)
    if unit in ("week", "weekend"):
        return d + timedelta(weeks=n)
    months = n if unit == "month" else 12 * n
    y, mo = tx.month_shift(d, months)
    return date(y, mo, min(d.day, tx.month_bounds(y, mo)[1].day))


def _unit_interval(d: date, unit: str, w: datetime) -> tuple[datetime, datetime, str]:
    """The calendar unit holding `d`."""
    if unit == "day":
        return _days(d, d, "day", w)
    if unit == "week":
        return _days(_monday(d), _monday(d) + timedelta(days=6), "week", w)
    if unit == "month":
        return _days(*tx.month_bounds(d.year, d.month), "month", w)
    return _days(date(d.year, 1, 1), date(d.year, 12, 31), "year", w)


def _relative(text: str, w: datetime) -> Iterator[_Cand]:
    today = w.date()
    for m in _RELATIVE.finditer(text):
        g = m.groupdict()
        if g["n_past"]:
            n = tx.parse_cardinal(g["n_past"])
            if not n:
                continue
            unit = g["unit3"].lower()
            start = _shift(today, -n, unit)
            yield _mk(*m.span(), (*_days(start, today, unit, w)[:2], unit))
            continue
        n = tx.parse_cardinal(g["n_in"] or g["n_ago"])
        if n is None or n > _MAX_COUNT:
            continue  # "in 99999 days" is hyperbole, not a date
        if g["n_in"] and _NEGATED.search(
            text, _sentence(text, *m.span(), _CLAUSE_END)[0], m.start()
        ):
            continue  # "haven't talked in a few days" is a duration, not a date
        unit = (g["unit"] or g["unit2"]).lower()
        sign = -1 if (g["how"] or "").lower() == "ago" else 1
        if unit == "weekend":
            sat = _monday(today) + timedelta(days=5 + 7 * sign * n)
            yield _mk(*m.span(), _days(sat, sat + timedelta(days=1), "weekend", w))
            continue
        yield _mk(*m.span(), _unit_interval(_shift(today, sign * n, unit), unit, w))


_PERIOD = re.compile(
    r"\b(?:(?P<mod>last|this|next|coming|the\s+coming|the\s+following|over\s+the|the)\s+)"
    r"(?P<unit>weekend|week|month|year)\b(?P<after>\s+after\s+next\b)?",
    re.IGNORECASE,
)


def _periods(text: str, w: datetime) -> Iterator[_Cand]:
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
            direction = tense(text, m.start(), m.end(), question=mod == "the")
            if direction is None and mod == "the":
                continue
            if direction is None:
                # Early in the week "over the weekend" is the one just gone.
                direction = "past" if today.isoweekday() <= 3 else "future"
            shift = -1 if direction == "past" and today.isoweekday() < 6 else 0
        else:
            shift = {"last": -1, "this": 0}.get(mod, 1)
        if unit == "weekend":
            sat = _monday(today) + timedelta(days=5 + 7 * shift)
            yield _mk(*m.span(), _days(sat, sat + timedelta(days=1), "weekend", w))
        elif unit == "week":
            yield _mk(*m.span(), _unit_interval(today + timedelta(weeks=shift), "week", w))
        elif unit == "month":
            y, mo = tx.month_shift(today, shift)
            yield _mk(*m.span(), _unit_interval(date(y, mo, 1), "month", w))
        else:
            yield _mk(*m.span(), _unit_interval(date(today.year + shift, 1, 1), "year", w))


_SEASON = re.compile(
    r"\b(?:(?P<mod>last|this|next|coming|the\s+coming|in\s+the|over\s+the|during\s+the)\s+)?"
    r"(?P<s>spring|summer|autumn|fall|winter)\b"
    rf"(?:\s+(?:of\s+)?(?P<y>{tx.YEAR})\b)?",
    re.IGNORECASE,
)


def _seasons(text: str, w: datetime) -> Iterator[_Cand]:
    today = w.date()
    for m in _SEASON.finditer(text):
        name = m.group("s").lower()
        name = "autumn" if name == "fall" else name
        mod = " ".join((m.group("mod") or "").lower().split())
        if m.group("y"):
            first, last = tx.season_bounds(int(m.group("y")), name)
            start = m.start("s") if mod.startswith(("in", "over", "during")) else m.start()
            yield _mk(start, m.end(), _days(first, last, "season", w))
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
            direction = tense(text, m.start(), m.end())
            chosen = current or (before[-1] if direction == "past" else after[0])
            if direction == "past" and not current:
                chosen = before[-1]
            elif current is None and direction is None:
                continue
        start = m.start("s") if mod.startswith(("in", "over", "during")) else m.start()
        yield _mk(start, m.end(), _days(chosen[0], chosen[1], "season", w))


_MONTH_MOD = re.compile(r"\b(?P<mod>last|next|this|coming)\s+$", re.IGNORECASE)
_VERB_AFTER_MONTH = re.compile(
    r"\s+(?:on|forward|ahead|off|into|out|down|up|along|the|your|all|god|this|that)\b", re.I
)
_DAY_MONTH = re.compile(
    r"\b(?:on|by|until|till|from|before|after|since)\s+(?P<d>\d{1,2})/(?P<mo>\d{1,2})(?![/\d])"
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


def _calendar(text: str, w: datetime) -> Iterator[_Cand]:
    today = w.date()
    for m in tx.CALENDAR.finditer(text):
        g = m.groupdict()
        word = g["m1"] or g["m2"] or g["m3"]
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
            yield _mk(start, end, _days(d, d, "day", w))
            continue
        if tok is None:
            continue
        mod_m = _MONTH_MOD.search(text, 0, start)
        mod = mod_m.group("mod").lower() if mod_m else ""
        if mod_m:
            start = mod_m.start()
        direction = {"last": "past", "next": "future", "coming": "future"}.get(mod)
        if direction is None and mod != "this":
            direction = tense(text, start, end)
        if tok.month is None:  # a year
            y = tok.year or today.year
            yield _mk(start, end, _days(date(y, 1, 1), date(y, 12, 31), "year", w))
        elif tok.day is None:
            y = tok.year or _month_year(tok.month, today, direction, mod == "this")
            first, last = tx.month_bounds(y, tok.month)
            yield _mk(start, end, _days(first, last, "month", w))
        else:
            if tok.year is not None:
                d2 = tx.safe_date(tok.year, tok.month, tok.day)
            else:
                d2 = _month_day(tok.month, tok.day, today, direction)
            if d2 is not None:
                yield _mk(start, end, _days(d2, d2, "day", w))
    for m in _DAY_MONTH.finditer(text):
        day, month = int(m.group("d")), int(m.group("mo"))
        if month > 12 >= day:
            day, month = month, day  # "on 9/29": month first when the day cannot be a month
        d3 = _month_day(month, day, today, tense(text, *m.span()))
        if d3 is not None:
            yield _mk(m.start("d"), m.end(), _days(d3, d3, "day", w))


def _month_year(month: int, today: date, direction: str | None, this: bool) -> int:
    if this or month == today.month:
        return today.year
    past = tx.most_recent_month(month, today)
    future = past + 1
    if direction == "past":
        return past
    if direction == "future":
        return future
    back = (today.year - past) * 12 + today.month - month
    ahead = (future - today.year) * 12 + month - today.month
    return past if back < ahead else future


def _month_day(month: int, day: int, today: date, direction: str | None) -> date | None:
    past = tx.most_recent(month, day, today)
    future = None
    for y in range(today.year, today.year + 8):
        cand = tx.safe_date(y, month, day)
        if cand is not None and cand >= today:
            future = cand
            break
    if past is None or future is None:
        return past or future
    return _pick(past, future, today, direction)


_ORD_DAY = re.compile(
    r"\b(?P<prep>on|by|until|till|from|before|after|since|for)?\s*the\s+"
    r"(?P<d>\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\b(?!\s+(?:last|this|next)\s+month)|century|floor|time|place|grade|birthday"
    r"|anniversary|round|row|try|attempt|edition|street|st\b|avenue|ave\b))",
    re.IGNORECASE,
)
_ORD_FOLLOW_OK = re.compile(
    r"(?:\s*(?:[.,!?;:)\n]|$)|\s+(?:at|is|was|works|then|and|or|but|so|we|i|you|he|she|they"
    r"|it|in|when|if|because|morning|afternoon|evening|night|instead|too|right|maybe)\b)",
    re.IGNORECASE,
)


_OF_MONTH = re.compile(r"\s+of\s+(?P<mod>last|this|next)\s+month\b", re.IGNORECASE)
_ORD_BAD_BEFORE = re.compile(r"\b(?:in|of|at|into|during)\s+$", re.IGNORECASE)
_PREP_DIRECTION = {"until": "future", "till": "future", "by": "future", "since": "past"}
_WD_AFTER_ORD = re.compile(rf",?\s+(?P<wd>{_WD_FULL})\b", re.IGNORECASE)


def _ordinal_days(text: str, w: datetime) -> Iterator[_Cand]:
    today = w.date()
    for m in _ORD_DAY.finditer(text):
        day = int(m.group("d"))
        if not 1 <= day <= 31:
            continue
        if (
            not m.group("prep")
            and not _ORD_FOLLOW_OK.match(text, m.end())
            and not _OF_MONTH.match(text, m.end())
        ):
            continue
        if not m.group("prep") and _ORD_BAD_BEFORE.search(text, 0, m.start() + 1):
            continue  # "in the 4th", "of the 3rd": an inning, a grade, a place
        start = m.start() if m.group("prep") else m.start() + m.group(0).lower().index("the")
        prep = (m.group("prep") or "").lower()
        direction = _PREP_DIRECTION.get(prep) or tense(text, start, m.end())
        end = m.end()
        of_m = _OF_MONTH.match(text, end)
        if of_m is not None:
            # "the 1st of next month"
            shift = {"last": -1, "this": 0, "next": 1}[of_m.group("mod").lower()]
            y, mo = tx.month_shift(today, shift)
            found = tx.safe_date(y, mo, day)
            if found is not None:
                yield _mk(start, of_m.end(), _days(found, found, "day", w))
            continue
        wd_m = _WD_AFTER_ORD.match(text, end)
        if wd_m is not None:
            # "the 18th, wednesday": the weekday picks the month holding that date.
            wd = tx.WEEKDAYS[wd_m.group("wd").lower()]
            guess = tx.upcoming_day_of_month(today, day) if direction != "past" else today
            found = _explicit_date(None, day, None, today, direction, wd, guess)
            if found is not None:
                yield _mk(start, wd_m.end(), _days(found, found, "day", w))
                continue
        d = _pick(
            tx.recent_day_of_month(today - timedelta(days=1), day),
            tx.upcoming_day_of_month(today, day),
            today,
            direction or "future",
        )
        yield _mk(start, end, _days(d, d, "day", w))


_CLOCK = re.compile(
    r"(?:\b(?:at|@)\s*|(?<![\w:/.]))"
    r"(?:(?P<th>\d{1,2})(?::(?P<tm>[0-5]\d))?\s*(?P<tap>[ap]\.?m\b\.?)"
    r"|(?P<th2>[01]?\d|2[0-3]):(?P<tm2>[0-5]\d)(?![\d:])"
    r"|(?P<word>noon|midday|midnight))",
    re.IGNORECASE,
)


def _clocks(text: str) -> Iterator[tuple[int, int, time, bool]]:
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
        else:
            ct = time(int(m.group("th2")), int(m.group("tm2")))
        if ct is not None:
            yield m.start(), m.end(), ct, bool(m.group("tap"))


# --- assembly --------------------------------------------------------------------------------

_FIXED_WORDS = frozenset(
    ["yesterday", "today", "tonight", "tonite", "tomorrow", "tmrw", "tmr", "tomorow", "night"]
)
_FIXED_WORDS |= {"morning", "afternoon", "evening"}
_WEEKDAY_WORDS = frozenset(w for w in _KEYWORDS if w[:3] in tx.WEEKDAYS)
_UNIT_WORDS = frozenset(
    ["day", "days", "week", "weeks", "weekend", "weekends", "month", "months", "year", "years"]
)
_SEASON_WORDS = frozenset(["summer", "winter", "spring", "autumn", "fall"])
_MONTH_WORDS = frozenset(tx.MONTHS)
_CLOCK_WORDS = frozenset(("noon", "midday", "midnight"))
# Each rule with the words one of which it needs; None: it needs a digit.
_RULES: tuple[tuple[Callable[[str, datetime], Iterator[_Cand]], frozenset[str] | None], ...] = (
    (_fixed, _FIXED_WORDS),
    (_weekdays, _WEEKDAY_WORDS),
    (_relative, _UNIT_WORDS),
    (_periods, _UNIT_WORDS),
    (_seasons, _SEASON_WORDS),
    (_calendar, _MONTH_WORDS),
    (_calendar, None),  # ISO and numeric dates
    (_ordinal_days, None),
)
_DAYLIKE = ("day", "part_of_day")


def _settle(cands: list[_Cand]) -> list[_Cand]:
    """Longest match first among overlapping spans, then left to right."""
    chosen: list[_Cand] = []
    for c in sorted(cands, key=lambda c: (-(c.end_char - c.start_char), c.start_char)):
        if all(c.end_char <= o.start_char or c.start_char >= o.end_char for o in chosen):
            chosen.append(c)
    return sorted(chosen, key=lambda c: c.start_char)


def _anchor_day(text: str, pos: int, days: list[_Cand]) -> _Cand | None:
    """The day a clock time at `pos` belongs to: the nearest in its sentence, else the first."""
    if not days:
        return None
    left, right = _sentence(text, pos, pos)
    same = [d for d in days if left <= d.start_char and d.end_char <= right]
    if not same:
        return days[0]  # the day the message is about comes first ("X instead of Y. 18:40")

    def dist(d: _Cand) -> tuple[int, int]:
        return (pos - d.end_char, 0) if d.end_char <= pos else (d.start_char - pos, 1)

    return min(same, key=dist)


_BARE_HOUR = re.compile(
    r",?\s*(?:at|@)\s*(?P<h>1[0-2]|[1-9])(?![\d:.]|\s*(?:[ap]\.?m|%|h\b))", re.I
)


_BARE_HOUR_END = re.compile(r"\bat\s+(?P<h>1[0-2]|[1-9])(?=\s*(?:[.,!?;)\n]|$))", re.I)


def _bare_hours(text: str, days: list[_Cand]) -> Iterator[tuple[int, int, time, bool]]:
    """ "Thursday at 3", "Saturday starts at 8.": an hour with no am/pm only counts right
    after a day, or closing a clause that follows one in the same sentence."""
    for d in days:
        m = _BARE_HOUR.match(text, d.end_char)
        if m is None:
            m = _BARE_HOUR_END.search(text, d.end_char, _sentence(text, d.end_char, d.end_char)[1])
        if m is not None:
            yield (
                m.start() + m.group(0).index(m.group(0).lstrip(", ")[0]),
                m.end(),
                (time(int(m.group("h")))),
                False,
            )


def _attach_clocks(
    text: str,
    w: datetime,
    clocks: list[tuple[int, int, time, bool]],
    cands: list[_Cand],
    found: list[_Cand],
) -> None:
    days = [c for c in cands if c.granularity in _DAYLIKE]
    clocks = clocks + list(_bare_hours(text, days))
    for start, end, t, has_ap in clocks:
        if any(start < c.end_char and c.start_char < end for c in cands):
            continue
        anchor = _anchor_day(text, start, days)
        if anchor is not None:
            day = anchor.start.date()
            if not has_ap and t.hour < 12:
                if anchor.granularity == "part_of_day" and anchor.start.hour >= 12:
                    t = time(t.hour + 12, t.minute)  # "tonight at 7:30" is 19:30
                elif anchor.granularity == "day" and 1 <= t.hour <= 6:
                    t = time(t.hour + 12, t.minute)  # "Thursday at 3" is a meeting, not 3 am
            at = _dt(day, t, w)
            if anchor.granularity == "part_of_day" and at < anchor.start:
                at += timedelta(days=1)  # "tonight at 1am" is after midnight
        else:
            at = _clock_alone(t, has_ap, w, tense(text, start, end))
        found.append(_Cand(start, end, at, at + timedelta(minutes=1), "time"))


def _clock_alone(t: time, has_ap: bool, w: datetime, direction: str | None) -> datetime:
    """A time of day with no day: the next one (the latest one in the past tense); "7:30"
    without am/pm may be either half of the day."""
    hours = [t.hour] if has_ap or t.hour >= 12 or t.hour == 0 else [t.hour, t.hour + 12]
    options = []
    for h in hours:
        at = _dt(w.date(), time(h, t.minute), w)
        for k in (-1, 0, 1):
            options.append(at + timedelta(days=k))
    if direction == "past":
        return max(o for o in options if o <= w)
    return min(o for o in options if o >= w)


def _direction(c: _Cand, w: datetime) -> str:
    if c.end <= w:
        return "past"
    if c.start > w:
        return "future"
    return "present"


def _collect(into: list[_Cand], rule: Iterator[_Cand]) -> None:
    """Run a rule; a date beyond the calendar ("99999 years ago") ends that rule's matches
    for this message rather than the ingest."""
    with contextlib.suppress(ValueError, OverflowError):
        into.extend(rule)


def find_mentions(text: str, written: datetime) -> list[Mention]:
    """Every time expression in `text`, resolved against `written` (see the module doc)."""
    if not _may_mention(text):
        return []
    cands: list[_Cand] = []
    words = set(_WORDS.findall(text.lower()))
    digits = _DIGIT.search(text) is not None
    ran: set[Callable[[str, datetime], Iterator[_Cand]]] = set()
    for rule, needs in _RULES:
        if rule not in ran and (digits if needs is None else not needs.isdisjoint(words)):
            ran.add(rule)
            _collect(cands, rule(text, written))
    clocks = list(_clocks(text)) if digits or not _CLOCK_WORDS.isdisjoint(words) else []
    if _CJK.search(text):
        from agent.plan.mentions_ja import ja_candidates, ja_clocks  # only CJK text pays for it

        _collect(cands, ja_candidates(text, written))
        clocks.extend(ja_clocks(text))
    cands = _settle(cands)
    found = list(cands)
    try:
        _attach_clocks(text, written, clocks, cands, found)
    except (ValueError, OverflowError):
        found = list(cands)  # written at the very edge of the calendar (year 1 or 9999)
    found.sort(key=lambda c: c.start_char)
    return [
        Mention(
            c.start_char,
            c.end_char,
            text[c.start_char : c.end_char],
            c.start,
            c.end,
            c.granularity,
            _direction(c, written),
        )
        for c in found
    ]
