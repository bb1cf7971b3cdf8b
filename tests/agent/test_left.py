"""What someone left, forgot or lost (agent/answer/left.py): the thing whose owner is the
person asked about ("you left your laptop charger here", said to Sami; "dev dropped his
sunglasses"), found by its verb in the chats of the best messages. A real store of
tests/fixtures/left_chat.jsonl; the user is Noor."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "left_chat.jsonl"
NOW = datetime(2026, 7, 1, 9, 0)

pipe = history_fixture(CHAT, me="Noor")


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        # "your", said to the person asked about
        ("what did sami leave at the flat?", "Laptop charger."),
        ("what did sami forget at my flat?", "Laptop charger."),
        # "his", said with their name
        ("what did dev lose kayaking?", "Sunglasses."),
        # "my", said by them
        ("what did theo forget after the long run?", "Headphones."),
    ],
)
def test_what_they_left(pipe: Pipeline, question: str, thing: str) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    assert result.answer.text == thing


@pytest.mark.parametrize(
    ("question", "not_theirs"),
    [
        # Owen told of Dev's sunglasses (the telling may be quoted, not answered as his);
        # Noor's job is not a thing Sami left
        ("what did owen lose kayaking?", "Sunglasses"),
        ("what did sami leave at the flat?", "Job"),
    ],
)
def test_not_what_someone_else_left(pipe: Pipeline, question: str, not_theirs: str) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    assert not result.answer.text.startswith(not_theirs), result.answer.text
