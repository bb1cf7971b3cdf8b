"""Answers to a careful writer's history (tests/fixtures/legion_hall_chat.jsonl; the user is
Walt): a person named with the surname the message writes ("Ray Dionne, the retired
Coast Guard chief"), also when the question's word for them is one no message holds ("the
lucky winner"); a sum spelled out ("I sent Maddie fifty dollars"); a first mention asked
after a scene whose month is when the thing happened, not when it was spoken of; things
asked for as a bidding ("please bring Mom's gravy boat"); what is counted past an adverb
("how many folk actually turned up")."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.amount import _sums, chosen_sum
from agent.answer.kinds import classify
from agent.answer.places import named_place
from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "legion_hall_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Walt")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Whom did Bev get to give the address at the ceremony?", "ray dionne"),
        (
            "Donna's quilt was drawn at the October supper, and I did not win it. Who was the "
            "lucky winner?",
            "marjorie blaisdell",
        ),
        # a first mention asked after its scene: the scene's month is when it happened
        (
            "I had the use of Roland's wood splitter for a weekend in October. When was it that "
            "I first asked him whether I might borrow it?",
            "20 september",
        ),
        (
            "Donna raffled off her quilt for the roof. On what date did she first put the idea "
            "to the committee?",
            "21 july",
        ),
        # things asked for as a bidding ("please bring…"), not "can you…"
        ("What has Denise asked me to bring down for Thanksgiving?", "gravy boat"),
        ("What has Denise asked me to bring down for Thanksgiving?", "photo albums"),
        # a guard: the sum spelled out, in the quote it was answered with before
        ("How much did I send Maddie toward the sketchbook?", "fifty dollars"),
    ],
)
def test_answered(pipe: Pipeline, question: str, expected: str) -> None:
    assert expected in first_line(pipe, question, NOW).lower()


@pytest.mark.parametrize(
    ("text", "sums"),
    [
        ("I sent Maddie fifty dollars this afternoon", ["fifty dollars"]),
        ("it came to two hundred and forty quid", ["two hundred and forty quid"]),
        ("a hundred bucks for the lot", ["a hundred bucks"]),
        # guards: a weight, and a pound of something
        ("I lost two pounds", []),
        ("a pound of butter", []),
    ],
)
def test_spelled_sums(text: str, sums: list[str]) -> None:
    assert [said for *_, said in _sums(text)] == sums


@pytest.mark.parametrize(
    ("text", "question", "sum_"),
    [
        (
            "Ok party budget: hall R2,400, cake R850 from the lady in Heidedal, catering R4,250",
            "how much was the cake for mama's party?",
            "R850",
        ),
        # a guard: the first of a list, asked of
        (
            "Ok party budget: hall R2,400, cake R850 from the lady in Heidedal, catering R4,250",
            "how much was the church hall for mama's party?",
            "R2,400",
        ),
    ],
)
def test_the_sum_written_after_the_thing_asked_of(text: str, question: str, sum_: str) -> None:
    assert chosen_sum(text, question) == sum_


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # a name that opens on its article, before the suburb it is in
        (
            "Mrs Jacobs' farewell is at The Olive Shed in Mowbray, Friday 23 October",
            "The Olive Shed",
        ),
        # a guard: a place with no article
        ("Mrs Jacobs' farewell is at Olive Grove in Mowbray, Friday 23 October", "Olive Grove"),
    ],
)
def test_a_name_may_open_on_its_article(text: str, place: str) -> None:
    assert named_place(text, {"farewell", "mrs", "jacobs"}, []) == place


@pytest.mark.parametrize(
    ("question", "counted"),
    [
        ("how many folk actually turned up on the night of the race night", "folk"),
        ("how many people really came to the supper", "people"),
        # a guard: nothing named before the adverb
        ("how many of us actually went", "us"),
    ],
)
def test_counted_past_an_adverb(question: str, counted: str) -> None:
    assert classify(question).focus == counted
