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
from .reading import ReaderContext, Reading, told_in
from .text import terms

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
    chats = {m.conversation for m in good[:3]}
    pool = dict.fromkeys([*good, *(m for m in ranked[:_DEPTH] if m.conversation in chats)])
    asked = terms(question)
    for m in pool:
        part = failed_part(m.text)
        # "the engine died again" tells that the engine failed, not what in it did
        if part and not terms(part) <= asked:
            why = "the part a message on the topic says failed ('has split', 'sounds like the …')"
            return told_in(part, m, qk.kind.value, ctx, why)
    return None


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
