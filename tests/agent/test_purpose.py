"""What a question's thing is for ("the cake *for mum's party*") says where to look, not what
to find (agent.answer.reader._purpose): the reader weighs it at the session's level, as a
follow-up's carried topic. After a verb or a relational noun the phrase is what is asked of.
Hand-made weights; no store."""

from __future__ import annotations

import pytest

from agent.answer.reader import _purpose
from agent.answer.reading import ReaderContext
from agent.answer.text import TermWeights

CTX = ReaderContext(
    TermWeights.from_texts(
        [
            "Aunt Rosa has offered to make the cake",
            "balloons from Party Palace for mum's party",
            "skip's booked for tomorrow morning for the bathroom job",
            "code for the shed padlock is 2906",
            "sami is arriving for his visit on thursday",
        ]
    ),
    lambda m: [],
)


@pytest.mark.parametrize(
    ("question", "own", "purpose"),
    [
        ("who's making the cake for mum's party?", "who's making the cake?", "mum's party"),
        (
            "the skip for the bathroom job, when did that get dropped off?",
            "the skip, when did that get dropped off?",
            "the bathroom job",
        ),
        # a relational noun: the padlock is what the code is asked of
        (
            "whats the combination for the shed padlock",
            "whats the combination for the shed padlock",
            "",
        ),
        # after a verb: the visit is what the arrival is asked of
        (
            "what day is sami arriving for his visit?",
            "what day is sami arriving for his visit?",
            "",
        ),
        (
            "What color did Nate choose for his hair?",
            "What color did Nate choose for his hair?",
            "",
        ),
    ],
)
def test_what_the_thing_is_for(question: str, own: str, purpose: str) -> None:
    assert _purpose(question, CTX) == (own, purpose)
