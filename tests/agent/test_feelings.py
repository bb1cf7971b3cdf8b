"""How someone felt, or how they described a thing (agent/answer/feelings.py): which questions
ask it, the word a message says it with, and the answers from a real store of
tests/fixtures/feelings_chat.jsonl (the user is Noa)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.feelings import ASKS_FEELING, feeling_in
from agent.answer.text import terms
from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "feelings_chat.jsonl"
NOW = datetime(2026, 5, 1, 9, 0)


@pytest.mark.parametrize(
    ("question", "who"),
    [
        ("how did jess feel after her driving test?", "jess"),
        ("How did John describe the views on the coast?", "John"),
        ("how did i find the new team?", "i"),
        ("how does miso feel about the new food", "miso"),
        ("how did the interview go?", None),  # how it went: how_was.py
        ("how many tickets did jess get?", None),
    ],
)
def test_a_question_asking_a_feeling(question: str, who: str | None) -> None:
    asked = ASKS_FEELING.search(question)
    assert (asked.group("who") if asked else None) == who


@pytest.mark.parametrize(
    ("text", "question", "feeling"),
    [
        # after "felt"/"feel", to the clause's end
        ("passed!! I feel so relieved", "how did she feel after the test", "relieved"),
        ("It felt great being out there", "how did he feel about the game", "great"),
        # a linking verb sets off a verdict; its subject named by the question comes first
        (
            "My wife and I had fun. The views were spectacular, and it was amazing",
            "how did he describe the views",
            "spectacular",
        ),
        ("They were awestruck and humbled.", "how did the kids react", "awestruck and humbled"),
        # a pair is two verdicts, not a verdict and what follows
        (
            "The atmosphere was really electric and playing our rivals was intense",
            "how was the atmosphere",
            "electric",
        ),
        ("the new team seems lovely", "how did i find the new team", "lovely"),
        # "was at home", "is working": no verdict; a likeness after one that is
        ("She was at home all day", "how did she feel", None),
        (
            "It felt like they jumped off the page, it was totally surreal",
            "how did it feel",
            "surreal",
        ),
        # the question's own words are no feeling
        ("how was the trip?", "how was the trip", None),
    ],
)
def test_the_feeling_a_message_says(text: str, question: str, feeling: str | None) -> None:
    assert feeling_in(text, terms(question)) == feeling


pipe = history_fixture(CHAT, me="Noa")


@pytest.mark.parametrize(
    ("question", "feeling"),
    [
        # in the writer's turn after the one the question's words are in
        ("how did jess feel after her driving test?", "relieved"),
        ("how did jess describe the pastries in lisbon?", "incredible"),
        ("how did i find the new team at work?", "lovely"),
        ("how did tom describe the ending of piranesi?", "strange and beautiful"),
    ],
)
def test_how_they_felt(pipe: Pipeline, question: str, feeling: str) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    assert result.answer.text.lower().rstrip(".") == feeling, result.answer.text


def test_another_ones_feeling_is_not_theirs(pipe: Pipeline) -> None:
    """Noa found the concert amazing; nothing says how Jess found it."""
    result = ask_after(pipe, (), "how did jess feel about the harbour lights concert?", now=NOW)
    assert result.answer is not None
    assert "amazing" not in result.answer.text.lower().split("(")[0], result.answer.text
