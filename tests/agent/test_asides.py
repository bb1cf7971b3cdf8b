"""A question's framing is no part of what it looks for: "who recommended the plumber *in the
first place*?", "which paint did we go with *in the end*?", "*remind me*, where's the lamp
being delivered?". Their words rank the messages that say them ("first place in the pub
quiz!!", "the end of the street is dug up", "remind me to call mum"): retrieval and the
reader's weighing leave them out (agent.answer.kinds.without_asides). And a choice said as made
("we're going with sage green for the living room") settles "which paint did we go with?"
(agent.answer.proposals). A real store of tests/fixtures/asides_chat.jsonl (the user is Jo).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.kinds import without_asides
from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "asides_chat.jsonl"
NOW = datetime(2026, 3, 31, 9, 0)

pipe = history_fixture(CHAT, me="Jo")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("who recommended the plumber in the first place?", "who recommended the plumber ?"),
        ("which paint did we go with in the end", "which paint did we go with"),
        ("remind me, where's the lamp being delivered?", ", where's the lamp being delivered?"),
        ("do you remember what time the match was?", "what time the match was?"),
        ("where is it exactly", "where is it"),
        # nothing but framing: the question as asked
        ("remind me again", "remind me again"),
        # an order word that asks for a mention stays: "first" is no aside here
        ("when did i first mention the plumber?", "when did i first mention the plumber?"),
        ("what's the first place we stayed at?", "what's the first place we stayed at?"),
        # a time of day, said as the idiom is: kept
        (
            "what does she do to relax at the end of the day?",
            "what does she do to relax at the end of the day?",
        ),
    ],
)
def test_the_words_that_frame_a_question(query: str, expected: str) -> None:
    assert without_asides(query) == expected


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("who recommended the plumber in the first place?", "marta"),
        ("which paint did we go with in the end?", "sage green"),
        ("remind me, where's the new lamp being delivered?", "locker"),
        # a choice told as made by whom ("she chose climbing"), the question set up by a clause
        ("mia's after school club, what did she pick?", "climbing"),
        # (a guard) asked whether one picked, no one did: "have you picked a frame … yet?"
        ("what frame did i pick for the bike in the end?", "not yet"),
    ],
)
def test_framed_questions_find_the_telling(pipe: Pipeline, question: str, said: str) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    assert not result.answer.abstained, result.answer.text
    assert said in result.answer.text.lower(), result.answer.text
