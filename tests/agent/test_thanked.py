"""Thanks name who did a thing (tests/fixtures/thanks_chat.jsonl; the user is Lena): "thanks
siva for driving me to the clinic" answers "who drove marcus to the doctor?", and "thanks again
for doing my shift kwame" "who covered priya's shift?"."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.doer import thanked_for
from agent.answer.text import terms
from agent.pipeline import Pipeline
from memory_store.models import StoredMessage
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "thanks_chat.jsonl"
NOW = datetime(2026, 5, 1, 9, 0)

pipe = history_fixture(CHAT, me="Lena")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("who drove marcus to the clinic after he came off", "Siva."),
        ("who did priya's saturday shift at the shop", "Kwame."),  # a guard: "i can do it"
        ("who made the cake for the ride", "Ana."),
    ],
)
def test_thanked_for_the_deed(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert first == expected, first


def _message(text: str) -> StoredMessage:
    return StoredMessage(
        id=1,
        conversation="c",
        source_ref="t:1",
        speaker="Priya",
        ts=NOW,
        text=text,
        kind="text",
        session_id=1,
        session_ordinal=1,
    )


@pytest.mark.parametrize(
    ("text", "asked", "name"),
    [
        ("thanks siva for driving me to the clinic", "drive", "siva"),
        ("thanks again for doing my shift kwame!! owe you one", "shift", "kwame"),
        # thanks for another deed, to no one named, or to one the question excludes
        ("thanks siva for the coffee", "drive", None),
        ("cheers for the pump everyone", "pump", None),
        ("thanks priya for driving", "drive", None),
    ],
)
def test_thanked_for(text: str, asked: str, name: str | None) -> None:
    found = thanked_for(terms(asked), [_message(text)], {"siva", "kwame", "priya"}, {"priya"})
    assert (found[1].lower() if found else None) == name
