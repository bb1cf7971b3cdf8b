"""The noun phrases of a question, head last: what it asks about ("my next dentist
*appointment*", "lucía's *wedding*"), whose it is ("*grandpa's* gift"), and the words that are
no topic of it: time words, the chat it is scoped to, light nouns ("the tallis *project*") and
the asker's praise ("the *amazing* chips")."""

from __future__ import annotations

import re

from agent.plan.mentions_base import IRREGULAR_PAST

from .text import AUX, REQUEST_TERMS, STOP_WORDS, terms

# What opens a noun phrase in a question: a determiner or a possessive ("lucía's wedding",
# "my parking permit"). Not "which"/"what": "which hotel" names the kind of answer, and the
# answer need not repeat it ("what natural disaster…" / "a nasty flood").
_NP_OPENER = re.compile(
    r"\b(?:my|your|his|her|our|their|the|a|an|this|that|whose|how\s+much|(?<=pay\s)for|"
    r"(?<=paid\s)for|(?<=paying\s)for|"
    r"(?!(?:what|who|where|when|how|it|that|there|here|he|she|let)['’]s)[^\W\d_]+['’]s)\s+",
    re.IGNORECASE,
)
_TIME_WORDS = frozenset(
    re.findall(
        r"\w+",
        "today tonight tomorrow yesterday morning afternoon evening night weekend week month "
        "year monday tuesday wednesday thursday friday saturday sunday january february march "
        "april may june july august september october november december",
    )
)
# Words of when, not of what: "over the holidays" names no topic.
TIME_TERMS = frozenset(
    terms(" ".join(_TIME_WORDS) + " holiday holidays summer winter spring autumn christmas easter")
)
# Nouns that scope a question to a conversation rather than name its topic.
SCOPE_NOUNS = frozenset(
    [
        "chat",
        "chats",
        "conversation",
        "conversations",
        "group",
        "call",
        "thread",
        "session",
        "sessions",
    ]
)
_ORDER_WORDS = frozenset(["first", "last", "ever", "again", "most", "recently", "lately"])
_NP_WORD = re.compile(r"[^\W\d_][\w-]*")
_LEADING = frozenset(
    re.findall(
        r"\w+",
        "next last new usual upcoming latest recent current old previous first earliest final",
    )
)
# Words that end a noun phrase though no stop word: prepositions, adverbs, modal verbs.
_PHRASE_ENDS = frozenset(
    re.findall(
        r"\w+",
        "behind beside besides across along among around toward towards within without "
        "together also still already might must may shall though although because since "
        # a verb's particle after its object: "pushed her visit *back*", "picked the cake *up*"
        "back up",
    )
)
# Verbs seldom used as nouns, in their plain form: after "did the vet", the verb.
PLAIN_VERBS = frozenset(
    re.findall(
        r"\w+",
        "put give get take make say tell bring send buy pay leave let feed choose eat keep sell "
        "lend borrow wear want need lose find include mean think know hear like hate forget "
        "remember mention suggest recommend agree decide manage offer refuse happen seem become "
        "win beat catch throw meet join receive deliver install replace repair collect fix "
        "finish begin arrive arrange cancel hurt cause ask",
    )
)
_LY_NOUNS = frozenset(
    re.findall(r"\w+", "family rally belly ally jelly holly lily bully assembly supply reply fly")
)
_PARTICLE = re.compile(r"\s+(?:up|out|off|down|over|away|back)\b", re.IGNORECASE)
# Light nouns people put after a name ("the tallis *project*", "the gym *thing*"): the name
# before them says what the phrase is about, whether or not a message uses the noun.
_LIGHT_NOUNS = frozenset(
    re.findall(
        r"\w+",
        "project projects thing things stuff situation issue issues matter business deal story "
        "news topic side bit part saga drama question questions place spot point venue location "
        "trip trips idea ideas thought",
    )
)
LIGHT_TERMS = frozenset(terms(" ".join(_LIGHT_NOUNS)))
# What a person thought of a thing, in their words, not the chat's: "the place with the
# *amazing* chips" is told "the best chips of my life". Not "best" or "great": a best man, a
# great aunt.
_PRAISE_WORDS = frozenset(
    re.findall(
        r"\w+",
        "amazing awesome incredible lovely wonderful fantastic brilliant gorgeous delicious "
        "nice fab fabulous beautiful cute",
    )
)
LIGHT_TERMS |= frozenset(terms(" ".join(_PRAISE_WORDS)))


def topic_heads(question: str) -> list[str]:
    """The head nouns of the question's noun phrases: the last word of each phrase, which stops
    at a stop word, a word of the request, or a verb form after its first word ("piotr's dog
    called" is about a dog, "my climbing gym membership" about a membership)."""
    return list(dict.fromkeys(p[-1] for p in noun_phrases(question)))


def head_terms(question: str) -> set[str]:
    """The terms of the question's head nouns (`topic_heads`): what it asks about."""
    return {t for h in topic_heads(question) for t in terms(h)}


# Verbs whose past is their own form, seldom a noun after one: "the feeder chain *let* go",
# "the deere *quit* on us".
_BARE_PAST = frozenset(["let", "quit", "shut", "hurt"])


def noun_phrases(question: str) -> list[list[str]]:
    """The words of the question's noun phrases, head last ("my next dentist appointment" →
    ["dentist", "appointment"]): see `topic_heads`."""
    phrases = []
    for m in _NP_OPENER.finditer(question):
        # After "did"/"does" the phrase is the subject and its verb follows: "did the filling
        # cost", "does my gym membership include".
        after_aux = bool(re.search(rf"\b(?:{AUX})\s+$", question[: m.start()], re.IGNORECASE))
        words: list[str] = []
        stopped_by = ""
        for w in re.split(r"\s+", question[m.end() :])[:4]:
            word = _NP_WORD.fullmatch(w.rstrip("?!.,;:"))
            low = word.group(0).lower() if word else ""
            if not words and low in _LEADING and w == (word.group(0) if word else ""):
                continue  # "my *next* dentist appointment" is about an appointment
            if not low or low in STOP_WORDS or low in _TIME_WORDS or low in _PHRASE_ENDS:
                stopped_by = low
                break
            if terms(low) <= REQUEST_TERMS:
                stopped_by = low
                break
            if words and _PARTICLE.match(question, m.end() + question[m.end() :].find(w) + len(w)):
                break  # "my old flat *turn up*": a verb and its particle end the phrase
            if words and re.search(r"(?:ed|ing)$", low):
                break
            if words and (low in IRREGULAR_PAST or low in _BARE_PAST):
                after_aux = False  # "are dad's old albums *kept*": the verb is found
                break  # "the neighbours *rang*": the verb ends the subject
            if words and after_aux and low in PLAIN_VERBS:
                after_aux = False  # the verb is found: the phrase is the subject whole
                break  # "did the vet *put* miso on": the subject ends at its verb
            if words and low.endswith("ly") and low not in _LY_NOUNS:
                break  # an adverb: "the running group *actually* completed"
            words.append(low)
            if word and w != word.group(0):
                break  # punctuation ends the phrase
        # "did the filling cost": the last word is the verb; not before an order word, after
        # which the verb comes ("did the shenandoah solo first get brought up").
        if after_aux and len(words) >= 2 and stopped_by not in _ORDER_WORDS:
            words.pop()
        while words and words[-1] in _LIGHT_NOUNS:
            words.pop()
        if words and words[-1] not in SCOPE_NOUNS:
            phrases.append(words)
    return phrases


_POSSESSOR = re.compile(
    r"\b(?!(?:what|who|where|when|how|it|that|there|here|he|she|let)['’]s)([^\W\d_]+)['’]s\b",
    re.IGNORECASE,
)


def possessors(question: str) -> list[str]:
    """Whose things the question asks about ("*grandpa's* gift", "*lucía's* wedding")."""
    out = [m.group(1).lower() for m in _POSSESSOR.finditer(question)]
    return [w for w in out if w not in STOP_WORDS and not terms(w) <= REQUEST_TERMS]


_ADJECTIVE = re.compile(r"(?:ful|ous|ive|ial|ian|ed|ing|less|able|ible|ary|ish)$", re.IGNORECASE)
# Adjectives a person asks with that no suffix marks: "kieran's *original* quote".
PLAIN_ADJECTIVES = frozenset(
    re.findall(
        r"\S+",
        "original usual normal actual final real main whole old new big small little other same "
        "favourite favorite current previous latest early late next extra spare dodgy sore bad "
        "good broken poorly weird tiny huge whole entire usual annual weekly daily monthly yearly "
        # what a person calls a thing by its price or look, which a chat tells by numbers
        "cheap pricey dear posh fancy nice lovely massive long short quick proper decent "
        "low high expensive "
        # a result by how it was taken: "my finish time" is the "official time 2:14:37"
        "official finish finishing overall total",
    )
)


def adjective(word: str) -> bool:
    """Whether a word before a noun describes it ("the *usual* place", "a *careful* plan"),
    itself or compared ("the *cheaper* quote", "the *biggest* one")."""
    low = word.lower()
    return bool(_ADJECTIVE.search(low)) or low in PLAIN_ADJECTIVES or _compared(low)


def _compared(low: str) -> bool:
    """A plain adjective's -er or -est form: "cheaper", "bigger", "nicer", "earliest"."""
    for end in ("er", "est"):
        stem = low[: -len(end)] if low.endswith(end) and len(low) > len(end) + 2 else ""
        doubled = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else ""
        tried = {stem, stem + "e", doubled, stem[:-1] + "y" if stem.endswith("i") else ""}
        if tried & PLAIN_ADJECTIVES:
            return True
    return False
