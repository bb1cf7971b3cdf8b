"""The chat asked it too (agent/answer/asked_too.py): the reply to the chat's own short asking
answers the question, though the asking says "she" for the solicitor and the reply names
neither, on a real store of tests/fixtures/asked_too_chat.jsonl (the user is Leo)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "asked_too_chat.jsonl"
NOW = datetime(2026, 4, 1, 9, 0)

pipe = history_fixture(CHAT, me="Leo")


@pytest.mark.parametrize(
    ("question", "said", "not_said"),
    [
        # the reply to "what does she need from us", the solicitor told just before; wanting
        # is needing
        (
            "what paperwork did the solicitor want from us?",
            "photo ID, two utility bills and the signed contract of sale",
            "",
        ),
        ("what did the solicitor need off us?", "two utility bills", ""),
        # (a guard: the best sentence said so before)
        ("what did the roof man say about the leak?", "cracked flashing", ""),
        # asked with a word the question lacks ("what *time* does he want us there"), the
        # chat's asking is another question: its reply is not quoted for what the vet wanted
        ("what did the vet want us to bring?", "", "half ten on saturday"),
        # a long turn opens with its pleasantries: it is read as any message is
        ("what did the wedding band play?", "", "thanks for asking"),
        # a reply that tells nothing ("ok") answers nothing
        ("what does my sister want to see?", "", "“ok”"),
    ],
)
def test_the_reply_to_the_chats_own_asking(
    pipe: Pipeline, question: str, said: str, not_said: str
) -> None:
    line = first_line(pipe, question, NOW)
    assert said.lower() in line.lower()
    if not_said:
        assert not_said.lower() not in line.lower()
