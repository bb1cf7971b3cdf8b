"""Whom a message tells of, and whom a question asks about: the people behind the words.

In a chat "you" is the other one, a name can be who it is about or only who is spoken to ("Hey
Caroline, …"), and a question can name the wrong person (LoCoMo's adversarial questions are
built so). The reader weighs evidence by these, not by who wrote a message.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from memory_store.models import StoredMessage

from .reading import ReaderContext, named_speakers, question_terms
from .spans import vocative
from .text import asks, implied_terms, sentences, terms


def people_asked_of(question: str, ctx: ReaderContext) -> set[str]:
    """The people of the chat a question names, and the user when it says "I", "my" or "me"
    beside them ("my review with Greta" is Greta's and mine)."""
    named = named_speakers(question, ctx)
    words = set(re.findall(r"[a-z']+", question.lower()))
    if named and ctx.me and words & _FIRST:
        named.add(ctx.me)
    return named


_FIRST = frozenset(
    re.findall(
        r"\S+", "i i'm i've i'd i'll im ive my me mine myself we we're we've we'd we'll our ours us"
    )
)
_SECOND = frozenset(re.findall(r"\S+", "you you're you've you'll you'd youre your yours yourself"))
_THIRD = frozenset(re.findall(r"\S+", "he she they his her their him them he's she's they're"))
# Verbs of telling: "what did Aki recommend?" is what Aki wrote, whoever it is about.
_TELLS = re.compile(
    r"\b(?:say|says|said|tell|tells|told|recommend\w*|suggest\w*|advis\w+|mention\w*|"
    r"ask|asks|asked|share[sd]?|sharing|show[sn]?|showed|sen[dt]s?|describe[sd]?|call(?:s|ed)?)\b",
    re.IGNORECASE,
)
_WORDS = re.compile(r"[^\W\d_][\w']*")


def told_of(m: StoredMessage, ctx: ReaderContext, question: str = "") -> set[str]:
    """Whom a message tells of what the question asks (see `teller`)."""
    return teller(ctx, question)(m)


def teller(ctx: ReaderContext, question: str) -> Callable[[StoredMessage], set[str]]:
    """Whom each message tells of what the question asks: the person the nearest pronoun or
    name before the rarest word it shares with the question, in that sentence, refers to. "I
    love your turtles", by Joanna, tells of Nate's turtles; "you left your laptop charger here",
    written to Sami, of what Sami left; "helping kofi move flats" of Kofi's move. With no first
    or second person or name before it, the writer (one after it is another clause's: "Nishiki
    Market for lunch, and you have to try yudofu"). A question about what someone said,
    recommended or showed is about the writer as well. The question is read once, for all the
    messages weighed against it."""
    wanted = question_terms(question, ctx) if question else set()
    names = {s.split()[0].lower(): s for s in ctx.speakers if s.split()}
    tells = bool(_TELLS.search(question))

    def about(m: StoredMessage) -> set[str]:
        found = _rarest_shared(m.text.replace("’", "'"), wanted, ctx)
        if found is None:
            return {m.speaker}
        text, words, i = found
        people = ctx.participants.get(m.conversation, ())
        others = {p for p in people if p != m.speaker}

        def person(w: re.Match[str]) -> set[str] | None:
            low = w.group(0).lower()
            if low.endswith("'s") and low[:-2] in names:  # "Kwame's chillies"
                low = low[:-2]
            if low in names and not vocative(text, w):  # not "Hey Caroline, that roadtrip…"
                return {names[low]}
            if low in _FIRST or low in _THIRD:  # "she" is someone else, not one we can name
                return {m.speaker}
            if low in _SECOND and len(people) == 2:
                return others
            return None

        refs = [p for w in reversed(words[:i]) if (p := person(w)) is not None]
        said = refs[0] if refs else {m.speaker}
        return said | {m.speaker} if tells else said

    return about


def _rarest_shared(
    text: str, wanted: set[str], ctx: ReaderContext
) -> tuple[str, list[re.Match[str]], int] | None:
    """The text, the words of the sentence holding the rarest word it shares with `wanted`,
    and that word's index; None when it shares none outside its questions."""
    found = []  # (idf, the sentence's word matches, index of the word)
    for a, b in sentences(text):
        if asks(text[a:b]):
            continue  # "have you been to Universal Studios?" asks; it tells of nobody
        words = list(_WORDS.finditer(text, a, b))
        for i, w in enumerate(words):
            shared = _word_terms(w.group(0).lower()) & wanted
            if shared:
                found.append((max(ctx.weights.idf(t) for t in shared), words, i))
    if not found:
        return None
    _, words, i = max(found, key=lambda f: f[0])
    return text, words, i


@lru_cache(maxsize=65536)
def _word_terms(word: str) -> frozenset[str]:
    """A word's terms and what it speaks of ("prize" of a win: agent/answer/related.py)."""
    return frozenset(terms(word) | implied_terms(word))
