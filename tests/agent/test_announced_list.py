"""A list its writer announces ("cafe list incoming.") and then gives a turn per item, with
another's asking for more between ("Anywhere for breakfast?"): each turn's first thing is an
item. A real store of a small fixture chat."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "announced_list_chat.jsonl"
NOW = datetime(2026, 2, 10, 9, 0)
pipe = history_fixture(CHAT, me="Ana")


@pytest.mark.parametrize(
    "question",
    [
        "which cafes did bea recommend for porto?",
        "what cafes did bea suggest?",
        "list the cafes bea told me about",
    ],
)
def test_an_announced_list_is_read_turn_by_turn(pipe: Pipeline, question: str) -> None:
    said = first_line(pipe, question, NOW).lower()
    for item in ("manteigaria", "combi coffee", "zenith"):
        assert item in said, said
    assert "opinions" not in said and "flight" not in said, said
