"""A choice said as chat concedes or declares it (tests/fixtures/choices_chat.jsonl; the user is
Ling): "ok fine fine. the snow white then", "mate, kwila it is"; asked with "go for" as well as
"go with"."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "choices_chat.jsonl"
NOW = datetime(2026, 4, 1, 9, 0)

pipe = history_fixture(CHAT, me="Ling")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("which countertop did we go for in the end", "Snow white."),
        ("what countertop did we pick", "Snow white."),
        ("what timber did we go for on the deck?", "Kwila."),
    ],
)
def test_the_choice_conceded(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert first == expected, first
