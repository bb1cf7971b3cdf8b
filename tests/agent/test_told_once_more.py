"""A deed told once more ("I've sent your drugs with Oga Rasheed again") counts, though it
names neither the driver nor the park the first telling did; then so does a telling in the
same words without "again". Not the time she asked for them by hand. tests/fixtures/
again_chat.jsonl; the user is Tunde."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "again_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Tunde")


@pytest.mark.parametrize(
    ("question", "count"),
    [
        ("how many times did i send mummy's bp drugs through the driver at the park", "3"),
    ],
)
def test_a_deed_told_again_counts(pipe: Pipeline, question: str, count: str) -> None:
    assert first_line(pipe, question, NOW).split(" ")[0] == count
