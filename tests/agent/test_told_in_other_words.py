"""Answers told in other words than the question's (tests/fixtures/told_in_other_words_chat.jsonl;
the user is Mara): the day a dog came home is told by "picked her up from hound haven
saturday", ranked near "HOME CHECK PASSED 🐶🐶", which covers the question's words better and
names no day."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "told_in_other_words_chat.jsonl"
NOW = datetime(2026, 8, 24, 10, 0)

pipe = history_fixture(CHAT, me="Mara")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what day did jess actually bring her new dog home", "6 june"),
        ("when did jess bring the dog home?", "6 june"),
        # a guard: the best message is the telling, and the day it was written is the day
        ("when did jess pass the home check?", "27 may"),
    ],
)
def test_answered(pipe: Pipeline, question: str, expected: str) -> None:
    assert expected in first_line(pipe, question, NOW).lower()
