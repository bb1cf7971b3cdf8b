"""What the offline reader needs to know for one question: the idf of every term (the BM25
index's counts), the event times of the messages it reads, the names known in the store, the
people in scope and the question's now."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import Any

from agent.answer.reading import ReaderContext
from agent.answer.text import TermWeights
from agent.plan.mentions import find_mentions
from memory_store.models import StoredMessage
from memory_store.query.search import Searcher, top_arrays

__all__ = ["reader_context"]

# How many turns after a message the reader may read on ("what did Sam say about the vet?",
# "…How much was it in the end?").
_THREAD = 8
# How many of a chat's messages holding a plan's words the reader looks through for a change.
_SECOND_LOOK = 40


def reader_context(
    searcher: Searcher,
    *,
    me: str | None,
    names: Collection[str],
    places: Collection[str] = (),
    speakers: Collection[str],
    conversations: Collection[str],
    participants: Mapping[str, Collection[str]],
    threshold: float,
    short_messages: bool,
    now: datetime | None,
) -> ReaderContext:
    """Event times: the reader looks at a handful of messages, and resolving those with the
    engine that built the store's mentions table (the same rules, so the same rows) costs
    about 0.2 ms each, where reading them back costs a query (measured 12 ms a question on
    LoCoMo). The table is what `where_mentions` filters on and `memlane timeline` lists."""
    lexical = searcher.lexical("messages")
    found: dict[int, list[Any]] = {}

    def mentions_of(m: StoredMessage) -> Sequence[Any]:
        if m.id not in found:
            found[m.id] = find_mentions(m.text, m.ts)
        return found[m.id]

    def later_holding(words: str, m: StoredMessage) -> Sequence[StoredMessage]:
        allowed = searcher.allowed_messages(m.conversation, None)
        ids, scores = lexical.scores(words, None if allowed is None else lexical.mask_for(allowed))
        hits = [i for i, s in top_arrays(ids, scores, _SECOND_LOOK).items() if s > 0 and i != m.id]
        # nothing written after the question's now is read
        found = [
            n for n in searcher.store.messages(hits) if m.ts < n.ts and (now is None or n.ts <= now)
        ]
        return sorted(found, key=lambda n: (n.ts, n.id))

    def holding(
        pattern: str, speakers: Collection[str], chats: Collection[str]
    ) -> Sequence[StoredMessage]:
        return searcher.store.holding(
            pattern, speakers=sorted(speakers), conversations=sorted(chats), until=now
        )

    def speaking_after(day: datetime, since: datetime) -> Sequence[StoredMessage]:
        return searcher.store.speaking_after(day, since=since, until=now)

    return ReaderContext(
        TermWeights(lexical.doc_freq, lexical.num_docs, lexical.ends_word),
        mentions_of,
        turns_after=lambda m: searcher.store.turns_after(m.id, _THREAD),
        later_holding=later_holding,
        holding=holding,
        speaking_after=speaking_after,
        me=me,
        names=names,
        places=places,
        speakers=speakers,
        threshold=threshold,
        short_messages=short_messages,
        conversations=conversations,
        now=now,
        participants=participants,
    )
