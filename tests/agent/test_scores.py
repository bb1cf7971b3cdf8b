"""What someone got on a test: "what did i get on the hazard perception bit?" is a score, the
number a message gives for the part the question names ("46/50 on the questions and 61 on the
hazard perception"). Hand-made messages; no store."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.kinds import classify
from agent.answer.reading import ReaderContext
from agent.answer.text import TermWeights
from agent.answer.what import what_answer
from memory_store.models import StoredMessage

TEXTS = [
    "passed!!! 46/50 on the questions and 61 on the hazard perception",
    "mock test went ok, 38 in the manoeuvres part",
]
CTX = ReaderContext(TermWeights.from_texts(TEXTS), lambda m: [], speakers=["Ines"])


@pytest.mark.parametrize(
    ("question", "score"),
    [
        ("what did i get on the hazard perception bit of my theory", "61"),
        ("what did i get on the questions?", "46/50"),
        ("what did i score in the manoeuvres part of the mock?", "38"),
    ],
)
def test_the_score_for_the_part_named(question: str, score: str) -> None:
    good = [
        StoredMessage(i, "Clara", f"m{i}", "Ines", datetime(2026, 2, 12 + i, 9), t, "text", i, 1)
        for i, t in enumerate(TEXTS)
    ]
    reading = what_answer(question, classify(question), good, CTX, good)
    assert reading.span == score
