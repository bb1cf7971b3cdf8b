"""What the offline reader needs to know for one question, gathered from the store: the idf of
every term (the BM25 index's counts), the stored event times of the retrieved messages (one
query), the names known in the store, the people in scope and the question's now."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

from agent.answer.reader import ReaderContext
from agent.answer.text import TermWeights
from agent.plan.finder import FINDER
from agent.plan.mentions import find_mentions
from memory_store.db.store import Store
from memory_store.models import StoredMessage
from memory_store.query.search import Searcher

__all__ = ["reader_context"]


def reader_context(
    store: Store,
    searcher: Searcher,
    *,
    messages: Sequence[StoredMessage],
    me: str | None,
    names: Collection[str],
    speakers: Collection[str],
    conversations: Collection[str],
    threshold: float,
    now: datetime | None,
) -> ReaderContext:
    """The event times of `messages` come from the mentions table; any other message's are
    resolved on the spot by the same engine, as are all of them in a store whose mentions this
    engine did not build (a test's, or one being upgraded): the same rules, the same answers."""
    lexical = searcher.lexical("messages")
    current = bool(messages) and store.mentions_current(FINDER)
    stored = store.mentions_of([m.id for m in messages]) if current else {}
    known = {m.id for m in messages} if current else set()

    def mentions_of(m: StoredMessage) -> Sequence[Any]:
        return stored.get(m.id, []) if m.id in known else find_mentions(m.text, m.ts)

    return ReaderContext(
        TermWeights(lexical.doc_freq, lexical.num_docs),
        mentions_of,
        me=me,
        names=names,
        speakers=speakers,
        threshold=threshold,
        conversations=conversations,
        now=now,
    )
