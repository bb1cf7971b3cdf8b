"""Time mentions inside a message, resolved against the message's own timestamp.

`find_mentions(text, written)` is pure: the only clock is `written`, the time the message was
sent. Each `Mention` is a span of the text and the interval it speaks of. This module is the
API and the assembly (pre-filter, overlaps, clock times); the English rules live in
agent.plan.mentions_en (calendar dates in agent.plan.mentions_calendar), the Japanese in
agent.plan.mentions_ja, what they share (tense cues,
intervals) in agent.plan.mentions_base. Vocabulary and calendar arithmetic come from
agent.plan.timeexpr, the planner's own time grammar: one expression engine serves both clocks.
dateparser is only given numeric dates ("12/25/2024"), never a sentence.

Rules (the tests in tests/agent/test_mentions.py hold the engine to them):

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
* Intervals: two days joined by "from X to/till/until/through Y", "between X and Y" or a
  dash ("Monday - Wednesday") are one mention from the start of X to the end of Y, and Y is
  the first such day on or after X ("from the 23rd to the 3rd" written on 16 December is 23
  December to 3 January). A change of plan ("moved it from Monday to Wednesday") is two days.
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

from agent.plan import mentions_base as mb
from agent.plan import mentions_en as en
from agent.plan import timeexpr as tx

__all__ = ["MONTH_NAMED", "Mention", "find_mentions"]


@dataclass(frozen=True)
class Mention:
    start_char: int
    end_char: int
    text: str
    start: datetime
    end: datetime
    granularity: str
    direction: str


# --- pre-filter ------------------------------------------------------------------------------

# Most messages hold none of the words an English mention needs (mentions_en.KEYWORDS), and
# then a set lookup over their words is all the work done (one big regex alternation is ~10x
# slower).
_WORDS = re.compile(r"[a-z]+")
_DIGIT = re.compile(r"\d")
_DIGIT_TIME = re.compile(
    r"\d(?:\s*(?:st|nd|rd|th|[ap]\.?m)\b|[:.]\d\d|/\d)|\b(?:19|20)\d\d\b", re.I
)
_CJK_TIME = re.compile(r"[日週月年朝夜晩時曜]|あした|あす|きのう|きょう|おととい|あさって|ゆうべ")


def _may_mention(text: str) -> bool:
    if not en.KEYWORDS.isdisjoint(_WORDS.findall(text.lower())):
        return True
    if _DIGIT.search(text) and _DIGIT_TIME.search(text):
        return True
    return bool(_CJK_TIME.search(text))


# --- assembly --------------------------------------------------------------------------------

_CLOCK_WORDS = frozenset(("noon", "midday", "midnight"))
_DAYLIKE = ("day", "part_of_day")


def _settle(cands: list[mb.Cand]) -> list[mb.Cand]:
    """Longest match first among overlapping spans, then left to right."""
    chosen: list[mb.Cand] = []
    for c in sorted(cands, key=lambda c: (-(c.end_char - c.start_char), c.start_char)):
        if all(c.end_char <= o.start_char or c.start_char >= o.end_char for o in chosen):
            chosen.append(c)
    return sorted(chosen, key=lambda c: c.start_char)


def _anchor_day(text: str, pos: int, days: list[mb.Cand]) -> mb.Cand | None:
    """The day a clock time at `pos` belongs to: the nearest in its sentence, else the first."""
    if not days:
        return None
    left, right = mb.sentence(text, pos, pos)
    same = [d for d in days if left <= d.start_char and d.end_char <= right]
    if not same:
        return days[0]  # the day the message is about comes first ("X instead of Y. 18:40")

    def dist(d: mb.Cand) -> tuple[int, int]:
        return (pos - d.end_char, 0) if d.end_char <= pos else (d.start_char - pos, 1)

    return min(same, key=dist)


_BARE_HOUR = re.compile(
    r",?\s*(?:at|@)\s*(?P<h>1[0-2]|[1-9])(?![\d:.]|\s*(?:[ap]\.?m|%|h\b))", re.I
)


_BARE_HOUR_END = re.compile(r"\bat\s+(?P<h>1[0-2]|[1-9])(?=\s*(?:[.,!?;)\n]|$))", re.I)


def _bare_hours(text: str, days: list[mb.Cand]) -> Iterator[tuple[int, int, time, bool]]:
    """ "Thursday at 3", "Saturday starts at 8.": an hour with no am/pm only counts right
    after a day, or closing a clause that follows one in the same sentence."""
    for d in days:
        m = _BARE_HOUR.match(text, d.end_char)
        if m is None:
            m = _BARE_HOUR_END.search(
                text, d.end_char, mb.sentence(text, d.end_char, d.end_char)[1]
            )
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
    cands: list[mb.Cand],
    found: list[mb.Cand],
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
            at = mb.dt(day, t, w)
            if anchor.granularity == "part_of_day" and at < anchor.start:
                at += timedelta(days=1)  # "tonight at 1am" is after midnight
        else:
            at = _clock_alone(t, has_ap, w, mb.tense(text, start, end))
        found.append(mb.Cand(start, end, at, at + timedelta(minutes=1), "time"))


def _clock_alone(t: time, has_ap: bool, w: datetime, direction: str | None) -> datetime:
    """A time of day with no day: the next one (the latest one in the past tense); "7:30"
    without am/pm may be either half of the day."""
    hours = [t.hour] if has_ap or t.hour >= 12 or t.hour == 0 else [t.hour, t.hour + 12]
    options = []
    for h in hours:
        at = mb.dt(w.date(), time(h, t.minute), w)
        for k in (-1, 0, 1):
            options.append(at + timedelta(days=k))
    if direction == "past":
        return max(o for o in options if o <= w)
    return min(o for o in options if o >= w)


# "from the 23rd to the 3rd", "between May 3 and May 10", "Monday - Wednesday": two days
# that bound one interval. Word connectors need the "from"/"between" before the first day:
# "moved it from Monday to Wednesday" is a change of plan, not a stay (and says so).
_FROM = re.compile(r"\b(?P<w>from|between)\s+$", re.IGNORECASE)
_JOIN = {
    "from": re.compile(r"\s*(?:to|till|til|until|through|thru|-|–|—)\s*$", re.IGNORECASE),
    "between": re.compile(r"\s*(?:and|&|-|–)\s*$", re.IGNORECASE),
    "": re.compile(r"\s*[-–—]\s*$"),
}
_LEAD = re.compile(r"(?P<w>from|between)\s+", re.IGNORECASE)
_INNER = re.compile(r"(to|till|til|until|through|thru)\s+", re.IGNORECASE)
_CHANGE = re.compile(
    r"\b(?:move[ds]?|moving|push(?:ed|es)?|postpone[ds]?|reschedule[ds]?|change[ds]?|bump(?:ed|s)?"
    r"|switch(?:ed|es)?|shift(?:ed|s)?)\b[^.!?\n]*$",
    re.IGNORECASE,
)


def _ranges(text: str, w: datetime, cands: list[mb.Cand]) -> list[mb.Cand]:
    """Join two days that bound an interval into one mention from the first to the second.

    The second day is the first such day on or after the first ("from the 23rd to the 3rd"
    written on 16 December is 23 December to 3 January): it is resolved again as if written
    on the first day when it was read as earlier."""
    out: list[mb.Cand] = []
    i = 0
    while i < len(cands):
        a = cands[i]
        b = cands[i + 1] if i + 1 < len(cands) else None
        joined = _join(text, w, a, b) if b is not None else None
        out.append(joined or a)
        i += 2 if joined else 1
    return out


def _join(text: str, w: datetime, a: mb.Cand, b: mb.Cand) -> mb.Cand | None:
    if a.granularity != "day" or b.granularity != "day":
        return None
    head = text[: a.start_char]
    # The ordinal rule takes its preposition along: "from the 23rd", "until the 27th".
    lead = _FROM.search(head) or _LEAD.match(text, a.start_char, a.end_char)
    word = lead.group("w").lower() if lead else ""
    inner = _INNER.match(text, b.start_char, b.end_char)
    gap = text[a.end_char : b.start_char] + (inner.group(1) if inner else "")
    if not _JOIN[word].fullmatch(gap) or _CHANGE.search(head):
        return None
    start = _in_month_of(text, a, b)
    end = b
    if b.start < start:
        alone = _candidates(text[b.start_char : b.end_char], a.start)[0]
        again = [c for c in alone if c.granularity == "day"]
        if not again or again[0].start < start:
            return None
        end = again[0]
    start_char = min(lead.start(), a.start_char) if lead else a.start_char
    return mb.Cand(start_char, b.end_char, start, end.end, "day")


# A month named in a day's words ("the 3rd of October", "3/10"): a bare ordinal names none.
MONTH_NAMED = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\d+\s*[/.-]\s*\d+",
    re.IGNORECASE,
)


def _in_month_of(text: str, a: mb.Cand, b: mb.Cand) -> datetime:
    """A bare first ordinal takes the month the second day names: "from the 3rd to the 7th of
    October" is 3 to 7 October, whatever month it was written in."""
    if MONTH_NAMED.search(text, a.start_char, a.end_char) or not MONTH_NAMED.search(
        text, b.start_char, b.end_char
    ):
        return a.start
    day = a.start.day
    if day > b.start.day:  # "from the 28th to the 3rd of March": February's 28th
        first = b.start.replace(day=1) - timedelta(days=1)
        return first.replace(day=day) if day <= first.day else a.start
    return b.start.replace(day=day)


_ORDINAL = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)\b", re.IGNORECASE)


def _month_in_discourse(text: str, cands: list[mb.Cand]) -> list[mb.Cand]:
    """A bare ordinal after a date that names its month is in that month: "My birthday is the
    19th of November but the 14th to the 16th is better" is 14 to 16 November, written in
    September."""
    out: list[mb.Cand] = []
    anchor: mb.Cand | None = None
    ordered = sorted(cands, key=lambda c: c.start_char)
    for i, c in enumerate(ordered):
        named = MONTH_NAMED.search(text, c.start_char, c.end_char)
        bare = (
            c.granularity == "day" and not named and _ORDINAL.search(text, c.start_char, c.end_char)
        )
        nxt = ordered[i + 1] if i + 1 < len(ordered) else None
        if c.granularity == "day" and named:
            anchor = c
        elif bare and nxt is not None and _bounds(text, c, nxt):
            # "the 6th to the 8th of march": the second day names the month of both
            c = _on(c, _in_month_of(text, c, nxt).date())
        elif bare and anchor is not None:
            moved = tx.safe_date(anchor.start.year, anchor.start.month, c.start.day)
            c = _on(c, moved) if moved is not None else c
        out.append(c)
    return out


_BOUND = re.compile(r"\s*(?:to|till|til|until|-|–|—)\s*", re.IGNORECASE)


def _bounds(text: str, a: mb.Cand, b: mb.Cand) -> bool:
    """Whether `a` and a day `b` naming its month bound an interval ("the 6th to the 8th of
    march")."""
    named = b.granularity == "day" and MONTH_NAMED.search(text, b.start_char, b.end_char)
    return bool(named and _BOUND.fullmatch(text, a.end_char, b.start_char))


def _on(c: mb.Cand, day: date) -> mb.Cand:
    """`c` moved to `day`, its length and time of day kept."""
    shift = datetime.combine(day, c.start.time(), c.start.tzinfo) - c.start
    return mb.Cand(c.start_char, c.end_char, c.start + shift, c.end + shift, c.granularity)


def _direction(c: mb.Cand, w: datetime) -> str:
    if c.end <= w:
        return "past"
    if c.start > w:
        return "future"
    return "present"


def _collect(into: list[mb.Cand], rule: Iterator[mb.Cand]) -> None:
    """Run a rule; a date beyond the calendar ("99999 years ago") ends that rule's matches
    for this message rather than the ingest."""
    with contextlib.suppress(ValueError, OverflowError):
        into.extend(rule)


def _candidates(
    text: str, written: datetime
) -> tuple[list[mb.Cand], list[tuple[int, int, time, bool]]]:
    """The rules' matches in `text` (overlaps settled), and the clock times to attach."""
    cands: list[mb.Cand] = []
    words = set(_WORDS.findall(text.lower()))
    digits = _DIGIT.search(text) is not None
    ran: set[Callable[[str, datetime], Iterator[mb.Cand]]] = set()
    for rule, needs in en.RULES:
        if rule not in ran and (digits if needs is None else not needs.isdisjoint(words)):
            ran.add(rule)
            _collect(cands, rule(text, written))
    clocks = list(en.clocks(text)) if digits or not _CLOCK_WORDS.isdisjoint(words) else []
    if mb.CJK.search(text):
        from agent.plan.mentions_ja import ja_candidates, ja_clocks  # only CJK text pays for it

        _collect(cands, ja_candidates(text, written))
        clocks.extend(ja_clocks(text))
    return _settle(cands), clocks


def find_mentions(text: str, written: datetime) -> list[Mention]:
    """Every time expression in `text`, resolved against `written` (see the module doc)."""
    if not _may_mention(text):
        return []
    cands, clocks = _candidates(text, written)
    cands = _ranges(text, written, _month_in_discourse(text, cands))
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
