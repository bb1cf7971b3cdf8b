"""Places a writer in lower case names (tests/fixtures/venues_chat.jsonl; the user is Ola):
a shop joined by an ampersand ("mosaic & more"), a place after a going ("went to", "take it
to", "drove up to"), a name before its street ("sugar & spoon on the high street"); and a
town asked for by its kind, which no message calls a town."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.places import place_phrase, where_it_is
from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "venues_chat.jsonl"
NOW = datetime(2026, 4, 2, 9, 0)

pipe = history_fixture(CHAT, me="Ola")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("which shop did the bathroom tiles come from", "mosaic & more"),  # a guard
        ("where did bea get told to take her bike", "spokesmith"),
        ("where's mum's birthday cake from?", "sugar & spoon on the high street"),
        ("which town did i collect the oak table from", "kelso"),
        ("where did bea get her wedding film developed?", "the darkroom on mill lane"),
    ],
)
def test_a_lower_case_place(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert expected in first.lower(), first


@pytest.mark.parametrize(
    ("text", "asked", "phrase"),
    [
        ("went to mosaic & more in hillcrest on saturday", "tiles", "to mosaic & more"),
        ("take it to spokesmith on the canal", "bike", "to spokesmith"),
        ("drove up to kelso on friday", "table", "to kelso"),
        # guards: "to" opening a verb, and a "to" after no going
        ("went to see the physio about my knee", "knee", None),
        ("we're going to ask mum about easter tonight", "easter", None),
        ("i'm on a new rota at work, saturdays off from april", "rota", None),
    ],
)
def test_a_going_places(text: str, asked: str, phrase: str | None) -> None:
    found = place_phrase(text, {asked}, (), origin=False)
    assert found == phrase or (phrase is None and (found is None or "to " not in found)), found


@pytest.mark.parametrize(
    ("phrase", "question", "shown"),
    [
        ("to kelso", "which town did i drive to?", "kelso"),
        ("to kelso", "where did i drive to?", "to kelso"),
        ("to kelso", "where's the table from?", "kelso"),
    ],
)
def test_where_it_is(phrase: str, question: str, shown: str) -> None:
    assert where_it_is(phrase, question) == shown
