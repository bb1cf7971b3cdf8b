"""What someone left, forgot or lost: "what did sami leave at my place?" is told "also you left
your laptop charger here", "dev dropped his sunglasses off the kayak", "she's come home without
her retainer". The telling seldom shares the question's words but its verb, so the chats of
the best messages are searched for it, and the thing is the one whose owner is the person
asked about: "your" said to them, "my" said by them, "his"/"her" said with their name."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .kinds import QuestionKind
from .reading import ReaderContext, Reading, subjects, told_in

# "what did sami leave at my place?", "what did i forget at the cafe", "what did dev lose"
ASKS_LEFT = re.compile(
    r"\bwhat\s+(?:did|has|had|have)\s+(?:[\w'’]+\s+){1,3}?"
    r"(?:leave|left|forget|forgot|lose|lost|drop|dropped)\b",
    re.IGNORECASE,
)
# The telling, as the store searches it (RE2: no lookarounds).
_TOLD = r"\b(left|forgot|forgotten|lost|dropped|without) (my|your|his|her|their) "
_THING = re.compile(
    _TOLD + r"((?:[\w'’-]+ ){0,3}[\w'’-]+)(?:[ ,.!?;:)]|$)",
    re.IGNORECASE,
)
# Where a thing's words end: "your laptop charger here", "his sunglasses off the kayak".
_AFTER_THING = frozenset(
    re.findall(
        r"\S+",
        """here there at in on off behind with from to for by under again yesterday today last
        and but so when while""",
    )
)


def left_answer(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> Reading | None:
    """The thing the person asked about left, forgot or lost, in the chats of the best
    messages, the best ranked telling first."""
    if not ASKS_LEFT.search(question) or not good:
        return None
    whose = subjects(question, ctx)
    if len(whose) != 1:
        return None
    person = next(iter(whose))
    chats = {m.conversation for m in [*good[:3], *ranked[:5]]}
    rank = {m.id: n for n, m in enumerate(ranked)}
    told = ctx.holding(_TOLD, (), chats)
    for m in sorted(told, key=lambda m: (rank.get(m.id, len(rank)), -m.ts.timestamp())):
        thing = _owned_by(m, person, ctx)
        if thing:
            why = "the thing a message on the person's chats says they left, forgot or lost"
            return told_in(thing, m, qk.kind.value, ctx, why)
    return None


def _owned_by(m: StoredMessage, person: str, ctx: ReaderContext) -> str | None:
    """The thing `m` says `person` left, if its owner is them."""
    first = person.split()[0].lower()
    for found in _THING.finditer(m.text):
        owner = found.group(2).lower()
        mine = owner == "my" and m.speaker == person
        chat = ctx.participants.get(m.conversation, ())
        yours = owner == "your" and m.speaker != person and person in chat
        theirs = owner in ("his", "her", "their") and re.search(
            rf"\b{re.escape(first)}\b", m.text.lower()
        )
        if mine or yours or theirs:
            words = found.group(3).split()
            cut = next((n for n, w in enumerate(words) if w.lower() in _AFTER_THING), len(words))
            if cut:
                return " ".join(words[:cut])
    return None
