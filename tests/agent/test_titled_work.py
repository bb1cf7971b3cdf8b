"""The title a message gives a book, film or song (agent.answer.titles.titled_work): words in
capitals, not the people writing nor a greeting before one of them ("Congrats Caroline!").
Hand-made messages; no store."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.reading import ReaderContext
from agent.answer.text import TermWeights
from agent.answer.titles import titled_work
from memory_store.models import StoredMessage


def _said(i: int, speaker: str, text: str) -> StoredMessage:
    return StoredMessage(
        i, "Chat", f"m{i}", speaker, datetime(2025, 6, 1, 12, i), text, "text", 1, i
    )


@pytest.mark.parametrize(
    ("texts", "title"),
    [
        (["Congrats Caroline! Good on you. [image: a book shelf full of books]",
          'I loved "Becoming Nicole" by Amy Ellis Nutt. A real inspiring book.'],
         "Becoming Nicole"),
        (["Wow Melanie, what a book haul!", "Just started Klara and the Sun, the book club pick"],
         "Klara and the Sun"),
        (["Thanks Melanie, that book sounds great"], None),
    ],
)  # fmt: skip
def test_a_title_is_no_greeting(texts: list[str], title: str | None) -> None:
    said = [_said(i, "Melanie" if i % 2 else "Caroline", t) for i, t in enumerate(texts)]
    ctx = ReaderContext(
        TermWeights.from_texts(texts), lambda m: [], speakers=("Caroline", "Melanie")
    )
    found = titled_work("what book did caroline recommend?", "book", said, said, ctx)
    assert (found[1] if found else None) == title
