"""The words of a count question that only say it came off, who came, or which one
("managed to get to that café she likes", "turned up") are no topic of the count
(agent/answer/moves_asked.py `set_aside`)."""

from __future__ import annotations

import pytest

from agent.answer.moves_asked import set_aside


@pytest.mark.parametrize(
    ("question", "gone", "kept"),
    [
        ("How many times have we managed to get to that café she likes?", "managed likes", "café"),
        ("how many walks have i been able to go on?", "able", "walks"),
        ("how many of us turned up for the walk?", "turned up", "walk"),
        ("how many swims? not counting the ones that got called off", "counting", "swims"),
    ],
)
def test_set_aside(question: str, gone: str, kept: str) -> None:
    left = set_aside(question).lower().split()
    assert not set(gone.split()) & set(left) and kept in " ".join(left), left
