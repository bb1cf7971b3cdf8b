"""What a thing was changed to, for a question of what it is now: "which race is jess doing
now?" is told "switching to the humboldt park 10k on saturday aug 15", the latest such telling
among the best messages on the topic."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .text import said_terms

__all__ = ["switched_to"]


def switched_to(
    question: str, wanted: set[str], ranked: Sequence[StoredMessage]
) -> tuple[StoredMessage, str] | None:
    """What a thing was changed to, for a question of what it is now ("which race is jess
    doing now?"): the latest of the best messages on the topic that says it switched ("switching
    to the humboldt park 10k on saturday aug 15" → "the humboldt park 10k")."""
    if not _NOW_ASKED.search(question):
        return None
    found = [
        (m, hit.group("thing"))
        for m in ranked[:_SWITCH_DEPTH]
        if wanted & said_terms(m.text) and (hit := _SWITCHED.search(m.text))
    ]
    return max(found, key=lambda f: f[0].ts) if found else None


_NOW_ASKED = re.compile(r"^\s*(?:what|which)\b.*\b(?:now|these\s+days|anymore|instead)\b", re.I)
_SWITCHED = re.compile(
    r"\b(?:switch(?:ing|ed)?|chang(?:ing|ed)|mov(?:ing|ed)|swap(?:ping|ped)?)\s+(?:over\s+)?to\s+"
    r"(?P<thing>(?:the\s+)?[^\W\d_][\w'’&-]*(?:\s+(?!on\b|at\b|in\b|for\b|instead\b|from\b|"
    r"because\b)[\w'’&-]+){0,4})",
    re.IGNORECASE,
)
_SWITCH_DEPTH = 15
