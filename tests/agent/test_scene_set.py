"""Questions that set the scene before they ask, and plans told beside other plans
(tests/fixtures/scene_chat.jsonl; the user is Elsie): a word only the scene holds is no topic
to decline for ("I need to fill in a form for the insurance. Who…?"); a person the question
names is who "her" points to; "was held" asks where, not for "on hold"; "the social's MOVING
to the Corn Exchange" moves a place; "my eye appointment has moved too" is another plan."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.asking import asking_part
from agent.answer.undone import ANOTHER_MOVED
from agent.pipeline import Pipeline
from agent.rewrite.offline import without_reason
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "scene_chat.jsonl"
NOW = datetime(2026, 7, 1, 9, 0)

pipe = history_fixture(CHAT, me="Elsie")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "I need to fill in a form for the insurance. Who was it that fixed the gutter?",
            "pavel",
        ),  # a guard
        (
            "After all the fuss with the flood, where did the summer social end up being held?",
            "corn exchange",
        ),
        ("where was the summer social held in the end?", "corn exchange"),
        (
            "The woman across the road whose tomatoes I water: I've gone blank on her name. "
            "Who is she?",
            "okoro",
        ),
        (
            "Remind me which day the plumber came to fit the sink in the end. "
            "It was put off once, I know.",
            "12 june",
        ),
        ("who fixed the gutter?", "pavel"),  # a guard: asked outright
        ("when did the plumber fit the dishwasher?", "does not contain"),  # a guard: unknown topic
    ],
)
def test_answered(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert expected in first.lower(), first


@pytest.mark.parametrize(
    ("question", "part"),
    [
        (
            "Morag and I talked about the boiler a dozen times. When was the last?",
            "When was the last?",
        ),
        (
            "I need his name for a form. Who was it I saw about my knee?",
            "Who was it I saw about my knee?",
        ),
        ("After all the upheaval with the venue, where was the concert?", "where was the concert?"),
        (
            "Have I told anyone about my eye test? I can't remember.",
            "Have I told anyone about my eye test?",
        ),
        ("when is lucia's wedding", "when is lucia's wedding"),
        # any clause before a comma, when what follows asks
        ("missed the work chat, what was going on", "what was going on"),
        ("Aki, what did you say about the dentist?", "what did you say about the dentist?"),
        ("what did she say, and when?", "what did she say, and when?"),  # a guard
        # chat's "lol" ends a sentence as a full stop does
        (
            "i had the group muted last saturday lol what were they all on about",
            "what were they all on about",
        ),
        ("lol what did we decide", "lol what did we decide"),  # a guard: nothing before it
        # the asking typed on without a stop after the scene
        (
            "hansens warranty gal wants teh date the tractor quit on us what day was that",
            "what day was that",
        ),
        (
            "voss office is asking when i was in last what day did i actually see him",
            "what day did i actually see him",
        ),
        # guards: a wh-clause that is what is asked about; too little before it
        ("when did i tell barb what the doc said", "when did i tell barb what the doc said"),
        ("remind me what did we decide", "remind me what did we decide"),
        ("what did i say when mum was in hospital", "what did i say when mum was in hospital"),
        ("accountant wants it how much did the roof cost", "how much did the roof cost"),
    ],
)
def test_asking_part(question: str, part: str) -> None:
    assert asking_part(question).strip() == part


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        (
            "Remind me which day the man came to fit the boiler. It was put off once, I know.",
            "Remind me which day the man came to fit the boiler.",
        ),
        # guards: no request first; a question mark decides as before
        ("The boiler was put off once. Which day did the man come?", None),
        ("which day did he come? the dentist I mean", None),
    ],
)
def test_without_reason(question: str, asked: str | None) -> None:
    assert without_reason(question) == (asked or question)


@pytest.mark.parametrize(
    ("text", "another"),
    [
        ("And my eye appointment has moved too, I'm now going on the 30th.", True),
        ("the dentist has also been moved, to friday", True),
        ("He's moved me to Friday the 12th of June instead.", False),
        ("too late, it's moved to friday", False),
    ],
)
def test_another_plan_moved(text: str, another: bool) -> None:
    assert bool(ANOTHER_MOVED.search(text)) is another
