"""Yes or no to "is the hike still on the 11th?": the day the question names is the asker's
belief (the planner does not filter on it, agent.plan.planner), checked against the day the
plan is on as it stands (when.py)."""

from __future__ import annotations

import re
from datetime import date

from agent.plan import timeexpr as tx
from agent.plan.planner import STILL_ON

from .kinds import QuestionKind
from .reading import Reading

# "is the brecon hike still on the 11th?", "are we still on for saturday?": the day believed
_CLAIM = re.compile(
    rf"{STILL_ON}\s*(?P<day>(?:the\s+)?[\w\s]*?(?:\d{{1,2}}(?:st|nd|rd|th)?|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)[\w\s]*?)\s*[?!.]*\s*$",
    re.IGNORECASE,
)
_WEEKDAYS = [name.lower() for name in tx.WEEKDAY_NAMES[1:]]


def claimed(question: str) -> str | None:
    """The day a "still on…?" question believes, when it names one."""
    m = _CLAIM.search(question)
    return m.group("day").strip() if m else None


def _holds(claim: str, day: date) -> bool:
    """Whether `day` is the day `claim` names, by what it says: its number, weekday, month."""
    said = claim.lower()
    number = re.search(r"\b(\d{1,2})(?:st|nd|rd|th)?\b", said)
    if number and int(number.group(1)) != day.day:
        return False
    weekday = next((i for i, w in enumerate(_WEEKDAYS) if w in said), None)
    if weekday is not None and weekday != day.weekday():
        return False
    month = next((tx.MONTHS[w] for w in re.findall(r"[a-z]+", said) if w in tx.MONTHS), None)
    return month is None or month == day.month


def checked(reading: Reading, claim: str, qk: QuestionKind) -> Reading:
    """Yes or no to "still on <day>?", by the day the plan is on now."""
    day = reading.event_day
    if reading.abstained or day is None:
        return reading
    when = reading.text.rstrip(".")
    reading.text = f"Yes: {when}." if _holds(claim, day) else f"No, it is now {when}."
    reading.kind = qk.kind.value
    reading.why = [*reading.why, f"the plan's day checked against ‘{claim}’"]
    return reading
