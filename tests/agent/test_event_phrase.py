"""How a resolved time is said in an answer (agent.answer.event_phrase): a day, a time,
or a clock time without its day as it was written."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.event_phrase import event_phrase
from agent.plan.mentions import Mention

W = datetime(2025, 5, 30, 18, 2)


@pytest.mark.parametrize(
    ("text", "start", "end", "granularity", "said"),
    [
        # "i'm in the 9:40 start", written at 18:02: as written, not 21:40
        ("9:40", "2025-05-30T21:40", "2025-05-30T21:41", "clock", "at 9:40 (the day is not said)"),
        (
            "9:40pm",
            "2025-05-30T21:40",
            "2025-05-30T21:41",
            "clock",
            "at 21:40 (the day is not said)",
        ),
        ("sunday", "2025-06-01", "2025-06-02", "day", "Sunday 1 June 2025"),
        (
            "sunday at 10",
            "2025-06-01T10:00",
            "2025-06-01T10:01",
            "time",
            "Sunday 1 June 2025 at 10:00",
        ),
        # a week or weekend said near the day it was written, as LoCoMo's answers say it
        ("this weekend", "2025-05-31", "2025-06-02", "weekend", "the weekend after 30 May 2025"),
        ("last week", "2025-05-19", "2025-05-26", "week", "the week before 30 May 2025"),
        (
            "the weekend of the 14th",
            "2025-06-14",
            "2025-06-16",
            "weekend",
            "the weekend of 14–15 June 2025",
        ),  # fmt: skip
        (
            "the week of the 9th",
            "2025-06-09",
            "2025-06-16",
            "week",
            "between Mon 9 Jun 2025 and Sun 15 Jun 2025",
        ),  # fmt: skip
        # a run of days said by its first and last ("kyoto from the 9th to the 13th")
        (
            "from the 9th to the 13th",
            "2025-06-09",
            "2025-06-14",
            "day",
            "from Monday 9 to Friday 13 June 2025",
        ),  # fmt: skip
        (
            "30 june to 2 july",
            "2025-06-30",
            "2025-07-03",
            "day",
            "from Monday 30 June to Wednesday 2 July 2025",
        ),  # fmt: skip
        # a span back with no number to it allows several years: as said, and when
        (
            "a few years ago",
            "2022-01-01",
            "2023-01-01",
            "year",
            "a few years ago (said on Fri 30 May 2025)",
        ),  # fmt: skip
        (
            "a couple of months back",
            "2025-03-01",
            "2025-04-01",
            "month",
            "a couple of months back (said on Fri 30 May 2025)",
        ),  # fmt: skip
        ("two years ago", "2023-01-01", "2024-01-01", "year", "2023"),
    ],
)
def test_event_phrase(text: str, start: str, end: str, granularity: str, said: str) -> None:
    x = Mention(0, len(text), text, datetime.fromisoformat(start), datetime.fromisoformat(end),
                granularity, "future")  # fmt: skip
    assert event_phrase(x, W, wants_time=False) == said


@pytest.mark.parametrize(
    ("text", "start", "end", "granularity", "said"),
    [
        # a part of the day is no clock time: not "at 05:00"
        (
            "thursday morning",
            "2025-06-05T05:00",
            "2025-06-05T12:00",
            "part_of_day",
            "Thursday 5 June 2025, in the morning (no clock time is said)",
        ),
        (
            "friday night",
            "2025-06-06T18:00",
            "2025-06-07T05:00",
            "part_of_day",
            "Friday 6 June 2025, in the night (no clock time is said)",
        ),
        ("sunday", "2025-06-01", "2025-06-02", "day", "Sunday 1 June 2025 (no time is said)"),
        (
            "sunday at 10",
            "2025-06-01T10:00",
            "2025-06-01T10:01",
            "time",
            "Sunday 1 June 2025 at 10:00",
        ),
    ],
)
def test_event_phrase_asked_for_a_time(
    text: str, start: str, end: str, granularity: str, said: str
) -> None:
    x = Mention(0, len(text), text, datetime.fromisoformat(start), datetime.fromisoformat(end),
                granularity, "future")  # fmt: skip
    assert event_phrase(x, W, wants_time=True) == said
