"""A question that sets a scene before it asks ("doing a photo book for chidi as a gift. what
date did his intro finally hold"): the scene's words ("photo") must not lead the reader to
another thing's date ("₦50,000 each by the 5th", beside the photos); the sentence that asks
finds the event, in the chat's own word for the person's clipping ("intro" for
"introduction"). And a name given before who the person is ("Kelechi, my NYSC guy").
tests/fixtures/scene_when_chat.jsonl; the user is Tunde."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "scene_when_chat.jsonl"
NOW = datetime(2026, 11, 2, 9, 0)

pipe = history_fixture(CHAT, me="Tunde")

MOVED = "Saturday 17 October 2026 (first planned for Saturday 10 October 2026)."


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "doing a small photo book for chidi as a gift. what date did his intro finally hold",
            MOVED,
        ),
        ("when was chidi's intro in the end", MOVED),
        ("when was chidi's introduction", MOVED),
        ("who was the guy that put in a word for seun at the new job", "Kelechi."),
    ],
)
def test_a_scene_set_first(pipe: Pipeline, question: str, expected: str) -> None:
    assert first_line(pipe, question, NOW) == expected
