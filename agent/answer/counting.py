"""What a count counts, and how each is counted.

* Occasions ("how many times", "how often", "how many trips"): distinct days on which it
  happened. A message's day is the day it speaks of ("kesselwand on sunday", "my calves are
  dead after yesterday"), else the day it was sent, so a plan and its recap are one occasion.
* Things ("how many companies", "which books"): distinct named items (items.py).
* A stated number ("how many people were at the party"): the number said next to the noun,
  or "that's 6", "all 6 of us"; the latest statement wins ("expecting 15" … "we were 18").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, timedelta
from enum import StrEnum

from memory_store.models import StoredMessage

from .reading import MentionsOf
from .text import terms


class Counted(StrEnum):
    OCCASIONS = "occasions"
    THINGS = "things"
    STATED = "stated"


_OCCASIONS = frozenset(
    terms(
        "times time trips trip visits classes lessons sessions runs races games matches outings "
        "hikes walks rides dinners lunches parties meetings appointments interviews dates "
        "nights weekends days evenings shows concerts gigs"
    )
)
_PEOPLE = frozenset(
    re.findall(
        r"\S+",
        """people us them guests persons attendees kids adults lads guys girls boys friends
        mates folks players members""",
    )
)


def counted(focus: str | None) -> Counted:
    """`focus`: the noun after "how many" (kinds.py), None for "how often"."""
    if focus is not None and " of " in focus:  # "days of leave": a measure someone states
        return Counted.STATED
    if focus is None or terms(focus) <= _OCCASIONS:
        return Counted.OCCASIONS
    if focus in _PEOPLE:
        return Counted.STATED
    return Counted.THINGS


# A message's date mention further than this from when it was sent is another event.
_NEAR = (timedelta(days=-10), timedelta(days=21))


def occasion_day(m: StoredMessage, mentions_of: MentionsOf) -> date:
    """The day `m` speaks of: its first day-sized time expression near when it was sent."""
    for x in mentions_of(m):
        if (
            x.granularity in ("day", "part_of_day", "time")
            and _NEAR[0] <= x.start - m.ts <= _NEAR[1]
        ):
            return x.start.date()
    return m.ts.date()


def occasions(
    messages: Sequence[StoredMessage], mentions_of: MentionsOf
) -> list[tuple[date, StoredMessage]]:
    """One (day, message) per occasion, in time order. The messages of one session are one
    occasion, on the day the first of them that names a day speaks of."""
    by_session: dict[int, list[StoredMessage]] = {}
    for m in messages:
        by_session.setdefault(m.session_id, []).append(m)
    days: dict[date, StoredMessage] = {}
    for ms in by_session.values():
        dated = [d for d in (occasion_day(m, mentions_of) for m in ms) if d != ms[0].ts.date()]
        day = dated[0] if dated else ms[0].ts.date()
        days.setdefault(day, ms[0])
    return sorted(days.items())


NUMBER_WORDS = re.findall(
    r"\S+",
    """zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen
    fifteen sixteen seventeen eighteen nineteen twenty""",
)
# A number in digits or in words, as a group.
NUMBER = r"(\d{1,4}|" + "|".join(NUMBER_WORDS) + r")"
_OF_US = [
    rf"\b{NUMBER}\s+of\s+(?:us|them)\b",
    rf"\bthat'?s\s+{NUMBER}\b(?!\s*(?:am|pm|:|%|€|\$|euros?|dollars?|pounds?|k|km|mins?|hours?))",
    rf"\b(?:we|there)\s+(?:were|are|'re|will\s+be|ended\s+up(?:\s+being)?)\s+(?:about\s+)?{NUMBER}\b",
    # "so 9 in the end", "12 in total": the final headcount
    rf"\b{NUMBER}\s+(?:in\s+the\s+end|in\s+total|altogether|all\s+told)\b",
    # "ok so 8 w chris": the count with the one it adds
    rf"\bso\s+{NUMBER}\s+(?:w|w/|with|incl|including)\s",
]
# A headcount said in any of those ways, as a chat counts itself again later.
HEADCOUNT = re.compile("|".join(_OF_US), re.IGNORECASE)


def stated(focus: str, messages: Sequence[StoredMessage]) -> tuple[int, StoredMessage] | None:
    """The latest number stated for `focus` in `messages`: "6 people", "all 6 of us"."""
    unit = focus.split(" of ")[0]  # "days of leave" is said "three days"
    noun = re.escape(unit)
    if focus in _PEOPLE:
        noun = rf"(?:people|guests|persons|of\s+us|{noun})"
    patterns = [rf"\b{NUMBER}\s+(?:\w+\s+)?{noun}\b"]
    # "courgettes planted. 5 of them": the things a message names, counted after them ("one
    # of those days" counts nothing)
    of_them = rf"\b(?!(?:1|one)\b){NUMBER}\s+of\s+(?:them|those|these)\b"
    patterns += _OF_US if focus in _PEOPLE else [of_them]
    found = None
    named = frozenset(terms(unit))
    for m in sorted(messages, key=lambda m: (m.ts, m.id)):
        for p in patterns:
            hit = re.search(p, m.text, re.IGNORECASE)
            # "two of them are actually good" counts prints only where the message names them
            if hit and (p != of_them or named & terms(m.text)):
                found = (number_of(hit.group(1)), m)
                break
    return found


def parts_stated(focus: str, messages: Sequence[StoredMessage]) -> tuple[int, StoredMessage] | None:
    """The number of `focus` a message gives by its parts, in the sentence after naming it: "I
    have the sandwiches ready. Two vegetarian, two with chicken." is 4. The latest such."""
    named = frozenset(terms(focus.split(" of ")[0]))
    found = None
    for m in sorted(messages, key=lambda m: (m.ts, m.id)):
        if not named & terms(m.text):
            continue
        for said in re.split(r"(?<=[.!?:])\s+", m.text)[1:]:
            parts = _PART.findall(said)
            if len(parts) >= 2 and _PARTS.match(said):
                found = (sum(number_of(n) for n in parts), m)
                break
    return found


# "Two vegetarian, two with chicken", "3 veggie and 2 meat": a number opening each part.
_PART = re.compile(rf"(?:^|,|\band\b|\+)\s*{NUMBER}\s+(?=[^\W\d_])", re.IGNORECASE)
_PARTS = re.compile(
    rf"^\W*{NUMBER}\s+[^\W\d_][^,.;!?]*(?:(?:,\s*(?:and\s+)?|\s+and\s+|\s*\+\s*){NUMBER}\s+"
    r"[^\W\d_][^,.;!?]*)+[.!]?\s*$",
    re.IGNORECASE,
)


# Numbers said as words for a group: "another pair of fenders", "a dozen eggs".
_GROUPS = {"pair": 2, "dozen": 12}


def stated_each(focus: str, messages: Sequence[StoredMessage]) -> list[tuple[int, StoredMessage]]:
    """The number of `focus` each message states, in time order ("got 2 fenders" / "got
    another pair of fenders"): what "altogether" adds up. One number a message."""
    noun = re.escape(focus.split(" of ")[0])
    said = (
        rf"\b(?:{NUMBER}|(?:a|another|one\s+more)\s+(pair|dozen))\s+(?:of\s+)?(?:\w+\s+)?{noun}\b"
    )
    out = []
    for m in sorted(messages, key=lambda m: (m.ts, m.id)):
        hit = re.search(said, m.text, re.IGNORECASE)
        if hit:
            n = number_of(hit.group(1)) if hit.group(1) else _GROUPS[hit.group(2).lower()]
            out.append((n, m))
    return out


def number_of(word: str) -> int:
    """A number written as digits or as a word ("four")."""
    return int(word) if word.isdigit() else NUMBER_WORDS.index(word.lower())
