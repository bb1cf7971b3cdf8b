"""A deed and its doer, read in one best sentence: "what tried to steal my water bottle?" is
answered by the noun phrase before the verb ("A monkey tried to steal…" -> "A monkey"), and
"what did the monkey do?" by what follows the one asked of, from its past verb to the
clause's end ("tried to steal your water bottle")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.plan.mentions_base import IRREGULAR_PAST
from memory_store.models import StoredMessage

from .reading import ReaderContext, speaker_asked, speaker_names
from .text import asks, terms

__all__ = ["deed_of", "done_at", "doer_of"]


# "what tried to steal…", "what broke the window": "what" as the subject of a past verb.
_WHAT_DID_IT = re.compile(r"^\s*(?:and\s+|so\s+)?what\s+(?P<verb>[a-z]+ed|[a-z]+)\b", re.I)
_NOT_DOERS = frozenset(terms("it he she they i we you this that there someone something"))
_PRONOUNS = frozenset(["i", "we", "you", "he", "she", "they", "it"])


def doer_of(
    question: str, spans: Sequence[tuple[StoredMessage, str]]
) -> tuple[StoredMessage, str] | None:
    """The noun phrase a best sentence puts before the question's verb, when the question asks
    what did it: "what tried to steal my water bottle?" / "A monkey tried to steal my water
    bottle." -> "A monkey"."""
    asked = _WHAT_DID_IT.match(question)
    if asked is None:
        return None
    verb = asked.group("verb").lower()
    if not (verb.endswith("ed") or verb in IRREGULAR_PAST) or verb in _NOT_VERBS:
        return None
    for m, sentence in spans:
        said = re.search(rf"\b{re.escape(verb)}\b", sentence, re.I)
        if said is None:
            continue
        clause = re.split(r"[,.;:!?]|\b(?:and|but|so|then|when)\b", sentence[: said.start()])[-1]
        words = clause.split()
        if words and words[-1].lower() in _PASSIVE:  # "I was inspired by…": no doer before
            continue
        if 1 <= len(words) <= 4 and not terms(" ".join(words)) & _NOT_DOERS:
            return m, " ".join(words)
    return None


# "what did the monkey do?", "what did Doug's dog do at the crag?": what the one named did
_WHAT_DID_DO = re.compile(
    r"^\W*what\s+did\s+(?:the\s+|a\s+|an\s+|my\s+|our\s+|your\s+|[\w'’]+['’]s\s+)?"
    r"(?P<who>[^\W\d_][\w'’-]*)\s+do\b",
    re.IGNORECASE,
)
_PAST_WORD = rf"(?:[a-z]+ed|{'|'.join(sorted(IRREGULAR_PAST))})"


def deed_of(
    question: str, spans: Sequence[tuple[StoredMessage, str]], ctx: ReaderContext
) -> tuple[StoredMessage, str] | None:
    """What a best sentence says the one asked of did, from its past verb to the clause's
    end: "what did the monkey do?" / "A monkey tried to steal my water bottle." -> "tried to
    steal your water bottle". Not of a person writing ("what did I do"): their own messages
    tell that, not one sentence."""
    asked = _WHAT_DID_DO.match(question)
    if asked is None:
        return None
    who = asked.group("who")
    if who.lower() in _PRONOUNS | speaker_names(ctx):
        return None
    deed = re.compile(
        rf"\b{re.escape(who)}s?\s+(?:\w+ly\s+)?(?P<deed>{_PAST_WORD}\b[^,.;:!?]*)", re.I
    )
    for m, sentence in spans:
        said = deed.search(sentence)
        if said is not None and said.group("deed").split()[0].lower() not in _NOT_VERBS:
            owner = "your" if ctx.me and m.speaker == ctx.me else f"{m.speaker}'s"
            return m, re.sub(r"\bmy\b", owner, said.group("deed").strip(), flags=re.I)
    return None


_PASSIVE = frozenset(["was", "were", "is", "are", "am", "be", "been", "being", "got", "get"])
# Past forms that are no deed asked of: "what was…", "what had…", "what did…".
_NOT_VERBS = frozenset(["was", "were", "had", "did", "said", "made", "got", "used", "need"])


# "what did i do in uji?", "what did we get up to at the lake?": the doer's deeds in a place
_DONE_AT = re.compile(
    r"^\s*(?:and\s+|so\s+)?what\s+did\s+(?P<who>i|we|[a-z]+)\s+(?:do|get\s+up\s+to)\s+"
    r"(?:in|at|on)\s+(?P<place>(?:the\s+)?[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)\s*\?*\s*$",
    re.IGNORECASE,
)
# How far down the ranking the doer's telling is looked for.
_DONE_DEPTH = 10


def done_at(
    question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> StoredMessage | None:
    """The doer's own telling that names the place, not another's advice on it ("Also matcha
    everything in Uji."): "what did i do in uji?" is "Uji today. The matcha tasting was
    incredible, I bought you a tin of tea."; the latest such, the day it was done."""
    asked = _DONE_AT.match(question)
    if asked is None:
        return None
    doer = speaker_asked(asked.group("who"), ctx, me_words=("i", "we"))
    place = terms(asked.group("place")) - terms("the")
    if doer is None or not place:
        return None
    told = [
        m
        for m in ranked[:_DONE_DEPTH]
        if m.speaker == doer and place <= terms(m.text) and not asks(m.text)
    ]
    return max(told, key=lambda m: (m.ts, m.id)) if told else None
