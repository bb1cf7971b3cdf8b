"""A street is named, not called a street: "what street is the duplex off of?" is answered by
"right off south presa", though no message writes "street" and the duplex is the only other
word the question shares with the chat (tests/fixtures/street_kind_chat.jsonl; the user is
Lu)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "street_kind_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Lu")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what street is the duplex off of?", "South presa"),
        ("which road is the duplex on?", "South presa"),
    ],
)
def test_a_street_asked_by_its_kind(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert expected.lower() in first.lower(), first
