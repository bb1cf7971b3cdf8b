"""A who-question names the one it asks for by a role ("the promoter", "the locksmith"),
which a chat seldom writes: it calls people by name. Such a head is no reason to decline
when the who-reader finds a name (agent.answer._named_anyway); with no name found, the
question is still declined. A real store of tests/fixtures/role_names_chat.jsonl (the user is Tess).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "role_names_chat.jsonl"
NOW = datetime(2026, 4, 30, 9, 0)

pipe = history_fixture(CHAT, me="Tess")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a role no message writes, the person named by the question's other words
        ("who's the plasterer for the bathroom?", "Kev"),
        # (a compound of a word the chat holds: known either way)
        ("who was the locksmith for the lock?", "Dennis"),
        # no message names the one asked for: still declined
        ("who's the promoter for the gig?", None),
        ("who was the stylist at the gig?", None),
    ],
)
def test_a_role_the_chat_does_not_write(
    pipe: Pipeline, question: str, expected: str | None
) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    if expected is None:
        assert result.answer.abstained, result.answer.text
    else:
        assert not result.answer.abstained
        assert result.answer.text.rstrip(".") == expected, result.answer.text
