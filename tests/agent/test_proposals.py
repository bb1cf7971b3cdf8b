"""What a chat settled on (agent/answer/proposals.py): a thing put forward as a question and
agreed to by someone else, or declared ("… it is"), after a message on the question's topic;
on a real store of tests/fixtures/proposals_chat.jsonl (the user is Kit)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.proposals import proposed as _proposed
from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "proposals_chat.jsonl"
NOW = datetime(2026, 3, 20, 9, 0)

pipe = history_fixture(CHAT, me="Kit")


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("pottery class?? she keeps watching that throwdown show", "pottery class"),
        ("they're shut mondays. the pizza place instead?", "pizza place"),
        # a question about something, a day, a tag question: nothing put forward
        ("where'd you meet her?", None),
        ("sat 4th april?", None),
        ("that's tuesday right?", None),
        ("mum's 65th. ideas?", None),
    ],
)
def test_what_a_message_puts_forward(text: str, thing: str | None) -> None:
    assert _proposed(text) == thing


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what did we end up getting mum for her 65th?", "Pottery class."),
        ("what did the team decide on for dinner after the final?", "Pizza place."),
    ],
)
def test_what_was_settled(pipe: Pipeline, question: str, expected: str) -> None:
    assert first_line(pipe, question, NOW) == expected


def test_a_why_question_asks_for_the_reason(pipe: Pipeline) -> None:
    # LoCoMo's "why did Jon decide to start his dance studio?" was answered "You thinking
    # about." by the first version: a reason is not the thing settled
    assert first_line(pipe, "why did we decide on the pizza place?", NOW) != "Pizza place."
