"""Where something normally happens (agent.answer.usual_place): the place named most
often among the messages on it, when named at least twice, more often than any other, and
said somewhere to be usual ("as usual", "back at") or named on three days or more; a one-off
move ("at Marcus's instead") or a trip talked of a lot is not the usual. Hand-made messages;
no store."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.reading import ReaderContext
from agent.answer.text import TermWeights
from agent.answer.usual_place import usual_place
from memory_store.models import StoredMessage


def chat(*texts: str) -> list[StoredMessage]:
    return [
        StoredMessage(i, "Game night", f"g{i}", "Priya", datetime(2026, 1, 1 + i, 18), t, "text",
                      i, 1)
        for i, t in enumerate(texts)
    ]  # fmt: skip


CTX = ReaderContext(TermWeights.from_texts(["ok"]), lambda m: [], speakers=["Priya", "Marcus"])


@pytest.mark.parametrize(
    ("texts", "place"),
    [
        (
            [
                "First game night of 2026 is tomorrow - Rook & Pawn, 7pm",
                "Rook & Pawn have cancelled our table, we'll do Marcus Flat instead",
                "Next one is back at the Rook and Pawn, Friday 20th!",
            ],
            "Rook & Pawn",
        ),
        # talked of twice, never said to be usual: a one-off trip, a dinner out
        (["Castle Crags on Saturday October 17th?", "Tomorrow is Castle Crags!"], None),
        # named once each: nothing is usual
        (["Rook & Pawn on Friday", "Casa Albero on Saturday"], None),
        # a speaker's name is no place
        (["Marcus Flat again", "Marcus Flat it is"], None),
        # with the spot in it that the message saying it is usual gives
        (
            [
                "Long runs on Saturdays at 8, meeting at the bandstand in Marlow Park as usual.",
                "First post-race long run: an easy 8k round Marlow Park?",
            ],
            "the bandstand in Marlow Park",
        ),
        # a common noun's place named on three days is the usual one without being called so
        (
            [
                "could you get me outside the library? i work round the corner",
                "still ok for 5 at the library?",
                "See you at the library at 5. Roundabouts today",
            ],
            "outside the library",
        ),
        # on two days only, it is not yet
        (["still ok for 5 at the library?", "See you at the library at 5"], None),
        # nor is a place asked about ("how was it at the pub?")
        (["how was it at the pub?", "how was the pub?", "fun at the pub?"], None),
    ],
)
def test_the_usual_place(texts: list[str], place: str | None) -> None:
    found = usual_place(chat(*texts), CTX)
    assert (found.span if found else None) == place
