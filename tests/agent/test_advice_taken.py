"""Advice is not what was done (agent/answer/advice_taken.py): "Stay in Alfama or Graça.
There's a guesthouse called Casa Azul…" answers "where did I stay in lisbon?" with the place the
asker later says they took ("booked! Casa Azul for three nights"), on a real store of
tests/fixtures/advice_taken_chat.jsonl (the user is Nora)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "advice_taken_chat.jsonl"
NOW = datetime(2026, 5, 1, 9, 0)

pipe = history_fixture(CHAT, me="Nora")


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("where did I stay in lisbon?", "Casa Azul."),
        ("where did we stay in alfama?", "Casa Azul."),
        # the name whole, with its small words
        ("where did i have dinner in porto?", "Tasca do Rio."),
    ],
)
def test_the_advice_the_asker_took(pipe: Pipeline, question: str, answer: str) -> None:
    assert first_line(pipe, question, NOW) == answer
