"""A question naming who told it (agent.answer.reader.evidence): in long self-contained turns
(LoCoMo's) a better telling by someone else is a sign the history tells it of another person,
and the reader declines; in a chat of short messages several people tell of the same thing,
so the best telling counts, whoever wrote it. Hand-made messages; no store."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.reader import evidence
from agent.answer.reading import ReaderContext
from agent.answer.text import TermWeights
from memory_store.models import StoredMessage

CHAT = [
    ("Deb", "fridge news: gary is sorting delivery, will confirm the date"),
    ("Ines", "yep here! the new fridge is humming away in the back kitchen"),
]


def _messages() -> list[StoredMessage]:
    return [
        StoredMessage(i, "Larder Lot", f"y{i}", who, datetime(2026, 2, 1 + i, 12), text, "text",
                      i, i)
        for i, (who, text) in enumerate(CHAT)
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("short", "expected"),
    [
        # a chat: Ines's telling of the fridge counts for "where did deb say…"
        (True, 0.8),
        # long turns: Deb's own (0.4) less by how much better another's is (0.8): declined
        (False, 0.0),
    ],
)
def test_another_telling_counts_in_a_chat(short: bool, expected: float) -> None:
    ctx = ReaderContext(
        TermWeights.from_texts([t for _, t in CHAT]),
        lambda m: [],
        speakers=["Deb", "Ines", "Kwame", "Priyanka"],
        participants={"Larder Lot": ["Deb", "Ines", "Kwame", "Priyanka"]},
        me="Priyanka",
        short_messages=short,
    )
    question = "where did deb say the new fridge would go?"
    got = evidence(question, _messages(), [0.4, 0.8], ctx)
    assert got == pytest.approx(expected)
