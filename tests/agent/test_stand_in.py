"""Who took another's place: the one a turn after the news names as standing in ("Mateo se va a
Houston" / "Nacho can do it"), not someone the question's words find ("Mateo the kid w the
braces"), asked outright or as a follow-up (tests/fixtures/stand_in_chat.jsonl; the user is
Lu)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "stand_in_chat.jsonl"
NOW = datetime(2026, 12, 20, 9, 0)

pipe = history_fixture(CHAT, me="Lu")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("who took mateo's place as chambelán?", "Nacho."),
        ("who replaced mateo in vale's court?", "Nacho."),
        ("who subbed in for steph while her ankle was busted", "Maddie."),
        ("who's covering for me over the holidays?", "Dominik."),
        # guard: no place taken
        ("who rolled her ankle at training?", "Steph."),
    ],
)
def test_who_stood_in(pipe: Pipeline, question: str, expected: str) -> None:
    assert first_line(pipe, question, NOW) == expected


def test_a_follow_up_asks_who_stood_in(pipe: Pipeline) -> None:
    turns = ["who was vale's chambelán de honor at first?"]
    result = ask_after(pipe, turns, "and who took his place", now=NOW)
    assert result.answer is not None
    assert result.answer.text.splitlines()[0] == "Nacho."
