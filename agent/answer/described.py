"""A thing described rather than named: "what was that film called?" is told by "the one about
the woman who swam the north channel at 60", whose writer named it in the line just before
("just watched cold hours")."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta

from memory_store.indexes.tokenize import STOPWORDS
from memory_store.models import StoredMessage

from .items import COMMON_WORDS, items_of
from .reading import ReaderContext, first_names, same_burst
from .text import terms

__all__ = ["named_before"]


# A line that describes what its writer has just named: "the one about the woman who swam
# the north channel", "it's the one with the lighthouse on the cover".
_THE_ONE = re.compile(
    r"^\W*(?:(?:it'?s|its|it\s+was|was)\s+)?the\s+one\s+(?:about|with|where|that|who|set)\b",
    re.IGNORECASE,
)
# Asking for what a thing is called: "what was the name of…", "…called?", "what was that doc…"
_NAME_ASKED = re.compile(
    r"\b(?:name|called|title)\b|^\W*(?:what|which)(?:['’]s|\s+(?:was|is))\s+(?:that|the)\b",
    re.IGNORECASE,
)
# How close in time the line naming it is to the one describing it.
_DESCRIBED_WITHIN = timedelta(minutes=5)


def named_before(
    question: str,
    best: StoredMessage,
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> tuple[StoredMessage, str] | None:
    """The thing the best message describes rather than names ("the one about the woman who
    swam the north channel at 60"), as its writer named it in their line just before ("just
    watched cold hours")."""
    if not _NAME_ASKED.search(question):  # "what did rosa think of it?" asks no name
        return None
    burst = sorted([best, *same_burst(best, ranked, _DESCRIBED_WITHIN)], key=lambda n: n.id)
    # the description itself, or a line of the same telling ("i cried on the bus")
    describing = next((n for n in burst if _THE_ONE.match(n.text)), None)
    if describing is None:
        return None
    n = max((n for n in burst if n.id < describing.id), key=lambda n: n.id, default=None)
    if n is None:
        return None
    # a short line names it after its verb, as a title runs ("just watched cold hours":
    # "hours" is no unit there)
    clause = re.split(r"[.!?,;:()]", n.text, maxsplit=1)[0].split()
    lead = 0
    while lead < len(clause) and clause[lead].lower() in COMMON_WORDS | STOPWORDS:
        lead += 1
    rest = clause[lead:]
    if 0 < len(rest) <= _TITLE_WORDS and lead:
        return n, " ".join(rest)
    found = items_of(n, terms(question), ctx.weights, first_names(ctx))
    if found:
        return n, found[0].span
    return None


# The most words of a title named after a line's verb.
_TITLE_WORDS = 5
