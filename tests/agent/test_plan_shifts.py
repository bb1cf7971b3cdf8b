"""Plans moved in a person's own words (tests/fixtures/moves_chat.jsonl; the user is Bea): by
how much rather than to which day ("can we push dinner back a week?", "brought forward a day",
"the weekend after instead", "bump the dentist to the following monday"), from one day to
another ("moved from tuesday to thursday this week"), and by a counter-offer ("can't do the
11th, how about the 18th?"). Written for this test, not taken from an evaluation set: before
agent/answer/moves.py `shifted` and `counter_offers`, 3 of the first 10 rows were right."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "moves_chat.jsonl"
NOW = datetime(2026, 6, 20, 9, 0)

pipe = history_fixture(CHAT, me="Bea")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # by how much
        ("when's dinner at tash's now?", "Friday 19 June 2026"),
        ("what day did tash move dinner to?", "Friday 19 June 2026"),
        ("when is the 5-a-side final?", "Wednesday 24 June 2026"),
        ("when's the car boot sale now?", "Sunday 21 June 2026"),
        ("when is the dentist now?", "Monday 29 June 2026"),
        ("when's my dentist appointment now?", "Monday 29 June 2026"),
        # from one day to another
        ("when is the swim gala?", "Thursday 18 June 2026"),
        # a counter-offer, taken
        ("when are we going to the cinema?", "Thursday 18 June 2026"),
        # moved outright, and a move of another plan in the same chat left alone
        ("when's my haircut now?", "Wednesday 17 June 2026"),
        ("what day is the bbq now?", "Sunday 14 June 2026"),
        ("when did kit move the bbq to?", "Sunday 14 June 2026"),
        # written after the rows above worked, run once as held out: 2 of 5 right ("put back"
        # was no change word; "from the 1st" held its "from"; a bare "the 8th" was June's).
        ("when's my quarterly review now?", "Monday 29 June 2026"),
        ("when are sam's leaving drinks?", "Thursday 25 June 2026"),
        ("when's the indoor session?", "Wednesday 24 June 2026"),
        ("when's book club?", "Wednesday 8 July 2026"),
        # the same weekday before: a week earlier (the first version moved it by none)
        ("when's the pub quiz fundraiser?", "Monday 22 June 2026"),
        pytest.param(
            "when is gran coming to stay now?",
            "Saturday 11 July 2026",
            marks=pytest.mark.xfail(
                reason="'Gran's visit has been pushed back a fortnight' shares only a person "
                "with the plan, which names no plan",
                strict=True,
            ),
        ),
    ],
)
def test_the_plan_as_moved(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert first.startswith(expected), first
