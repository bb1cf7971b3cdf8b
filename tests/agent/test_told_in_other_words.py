"""Answers told in other words than the question's (tests/fixtures/told_in_other_words_chat.jsonl;
the user is Mara): the day a dog came home is told by "picked her up from hound haven
saturday", ranked near "HOME CHECK PASSED 🐶🐶", which covers the question's words better and
names no day; the hospital asked for by its kind is named in another language ("Dinala sa
Kingsmead Hospital…"), and "Sir Harold" is a person, no place; who "he" is in "he earned it,
ran all of the kruse beans" is named in the turn before, not the one after; where the team
went is not "moving to the lending team", and "offsite update!!" heads a line, it names no
place; a share of the costs is the bare number said "apiece" beside "4 bucks"; what someone
charged is the sum said as their fee ("Our fee is $385"), not the refund they worked out."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.amount import chosen_sum
from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "told_in_other_words_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Mara")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what day did jess actually bring her new dog home", "6 june"),
        ("when did jess bring the dog home?", "6 june"),
        # a guard: the best message is the telling, and the day it was written is the day
        ("when did jess pass the home check?", "27 may"),
        ("which hospital did they take Sir to after his fall?", "kingsmead hospital"),
        ("who combined the kruse beans for us?", "ron"),
        # not "the lending team" (what the question is about) nor the line's heading
        ("where did the team go for the june day out?", "tamarind grove resort"),
        # a guard: the hospital named in the best message's own words
        ("which hospital is Sir Harold in?", "kingsmead hospital"),
        # what was charged is the sum said as the fee, not the refund beside it
        ("what did warren charge me for doing the return?", "$385"),
        # a guard: the refund asked for by its own word
        ("how much is my refund?", "$1,630"),
    ],
)
def test_answered(pipe: Pipeline, question: str, expected: str) -> None:
    assert expected in first_line(pipe, question, NOW).lower()


_SETTLED_UP = (
    "squarin up: i had gas 38 and bait 22, you had groceries at 68. 128 all in so 64 apiece. "
    "i owe you 4 bucks"
)


@pytest.mark.parametrize(
    ("text", "question", "sum_"),
    [
        # a share asked: the bare number said per head, beside a sum with its currency
        (_SETTLED_UP, "What did my share of the costs come to?", "64"),
        (_SETTLED_UP, "how much did the trip cost altogether?", "128"),
        # guards: what is owed is the sum with its currency; a share said with its own
        (_SETTLED_UP, "how much do i owe roland?", "4 bucks"),
        ("tickets were $45 each so $90 for the two of us", "how much was my ticket each?", "$45"),
    ],
)
def test_chosen_sum(text: str, question: str, sum_: str) -> None:
    assert chosen_sum(text, question) == sum_
