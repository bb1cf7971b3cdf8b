"""A day named by an event, said before the asking ("the morning after i took biscuit to the
vet, what did gran and i text about"), and a change of plan told after the talk turned to
another subject ("Another thing love…" / "so we go to Leeds in October instead?"), which moves
the trip, not the vet visit (tests/fixtures/anchored_day_chat.jsonl; the user is Lu)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "anchored_day_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Lu")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("when did i take biscuit to the emergency vet?", "Tuesday 11 August 2026."),
        ("when i took Biscuit to the emergency vet?", "Tuesday 11 August 2026."),
        (
            "the morning after i took biscuit to the emergency vet, what did gran and i text about",
            "On Wednesday 12 August 2026, you and Gran exchanged 8 messages",
        ),
        (
            "the day after i took biscuit to the vet what were gran and i texting about",
            "On Wednesday 12 August 2026, you and Gran exchanged 8 messages",
        ),
        # guard: the plan that was moved
        ("when are we going to leeds?", "Friday 9 October 2026"),
    ],
)
def test_a_day_named_by_an_event(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert first.startswith(expected), first
