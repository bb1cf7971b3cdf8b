"""A calendar day with a part of it, off the written clock (agent.plan.clocks).

"where did I stay the night of October 10th?" asks of a stay, which a message may speak of on
another day ("Yoshida-sanso for the night of October 10th", sent on the 6th): the day is
filtered on both clocks and the part of day is dropped, as it narrows the stay, not the
writing. Talk about the night keeps the clock time it was written at, and so does a relative
part of day ("last night").
"""

from __future__ import annotations

from datetime import date, datetime, time

import pytest

from agent.plan.planner import plan_question
from memory_store.query.table_ops import AnyOf, TableOp, WhereDate, WhereMentions, WhereTimeOfDay

NOW = datetime(2026, 10, 18, 19, 42)
SPEAKERS = ["Sam", "Aki"]


def both(y: int, m: int, d: int) -> AnyOf:
    day = date(y, m, d)
    return AnyOf(ops=[WhereDate(start=day, end=day), WhereMentions(start=day, end=day)])


def written(day: date, to: date, start: time, end: time) -> list[TableOp]:
    return [WhereDate(start=day, end=to), WhereTimeOfDay(start=start, end=end)]


NIGHT = (time(21, 0), time(4, 59, 59))
MORNING = (time(5, 0), time(11, 59, 59))
CASES = [
    ("where did i stay the night of october 10th?", "both", [both(2026, 10, 10)]),
    ("where did we sleep on the night of 10 october?", "both", [both(2026, 10, 10)]),
    ("what did i eat on the morning of september 5th?", "both", [both(2026, 9, 5)]),
    # talk is on the written clock: the part of day is when it was written
    (
        "what did we talk about the night of october 10th?",
        "time",
        written(date(2026, 10, 10), date(2026, 10, 10), *NIGHT),
    ),
    (
        "what did we talk about on the morning of 5 september?",
        "time",
        written(date(2026, 9, 5), date(2026, 9, 5), *MORNING),
    ),
    # a relative part of day is the writing's
    (
        "where did we eat last night?",
        "both",
        written(date(2026, 10, 17), date(2026, 10, 18), time(18, 0), time(4, 59, 59)),
    ),
]


@pytest.mark.parametrize(("question", "route", "ops"), CASES, ids=[c[0] for c in CASES])
def test_part_of_a_calendar_day(question: str, route: str, ops: list[TableOp]) -> None:
    result = plan_question(question, now=NOW, speakers=SPEAKERS)
    assert result.plan.ops == ops
    assert result.route == route
