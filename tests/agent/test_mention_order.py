"""First/last *mentions* against first/last *sessions* (agent.plan.mention_order)."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.plan.mention_order import order_by_mention
from agent.plan.planner import plan_question

NOW = datetime(2023, 10, 1, 12, 0)


@pytest.mark.parametrize(
    ("question", "route", "ops"),
    [
        # a topic to mention: the pick is the topic's first/last mention, not a session
        ("when did I last mention the dentist?", "content", []),
        ("when did Aki first talk about pottery?", "both", ["where_speaker"]),
        # nothing to mention but the talk itself: the session pick stays
        ("What did we talk about in our first discussion?", "time", ["nth_session"]),
        ("What did we talk about last discussion?", "time", ["nth_session"]),
        ("Tell me what we discussed last time.", "time", ["nth_session"]),
        ("what did we talk about in our first conversation?", "time", ["nth_session"]),
    ],
)
def test_first_and_last_mentions(question: str, route: str, ops: list[str]) -> None:
    planned = order_by_mention(question, plan_question(question, now=NOW, speakers=["Aki"]))
    assert planned.route == route
    assert [op.op for op in planned.plan.ops] == ops
