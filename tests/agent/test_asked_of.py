"""What someone asked the user to do (agent.answer.asked_of): jobs handed out one request at
a time, weeks apart, in words the question does not use ("can u do the cake?", "you're on
photos", "one more job lol. name cards"), and not what the user asked of them, nor a request
that asks for nothing to be done ("can you believe…", "could u send me…").
A real store of a small fixture chat."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import history_fixture

JOBS_CHAT = Path(__file__).parents[1] / "fixtures" / "jobs_chat.jsonl"
NOW = datetime(2026, 4, 20, 9, 0)
OLLIES = ["cake", "playlist", "balloons", "photos", "name cards"]


pipe = history_fixture(JOBS_CHAT, me="Mia")


@pytest.mark.parametrize(
    ("question", "asker", "expected", "not_expected"),
    [
        ("what jobs did ollie give me for mum's 60th?", "Ollie", OLLIES, ["boathouse", "number"]),
        ("which tasks has ollie handed me", "Ollie", OLLIES, ["boathouse", "cat"]),
        ("remind me everything ollie asked me to do for the party", "Ollie", OLLIES, ["believe"]),
        # a question with no topic words is no summary of all she said
        ("what did beth ask me to do?", "Beth", ["cat"], ["cake", "pastéis"]),
    ],
)
def test_jobs_asked_of_me(
    pipe: Pipeline, question: str, asker: str, expected: list[str], not_expected: list[str]
) -> None:
    r = ask_after(pipe, [], question, now=NOW)
    assert r.answer is not None
    text = r.answer.text
    assert r.answer.kind == "list", text
    assert text.startswith(f"{len(expected)} item"), text
    assert all(e in text for e in expected), text
    assert not any(n in text for n in not_expected), text
    # each job cites the message that asked for it, the asker's
    assert {m.speaker for m in r.answer.citations} == {asker}, text


def test_no_request_is_no_job(pipe: Pipeline) -> None:
    """Hal asked nothing of Mia ("could you believe the ending…" asks for nothing done): no
    list of the words his messages happen to hold."""
    r = ask_after(pipe, [], "what jobs did hal give me?", now=NOW)
    assert r.answer is not None
    assert r.answer.abstained, r.answer.text
