"""Errands told in a family chat, asked in other words. What kind of thing was ordered is the
phrase with its kind ("A lemon drizzle cake with candied peel"), told in the turn after "Cake's
ordered!" or ranked below a message on the occasion; who collects it is named in the reply to
"Do we need to collect it?" ("Marek's said he'll grab it"), not "the one gran likes" nor a
writer sending birthday wishes "from me"; what someone just named did is told by the
writer's next turn ("the electrician's been" / "he replaced the fuse…"); a set phrase that
describes ("second hand") is no topic the chat must write. A real store of a small fixture
chat."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "errands_chat.jsonl"
NOW = datetime(2026, 4, 30, 10, 0)
pipe = history_fixture(CHAT, me="Jo")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what kind of cake did nell order?", "lemon drizzle cake"),
        ("what kind of cake did nell order for grandad's 80th?", "lemon drizzle cake"),
        ("who's collecting grandad's cake?", "marek"),
        ("who was picking up the cake from the bakery?", "marek"),
        ("where did i get the second hand bike from?", "hollowby"),
        ("where did we buy the second-hand bike?", "hollowby"),
        # "the electrician's been" / "he replaced the fuse in the cooker…": his deed, by "he"
        ("what did the electrician do?", "replaced the fuse in the cooker"),
    ],
)
def test_errand_answers(pipe: Pipeline, question: str, expected: str) -> None:
    said = first_line(pipe, question, NOW).lower()
    assert expected in said, said
    assert "gran" not in said and "sid" not in said, said


@pytest.mark.parametrize(
    "question",
    [
        "what did nell and i get grandad for his 80th?",
        "what present did we get grandad?",
        "what did we get grandad for his birthday?",
    ],
)
def test_a_present_put_forward_and_agreed_to(pipe: Pipeline, question: str) -> None:
    # "Have you thought about a present for grandad?" / "I was thinking a bird table…" /
    # "That's a lovely idea": not the function room booked for the party
    said = first_line(pipe, question, NOW).lower()
    assert "bird table" in said, said
