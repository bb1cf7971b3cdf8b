"""How often, as a habit (agent/answer/rate.py): which questions ask a rate, the rates a
message states, and the answers from a real store of tests/fixtures/rate_chat.jsonl (the
user is Noa)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.rate import ASKS_RATE, RATE
from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "rate_chat.jsonl"
NOW = datetime(2026, 3, 31, 9, 0)


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("how often does priya do parkrun?", True),
        ("How often do you see the sunsets?", True),
        ("how many times a week does dev climb?", True),
        # a count of the past, not a habit
        ("how often did we swim in march?", False),
        ("how many times did i swim?", False),
    ],
)
def test_a_question_asking_a_rate(question: str, asks: bool) -> None:
    assert bool(ASKS_RATE.search(question)) is asks


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("Thanks, Maria! Three times a week; it keeps us on track.", "Three times a week"),
        (
            "We don't go often, usually only once or twice a year.",
            "usually only once or twice a year",
        ),
        ("I see them at least once a week.", "at least once a week"),
        ("twice a week, tuesdays and fridays", "twice a week"),
        ("I do the parkrun every saturday now", "every saturday"),
        ("we meet every other week", "every other week"),
        ("I practice daily", "daily"),
        # a time, not a rate
        ("see you next week", None),
        ("I went three times last week", None),
    ],
)
def test_the_rate_a_message_states(text: str, rate: str | None) -> None:
    said = RATE.search(text)
    assert (said.group(0) if said else None) == rate


pipe = history_fixture(CHAT, me="Noa")


@pytest.mark.parametrize(
    ("question", "rate"),
    [
        # the reply to the chat's own "how often do you…?"
        ("how often do i swim?", "twice a week"),
        ("how often does priya do the parkrun?", "every saturday"),
        ("how many times a week does dev climb?", "three times a week"),
    ],
)
def test_how_often(pipe: Pipeline, question: str, rate: str) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    assert result.answer.text.lower().rstrip(".") == rate, result.answer.text


@pytest.mark.parametrize(
    ("question", "not_said"),
    [
        # Dev's habit is not Priya's
        ("how often does priya climb?", "three times a week"),
        # the past is counted, not said by the habit
        ("how often did i swim in march?", "twice a week"),
    ],
)
def test_no_rate_borrowed(pipe: Pipeline, question: str, not_said: str) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    assert not_said not in result.answer.text.lower(), result.answer.text
