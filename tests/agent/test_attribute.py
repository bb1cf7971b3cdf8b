"""An attribute asked by its name ("what grade was the arete?") is the word the chat writes
before the thing's noun; and which one ("which vet?") is the name written in capitals before
it. Hand-made messages; no store."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.attribute import attribute_told
from agent.answer.reading import ReaderContext
from agent.answer.text import TermWeights
from agent.answer.titles import named_instance
from memory_store.models import StoredMessage


def _msgs(texts: list[str]) -> list[StoredMessage]:
    return [
        StoredMessage(i, "Crew", f"r{i}", "Doug", datetime(2026, 10, 18, 19, i), t, "text", 1, 1)
        for i, t in enumerate(texts)
    ]


def _ctx(texts: list[str]) -> ReaderContext:
    return ReaderContext(
        TermWeights.from_texts(texts), lambda m: [], me="Sam", speakers=["Sam", "Doug", "Aki"]
    )


@pytest.mark.parametrize(
    ("question", "texts", "said"),
    [
        (
            "what grade was the arete at castle crags?",
            ["Tomorrow is Castle Crags!", "Same. That V3 arete was harder than the book said."],
            "V3",
        ),
        ("what size is the tent?", ["we'll take the 4-person tent, it's huge"], "4-person"),
        # an adjective between: the question is not read as "the <noun>"
        ("what colour was her new car?", ["her red car is gone"], None),
        ("what colour was the car?", ["the red car is gone"], "red"),
        # plain adjectives and the question's own words are no attribute
        ("what size is the tent?", ["the new tent is up", "the big tent is up"], None),
        ("what grade was the arete?", ["the arete was hard"], None),
        # a time, a place or a name is asked another way
        ("what time was the match?", ["the evening match was moved"], None),
        ("what name was the boat?", ["the blue boat sank"], None),
        ("what grade did doug climb?", ["That V3 arete was harder"], None),
    ],
)
def test_an_attribute_is_the_word_before_the_noun(
    question: str, texts: list[str], said: str | None
) -> None:
    ranked = _msgs(texts)
    got = attribute_told(question, ranked, ranked, _ctx(texts), "what")
    assert (got.span if got else None) == said


@pytest.mark.parametrize(
    ("noun", "texts", "said"),
    [
        (
            "vet",
            ["Call the vet tomorrow morning.", "I'll call Greenfield Vet at 8am."],
            "Greenfield Vet",
        ),
        ("bakery", ["got the cake from the Dunmore Street bakery"], "Dunmore Street bakery"),
        # a sentence's first word, a small word, a speaker, whose it is, or shouting: no name
        ("vet", ["Vet says she's fine"], None),
        ("vet", ["Call The vet now"], None),
        ("vet", ["Doug vet visit went fine"], None),
        ("vet", ["is that Aki's vet?"], None),
        ("job", ["AKI. I GOT THE JOB."], None),
        ("dog", ["Rex Dog Walking came by"], None),  # a pet's name is a person's name
    ],
)
def test_which_one_is_the_name_before_the_noun(
    noun: str, texts: list[str], said: str | None
) -> None:
    ranked = _msgs(texts)
    got = named_instance(noun, ranked, ranked, _ctx(texts))
    assert (got[1] if got else None) == said
