"""A kind of thing the chat gives its name, answered with the name: "a contemporary piece
called “Finding Freedom”", "I went to Woodhaven, a small town in the Midwest", "Barcelona is a
must-visit city" (agent/answer/titles.py `named_as`), and the answers on a real store of
tests/fixtures/named_kinds_chat.jsonl (the user is Ines)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.titles import named_as
from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "named_kinds_chat.jsonl"
NOW = datetime(2026, 4, 1, 9, 0)

pipe = history_fixture(CHAT, me="Ines")


@pytest.mark.parametrize(
    ("sentence", "phrase", "name"),
    [
        # called, named: quoted, in capitals, or in a chat's lower case
        (
            'We just did a contemporary piece called "Finding Freedom." It was emotional',
            "contemporary piece",
            "Finding Freedom",
        ),
        (
            "playing a game nonstop with a great futuristic setting called “Cyberpunk 2077”.",
            "game",
            "Cyberpunk 2077",
        ),
        (
            "a small ryokan called Yoshida-sanso that my cousin liked",
            "small ryokan",
            "Yoshida-sanso",
        ),
        ("found a cafe called bloom, lovely", "cafe", "bloom"),
        # the name beside the kind it is said to be
        ("I went to Woodhaven, a small town in the Midwest.", "a small town", "Woodhaven"),
        ("Barcelona is a must-visit city!", "must-visit city", "Barcelona"),
        # no name: a sentence's opening word, a time, a pronoun, a name of several words run on
        ("Honestly, a great city", "great city", None),
        ("the vet called yesterday", "vet", None),
        ("the dentist called me back", "dentist", None),
        ("we got a puppy called biscuit the second", "puppy", None),
        ("It is a lovely town", "lovely town", None),
    ],
)
def test_named_as(sentence: str, phrase: str, name: str | None) -> None:
    assert named_as(sentence, phrase) == name


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("where did omar go on his trip?", "Harrowgate"),
        ("which city did omar tell me to visit in spain?", "Valencia"),
        ("what song did the choir sing at the gala?", "Rivers of Clay"),
        ("what board game has omar been playing?", "Lantern Run"),
        # a doctor's role is answered by whom the chat calls a doctor ("Dr Ruth Mensah"), not
        # "the Hindu" or "doctor. God" across a sentence's end
        ("what's the name of the eye specialist treating dad?", "Dr Ruth"),
        ("who is dad's eye doctor?", "Dr Ruth"),
        # …and a physio by her name, not the patient's title ("Mr Alves")
        ("what's the name of mr alves's physio?", "Carla"),
    ],
)
def test_a_kind_is_answered_with_its_name(pipe: Pipeline, question: str, answer: str) -> None:
    assert answer.lower() in first_line(pipe, question, NOW).lower()


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # the kind as the sentence names it, not the words around the name ("final of a big
        # Brackwater")
        ("which tournament did omar win?", "Brackwater chess tournament."),
        ("which torunament did omar win?", "Brackwater chess tournament."),  # a typo of it
    ],
)
def test_a_kind_holding_a_name_is_answered_with_it(
    pipe: Pipeline, question: str, answer: str
) -> None:
    assert first_line(pipe, question, NOW) == answer
