"""Which how-much questions ask for a measure of a thing rather than a sum of money: a measure
is read from the clause that holds the question's words (agent.answer.quantity)."""

from __future__ import annotations

import pytest

from agent.answer.quantity import asks_quantity

CASES = [
    ("how much food does miso get in the morning?", True),
    ("how much water should i bring on the hike?", True),
    ("how much does she eat at night?", True),
    ("how much sleep did you get before the exam", True),
    ("how much milk goes in the pancakes?", True),
    ("how much was the filling?", False),
    ("how much did we pay for the cabin?", False),
    ("how much is it a night?", False),
    ("how much does the gym membership cost?", False),
    ("how much money is left in the pot?", False),
    ("how much rent do we owe?", False),
    ("how much did the car repair come to?", False),
    ("how much food did we spend on?", False),
]


@pytest.mark.parametrize(("question", "measure"), CASES)
def test_a_measure_or_a_sum(question: str, measure: bool) -> None:
    assert asks_quantity(question) is measure
