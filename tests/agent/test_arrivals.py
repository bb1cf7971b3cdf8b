"""Where someone comes from, which place of a kind, and who ended up doing it
(tests/fixtures/arrivals_chat.jsonl; the user is Ruth): "flies in from belfast" is the answer
to "where from?", not the next turn's "at the airport"; "the pool at riverside" says the kind
asked for, and "same pool, beside the car park" keeps it; "i drove the whole way" answers
"who ended up behind the wheel?"."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.doer import says_doing
from agent.answer.places import place_phrase
from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "arrivals_chat.jsonl"
NOW = datetime(2026, 3, 20, 9, 0)

pipe = history_fixture(CHAT, me="Ruth")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("where was nana flying in from?", "belfast"),
        ("which pool are ellie's swim lessons at", "riverside"),
        ("who ended up behind the wheel for the lakes trip?", "sam"),
        ("who ended up taking the photos on the lakes trip?", "mia"),  # a guard
        ("where will dad pick nana up?", "airport"),  # a guard: not asked where from
    ],
)
def test_answered(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert expected in first.lower(), first


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("nana flies in from belfast on friday evening", "from belfast"),
        ("the pool at riverside right, not the one in town", "at riverside"),
        ("the lockers are at the right", "at the right"),  # a guard
    ],
)
def test_place_phrase(text: str, phrase: str) -> None:
    assert place_phrase(text, set(), (), origin=True) == phrase


@pytest.mark.parametrize(
    ("verb", "text", "says"),
    [
        ("driving", "i drove the whole way there and back", True),
        ("taking", "i took about 300 photos", True),
        ("driving", "i'll drive if you pay for petrol", True),
        ("phoned", "i used my phone torch", False),  # a guard
        ("driving", "my licence is in the post", False),  # a guard
    ],
)
def test_says_doing(verb: str, text: str, says: bool) -> None:
    assert says_doing(verb, text) is says
