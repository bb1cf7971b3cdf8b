"""Fewer, surer turns (agent.sure): inside a time filter only turns carrying a topic word."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace
from typing import Any

import pytest

from agent.sure import sure_turns, topic_terms
from memory_store.models import StoredMessage


def msg(i: int, text: str) -> StoredMessage:
    return StoredMessage(
        id=i, conversation="c", source_ref=str(i), speaker="Aki",
        ts=datetime(2023, 5, 8, 12, i), text=text, kind="text", session_id=1, session_ordinal=1,
    )  # fmt: skip


RANKED = [msg(1, "the adoption agency called"), msg(2, "lunch was nice"), msg(3, "agencies!")]


def result(route: str, sql: str | None, content: str) -> Any:
    planned = SimpleNamespace(content_query=content)
    return SimpleNamespace(route=route, sql=sql, filtered=RANKED[:1], retrieved=RANKED,
                           planned=planned)  # fmt: skip


@pytest.mark.parametrize(
    ("route", "sql", "content", "expected"),
    [
        ("time", "q", "what did we talk about", [1]),  # time-only: the filter itself
        ("both", "q", "what did Aki say about the agency?", [1, 3]),  # topic words only
        ("both", "q", "what did she say about the zeppelin?", [1, 2, 3]),  # none: keep top k
        ("content", None, "the agency", [1, 2, 3]),  # no time filter: the ranking
    ],
)
def test_sure_turns(route: str, sql: str | None, content: str, expected: list[int]) -> None:
    got = sure_turns(result(route, sql, content), 5, speakers=["Aki"])
    assert [m.id for m in got] == expected


def test_topic_terms_leave_out_names_and_question_words() -> None:
    assert topic_terms("What did Caroline say about the adoption agency?", ["Caroline"]) == {
        "adopt",
        "agenc",
    }
