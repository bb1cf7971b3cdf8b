"""How people type of their own people, in dialect and on a phone (tests/fixtures/
pipe_band_chat.jsonl; the user is Hamish): Scots "oor" and "yer" are no topic words; "on
about" and "come to me with" tell of a mention; a son called "ty" or a piper "ronnie" is
Tyler or Ron; "teh" is "the"; "Ill do a hamper" names no Ill; and a verb whose past is its
own form ("let go", "quit on us") is no noun a history must hold. Deeds as told: "Jock brought
me back" names who ended up bringing me home; "I called Hansen's" is a phone call, not a name;
"Mon 24th" and "Tell Isla" are no places; who sold the most is read off a written tally."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.doer import doer
from agent.answer.lexicon import person_names
from agent.answer.phrases import noun_phrases
from agent.answer.places import named_place, place_phrase
from agent.answer.spans import given_names
from agent.answer.text import terms
from agent.pipeline import Pipeline
from agent.rewrite.spelling import short_for
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "pipe_band_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Hamish")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("when did oor Kirsty first come to me with the campsite idea", "3 july"),
        # the first telling, not the saturday it asks for
        ("when did Jock first start on about the allotment shed", "8 july"),
        ("when did Jock first start on about teh allotment shed", "8 july"),
        # the last campsite talk, not the last time they talked
        ("when was the last time Kirsty and me were on about the campsite", "2 october"),
        ("what did ty and i talk about on his birthday", "puncture"),
        # the talk asked after it is told, a person of it called by the start of his name
        ("ty and i were texting on the 9th of september i forget what about", "4 messages"),
        ("when did ronnie first pitch the oban trip", "12 august"),
        # a guard: a scene of many words before the asking
        (
            "Alasdair is writing up the band's history for the newsletter and wants the date me "
            "and Jock won the quartet at the championships. what day was the final",
            "22 august",
        ),
    ],
)
def test_answered(pipe: Pipeline, question: str, expected: str) -> None:
    assert expected in first_line(pipe, question, NOW).lower()


def test_no_name_in_a_contraction() -> None:
    texts = [json.loads(line)["text"] for line in CHAT.read_text().splitlines()]
    names = person_names(texts)
    assert "ill" not in names
    assert {"morven", "callum"} <= names


@pytest.mark.parametrize(
    ("word", "name"),
    [
        ("ronnie", "Ron"),
        ("tommy", "Tom"),
        ("davie", "David"),
        # guards: words, and a prefix that is no pet form
        ("party", None),
        ("happy", None),
        ("ron", None),
    ],
)
def test_pet_forms(word: str, name: str | None) -> None:
    assert short_for(word, ["Ron", "Tom", "David", "Gary", "Dale"]) == name


@pytest.mark.parametrize(
    ("question", "heads"),
    [
        ("which field were we in when the feeder chain let go", ["chain"]),
        ("the day the tractor quit on us", ["tractor"]),
        ("what was my cut of the money", ["cut", "money"]),  # a guard: a noun of its own
    ],
)
def test_bare_past_ends_a_phrase(question: str, heads: list[str]) -> None:
    assert [p[-1] for p in noun_phrases(question)] == heads


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("teh allotment", "the allotment"), ("oor Kirsty", "our Kirsty"), ("yer shed", "your shed")],
)
def test_typed_function_words(typed: str, meant: str) -> None:
    assert terms(typed) == terms(meant)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "Jock brought me back" in the best message, against Morven's "I'll bring it over"
        ("who ended up bringing me home from Ninewells", "jock"),
        ("what was it I got wee Isla for turning ten", "karaoke"),  # a guard
        # a tally written out whole: "Morven 31, Jock 22, Hamish 18, Ron 15"
        ("which of the band sold the most tickets for the ceilidh", "morven (31)"),
        ("who sold the fewest ceilidh tickets", "ron (15)"),
        # the number asked for, not the days the sessions were spoken of
        ("how many physio sessions did she want me doing", "6 "),
    ],
)
def test_deeds_as_told(pipe: Pipeline, question: str, expected: str) -> None:
    assert expected in first_line(pipe, question, NOW).lower()


@pytest.mark.parametrize(
    ("question", "text", "name"),
    [
        ("who ended up bringing me home", "Im home. Jock brought me back this afternoon.", "Jock"),
        # a light verb, and a contraction typed without its apostrophe, name no one
        ("who ended up doing the speech", "the board doing the minutes", None),
        ("who booked it again?", "we hadnt booked anything yet", None),
    ],
)
def test_doer(question: str, text: str, name: str | None) -> None:
    assert doer(question, text, {"me"}) == name


@pytest.mark.parametrize(
    ("text", "wanted", "place"),
    [
        # a day shortened, a verb opening a sentence, and kin are no places
        ("They've moved us to the next weekend, Fri 21st to Mon 24th.", {"weekend"}, None),
        ("Thats my boy. Tell Isla her Papa is proud.", {"proud"}, None),
        ("Thats my boy. Tell Isla her Papa is proud at Jump Zone.", {"proud"}, "Jump Zone"),
    ],
)
def test_no_place(text: str, wanted: set[str], place: str | None) -> None:
    assert named_place(text, wanted, ()) == place
    assert place_phrase(text, wanted, ()) == (place and f"at {place}")


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("I called Hansen's, the part did not come.", []),  # a phone call
        ("we called the vet first thing", []),
        ("a guy called Kenny does our parts", ["Kenny"]),
        ("shes called beetroot", ["beetroot"]),
    ],
)
def test_called_names(text: str, names: list[str]) -> None:
    assert given_names(text) == names
