"""A who-question in the first person asks about someone else: "who played in my place?" is
not answered by the asker's own "I'm out for thursday". Hand-made messages; no store."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.reader import read
from agent.answer.reading import ReaderContext
from agent.answer.text import TermWeights
from memory_store.models import StoredMessage

TEXTS = [
    ("Tom", "I played with my ankle strapped last week, never again"),
    ("Tom", "I'm out for thursday football, the ankle's gone"),
    ("Gus", "gutted for you mate"),
]
MESSAGES = [
    StoredMessage(i, "Five-a-side", f"f{i}", who, datetime(2025, 12, 3, 19, i), t, "text", 1, 1)
    for i, (who, t) in enumerate(TEXTS)
]
CTX = ReaderContext(
    TermWeights.from_texts([t for _, t in TEXTS] + ["see you later", "ok", "sounds good"]),
    lambda m: [],
    me="Tom",
    speakers=["Tom", "Gus"],
    names=["tom", "gus"],
    threshold=0.2,
)


@pytest.mark.parametrize(
    "question",
    ["who played in my place at thursday football?", "who played football for me on thursday?"],
)
def test_not_the_asker(question: str) -> None:
    answer = read(question, MESSAGES, CTX)
    assert not answer.text.startswith("You"), answer.text


def test_the_asker_may_answer_a_question_of_us() -> None:
    answer = read("who played with their ankle strapped?", MESSAGES, CTX)
    assert answer.text.startswith("You"), answer.text
