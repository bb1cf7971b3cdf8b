"""The time an occasion starts, asked after in a dialogue: "when was mum's 70th?", "who made the
cake?", "what time did it start?". "It" is the occasion the user asked the day of (what starts
is an occasion, not the cake), and its time is said as British chat writes it, "kicks off
12.30" (agent.plan.mentions_en clocks, agent.rewrite.offline). A real store of
tests/fixtures/party_time_chat.jsonl (the user is Aroha)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "party_time_chat.jsonl"
NOW = datetime(2026, 5, 20, 9, 0)

pipe = history_fixture(CHAT, me="Aroha")


@pytest.mark.parametrize(
    ("turns", "question", "expected"),
    [
        ([], "when was mum's 70th?", "Saturday 9 May 2026"),
        (["when was mum's 70th?", "who made the cake?"], "what time did it start?", "12:30"),
        (["when was mum's 70th?"], "what time did it kick off?", "12:30"),
        ([], "what time did mum's 70th start?", "12:30"),
    ],
)
def test_the_time_an_occasion_starts(
    pipe: Pipeline, turns: list[str], question: str, expected: str
) -> None:
    result = ask_after(pipe, turns, question, now=NOW)
    assert result.answer is not None
    assert expected in result.answer.text, result.answer.text
