"""Which part of a question asks, when the asker sets the scene first: the sentence that asks
("Roland and I made a good many plans to go fishing… How many times did we actually get
out?"), past a clause that sets the scene ("When the specialist took that spot off my ear,
what did she say it was?"). Two readings: `asked_clause` for what kind of answer is asked
for, `asking_part` for the words a history must hold. The whole question still finds the
messages."""

from __future__ import annotations

import re

__all__ = ["asked_clause", "asked_sentence", "asking_part"]


def asked_clause(question: str) -> str:
    """The asked sentence without a scene-setting clause before its question word."""
    return _SCENE_CLAUSE.sub("", asked_sentence(question), count=1)


def asked_sentence(question: str) -> str:
    """The sentence that asks, when the scene is set in sentences before it ("Roland and I
    made a good many plans to go fishing, and the weather put paid to some of them. How many
    times did we actually get out?"); the whole question when its last sentence asks only
    with a pronoun ("…the day lu hurt his ankle. when was that?")."""
    pieces = _SENTENCE_END.split(question.strip())
    merged: list[str] = []
    for piece in pieces:  # "Dr. Haskell", "Mr. Moody": a title's dot ends no sentence
        if merged and (_TITLE_END.search(merged[-1]) or _INITIALS_END.search(merged[-1])):
            merged[-1] = f"{merged[-1]} {piece}"
        else:
            merged.append(piece)
    last = merged[-1] if merged else ""
    if len(merged) < 2 or not last.rstrip().endswith("?") or not _OPENS_ASKING.match(last):
        return question
    own = [w for w in re.findall(r"[^\W\d_]{3,}", last.lower()) if w not in _BARE_WORDS]
    # "…wants to know where Vale got her dress. what was the shop called?": the scene holds
    # the question put to the user, which the last sentence only narrows
    put = any(_PUT_TO_ME.search(s) for s in merged[:-1])
    return last if own and not put else question


_PUT_TO_ME = re.compile(
    r"\b(?:know|asked|asking|asks|wonder\w*|remember|recall|forgot|forget)\s+"
    r"(?:who|whom|whose|what|when|where|which|how)\b",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")
# "the U.S.", "e.g.", "J. R.": letters with their dots end no sentence either
_INITIALS_END = re.compile(r"(?:\b[^\W\d_]\.){1,}$")
_TITLE_END = re.compile(r"\b(?:dr|mr|mrs|ms|mx|st|jr|sr|mt|prof|rev)\.$", re.IGNORECASE)
# A sentence that asks: a question word or an auxiliary first, perhaps after "and", "so" or a
# preposition ("On what date did I…", "And how much…").
_OPENS_ASKING = re.compile(
    r"^\W*(?:(?:and|so|but|then|now|well|ok|okay)\b[\s,]*)?(?:(?:on|in|at|by|for|from|to|of|"
    r"with|since|until)\s+)?(?:who|whom|whose|what|what's|whats|which|where|where's|when|when's|"
    r"how|why|did|do|does|is|are|was|were|has|have|had|can|could|would|will)\b",
    re.IGNORECASE,
)
# What a bare asking sentence says besides its pronoun: "when was that?", "what was it again?"
_BARE_WORDS = frozenset(
    re.findall(
        r"\S+",
        """who whom whose what what's whats which where where's when when's how why did does
        was were are has have had can could would will that this they them she her him his
        and then again exactly the one was""",
    )
)
# "When the skin specialist took that spot off my ear, what did she say it was?": a scene
# set in a clause before the question it opens (not "when did…", which asks).
_SCENE_CLAUSE = re.compile(
    r"^\s*(?:when|after|before|since|while|once|now\s+that)\s+"
    r"(?!(?:did|do|does|is|was|were|are|will|would|has|have|had|can|could|should)\b)"
    r"[^?,]*?,\s*(?=(?:who|whom|whose|what|which|where|how|did|do|does|is|was|were|are|has|"
    r"have|had|can|could)\b)",
    re.IGNORECASE,
)


_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
_WH_OPENS = re.compile(
    r"\s*(?:who|whom|whose|what|when|where|which|how|why|did|do|does|is|are|was|were|has|have|"
    r"had|can|could|remind|tell)\b",
    re.IGNORECASE,
)
# "After all the upheaval with the venue, where did…": a clause setting the scene
_SCENE = re.compile(
    r"^\s*(?:after|with|what\s+with|since|given|now\s+that|apart\s+from|besides|because|as|"
    r"although|though|while|going\s+back\s+to)\b[^,;]{3,80}[,;]\s*(?=\S)",
    re.IGNORECASE,
)

# Chat filler before the asking: "…muted last saturday lol what were they on about"
_FILLER_STOP = re.compile(
    r"\s+(?:lol|lmao|haha+|hehe+|mdr|ngl|tbh|omg|smh)\s+(?=(?:who|what|when|where|which|how)\b)",
    re.IGNORECASE,
)
# "missed the work chat last thursday, what was going on": any clause before a comma, when
# what follows it asks
_LEAD_CLAUSE = re.compile(
    r"^\s*[^,;]{3,80}[,;]\s*(?=(?:who|what|when|where|which|how)\b)", re.IGNORECASE
)


def asking_part(question: str) -> str:
    """The sentence that asks, without what sets the scene: "*Morag and I must have talked
    about the boiler a dozen times.* When was the last?", "*I need to put his name on a form.*
    Who was it I saw?", "*After all the upheaval with the venue,* where…". A word only the
    scene holds is no topic the history must hold; the whole question still finds the
    messages."""
    question = _FILLER_STOP.sub(". ", question)  # "lol" ends a sentence as a full stop does
    sentences = [s for s in _SENTENCE.findall(question) if s.strip()]
    asked = [s for s in sentences if s.rstrip().endswith("?")]
    opening = [s for s in sentences if _WH_OPENS.match(s)]
    part = (asked or opening or [question])[-1 if asked else 0]
    cut = _SCENE.sub("", part, count=1)
    if cut == part:  # "missed the work chat last thursday, what was going on"
        cut = _LEAD_CLAUSE.sub("", part, count=1)
    if cut == part and "?" not in question:
        # "…wants teh date the deere quit on us in the beans what day was that"
        late = [m.end() for m in _LATE_ASK.finditer(part) if len(part[: m.start()].split()) >= 3]
        cut = part[late[-1] :] if late else part
    return cut if _WH_OPENS.match(cut) else part


# A question asked after its scene without a stop between them, as chat is typed: the wh-word
# and its verb, inverted as only a question is ("what day was", "when did"), further on in
# the sentence; not a clause saying when ("…when she was told", "…when mum was ill").
_LATE_ASK = re.compile(
    r"\s(?=(?:(?:what|which)\s+[\w'’]+|how\s+(?:much|many|long)|what|when|where|which|who|how)"
    r"\s+(?:was|is|did|does|do|were|are|has|have|had)\b)",
    re.IGNORECASE,
)
