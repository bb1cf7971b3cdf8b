"""Who offered to do a thing and who would not be there, as a chat says it
(tests/fixtures/offers_chat.jsonl; the user is Kasia): "ill bring the extension leads" for
"who said they'd bring…", without the apostrophe; "will have to miss it" and "count me out"
with no name before them, written by the one who misses it."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "offers_chat.jsonl"
NOW = datetime(2026, 5, 20, 9, 0)

pipe = history_fixture(CHAT, me="Kasia")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("who said they'd bring the extension leads", "Rory."),
        ("who offered to bring the spare snare?", "Rory."),
        ("who said he'd sort the merch", "Mo."),
        ("who volunteered to drive the van", "Mo."),
        ("who couldnt make book club", "Jess."),
        ("who's going to miss book club on the 21st?", "Jess."),
        ("who couldn't come to the pub quiz?", "Mo."),
    ],
)
def test_who_offered_or_missed(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert first == expected, first
