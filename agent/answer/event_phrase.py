"""How a resolved time is said in an answer: a day, a time, or, where the text is vague, the span
it allows ("the week before 9 June 2023", "spring 2024")."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from agent.plan.mentions_base import PARTS

from .reading import Mention
from .text import day_phrase, short_day

__all__ = ["event_phrase"]

_BARE_CLOCK = re.compile(r"\d{1,2}[:.]\d{2}")
# A span back with no number to it: "a few years ago", "a couple of months back".
_VAGUE_AGO = re.compile(
    r"\b(?:a\s+few|few|a\s+couple(?:\s+of)?|couple(?:\s+of)?|several|some|many|a\s+number\s+of)"
    r"\s+(?:years|months|weeks|days)\s+(?:ago|back|before)\b",
    re.IGNORECASE,
)


def event_phrase(x: Mention, written: datetime, wants_time: bool) -> str:
    """A resolved mention as a person says it: a day, a time, or, where the text is vague, the
    span it allows in the form LoCoMo's answers use ("the week before 9 June 2023")."""
    g, last = x.granularity, x.end - timedelta(microseconds=1)
    if _VAGUE_AGO.search(x.text):
        # "a few years ago" allows any of several years: as said, and when, not a made-up year
        return f"{x.text.strip()} (said on {short_day(written)})"
    if g == "clock":  # a time said without its day (finer.day_of_time)
        # "the 9:40 start", written at 18:02, is as likely the morning's as 21:40: as written
        said = x.text.strip()
        shown = said if _BARE_CLOCK.fullmatch(said) else f"{x.start:%H:%M}"
        return f"at {shown} (the day is not said)"
    if g == "part_of_day" and wants_time:
        # "dentist appointment Thursday morning": a part of the day is no clock time
        return f"{day_phrase(x.start)}, in the {_part_of(x)} (no clock time is said)"
    if g == "time" or (wants_time and x.start.time() != datetime.min.time()):
        return f"{day_phrase(x.start)} at {x.start:%H:%M}"
    if g == "day" and x.end - x.start > timedelta(days=1):  # "Kyoto from the 9th to the 13th"
        return _days_between(x.start, last)
    if g in ("day", "part_of_day") or x.end - x.start <= timedelta(days=1):
        # "what time is book club?": the day is all that was said, and the answer says so
        return f"{day_phrase(x.start)} (no time is said)" if wants_time else day_phrase(x.start)
    if g == "month":
        return f"{x.start:%B %Y}"
    if g in ("year", "season"):
        return f"{x.start:%Y}" if g == "year" else f"{_season(x.start)} {x.start:%Y}"
    unit = "week" if g == "week" else "weekend"
    if x.end <= written and written - x.end < timedelta(days=8) and g in ("week", "weekend"):
        return f"the {unit} before {written.day} {written:%B %Y}"
    if x.start >= written and x.start - written < timedelta(days=8) and g in ("week", "weekend"):
        # "this weekend", written on a Friday: as it was said, of the day it was written
        return f"the {unit} after {written.day} {written:%B %Y}"
    if g == "weekend":  # "the weekend of 4–5 June 2022"
        return f"the weekend of {x.start.day}–{last:%-d %B %Y}"
    return f"between {short_day(x.start)} and {short_day(last)}"


def _days_between(first: datetime, last: datetime) -> str:
    """ "from Friday 9 to Tuesday 13 October 2026": the month and year said once when shared."""
    if (first.year, first.month) == (last.year, last.month):
        return f"from {first:%A} {first.day} to {day_phrase(last)}"
    if first.year == last.year:
        return f"from {first:%A} {first.day} {first:%B} to {day_phrase(last)}"
    return f"from {day_phrase(first)} to {day_phrase(last)}"


def _part_of(x: Mention) -> str:
    """The part of the day a mention spans, by where it starts and ends ("night" runs on)."""
    span = (x.start - x.start.replace(hour=0, minute=0), x.end - x.start.replace(hour=0, minute=0))
    return next((p for p, (a, b) in PARTS.items() if (a, b) == span), "day")


def _season(d: datetime) -> str:
    return {
        12: "winter",
        1: "winter",
        2: "winter",
        3: "spring",
        4: "spring",
        5: "spring",
        6: "summer",
        7: "summer",
        8: "summer",
    }.get(d.month, "autumn")
