"""The thing a reply names when the chat asked what the question asks: "Which team did you sign
with?" / "The Minnesota Wolves! I can't wait" → "Minnesota Wolves"."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memory_store.models import StoredMessage

from .items import Item, items_of
from .reading import ReaderContext, following, speaker_terms
from .text import asks, said_terms, sentences, terms

__all__ = ["reply_item"]


def reply_item(
    wanted: set[str],
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> tuple[StoredMessage, str] | None:
    """One of the best messages asks what the question asks ("Which team did you sign with?"),
    and the next turn, by someone else, names the answer without the question's words ("The
    Minnesota Wolves! I can't wait"): that turn's first sentence and the thing it names."""
    # Asked of the person the question names, the question does not name them ("which gym
    # did *you* end up joining?").
    people = speaker_terms(ctx)
    topic = wanted - people or wanted

    def asks_it(q: StoredMessage) -> bool:
        return asks(q.text) and ctx.weights.coverage(topic, said_terms(q.text)) >= 0.5

    for m in good[:3]:
        # The question itself is among the best, or its reply is (agent.answer.reader
        # lends a reply its question's support).
        before = [n for n in ranked if n.session_id == m.session_id and 0 < m.id - n.id <= 2]
        q = m if asks_it(m) else next((n for n in before if asks_it(n)), None)
        if q is None:
            continue
        reply = m if q is not m else None
        reply = reply or next((n for n in following(q, ranked, 2) if n.speaker != q.speaker), None)
        if reply is None or reply.speaker == q.speaker or asks(reply.text):
            continue
        spans = sentences(reply.text)
        first = reply.text[spans[0][0] : spans[0][1]] if spans else ""
        found = items_of(replace(reply, text=first), wanted | terms(q.text) | people, ctx.weights)
        # The answer is most of a short first sentence ("The Boulder Barn!", not "The official
        # opening night is tomorrow." nor "Woohoo, Nate!"), and a thing the chat seldom says.
        lead = _LEAD.sub("", first.lower())
        words = re.findall(r"[^\W\d_][\w'’-]*|\d+", lead)
        item = found[0] if found else None
        if (
            item
            and len(words) <= 4
            and 2 * len(item.span.split()) >= len(words)
            and lead.startswith(item.span.split()[0])
            and not re.match(r"[^\W\d_][\w'’-]*\s*,", lead)
            and _rare(item, ctx)
        ):
            return reply, _as_written(item.span, first)
    return None


_LEAD = re.compile(r"^(?:\W+|(?:the|a|an|my|our|its|it's|it’s|it was|oh|ah|ooh)\b)*", re.I)


def _rare(item: Item, ctx: ReaderContext) -> bool:
    w = ctx.weights
    return any(w.doc_freq(t) <= max(3, w.size // 50) for t in terms(item.span))


def _as_written(span: str, text: str) -> str:
    """`span` (lower case) with the capitals `text` gives it ("minnesota wolves" → "Minnesota
    Wolves")."""
    words = span.split()
    m = re.search(r"\W+".join(map(re.escape, words)), text, re.IGNORECASE)
    return m.group(0) if m else span
