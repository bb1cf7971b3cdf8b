"""People named by whose they are and by whom they were with, a thing named the line before
its description, and what a relayed "says" says: a real store of a small fixture chat.

- "Edna's grandson Marek came by and fixed the back gate": Marek did it, not Edna.
- "Edna and I have booked five nights in Sliema" (Gran's): whom Gran went with.
- "just finished salt and ember" / "the one about the lighthouse keeper's daughter…": the
  title is in the line before the description.
- "At the airport!" says a place by its kind; "five nights in Sliema" names one.
- "Mechanic says the clutch is on its way out. Booking it in for Friday": what was said is
  what follows "says", not the next sentence.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "relations_chat.jsonl"
NOW = datetime(2026, 4, 1, 9, 0)
pipe = history_fixture(CHAT, me="Lou")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("who fixed gran's back gate?", "Marek"),
        ("who mended the gate at gran's", "Marek"),
        ("who patched the shed roof?", "Ada's husband"),
        ("who did gran go to sliema with?", "Edna"),
        ("who is gran going away with?", "Edna"),
        ("what was the name of that book rosa cried over?", "Salt and ember"),
        ("what's the lighthouse book rosa finished called", "Salt and ember"),
        ("what did the mechanic say about gran's car?", "clutch is on its way out"),
        ("what did the vet say was up with biscuit?", "grass seed"),
        ("what did the vet say about biscuit's paw", "grass seed"),
        # a place named further down beats one said by its kind ("At the airport!")
        ("where did gran and edna go on their holiday?", "Sliema"),
        # "cheap" is how one asks of "30 quid… was 90": no topic the history lacks
        ("where did tomek get that cheap ladder from", "the outlet at kirkby retail park"),
    ],
)
def test_answers(pipe: Pipeline, question: str, expected: str) -> None:
    said = first_line(pipe, question, NOW)
    assert expected.lower() in said.lower(), said


def test_where_a_thing_is_on_asked_a_few_turns_on(pipe: Pipeline) -> None:
    # "where's it on" four turns after the telling; "streamly i think? yeah streamly"
    said = first_line(pipe, "where can i watch it", NOW, ["what was that film ifeoma wept at"])
    assert said == "Streamly.", said


def test_a_description_answers_only_a_name_asked(pipe: Pipeline) -> None:
    said = first_line(pipe, "what did rosa think of the lighthouse book?", NOW)
    assert "salt and ember" not in said.lower(), said
