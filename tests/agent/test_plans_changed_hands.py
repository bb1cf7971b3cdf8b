"""Plans that changed hands, and sums that were someone else's (tests/fixtures/
plans_changed_hands_chat.jsonl; the user is Nia): "I'll drive" said by Bo in July and by Kit
after Bo's van broke down, asked who drove in the end; the cost per head said twice, the later
one the final; what the dentist charged the user, not the friend's own checkup in the
recommendation; whom the user went for pho with, in a chat of two that names no one; and who
was behind the wheel for one trip, when another chat's "I'll drive" was for another."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.amount import chosen_sum
from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "plans_changed_hands_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Nia")


@pytest.mark.parametrize(
    ("turns", "question", "expected"),
    [
        # the latest offer in the chat is the plan as it ended
        ((), "who ended up driving us to the lake?", "kit"),
        ((), "who's driving us to the cabin now?", "kit"),
        # the final sum, said as the share asked for
        (
            ("what was the cabin costing us?",),
            "and what did it work out to per head in the end?",
            "170",
        ),
        # the user's own cost, not the friend's, told later in the session of the visit
        ((), "what did the dentist charge me?", "120 pounds"),
        # a guard: the friend's checkup, asked as hers
        ((), "how much was ade's checkup?", "80 pounds"),
        # "behind the wheel" asks who was driving, of the trip asked about, not the lake's
        ((), "who was behind the wheel for the tongariro trip?", "stu"),
        # in a chat of two that names no one, the other writer
        ((), "who did I go for pho with?", "ade"),
    ],
)
def test_answered(pipe: Pipeline, turns: tuple[str, ...], question: str, expected: str) -> None:
    assert expected in first_line(pipe, question, NOW, turns).lower()


def test_the_first_offer_before_it_changed(pipe: Pipeline) -> None:
    """A guard: asked who offered in July, without "in the end", the July offer stands."""
    assert "bo" in first_line(pipe, "who offered to drive in july?", NOW).lower()


@pytest.mark.parametrize(
    ("text", "question", "sum_"),
    [
        # the share asked for outweighs the thing's own word beside another sum
        (
            "lake accounts: cabin 520 + boat hire 160 = 680. four of us, so 170 each.",
            "what did the cabin work out to per head?",
            "170",
        ),
        # a wage by the hour is a sum
        (
            "new job pays 22 an hour, starting monday",
            "how much does the new job pay?",
            "22 an hour",
        ),
        ("its 14.50 per hour plus tips", "what is the hourly rate?", "14.50 per hour"),
        # a guard: hours are no sum
        ("the drive is 2 hours each way", "how much is the drive?", None),
        # a guard: the whole asked for
        (
            "lake accounts: cabin 520 + boat hire 160 = 680. four of us, so 170 each.",
            "how much was the cabin altogether?",
            "520",
        ),
    ],
)
def test_chosen_sum(text: str, question: str, sum_: str | None) -> None:
    assert chosen_sum(text, question) == sum_
