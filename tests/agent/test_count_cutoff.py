"""A count that stops at an event: "how many times did the boiler lose pressure before rhys
replaced the valve?" counts the losses told before the valve first comes up, not the fix's
own "pressure holding at 1.4"; the event is no part of what is counted. A real store of a
small fixture chat."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.cutoff import without_event
from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "cutoff_chat.jsonl"
NOW = datetime(2026, 4, 1, 9, 0)
pipe = history_fixture(CHAT, me="Nell")


@pytest.mark.parametrize(
    "question",
    [
        "how many times did the boiler lose pressure before rhys replaced the valve?",
        "how many times did the pressure drop before the valve got fixed",
    ],
)
def test_a_count_stops_at_the_event(pipe: Pipeline, question: str) -> None:
    said = first_line(pipe, question, NOW)
    assert said.startswith("2 "), said


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("how many times did it break before gareth fixed it?", "how many times did it break?"),
        # a day or a noun is the planner's: no verb in the past, no event
        ("how many swims before christmas?", "how many swims before christmas?"),
        ("how many parcels came before the move", "how many parcels came before the move"),
    ],
)
def test_the_event_is_no_part_of_the_count(question: str, asked: str) -> None:
    assert without_event(question) == asked
