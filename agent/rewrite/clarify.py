"""Questions that cannot be asked of the history as they stand: say what is missing, and what is
known, instead of answering confidently. An empty question, a pronoun with nobody to point at, a
conversation or person the store does not hold."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

from agent.plan.people import PERSON_NOUNS
from agent.rewrite.spelling import short_for
from memory_store.indexes.tokenize import STOPWORDS, fold_accents

_PERSON = re.compile(r"\b(she|he|her|him|hers|his)\b", re.IGNORECASE)
_THING = re.compile(r"^\W*(?:what|when|where|who|how)?\b.*\b(it|that)\b\W*$", re.IGNORECASE)
_CONTENT = re.compile(r"[^\W\d_]{3,}")
_FUNCTION = frozenset(
    [
        "what",
        "when",
        "where",
        "who",
        "how",
        "did",
        "does",
        "do",
        "was",
        "were",
        "is",
        "are",
        "the",
        "and",
        "about",
        "say",
        "said",
        "tell",
        "talk",
        "talked",
        "mention",
        "mentioned",
        "she",
        "he",
        "her",
        "him",
        "his",
        "hers",
        "it",
        "that",
        "this",
        "they",
        "them",
        "their",
    ]
)


_WORD = re.compile(r"[^\W\d_]+")
_OWNER = re.compile(r"\b([^\W\d_]{3,})['’]s\b")


def _antecedent(
    text: str,
    pronoun: re.Match[str],
    names: Collection[str],
    held: Callable[[str], bool],
    speakers: Sequence[str] = (),
) -> bool:
    """A known name (however cased: chat is often all lower case) or a word for a person
    ("dad", "my boss") before the pronoun, which it can point back to."""
    before = text[: pronoun.start()]
    # "what did dan borrow for his place?", "…took chlo to for her 25th": a speaker by the
    # short form of their name, as the rewrite reads it
    firsts = [s.split()[0] for s in speakers if s.split()]
    if any(short_for(w, firsts) or _initials_of(w, firsts) for w in _WORD.findall(before)):
        return True
    # "roussel wants the date … for his insurance": the subject the question opens on
    opening = _OPENING_SUBJECT.match(before)
    if opening and opening.group(1).lower() not in _FUNCTION and held(opening.group(1)):
        return True
    if _BOUND_BY_WHO.search(before) and pronoun.group(1).lower() in ("he", "she"):
        return True  # "who said he'd sort the merch?": he is whoever it was
    if _BOUND_BY_WHOSE.search(before) and pronoun.group(1).lower() in ("his", "her"):
        return True  # "which of the lads did his knee?": his own, whoever it was
    found = _SUBJECT.search(before)
    # "…what date lu hurt his ankle": a possessive's owner is the subject of its own clause
    doer = _DOER_BEFORE.search(before) if pronoun.group(1).lower() in ("his", "her") else None
    if doer and _could_be_name(doer.group(1)) and held(doer.group(1)):
        return True
    subject = found.group(1) if found else ""
    told = bool(subject) and subject.lower() not in _FUNCTION and held(subject)
    # "how many were at chris's 40th, counting him?": whose it is names someone
    owner = any(held(w) for w in _OWNER.findall(before) if w.lower() not in _FUNCTION)
    return (
        told
        or owner
        or any(w.lower() in names or w.lower() in _PEOPLE for w in _WORD.findall(before))
        or _FOND_NAME.search(before) is not None
    )


# Two letters a question uses of no one (besides the stop words): chat's "ok" and "ur", parents'
# "ma" and "pa", and the little words of the other languages people mix in ("sa la union").
_NOT_TWO_LETTER_NAMES = frozenset(
    re.findall(
        r"\S+",
        """ok hi yo ya ur um uh oh ah eh ma pa da la le el de di du al sa na ng si ni en et un es
        ka po mi tu se lo ke ko ba""",
    )
)


def _initials_of(word: str, firsts: Sequence[str]) -> bool:
    """A speaker called by the first two letters of their name ("ty" for Tyler, "lu" for
    Luis), which the rewrite leaves as written: too short to read as a name anywhere else."""
    low = word.lower()
    if len(low) != 2 or low in STOPWORDS or low in _NOT_TWO_LETTER_NAMES:
        return False
    return sum(1 for n in firsts if len(n) > 2 and fold_accents(n.lower()).startswith(low)) == 1


# A subject and its verb right before a possessive: "lu hurt his ankle", "mags lost her keys".
_DOER_BEFORE = re.compile(r"\b([^\W\d_]{2,})\s+[^\W\d_]+\s+$")


def _could_be_name(word: str) -> bool:
    low = word.lower()
    if low in _FUNCTION or low in STOPWORDS or low in _PEOPLE_WORDS_NOT_OWNERS:
        return False
    return len(low) > 2 or low not in _NOT_TWO_LETTER_NAMES


# Words before a verb that are no one's name: "i", "we" and the like are in STOPWORDS.
_PEOPLE_WORDS_NOT_OWNERS = frozenset(["u", "ya", "yall", "everyone", "someone", "anyone"])


# A question that opens on who wants it: "roussel wants the date…", "landlord's asking…"
_OPENING_SUBJECT = re.compile(
    r"^\W*([^\W\d_]{3,})(?:['’]s)?\s+(?:wants|needs|asked|asks|asking|said|says|is|was|has|"
    r"keeps|called|texted)\b",
    re.IGNORECASE,
)


# "take the small one to see her grandma": a child called by size or age, not by name
_FOND_NAME = re.compile(
    r"\b(?:small|little|wee|baby|young|younger|youngest|older|eldest|oldest)\s+ones?\b", re.I
)


# "The gentleman downstairs whose cat I feed: … his name": anyone the question itself names
_PEOPLE = PERSON_NOUNS | frozenset(
    [
        "man",
        "woman",
        "gentleman",
        "gent",
        "girl",
        "boy",
        "person",
        "someone",
        "somebody",
        "child",
        "toddler",
        "kiddo",
        "youngest",
        "eldest",
        "oldest",
    ]
)


_BOUND_BY_WHO = re.compile(
    r"\bwho\s+(?:said|says|reckoned|thought|promised|swore|claimed|mentioned)\s+$", re.I
)


# Who is asked for is whose it is: "who broke her wrist?", "which of the lads did his knee?",
# "which one of the girls hurt her ankle"; a verb or two between.
_BOUND_BY_WHOSE = re.compile(
    r"(?:^|[.!?]\s+)\W*(?:who|which\s+(?:one\s+)?of\s+(?:the\s+)?[\w'’]+|which\s+[\w'’]+)"
    r"\s+(?:[\w'’]+\s+){1,2}$",
    re.IGNORECASE,
)


# The subject of "did/does/is … X" before the pronoun points it, when the history holds the
# word: "when did pickle hurt *her* foot?" (a pet named only at the start of sentences is no
# capitalised name to find); "what did Zed and her kids make?" asks who Zed is.
_SUBJECT = re.compile(r"\b(?:did|does|do|is|was|has|had|will)\s+([^\W\d_]{3,})\b", re.I)


def _listing(names: Sequence[str], limit: int = 12) -> str:
    shown = ", ".join(names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def unknown_conversation(name: str, known: Sequence[str]) -> str:
    return f"There is no conversation named “{name}”. Conversations here: {_listing(known)}."


def clarify(
    question: str,
    rewritten: str,
    *,
    has_history: bool,
    speakers: Sequence[str],
    names: Collection[str] = frozenset(),
    held: Callable[[str], bool] = lambda word: False,
) -> str | None:
    """A question back to the user, or None when the question can be answered as rewritten.

    `names` are the person names the history knows (lower case): "what did Mel and her kids
    make?" points "her" at Mel, a name written in the history though not a speaker's."""
    if not _CONTENT.search(question):
        return (
            "Ask me something about your messages, for example “when did I last mention "
            "the dentist?” or “what did we talk about on Tuesday?”."
        )
    named = [
        s
        for s in speakers
        if s.split() and re.search(rf"\b{re.escape(s.split()[0])}\b", rewritten, re.IGNORECASE)
    ]
    pronoun = _PERSON.search(rewritten)
    if (
        pronoun
        and not named
        and not has_history
        and not _antecedent(rewritten, pronoun, names, held, speakers)
    ):
        return (
            f"Who do you mean by “{pronoun.group(1)}”? People in this history: "
            f"{_listing(list(speakers))}."
        )
    words = {w.lower() for w in _CONTENT.findall(rewritten)} - _FUNCTION
    if not has_history and not words and _THING.search(rewritten):
        return (
            "What do you mean by “it”? Name the topic, for example “what did Aki say "
            "about the dentist?”."
        )
    if not has_history and words == {"there"} and _PLACE_THERE.search(rewritten):
        return (
            "Where do you mean by “there”? Name the place or the occasion, for example "
            "“who was at the crag trip?”."
        )
    return None


# "who was there?", "what did we do there": a place pointed back to. Not "is there a…?" or
# "there's", which say something exists.
_PLACE_THERE = re.compile(r"\bthere\b(?!\s*(?:'s|’s|is|are|was|were|been)\b)\W*$", re.IGNORECASE)
