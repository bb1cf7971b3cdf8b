"""A when-question whose event is told apart by a relative clause ("the meeting with the parent
*who complained*"): the event is the meeting, dated by its own message, not the complaint's
(tests/fixtures/event_clause_chat.jsonl; the user is Ana)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "event_clause_chat.jsonl"
NOW = datetime(2026, 4, 20, 9, 0)

pipe = history_fixture(CHAT, me="Ana")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "when was the meeting with the parent who complained about the homework",
            "Wednesday 11 March 2026",
        ),
        # guards: a clause that shares no word with another message, the clause's own event,
        # and a clause naming who throws it
        ("when was the meeting with the mum that complained", "Wednesday 11 March 2026"),
        ("when did the builders start", "Monday 23 March 2026"),
        ("when was the party that priya threw", "Saturday 18 April 2026"),
    ],
)
def test_the_event_a_clause_tells_apart(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert first.startswith(expected), first
