"""Questions a person asks the way they would tell them (tests/fixtures/told_again_chat.jsonl;
the user is Maeve): which one by its ordinal ("her eighth birthday", where the chat says
"eight already"); a choice declared as "then a drawing set it shall be"; a question put to
the user and asked back with a pronoun ("…asked me which piece the choir is singing. What was
it?"); who "put me onto" someone, asked as "who was it that…"."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.naming import CHOSEN
from agent.pipeline import Pipeline
from agent.rewrite.offline import embedded_question
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "told_again_chat.jsonl"
NOW = datetime(2026, 11, 1, 9, 0)

pipe = history_fixture(CHAT, me="Maeve")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What did I get Ella for her eighth birthday in the end?", "drawing set"),
        (
            "My neighbour asked me which piece the choir is singing at the spring concert, and "
            "my mind went blank. What was it?",
            "brahms",
        ),
        ("Who was it that put me onto Dunmore Roofing?", "ruth"),
        ("who recommended Dunmore Roofing?", "ruth"),  # a guard: asked outright
    ],
)
def test_answered(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert expected in first.lower(), first


@pytest.mark.parametrize(
    ("text", "chosen"),
    [
        ("Then a drawing set it shall be.", "a drawing set"),
        ("ok crazy golf it is!", "crazy golf"),
        ("pizza it is then", "pizza"),
        ("I've a list, and half of it is presents for the grandchildren.", None),
    ],
)
def test_a_choice_declared(text: str, chosen: str | None) -> None:
    found = CHOSEN.search(text)
    assert (found.group("x") if found else None) == chosen


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        (
            "Shona's friend asked me which piece the choir sang, and my mind went blank. "
            "What was it?",
            "which piece the choir sang?",
        ),
        ("I couldn't remember where we parked. Where was it?", "where we parked?"),
        # guards: no pronoun asked alone, or nothing asked before it
        ("Mum asked which piece the choir sang. Was it the Brahms?", None),
        ("what was it?", None),
    ],
)
def test_asked_back(question: str, asked: str | None) -> None:
    assert embedded_question(question) == (asked or question)
