"""What a named thing is (agent.answer.what_is): "what's the kilter board?" is told where the
name comes up, in an apposition or a copula, or by the turn before that the naming answers
("they added a new training board" / "The Kilter board? Finally!"). Hand-made messages."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from agent.answer.reading import ReaderContext
from agent.answer.text import TermWeights
from agent.answer.what_is import what_it_is
from memory_store.models import StoredMessage

LINES = [
    ("Doug", "I'm in for the annual too. Also they added a new training board in the back."),
    ("Priya", "The Kilter board? Finally!"),
    ("Doug", "Yes! Booking system for it, 30 minute slots."),
    ("Kofi", "bringing lanternfall, a co-op dungeon game, apparently it's brutal"),
    ("Theo", "the moonboard is the one with the lights"),
    ("Theo", "what's the plan for saturday"),
]
START = datetime(2026, 9, 14, 19)
MESSAGES = [
    StoredMessage(i, "Crew", f"r{i}", who, START + timedelta(minutes=i), text, "text", 1, i)
    for i, (who, text) in enumerate(LINES, start=1)
]
CTX = ReaderContext(
    TermWeights.from_texts(text for _, text in LINES),
    lambda m: [],
    speakers=["Doug", "Priya", "Kofi", "Theo"],
)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what's the kilter board?", "A new training board in the back."),
        ("what is the kilter board", "A new training board in the back."),
        ("what's lanternfall?", "A co-op dungeon game."),
        ("what's the moonboard", "The one with the lights."),
        # a value is asked for, not what a named thing is; a name no message holds
        ("what's the plan?", None),
        ("what's the tension board?", None),
    ],
)
def test_what_it_is(question: str, expected: str | None) -> None:
    reading = what_it_is(question, MESSAGES, CTX)
    assert (reading.text if reading else None) == expected
