"""The topic of a count or list question: its own words without the request ("how many
times have I…"), the people talking and the chat's name. "how many times have i baked bread"
is about "baked bread"; in the Climbing club chat, "outdoor climbing trips" is about
"outdoor trips" (every message there is about climbing). Dense similarity is measured to this,
not to the whole question, whose wording is mostly request. Also who the question says did
it ("have *I* baked"), whose messages alone are then counted."""

from __future__ import annotations

import re
from collections.abc import Collection

from memory_store.indexes.tokenize import STOPWORDS

from .kinds import without_mention
from .text import ALIASES, REQUEST_TERMS, terms

# Words of a count or list request that `REQUEST_TERMS` does not hold.
# "conk out on *us*": a pronoun the index keeps is no topic either
_ASKING = frozenset(terms("times often all every list which whose places things items us"))


# "how many times did niamh *text me to* pick up milk": the asking, not what was asked for
# ("milk!! and bin bags" says no "text")
ASKED_BY = re.compile(
    r"\b(?:text(?:ed)?|messag(?:e|ed)|ping(?:ed)?|nag(?:ged)?|ask(?:ed)?|remind(?:ed)?|"
    r"tell|told|beg(?:ged)?)\s+(?:me|us|you|him|her|them)\s+to\b",
    re.IGNORECASE,
)


def topic_query(question: str, skip: Collection[str] = ()) -> str:
    """The question's content words, in order, or "" when it has none; `skip`: names whose
    words are not the topic (the speakers of the scope, the conversation's name)."""
    question = ASKED_BY.sub(" ", question)
    skipped = {t for name in skip for t in terms(name)} | REQUEST_TERMS | _ASKING
    return " ".join(w for w in _TOKEN.findall(question) if terms(w) and not terms(w) <= skipped)


# A word, with the number it is written on ("mum's 70th", not "th")
_TOKEN = re.compile(r"\d*[^\W\d_][\w'-]+", re.UNICODE)


# "the most recent time", "the earliest day", "in my chat with": when and where the topic was
# mentioned, not what it is.
_ORDER = re.compile(
    r"\b(?:first|earliest|last|latest|most|recent(?:ly)?|times?|days?|chat|conversation|ever)\b",
    re.IGNORECASE,
)


def mention_topic(question: str, skip: Collection[str] = ()) -> str:
    """A first or last mention's topic: the question without its order and saying words."""
    return topic_query(_ORDER.sub(" ", without_mention(question)), skip)


def asked_about(question: str, skip: Collection[str] = ()) -> set[str]:
    """The topic's terms."""
    return terms(topic_query(question, skip)) - {t for s in skip for t in terms(s)}


_DID = frozenset(
    ["did", "do", "does", "have", "has", "had", "was", "were", "is", "am", "are", "what's", "whats"]
)
_HAVE = frozenset(["have", "has", "had", "'ve", "ever"])


def subject_words(question: str) -> set[str]:
    """Who did it, as the question says: "did *sami* interview", "have *i* baked", "the
    cities *i* travelled to", "did *hana and i* push". Lower case; the caller keeps only the
    speakers ("we", "the", "people" are nobody in particular)."""
    words = re.findall(r"[^\W\d_][\w']*", question.lower())
    for n, w in enumerate(words[:-1]):
        if w in _DID:  # did X (and Y) …
            rest = words[n + 1 : n + 4]
            return {rest[0], rest[2]} if len(rest) == 3 and rest[1] == "and" else {rest[0]}
        verb = next((v for v in words[n + 1 : n + 3] if v not in _HAVE), "")
        if w not in STOPWORDS - {"i"} and _past(verb):  # X (has) recommended …
            return {w}
    return set()


def _past(word: str) -> bool:
    w = word.lower()
    return w.endswith("ed") or w in ALIASES
