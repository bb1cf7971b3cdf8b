"""The time grammar's calendar arithmetic (agent.plan.anchors) and what it leaves unread."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from agent.plan import anchors as an
from agent.plan.planner import plan_question

NOW = datetime(2023, 6, 14, 21, 6)  # a Wednesday


@pytest.mark.parametrize(
    ("year", "expected"),
    [(2019, date(2019, 4, 21)), (2023, date(2023, 4, 9)), (2024, date(2024, 3, 31)),
     (2025, date(2025, 4, 20))],
)  # fmt: skip
def test_easter(year: int, expected: date) -> None:
    assert an.easter(year) == expected


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((2023, 3, 2, 2), date(2023, 3, 14)),  # the second Tuesday of March
        ((2023, 5, 1, 2), date(2023, 5, 8)),  # May starts on a Monday
        ((2023, 5, 6, -1), date(2023, 5, 27)),  # the last Saturday of May
        ((2023, 6, 2, 5), None),  # no fifth Tuesday in June 2023
        ((2022, 11, 4, 4), date(2022, 11, 24)),  # Thanksgiving
    ],
)
def test_nth_weekday(args: tuple[int, int, int, int], expected: date | None) -> None:
    assert an.nth_weekday(*args) == expected


@pytest.mark.parametrize(
    ("fn", "day", "expected"),
    [
        (an.weekend_of, date(2023, 3, 4), (date(2023, 3, 4), date(2023, 3, 5))),
        (an.weekend_of, date(2023, 3, 5), (date(2023, 3, 4), date(2023, 3, 5))),
        (an.weekend_before, date(2023, 4, 9), (date(2023, 4, 1), date(2023, 4, 2))),  # Easter
        (an.weekend_before, date(2023, 2, 14), (date(2023, 2, 11), date(2023, 2, 12))),
        (an.weekend_after, date(2023, 4, 9), (date(2023, 4, 15), date(2023, 4, 16))),
    ],
)
def test_weekends(fn: object, day: date, expected: tuple[date, date]) -> None:
    assert callable(fn)
    assert fn(day) == expected


@pytest.mark.parametrize(
    ("name", "which", "expected"),
    [
        ("fall", "last", (date(2022, 9, 1), date(2022, 11, 30))),
        ("winter", "last", (date(2022, 12, 1), date(2023, 2, 28))),
        ("summer", "last", (date(2022, 6, 1), date(2022, 8, 31))),  # we are in summer
        ("summer", "this", (date(2023, 6, 1), date(2023, 8, 31))),
        ("spring", "this", (date(2023, 3, 1), date(2023, 5, 31))),  # the latest begun
    ],
)
def test_seasons(name: str, which: str, expected: tuple[date, date]) -> None:
    assert an.season_for(name, NOW.date(), which) == expected


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("what did we talk about the fortnight before easter?", ["fortnight"]),
        ("what did we discuss on the 45th of june", ["45th", "june"]),
        ("what did we discuss during the holidays", ["holidays"]),
        ("6月の第5火曜日の会話", ["第5"]),
        ("what did we talk about last week?", []),
        ("how many days did the trip take?", []),  # a duration, not a time filter
        ("What did we talk about on Tuesday 22 September?", []),  # the weekday was read
        ("where's the climbing xmas party?", []),  # a holiday naming a thing is no time
        ("who's bringing the christmas tree?", []),
        ("what day did hana come back from porto?", []),  # the question word of a when
    ],
)
def test_words_left_over_are_named(question: str, words: list[str]) -> None:
    result = plan_question(question, now=NOW, speakers=["Aki", "Sam"])
    assert result.leftover == words
    noted = [n for n in result.resolved if n.startswith("not understood as time")]
    assert bool(noted) == bool(words)
    for w in words:
        assert f"'{w}'" in noted[0]


LAST: dict[str, object] = {"op": "last"}


def _days(a: str, b: str | None = None) -> dict[str, str]:
    return {"op": "where_date", "start": a, "end": b or a}


@pytest.mark.parametrize(
    ("question", "ops"),
    [
        ("what did we chat about over christmas weekend", [_days("2022-12-24", "2022-12-25")]),
        ("what did we talk about in the first week of may?", [_days("2023-05-01", "2023-05-07")]),
        ("what did we talk about the last week of may", [_days("2023-05-25", "2023-05-31")]),
        ("what did we talk about the day after valentine's day", [_days("2023-02-15")]),
        ("what did we talk about two days before christmas", [_days("2022-12-23")]),
        ("what did we talk about the week before easter", [_days("2023-04-02", "2023-04-08")]),
        ("what were our chats about in early 2023", [_days("2023-01-01", "2023-04-30")]),
        ("what did we discuss the previous weekend", [_days("2023-06-10", "2023-06-11")]),
        (
            "what did we talk about between christmas and new year's eve",
            [_days("2022-12-25", "2022-12-31")],
        ),
        ("what did we talk about after new year", [_days("2023-01-02", "2023-06-14")]),
        ("what did we talk about the weekend of march 4-5", [_days("2023-03-04", "2023-03-05")]),
        ("what did we talk about on the second to last monday", [_days("2023-06-05")]),
        ("our final june 2022 chat", [{"op": "where_month", "month": 6, "year": 2022}, LAST]),
        ("what did we talk about the time before last", [{"op": "nth_session", "n": -2}]),
        (
            "what did we chat about the last couple of times",
            [{"op": "session_range", "a": -2, "b": -1}],
        ),
        ("what did we talk about when we last talked", [{"op": "nth_session", "n": -1}]),
        ("what did we talk about around new year", [_days("2022-12-29", "2023-01-04")]),
        ("what did we talk about on the weekend", [_days("2023-06-10", "2023-06-11")]),
        ("our first 2023 chat?", [_days("2023-01-01", "2023-12-31"), {"op": "first"}]),
        (
            "what did we talk about on weekends in april",
            [
                {"op": "where_weekday", "days": [6, 7]},
                {"op": "where_month", "month": 4, "year": 2023},
            ],
        ),
        (
            "what did we talk about when we last spoke in march",
            [{"op": "where_month", "month": 3, "year": 2023}, LAST],
        ),
    ],
)
def test_offsets_from_anchors(question: str, ops: list[dict[str, object]]) -> None:
    result = plan_question(question, now=NOW)
    assert [op.model_dump(mode="json") for op in result.plan.ops] == ops
    assert result.route == "time"


@pytest.mark.parametrize(
    ("question", "ops"),
    [
        ("去年のクリスマスの会話", [_days("2022-12-25")]),
        ("4月の第1週の会話", [_days("2023-04-01", "2023-04-07")]),
        ("クリスマスの前日に話したこと", [_days("2022-12-24")]),
        ("3月最後の週末の会話", [_days("2023-03-25", "2023-03-26")]),
        ("5月の最初の週末に何を話した？", [_days("2023-05-06", "2023-05-07")]),
        ("6月に入ってからの会話", [_days("2023-06-01", "2023-06-14")]),
        ("年末の会話を教えて", [_days("2022-12-21", "2022-12-31")]),
        ("バレンタインの次の会話", [_days("2023-02-15", "2023-06-14"), {"op": "first"}]),
        ("6月7日の前の会話", [_days("1900-01-01", "2023-06-06"), {"op": "last"}]),
    ],
)
def test_japanese_offsets_from_anchors(question: str, ops: list[dict[str, str]]) -> None:
    result = plan_question(question, now=NOW)
    assert [op.model_dump(mode="json") for op in result.plan.ops] == ops
    assert result.route == "time"


def test_unread_time_words_are_not_a_topic() -> None:
    """The part that was read is the filter; the unread time word does not make it content."""
    result = plan_question("what did we talk about the fortnight before easter?", now=NOW)
    assert result.route == "time"
    assert [op.model_dump(mode="json") for op in result.plan.ops] == [
        _days("1900-01-01", "2023-04-08")
    ]


@pytest.mark.parametrize(
    ("question", "now", "day"),
    [
        # four days ahead: this year's, not last year's
        ("what did we say about christmas", datetime(2024, 12, 21, 9), "2024-12-25"),
        ("what's happening on new year's eve", datetime(2024, 12, 2, 9), "2024-12-31"),
        ("what did we say about valentine's day", datetime(2025, 1, 30, 9), "2025-02-14"),
        # more than a month ahead, or just passed: the last one
        ("what did we say about christmas", datetime(2024, 11, 1, 9), "2023-12-25"),
        ("what did we say about christmas", datetime(2025, 1, 3, 9), "2024-12-25"),
        ("what did we say about christmas", datetime(2024, 12, 25, 9), "2024-12-25"),
    ],
)
def test_a_holiday_close_ahead_is_this_years(question: str, now: datetime, day: str) -> None:
    result = plan_question(question, now=now)
    assert any(day in n for n in result.resolved), result.resolved
