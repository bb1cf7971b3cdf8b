"""Where, as a chat says it (tests/fixtures/spots_chat.jsonl; the user is Ola): a spot said
exactly ("behind the green watering can") is as good an answer as a name, and beats a
neighbour's name in another message; a business named by its kind ("riverside physio") when
the question asks for that kind; "in like 3 sessions" and "in a day" are no places; a place
on the writer's next line ("got a regular sunday spot" / "eastbourne, by the wharf")."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.places import kind_named, place_phrase
from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "spots_chat.jsonl"
NOW = datetime(2026, 5, 20, 9, 0)

pipe = history_fixture(CHAT, me="Ola")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("where does mum keep the spare key?", "behind the green watering can"),
        ("where's that physio kemi went to?", "riverside physio"),
        # the street it is on, not "the new optician" alone
        ("where do i take grandad for his eyes?", "the new optician on kells street"),
        # the writer's next line places what the best message tells of
        ("where does kemi park the van on sundays?", "eastbourne"),
    ],
)
def test_where(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert expected in first.lower(), first


@pytest.mark.parametrize(
    ("text", "question", "expected"),
    [
        ("riverside physio, they had me sorted", "where's the physio?", "riverside physio"),
        ("the vets on mill lane are good", "which vets do they use?", None),  # "the" names none
        ("eastgate physio, ask for hannah", "where's the dentist?", None),  # not the kind asked
    ],
)
def test_a_business_by_its_kind(text: str, question: str, expected: str | None) -> None:
    assert kind_named(text, question, ()) == expected


@pytest.mark.parametrize(
    "text", ["the lad there did mine in a day", "they had me sorted in like 3 sessions"]
)
def test_a_stretch_of_time_is_no_place(text: str) -> None:
    assert place_phrase(text, set(), ()) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a spot, and the place it is in when said next
        (
            "greg found her last night!! she was hiding behind the paint cans in his garage",
            "behind the paint cans in his garage",
        ),
        ("the keys were under the mat at mum's place", "under the mat at mum's place"),
        # …not a time after it, nor a spot with nothing after it
        ("it's behind the shed in the morning light", "behind the shed"),
        ("Spare key is under the blue plant pot.", "under the blue plant pot"),
    ],
)
def test_a_spot_with_the_place_it_is_in(text: str, expected: str) -> None:
    assert place_phrase(text, {"key", "hide"}, ()) == expected
