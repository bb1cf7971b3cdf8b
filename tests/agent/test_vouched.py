"""A question in the person's own word for something the chat calls otherwise is answered
when its other words name a telling the history holds: "what was the shard in the drain pump
blocked with?" of "the drain pump was blocked with a bit of glass". A question with nothing
else to find is still declined, and so is one about one of the people writing. A real store
of tests/fixtures/fault_chat.jsonl; the user is Rosa."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "fault_chat.jsonl"
NOW = datetime(2026, 3, 20, 9, 0)


pipe = history_fixture(CHAT, me="Rosa")


@pytest.mark.parametrize(
    ("question", "answered"),
    [
        # "shard" and "ignition" are the asker's words; the rest names the telling
        ("what was the shard in the drain pump blocked with?", True),
        ("which ignition part on cylinder 2 cracked?", True),
        # of one of the people writing, one word changed is as often a question of the wrong
        # person or thing: Jen's drain pump, asked as Gary's
        ("what was the shard in gary's drain pump blocked with?", False),
        # nothing but a person besides the word no message holds
        ("when is jen's wedding?", False),
        ("what did gary say about the timing belt?", False),
    ],
)
def test_the_other_words_vouch_for_a_word_no_message_holds(
    pipe: Pipeline, question: str, answered: bool
) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    assert result.answer.abstained is not answered, result.answer.text
