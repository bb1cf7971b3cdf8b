"""The chat asked it too, in another tense ("who's teaching them the vals?" / "Profe Ramiro…"),
of a question that sets the scene first ("my friend wants a choreographer. who taught vale's
court the dance?"): the reply names a teacher by title (tests/fixtures/asked_teach_chat.jsonl;
the user is Lu)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "asked_teach_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Lu")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "my friend from work wants a choreographer for her daughters quince. who taught "
            "vale's court the dance?",
            "Profe Ramiro.",
        ),
        ("who taught them the vals?", "Profe Ramiro."),
    ],
)
def test_the_reply_to_the_chats_own_who(pipe: Pipeline, question: str, expected: str) -> None:
    assert first_line(pipe, question, NOW) == expected
