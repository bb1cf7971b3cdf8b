"""A score asked for ("what did kai score…"), read as the number the chat gives ("came back,
17/20"), and a sum in thousands written with a "k" ("final price 90.5k"), read whole
(tests/fixtures/scores_chat.jsonl; the user is Lin)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "scores_chat.jsonl"
NOW = datetime(2026, 5, 1, 9, 0)

pipe = history_fixture(CHAT, me="Lin")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what did kai score in his spelling test", "17/20."),
        ("what mark did kai get for spelling?", "17/20."),
        ("how much did we pay for the vezel in the end", "90.5k."),
        ("how much did the dealer want for the vezel at first?", "92.8k."),
    ],
)
def test_a_score_or_a_sum_in_thousands(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert first == expected, first
