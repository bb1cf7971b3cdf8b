"""What the reader's parts share: the reading it returns, the context it reads with, and the
small helpers every kind of answer uses (who said it, the question's words, a message's
neighbours in the ranking)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from memory_store.models import FoundMention, StoredMessage

from .kinds import ASIDES, ONE_OF_PEOPLE, SET_BACK
from .phrases import LIGHT_TERMS, adjective, head_terms, noun_phrases
from .text import REQUEST_TERMS, TermWeights, clip, said_terms, sentences, short_day, terms
from .topic import subject_words

NO_ANSWER = "The history does not contain the answer."
DEFAULT_THRESHOLD = 0.25
# The least support a message needs to be read for the answer. Whether to answer at all is the
# calibrated threshold's decision; which messages to read from is not, so moving the threshold
# does not change what an answer says.
MIN_SUPPORT = 0.325


# A time expression of a message, resolved: the mentions table's rows (MentionRow) and what
# the engine finds (agent.plan.mentions) both have its fields.
Mention = FoundMention


MentionsOf = Callable[[StoredMessage], Sequence[Mention]]


@dataclass
class Reading:
    """What the reader concluded. `text` is the answer alone; `detail` says where it comes
    from; `why` is for /explain."""

    text: str
    citations: list[StoredMessage]
    kind: str
    span: str | None = None
    detail: str | None = None
    abstained: bool = False
    why: list[str] = field(default_factory=list)
    evidence: float | None = None
    event_day: date | None = None  # a when-answer's day


@dataclass
class ReaderContext:
    weights: TermWeights
    mentions_of: MentionsOf
    me: str | None = None
    names: Collection[str] = ()  # person names known in the store, lower case
    places: Collection[str] = ()  # place names known in the store, lower case
    speakers: Collection[str] = ()
    threshold: float = DEFAULT_THRESHOLD
    # The store is a chat of short messages (Searcher.short_messages), not long turns.
    short_messages: bool = False
    conversations: Collection[str] = ()  # the chats' names ("the climbing chat" scopes)
    now: datetime | None = None  # the question's now: "did" asks about before it
    # The question as asked, time words and all ("when is the *next* trip?"); readers are
    # given what is left to find once the filter has used its time words.
    asked: str = ""
    scoped: bool = False  # a time filter chose the messages: it answers part of the question
    # The days that filter spans ("in september"), when it has a calendar span: a count of
    # occasions counts none outside them.
    asked_days: tuple[date, date] | None = None
    # Who writes in each conversation: in a chat of two, "you" is the other one.
    participants: Mapping[str, Collection[str]] = field(default_factory=dict)
    # The turns written after a message in its session, oldest first (the store's; none when
    # the reader is given messages alone).
    turns_after: Callable[[StoredMessage], Sequence[StoredMessage]] = lambda m: ()
    # The chat's later messages holding any of the given words ("york airbnb" → "the york
    # airbnb cancelled on us"), oldest first: a second look beyond what the question retrieved
    # (none when the reader is given messages alone).
    later_holding: Callable[[str, StoredMessage], Sequence[StoredMessage]] = lambda words, m: ()
    # Every message matching a pattern (RE2, any case) by the given speakers in the given
    # chats (all when empty), up to the question's now, oldest first: "what has Kamau bought"
    # reads every "picked up"/"got" of his, not only the messages about the question's words.
    holding: Callable[[str, Collection[str], Collection[str]], Sequence[StoredMessage]] = (
        lambda pattern, speakers, chats: ()
    )
    # Messages written after a time that speak of a day from another on, latest first, up to
    # the question's now: the plans still ahead ("November 14th it is.").
    speaking_after: Callable[[datetime, datetime], Sequence[StoredMessage]] = lambda day, since: ()


def display_name(name: str, ctx: ReaderContext) -> str:
    """A name as the chat's speakers spell it ("lucía" → "Lucía"), else capitalised."""
    for s in ctx.speakers:
        if s.lower() == name.lower() or s.split()[0].lower() == name.lower():
            return s
    return name[:1].upper() + name[1:]


def who(m: StoredMessage, ctx: ReaderContext) -> str:
    return "you" if ctx.me and m.speaker == ctx.me else m.speaker


def speaker_terms(ctx: ReaderContext) -> set[str]:
    """The terms of the names of the people talking."""
    return {t for s in ctx.speakers for t in terms(s)}


def people_terms(ctx: ReaderContext) -> set[str]:
    """The terms of every person's name: the people talking and those the messages name."""
    return {t for name in [*ctx.names, *ctx.speakers] for t in terms(name)}


def first_names(ctx: ReaderContext) -> set[str]:
    """The first names of the people talking, in lower case ("mia" of "Mia Khan")."""
    return {s.split()[0].lower() for s in ctx.speakers if s.split()}


def speaker_names(ctx: ReaderContext) -> set[str]:
    """The people talking, in lower case, by full name and by first name ("mia khan", "mia")."""
    return {s.lower() for s in ctx.speakers} | first_names(ctx)


def content_terms(question: str, ctx: ReaderContext) -> set[str]:
    """The question's words without request words and the names of the people talking."""
    # "brought up" asks for a mention; "what did Ben say he'd bring?" asks for what he'd bring
    asked = _PLAN_NOW.sub(" ", _BRING_UP.sub(" ", question))
    asked = _MOVED_TO.sub(" ", asked) if _ASKS_DAY.search(asked) else asked
    # "which of the tramping lot won…": the people it is one of, not what was done
    asked = ONE_OF_PEOPLE.sub(" ", asked)
    asked = SET_BACK.sub(" cost ", asked)  # an idiom: "what did that set me back"
    asked = ASIDES.sub(" ", asked)  # "who recommended him in the first place?"
    asked = _ADVISED.sub(" ", asked)  # "where did aki recommend i stay?" asks where to stay
    ordinal = {m.group(1).lower() for m in _ORDINAL_OF.finditer(asked)}
    return (terms(asked) - REQUEST_TERMS | terms(" ".join(ordinal))) - speaker_terms(ctx)


# Advice before the clause it gives: "recommend i stay", "suggest we go", "advised me to
# rest". The clause says what was advised; the chat gives advice without the word ("Stay
# near Gion").
_ADVISED = re.compile(
    r"\b(?:recommend|suggest|advise)(?:ed|s)?\s+(?:that\s+)?"
    r"(?:(?:i|we|you|he|she|they)\s+(?:should\s+)?|(?:me|us|you|him|her|them)\s+to\s+)"
    r"(?=[a-z])",
    re.IGNORECASE,
)
# "priya's very *first* craft fair", "our last walk": an ordinal after whose it is describes
# the thing, as the chat does ("first fair is this saturday"); "when did she first tell me" and
# "the first time" ask for a mention.
_ORDINAL_OF = re.compile(
    r"(?:\b(?:the|my|our|his|her|their|your)|['’]s)\s+(?:very\s+)?(first|last)\s+(?:ever\s+)?"
    r"(?!(?:time|times|thing|mention|message|one)\b)[a-z]",
    re.IGNORECASE,
)
# "what day did tash move dinner *to*?": the move is how the question asks for the day, as
# "new" is ("can we push dinner back a week?" moves it without the word); "when did we move
# to leeds" moves house.
_ASKS_DAY = re.compile(r"^\W*(?:when|what\s+day|what\s+date|which\s+day|what\s+time)\b", re.I)
_MOVED_TO = re.compile(
    r"\b(?:move[ds]?|moving|push(?:ed)?|postponed|rescheduled|bump(?:ed)?|changed)\b"
    r"(?=(?:\s+[\w'’-]+){0,4}?\s+to\s*\??\s*$)",
    re.IGNORECASE,
)
_BRING_UP = re.compile(r"\b(?:bring|brings|bringing|brought)\s+(?:\w+\s+)?up\b", re.IGNORECASE)
# "what's the *new* date for dinner?": it asks for the plan as it stands, which need not say
# "new" ("thursday the 14th. for real this time"); the word would pull "the new vietnamese place".
_PLAN_NOW = re.compile(
    r"\b(?:new|updated|current|revised|latest)\s+(?=(?:date|time|day|plan|place|venue|location|"
    r"address|deadline|spot)\b)",
    re.IGNORECASE,
)


def question_terms(question: str, ctx: ReaderContext) -> set[str]:
    """The content terms retrieval must find: no request words, no names of the people talking
    (every message of a chat is by one of them)."""
    wanted = content_terms(question, ctx)
    # A word no message holds tells no message from another; it would only lower every
    # message's share ("what did Piotr buy" where the chat says "my new crashpad arrived").
    # When it names the topic, `unknown_topic` declines instead.
    unseen = ctx.weights.unseen(wanted)
    wanted -= unseen
    # "the shared lawnmower" is "the mower" in the chat
    if unseen:
        long = [w for w in re.findall(r"[^\W\d_]{8,}", question.lower()) if terms(w) <= unseen]
        wanted |= {t for w in long if (head := ctx.weights.compound_head(w)) for t in terms(head)}
        # "the photo competition" is the "photo comp" in the chat
        short = [w for w in re.findall(r"[^\W\d_]{9,}", question.lower()) if terms(w) <= unseen]
        wanted |= {t for w in short if (ab := ctx.weights.abbreviation(w)) for t in terms(ab)}
    # Nor need a message repeat a light noun ("the harlow *project*") beside a word that says
    # what it is about.
    return wanted - LIGHT_TERMS or wanted


def named_speakers(question: str, ctx: ReaderContext) -> set[str]:
    asked = {w.lower() for w in re.findall(r"[^\W\d_]+", question)}
    return {s for s in ctx.speakers if s.split() and s.split()[0].lower() in asked}


def subjects(question: str, ctx: ReaderContext) -> set[str]:
    """The speakers the question says did it: "I" is the user, a first name its speaker."""
    said = subject_words(question)
    out = {s for s in ctx.speakers if s.split() and s.split()[0].lower() in said}
    if ctx.me and said & {"i", "me"}:
        out.add(ctx.me)
    return out


def speaker_asked(
    who: str, ctx: ReaderContext, me_words: Collection[str] = ("i", "me")
) -> str | None:
    """The speaker a question's subject names: the user for one of `me_words`, else the
    speaker whose first name opens it ("Gina's studio" → Gina); None for anyone else."""
    low = who.lower()
    if low in me_words:
        return ctx.me
    if not low.split():
        return None
    first = low.split()[0].removesuffix("'s").removesuffix("’s")
    return next((s for s in ctx.speakers if s.lower().split()[0] == first), None)


# How far down the ranking a person's own words are read when the question asks what they
# said or thought: in other words than the question's ("what did priya think of her
# presents?": "I love the chalk bag").
_OWN_WORDS_DEPTH = 5


def own_words(ranked: Sequence[StoredMessage], by: str) -> list[StoredMessage]:
    """`by`'s messages among the best-ranked few."""
    return [m for m in ranked[:_OWN_WORDS_DEPTH] if m.speaker == by]


def next_by_writer(m: StoredMessage, ctx: ReaderContext, turns: int) -> list[StoredMessage]:
    """The turns among the next `turns` of `m`'s chat that its writer sent: where a telling
    goes on."""
    return [n for n in ctx.turns_after(m)[:turns] if n.speaker == m.speaker]


def told_around(
    best: StoredMessage,
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    topic: set[str],
    ctx: ReaderContext,
    *,
    turns: int,
    depth: int = 3,
) -> tuple[list[StoredMessage], list[StoredMessage]]:
    """Where a telling goes on: `best` and its writer's next `turns` turns ("Just yesterday I
    joined a church." / "I wanted to feel closer…"); then the other best `depth` messages of
    `good` and `ranked` that share a word of `topic`."""
    near = list(dict.fromkeys([best, *next_by_writer(best, ctx, turns)]))
    others = [
        m
        for m in dict.fromkeys([*good[:depth], *ranked[:depth]])
        if m not in near and topic & terms(m.text)
    ]
    return near, others


_CARRIED = re.compile(r"\s*\(about ([^)]*)\)\s*$")


def split_topic(question: str) -> tuple[str, str]:
    """A follow-up's own words and the topic the rewrite carried over from an earlier
    question ("who drove? (about owl slabs)" → "who drove?", "owl slabs")."""
    m = _CARRIED.search(question)
    return (question[: m.start()], m.group(1)) if m else (question, "")


def declined(kind: str, why: str, score: float | None = None) -> Reading:
    return Reading(NO_ANSWER, [], kind, abstained=True, why=[why], evidence=score)


def said_by(m: StoredMessage, ctx: ReaderContext) -> str:
    return f"{who(m, ctx)}, {short_day(m.ts)} {m.ts:%H:%M}"


def searchable(words: Collection[str]) -> list[str]:
    """The terms (stems) a store's pattern can look for: plain words of three letters or more."""
    return sorted(w for w in words if re.fullmatch(r"[a-z]{3,}", w))


def mentioning(
    words: Collection[str], ctx: ReaderContext, chats: Collection[str] = ()
) -> Sequence[StoredMessage]:
    """Every message (of `chats`; all if none) holding a word that starts with one of `words`'
    terms ("kitten" holds "kittens"), whether the ranking holds it or not."""
    stems = searchable(words)
    return ctx.holding(rf"\b(?:{'|'.join(stems)})", (), chats) if stems else []


def told_in(said: str, m: StoredMessage, kind: str, ctx: ReaderContext, why: str) -> Reading:
    """The answer `said`, as message `m` tells it: cited, with its words in the detail."""
    return Reading(
        f"{said[:1].upper()}{said[1:]}.",
        [m],
        kind,
        said,
        f"{said_by(m, ctx)}: “{_sentence_of(said, m.text)}”",
        why=[why],
    )


def _sentence_of(said: str, text: str) -> str:
    """The words of `text` an answer quotes: the sentences that say `said` ("We all made our
    own pots, it was fun"), not the greeting a long turn opens with; else its opening."""
    at = text.lower().find(said.lower()) if said else -1
    spans = [(a, b) for a, b in sentences(text) if b > at and a < at + len(said)] if at >= 0 else []
    return clip(text[spans[0][0] : spans[-1][1]].strip(), 160) if spans else clip(text, 120)


def following(
    m: StoredMessage, ranked: Sequence[StoredMessage], turns: int = 3
) -> list[StoredMessage]:
    after = [n for n in ranked if n.session_id == m.session_id and 0 < n.id - m.id <= turns]
    return sorted(after, key=lambda n: n.id)


def preceding(
    m: StoredMessage, ranked: Sequence[StoredMessage], turns: int = 3
) -> list[StoredMessage]:
    """The turns of `ranked` just before `m` in its session, in rank order."""
    return [n for n in ranked if n.session_id == m.session_id and 0 < m.id - n.id <= turns]


def replied_to(
    m: StoredMessage, ranked: Sequence[StoredMessage], turns: int = 2
) -> list[StoredMessage]:
    """The turns just before `m` in its session by someone else: what it may be a reply to."""
    return [n for n in preceding(m, ranked, turns) if n.speaker != m.speaker]


def and_next_turns(
    good: Sequence[StoredMessage], ranked: Sequence[StoredMessage], n: int, turns: int = 3
) -> list[StoredMessage]:
    """The best `n` messages, each followed by the turns after it: an answer is often in the
    reply ("FOUND A FLATMATE" / "his name is Jonas")."""
    return list(dict.fromkeys(m for g in good[:n] for m in [g, *following(g, ranked, turns)]))


def exchange_after(
    m: StoredMessage,
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
    turns: int = 6,
    within: timedelta = timedelta(days=3),
) -> list[StoredMessage]:
    """`m` and the exchange it opens, oldest first: the next turns of its session, and the
    chat's ranked messages of the days after it. A garage answers "car wouldnt start this
    morning" the next day ("its the alternator" … "370 all in"), in another session."""
    later = [
        n
        for n in ranked
        if n.conversation == m.conversation and timedelta(0) <= n.ts - m.ts <= within
    ]
    return sorted({m, *ctx.turns_after(m)[:turns], *later}, key=lambda n: (n.ts, n.id))


def neighbours(m: StoredMessage, ranked: Sequence[StoredMessage]) -> list[StoredMessage]:
    return [n for n in ranked if n.session_id == m.session_id and 0 < abs(n.id - m.id) <= 2]


def same_burst(
    m: StoredMessage, ranked: Sequence[StoredMessage], within: timedelta
) -> list[StoredMessage]:
    """The writer's other turns of `ranked` in `m`'s session, `within` of it either side: one
    telling sent as several messages ("that storm … last night" / "the maple is DOWN")."""
    return [
        n
        for n in ranked
        if n.session_id == m.session_id
        and n.speaker == m.speaker
        and n.id != m.id
        and abs(n.ts - m.ts) <= within
    ]


_MINE = re.compile(
    r"\b(?P<prep>at|to|from|in)\s+(?:mine|ours|my\s+(?:place|flat|house|apartment)|"
    r"our\s+(?:place|flat|house|apartment))\b",
    re.IGNORECASE,
)


def from_user(phrase: str, m: StoredMessage, ctx: ReaderContext) -> str:
    """A phrase as the user would say it: "at mine", said by Lucía, is "at Lucía's" (by the
    user, "at yours"); "my physio", written by Sunniva, "Sunniva's physio" (by the user, "your
    physio"); "in my slipper", by Melanie, "in Melanie's slipper"."""
    mine = bool(ctx.me) and m.speaker == ctx.me
    theirs = "yours" if mine else f"{m.speaker}'s"
    place = _MINE.sub(lambda x: f"{x.group('prep')} {theirs}", phrase)
    owner = "your" if mine else f"{m.speaker}'s"
    return re.sub(r"^((?:\w+\s+)?)(?:my|our)\b", rf"\g<1>{owner}", place, flags=re.IGNORECASE)


# Of the best match's coverage of a topic's words, the share a message needs (and at least
# `_ON_TOPIC_MIN`) when the topic has no head noun.
_ON_TOPIC_SHARE, _ON_TOPIC_MIN = 0.75, 0.4


_OR = re.compile(r"\s+or\s+", re.IGNORECASE)
_TITLED_NAME = re.compile(
    r"\b(uncle|aunt|auntie|cousin|nan|nana|gran|granny|grandma|grandpa|grandad|dr|doctor|mr|mrs|"
    r"ms|miss)\.?\s+(?=[^\W\d_]{2,})",
    re.IGNORECASE,
)


_DETERMINED = re.compile(
    r"\b(?:my|the|our|your|his|her|their|a|an|this|that)\s+([^\W\d_][\w'’-]*)", re.IGNORECASE
)


def _determined(text: str) -> set[str]:
    """The terms of the words just after a determiner: the words that head a phrase or open
    one."""
    return {t for hit in _DETERMINED.finditer(text) for t in terms(hit.group(1))}


def on_topic(
    topic: str, matches: Sequence[StoredMessage], ctx: ReaderContext
) -> tuple[list[StoredMessage], float]:
    """The messages of `matches` about `topic`, in their order, and the best coverage of its
    words. What it is, not whose or what kind: a message holding the topic's head noun, in
    the chat's own words ("dad's op": "the op got moved AGAIN", "surgeon was dr mensah"; "the
    camping trip": "we should go camping"); with no head noun, or none held, one covering its
    words about as well as the best one ("baked a cranberry loaf" is about baking bread)."""
    parts = [p for p in _OR.split(topic) if question_terms(p, ctx)]
    if len(parts) > 1:  # "his crutches or walking stick": a message about either is about it
        found: dict[int, float] = {}
        for part in parts:
            held, part_best = on_topic(part, matches, ctx)
            found.update(dict.fromkeys((m.id for m in held), part_best))
        return [m for m in matches if m.id in found], max(found.values(), default=0.0)
    wanted = question_terms(topic, ctx)
    # "uncle avi", "dr patel": the name says who; "avi got home safe" is about him too
    titled = {t for x in _TITLED_NAME.finditer(topic) for t in terms(x.group(1))}
    wanted = (wanted - titled) or wanted
    said = {m.id: said_terms(m.text) for m in matches}
    cover = {m.id: ctx.weights.coverage(wanted, said[m.id]) for m in matches}
    best = max(cover.values(), default=0.0)
    need = head_terms(topic) & wanted
    held = [m for m in matches if need and need <= said[m.id]]
    # "the car repairs": a repair whose session says nothing of a car is another's ("window
    # seal fixed today"); the noun before the head must be said somewhere in the session.
    kinds = {t for p in noun_phrases(topic) for w in p[:-1] if not adjective(w) for t in terms(w)}
    kinds &= wanted
    if kinds and held:
        session: dict[int | None, set[str]] = {}
        for m in matches:
            session.setdefault(m.session_id, set()).update(said[m.id])
        # "the kyoto plans": a head no session on the kind holds ("Good plan.") is a light
        # one; the kind is the topic
        held = (
            [m for m in held if kinds & session[m.session_id]]
            or [m for m in matches if kinds <= said[m.id]]
            or held
        )
    # "the theory test" is "need to book my theory" in the chat: a kind rarer than the head
    # names the thing alone when it heads its own phrase (a determiner before it; "the parting
    # glass and shenandoah" is the song, not "the shenandoah solo"), where the chat says the
    # whole of it somewhere ("did my theory test yesterday"; "the car is making that noise
    # again" is the car, where no message speaks of car repairs)
    rarer = bool(kinds) and min(map(ctx.weights.idf, kinds)) > max(
        map(ctx.weights.idf, need), default=0
    )
    if rarer and any(kinds | need <= said[m.id] for m in matches):
        alone = [m for m in matches if kinds <= said[m.id] and kinds <= _determined(m.text)]
        held = [m for m in matches if m in held or m in alone]
    if held:
        return held, best
    least = max(_ON_TOPIC_MIN, _ON_TOPIC_SHARE * best)
    return [m for m in matches if cover[m.id] >= least], best
