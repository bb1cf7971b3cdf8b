"""Per-topic and per-person timelines: every message on a topic, by the date it was written
("the dentist": the name asked for, the appointment, the filling, the cleaning booked), with
who said it. `memlane timeline --about` prints it.

The topic's messages are those the lexical search finds for it (with chat shorthand and the
words a chat says it with: agent/answer/related.py) that hold its head noun ("op" in "dad's
op"), or, when it has none, cover its words about as well as the best one, as the first and
last mentions of a topic are found (agent/answer/reader.py). A person narrows it to what they
wrote or what names them.
"""

from __future__ import annotations

import re

from agent.answer.reading import question_terms
from agent.answer.text import said_terms, terms, topic_heads, with_shorthands
from agent.pipeline import Pipeline
from memory_store.models import StoredMessage

__all__ = ["topic_timeline"]

_OPENER = re.compile(r"(?:the|a|an|my|our|your|his|her|their|[^\W\d_]+['’]s)\s", re.IGNORECASE)
# How far down the search the topic's messages are looked for.
DEPTH = 200
# Of the best match's coverage of the topic's words, the share a message needs (and at least
# MIN): the same bar as first and last mentions.
SHARE, MIN = 0.75, 0.4


def topic_timeline(
    pipeline: Pipeline,
    about: str,
    *,
    person: str | None = None,
    conversation: str | None = None,
) -> list[StoredMessage]:
    """The messages on `about`, oldest first; with `person`, only those they wrote or that
    name them."""
    ctx = pipeline.reader_context(conversation)
    wanted = question_terms(about, ctx)
    if not wanted:  # no message holds any of its words
        return []
    lexical = pipeline.searcher.lexical("messages")
    query = with_shorthands(about, lexical.doc_freq) or about
    found = pipeline.searcher.search(query, conversation=conversation, depth=DEPTH)
    said = {m.id: said_terms(m.text) for m, _ in found.ranked}
    # What it is, not whose or what kind: "dad's op" is every message on the op ("the op got
    # moved AGAIN", "surgeon was dr mensah"), "the crag trip" every one on the crag.
    heads = topic_heads(about if _OPENER.match(about) else f"the {about}")
    need = {t for h in heads for t in terms(h)} & wanted
    if need:
        on_topic = [m for m, _ in found.ranked if need <= said[m.id]]
    else:
        cover = {i: ctx.weights.coverage(wanted, t) for i, t in said.items()}
        best = max(cover.values(), default=0.0)
        on_topic = [m for m, _ in found.ranked if cover[m.id] >= max(MIN, SHARE * best)]
    if person:
        first = person.split()[0]
        names = re.compile(rf"\b{re.escape(first)}(?:['’]s)?\b", re.IGNORECASE)
        on_topic = [
            m
            for m in on_topic
            if m.speaker.lower() == person.lower()
            or m.speaker.split()[0].lower() == first.lower()
            or names.search(m.text)
        ]
    return sorted(on_topic, key=lambda m: (m.ts, m.id))
