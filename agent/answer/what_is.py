"""What a named thing is: "what's the kilter board?". A chat says so where the name comes up:
in an apposition or a copula ("lanternfall, a co-op dungeon game", "the kilter board is the
light-up one"), or by naming what the turn just before described ("they added a new training
board in the back" / "The Kilter board? Finally!"). The description is the answer; the name
alone repeats the question."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .reading import ReaderContext, Reading, said_by
from .text import clip, terms

__all__ = ["what_it_is"]


# "what's the kilter board?", "what is lanternfall": a thing named, asked what it is. Not
# "what's the plan", "what's the date": those words ask for a value (defined.py).
_WHAT_IS = re.compile(
    r"^\s*what(?:['’]s|\s+is|\s+was|\s+are|\s+were)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<x>[^\W\d_][\w'’&-]*(?:\s+[^\W\d_][\w'’&-]*){0,2})\s*\?*\s*$",
    re.IGNORECASE,
)
_NOT_A_NAME = frozenset(
    terms(
        "plan plans date day time address number name price cost deal problem matter news "
        "story score result update latest weather code password point idea difference it that "
        "this there up wrong happening going new best next last first previous current"
    )
)
# "lanternfall, a co-op dungeon game", "the kilter board is the light-up one"
_DESCRIBED = r"\s*(?:,|\s+is|\s+was|\s+-|\s+–|\s+—|:)\s+(?P<d>(?:a|an|the|this)\s+[^.,;!?()]{3,60})"
# "a new training board": the thing the turn before tells of, with its head noun
_TOLD_OF = (
    r"\b(?P<d>(?:a|an|the|this)\s+(?:[\w'’-]+\s+){{0,3}}{head}s?)\b(?P<rest>[^.,;!?]{{0,40}})"
)
# How far down the ranking the name is looked for, and how many turns back its telling.
_DEPTH = 10
_TURNS = 2


def what_it_is(
    question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> Reading | None:
    asked = _WHAT_IS.match(question)
    if asked is None:
        return None
    name = asked.group("x")
    named = terms(name)
    if not named or named & _NOT_A_NAME:
        return None
    words = name.split()
    pattern = re.compile(r"\b" + r"\s+".join(map(re.escape, words)) + r"\b", re.IGNORECASE)
    holding = [m for m in ranked[:_DEPTH] if pattern.search(m.text)]
    # the earliest telling first: where the name comes up, the chat says what it is
    for m in sorted(holding, key=lambda m: (m.ts, m.id)):
        hit = re.search(pattern.pattern + _DESCRIBED, m.text, re.IGNORECASE)
        if hit:
            return _told(hit.group("d"), m, ctx, f"what {m.speaker}'s message says {name} is")
        told_of = re.compile(_TOLD_OF.format(head=re.escape(words[-1])), re.IGNORECASE)
        before = [
            n
            for n in ranked
            if n.session_id == m.session_id
            and 0 < m.id - n.id <= _TURNS
            and n.speaker != m.speaker
            and not pattern.search(n.text)
        ]
        for n in sorted(before, key=lambda n: n.id, reverse=True):
            said = told_of.search(n.text)
            if said:
                described = (said.group("d") + said.group("rest")).strip()
                why = f"what the turn before {m.speaker}'s naming it tells of"
                return _told(described, n, ctx, why)
    return None


def _told(described: str, m: StoredMessage, ctx: ReaderContext, why: str) -> Reading:
    said = described.strip()
    return Reading(
        f"{said[:1].upper()}{said[1:]}.",
        [m],
        "what",
        said,
        f"{said_by(m, ctx)}: “{clip(m.text, 120)}”",
        why=[why],
    )
