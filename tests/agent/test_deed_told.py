"""Who did a deed asked in its past ("who *drove* daniel over?"): the one a message says did
it in its verb ("owen's driving over sat morning"), not a writer who told of another part of
the plan ("I pick up at Tsawwassen"); a plan asked in other words ("who's running the poker
night?") is still the one who said they would ("I'll organise it"). And asked which lake, the
name the noun heads ("Dunmore Lake"), not another name in the sentence ("Doug").
tests/fixtures/deed_told_chat.jsonl; the user is Kenji."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "deed_told_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Kenji")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("who drove daniel over for thanksgiving?", "Owen."),
        ("who's running the poker night?", "Rita."),
        ("what lake was gord's cousin's cabin on?", "Dunmore Lake."),
    ],
)
def test_who_did_it_and_which_one(pipe: Pipeline, question: str, expected: str) -> None:
    assert first_line(pipe, question, NOW) == expected
