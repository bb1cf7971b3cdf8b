"""The thing named just before the phrase a what-question closes with
(agent.answer.before_phrase): "what did gina receive from a dance contest?" / "Here's one of my
trophies from a dance contest". A thing is marked as one (a determiner, "one of", a number);
words a verb opens are a deed, not a thing."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.before_phrase import thing_before_phrase
from memory_store.models import StoredMessage


def _said(text: str) -> StoredMessage:
    return StoredMessage(1, "Gina", "m1", "Gina", datetime(2023, 4, 9, 10, 33), text, "text", 1, 1)


@pytest.mark.parametrize(
    ("question", "text", "thing"),
    [
        ("what did gina receive from a dance contest?",
         "Here's one of my trophies from a dance contest, nice reminder of the hard work",
         "trophies"),
        ("what did i bring back from the market?",
         "got some lovely peaches from the market, want some?", "lovely peaches"),
        # the determiner may be another's: "her" asked, "my" written
        ("what did she hang in her studio?", "one big mirror in my studio now", "big mirror"),
        # a verb opens the words (the deed's own reader takes "picked up" as bought)
        ("what did she buy for her studio?", "Picked up a new mirror for my studio today",
         None),
        # a verb opens the words: a deed, not a thing
        ("what did she find for her clothing store?",
         "Launched an ad campaign for my clothing store", None),
        ("what did he win at the fair?", "we had fun at the fair", None),
        # no closing phrase of place or occasion
        ("what did she receive?", "Here's one of my trophies from a dance contest", None),
    ],
)  # fmt: skip
def test_the_thing_before_the_phrase(question: str, text: str, thing: str | None) -> None:
    found = thing_before_phrase(question, [_said(text)])
    assert (found[1] if found else None) == thing
