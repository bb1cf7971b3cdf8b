"""Who holds a role the question names: "what's the name of the physio jess went to?" is
answered from the message that names the role ("go see anika venter in rondebosch … best physio
ever"), by the name it gives, or failing one by the sentence itself; not by a writer who
speaks of legs. Chats type names in lower case, so a name is also read off the words a cue
points at ("see anika venter", "anika says")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.plan.people import PERSON_NOUNS
from memory_store.models import StoredMessage

from .lexicon import may_be_name
from .reading import ReaderContext, Reading, said_by
from .spans import names_in
from .text import clip, sentences

# "what's the name of the physio…", "who was the plumber…": the role asked after
_ROLE_ASKED = re.compile(
    r"\b(?:name\s+of|who(?:['’]s|\s+is|\s+was))\s+(?:the|my|our|your|his|her|their|that|this|"
    r"[a-z]+['’]s)\s+([a-z]+)\b",
    re.IGNORECASE,
)
# How far down the ranking the role's message may stand.
_DEPTH = 10
# "go see anika venter", "booked in with tom", "she's called rosa", "anika says": a name in
# lower case where a cue points at a person
_BEFORE = re.compile(
    r"\b(?:see|saw|seeing|seen|called|named|recommend|recommended|try|tried|with|ask|asked|"
    r"call|text|message)\s+([a-z][\w'’-]+(?:\s+[a-z][\w'’-]+)?)",
    re.IGNORECASE,
)
_AFTER = re.compile(r"\b([a-z][\w'’-]+)\s+(?:says|said|reckons|thinks|told)\b", re.IGNORECASE)


def role_asked(question: str) -> str | None:
    """The role noun a who-question asks the holder of, if it asks of one."""
    found = _ROLE_ASKED.search(question)
    role = found.group(1).lower() if found else None
    return role if role in PERSON_NOUNS else None


def role_holder(
    question: str,
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
    exclude: set[str],
) -> Reading | None:
    role = role_asked(question)
    if role is None:
        return None
    said = re.compile(rf"\b{role}(?:s|es)?\b", re.IGNORECASE)
    m = next((m for m in ranked[:_DEPTH] if said.search(m.text)), None)
    if m is None:
        return None
    name = _named(m.text, ctx, exclude | {role})
    if name:
        why = [f"the name a message naming the {role} gives"]
        shown = " ".join(w[:1].upper() + w[1:] for w in name.split())
        return Reading(f"{shown}.", [m], "who", name, said_by(m, ctx), why=why)
    part = next(m.text[a:b] for a, b in sentences(m.text) if said.search(m.text[a:b]))
    why = [f"no name beside the {role}: the sentence of the message naming the role"]
    return Reading(f"“{clip(part)}”", [m], "who", part, said_by(m, ctx), why=why)


def _named(text: str, ctx: ReaderContext, exclude: set[str]) -> str | None:
    known = names_in(text, ctx.names, exclude)
    if known:
        return known[0]
    for cue in (*_BEFORE.finditer(text), *_AFTER.finditer(text)):
        words = cue.group(1).split()
        # the first word must be a name; a second joins it as a surname only if it may be one
        if _may_be(words[0], exclude):
            return " ".join(words if all(_may_be(w, exclude) for w in words) else words[:1])
    return None


def _may_be(word: str, exclude: set[str]) -> bool:
    low = word.lower()
    return len(low) > 2 and low not in exclude and may_be_name(low)
