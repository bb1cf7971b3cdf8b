"""What was given: "what did we get priya for her birthday?", "what present did moira and i get
dad for his 70th?". A chat rarely says "the gift is X". It says it as it happens: the buying
("ordered the record player", "Pizza oven ordered", "picked up the present today - the
watercolour painting"), the giving ("Dad cried when he unwrapped the record player"), or the
receiver's thanks ("I love the chalk bag, Sam and Aki"). The latest of these is what was given
in the end; plans before it ("a record player?") are not."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta

from memory_store.indexes.tokenize import STOPWORDS
from memory_store.models import StoredMessage

from .kinds import QuestionKind
from .proposals import agreed_to
from .reading import ReaderContext, Reading, told_in
from .text import join_names, terms

__all__ = ["gift_answer", "gift_giver"]

_ASKED = re.compile(
    # "what was it I got wee Isla for turning ten?"
    r"\bwhat\s+(?:(?:present|gift|presents|gifts)\s+)?(?:did|do|have|has|will|should|was\s+it)\b"
    r"(?P<givers>.{0,40}?)\b(?:get|getting|give|giving|buy|buying|got|gave|bought)\s+"
    r"(?P<to>(?:my\s+|our\s+|the\s+|wee\s+|little\s+)?[^\W\d_][\w'-]*)"
    r"(?:\s+(?:and|&)\s+[^\W\d_][\w'-]*)?\s*(?=for\b|\?|$)",
    re.I,
)
# "what did we buy for priya's bday?": the receiver after "for", whose occasion it is.
_ASKED_FOR = re.compile(
    r"\bwhat\s+(?:(?:present|gift|presents|gifts)\s+)?(?:did|do|have|has|will|should)\b"
    r"(?P<givers>.{0,40}?)\b(?:get|getting|buy|buying|got|bought)\s+for\s+"
    r"(?P<to>(?:my\s+|our\s+)?[^\W\d_][\w-]*?)(?:['’]s)?\s+(?:\w+\s*)?(?:birthday|bday|b-day|"
    r"\d+(?:st|nd|rd|th)|wedding|anniversary|retirement|christmas|xmas|leaving|housewarming)\b",
    re.I,
)
# "what did priya get for her birthday?": the one asked of got it, from anyone.
_RECEIVED = re.compile(
    r"\bwhat\s+(?:(?:present|gift|presents|gifts)\s+)?(?:did|does|has|will)\s+"
    r"(?P<to>[^\W\d_][\w'-]*)\s+(?P<givers>)(?:get|got|receive|received)\s+for\s+"
    r"(?:her|his|their|my|our)\s+(?:\w+\s*)?(?:birthday|bday|b-day|\d+(?:st|nd|rd|th)|wedding|"
    r"anniversary|retirement|christmas|xmas|leaving|housewarming)\b"
    # "…from doug": one giver's present
    r"(?:\s+from\s+(?P<from>[^\W\d_][\w'-]*))?",
    re.I,
)
# A thing, as a determiner and a few words: "the record player", "one of those grabber things".
_THING = (
    r"(?:the|a|an|his|her|their|our|my|that|this|one\s+of\s+those)\s+"
    r"(?P<x>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,3})"
)
# Bought or handed over: "ordered the record player", "booked the pottery thing!", "picked up
# the present today - the watercolour painting", "Pizza oven ordered 🍕".
_GIVEN = [
    re.compile(
        r"\b(?:ordered|booked|bought|got\s+(?:him|her|them)|picked\s+up|wrapped|unwrapped|"
        r"gave\s+(?:him|her|them)|went\s+with|going\s+with|decided\s+on)\s+" + _THING,
        re.I,
    ),
    # "picked up the present today - the watercolour painting", "finally decided on mireille's
    # present. a hot air balloon flight voucher"
    re.compile(
        r"\b(?:present|gift)\b[^.!?]{0,20}?(?:[-–—:]|\.(?=\s+(?:a|an|the)\s))\s*" + _THING, re.I
    ),
    re.compile(
        r"(?:^|[.!?]\s+)(?P<x>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,2})\s+"
        r"(?:ordered|booked|bought|sorted)\b",
        re.I,
    ),
]
# The receiver's thanks ("I love the chalk bag", "thank you all for the fig"), or word of it
# ("mum LOVED the voucher"): told by the receiver, or with the receiver as its subject.
_THANKED = [
    re.compile(
        r"(?P<by>[^\W\d_][\w'-]*\s+)?"
        r"\b(?:love[sd]?|adored?|thanks?\s+(?:you\s+)?(?:all\s+)?(?:so\s+much\s+)?for|"
        r"thank\s+you\s+(?:all\s+)?(?:so\s+much\s+)?for)\s+" + _THING,
        re.I,
    ),
    re.compile(
        r"(?P<by>)\b(?:and\s+)?the\s+(?P<x>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)\s+"
        r"(?:is|was)\s+(?:so\s+|just\s+|absolutely\s+)?"
        r"(?:perfect|amazing|great|lovely|beautiful|gorgeous|brilliant|fantastic|spot\s+on|"
        r"a\s+(?:beauty|winner|hit|treat|dream))\b",
        re.I,
    ),
]
# Where a thing's name stops: "the watercolour painting *of* ...", "the record player *.*"
_STOP = STOPWORDS | frozenset(
    ["today", "yesterday", "tonight", "now", "too", "already", "as", "well", "so", "which"]
    + ["that", "who", "because"]
)
# "picked up aroha's anniversary present": bought, and not named where it is told…
_UNNAMED = re.compile(
    r"\b(?:picked\s+up|bought|got|ordered|found|wrapped|sorted)\s+(?:[\w'’-]+\s+){0,3}?"
    r"(?:present|gift|pressie)s?\b",
    re.I,
)
# …but in the writer's next turn: "pounamu earrings from that carver by the train station".
_OPENING_THING = re.compile(
    r"^\s*(?:(?:a|an|the|some|pair\s+of|set\s+of)\s+)?"
    r"(?P<x>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,3})"
)
_NEXT_TURN = timedelta(minutes=10)
_OCCASION = terms(
    "present presents gift gifts voucher birthday bday wedding anniversary christmas xmas "
    "retirement graduation housewarming recovery"
)
_ASKING = terms("what get got give gave buy bought end up getting giving buying for")
_DEPTH = 20


def gift_answer(
    question: str, qk: QuestionKind, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> Reading | None:
    """The gift the best messages say was bought, given or thanked for; None when the
    question asks no gift or no message says so."""
    asked = _ASKED.search(question) or _RECEIVED.search(question) or _ASKED_FOR.search(question)
    if not asked:
        return None
    to = asked.group("to").lower().split()[-1]
    to = (ctx.me or "").lower() if to in ("me", "i") else to
    # Whose and which occasion ("dad", "60th"), not the words any gift shares ("present").
    about = (terms(to) | terms(question)) - terms(asked.group("givers")) - _OCCASION - _ASKING
    names = {n.lower() for n in ctx.speakers} | {n.lower() for n in ctx.names}
    givers = _givers(asked.groupdict().get("from") or asked.group("givers"), ctx)
    found: list[tuple[StoredMessage, list[str]]] = []
    for m in ranked[:_DEPTH]:
        receiver = to in (m.speaker.lower(), m.speaker.split()[0].lower())
        things = [
            _thing(g.group("x"), names)
            for p in _THANKED
            for g in p.finditer(m.text)
            if (receiver or (g.group("by") or "").strip().lower() == to)
            and _thanks_givers(m, givers, ctx)
        ]
        if receiver and givers:  # "And the shirt?": a giver asks after their own gift
            found += _asked_after(m, givers, ctx, names)
        before = [n for n in ranked if n.session_id == m.session_id and 0 < m.id - n.id <= 3]
        if about & {t for n in [m, *before] for t in terms(n.text)}:
            things += [_thing(g.group("x"), names) for p in _GIVEN for g in p.finditer(m.text)]
        things = [t for t in things if t]
        if not things and _UNNAMED.search(m.text) and about & terms(m.text):
            named = _named_next(m, ctx, names)
            if named is not None:
                m, things = named[0], [named[1]]
        if things:
            found.append((m, list(dict.fromkeys(things))))
        elif _ASKS_PRESENT.search(m.text) and about & terms(m.text):
            # "Have you thought about a present for grandad?" / "I was thinking a bird table" /
            # "That's a lovely idea": put forward, and agreed to by the other
            found += _agreed_after(m, ctx)
    if not found:
        return None
    # What was given in the end: the latest telling.
    m, things = max(found, key=lambda mt: (mt[0].ts, mt[0].id))
    said = join_names([f"the {t}" for t in things])
    why = "the latest message telling of the gift bought, given or thanked for"
    return told_in(said, m, qk.kind.value, ctx, why)


# The chat asking what to give: "Have you thought about a present?", "any gift ideas?"
_ASKS_PRESENT = re.compile(r"\b(?:present|gift|pressie)s?\b[^.!]*\?", re.I)


def _agreed_after(m: StoredMessage, ctx: ReaderContext) -> list[tuple[StoredMessage, list[str]]]:
    """The present put forward in the turns after `m` and agreed to by another."""
    for t in ctx.turns_after(m)[:_PUT_FORWARD_TURNS]:
        thing = agreed_to(t, ctx)
        if thing:
            return [(t, [thing])]
    return []


# How many turns after the asking a present may be put forward.
_PUT_FORWARD_TURNS = 4


def _givers(said: str, ctx: ReaderContext) -> set[str]:
    """The first names of the givers the question names ("doug"; "we" and "i" are the
    user); none when it names no one."""
    first = {n.split()[0].lower(): n for n in ctx.speakers if n.split()}
    out = {w for w in re.findall(r"[^\W\d_]+", said.lower()) if w in first}
    if ctx.me and re.search(r"\b(?:i|we|me|us)\b", said, re.I):
        out.add(ctx.me.split()[0].lower())
    return out


def _thanks_givers(m: StoredMessage, givers: set[str], ctx: ReaderContext) -> bool:
    """Whether a thanks may be for the givers asked of: it names none of the chat's people,
    or names one of them ("I love the chalk bag, Sam and Aki" thanks no Doug)."""
    if not givers:
        return True
    addressed = {n.split()[0].lower() for n in _addressed(m, ctx)}
    return not addressed or bool(addressed & givers)


def _addressed(m: StoredMessage, ctx: ReaderContext) -> list[str]:
    """The chat's people `m` names by first name, its writer aside, in the order named."""
    firsts = {n.split()[0].lower(): n for n in ctx.speakers if n != m.speaker and n.split()}
    said = (w.lower() for w in re.findall(r"[^\W\d_]+", m.text))
    return list(dict.fromkeys(firsts[w] for w in said if w in firsts))


# "And the shirt?", "what about the mug?": asked after a thanks that left it out.
_AND_THE = re.compile(
    r"^\s*(?:and|what\s+about|how\s+about)\s+(?:the|my)\s+(?P<x>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)\s*\?",
    re.I,
)


def _asked_after(
    thanks: StoredMessage, givers: set[str], ctx: ReaderContext, names: set[str]
) -> list[tuple[StoredMessage, list[str]]]:
    """What a giver asks the receiver after, in the turns after the receiver's thanks."""
    out = []
    for n in ctx.turns_after(thanks)[:3]:
        said = _AND_THE.match(n.text)
        thing = _thing(said.group("x"), names) if said else ""
        if thing and n.speaker.split()[0].lower() in givers:
            out.append((n, [thing]))
    return out


def _named_next(
    m: StoredMessage, ctx: ReaderContext, names: set[str]
) -> tuple[StoredMessage, str] | None:
    """The thing the writer's next turn opens with, sent soon after `m`; not a sentence of
    its own ("i think she'll love it")."""
    for n in ctx.turns_after(m)[:2]:
        if n.speaker != m.speaker or n.ts - m.ts > _NEXT_TURN:
            break
        opening = _OPENING_THING.match(n.text)
        first = opening.group("x").split()[0].lower() if opening else ""
        if not opening or first in STOPWORDS or first in names or re.search(r"(?:ed|ing)$", first):
            continue
        thing = _thing(opening.group("x"), names)
        if thing:
            return n, thing
    return None


def _thing(words: str, names: set[str]) -> str:
    """The name of a thing: its words up to the first small word or person's name ("the
    headphones hugo!!"); not "the present" itself."""
    kept: list[str] = []
    for w in words.split():
        if w.lower() in _STOP or w.lower() in names:
            break
        kept.append(w.lower())
    said = " ".join(kept)
    return "" if terms(said) <= _OCCASION else said


# "who gave her the shirt?", "who got priya the guidebook?", "who was the shirt from?"
_WHO_GAVE = re.compile(
    r"^\W*(?:and\s+|so\s+)?who\s+(?:gave|got|bought|give|get|buy)\s+(?:[\w'’]+\s+)?"
    r"(?:the|a|an|that|her|his|their)\s+(?P<x>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)\s*\??\s*$|"
    r"^\W*(?:and\s+|so\s+)?who\s+(?:was|is)\s+(?:the|that)\s+(?P<y>[^\W\d_][\w'-]*)\s+from\b",
    re.I,
)


def gift_giver(
    question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> tuple[StoredMessage, list[str]] | None:
    """(message, givers) of the gift a who-question names, as the chat tells who gave it: the
    one who asks the receiver after it ("And the shirt?"), or those the receiver's thanks for
    it names ("I love the chalk bag, Sam and Aki"); None when neither is told."""
    asked = _WHO_GAVE.match(question)
    if asked is None:
        return None
    thing = terms(asked.group("x") or asked.group("y") or "")
    if not thing:
        return None
    for m in ranked[:_DEPTH]:
        after = _AND_THE.match(m.text)
        if after and thing <= terms(after.group("x")):
            return m, [m.speaker]
        thanked = any(thing <= terms(g.group("x")) for p in _THANKED for g in p.finditer(m.text))
        named = _addressed(m, ctx) if thanked else []
        if named:
            return m, named
    return None
