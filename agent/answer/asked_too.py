"""The chat asked it too: "colm the broker can see us monday 13th" / "what does he want from
us" / "3 months of payslips, 6 months of bank statements…, P60s…, and ID". Asked "what
paperwork did the broker want off us?", the reply to the chat's own asking is the answer, though
the asking says "he" for the broker and the reply names neither."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .reading import ReaderContext, following, speaker_terms
from .text import STOP_WORDS, asks, said_terms, sentences, terms

__all__ = ["asked_too"]


def asked_too(
    question: str,
    wanted: set[str],
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> tuple[StoredMessage, str] | None:
    """The reply, by another, to a short chat question asking what `question` asks with no word
    of its own the question lacks, when it and the turns just before it hold the question's
    topic: the reply and what of it to quote."""
    opener = _OPENER.match(question)
    if opener is None:
        return None
    people = speaker_terms(ctx)
    topic = wanted - people or wanted
    asked = terms(question) | people
    for m in dict.fromkeys([*good[:3], *ranked[:3]]):
        near = [n for n in ranked if n.session_id == m.session_id and 0 <= m.id - n.id <= 2]
        for q in sorted(near, key=lambda n: -n.id):
            said = _asking(q.text, opener.group(1))
            if said is None:
                continue
            own = terms(said) - STOP_WORDS - people
            if own & _WANTING and asked & _WANTING:  # "what does she need" asks what she wants
                own -= _WANTING
            if not own or not own <= asked:
                continue
            # what it asks of is told just before ("colm the broker can see us…")
            before = [n for n in ranked if n.session_id == q.session_id and 0 <= q.id - n.id <= 3]
            held = set().union(*(said_terms(n.text) for n in before))
            if ctx.weights.coverage(topic, held) < _HELD:
                continue
            reply = next((n for n in following(q, ranked, 3) if n.speaker != q.speaker), None)
            if reply is None or asks(reply.text) or len(_WORDS.findall(reply.text)) < _TELLS:
                continue
            # A chat's reply is a line; a long turn ("Thanks! … It has adventures, magic…")
            # opens with its pleasantries, and the span readers read it better.
            if len(reply.text.strip()) > _WHOLE:
                continue
            return reply, reply.text.strip()
    return None


# The question word and what it asks for: "what (paperwork) did…", "which…".
_OPENER = re.compile(r"^\W*(?:and\s+|so\s+)?(what|which)\b", re.IGNORECASE)
_WORDS = re.compile(r"[^\W_][\w'’-]*")
# The share of the topic (idf-weighted) the asking and its lead-in hold; the fewest words a reply
# tells with; the longest reply read as an answer, quoted whole.
_HELD = 0.5
_TELLS = 3
_WHOLE = 160


def _asking(text: str, word: str) -> str | None:
    """The short sentence of `text` that asks with `word` ("what does he want from us"), if
    one does."""
    for a, b in sentences(text) or [(0, len(text))]:
        s = text[a:b].strip()
        if re.match(rf"\W*{word}\b", s, re.IGNORECASE) and asks(s) and len(s.split()) <= _SHORT:
            return s
    return None


_SHORT = 10
_WANTING = frozenset(terms("want need require"))
