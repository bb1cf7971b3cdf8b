"""Words a question asks with that no message holds: the head noun of what it asks about
("when is Lucía's *wedding*?") or who it says did it ("when did *caroline* go…?"). The
history cannot answer such a question, whatever retrieval returned, so it is declined."""

from __future__ import annotations

import re

from agent.plan import timeexpr as tx
from agent.plan.people import PERSON_NOUNS

from .kinds import ONE_OF_PEOPLE
from .phrases import PLAIN_ADJECTIVES, adjective, noun_phrases, possessors
from .reading import ReaderContext, content_terms
from .text import terms

__all__ = ["unknown_subject", "unknown_topic"]


# "mum's *sheltered* housing": a participle before a noun describes it; a noun rarely ends so
# ("shed", "need", "hundred" aside: short, or in -eed).
_PARTICIPLE = re.compile(r"^\w{3,}[^e]ed$", re.IGNORECASE)


# "my *official* finish time": an adjective by its ending, where the noun after it was read
# as a verb ("finish")
_ADJECTIVE_END = re.compile(r"\w{3,}(?:ous|less|cial|ical|tial)$", re.IGNORECASE)


def _describes(word: str) -> bool:
    return (
        word in PLAIN_ADJECTIVES
        or bool(_PARTICIPLE.match(word))
        or bool(_ADJECTIVE_END.match(word))
    )


def unknown_topic(question: str, ctx: ReaderContext) -> str | None:
    """The head noun of the question that no message of the store holds ("when is Lucía's
    *wedding*?"): the history cannot answer, whatever retrieval returned."""
    # "which of the tramping *lot*": the people it is one of, asked for by name
    question = ONE_OF_PEOPLE.sub(" ", question)
    # "who did the *driving*?": a deed, which a chat tells in its own words ("we all fit in
    # my bakkie")
    question = _DID_THE_DEED.sub(" ", question)
    # "where's the van *at the moment*": a time said as a noun phrase names no topic
    question = _TIME_IDIOM.sub(" ", question)
    # "the *second hand* sofa": a set phrase that describes, however the chat said it
    question = _DESCRIBING_IDIOM.sub(" ", question)
    # "who else voted for navy *apart from* me?": who is set aside, no topic
    question = _SET_ASIDE.sub(" ", question)
    # The people, and the chats' names ("the *five* a side chat" is the Five-a-side group).
    named = [*ctx.speakers, *(re.sub(r"[-_]", " ", c) for c in ctx.conversations)]
    speakers = {t for s in named for t in terms(s)}
    # Whose it is, first: "what was *grandpa's* gift to Caroline?" where only grandma is named;
    # then what it is, and what kind ("my next *dentist* appointment", "his *ski* trip").
    # A phrase that runs into a name ("the place *dev* and i stayed at") is a clause, not a noun.
    phrases = [p for p in noun_phrases(question) if not terms(p[-1]) <= speakers]
    # "what did *the others* bring?": the people of the chat, named by no one
    phrases = [p for p in phrases if p[-1] not in _GROUP_OF_PEOPLE]
    # "her shin trouble", "the boiler issue": a light head stands for the noun before it
    phrases = [p[:-1] if p[-1] in _LIGHT_HEADS else p for p in phrases]
    phrases = [p for p in phrases if p]
    # A noun before a head the history knows names a kind of it that it may not ("dentist
    # appointment", "ski trip"); adjectives ("beloved pet") and names ("the Spotless Mind")
    # do not: a person asks with them whatever the chat said.
    kinds = [
        w
        for p in phrases
        if ctx.weights.knows(p[-1]) or p[-1] in _BOOKED_HEADS
        for w in p[:-1]
        if not adjective(w)
        and re.search(rf"\b{re.escape(w)}\b", question)
        # "her *seventh* birthday": which one, which a chat says as "turns 7"
        and tx.parse_ordinal(w) is None
    ]
    # The user's own people ("my landlord", "my sister's husband") are often only ever named
    # in the chat: a role no message writes is no reason to decline. Chat drops the
    # apostrophe: "my sisters pet" is my sister's.
    # A head is a noun whatever its ending ("wedding"): only a plain adjective is left out.
    heads = [
        *possessors(question),
        *(p[-1] for p in phrases if not _describes(p[-1])),
    ]
    own = {
        w
        for w in [*heads, *(k for k in kinds if k.endswith("s"))]
        if (w in PERSON_NOUNS or w.endswith("s") and w[:-1] in PERSON_NOUNS)
        and re.search(rf"\b(?:my|our|the)\s+(?:[\w'’-]+\s+)?{re.escape(w)}\b", question, re.I)
    }
    # "the model of the film camera": what is asked of the camera, which chat need not write
    asked_of = {m.group(1).lower() for m in _ATTRIBUTE_OF.finditer(question)}
    # "the pickup spot for kofi's lift": a phrase after "for" says what a known one is for
    known = [p[-1] for p in phrases if ctx.weights.knows(p[-1])]
    if known:
        first = question.lower().find(known[0])
        asked_of |= {
            p[-1]
            for p in phrases
            if re.search(
                rf"\bfor\s+(?:[\w'’]+\s+){{0,2}}{re.escape(p[-1])}\b", question[first:], re.I
            )
        }
    # "where did they go on honeymoon?": a bare noun the question ends on is its occasion
    tail = _BARE_OCCASION.search(question)
    if tail and tail.group(1).lower() not in _TIME_NOUNS:
        heads.append(tail.group(1).lower())
    # "which of craig's *workers* made the holes for the deck posts?": a person asked after
    # by what they did, which the chat tells by their name. Not "what's dev's *girlfriend*
    # called?", which asks nothing else.
    said = {t for t in content_terms(question, ctx) - _NAMING_TERMS if ctx.weights.holds(t)}
    deeds = {p[-1] for p in phrases if len(said - terms(" ".join(p))) >= _TOLD_BY_DEED}
    # "what's priya's candle *brand* called?": a name is written without the kind of thing it
    # names ("Wick & Wander 🕯️"), so asked for a name, a head need not be known when the noun
    # before it is. Not a person's role ("imogen's swim *coach*"): a chat names its people
    # with the role, and one it never writes is one it does not know.
    named_kinds = (
        {
            p[-1]
            for p in phrases
            if len(p) > 1 and ctx.weights.knows(p[-2]) and p[-1] not in PERSON_NOUNS
        }
        if _ASKS_NAME.search(question)
        else set()
    )
    for head in dict.fromkeys([*heads, *kinds]):
        if head in asked_of or head in _BOOKED_HEADS or head in named_kinds or head in KIND_HEADS:
            continue
        role = head in PERSON_NOUNS or head.endswith("s") and head[:-1] in PERSON_NOUNS
        if role and head in deeds:
            continue
        unknown = (
            not terms(head) <= speakers
            and not ctx.weights.knows(head)
            and head not in own
            and ctx.weights.abbreviation(head) is None
        )
        # a compound of two words the chat holds is known, but a "girlfriend" is no friend
        if unknown and (head in PERSON_NOUNS or ctx.weights.compound_head(head) is None):
            return head
    return None


# How many other words the chat holds a question must ask with for a person it names by a
# role no message writes to be one the chat tells of by name.
_TOLD_BY_DEED = 2
# "what's his girlfriend *called*": asking for the name is no deed
_NAMING_TERMS = terms("call called name named")
_ASKS_NAME = re.compile(r"\b(?:called|named|name\s+of|title\s+of)\b", re.IGNORECASE)
_GROUP_OF_PEOPLE = frozenset(
    re.findall(r"\w+", "others rest everyone everybody people guys gang lads girls folks")
)
_LIGHT_HEADS = frozenset(
    re.findall(
        r"\w+",
        "trouble troubles problem problems issue issues situation drama saga stuff "
        # "after the mix up with the hall": a person's word for what went wrong, not a topic
        "mix mixup mess fiasco palaver kerfuffle confusion hassle faff debacle ordeal "
        # "miso's feeding routine": how she is fed, in words a chat writes ("half a can")
        "routine routines schedule arrangements "
        # "her check ups", "the walk ins": the particle of a compound the chat hyphenates
        "ups outs ins offs",
    )
)
# The kinds a person asks with where a chat names the one meant: "what restaurant did we go
# to?" of "coralie's on cuba, sat 21st"; "which town…" of "drove up to levin"; "what's his
# role there?" of "senior level designer". A kind no message writes says nothing of whether
# the history holds its instance.
KIND_HEADS = frozenset(
    re.findall(
        r"\w+",
        "place places town towns city cities village country area restaurant restaurants cafe "
        # "what street is the duplex off of?": "right off south presa"; "the old complex": the
        # Cantera
        "street streets road avenue neighbourhood neighborhood suburb district complex building "
        # "the name of the hall": "Bellwood Event Centre"
        "hall halls centre center "
        "cafes café pub pubs bar bars venue venues shop shops store stores hotel hotels bakery "
        "event events meeting meetings conference conferences gig gigs show shows occasion "
        "job jobs role position company firm employer brand model make song songs album band "
        "bands film films movie movies book books podcast podcasts app game games doc docs "
        "documentary documentaries series programme programmes "
        "money cost price fee fees amount injury injuries illness condition pet pets animal "
        # "what was the score in the semi?": "7-4 to the dockers"
        "score scores",
    )
)
# "my dentist appointment": a chat books "the dentist" and seldom writes "an appointment". The
# noun before it says what is booked, and must be known; the head need not be. Nor "the next
# visit", which a chat says as "next time youre in".
_BOOKED_HEADS = frozenset(
    re.findall(r"\w+", "appointment appointments appt appts booking visit visits")
)
_BARE_OCCASION = re.compile(r"\b(?:on|for)\s+([a-z]{4,})\s*[?!.]*\s*$", re.IGNORECASE)
_TIME_NOUNS = frozenset(
    re.findall(
        r"\w+",
        "today tonight tomorrow yesterday monday tuesday wednesday thursday friday saturday "
        "sunday weekend week month year morning afternoon evening night christmas easter",
    )
)
_DID_THE_DEED = re.compile(r"\b(?:did|do|does|doing|done)\s+the\s+[a-z]{3,}ing\b", re.I)
_TIME_IDIOM = re.compile(
    r"\b(?:at|for|in)\s+the\s+(?:moment|minute|mo|min|time|end|meantime|meanwhile|past|future|"
    r"long\s+run|short\s+term|long\s+term)\b|\b(?:these|those)\s+days\b",
    re.IGNORECASE,
)
_DESCRIBING_IDIOM = re.compile(
    r"\b(?:second[\s-]+hand|brand[\s-]+new|hand[\s-]+made|home[\s-]+made|well[\s-]+known|"
    r"last[\s-]+minute|one[\s-]+off|full[\s-]+time|part[\s-]+time|good[\s-]+as[\s-]+new)\b",
    re.IGNORECASE,
)
_SET_ASIDE = re.compile(
    r"\b(?:apart\s+from|aside\s+from|other\s+than|except(?:\s+for)?|besides|as\s+well\s+as)"
    r"\s+(?:me|us|you|him|her|them)\b",
    re.IGNORECASE,
)
_ATTRIBUTE_OF = re.compile(
    r"\b(model|make|brand|name|colou?r|size|type|kind|sort|version|number|price|cost|title)\s+"
    r"of\b",
    re.IGNORECASE,
)


def unknown_subject(question: str, ctx: ReaderContext) -> str | None:
    """Who the question says did it, when no message holds the word and no one of the chat is
    called so: "when did *caroline* go to the support group?" of a history without her."""
    people = {t for s in ctx.speakers for t in terms(s)}
    for found in _DID_SOMEONE.finditer(question):
        word = found.group(1).lower()
        # a verb's form is no one ("did *organizing* the party…" is a slip of the grammar)
        verb_like = len(word) > 5 and word.endswith(("ing", "ed"))
        if word in _NOT_SOMEONE or word in PERSON_NOUNS or verb_like or not terms(word):
            continue
        if not terms(word) <= people and not ctx.weights.knows(word):
            return word
    return None


# The subject right after the question's auxiliary: "when did *caroline* go…", "what will
# *zed* bring?"
_DID_SOMEONE = re.compile(r"\b(?:did|does|will|would)\s+([^\W\d_]{3,})\s+[^\W\d_]", re.I)


# Who-words a question uses that name nobody: "did *anyone* cancel" (the pronouns are stop
# words, with no terms: "did *we* go").
_NOT_SOMEONE = frozenset(
    re.findall(r"\w+", "anyone anybody everyone everybody someone somebody people nobody "
               "everything something")
)  # fmt: skip
