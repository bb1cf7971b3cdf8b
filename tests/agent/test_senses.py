"""A noun of the question that a message holds only as a verb (agent/answer/senses.py)."""

from __future__ import annotations

import pytest

from agent.answer.senses import as_nouns, held_as_nouns


@pytest.mark.parametrize(
    ("question", "nouns"),
    [
        ("when did i get the job offer?", {"job", "offer"}),
        ("when did we book the cabin?", {"cabin"}),
        ("when's the book club?", {"book", "club"}),
        ("when will they call the plumber", {"plumber"}),
    ],
)
def test_as_nouns(question: str, nouns: set[str]) -> None:
    assert nouns <= as_nouns(question)
    assert not {"get", "call"} & as_nouns(question)


@pytest.mark.parametrize(
    ("texts", "kept"),
    [
        # "offer" only after "they": the job offer is "I GOT THE JOB"
        (["Have the kaiseki dinner if they offer it.", "AKI. I GOT THE JOB."], {"job"}),
        # a noun somewhere keeps it
        (["if they offer it", "the offer came in at 9"], {"job", "offer"}),
        # a word after a comma is no verb slot
        (["they, offer included, said yes"], {"job", "offer"}),
        # a word no text holds stays
        (["we offer"], {"job"}),
        # nothing would be left: unchanged
        (["they offer, we job"], {"job", "offer"}),
    ],
)
def test_held_as_nouns(texts: list[str], kept: set[str]) -> None:
    question = "when did i get the job offer?"
    wanted = {"job", "offer"}
    assert held_as_nouns(question, wanted, texts) == kept
