"""Who did it, as a chat says so (tests/fixtures/doers_chat.jsonl; the user is Ife): a doer
named opening a sentence ("Declan's driving her home"), a person named by who they are to the
writer in lower case ("my flatmate yemi does graphic design"); not a holiday or an oath written
with a capital ("thank God", "Christmas dinner"), not a hotel's name, and not the writer who
asks for someone ("we need someone to do the posters…, any ideas")."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "doers_chat.jsonl"
NOW = datetime(2026, 4, 20, 9, 0)

pipe = history_fixture(CHAT, me="Ife")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("who's driving nan home?", "Declan."),
        pytest.param(
            "who brought nan home from hospital?",
            "Declan.",
            marks=pytest.mark.xfail(
                reason="'brought' finds Bisi's 'i'll bring them' before 'Declan's driving her "
                "home', and no message says 'hospital'",
                strict=True,
            ),
        ),
        ("who's doing the choir posters?", "Yemi."),
        ("who said they'd bring the music stands?", "Bisi."),
        # a person by where one knows them from, in lower case
        ("who did bisi go on a date with?", "Tobi."),
        ("who was bisi's date", "Tobi."),
        # those who said yes to the plan, and the one who said they could not come
        ("who was at the summer social?", "Tunde, Bisi and you."),
        ("who missed the summer social?", "Femi."),
        ("who couldn't make the boathouse social", "Femi."),
        # "he" after the name it points at
        ("who couldn't come to the quiz night?", "Ade."),
    ],
)
def test_who_did_it(pipe: Pipeline, question: str, expected: str) -> None:
    first = first_line(pipe, question, NOW)
    assert first == expected, first


@pytest.mark.parametrize("word", ["god", "christmas", "harbour"])
def test_no_one_is_named_so(pipe: Pipeline, word: str) -> None:
    assert word not in pipe.person_names()
