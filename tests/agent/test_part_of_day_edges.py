"""A part of the day has no sharp edge: "the evening of October 17th" when the chat ran from
22:05 reads those messages, as a person would; a part of the day with nothing near it stays
empty. A real store of tests/fixtures/late_chat.jsonl; the user is Noor."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import history_fixture

HISTORY = Path(__file__).parents[1] / "fixtures" / "late_chat.jsonl"
NOW = datetime(2024, 12, 1, 12, 0)

pipe = history_fixture(HISTORY, me="Noor")


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("what did the climbing chat talk about on the evening of october 17?", "finger"),
        ("what was said on the evening of 17 october?", "physio"),
        # nothing within two hours of the morning: still nothing
        ("what did we talk about on the morning of october 17?", "nothing in the history"),
        # the 19th's morning chat is in its part of the day already
        ("what did we talk about on the morning of october 19?", "quarry"),
    ],
)
def test_a_part_of_the_day(pipe: Pipeline, question: str, said: str) -> None:
    answer = ask_after(pipe, (), question, now=NOW).answer
    assert answer is not None
    assert said in answer.text.lower(), answer.text
