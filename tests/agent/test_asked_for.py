"""Who did it, when the chat asked for someone rather than who: "could anyone feed pickle…?",
"anyone free to take the rotavator back?". The one who answers for themselves did it, not a
person the asking names (tests/fixtures/asked_for_chat.jsonl; the user is Callum)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "asked_for_chat.jsonl"
NOW = datetime(2026, 8, 29, 10, 0)

pipe = history_fixture(CHAT, me="Callum")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("who was feeding pickle while i was away in august?", "Bronwyn"),
        ("who took the rotavator back?", "Moira"),
    ],
)
def test_the_one_who_answered_for_themselves(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert expected in first, first
