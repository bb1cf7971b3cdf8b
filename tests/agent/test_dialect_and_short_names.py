"""How people type of their own people, in dialect and on a phone (tests/fixtures/
pipe_band_chat.jsonl; the user is Hamish): Scots "oor" and "yer" are no topic words; "on
about" and "come to me with" tell of a mention; a son called "ty" or a piper "ronnie" is
Tyler or Ron; "teh" is "the"; "Ill do a hamper" names no Ill; and a verb whose past is its
own form ("let go", "quit on us") is no noun a history must hold."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.lexicon import person_names
from agent.answer.phrases import noun_phrases
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
