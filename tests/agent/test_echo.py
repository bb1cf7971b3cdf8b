"""An echo is no answer (agent/answer/echo.py): when the best sentence only says again what
the question says, the sentence after it, or the writer's next turn, tells. Hand-made
messages and weights; no store."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.echo import past_the_echo
from agent.answer.reading import ReaderContext
from agent.answer.text import TermWeights
from memory_store.models import StoredMessage


def msg(mid: int, speaker: str, text: str) -> StoredMessage:
    ts = datetime(2026, 5, 1, 18, mid)
    return StoredMessage(mid, "Ana", f"ref{mid}", speaker, ts, text, "text", 1, 1)


NEXT_TURN = {
    1: msg(2, "Ana", "Honestly so many families wanting to adopt. Made me tear up"),
    3: msg(4, "Ben", "nice!"),
    5: msg(6, "Ana", "what do you think?"),
}
# After another's asking for it: "Back from the vet." / "And?? How is she?" / the telling.
AFTER_ASKING = {
    8: [msg(9, "Ben", "And?? How is she?"), msg(10, "Ana", "She got an anti-nausea shot. Phew")],
    11: [msg(12, "Ben", "nice one"), msg(13, "Ana", "She got an anti-nausea shot. Phew")],
}


def _after(m: StoredMessage) -> list[StoredMessage]:
    return AFTER_ASKING.get(m.id) or ([NEXT_TURN[m.id]] if m.id in NEXT_TURN else [])


CTX = ReaderContext(
    TermWeights.from_texts([m.text for m in NEXT_TURN.values()]),
    lambda m: [],
    speakers=["Ana", "Ben"],
    turns_after=_after,
)


@pytest.mark.parametrize(
    ("mid", "question", "text", "span", "told"),
    [
        # the setup echoes the question; the next sentence tells
        (
            7,
            "what did ana see at the council meeting for adoption?",
            "Last Friday I went to a council meeting for adoption. It was inspiring to see so "
            "many people wanting to give kids a loving home.",
            "Last Friday I went to a council meeting for adoption.",
            "It was inspiring to see so many people wanting to give kids a loving home.",
        ),
        # a question after the setup tells nothing; the sentence after it does
        (
            7,
            "what is the book about?",
            "I just finished the book! Have you read it? It's about sisterhood and chasing dreams.",
            "I just finished the book!",
            "It's about sisterhood and chasing dreams.",
        ),
        # the setup ends the message: the writer's next turn tells
        (
            1,
            "what did ana see at the council meeting?",
            "went to the council meeting last friday",
            "went to the council meeting last friday",
            "Honestly so many families wanting to adopt.",
        ),
        # the writer's next turn after another's asking for it
        (
            8,
            "what did the vet do for miso?",
            "Back from the vet with Miso.",
            "Back from the vet with Miso.",
            "She got an anti-nausea shot.",
        ),
        # a reply that asks nothing is a turn of the talk: the writer's telling is not read
        (
            11,
            "what did the vet do for miso?",
            "Back from the vet with Miso.",
            "Back from the vet with Miso.",
            "Back from the vet with Miso.",
        ),
        # a sentence with words of its own is the answer itself
        (
            7,
            "what did ana bake for the shelter?",
            "I baked lemon cakes for the shelter. They loved them.",
            "I baked lemon cakes for the shelter.",
            "I baked lemon cakes for the shelter.",
        ),
        # someone else's reply, or the writer asking back, is no telling of theirs
        (
            3,
            "what did ana see at the meeting?",
            "went to the meeting",
            "went to the meeting",
            "went to the meeting",
        ),
        (
            5,
            "what did ana see at the meeting?",
            "went to the meeting",
            "went to the meeting",
            "went to the meeting",
        ),
    ],
)
def test_past_the_echo(mid: int, question: str, text: str, span: str, told: str) -> None:
    _, said = past_the_echo(question, msg(mid, "Ana", text), span, CTX)
    assert said == told
