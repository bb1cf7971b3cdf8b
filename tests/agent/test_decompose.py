"""Questions anchored on an event (agent.decompose): which anchors are events, and the days
"the day / the weekend / the week after (before) it" mean."""

from __future__ import annotations

from datetime import date

import pytest

from agent.answer.record import Answer
from agent.decompose import event_anchor, with_event_day


@pytest.mark.parametrize(
    ("question", "unit", "after", "event"),
    [
        ("what did sami and i talk about the day after he flew home?", "day", True, "he flew home"),
        ("what happened the week before my interview?", "week", False, "my interview"),
        ("what did we say on the weekend after the crag trip", "weekend", True, "the crag trip"),
        ("what came up the night before the wedding?", "night", False, "the wedding"),
        # set before the asking, after a comma or straight into it
        (
            "the morning after i took Canela to the vet, what did abuela and i text about",
            "morning",
            True,
            "i took Canela to the vet",
        ),
        ("the day after vale's party what was everybody saying", "day", True, "vale's party"),
        ("The week before my exam, who did I talk to?", "week", False, "my exam"),
        # the asker's aside after it
        (
            "aki and i were texting the day after i got back from kyoto, i forget what about",
            "day",
            True,
            "i got back from kyoto",
        ),
        # a guard: a comma inside the event
        (
            "what did we say the day after mum, dad and i went to the zoo",
            "day",
            True,
            "mum, dad and i went to the zoo",
        ),
    ],
)
def test_an_event_anchor_is_found(question: str, unit: str, after: bool, event: str) -> None:
    anchor = event_anchor(question)
    assert anchor is not None
    assert (anchor.unit, anchor.after, anchor.event) == (unit, after, event)


@pytest.mark.parametrize(
    "question",
    [
        "what did we talk about the day after christmas?",  # a date the grammar reads
        "what did we talk about the week before last?",
        "what did we talk about after lunch?",  # no unit: left to the grammar and retrieval
        "who was there the day after?",
    ],
)
def test_a_time_is_not_an_event(question: str) -> None:
    assert event_anchor(question) is None


@pytest.mark.parametrize(
    ("question", "sub_question"),
    [
        # an event named by a noun is asked in the question's tense: the one gone by
        ("what did jess and i chat about the day after her 10k", "when was her 10k?"),
        ("what did we talk about the day after mum's 70th?", "when was mum's 70th?"),
        ("what did we discuss the day after the gig?", "when was the gig?"),
        ("what are we doing the day after the party?", "when is the party?"),
        ("the day after vale's party what was everybody saying", "when was vale's party?"),
        # a clause is asked as it is
        ("what did we talk about the week before he flew home?", "when he flew home?"),
    ],
)
def test_the_sub_question_asks_when(question: str, sub_question: str) -> None:
    anchor = event_anchor(question)
    assert anchor is not None
    assert anchor.sub_question == sub_question


@pytest.mark.parametrize(
    ("question", "day", "expected"),
    [
        # Sunday 24 November 2024
        ("what did we say the day after he flew home?", date(2024, 11, 24),
         "what did we say on 25 November 2024?"),
        ("what did we say the day before he flew home?", date(2024, 11, 24),
         "what did we say on 23 November 2024?"),
        ("what happened the week after he flew home?", date(2024, 11, 24),
         "what happened between 25 November 2024 and 1 December 2024?"),
        ("what happened the weekend after he flew home?", date(2024, 11, 24),
         "what happened between 30 November 2024 and 1 December 2024?"),
        ("what happened the weekend before he flew home?", date(2024, 11, 24),
         "what happened between 16 November 2024 and 17 November 2024?"),
        ("the morning after he flew home, what did we say?", date(2024, 11, 24),
         "on 25 November 2024, what did we say?"),
    ],
)  # fmt: skip
def test_the_event_day_is_put_in(question: str, day: date, expected: str) -> None:
    anchor = event_anchor(question)
    assert anchor is not None
    notes: list[str] = []
    asked: list[str] = []

    def ask_when(sub: str) -> Answer:
        asked.append(sub)
        return Answer("Sunday 24 November 2024.", [], event_day=day)

    assert with_event_day(question, anchor, ask_when, notes) == expected
    assert asked == ["when he flew home?"]
    assert "he flew home' → 24 November 2024" in notes[0]


def test_an_event_that_cannot_be_dated_leaves_the_question() -> None:
    question = "what did we say the day after the move?"
    anchor = event_anchor(question)
    assert anchor is not None
    notes: list[str] = []
    declined = Answer("The history does not contain the answer.", [], abstained=True)
    assert with_event_day(question, anchor, lambda _: declined, notes) == question
    assert notes == ["could not date 'the move' (asked: 'when was the move?')"]
