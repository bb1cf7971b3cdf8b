"""A list as it stands: an item its giver later takes back ("scrap the halloumi skewers") is
replaced by what they bring instead ("my neighbour does amazing flatbreads, i'll bring those
instead"), not by whose it is; "don't forget the burgers" takes nothing back. A real store of a
small fixture chat."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "swapped_chat.jsonl"
NOW = datetime(2026, 5, 20, 9, 0)
pipe = history_fixture(CHAT, me="Ros")


@pytest.mark.parametrize(
    "question",
    [
        "what's everyone bringing to the bbq?",
        "who's bringing what to the plot bbq",
    ],
)
def test_a_taken_back_item_is_replaced(pipe: Pipeline, question: str) -> None:
    said = first_line(pipe, question, NOW).lower()
    for item in ("burgers", "flatbreads", "potato salad", "elderflower cordial"):
        assert item in said, said
    assert "halloumi" not in said, said
    assert "neighbour" not in said, said
