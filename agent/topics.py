"""Per-topic and per-person timelines: every message on a topic, by the date it was written
("the dentist": the name asked for, the appointment, the filling, the cleaning booked), with
who said it. `memlane timeline --about` prints it.

The topic's messages are those the lexical search finds for it (with chat shorthand and the
words a chat says it with: agent/answer/related.py) that are on it as the first and last
mentions of a topic are (agent.answer.reading.on_topic: they hold its head noun, "op" in
"dad's op"). A person narrows it to what they wrote or what names them.
"""

from __future__ import annotations

import re

from agent.answer.reading import on_topic, question_terms
from agent.answer.text import with_shorthands
from agent.pipeline import Pipeline
from memory_store.models import StoredMessage

__all__ = ["topic_timeline"]

_OPENER = re.compile(r"(?:the|a|an|my|our|your|his|her|their|[^\W\d_]+['’]s)\s", re.IGNORECASE)
# How far down the search the topic's messages are looked for.
DEPTH = 200


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
    # "dentist" is read as "the dentist": a noun phrase, whose head says what it is about.
    topic = about if _OPENER.match(about) else f"the {about}"
    on, _ = on_topic(topic, found.ranked_messages, ctx)
    if person:
        first = person.split()[0]
        names = re.compile(rf"\b{re.escape(first)}(?:['’]s)?\b", re.IGNORECASE)
        on = [
            m
            for m in on
            if m.speaker.lower() == person.lower()
            or m.speaker.split()[0].lower() == first.lower()
            or names.search(m.text)
        ]
    return sorted(on, key=lambda m: (m.ts, m.id))
