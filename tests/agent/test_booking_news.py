"""Where a plan ended up: the chat's own news of the booking ("BOOKED. the long room at the
anchor 🎉"), written days after the plan began and in none of the question's words, read from
the plan's chat however far down the ranking it is. A real store of a small fixture chat."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "booking_news_chat.jsonl"
NOW = datetime(2026, 3, 10, 10, 0)
pipe = history_fixture(CHAT, me="Pat")


@pytest.mark.parametrize(
    "question",
    [
        "where did we end up booking for mum's 60th?",
        "where's mum's 60th happening now?",
        "where is mum's 60th in the end?",
    ],
)
def test_the_chats_latest_booking_news(pipe: Pipeline, question: str) -> None:
    said = first_line(pipe, question, NOW).lower()
    assert "long room" in said, said
    assert "mill" not in said, said
