"""A time run, asked with whose it is ("what was my official time for the half marathon?"): the
result's message ("official time 2:14:37"), which ranks below the race's telling, and the
asker's own time, not a friend's (tests/fixtures/result_time_chat.jsonl; the user is Lu)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "result_time_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Lu")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what was my official time for the half marathon?", "2:14:37."),
        ("whats my finish time from the half", "2:14:37."),
        # guard: a day asked with "what time" is no result
        ("what day was the half marathon?", "Sunday 18 October 2026."),
    ],
)
def test_a_result_time(pipe: Pipeline, question: str, expected: str) -> None:
    assert first_line(pipe, question, NOW) == expected
