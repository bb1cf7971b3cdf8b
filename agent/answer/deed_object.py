"""What a deed was done to, in the writer's own telling.

"What did bruno eat at the beach?" is answered by "ate the whole pack of snarlers. all 8",
the writer's next turn after "bruno got into the chilly bin while i was in the water": the
message naming the dog does not say what he ate, and the one saying it does not name him. The
reader takes the object of the question's own verb in the best messages and the turns sent
with them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta

from memory_store.indexes.tokenize import STOPWORDS
from memory_store.models import StoredMessage

from .deeds import ACTS, NOT_THINGS, Act
from .reading import same_burst
from .text import ALIASES, asks, sentences, terms

__all__ = ["deed_object", "untold_deed"]


def _what_did(subject_words: int) -> re.Pattern[str]:
    """ "what did bruno eat…", "what did the charity race raise…": who did it (a word or
    more), then the verb."""
    return re.compile(
        r"^\W*(?:so\s+|and\s+|wait\s+)?what\s+(?:did|does|do|has|have|had)\s+"
        rf"(?:the\s+|my\s+|our\s+|his\s+|her\s+)?(?:[\w'’]+\s+){{{subject_words}}}"
        r"(?P<verb>[a-z]{3,})\b",
        re.IGNORECASE,
    )


# the subject is a word or two: "what did bruno eat", "what did the charity race raise"; or
# two people: "what did mel and her kids make"
_WHAT_DID = (
    _what_did(1),
    _what_did(2),
    re.compile(
        r"^\W*(?:so\s+|and\s+|wait\s+)?what\s+(?:did|does|do|has|have|had)\s+[\w'’]+\s+and\s+"
        r"(?:(?:her|his|my|their|our|the)\s+)?(?!(?:her|his|my|their|our|the)\b)[\w'’]+\s+"
        r"(?P<verb>[a-z]{3,})\b",
        re.IGNORECASE,
    ),
)
# Verbs that take anything at all for an object: what follows them says nothing of the deed.
_LIGHT_VERBS = frozenset(
    re.findall(
        r"\w+",
        "say said tell think want need like mean get got have had do does did know "
        "see saw end ended end up reckon feel look sound seem call name",
    )
)
# An object ends where its clause does.
_OBJECT_END = re.compile(
    r"[,.!?;:()\[\]]|\s[-–—]\s|\s(?:and|but|while|when|because|so|then|at|in|on|from|with|for|"
    r"to|before|after|while|lol|haha)\b",
    re.IGNORECASE,
)
_MAX_WORDS = 6
# More things after the first, to the end of the clause: ", trail mix and some Kyoto snacks"
_ITEM = r"(?:(?:a|an|the|some|two|three|my|our)\s+)?[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?"
_LISTED = re.compile(
    rf"(?:\s*,\s*{_ITEM})*(?:\s*,?\s+and\s+{_ITEM})(?=\s*(?:[.!?,;]|$|\s(?:for|to|at|in|on)\b))",
    re.IGNORECASE,
)
_AGAIN = re.compile(
    r"\s*[.!,]+[\s.!,]*((?:a|an|the)\s+(?:[^\W\d_][\w'’-]*\s+){0,2}[^\W\d_][\w'’-]*)"
)
_THEN_VERB = re.compile(
    r"\s+(?:sounds|looks|seems|is|was|were|are|went|has|had|will|would|can|could)\b", re.I
)
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_NOT_DONE = re.compile(
    r"(?:\b(?:not|never|no|didn'?t|haven'?t|hasn'?t|won'?t|will|gonna|should|could|would|might|"
    r"need\s+to|want\s+to|going\s+to|a|an|the|my|our|his|her|first|last|next)|['’]ll)\s+"
    r"(?:[\w'’]+\s+)?$",
    re.IGNORECASE,
)
# What follows a verb without being its thing: "run back", "buy one yet".
_NO_THING = frozenset(
    re.findall(r"\w+", "back yet out up down off away again too now today tonight one ones it")
)
# The writer's turns sent as one telling with a best message.
_BURST = timedelta(minutes=5)


def deed_object(
    question: str,
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    me: str | None = None,
    speakers: Sequence[str] = (),
    told_on: Sequence[StoredMessage] = (),
) -> tuple[StoredMessage, str] | None:
    """(message, the object of the question's verb in it), or None. `me`: the user, whose
    own messages alone tell what "I" did; `speakers`: the people writing, likewise;
    `told_on`: the writers' next turns after the best messages ("Back from the vet with Miso."
    / "And?? How is she?" / … / "She got an anti-nausea shot")."""
    # "what did the vet end up giving miso?" asks what the vet gave
    question = _END_UP.sub("", question)
    asked = [m for m in (rx.match(question) for rx in _WHAT_DID) if m]
    # "what did aki recommend eating in kyoto?": a person is a subject of one word, and the
    # word after the verb ("eating") is what was recommended, not the deed; after an adverb
    # ("what did tim recently start learning?") the verb is the next word
    who = _DID_WHO.match(question)
    people = {"i", "you", "we", "he", "she", "they", *(s.split()[0].lower() for s in speakers)}
    if who and who.group("who").lower() in people and len(asked) == 2:
        asked = asked[1:] if _ADVERB.fullmatch(asked[0].group("verb")) else asked[:1]
    # "what is jon working on opening?": a person's deed under way, its verb the last -ing
    doing = _WHAT_IS_DOING.match(question)
    if doing and doing.group("who").lower() in people:
        asked.append(doing)
    verbs = [m.group("verb").lower() for m in asked]
    own = terms(question)
    told = [*good[:3], *(n for g in good[:2] for n in same_burst(g, ranked, _BURST)), *told_on]
    # "what did i bring to castle crags?": told by the doer ("I'll bring snacks…"), the user
    # or a person writing in the chat, not by another's "Bring cash."; a plan of theirs is
    # what they did when nothing says it was done
    doer = _doer(question, me, speakers)
    mine = doer is not None
    if doer is not None:
        told = [m for m in [*told, *ranked[:_DOER_DEPTH]] if m.speaker == doer]
    for verb in verbs:
        if verb in _LIGHT_VERBS or not terms(verb):
            continue
        # the chat's verbs for the act asked of: "buy" is "got a tow float", "picked up"
        acts = _acts_of(verb)
        # "reading about root canals" tells a topic; the thing read is asked ("what are we
        # reading?"), unless the question asks what it was about
        about = re.search(rf"\b{re.escape(verb)}\s+{_PREPOSITION.pattern}", question, re.I)
        for planned in (False, True) if mine else (False,):
            for m in dict.fromkeys(told):
                found = None if asks(m.text) else _found(m, verb, acts, own, planned, mine)
                if found is not None and (about or not _PREPOSITION.match(found)):
                    return m, found
    return None


_END_UP = re.compile(r"\b(?:end|ended)\s+up\s+(?=[a-z]+ing\b)", re.IGNORECASE)
_DID_WHO = re.compile(
    r"^\W*(?:so\s+|and\s+|wait\s+)?what\s+(?:did|have|has|had)\s+(?P<who>[\w'’]+)\s", re.I
)
# What may open a sentence that bids someone do it: "Also research their product".
_BIDDING = re.compile(r"(?:(?:also|and|so|just|then|oh|pls|please)\b\W*)*", re.IGNORECASE)
_PREPOSITION = re.compile(r"(?:about|on|at|in|into|to|for|with|from|over|up)\b", re.I)
_WHAT_IS_DOING = re.compile(
    r"^\W*(?:so\s+|and\s+)?what\s+(?:is|was|are|were|am)\s+(?P<who>[\w'’]+)\s+"
    r"(?:[a-z]+ing\s+(?:on\s+|at\s+)?)?(?P<verb>[a-z]{3,}ing)\b",
    re.IGNORECASE,
)
_ADVERB = re.compile(r"[a-z]+ly|just|also|ever|first|already|still|never|even|once", re.I)
# How far down the ranking the doer's own messages are read.
_DOER_DEPTH = 10


def _acts_of(verb: str) -> list[Act]:
    """The acts a question's verb asks of, in the chat's verbs for each. Not one whose plan is
    its answer ("who's bringing what?" reads "I'll do a tortilla"): what one person did is
    read from their own words here, their plan included."""
    return [
        a for a in ACTS if not a.promised and re.fullmatch(rf"(?:{a.asked})", verb, re.IGNORECASE)
    ]


def _doer(question: str, me: str | None, speakers: Sequence[str]) -> str | None:
    """The one the question asks did it, when they write in the chat: "i" is the user."""
    asked = _DID_WHO.match(question)
    if asked is None:
        return None
    who = asked.group("who").lower()
    if who == "i":
        return me
    return next((s for s in speakers if s.split() and s.split()[0].lower() == who), None)


# "I'll bring", "i'm gonna bring": the user's plan to do it
_PLANNED = re.compile(r"(?:['’]ll|\bwill|\bgonna|\bgoing\s+to)\s+(?:[\w'’]+\s+)?$", re.I)


_ARTICLES = frozenset(["a", "an", "the", "some", "my", "our"])


def _plain_form(word: str, verb: str) -> bool:
    """Whether `word` is the plain form of the question's `verb` ("Give" of "giving"): what
    a sentence opening with it asks someone to do."""
    low = word.lower()
    return terms(word) == terms(verb) and low not in ALIASES and not re.search(r"(?:ed|ing)$", low)


def _things(listed: str) -> bool:
    """Whether each part listed is a thing, not a clause ("and it was amazing")."""
    parts = [p for p in re.split(r"\s*,\s*|\s+and\s+", listed) if p.strip()]
    return all(
        p.split()[0].lower() in _ARTICLES or p.split()[0].lower() not in STOPWORDS for p in parts
    ) and not any(w.lower() in STOPWORDS - _ARTICLES for p in parts for w in p.split()[1:])


def _found(
    m: StoredMessage,
    verb: str,
    acts: Sequence[Act],
    own: set[str],
    planned: bool = False,
    by_writer: bool = False,
) -> str | None:
    """The object of `verb` (or of the acts' verbs) in a sentence of `m`; with `planned`, in
    a plan to do it too ("I'll bring snacks"); with `by_writer`, only a deed the writer did
    (not "They asked a lot about dashboards", for "what did i ask?")."""
    for a, b in sentences(m.text):
        sentence = m.text[a:b]
        said = [w for w in _WORD.finditer(sentence) if terms(w.group(0)) == terms(verb)]
        said += [w for act in acts for w in re.finditer(rf"\b(?:{act.before})\b", sentence, re.I)]
        for w in sorted(said, key=lambda w: w.start()):
            if _BIDDING.fullmatch(sentence[: w.start()].strip()) and _plain_form(w.group(0), verb):
                continue  # "Bring cash.": asked of others, not done ("ate the lot" was)
            # "haven't bought one yet", "need to buy": not done; "first run back": a noun
            not_done = _NOT_DONE.search(sentence, 0, w.start())
            if not_done and not (planned and _PLANNED.search(sentence, 0, w.start())):
                continue
            rest = sentence[w.end() :]
            # "they asked a lot about dashboards": how much is no thing; what about is
            # …nor whom for: "bought you a tin of tea" bought a tin of tea
            degree = _DEGREE.match(rest) or _INDIRECT.match(rest)
            if degree:
                rest = " " * degree.end() + rest[degree.end() :]
            if _THEN_VERB.match(rest):  # "that charity race sounds great": a noun, not the deed
                continue
            if by_writer and _OTHERS_DID.search(sentence, 0, w.start()):
                continue
            # "made me happy", "made it": a thing made is said with its determiner
            if terms(verb) == terms("make") and not _MADE_THING.match(rest):
                continue
            end = _OBJECT_END.search(rest)
            words = (rest[: end.start()] if end else rest).split()[:_MAX_WORDS]
            content = [
                x
                for x in words
                if x.lower() not in STOPWORDS
                and x.lower().strip(".,!?") not in _NO_THING
                and terms(x) - own
            ]
            # "got the offer", "got home": what "got" takes that is no thing had
            if content and not {x.lower().strip(".,!?") for x in content} & NOT_THINGS:
                # "bananas, trail mix and some Kyoto snacks": every thing of an enumeration
                listed = _LISTED.match(rest, end.start()) if end else None
                listed = listed if listed and _things(listed.group(0)) else None
                thing = " ".join(words) + (listed.group(0).rstrip() if listed else "")
                # "bought a bike!!! a blue trek, secondhand": the thing said again, closer
                after = m.text[a + w.end() :]
                again = _AGAIN.match(after, end.start()) if end else None
                closer = again and again.group(1).split()[-1].lower() not in _NO_THING
                return f"{thing} ({again.group(1)})" if again and closer else thing
    return None


_MADE_THING = re.compile(
    r"\s*(?:(?:all|both)\s+)?(?:a|an|the|some|our|my|his|her|their|this|these|\d+)\s", re.I
)


# Another did it: "they asked", "she's bought", "you got" (the writer's own words, another's
# deed), the subject just before the verb.
_OTHERS_DID = re.compile(
    r"\b(?:they|he|she|you|u)(?:['’](?:ve|s|d|re|ll))?\s+(?:(?:just|already|also|finally|"
    r"have|has|had)\s+)?$",
    re.IGNORECASE,
)


# A degree before what a verb is about: "asked a lot about", "talked loads about".
_DEGREE = re.compile(
    r"\s*(?:a\s+lot|lots|loads|a\s+bit|a\s+little|heaps|so\s+much|non-?stop)\s+(?:about|of)\b",
    re.IGNORECASE,
)


_INDIRECT = re.compile(
    r"\s*(?:you|u|him|her|them|me|us)(?=\s+(?:a|an|the|some|two|three|four|\d+|this|that)\s|"
    # "send you daily Miso photos": a word of the thing after it, not a particle or a clause
    r"\s+(?!(?:back|up|down|off|out|in|on|over|round|around|to|for|with|about|from|at|and|"
    r"but|so|too|as|if|that|what|how|when|where|why|who|it|all)\b)[^\W\d_][\w'’-]*\s+[^\W\d_])",
    re.IGNORECASE,
)


# How far down the ranking a telling of the act counts whatever its words.
_TOLD_DEPTH = 10


def untold_deed(
    question: str,
    messages: Sequence[StoredMessage],
    me: str | None = None,
    speakers: Sequence[str] = (),
) -> str | None:
    """ "what did aki buy in kyoto?": the doer, a person of the chat, when none of `messages`
    they wrote or that name them tells the act asked of in any of the chat's words for it (no
    "bought", "got", "picked up"); None when one does, or the question asks no such act."""
    doer = _doer(question, me, speakers)
    # "what did the vet end up giving miso?" asks what the vet gave
    question = _END_UP.sub("", question)
    asked = [m for m in (rx.match(question) for rx in _WHAT_DID) if m]
    if doer is None or not asked:
        return None
    verb = asked[0].group("verb").lower()
    acts = _acts_of(verb)
    if not acts:
        return None
    # (its thing's own verbs too: "my new crashpad arrived")
    verbs = [v for a in acts for v in (a.before, a.asked, a.after) if v]
    said = re.compile("|".join(rf"\b(?:{v})\b" for v in verbs), re.IGNORECASE)
    first = doer.split()[0].lower()
    # A telling of the act by or of the doer, among the best ranked or on the question's
    # other words ("kyoto"): "I'll get the chalk bag at the gym" does not tell of Kyoto.
    topic = terms(question) - terms(verb) - terms(doer) - terms(asked[0].group(0))
    about = [
        m
        for i, m in enumerate(messages)
        if (m.speaker == doer or re.search(rf"\b{re.escape(first)}\b", m.text, re.I))
        and (i < _TOLD_DEPTH or topic & terms(m.text))
    ]
    return None if any(said.search(m.text) for m in about) else doer
