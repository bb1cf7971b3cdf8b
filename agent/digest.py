"""Session digests: the level above the messages in the memory hierarchy (issue 16). A digest is
a session's few central messages (the extractive summary's points: agent/answer/summary.py,
chosen for centrality and variety), the names it mentions, and, read with it, its people,
dates and the events its messages speak of (the mentions table).

`fill_digests` writes the digests a store lacks, in batches (each its own transaction, so a
stopped run keeps what it finished); the store keeps them consistent through ingest and forget
(memory_store/db/digests.py). `session_digests` reads them back for `memlane digest` and other
front ends.

Measured before building it (eval, LoCoMo dev, memlane-default runs, leave-one-conversation-out):
ranking turns with their session's BM25 score as a prior does not lift Recall@5 (out of fold
0.721 against 0.723; multi-hop 0.358 against 0.359): the chunk run already carries it. So the
digests are an overview for people, not a retrieval signal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from agent.answer.items import COMMON_WORDS
from agent.answer.reading import ReaderContext
from agent.answer.spans import names_in
from agent.answer.summary import pick_points
from agent.pipeline import Pipeline
from agent.timeline import describe_when
from memory_store.db.digests import DigestRow, SessionDigest, SessionSpan
from memory_store.db.store import Store
from memory_store.indexes.tokenize import STOPWORDS
from memory_store.models import MentionRow, StoredMessage

__all__ = ["DIGESTER", "Digest", "fill_digests", "session_digests"]

# The version of what `fill_digests` writes: a store's digests by another are rewritten.
DIGESTER = "digest-1"
BATCH = 200
POINTS = 3
NAMES = 8
# Events a session speaks of: a day or finer, not the day it was written.
_EVENT_GRAINS = frozenset(["day", "part_of_day", "time", "weekend"])


@dataclass(frozen=True)
class Digest:
    """A session at a glance."""

    session: SessionDigest
    points: list[StoredMessage]
    events: list[tuple[MentionRow, StoredMessage]]

    @property
    def names(self) -> tuple[str, ...]:
        return self.session.names

    def to_json(self) -> dict[str, Any]:
        s = self.session
        return {
            "conversation": s.conversation,
            "start": s.start.isoformat(),
            "end": s.end.isoformat(),
            "participants": list(s.participants),
            "messages": s.n_messages,
            "points": [m.to_json() for m in self.points],
            "names": list(s.names),
            "events": [
                {"when": describe_when(x), "words": x.text, "message_id": m.id}
                for x, m in self.events
            ],
        }


def fill_digests(pipeline: Pipeline, progress: Callable[[int, int], None] | None = None) -> int:
    """Write a digest for every session of the (writable) store that has none by this
    DIGESTER; return how many were written."""
    store = pipeline.store
    todo = store.sessions_without_digest(DIGESTER)
    ctx = pipeline.reader_context(None)
    done = 0
    for at in range(0, len(todo), BATCH):
        batch = todo[at : at + BATCH]
        ids = store.session_message_ids([s.session_id for s in batch])
        by_id = {
            m.id: m for m in store.messages([i for s in batch for i in ids.get(s.session_id, [])])
        }
        rows = [
            _digest(s, [by_id[i] for i in ids.get(s.session_id, []) if i in by_id], ctx)
            for s in batch
        ]
        store.write_digests(rows, DIGESTER)
        done += len(batch)
        if progress:
            progress(done, len(todo))
    return done


def _digest(span: SessionSpan, messages: Sequence[StoredMessage], ctx: ReaderContext) -> DigestRow:
    points = [messages[i].id for i in pick_points(messages, ctx, POINTS)] if messages else []
    exclude = {w.lower() for m in messages for w in m.speaker.split()}
    found: list[str] = []
    for m in messages:
        found += _names(m.text, ctx.names, exclude)
    return DigestRow(span, tuple(points), tuple(_distinct(found)[:NAMES]))


# A capitalised run, with the small words titles keep lower case ("Klara and the Sun").
_CAPITALISED = re.compile(
    r"(?:(?:Dr|Mr|Mrs|Ms|St)\.\s+)?[A-Z][\w'’-]*"
    r"(?:\s+(?:(?:of|and|the|de|la)\s+)*[A-Z][\w'’-]*)*"
)
_TITLES = frozenset(["dr.", "mr.", "mrs.", "ms.", "st."])


def _names(text: str, lexicon: Collection[str], exclude: Collection[str]) -> list[str]:
    """The names a message mentions, a capitalised run whole ("Boulder Barn", "Dr. Patel",
    "Klara and the Sun"), without a sentence's opening word ("And Fushimi Inari")."""
    runs = []
    for r in _CAPITALISED.finditer(text):
        words = r.group(0).split()
        while words and (words[0].lower() in STOPWORDS or words[0].lower() in COMMON_WORDS):
            words = words[1:]
        known = any(w.lower() in lexicon for w in words)
        if len(words) > 1 and known and not any(w.lower() in exclude for w in words):
            runs.append(" ".join(words))
    return [*runs, *names_in(text, lexicon, exclude)]


def _distinct(names: Sequence[str]) -> list[str]:
    """Each name once, and not again as a word of a longer one ("Patel" in "Dr. Patel")."""
    out: list[str] = []
    for n in dict.fromkeys(names):
        low = n.lower()
        if not any(low in o.lower().replace(".", "").split() or low == o.lower() for o in out):
            out = [o for o in out if o.lower() not in low.replace(".", "").split()] + [n]
    return out


def session_digests(
    store: Store,
    *,
    conversation: str | None = None,
    start: date | None = None,
    end: date | None = None,
    limit: int | None = None,
    person: str | None = None,
) -> list[Digest]:
    """The digests of the sessions overlapping [start, end] (either open), oldest first; with
    `person`, only the sessions they wrote in (a person's timeline)."""
    found = store.session_digests(
        DIGESTER, conversation=conversation, start=start, end=end, limit=None if person else limit
    )
    if person:
        who = person.lower()
        found = [
            d
            for d in found
            if any(who in (p.lower(), p.split()[0].lower()) for p in d.participants)
        ][:limit]
    # Three reads for all the sessions, not three a session.
    members = store.session_message_ids([d.session_id for d in found])
    every = [i for d in found for i in members.get(d.session_id, [])]
    said = {m.id: m for m in store.messages(every)}
    mentions = store.mentions_of(every)
    out = []
    for d in found:
        ids = members.get(d.session_id, [])
        events = [
            (x, said[mid])
            for mid in ids
            for x in mentions.get(mid, [])
            if x.granularity in _EVENT_GRAINS and x.start.date() != said[mid].ts.date()
        ]
        # One per day it speaks of: "this Thursday, September 3rd", not again "Thursday".
        events.sort(key=lambda e: (e[0].start.date(), e[0].granularity == "time", e[1].id))
        days: dict[date, tuple[MentionRow, StoredMessage]] = {}
        for x, m in events:
            days.setdefault(x.start.date(), (x, m))
        shown = [said[i] for i in d.point_ids if i in said]
        out.append(Digest(d, shown, list(days.values())))
    return out
