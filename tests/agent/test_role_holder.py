"""Who holds a role the question names: the name a message gives beside the role, typed in
lower case ("go see anika venter … best physio ever", "sipho says"), or failing a name the
sentence that names the role; not a writer who only shares the question's other words ("what
legs. i have no legs"). tests/fixtures/role_holder_chat.jsonl; the user is Thandi."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.role_holder import role_asked
from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "role_holder_chat.jsonl"
NOW = datetime(2026, 5, 30, 10, 0)

pipe = history_fixture(CHAT, me="Thandi")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("whats the name of the physio jess went to for her leg", "Anika Venter."),
        ("who was the physio i sent jess to", "Anika Venter."),
        ("what's the name of the plumber who fixed the geyser", "Sipho."),
        # no name beside the role: the sentence that names it
        (
            "what's the name of the cleaner the agency sent",
            "“the new cleaner from the agency is lovely, comes every second friday”",
        ),
    ],
)
def test_the_holder_of_a_role(pipe: Pipeline, question: str, expected: str) -> None:
    assert first_line(pipe, question, NOW) == expected


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("whats the name of the physio jess went to", "physio"),
        ("who was my plumber again", "plumber"),
        ("who's megan's cleaner", "cleaner"),
        # not a role: a name, or a deed
        ("who is anika", None),
        ("who was the first to leave", None),
        ("what's the name of the restaurant", None),
    ],
)
def test_the_role_a_question_asks_after(question: str, role: str | None) -> None:
    assert role_asked(question) == role
