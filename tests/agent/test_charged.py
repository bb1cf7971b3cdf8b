"""A sum asked as it ended up: what was charged ("he only charged me $580") before what was
said it would be ("$640 parts and labor") or another's price ("the dealership wants $1,380");
asked "now", after the haggling, the sum agreed ("we agreed ₦1.9m")
(tests/fixtures/charged_chat.jsonl; the user is Lu)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "charged_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Lu")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how much did the compressor clutch end up costing me?", "$580."),
        ("how much did the recharge and clutch end up being", "$580."),
        # guards: asked of the mechanic by name; the dealership's price
        ("how much did chuy end up charging me for the car?", "$580."),
        ("how much did the dealership want for the compressor?", "$1,380."),
        # asked as it stands now, after the haggling: the sum agreed, in millions
        ("after all that back and forth with alhaji, how much is the shop rent now", "₦1.9m."),
        ("how much did alhaji first say the new rent would be", "₦2.2m."),
    ],
)
def test_the_sum_it_ended_up(pipe: Pipeline, question: str, expected: str) -> None:
    assert first_line(pipe, question, NOW) == expected


def test_a_follow_up_asks_of_whose_sum(pipe: Pipeline) -> None:
    """The carried topic ranks the repair's sums first; the follow-up's own word names the
    dealership's, and its "was gonna" is a plan told then, not a summer still to come."""
    turns = ["who fixed my car this summer?"]
    question = "and how much was the dealership gonna charge me for it"
    result = ask_after(pipe, turns, question, now=NOW)
    assert result.answer is not None
    assert result.answer.text.splitlines()[0] == "$1,380."
