"""Sums in the currencies a chat writes beyond $, € and £ (tests/fixtures/currencies_chat.jsonl;
the user is Thandi): "R6,800" for rand, "KSh 4,500", "Rs 1200" and "₹1000"; a price asked as
"what did he quote".
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "currencies_chat.jsonl"
NOW = datetime(2026, 6, 1, 9, 0)

pipe = history_fixture(CHAT, me="Thandi")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how much is riyaad charging for the lounge?", "R6,800."),
        ("what did riyaad quote for the painting?", "R6,800."),
        ("how much were the brake pads?", "KSh 4,500."),
        ("what did musyoka charge for the brakes", "KSh 4,500."),
        ("how much did the tailor want for the blouse?", "Rs 1200."),
        pytest.param(
            "how much did the tailor end up charging for the blouse?",
            "₹1000.",
            marks=pytest.mark.xfail(
                reason="the price agreed the next day ('he came down to ₹1000 in the end') names "
                "neither the tailor nor the blouse, and the asking price's message ranks first",
                strict=True,
            ),
        ),
    ],
)
def test_a_sum_in_its_own_currency(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert first == expected, first
