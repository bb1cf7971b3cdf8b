"""The assistant's turn a follow-up reads (agent.dialogue.answer_turn): whom its pronoun may
mean and what its "it" may be, from the answer's named person and citations, never from the
words of a quote the reader fell back on."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.record import Answer
from agent.dialogue import answer_turn
from agent.plan.planner import plan_question
from agent.result import AskResult
from agent.rewrite.offline import Rewrite
from memory_store.models import StoredMessage

NOW = datetime(2025, 9, 1, 9)


def _said(speaker: str, text: str) -> StoredMessage:
    return StoredMessage(1, "Dev", "p1", speaker, NOW, text, "text", 1, 1)


def _result(question: str, answer: Answer) -> AskResult:
    planned = plan_question(question, now=NOW, speakers=[])
    return AskResult(question, NOW, None, Rewrite(question, question), planned, answer=answer)


QUOTE = "u already owe me forever lol. ill keep the day free"


@pytest.mark.parametrize(
    ("kind", "span", "cited", "people", "thing"),
    [
        # a who-answer naming someone: that person first, then who the citations are by
        ("who", "Lotte", [("Dev", "lotte from the quiz team, we're going out friday")],
         ("Lotte", "Dev"), ""),
        ("who", "Uncle Avi", [("Tamar", "uncle avi is doing the speech")],
         ("Uncle Avi", "Tamar"), ""),
        # a title's dot is no sentence's: "Dr. Patel" is a name
        ("who", "Dr. Patel", [("Aki", "Dr. Patel at Riverside Dental. She's great")],
         ("Dr. Patel", "Aki"), ""),
        # a who-answer that fell back on a quote: its words are no one
        ("who", QUOTE, [("Dev", QUOTE)], ("Dev",), ""),
        ("who", "she said it's fine, honestly", [("Ros", "she said it's fine, honestly")],
         ("Ros",), ""),
        # the user is never "she"
        ("who", "Owen", [("Owen", "i'll do it")], (), ""),
        # a what-answer names a thing, as its citation writes it
        ("what", "tow float", [("Imogen", "got it. bright orange tow float")], ("Imogen",),
         "tow float"),
        ("what", QUOTE, [("Dev", QUOTE)], ("Dev",), ""),
    ],
)  # fmt: skip
def test_a_follow_up_reads_people_and_things_not_quotes(
    kind: str, span: str, cited: list[tuple[str, str]], people: tuple[str, ...], thing: str
) -> None:
    answer = Answer(span, [_said(s, t) for s, t in cited], kind=kind, span=span)
    turn = answer_turn(_result("who is it?", answer), me="Owen")
    assert turn.entities == people
    assert turn.thing == thing
    # only a who-answer's own person is the one it answered with
    named = kind == "who" and people[:1] == (span,)
    assert turn.answered == (span if named else "")
