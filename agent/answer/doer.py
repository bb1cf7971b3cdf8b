"""The deed a who-question asks about, and the writer who says they did it: "who got the
job?" / "AKI. I GOT THE JOB."; "who's driving us to brecon?" / "i'll drive"; "who said they'd
bring the leads?" / "ill bring the extension leads"; or the name right before the deed's verb
("also kayla spilled an espresso martini…")."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from agent.plan.mentions_base import IRREGULAR_PAST
from memory_store.models import StoredMessage

from .lexicon import NOT_NAMES, may_be_name
from .text import ALIASES, asks, terms

__all__ = [
    "Deed",
    "asked_deed",
    "doer",
    "says_did_it",
    "says_doing",
    "taken_over",
    "thanked_for",
]


@dataclass(frozen=True)
class Deed:
    """What a who-question asks was done: `did`, a past verb right after "who" ("got",
    "booked"); `verb`, that or the verb of a plan or an offer ("driving", "bring"); `thing`,
    what it is done to, when some message read holds it; `occasion`, for an offer, the
    question's other words, which the offer or the turns just before it must share; `about`,
    for a doing asked after, the same words, which a writer sharing them is preferred for."""

    did: str | None = None
    verb: str | None = None
    thing: set[str] = field(default_factory=set)
    occasion: set[str] = field(default_factory=set)
    about: set[str] = field(default_factory=set)


def asked_deed(question: str, wanted: set[str], read: Sequence[StoredMessage]) -> Deed:
    """The deed `question` asks of; `wanted`: its terms; `read`: the messages that may hold
    what the deed is done to."""
    # "who said they'd bring the leads?", "who offered to drive?": the deed offered is the one
    # asked after, told as "ill bring the extension leads"
    # "who ended up behind the wheel?" asks who drove
    question = _AT_THE_WHEEL.sub("driving", question)
    offered = _WHO_OFFERED.match(question)
    did = None if offered else _asked_verb(question)
    # In the verb's own stem too, a little further down: "who's driving us to brecon?" / "how
    # are we getting there?" / "i'll drive".
    doing = _WHO_DOING.match(question) or offered
    verb = did or (doing.group(1).lower() if doing else None)
    # the thing the verb is done to ("the cake"), when some message read holds it
    obj = _OBJECT.match(question, doing.end()) if doing else None
    thing = terms(obj.group(1)) & wanted if obj and obj.group(1).lower() not in _WHOM else set()
    if not any(thing & terms(m.text) for m in read):
        thing = set()
    # an offer is of the occasion asked about, said in it or in the turns just before it
    # ("how is everyone getting to gran's party?" / "i can drive everyone!"), not any "i'll drive"
    occasion = wanted - terms(verb or "") - _OFFER_TERMS if offered else set()
    # …and a doing asked after ("who was driving for the tongariro trip?") is sooner the "i'll
    # drive" of that trip than of another chat's weekend
    about = wanted - terms(verb or "") if doing and not offered else set()
    return Deed(did, verb, thing, occasion, about)


def says_did_it(
    deed: Deed,
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    exclude: set[str],
) -> StoredMessage | None:
    """The best message whose writer says they did the deed, in the question's own verb
    ("I GOT THE JOB", "booked ✅ friday 17th"), or its stem a little further down ("i'll
    drive"); not a question, nor by one of `exclude`."""
    did, verb = deed.did, deed.verb
    elsewhere = None  # the first who says so, when none does of the occasion asked about
    for m in list(dict.fromkeys([*good[:3], *ranked[:5]])) if verb else []:
        if deed.thing and not deed.thing & terms(m.text):
            continue  # "I'll bring snacks" brings no sandwiches
        before = [n for n in ranked if n.session_id == m.session_id and 0 < m.id - n.id <= 3]
        if deed.occasion and not any(deed.occasion & terms(n.text) for n in [m, *before]):
            continue
        i_did = (
            re.search(rf"\b(?:i|we)\s+(?:([\w'’]+)\s+)?{did}\b{_GOT_THERE}", m.text, re.I)
            if did
            else None
        )
        # "we hadnt booked anything yet": not done
        says = i_did is not None and not _NEGATION.fullmatch(i_did.group(1) or "")
        # chat drops the "I": "booked ✅ friday 17th, 4 beds"; not the idiom "made it to
        # Fushimi Inari" (got there) for "who made sandwiches?"
        says = says or bool(
            did and re.match(rf"\s*(?:just\s+|all\s+)?{did}\b{_GOT_THERE}", m.text, re.I)
        )
        says = says or (m not in good[:3] or not did) and says_doing(verb, m.text)
        if says and m.speaker.lower() not in exclude and not asks(m.text):
            if not deed.about or any(deed.about & terms(n.text) for n in [m, *before]):
                return m
            elsewhere = elsewhere or m
    return elsewhere


def taken_over(
    m: StoredMessage,
    deed: Deed,
    later: Sequence[StoredMessage],
    exclude: Collection[str],
) -> StoredMessage | None:
    """The last of `later` (the chat's messages holding the deed's verb, oldest first) whose
    writer says they will do it, or did: "I'll drive. The Sienna takes all of us." … "Sienna's
    gearbox packed up." / "No wahala, I'll drive." The latest word on it is how it went ("I
    drove like a champion both ways")."""
    if not deed.verb:
        return None
    taking = [
        n
        for n in later
        if n.ts > m.ts
        and n.speaker.lower() not in exclude
        and not asks(n.text)
        and says_doing(deed.verb, n.text)
    ]
    return taking[-1] if taking else None


def says_doing(verb: str | None, text: str) -> bool:
    """Whether the writer says they do the verb asked of: "i'll report it" for "who reported…"
    (not "i used my phone torch" for "who phoned…")."""
    stem = next(iter(terms(verb or "")), "")
    if len(stem) <= 2:
        return False
    # "i drove" for "who's driving": an irregular past is the verb's own word
    return any(
        m.group(1).lower().startswith(stem) or terms(m.group(1)) == {stem}
        for m in _I_DO.finditer(text)
    )


_I_DO = re.compile(
    r"\b(?:i|we)(?:['’]?ll|['’]?ve|\s+will|\s+just|\s+already|\s+have|\s+can|\s+could)?\s+"
    r"([^\W\d_]+)",
    re.IGNORECASE,
)


def doer(question: str, text: str, exclude: set[str]) -> str | None:
    """The word right before the question's verb in `text`, when it can be a name: not a
    pronoun, a function word, a role or a chat word ("someone", "everyone")."""
    asked = _DEED_ASKED.search(question)
    said = asked.group(2).lower() if asked else ""
    # a deed told in the past: "who spilt", "who subbed in", "who ended up bringing me home";
    # not "who had teo"
    ended = bool(asked and asked.group("ended") and said.endswith("ing")) and said not in _LIGHT
    if not (said.endswith("ed") or said in ALIASES or said in IRREGULAR_PAST or ended):
        return None
    verb = terms(said)
    words = re.findall(r"[^\W\d_][\w'’-]*", text)
    for before, word in zip(words, words[1:], strict=False):
        low = before.lower()
        if terms(word) != verb or len(low) < 3 or low in exclude:
            continue
        if not may_be_name(low) or low in NOT_NAMES or low in _CHAT_FILLER:
            continue
        if re.search(r"['’](?:s|ll|re|ve|d)$", low) or not terms(before):
            continue
        return before[:1].upper() + before[1:]
    return None


def _asked_verb(question: str) -> str | None:
    m = _WHO_VERB.match(question)
    return m.group(1).lower() if m else None


# "who *got* the job", "who *offered* to drive": the verb right after "who", in the past.
_WHO_VERB = re.compile(
    r"^\s*(?:who|which\s+(?:one\s+)?of\s+(?:us|you|\w+\s+\w+))\s+"
    r"(?!ended\s+up\b|wound\s+up\b)([a-z]+ed|got|won|made|took|brought|found|paid|bought|sent|"
    # …and the other pasts of a deed: "who *drove* the boy over?"
    r"drove|rode|flew|gave|sold|built|broke|fed|caught|dug|hid|threw|wrote|ran|swam|sang|hung|"
    r"chose|lent|stole|spent|lost)\b",
    re.I,
)
# "who's driving us down?": the verb of a plan, which the writer says as "i'll drive"
# …or of how it turned out: "who ended up taking the photos?" / "i took loads"
_WHO_DOING = re.compile(
    r"^\s*who(?:['’]s|\s+is|\s+was|\s+were|\s+will\s+be|\s+(?:ended|wound)\s+up)\s+"
    r"([a-z]{3,}ing)\b",
    re.I,
)
_AT_THE_WHEEL = re.compile(r"\b(?:behind|at)\s+the\s+wheel\b", re.I)
_OFFER_TERMS = frozenset(terms("said say says offered volunteered promised agreed reckoned"))
_WHO_OFFERED = re.compile(
    r"^\s*who\s+(?:said|says|offered|volunteered|promised|agreed|reckoned)\s+"
    r"(?:(?:they|he|she)(?:['’]?d|['’]?ll|\s+would|\s+will|\s+could)\s+|to\s+)"
    r"(?:just\s+)?([a-z]{3,})\b",
    re.I,
)
# "who's driving *us*": whom it is done for, not the thing done
_WHOM = frozenset(["us", "me", "you", "him", "her", "them", "it", "everyone", "everybody"])
_OBJECT = re.compile(r"\s*(?:(?:the|a|an|my|our|his|her|their|all\s+the)\s+)?([a-z][\w'-]+)", re.I)
_NEGATION = re.compile(
    r"not|never|(?:had|have|has|did|do|does|could|would|was|were|is|are|ca|wo|should)n['’]?t",
    re.IGNORECASE,
)
# "made it to Fushimi Inari", "made it home": got there, not made a thing
_GOT_THERE = r"(?!\s+it\s+(?:to|home|back|in)\b)"
_CHAT_FILLER = frozenset(["gonna", "wanna", "gotta", "lemme", "kinda", "sorta", "dunno", "deal"])
# "who spilt a drink…", "at the farewell who subbed in for steph": the deed asked about
# Verbs that say little of the deed: "who ended up *doing* the speech" is told as "Kamau's
# giving it", not by whoever comes before "doing" ("the board doing the minutes").
_LIGHT = frozenset(["doing", "getting", "making", "having", "going", "taking", "being"])
_DEED_ASKED = re.compile(
    r"\bwho\s+(?:had\s+|has\s+|just\s+|(?P<ended>(?:ended|wound)\s+up\s+))?([a-z]{3,})\b",
    re.IGNORECASE,
)


# Thanks name who did it: "thanks siva for driving me to the clinic", "thanks again for doing
# my shift kwame", "thank you Priya for the lift".
_THANKED = re.compile(
    r"\b(?:thanks|thank\s+you|thx|ty|cheers)\s+(?:so\s+much\s+|again\s+|a\s+lot\s+)?"
    r"(?:for\s+(?P<deed2>[^.!?\n]+?)[,\s]+(?P<b>[^\W\d_][\w'’-]+)\s*(?:[.!?]|[^\w\s]|$)|"
    r"(?P<a>[^\W\d_][\w'’-]+)\s+for\s+(?P<deed>[^.!?\n]+))",
    re.IGNORECASE,
)


def thanked_for(
    wanted: set[str], read: Sequence[StoredMessage], names: Collection[str], exclude: set[str]
) -> tuple[StoredMessage, str] | None:
    """The first of `read` that thanks a person the history names for a deed sharing a word
    with the question (`wanted`), and that person's name as written."""
    for m in read:
        for hit in _THANKED.finditer(m.text):
            name, deed = hit.group("a") or hit.group("b"), hit.group("deed") or hit.group("deed2")
            low = name.lower()
            if (
                low in names
                and low not in exclude
                and low not in NOT_NAMES
                and terms(deed) & wanted
            ):
                return m, name
    return None
