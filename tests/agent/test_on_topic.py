"""Which messages are on a topic (agent.answer.reading.on_topic), as first and last mentions and
`memlane timeline --about` read them: those holding the topic's head noun in the chat's own
words; with no head noun, or none held, those covering its words about as well as the best.
Hand-made messages; no store."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.reading import ReaderContext, on_topic
from agent.answer.text import TermWeights
from memory_store.models import StoredMessage

TEXTS = [
    "dads knee op is tues 17th june",  # 0
    "bad news, the op got moved AGAIN",  # 1
    "surgeon was dr mensah, mum says she was brilliant",  # 2
    "dad wants the big chair when he's home",  # 3
    "ok random but we should go camping in august",  # 4
    "the car is making that noise again",  # 5
    "all fixed, the mechanic welded a new bracket on",  # 6
    "baked a cranberry loaf this morning",  # 7
    "made bread with the kids",  # 8
    "lol",  # 9
    "window seal fixed today",  # 10, in a session of its own
    "uncle avi!! from haifa",  # 11
    "avi got home safe btw",  # 12
    "uncle jo says hi",  # 13
]
CTX = ReaderContext(
    TermWeights.from_texts([*TEXTS, "see you later", "ok", "sounds good"]), lambda m: []
)
MESSAGES = [
    StoredMessage(i, "Chat", f"r{i}", "Jo", datetime(2025, 6, 1 + i, 12), t, "text", 1 + i // 10, 1)
    for i, t in enumerate(TEXTS)
]


@pytest.mark.parametrize(
    ("topic", "on"),
    [
        # the head noun, however the chat says it: whose op it is does not decide
        ("when did dad's op come up", [0, 1, 2]),
        # a light noun gives way to the word before it
        ("the camping trip", [4]),
        # the repairs, not every message about the car, nor a repair where no car is spoken of
        ("the car repairs", [6]),
        ("the window repairs", [10]),
        # no head noun: the messages covering its words about as well as the best one
        ("baking bread", [7, 8]),
        # a title and a name: the name says who ("avi got home safe" is about uncle avi)
        ("anything about uncle avi", [11, 12]),
    ],
)
def test_on_topic(topic: str, on: list[int]) -> None:
    found, _ = on_topic(topic, MESSAGES, CTX)
    assert [m.id for m in found] == on
