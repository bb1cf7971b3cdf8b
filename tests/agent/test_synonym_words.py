"""A question's word whose synonym group the store spells only one way: `terms` reads "test"
as "exam" and "movie" as "film", and the word must still count as held by the messages that
say "test" or "film" (it was dropped as unheard, and "when's my driving test?" was read as
"driving" alone: the first lesson's day). A kind word that heads its own phrase names the
topic without the head ("need to sort out my theory" is the theory test). A real store of a
small fixture chat."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "synonym_chat.jsonl"
NOW = datetime(2025, 3, 10, 9, 0)
pipe = history_fixture(CHAT, me="Kit")


@pytest.mark.parametrize(
    ("turns", "question", "expected"),
    [
        ((), "when's my driving test?", "28 March 2025"),
        ((), "what day is my driving exam", "28 March 2025"),
        (("when's my driving test?",), "and what time is it at?", "09:20"),
        ((), "what time is my driving test", "09:20"),
        ((), "when did i first mention the theory test?", "8 January 2025"),
        ((), "what movie are we seeing on saturday?", "Ferrow"),
        ((), "when did our couch arrive?", "2 March 2025"),
    ],
)
def test_a_synonym_the_store_spells_one_way(
    pipe: Pipeline, turns: tuple[str, ...], question: str, expected: str
) -> None:
    first = first_line(pipe, question, NOW, turns)
    assert expected in first, first
