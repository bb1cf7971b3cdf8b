"""Reasons (agent/answer/reasons.py): which questions ask why, the reason a message gives as
its marker sets it off, and the answers from a real store of tests/fixtures/reasons_chat.jsonl
(the user is Noa)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.reasons import ASKS_WHY, reason_in
from agent.answer.text import terms
from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "reasons_chat.jsonl"
NOW = datetime(2026, 3, 10, 9, 0)


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("why did idris quit the band?", True),
        ("how come they moved leo?", True),
        ("what made her pick that book?", True),
        ("what inspired the new script?", True),
        ("what was the reason he left?", True),
        ("what did idris quit?", False),
        ("how did the race go?", False),
        ("what made the noise in the loft?", True),  # asked as a cause all the same
    ],
)
def test_a_question_asking_why(question: str, asks: bool) -> None:
    assert bool(ASKS_WHY.search(question)) is asks


@pytest.mark.parametrize(
    ("text", "question", "reason"),
    [
        # a cause said outright, up to the writer's next clause; "cos" read as "because"
        (
            "Sold my bike cos my knee can't take the hills",
            "why did i sell my bike",
            "because my knee can't take the hills",
        ),
        (
            "Yeah, since I'm lactose intolerant I'm trying out dairy-free options",
            "why dairy-free",
            "since I'm lactose intolerant",
        ),
        # "since" gives a cause with a verb after it, a time without
        (
            "moving him since the old one changed its hours",
            "why move him",
            "since the old one changed its hours",
        ),
        ("been climbing since the summer", "why climb", None),
        # an aim, in the sentence after the deed
        (
            "Just yesterday I joined a nearby church. I wanted to feel closer to a community.",
            "why did she join a church",
            "to feel closer to a community",
        ),
        # what a "so" follows is the reason when what comes after it is what was asked
        (
            "the boiler died on sunday, so we're staying at mum's",
            "why are we staying at mum's",
            "the boiler died on sunday",
        ),
        (
            "The colors are so bright and the flowers are so pretty",
            "why are flowers important",
            None,
        ),
        # a sentence opening on "so" follows from the one before
        (
            "Just to keep them out of reach. So I'm hiding every hair tie I own.",
            "why am i hiding my hair ties",
            "to keep them out of reach",
        ),
        # a purpose after the deed the question names
        (
            "They signed it to show our friendship and appreciation.",
            "why did they sign the ball",
            "to show our friendship and appreciation",
        ),
        ("We went to the shop after signing it", "why did they sign the ball", None),
        ("I talked to Aki after signing it", "why did they sign the ball", None),
        # what inspired it, after its verb or before it
        (
            "It was inspired by personal experiences and my own journey.",
            "what inspired the screenplay",
            "personal experiences and my own journey",
        ),
        (
            "Aragorn's brave, selfless attitude is what inspired me.",
            "why does he like aragorn",
            "Aragorn's brave, selfless attitude",
        ),
        # the question's own words are no reason; a link to what came before is no part of one
        ("It reminded me why I wanted to join the military.", "why did he join the military", None),
        (
            "Besides that, my cousin had a tough time, so I'm helping her find a place.",
            "why is she helping her cousin find a place",
            "my cousin had a tough time",
        ),
        # a turn away ends a reason
        (
            "I wanted to help people, but it feels like nobody listens",
            "why does he feel stuck",
            "to help people",
        ),
        ("Interview done!", "why did she apply", None),
    ],
)
def test_the_reason_a_message_gives(text: str, question: str, reason: str | None) -> None:
    assert reason_in(text, terms(question)) == reason


pipe = history_fixture(CHAT, me="Noa")


@pytest.mark.parametrize(
    ("question", "reason"),
    [
        # the reason is in the writer's turn after the one the question's words are in
        ("why did idris quit the band?", "to spend more time with the kids"),
        # the user's own reason, said back to them
        ("why did i sell my road bike?", "because your knee can't take the hills anymore"),
        (
            "how come they moved leo to the park lane nursery?",
            "since the old one changed its hours",
        ),
        ("why did idris sign up for the half marathon?", "to raise money for the hospice"),
        ("why were we staying at mum's?", "the boiler died on sunday"),
        ("why did we stay at mum's that week?", "the boiler died on sunday"),
        ("what inspired dana's pick for march?", "a podcast about old labyrinths"),
    ],
)
def test_why(pipe: Pipeline, question: str, reason: str) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    assert result.answer.text.lower().rstrip(".") == reason, result.answer.text


def test_no_reason_is_borrowed_from_another_talk(pipe: Pipeline) -> None:
    """No message says why the bakery closed: "because I'm shattered" is about the quiz."""
    result = ask_after(pipe, (), "why did the bakery on elm street close?", now=NOW)
    assert result.answer is not None
    assert "shattered" not in result.answer.text.lower(), result.answer.text
