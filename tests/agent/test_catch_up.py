"""Asking to be caught up on a day, after saying why (tests/fixtures/catch_up_chat.jsonl; the
user is Nell): "I didn't keep up with the ramblers' messages last Wednesday. What were they
all on about?" and "What was Ruth filling me in on that night?" summarise the day's talk; the
words that set the scene name no topic to search for. "the 8th of September." ends its
sentence: the time expression does not take the full stop."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.kinds import Kind, classify
from agent.pipeline import Pipeline
from agent.plan.planner import plan_question
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "catch_up_chat.jsonl"
NOW = datetime(2026, 10, 26, 9, 0)

pipe = history_fixture(CHAT, me="Nell")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "I didn't keep up with the ramblers' messages last Wednesday. What were they all on "
            "about?",
            "christmas",
        ),
        (
            "I left choir early on the 8th of September. What was Ruth filling me in on that "
            "night?",
            "church hall",
        ),
        # said in a clause before a comma, in a chat's lower case
        ("missed the ramblers chat last wednesday, what was going on", "christmas"),
    ],
)
def test_caught_up(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert expected in first.lower(), first


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("What was Morag filling me in on that night?", Kind.SUMMARY),
        ("what did she catch me up on?", Kind.SUMMARY),
        ("who filled the car?", Kind.WHO),  # a guard
    ],
)
def test_filling_in_asks_for_the_talk(question: str, kind: Kind) -> None:
    assert classify(question).kind is kind


@pytest.mark.parametrize(
    ("question", "query"),
    [
        ("I left early on the 8th of September. What was said?", "I left early. What was said?"),
        ("what did we do on 8 Sept. 2024?", "what did we do?"),  # a guard
    ],
)
def test_a_date_leaves_its_full_stop(question: str, query: str) -> None:
    assert plan_question(question, now=NOW).content_query == query
