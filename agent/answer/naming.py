"""What something is called: "what did mara name her car?", "what's tamsin's van called?",
"what was marigold called before we renamed her?". The name is given a few turns after the
thing is spoken of ("shes called beetroot"), chosen from options offered ("pepper wagon it
is"), settled in the chat's own exchange ("we need a team name" / "les quizerables"), or said
of it by a pronoun days later ("her name is pickles now")."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from datetime import datetime

from memory_store.models import StoredMessage

from .kinds import QuestionKind
from .name_exchange import NAME_CUE, exchange_names
from .reading import (
    ReaderContext,
    Reading,
    and_next_turns,
    first_names,
    mentioning,
    said_by,
    told_in,
    who,
)
from .spans import INTRODUCED, NAMED_THEM, given_names, names_given_to, quoted_names
from .text import WORD, asks, join_names, said_terms, sentences, terms
from .titles import given_to_person, names_a_thing

__all__ = ["CHOSEN", "name_given"]


def name_given(
    question: str,
    qk: QuestionKind,
    wanted: set[str],
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading | None:
    """The name the question asks for, or None when it asks for none or none is given."""
    if not _NAMING.search(question):
        return None
    # the best messages on the topic by its words: "That's amazing. In person?" is near
    # "the place with the amazing udon" by praise alone, and its next turn names a person
    topic = wanted - _NAMING_TERMS  # "what was it *called*" asks, it is no topic
    topical = [m for m in good if topic & said_terms(m.text)] or good
    turns = and_next_turns(topical, ranked, 3, turns=5)
    if _RENAMED.search(question):  # "what was marigold called before we renamed her?"
        former = _former_name(question, [*turns, *ranked[:_FORMER_DEPTH]])
        if former is not None:
            by, name = former
            return Reading(
                f"{name}.",
                [by],
                qk.kind.value,
                name,
                said_by(by, ctx),
                why=[f"the name {who(by, ctx)}'s message says it had before"],
            )
    # A name chosen from the options just offered, before any name given in passing ("guy
    # called declan" names the seller, not the truck).
    for m in dict.fromkeys([*turns, *ranked[:5]]):
        chosen = CHOSEN.search(m.text)
        offered = chosen is not None and any(
            n.session_id == m.session_id and 0 <= m.id - n.id <= 3 and _OFFERED.search(n.text)
            for n in ranked
        )
        # "Early it is": a time chosen, not a name ("the 7am start? early it is")
        named = chosen is not None and not _TIME_CHOICE.fullmatch(chosen.group("x"))
        if chosen and offered and named:
            said = chosen.group("x")
            return Reading(
                f"{said[:1].upper()}{said[1:]}.",
                [m],
                qk.kind.value,
                said,
                said_by(m, ctx),
                why=[f"the name chosen in {who(m, ctx)}'s message ('… it is')"],
            )
    # "we need a new team name tho" / "les quizerables": the line after the chat asks
    asked_in = {m.conversation for m in topical[:3]}
    cues = [*turns, *ranked[:_CUE_DEPTH], *ctx.holding(NAME_CUE.pattern, (), asked_in)]
    asked_of = first_names(ctx) & {re.sub(r"['’]s$", "", w.lower()) for w in WORD.findall(question)}
    settled = exchange_names(cues, topic - asked_of, asked_of, ctx)
    if settled:
        m, name = settled[-1] if _IN_THE_END.search(question) else settled[0]
        why = "the name the chat settled, the line after it asked for one"
        return told_in(name, m, qk.kind.value, ctx, why)
    replied = _name_replied(cues, topic, ctx)
    if replied is not None:  # "the name of your dentist?" / "Dr. Patel at Riverside Dental."
        m, name = replied
        why = "the name the reply gives, when the chat asked for the name of the thing"
        # a titled name is a person's: the answer says who
        kind = "who" if _TITLE.match(name) else qk.kind.value
        return told_in(name, m, kind, ctx, why)
    own = {w.lower() for w in WORD.findall(question)}
    # A naming seldom repeats what it names: "the kittens arrived on saturday!!!" / "we
    # called them pickle, biscuit and moth", read after the best messages' own turns.
    # "what did we name the kittens": the names given to the things the question names
    to_things = _NAMES_ASKED.search(question) is not None
    # A name given is often a little further down than the best messages ("ruth confirmed
    # october for the second show" / "i've got a name for it. 'low tide hours'").
    # …one on the topic, or a name quoted as one: not "someone called Lena" for a place
    further = [m for m in ranked[:5] if topic & said_terms(m.text) or quoted_names(m.text)]
    namings = list(_then_namings(turns, wanted, ctx)) if to_things else [*turns, *further]
    # "her name is pickles now", days after the dog was first spoken of: a name given by a
    # pronoun, in a chat on the topic, after the topic came up there
    # …unless no best message holds the topic's words ("dev's girlfriend", never written so):
    # then the thing came up in other words, any time in the best message's chat ("ive been
    # seeing someone" / "her name is saoirse")
    on_topic = topical if topical is not good else []
    chats = {m.conversation: m.ts for m in sorted(on_topic, key=lambda m: m.ts, reverse=True)}
    chats = chats or {m.conversation: datetime.min for m in good[:1]}
    namings += [
        m
        for m in list(dict.fromkeys(ranked))[:_PRONOUN_NAMED_DEPTH]
        if m.conversation in chats
        and m.ts >= chats[m.conversation]
        and _PRONOUN_NAMED.search(m.text)
    ]
    # "[photo] meet biscuit 🚐": the person the question names introducing it by name, in
    # a chat on the topic
    if asked_of:
        writers = [s for s in ctx.speakers if s.split()[0].lower() in asked_of]
        namings += ctx.holding(INTRODUCED.pattern, writers, list(chats))
    if _IN_THE_END.search(question):  # "what did she end up calling her dog": the last name
        namings = sorted(namings, key=lambda m: m.ts, reverse=True)
    # "the name of the company": a thing, whose name is no person's
    thing_named = names_a_thing(question)
    for m in dict.fromkeys(namings):
        listed = names_given_to(m.text) if to_things else []
        if listed:  # "we called them pickle, biscuit and moth": each of them
            why = "the names a best-supported message, or a turn soon after one, gives them"
            return told_in(join_names(listed), m, qk.kind.value, ctx, why)
        # not the name the question calls it by ("what was marigold called before…"), nor,
        # for a thing ("the name of the company"), a person's ("someone called Lena")
        given = next(
            (
                n
                for n in given_names(m.text)
                if n.lower() not in own and not (thing_named and given_to_person(n, m.text))
            ),
            None,
        )
        if given:
            return Reading(
                f"{given[:1].upper()}{given[1:]}.",
                [m],
                qk.kind.value,
                given,
                said_by(m, ctx),
                why=[f"the name given in {who(m, ctx)}'s message ('called', 'named', 'meet')"],
            )
    return _name_before_head(question, [*turns, *further], own, qk, ctx)


def _name_replied(
    cues: Sequence[StoredMessage], topic: set[str], ctx: ReaderContext
) -> tuple[StoredMessage, str] | None:
    """The name another's reply opens with, when a message on the topic asked for the name
    ("do you remember the name of your dentist?" / "Dr. Patel at Riverside Dental. She's
    great"): a titled name, or capitalised words."""
    for cue in sorted(dict.fromkeys(cues), key=lambda m: (m.ts, m.id)):
        hit = _ASKS_THE_NAME.search(cue.text)
        # the sentence asking it: "…the name of your dentist? Mine retired."
        if hit is None or not any(
            a <= hit.start() < b and asks(cue.text[a:b]) for a, b in sentences(cue.text)
        ):
            continue
        if not topic & said_terms(cue.text):
            continue
        reply = next((n for n in ctx.turns_after(cue)[:2] if n.speaker != cue.speaker), None)
        opened = _OPENS_WITH_NAME.match(reply.text) if reply is not None else None
        if reply is not None and opened:
            return reply, opened.group(1)
    return None


# "do you remember the name of your dentist?", "what's your mechanic called?"
_ASKS_THE_NAME = re.compile(
    r"\bname\s+of\s+(?:your|ur|the|that|his|her|their)\b|"
    r"\bwhat(?:['’]s|\s+is|\s+was)\s+(?:your|ur|the|that|his|her|their)\s+[\w'’-]+\s+called\b",
    re.IGNORECASE,
)
_TITLE = re.compile(r"(?:Dr|Mr|Mrs|Ms|Prof)\.?\s", re.IGNORECASE)
# "Dr. Patel at Riverside Dental", "Greenfield Vet, on Elm Street": the name a reply opens with
_OPENS_WITH_NAME = re.compile(
    r"^\W*((?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+[A-Z][\w'’-]+)|[A-Z][\w'’&-]+(?:\s+[A-Z][\w'’&-]+){1,3})\b"
)


def _name_before_head(
    question: str,
    messages: Sequence[StoredMessage],
    own: set[str],
    qk: QuestionKind,
    ctx: ReaderContext,
) -> Reading | None:
    """A name written before the noun the question calls the thing: "what's the new training
    board called?" / "The Kilter board? Finally!"."""
    head = _HEAD_CALLED.search(question)
    if head is None:
        return None
    before = re.compile(rf"\b((?:[A-Z][\w'’-]*\s+){{1,3}}){re.escape(head.group(1))}\b", re.I)
    for m in messages:
        for found in before.finditer(m.text):
            words = [w for w in found.group(1).split() if w.lower() not in _NOT_A_NAME]
            # "Also the dentist called": one capital opening the sentence names nothing
            first = m.text.find(words[0], found.start()) if words else found.start()
            opening = len(words) == 1 and not m.text[:first].strip()
            if (
                words
                and not opening
                and all(w[:1].isupper() and w.lower() not in own for w in words)
            ):
                name = f"{' '.join(words)} {found.group(0).split()[-1]}"
                why = f"the name {who(m, ctx)}'s message writes before the {head.group(1)}"
                return told_in(name, m, qk.kind.value, ctx, why)
    return None


# "what's the new training board called", "what is mum's dog named": the thing's head noun.
_HEAD_CALLED = re.compile(
    r"\bwhat(?:['’]s|\s+is|\s+was|\s+were|\s+are)\s+(?:the|my|our|his|her|their|your|that|"
    r"this|[\w-]+['’]s)\s+(?:[\w-]+\s+){0,3}?([a-z-]+)\s+(?:called|named)\b",
    re.IGNORECASE,
)
# Capitalised words that open a sentence or stand for no name.
_NOT_A_NAME = frozenset(
    ["the", "a", "an", "my", "our", "your", "his", "her", "their", "this", "that", "new", "old"]
)


# A question asking what something is called: "what did she name her car", "what's the cat
# called", "what is the name of the boat".
_NAMING = re.compile(
    r"\bwhat\b.*\b(?:name[ds]?|naming|call(?:ed|ing)?)\b"
    r"(?!\s+(?:me|you|him|her|us|them)\s*\W*$)",
    re.IGNORECASE,
)
# "what did tomás and i name the kittens", "what did we call the puppy?": names given to things.
_NAMES_ASKED = re.compile(
    r"\bwhat\s+(?:did|do|have|has|are|were)\s+.{0,40}?\b(?:name|call)(?:ed|ing)?\s+"
    r"(?:the|our|my|his|her|their|your|its)\s+[a-z]",
    re.IGNORECASE,
)
_NAMING_TERMS = frozenset(terms("name named names naming call called calling title"))
# A question for a name something had before: "before we renamed her", "its old name".
_RENAMED = re.compile(
    r"\b(?:renam\w+|old\s+name|used\s+to\s+be\s+called|previous\s+name|originally)\b", re.I
)
# The former name, as chat gives it: "(Marigold, used to be Lady Ellen)", "paint over the
# 'Lady Ellen' on the side", "was called Lady Ellen".
_FORMER = re.compile(
    r"\b(?:used\s+to\s+be(?:\s+called)?|formerly|previously|was\s+called|old\s+name\s+(?:is|was))"
    r"\s+['‘\"“]?([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
    r"|['‘\"“]([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)['’\"”]"
)


# How far down the ranking a former name is looked for: the question's name ("marigold") is
# in many messages, and the one giving the old name need not be near the top.
_FORMER_DEPTH = 30


def _former_name(
    question: str, messages: Sequence[StoredMessage]
) -> tuple[StoredMessage, str] | None:
    """The first name the messages give as what it was called, not one the question uses."""
    asked = {w.lower() for w in WORD.findall(question)}
    for m in dict.fromkeys(messages):
        for hit in _FORMER.finditer(m.text):
            name = hit.group(1) or hit.group(2)
            if name and not {w.lower() for w in name.split()} <= asked:
                return m, name
    return None


# "her name is pickles now", "we're calling him bolt": a name given to the thing spoken of
_PRONOUN_NAMED = re.compile(
    r"\b(?:(?:her|his|its|their)\s+name(?:['’]s|\s+is)|(?:calling|named|call)\s+(?:her|him|it|them)"
    r")\s+[^\W\d_]",
    re.IGNORECASE,
)
_PRONOUN_NAMED_DEPTH = 30
_IN_THE_END = re.compile(
    r"\b(?:end(?:ed)?\s+up|in\s+the\s+end|finally|now|settle[ds]?\s+on)\b", re.I
)
# How far down the ranking a message asking for a name is looked for.
_CUE_DEPTH = 10
_OFFERED = re.compile(r"\b(?:names?|call(?:ed|ing)?|options?)\b", re.IGNORECASE)
# A choice declared: a name from options ("name options: suya street or the pepper wagon" /
# "ok pepper wagon it is"), or a plan (proposals.py: "crazy golf it is").
CHOSEN = re.compile(
    r"(?:\b(?:ok|okay|right|so|fine|alright|then)\s+|^|[.!?,]\s+)(?:the\s+)?"
    # "it is" ends the clause: "crazy golf it is!", "…it is then", "then watercolours it shall
    # be"; not "half of it is presents"
    r"(?P<x>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,3}?)\s+"
    r"it\s+(?:is|shall\s+be|will\s+be|['’]ll\s+be)\b"
    r"(?!\s+(?!then\b|x+\b)[^\W\d_])",
    re.IGNORECASE,
)

_TIME_CHOICE = re.compile(
    r"(?:early|earlier|late|later|soon|now|then|today|tonight|tomorrow|tmrw|this\s+week(?:end)?|"
    r"next\s+week(?:end)?|mon(?:day)?|tues?(?:day)?|wed(?:nesday)?|thu(?:rs)?(?:day)?|"
    r"fri(?:day)?|sat(?:urday)?|sun(?:day)?|morning|afternoon|evening|\d[\w:.]*)",
    re.IGNORECASE,
)


def _then_namings(
    turns: Sequence[StoredMessage], wanted: set[str], ctx: ReaderContext
) -> Iterator[StoredMessage]:
    """`turns`, then (read only when none of them names it) the messages that name something
    ("we called them pickle, biscuit and moth") a few turns after one on the question's topic
    ("the kittens arrived on saturday!!!"), wherever the chat says them: the ranking may hold
    none of them."""
    yield from turns
    topic = mentioning(wanted, ctx)
    namings = ctx.holding(NAMED_THEM.pattern, (), {m.conversation for m in topic})
    yield from (
        n
        for n in namings
        if any(m.session_id == n.session_id and 0 < n.id - m.id <= 3 for m in topic)
    )
