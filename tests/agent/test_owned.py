"""Whose a thing is: a question of the user's own thing ("my birthday") is declined when the
best messages on it all say it is someone else's, and read as usual when one says it is the
user's or none says whose. Hand-made messages; no store."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.owned import others_own
from agent.answer.reading import ReaderContext
from agent.answer.text import TermWeights
from memory_store.models import StoredMessage

_CHATS = {"Aki": ["Sam", "Aki"], "Crew": ["Sam", "Aki", "Priya", "Doug"]}


def _msg(mid: int, speaker: str, text: str, conversation: str = "Crew") -> StoredMessage:
    ts = datetime(2026, 10, 4, 10, mid)
    return StoredMessage(mid, conversation, f"r{mid}", speaker, ts, text, "text", 1, 1)


def _ctx(texts: list[str]) -> ReaderContext:
    return ReaderContext(
        TermWeights.from_texts(texts),
        lambda m: [],
        me="Sam",
        speakers=["Sam", "Aki", "Priya", "Doug"],
        participants=_CHATS,
    )


MINE = ("Sam", "my birthday is in june", "Crew")
YOURS = ("Aki", "what do you want for your birthday?", "Aki")
UNSAID = ("Doug", "birthday cake was amazing", "Crew")
PRIYAS = [
    ("Aki", "Priya's birthday is next Sunday, October 4th.", "Aki"),
    ("Sam", "Happy birthday Priya!! Hope you had an amazing day.", "Crew"),
    ("Doug", "Great session today.", "Crew"),
]


@pytest.mark.parametrize(
    ("question", "messages", "declined"),
    [
        # every message on a birthday says it is Priya's: the history holds none of Sam's
        ("what did i get for my birthday?", PRIYAS, ("birthday", ["Priya"])),
        ("where did we go for my birthday", PRIYAS, ("birthday", ["Priya"])),
        # one says it is the user's ("my birthday" by Sam; "your birthday" to Sam in a chat of
        # two): read as usual
        (
            "what did i get for my birthday?",
            [*PRIYAS, MINE],
            None,
        ),
        (
            "what did i get for my birthday?",
            [*PRIYAS, YOURS],
            None,
        ),
        # the question asks of someone else's: not the user's to decline
        ("what did priya get for her birthday?", PRIYAS, None),
        # a person is no thing owned ("my sister"), and one message alone says too little
        ("what did my sister get for her birthday?", PRIYAS, None),
        ("what did i get for my birthday?", PRIYAS[1:], None),
        # a message saying nothing of whose it is stops nothing, and decides nothing
        (
            "what did i get for my birthday?",
            [*PRIYAS, UNSAID],
            ("birthday", ["Priya"]),
        ),
    ],
)
def test_a_thing_of_the_users_told_only_as_others_is_declined(
    question: str,
    messages: list[tuple[str, str, str]],
    declined: tuple[str, list[str]] | None,
) -> None:
    ranked = [_msg(i, who, text, chat) for i, (who, text, chat) in enumerate(messages)]
    assert others_own(question, ranked, _ctx([t for _, t, _ in messages])) == declined
