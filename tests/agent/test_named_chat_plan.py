"""A chat named for a plan ("Ruby wedding") speaks of it in every turn: "ok everyone: NEW DATE.
Saturday October 24" moves the party without naming it, and a move onto the party's own day
("the bakery moved it to saturday the 17th") moves something else
(tests/fixtures/named_chat_plan_chat.jsonl; the user is Lu)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "named_chat_plan_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Lu")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what date did the ruby wedding party end up being?", "Saturday 24 October 2026"),
        ("when was mum and dad's ruby wedding party in the end?", "Saturday 24 October 2026"),
        # guards: the tasting's own move; a chat named for a topic ("Kev (boiler)") moves
        # the plan its own message names, the install, not the visit
        ("when was the cake tasting?", "Saturday 17 October 2026"),
        ("when did kev come round to look at the boiler?", "Thursday 20 August 2026"),
    ],
)
def test_a_plan_moved_in_its_own_chat(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert first.startswith(expected), first
