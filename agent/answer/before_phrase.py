"""The thing named just before the place or occasion the question names: "what did gina
receive from a dance contest?" is answered by "Here's one of my trophies from a dance contest"
though no message says "received". The question's closing phrase ("from a dance contest") is
found in a best message; the words before it, back to the verb, name the thing."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .text import terms

__all__ = ["thing_before_phrase"]

# "what did gina receive from a dance contest?": a what-question with a verb left without its
# object, closed by a phrase of place or occasion
_ASKED = re.compile(
    r"^\W*what\s+(?:did|does|do|has|have|had)\s+(?:[\w'’]+\s+){1,3}?[a-z]{3,}\s+"
    r"(?P<prep>from|at|for|in|on|during)\s+(?:(?:the|a|an|my|our|his|her|their)\s+)?"
    r"(?P<np>[\w'’-]+(?:\s+[\w'’-]+){0,3}?)\s*[?.!]*\s*$",
    re.IGNORECASE,
)
# Where the thing's words stop, going back from the phrase: a verb, a pronoun, a clause's start.
_STOP = frozenset(
    re.findall(
        r"\S+",
        """is are was were be been 's here's there's it's that's got get gets getting have has
        had received receive won win bought buy made make took take brought bring found find
        saw see picked ordered i we you he she they it this that these those me us them and
        but so then also just when while with""",
    )
)
_LEADS = frozenset(["one", "of", "some", "a", "an", "the", "my", "our", "his", "her", "their"])
_MAX_WORDS = 5


def thing_before_phrase(
    question: str, messages: Sequence[StoredMessage]
) -> tuple[StoredMessage, str] | None:
    asked = _ASKED.match(question)
    if asked is None:
        return None
    np = asked.group("np")
    words = np.split()
    phrase = re.compile(
        rf"\b{asked.group('prep')}\s+(?:(?:the|a|an|my|our|his|her|their|this|that)\s+)?"
        + r"\s+".join(re.escape(w) for w in words)
        + r"\b",
        re.IGNORECASE,
    )
    for m in messages:
        hit = phrase.search(m.text)
        if hit is None:
            continue
        clause = re.split(r"[.!?;:,()\[\]\"“”]|\s[-–—]\s", m.text[: hit.start()])[-1]
        before = re.findall(r"[\w'’-]+", clause)
        thing: list[str] = []
        for w in reversed(before):
            if w.lower() in _STOP:
                break
            thing.insert(0, w)
        # a thing is marked as one: "one of my trophies", "a new sign"; not "launched an ad
        # campaign", whose verb opens the words
        if not thing or thing[0].lower() not in _LEADS and not thing[0].isdigit():
            continue
        while thing and thing[0].lower() in _LEADS:
            thing = thing[1:]
        if thing and len(thing) <= _MAX_WORDS and terms(" ".join(thing)) - terms(question):
            return m, " ".join(thing)
    return None
