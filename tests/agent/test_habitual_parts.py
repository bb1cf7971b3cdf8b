"""A part of the day said of what is asked about, not of the talk: "how much does she get in
the morning?" filters nothing by the hour a message was written, and keeps "morning" among
the words retrieval looks for; a question about the conversation keeps its filter."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.plan.planner import plan_question

NOW = datetime(2026, 10, 18, 19, 42)

CASES = [
    # (question, filters by the hour written, words kept for retrieval)
    ("how much food does miso get in the morning?", False, "morning"),
    ("what do i take at night?", False, "night"),
    ("who walks the dog in the evening?", False, "evening"),
    ("what does she eat for breakfast in the morning", False, "morning"),
    ("what did we talk about in the morning?", True, ""),
    ("what came up in the evenings?", True, ""),
    ("what did aki say this morning?", True, ""),
    ("what did i eat yesterday morning?", True, ""),
    ("what did we discuss on the evening of october 6th?", True, ""),
]


@pytest.mark.parametrize(("question", "by_hour", "kept"), CASES)
def test_a_part_of_the_day(question: str, by_hour: bool, kept: str) -> None:
    planned = plan_question(question, now=NOW, speakers=["Aki", "Sam"], me="Sam")
    hours = [op for op in planned.plan.ops if op.op == "where_time_of_day"]
    assert bool(hours) is by_hour, planned.plan.ops
    if not by_hour:
        assert kept in planned.content_query
        assert any("not when messages were written" in n for n in planned.resolved)
