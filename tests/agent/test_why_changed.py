"""Why a plan changed (agent/answer/why_changed.py), on a real store of
tests/fixtures/why_changed_chat.jsonl (the user is Nina): the trouble a change message tells
beside the change ("the new fuse box hasn't arrived…, so the electrician can't come"), or its
writer's next line ("they've moved it a week" / "landslip on the lower path…"); not trouble
told with no change ("the kettle has been leaking"), nor another plan "moved too"; and a
plan no message says changed is said so ("why did the pottery class get moved?")."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.why_changed import asks_why_changed
from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from agent.plan.planner import plan_question
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "why_changed_chat.jsonl"
NOW = datetime(2026, 6, 30, 9, 0)

pipe = history_fixture(CHAT, me="Nina")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("why did the rewiring get put back?", "fuse box hasn't arrived"),
        ("why was the electrician put back in june?", "fuse box"),
        ("how come the ridge walk got pushed back a week?", "landslip"),
        ("why was the ridge walk moved?", "landslip"),
    ],
)
def test_the_reason_a_plan_changed(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert expected in first.lower(), first


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a plan no message says moved: no quote of it passes for a reason
        ("why did the pottery class get moved?", "No message says it was moved."),
        ("why was the pottery class cancelled?", "No message says it was cancelled."),
    ],
)
def test_a_change_no_message_tells(pipe: Pipeline, question: str, expected: str) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None and result.answer.abstained, result.answer
    assert expected == result.answer.detail, result.answer


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("why was the boiler fitting put back in august?", True),
        ("how come the walk got cancelled", True),
        ("and why couldn't we go to the first place?", True),
        ("why were the units late the second time?", True),
        # guards: a reason for something else
        ("why did she join the choir?", False),
        ("why does he like the ridge walk?", False),
    ],
)
def test_asks_why_changed(question: str, asks: bool) -> None:
    assert asks_why_changed(question) is asks


@pytest.mark.parametrize(
    ("question", "query"),
    [
        ("why was the fitting put back in august?", "why was the fitting put back?"),
        ("what was wrong with the car back in feb?", "what was wrong with the car?"),  # a guard
    ],
)
def test_a_delay_keeps_its_back(question: str, query: str) -> None:
    assert plan_question(question, now=NOW).content_query == query
