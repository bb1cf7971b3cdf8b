"""What a thing is, as the chat defines it (agent/answer/defined.py): the value after the thing
and a link ("target is £2,000…"), or before it when the writer says it of their own thing
("Winning a championship is my number one goal."). Hand-made messages; no store."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.defined import defined_value
from memory_store.models import StoredMessage


def msg(text: str) -> StoredMessage:
    return StoredMessage(1, "Ana", "ref1", "Ana", datetime(2026, 5, 1, 18), text, "text", 1, 1)


@pytest.mark.parametrize(
    ("question", "text", "value"),
    [
        (
            "what was the fundraising target?",
            "target is £2,000 for the team, so £500 each",
            "£2,000 for the team",
        ),
        (
            "what was the sql exercise about?",
            "the SQL exercise was a sales report with a running total",
            "a sales report with a running total",
        ),
        # the value before the thing, said of the writer's own
        (
            "What is John's number one goal in his career?",
            "Yeah! Winning a championship is my number one goal. But also charity.",
            "Winning a championship",
        ),
        (
            "what's ana's favourite ramen place?",
            "Ichiran is my favourite ramen place, hands down",
            "Ichiran",
        ),
        # a pointer or a verdict is no value
        ("what is his main goal?", "That is my main goal for sure", None),
        ("what is the weather like?", "the weather is grim", None),
        ("what is her favourite trilogy?", "This trilogy is one of my faves.", None),
    ],
)
def test_what_a_thing_is(question: str, text: str, value: str | None) -> None:
    found = defined_value(question, [msg(text)])
    assert (found[1] if found else None) == value
