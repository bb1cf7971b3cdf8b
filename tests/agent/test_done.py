"""A day told as done before a day planned, for a question of the past (agent/answer/when.py,
`_DONE`): plans move, and "the skip finally turned up yesterday" dates the drop-off better than
"I'll get the skip booked for the Friday". A question of what is ahead still reads the plan.
A message with no day is the day of the event only when it tells of the one it happened to
(`_of_subject`). A real store of tests/fixtures/done_chat.jsonl (the user is Ines)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "done_chat.jsonl"
NOW = datetime(2026, 3, 5, 9, 0)

pipe = history_fixture(CHAT, me="Ines")


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("when did the skip get dropped off?", "Monday 16 February 2026"),
        # a telling with no day of its own is the event only when it tells of the one it
        # happened to: "a foot too short" is no telling of Biscuit's foot
        ("when did biscuit hurt her foot?", "Thursday 19 February 2026"),
        # ahead of now: the plan is the answer
        ("when is the tiler coming?", "Monday 9 March 2026"),
    ],
)
def test_a_day_told_as_done(pipe: Pipeline, question: str, day: str) -> None:
    assert first_line(pipe, question, NOW).startswith(day)
