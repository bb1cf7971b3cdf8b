"""Which messages ask (agent.answer.text.asks): a question does not answer, its reply does,
and chat often drops the question mark."""

from __future__ import annotations

import pytest

from agent.answer.text import asks


@pytest.mark.parametrize(
    ("message", "asking"),
    [
        ("How was the book club?", True),
        ("Castle Crags on Saturday October 17th?", True),
        # unmarked: a question word and an inverted verb, or the verb before its subject
        ("told u. what colour r u doing the kitchen in the end", True),
        ("how did lowri get on", True),
        # a question written out under its owner's label tells what they will ask
        ("My question: is Klara actually conscious or just very good at imitating?", False),
        ("my big question for marta: why the farmer?", False),
        ("question for the group: who is driving?", True),
        ("did u get the keys", True),
        ("so what did the vet say", True),
        ("which one did u get", True),
        ("have you seen it", True),
        ("where r u", True),
        ("nice!! how much", True),
        ("what about a present from both of us", True),
        # a short question with its apostrophe dropped or kept, no question mark
        ("whats it called", True),
        ("wheres the party again", True),
        ("hows the knee", True),
        ("what's funny is he never even asked about it", False),
        # telling: a clause, an exclamation, a statement, a question already answered
        ("when i got home it was gone", False),
        ("what a day", False),
        ("a green called foggy fern", False),
        ("i have seen it", False),
        ("there was a fox in the garden", False),
        ("did u get the keys? found them in the van", False),
        # "??" on a statement is surprise; a short echo, or a verb before its subject, asks
        ("also fyi gary the manager at hollis's says they want to donate us a fridge??", False),
        ("ok so the venue cancelled on us?!", False),
        ("BRIGHTWELL??", True),
        ("you're moving to leeds??", True),
        ("dev sorry, did i leave my glasses in the car yesterday??", True),
        ("ines isn't your test this week??", True),
        ("what do you mean she is moving out??", True),
    ],
)
def test_asks(message: str, asking: bool) -> None:
    assert asks(message) is asking
