"""The topic of a count or list question: its own words without the request ("how many
times have I…"), the people talking and the chat's name. "how many times have i baked bread"
is about "baked bread"; in the Climbing club chat, "outdoor climbing trips" is about
"outdoor trips" (every message there is about climbing). Dense similarity is measured to this,
not to the whole question, whose wording is mostly request."""

from __future__ import annotations

import re
from collections.abc import Collection

from .text import REQUEST_TERMS, WORD, terms

# Words of a count or list request that `REQUEST_TERMS` does not hold.
_ASKING = frozenset(terms("times often all every list which whose places things items"))


def topic_query(question: str, skip: Collection[str] = ()) -> str:
    """The question's content words, in order; `skip`: names whose words are not the topic
    (the speakers of the scope, the conversation's name)."""
    skipped = {t for name in skip for t in terms(name)} | REQUEST_TERMS | _ASKING
    words = [w for w in WORD.findall(question) if terms(w) and not terms(w) <= skipped]
    return " ".join(words) or question


def asked_about(question: str, skip: Collection[str] = ()) -> set[str]:
    """The topic's terms."""
    return terms(topic_query(question, skip)) - {t for s in skip for t in terms(s)}


_SUBJECT = re.compile(
    r"\b(?:did|do|does|have|has|had|was|were)\s+([a-z]+)(?:\s+and\s+([a-z]+))?\b"
    r"|\b(i|[a-z]+)\s+(?:have|has|had|'ve)\s+(?:ever\s+)?[a-z]+(?:ed|en|t)\b",
    re.IGNORECASE,
)


def subject_words(question: str) -> set[str]:
    """Who did it, as the question says: "did *sami* interview", "have *i* baked", "did
    *hana and i* push". Lower case; "we", "the", "people" are nobody in particular."""
    m = _SUBJECT.search(question)
    return {w.lower() for w in (m.groups() if m else ()) if w}
