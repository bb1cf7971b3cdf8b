"""The rarest of a question's words (agent.answer.text.TermWeights.rarest): readers key on it
("which plan moved?"), so equally rare words must not be chosen by the order a set iterates
in, which Python varies from one run to the next: the same question gave two answers on two
runs of the same code before. Hand-made weights; no store."""

from __future__ import annotations

import pytest

from agent.answer.text import TermWeights

WEIGHTS = TermWeights.from_texts(
    ["kayak trip moved to sunday", "kayak hire booked", "the trip is on", "bbq on sunday"]
)


@pytest.mark.parametrize(
    ("words", "rarest"),
    [
        (["kayak", "hire"], "hire"),  # "hire" is in one message, "kayak" in two
        (["hire", "bbq"], "bbq"),  # equally rare: alphabetical, in either order
        (["bbq", "hire"], "bbq"),
        (["trip", "sunday", "kayak"], "kayak"),
        (["sunday", "kayak", "trip"], "kayak"),
    ],
)
def test_the_rarest_word(words: list[str], rarest: str) -> None:
    assert WEIGHTS.rarest(words) == rarest
    assert WEIGHTS.rarest(set(words)) == rarest


def test_rarest_first() -> None:
    assert WEIGHTS.rarest_first({"kayak", "hire", "bbq", "trip"}) == [
        "bbq",
        "hire",
        "kayak",
        "trip",
    ]
