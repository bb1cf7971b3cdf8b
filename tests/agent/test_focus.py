"""The phrase that answers a what/which question (agent.answer.focus.answer_span), or None
when nothing stands out and the reader should quote the sentence."""

from __future__ import annotations

import pytest

from agent.answer.focus import answer_span
from agent.answer.text import REQUEST_TERMS, terms

PEOPLE = ["Tim", "John", "Joanna", "Greta", "Sami", "Hana", "Piotr", "Melanie", "Nate", "Sam"]


@pytest.mark.parametrize(
    ("sentence", "question", "span"),
    [
        # the question's verb, then its object
        (
            "Learning German has been tough but worth it.",
            "Which language is Tim learning?",
            "German",
        ),
        ("I'll make pierogi to apologise", "what was piotr making again", "pierogi"),
        # thanks is no answer: "what did we get priya for her birthday" is not "Thank."
        (
            "Best birthday in years. Thank you, crew.",
            "what did we get priya for her birthday",
            None,
        ),
        # a phrase near the question's words, with what the question says taken off
        (
            "The donations even helped get a brand new fire truck!",
            "What did the donations help John's community acquire?",
            "brand new fire truck",
        ),
        (
            "Been quite a ride - in a good way - had an audition yesterday for a writing gig.",
            "What was Joanna's audition for?",
            "writing gig",
        ),
        (
            "also you left your laptop charger here",
            "what did sami leave at my place?",
            "laptop charger",
        ),
        # names and titles first; a quoted title answers outright
        (
            "As discussed, I'm putting you forward for Senior Analyst, effective January 1st",
            "what role is greta putting me up for?",
            "Senior Analyst",
        ),
        (
            'Just finished "A Dance with Dragons" and it\'s a really good story.',
            "Which book did Tim recommend?",
            "A Dance with Dragons",
        ),
        (
            "Loved it. Marta picked the next book already, The Remains of the Day, for Nov 4th.",
            "what is the next book club book?",
            "The Remains of the Day",
        ),
        (
            "Had matcha soft serve and a bowl of udon near the shrine. Best morning.",
            "what did I have near the shrine?",
            "matcha soft serve and a bowl of udon",
        ),
        (
            "physio verdict: A2 pulley strain",
            "what did the physio say was wrong?",
            "A2 pulley strain",
        ),
        # nothing stands out: one adjective, a shout, no question word at all
        (
            "I just signed with a new team - excited for the season!",
            "Which team did John sign with?",
            None,
        ),
        ("mum LOVED it", "what did mum think of the present?", None),
        ("also my new crashpad arrived 😍", "what did piotr buy?", None),
        ("ok see you then!", "what did Sam bring to the party?", None),
        # a phrase does not end on a word leading into what follows ("limping since"), and
        # one lower-case word alone is not sure enough
        ("Biscuit has been limping since the park", "what has biscuit been doing", None),
    ],
)
def test_answer_span(sentence: str, question: str, span: str | None) -> None:
    wanted = terms(question) - REQUEST_TERMS - {t for p in PEOPLE for t in terms(p)}
    assert answer_span(sentence, wanted, PEOPLE) == span
