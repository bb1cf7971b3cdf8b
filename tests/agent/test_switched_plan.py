"""A plan's own message moves it ("can't do Sept 12. switching to November. Saturday Nov 14"),
and a move told a few turns on, after the talk turned to another plan ("also did Sandra tell
u? she wants the Herrera brief…" / "she moved it UP? I thought it slid to the 18th"), moves
that one (tests/fixtures/switched_plan_chat.jsonl; the user is Lu)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "switched_plan_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Lu")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("when am i taking the lsat now?? i know i switched it", "Saturday 14 November 2026"),
        ("what date is my lsat?", "Saturday 14 November 2026"),
        # guard: the brief's own day
        ("when is the herrera brief due now?", "Friday 11 September 2026"),
    ],
)
def test_the_day_a_plan_moved_to(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert first.startswith(expected), first
