"""How a thing went (agent/answer/how_was.py): which questions ask it, and which of the chat's
own askings are of the thing the question names."""

from __future__ import annotations

import pytest

from agent.answer.how_was import _ASKED, _ASKING


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("how was the ryokan?", "the ryokan"),
        ("how did the interview go?", "the interview"),
        ("how's miso doing?", "miso"),
        ("and how was the book club", "the book club"),
        ("how many nights was i away?", None),  # a count, not how it went
        ("how much was the vet?", None),
        ("how long is the approach?", None),
    ],
)
def test_a_question_asking_how_it_went(question: str, thing: str | None) -> None:
    asked = _ASKED.match(question)
    assert (asked.group("thing") if asked else None) == thing


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("That's so thoughtful. How was the ryokan?", "the ryokan"),
        ("How did it go??", "it"),
        ("And?? How is she?", "she"),
        (
            "Yes! How was the book club from your side? You left early.",
            "the book club from your side",
        ),
        ("How long is the approach?", None),
        ("Interview done!", None),
    ],
)
def test_the_chat_asking_it(text: str, thing: str | None) -> None:
    asking = _ASKING.search(text)
    assert (asking.group("thing") if asking else None) == thing
