"""What a thing is called. A book, film or song is known by the title chat writes in
capitals ("Klara and the Sun"); a thing asked after by name ("the name of the company",
"what's the van called") is not given a person's name ("someone called Lena Brooks")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.plan import timeexpr as tx
from agent.plan.people import PERSON_NOUNS
from memory_store.indexes.tokenize import STOPWORDS
from memory_store.models import StoredMessage

from .lexicon import NOT_NAMES
from .reading import ReaderContext
from .text import terms

__all__ = ["given_to_person", "named_as", "named_instance", "names_a_thing", "titled_work"]


def names_a_thing(question: str) -> bool:
    """Whether the question asks the name of a thing, not of a person or a pet."""
    asked = _NAME_OF.search(question)
    return asked is not None and _thing_word((asked.group("n") or asked.group("m")).lower())


# Things known by their titles, which chat writes capitalised: "Klara and the Sun".
_WORKS = frozenset(
    re.findall(
        r"\S+",
        "book books novel film films movie movies show shows series song songs album albums "
        "game games podcast podcasts play musical",
    )
)
_WORK_TITLE = re.compile(
    r"\b[A-Z][\w'’-]*(?:\s+(?:(?:and|of|the|a|an|in|on|at|for|to|with)\s+)*[A-Z][\w'’-]*)+"
)
_DATE_JOINS = frozenset(["on", "in", "at", "by", "for", "to"])


def _dated(word: str) -> bool:
    low = word.lower().rstrip(".,")
    return low in tx.MONTHS or low in tx.WEEKDAYS


_NOW_ASKED = re.compile(r"\b(?:are|is|am|'re|’re|will|gonna|going\s+to)\b", re.IGNORECASE)


def titled_work(
    question: str,
    noun: str,
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> tuple[StoredMessage, str] | None:
    """(message, title) for a question asking which book, film or song, from the messages
    on it that name one in capitals; the latest for one asked of now ("what book are we
    reading?": the one picked last), else the best ranked. No name of a person or a place."""
    if noun.lower() not in _WORKS:
        return None
    speakers = {w.lower() for s in ctx.speakers for w in s.split()}
    people = set(ctx.names) | speakers
    sessions = {m.session_id for m in ranked[:_WORK_DEPTH] if terms(noun) & terms(m.text)}
    found = []
    for m in dict.fromkeys([*good[:4], *ranked[:_WORK_DEPTH]]):
        if m.session_id not in sessions:
            continue
        for hit in _WORK_TITLE.finditer(m.text):
            words = hit.group(0).split()
            # "Are Harry Potter and GoT…": a sentence's opening word is no part of a title
            while len(words) > 1 and words[0].lower() in STOPWORDS - {"the", "a", "an"}:
                words = words[1:]
            # "Northwind on November 2nd": a date is no part of a title
            while len(words) > 2 and words[-2].lower() in _DATE_JOINS and _dated(words[-1]):
                words = words[:-2]
            if len(words) < 2:
                continue
            title = " ".join(words)
            caps = [w.lower() for w in words if w[:1].isupper()]
            # "Aki and Doug", "Castle Crags on Saturday": the people writing, places and days
            # are no title; nor is a name the store knows, unless small words join it to
            # others ("Klara and the Sun")
            joined = len(caps) < len(words)
            known = speakers if joined else people
            if all(w in known or w in ctx.places or w in NOT_NAMES for w in caps):
                continue
            found.append((m, title))
            break
    if not found:
        return None
    if _NOW_ASKED.search(question):
        return max(found, key=lambda mt: (mt[0].ts, mt[0].id))
    return found[0]


# How far down the ranking messages on the work are read for its title.
_WORK_DEPTH = 8
# How many turns after a message on it are read for a name, and how long a name may be.
_TALK_ON = 20
_NAME_WORDS = 3


def named_instance(
    noun: str, good: Sequence[StoredMessage], ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> tuple[StoredMessage, str] | None:
    """(message, name) for "which vet did we use?": a name the chat writes in capitals before
    the noun asked for ("I'll call Greenfield Vet at 8am"), in the messages on it and the talk
    after them; the best ranked first. Whose it is ("Aki's vet") is no name."""
    low = noun.lower()
    if not low.isalpha() or low in _NAMED_LIKE_PEOPLE:
        return None
    named = re.compile(rf"\b{re.escape(low)}s?\b", re.IGNORECASE)
    speakers = {w.lower() for s in ctx.speakers for w in s.split()}
    top = dict.fromkeys([*good[:4], *ranked[:_WORK_DEPTH]])
    on_it = [m for m in top if terms(noun) & terms(m.text)]
    # the talk on it goes on after its best message ("Call the vet" … "I'll call Greenfield")
    later = [t for m in on_it for t in ctx.turns_after(m)[:_TALK_ON]]
    for m in dict.fromkeys([*on_it, *later]):
        if _shouted(m.text):  # "AKI. I GOT THE JOB.": capitals that name nothing
            continue
        for hit in named.finditer(m.text):
            name = _capitals_before(m.text[: hit.start()])
            whose = bool(name) and re.search(r"['’]s?$", name[-1]) is not None
            if name and not whose and not all(w.lower() in speakers | NOT_NAMES for w in name):
                return m, f"{' '.join(name)} {hit.group(0)}"
    return None


def _shouted(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return sum(c.isupper() for c in letters) > len(letters) / 2


def _capitals_before(text: str) -> list[str]:
    """The words in capitals that end `text`, the writer's ("I'll call *Greenfield*"); not a
    sentence's opening word alone ("*Call* the vet") nor a small word ("*The* vet")."""
    before = text.split()[-_NAME_WORDS:]
    words: list[str] = []
    for w in reversed(before):
        if not w[:1].isupper() or not re.fullmatch(r"[\w'’&-]+", w):
            break
        words.insert(0, w)
    while words and words[0].lower() in STOPWORDS:
        words = words[1:]
    if words and words[-1].lower() in STOPWORDS:  # "Meet The vet": a name ends on a noun
        return []
    if len(words) == 1:
        # "Sure. Greenfield vet": one word opening a sentence is capitalised by the sentence
        ahead = text.rstrip()[: -len(words[0])].rstrip()
        if not ahead or ahead[-1] in ".!?":
            return []
    return words


def given_to_person(name: str, text: str) -> bool:
    """Whether `text` gives `name` to a person: "the hiring manager, someone called Lena"."""
    before = re.search(rf"([a-z]+)\s+(?:called|named)\s+{re.escape(name)}", text, re.IGNORECASE)
    word = before.group(1).lower() if before else ""
    return word in PERSON_NOUNS or word in _SOMEONE


def given_to_thing(name: str, text: str) -> bool:
    """Whether `text` gives `name` to a thing: "a small ryokan called Yoshida-sanso"."""
    before = re.search(rf"([a-z]+)\s+(?:called|named)\s+{re.escape(name)}", text, re.IGNORECASE)
    word = before.group(1).lower() if before else ""
    # a noun before it, not a pronoun or a person: "we called her Juno", "a guy called declan"
    return bool(word) and not {word} & (STOPWORDS | PERSON_NOUNS | _SOMEONE)


# "the name of the company", "what's tamsin's van called": the thing whose name is asked
_NAME_OF = re.compile(
    r"\bname\s+of\s+(?:(?:the|my|our|his|her|their|that|this|a)\s+)?(?P<n>[a-z]+)|"
    r"(?P<m>[a-z]+)\s+(?:called|named)\b",
    re.IGNORECASE,
)


def _thing_word(noun: str) -> bool:
    """A noun for a thing, not a person or a pet (whose names are people's names too)."""
    singular = noun[:-1] if noun.endswith("s") else noun
    return not {noun, singular} & (PERSON_NOUNS | _NAMED_LIKE_PEOPLE)


_SOMEONE = frozenset(
    re.findall(r"\S+", "someone somebody guy man woman lady girl boy bloke fella chap")
)
_NAMED_LIKE_PEOPLE = frozenset(
    re.findall(r"\S+", "pet dog cat puppy kitten baby son daughter horse rabbit bird fish hamster")
)


# A name in capitals, or quoted: "Woodhaven", "Cyberpunk 2077", “Finding Freedom”.
_NAME = r"(?-i:[A-Z][\w'’&-]*(?:\s+(?:of\s+|the\s+|&\s+)?[A-Z0-9][\w'’&-]*){0,3})"
_QUOTED = r"(?:\"([^\"]{2,40}?)[.,!?]?\"|“([^”]{2,40}?)[.,!?]?”)"
# Up to three words between a name and the kind it is said to be: "a small town in", "a
# must-visit".
_BETWEEN = r"(?:a|an|the|my|our|this|such\s+a)\s+(?:[\w'’-]+\s+){0,3}?"


def named_as(sentence: str, phrase: str) -> str | None:
    """The name `sentence` gives the kind of thing `phrase` says: "a contemporary piece
    called “Finding Freedom”", "I went to Woodhaven, a small town in the Midwest", "Barcelona
    is a must-visit city". A question asking which one wants the name, not the kind."""
    kind = re.escape(re.sub(r"^(?:a|an|the)\s+", "", phrase.strip(), flags=re.IGNORECASE))
    called = re.search(
        # "a game nonstop with a great futuristic setting and gameplay called…"
        rf"{kind}\s+(?:[\w'’-]+\s+){{0,8}}?(?:(?:that\s+)?(?:is|was|'s|’s)\s+)?"
        r"(?:called|named|titled)\s+"
        # chat names a thing in lower case too: "a cafe called bloom"
        rf"(?:{_QUOTED}|({_NAME})|([a-z][\w'’&-]+)\b(?!\s+[a-z]))",
        sentence,
        re.IGNORECASE,
    )
    if called:
        name = next(g for g in called.groups() if g)
        return name if _names_something(name, sentence) else None
    before = re.search(
        rf"(?<![\w'’])({_NAME})(?:,\s+|\s+(?:is|was|'s|’s)\s+){_BETWEEN}{kind}\b", sentence
    )
    # "Honestly, a great city": a sentence's opening word before a comma is no name
    opening = before is not None and "," in before.group(0) and _opens(before.group(1), sentence)
    if before and not opening and _names_something(before.group(1), sentence):
        return before.group(1)
    return None


def _names_something(name: str, sentence: str) -> bool:
    """Whether `name` names something: not a sentence's opening word ("Thanks, a great
    city"), a small word, or a word that is no name ("Definitely")."""
    words = name.split()
    if words[0].lower() in STOPWORDS or all(w.lower() in NOT_NAMES for w in words):
        return False
    return not (len(words) == 1 and (_dated(name) or name.lower() in _NOT_CALLED))


# What follows "called" that names nothing: "the vet called yesterday", "called back".
_NOT_CALLED = frozenset(
    re.findall(r"\S+", "today tonight yesterday tomorrow back again earlier later off out")
)


def _opens(name: str, sentence: str) -> bool:
    return (
        len(name.split()) == 1
        and re.search(rf"(?:^|[.!?]\s+){re.escape(name)}", sentence) is not None
    )
