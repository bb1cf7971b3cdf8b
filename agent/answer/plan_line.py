"""A plan written as a line of fragments: "hollins barn, saturday 18th april", "fri 8th may, the
crooked kea, upstairs room from 6", "BIRTHDAY LUNCH. SAT 8TH. JETTY TAV. 12". Chat states
where and when without a sentence; the fragment that is neither the day, the hour nor the
occasion asked about is the place."""

from __future__ import annotations

import re
from collections.abc import Collection

from agent.plan import timeexpr as tx

from .items import COMMON_WORDS
from .text import terms

_FRAGMENT = re.compile(r"[^,.;!?\n]+")
_WORD = re.compile(r"[^\W_][\w'’&-]*")
_WHEN_WORDS = (
    frozenset(tx.MONTHS)
    | frozenset(tx.WEEKDAYS)
    | frozenset(
        re.findall(
            r"\S+",
            "today tonight tomorrow tmrw weekend morning afternoon evening night noon midday "
            "onwards from till until at on the this next am pm ish",
        )
    )
)
_NUMBER = re.compile(r"^\d{1,4}(?:st|nd|rd|th|am|pm|h)?$|^\d{1,2}[:.]\d\d(?:am|pm)?$", re.I)
# What pins a fragment to a day or an hour: a weekday, a month, "tomorrow", "18th", "7.30",
# "6pm"; a bare number ("$275", "4 hrs") does not.
_DAY_WORDS = (
    frozenset(tx.MONTHS)
    | frozenset(tx.WEEKDAYS)
    | frozenset(["today", "tonight", "tomorrow", "tmrw", "weekend"])
)
_ANCHOR = re.compile(r"^\d{1,2}(?:st|nd|rd|th|am|pm)$|^\d{1,2}[:.]\d\d(?:am|pm)?$", re.I)
# Fragments that say something other than a place: a reaction, a verb's clause.
_NOT_NOUNS = frozenset(
    re.findall(
        r"\S+",
        "i i'm im we we're you he she they it it's its is are was were be been will can could "
        "would should got get go going went come coming said says booked paid done sorted "
        "confirmed yes yeah yep no ok okay lol haha omg thanks thx pls please bring need "
        "god wow yay ugh oh ah hmm nice great cool amazing love wait sorry also btw guys mate "
        "one ones max min u ur ya yall ppl me my us works work "
        # a line's heading: "offsite update!! we're going to…", "change of plan, sat 8th…"
        "update updates reminder news fyi psa plan plans change",
    )
)
# How many words a fragment may have to be a place's name ("the function room at the wheatsheaf"
# is a phrase the place readers find by its preposition).
_MAX_WORDS = 4


def _is_when(words: list[str]) -> bool:
    return bool(words) and all(w.lower() in _WHEN_WORDS or _NUMBER.match(w) for w in words)


def _anchored(words: list[str]) -> bool:
    return _is_when(words) and any(w.lower() in _DAY_WORDS or _ANCHOR.match(w) for w in words)


def _verb_like(word: str) -> bool:
    """ "collecting", "wanted": a clause's verb, which a place's name seldom has."""
    return len(word) > 5 and word.endswith(("ing", "ed"))


def plan_place(text: str, wanted: set[str], skip: Collection[str] = ()) -> str | None:
    """The place of a message written as fragments beside a day or an hour: the first short
    fragment of nouns that names neither the occasion asked about (`wanted`) nor a person of
    the chat (`skip`)."""
    fragments = [_WORD.findall(f) for f in _FRAGMENT.findall(text)]
    fragments = [f for f in fragments if f]
    if len(fragments) < 2 or not any(_anchored(f) for f in fragments):
        return None
    people = {s.lower() for s in skip}
    for words in fragments:
        lower = [w.lower() for w in words]
        # a day's word in it ("Wednesday works for me") says when, not where
        if _is_when(words) or len(words) > _MAX_WORDS or any(w in _DAY_WORDS for w in lower):
            continue
        # after "the", an -ed word describes ("the crooked kea"); first, it is a clause's verb
        verb = lower[0] != "the" and any(_verb_like(w) for w in lower)
        if verb or any(w in _NOT_NOUNS or w in people or w[0].isdigit() for w in lower):
            continue
        held = terms(" ".join(words))
        # the occasion itself ("BIRTHDAY LUNCH"), or words of no place ("all good")
        if not held or held & wanted or all(w in COMMON_WORDS for w in lower if w != "the"):
            continue
        return " ".join(words)
    return None
