"""A day's talk with seven things in it (the vet, Rob's sausages, the bill, gran's remedy, Leeds
put off, the coach tickets, the tarts): the summary keeps every one; six points left the last
out (tests/fixtures/busy_day_chat.jsonl; the user is Lu)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "busy_day_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Lu")


def test_a_busy_days_summary(pipe: Pipeline) -> None:
    first = first_line(pipe, "what did gran and i text about on 12 august?", NOW)
    for said in ("emergency vet", "sausages", "£412", "camomile", "Leeds", "coach", "Bakewell"):
        assert said in first, (said, first)
