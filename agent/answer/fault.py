"""What was wrong with a thing: "what was actually wrong with the engine?" is told "Found your
problem. The diaphragm in the fuel lift pump has split", "sounds like the carb", "the
carburetor was gummed up from old gas", "THEM ONES EAT INJECTORS". The part said to have
failed is the answer, not the sentence around it, and the telling seldom repeats the
question's words: the mechanic's chat around the best messages is read too."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .kinds import QuestionKind
from .reading import ReaderContext, Reading, exchange_after, told_in
from .related import said_for
from .text import asks, said_terms, terms

# "what was (actually) wrong with…", "what's the problem with…", "dad's issue with that ranger"
ASKS_FAULT = re.compile(
    r"\bwhat(?:['’]s|s|\s+is|\s+was|\s+were)?\s+(?:actually\s+|really\s+|exactly\s+)?"
    r"(?:wrong|up|the\s+matter)\s+with\b|"
    r"\b(?:was|is|were|are)\s+(?:actually\s+|really\s+)?wrong\s+with\b|"
    r"\b(?:problem|issue|fault|trouble)\s+(?:was\s+|is\s+)?with\b|"
    r"\bwhat\s+(?:had\s+|has\s+)?(?:broke|broken|gone\s+wrong|went\s+wrong|failed|packed\s+in)\b",
    re.IGNORECASE,
)
# A part said to have failed, after it: "the pump has split", "carburetor was gummed up". A
# state needs its verb ("is shot"): "an anti-nausea shot" is no fault.
_FAILED = (
    r"(?:(?:has|had|have)\s+)?(?:completely\s+|totally\s+|just\s+)?"
    r"(?:split|failed|died|cracked|snapped|burst|perished|seized(?:\s+up)?|packed\s+in|"
    r"blew|blown)\b|"
    r"(?:['’]s|\s(?:is|was|were|are|has\s+been|had\s+been))\s+(?:completely\s+|totally\s+)?"
    r"(?:gone(?!\s+(?:to|out|home|off|away|for|with|back|up|down|over|in|into|on|through|now|"
    r"already|quiet))|worn(?:\s+out|\s+through)?|gummed\s+up|blocked|clogged(?:\s+up)?|broken|"
    r"shot|knackered|faulty|corroded|rusted(?:\s+through)?|jammed|leaking|"
    r"on\s+its\s+way\s+out)\b"
)
_PART_FAILED = re.compile(
    r"(?P<part>(?:[\w'’-]+\s+){0,5}?[\w-]+?)(?=\s|['’]s\b)\s*(?:" + _FAILED + ")",
    re.IGNORECASE,
)
# A part named after the telling: "sounds like the carb", "the problem is the seal", "THEM
# ONES EAT INJECTORS", "it needs a new clutch".
_NAMES_PART = re.compile(
    r"\b(?:(?:problem|issue|fault|culprit)\s+(?:is|was|['’]s)|"
    # "sounds like the carb", "reckons it's the wheel bearing"; not "steel looks like a prison
    # yard", said of a thing chosen
    r"(?:^|(?<=[.!?]\s)|\b(?:it|it['’]s|that|this|probably|prob|reckon|think)\s+)(?:sounds|looks|smells)"
    r"\s+like|(?:reckons?|thinks?|says?|said)\s+(?:it['’]s|its|it\s+is|it\s+was)|"
    r"turned\s+out\s+to\s+be|"
    # "battery's fine actually. its the alternator": a clause naming the part outright
    r"(?:^|(?<=[.!?,]\s))(?:it['’]?s|it\s+is|it\s+was)(?=\s+(?:the|your)\s)|"
    # "THEM ONES EAT INJECTORS", of a model; not "did she eat anything weird?"
    r"\b(?:they|them|those|these)(?:\s+(?:ones|engines?|models?|cars?|vans?|utes?))?\s+"
    r"(?:eat|go\s+through|chew\s+through)|"
    r"needs?\s+(?:a\s+)?new|need(?:ed)?\s+replacing:?)\s+(?P<part>[\w'’ -]{2,40}?)"
    r"(?=[,.;!?(]|\s+(?:and|but|so|from|which|because|on|in|at|for|to)\b|$)",
    re.IGNORECASE,
)
_DETERMINERS = re.compile(
    r"^(?:.*\b)?(?:the|your|my|his|her|their|our|a|an|its|it's|it’s|that|this)\s+",
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"[.!?;:,]|\b(?:said|says|reckons?|thinks?|and|but|so)\b", re.IGNORECASE)
# How many of the ranked messages around the best may tell it.
_DEPTH = 15
# The thing asked about: "wrong with *the car* back in feb", "the problem with the boiler".
_THING = re.compile(
    r"\b(?:wrong|up|matter|problem|issue|fault|trouble)\s+(?:was\s+|is\s+)?with\s+"
    r"((?:[\w'’-]+\s*){1,4}?)\s*(?:\b(?:back|in|on|last|this|when|after|before|then)\b|[?.!,]|$)",
    re.IGNORECASE,
)
# Words of the thing that name none: "what was wrong with *it*", "with *him*".
_NOT_THING = frozenset(terms("it him her them that this one thing stuff"))
# How many turns after a message naming the thing its exchange runs.
_THREAD = 6


def fault_answer(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> Reading | None:
    """The part the best messages, or the ranked ones of their chats, say failed."""
    if not ASKS_FAULT.search(question) or not good:
        return None
    told = _told_of_thing(question, qk, ranked, ctx)
    if told is not None:
        return told
    # Of the thing the question names, in a chat that names it: "what was wrong with the van?"
    # is not told by a tooth's "just a cavity", whose word for trouble ranks it as high.
    named = _named_thing(question)
    naming = {m.conversation for m in ranked[:_DEPTH] if named & said_terms(m.text)}
    chats = naming or {m.conversation for m in good[:3]}
    kept = [m for m in good if not naming or m.conversation in naming]
    pool = dict.fromkeys([*kept, *(m for m in ranked[:_DEPTH] if m.conversation in chats)])
    asked = terms(question)
    for m in pool:
        part = failed_part(m.text)
        # "the engine died again" tells that the engine failed, not what in it did
        if part and not terms(part) <= asked:
            why = "the part a message on the topic says failed ('has split', 'sounds like the …')"
            return told_in(part, m, qk.kind.value, ctx, why)
    # "what was up with the dog when aoife brought him in?": the dog is called Pickle, so no
    # message names the thing; a diagnosis in the chat on it is the answer ("ear infection")
    for m in pool:
        part = _diagnosed(m.text)
        if part and not terms(part) <= asked:
            why = "the diagnosis a message on the topic names"
            return told_in(part, m, qk.kind.value, ctx, why)
    return None


def _told_of_thing(
    question: str, qk: QuestionKind, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> Reading | None:
    """The part the exchange on the thing itself says failed: the turns after a well-ranked
    message naming the thing ("car wouldnt start this morning"), its latest telling first,
    which corrects a guess ("sounds like the battery" … "battery's fine actually. its the
    alternator"). The vet's "ear infection" ranks near a car's fault by "wrong" alone."""
    named = _named_thing(question)
    if not named:
        return None
    asked = terms(question)
    for m in ranked[:_DEPTH]:
        if not named & said_terms(m.text):
            continue
        thread = exchange_after(m, ranked[:_DEPTH], ctx, _THREAD)
        for t in reversed(thread):
            # a person's or a pet's trouble is told by its name: "It was a cavity"
            part = failed_part(t.text) or _diagnosed(t.text)
            if part and not terms(part) <= asked:
                why = "the part the exchange on it says failed, as last told ('it's the …')"
                return told_in(part, t, qk.kind.value, ctx, why)
    return None


def _named_thing(question: str) -> set[str]:
    """The terms of the thing the question asks about ("wrong with *the car*"), if it names one."""
    thing = _THING.search(question)
    return said_terms(thing.group(1)) - _NOT_THING if thing else set()


def _diagnosed(text: str) -> str | None:
    """A diagnosis a statement names ("It was a cavity"); not one asked or feared ("worried
    it's a cavity?")."""
    if asks(text) or _FEARED.search(text):
        return None
    said = said_for("diagnosis", text)
    return _with_modifiers(said, text) if said else None


def _with_modifiers(word: str, text: str) -> str:
    """The diagnosis with the words before it that name which ("Pulley strain", "ear
    infection"), up to two, in its clause; not a determiner or a verb ("it's gastritis")."""
    at = re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE)
    if at is None:
        return word
    before = re.split(r"[.!?;:,()]", text[: at.start()])[-1].split()
    kept: list[str] = []
    for w in reversed(before[-2:]):
        # "grade 2 sprain": a number names which as a word does
        if not (terms(w) or re.fullmatch(r"\d+[a-z]?", w)) or w.lower() in _NOT_MODIFIERS:
            break
        kept.insert(0, w)
    # "sprain of the lateral ligament (ATFL)": where, to the clause's end
    of = _OF_WHAT.match(text, at.end())
    return " ".join([*kept, text[at.start() : at.end()]]) + (of.group(0).rstrip() if of else "")


_OF_WHAT = re.compile(
    r"\s+(?:of|in|on)\s+(?:the|your|my|his|her|its)\s+[^\W\d_][\w\s'’-]{1,40}?(?=[.!?;,(]|$)"
)
# Words that may stand before a diagnosis without naming which one.
_NOT_MODIFIERS = frozenset(
    re.findall(
        r"\S+", "it's its it’s thinks think says said reckons just probably maybe only got has had"
    )
)


_FEARED = re.compile(r"\b(?:worried|afraid|scared|hope|hoping|maybe|might|could|probably)\b", re.I)


def failed_part(text: str) -> str | None:
    """The part `text` says failed, as written, or None."""
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        found = _NAMES_PART.search(sentence)
        if found:
            part = _noun(found.group("part"))
            if part:
                return part
        found = _PART_FAILED.search(sentence)
        if found:
            # the part is the clause's last noun phrase before the failing verb: "kowalski's
            # said the carburetor was gummed up" -> "carburetor"
            before = _CLAUSE.split(sentence[: found.end("part")])[-1]
            part = _noun(before)
            if part:
                return part
    return None


def _noun(words: str) -> str | None:
    """Without what opens it ("the", "your"); None for a pronoun's telling ("I'm knackered")."""
    part = re.sub(r"['’]s$", "", _DETERMINERS.sub("", words.strip()).strip(" -"))
    if not part or not re.search(r"[^\W\d_]", part):
        return None
    if any(w in _PRONOUNS for w in part.lower().split()):
        return None
    return part.lower() if part.isupper() else part


# A telling about a person or a feeling ("honestly I'm knackered") names no part.
_PRONOUNS = frozenset(
    re.findall(
        r"\S+",
        """it that this they them he she i you we me us him her everything something nothing
        one ones all i'm i’m you're we're they're he's she's it's it’s honestly""",
    )
)
