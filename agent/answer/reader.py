"""The offline reader: states the answer first, in a few words chosen by the question's kind, then
says how it knows (one line) and cites the messages it used. It sees only what retrieval
returned, and declines when the evidence does not cover the question.

Evidence: each retrieved message's idf-weighted coverage of the question's content terms (with a
quarter of the credit for its neighbours' words: an answer often follows the turn naming the
topic). When the question names a person of the chat, their own messages must cover it at
least as well as anyone else's: "What did Caroline realize after her charity race?" is not
answered by Melanie's race. The reader declines below `threshold` (calibrated by
leave-one-conversation-out cross-validation, `memlane eval locomo --answers`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from memory_store.models import FoundMention, StoredMessage

from .kinds import Kind, QuestionKind, classify
from .spans import best_sentence, named_place, names_in, place_phrase, speaks_for_self, trim_span
from .text import REQUEST_TERMS, TermWeights, clip, day_phrase, short_day, terms

NO_ANSWER = "The history does not contain the answer."
DEFAULT_THRESHOLD = 0.25


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


@dataclass
class ReaderContext:
    weights: TermWeights
    mentions_of: MentionsOf
    me: str | None = None
    names: Collection[str] = ()  # person names known in the store, lower case
    speakers: Collection[str] = ()
    threshold: float = DEFAULT_THRESHOLD
    conversations: Collection[str] = ()  # the chats' names ("the climbing chat" scopes)
    now: datetime | None = None  # the question's now: "did" asks about before it


def who(m: StoredMessage, ctx: ReaderContext) -> str:
    return "you" if ctx.me and m.speaker == ctx.me else m.speaker


def question_terms(question: str, ctx: ReaderContext) -> set[str]:
    """The content terms retrieval must find: no request words, no names of the people talking
    (every message of a chat is by one of them)."""
    speaker_terms = {t for s in ctx.speakers for t in terms(s)}
    return terms(question) - REQUEST_TERMS - speaker_terms


def named_speakers(question: str, ctx: ReaderContext) -> set[str]:
    asked = {w.lower() for w in re.findall(r"[^\W\d_]+", question)}
    return {s for s in ctx.speakers if s.split() and s.split()[0].lower() in asked}


def support(question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext) -> list[float]:
    """Per ranked message, in 0..1: how well it (and a little its neighbours) covers the
    question's terms; halved for a question ("How was NYC?" asks, it does not tell)."""
    wanted = question_terms(question, ctx)
    own = [terms(m.text) for m in ranked]
    out = []
    for i, m in enumerate(ranked):
        near = set(own[i])
        for j, n in enumerate(ranked):
            if j != i and n.session_id == m.session_id and abs(n.id - m.id) <= 2:
                near |= own[j]
        cover = 0.75 * ctx.weights.coverage(wanted, own[i]) + 0.25 * ctx.weights.coverage(
            wanted, near
        )
        out.append(cover / 2 if m.text.rstrip().endswith("?") else cover)
    return out


def with_replies(
    top: list[StoredMessage], cover: list[float], ranked: Sequence[StoredMessage]
) -> tuple[list[StoredMessage], list[float]]:
    """Add the reply to each question among `top`: "Food recommendations?" names the topic
    and the next turn, by someone else, answers it without repeating its words. A reply
    takes most of its question's (unhalved) support."""
    top, cover = list(top), list(cover)
    for m, c in list(zip(top, cover, strict=True)):
        if not m.text.rstrip().endswith("?"):
            continue
        replies = [
            n
            for n in ranked
            if n.session_id == m.session_id and 0 < n.id - m.id <= 2 and n.speaker != m.speaker
        ]
        for n in sorted(replies, key=lambda n: n.id)[:1]:
            if n in top:
                i = top.index(n)
                cover[i] = max(cover[i], 1.6 * c)
            else:
                top.append(n)
                cover.append(1.6 * c)
    return top, cover


def evidence(
    question: str, ranked: Sequence[StoredMessage], cover: Sequence[float], ctx: ReaderContext
) -> float:
    """The evidence score the reader declines on (see the module docstring)."""
    if not cover:
        return 0.0
    named = named_speakers(question, ctx)
    if not named:
        return max(cover)
    # A person of the chat named in the question, none of whose messages rank near the top:
    # the history tells this of someone else (LoCoMo's adversarial questions are built so).
    own = max((c for m, c in zip(ranked, cover, strict=True) if m.speaker in named), default=0.0)
    other = max(
        (c for m, c in zip(ranked, cover, strict=True) if m.speaker not in named), default=0.0
    )
    return max(0.0, own - max(0.0, other - own))


def declined(kind: str, why: str, score: float | None = None) -> Reading:
    return Reading(NO_ANSWER, [], kind, abstained=True, why=[why], evidence=score)


def read(question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext) -> Reading:
    qk = classify(question)
    if not ranked:
        return declined(qk.kind.value, "nothing was retrieved", 0.0)
    top = list(ranked[:8])
    cover = support(question, top, ctx)
    score = evidence(question, top, cover, ctx)
    top, cover = with_replies(top, cover, ranked)
    if not named_speakers(question, ctx):  # a reply speaks for its question's asker
        score = max(score, max(cover))
    if score < ctx.threshold:
        return declined(
            qk.kind.value,
            f"declined: evidence {score:.2f} is below the threshold "
            f"{ctx.threshold:g} (idf-weighted share of the question's words)",
            score,
        )
    best = max(cover)
    # The messages that support the question about as well as the best one, in rank order.
    good = [m for m, c in zip(top, cover, strict=True) if c >= max(ctx.threshold, 0.7 * best)]
    by_cover = dict(zip([m.id for m in top], cover, strict=True))
    good.sort(key=lambda m: -by_cover[m.id])  # stable: rank order among equals
    if qk.kind is Kind.SUMMARY:  # "what did Priya say about her finger": a topic, not a span
        qk = QuestionKind(Kind.WHAT, qk.focus)
    readers = {
        Kind.WHEN: _when,
        Kind.WHO: _who,
        Kind.WHERE: _where,
        Kind.YES_NO: _yes_no,
        Kind.AMOUNT: _amount,
    }
    if qk.kind is Kind.WHEN:
        # A date can sit in a message that covers the question less well than the best one
        # ("Castle Crags on Saturday October 17th?" against "we need you for the crag trip"):
        # a wider net, and the date itself decides (see _when).
        wide = {
            m.id: c for m, c in zip(top, cover, strict=True) if c >= max(ctx.threshold, 0.4 * best)
        }
        reading = _when(question, qk, [m for m in top if m.id in wide], ctx, [*top, *ranked], wide)
    else:
        reading = readers.get(qk.kind, _what)(question, qk, good, ctx, [*top, *ranked])
    reading.evidence = score
    return reading


def said_by(m: StoredMessage, ctx: ReaderContext) -> str:
    return f"{who(m, ctx)}, {short_day(m.ts)} {m.ts:%H:%M}"


# A sentence that asks ("How was the book club?"), not one that proposes ("Castle Crags on
# Saturday October 17th?").
_ASKS = re.compile(
    r"(?:^|[.!?]\s+)(?:yes!?\s+|so\s+|and\s+)?(?:how|what|when|where|who|why|which|did|do|does|"
    r"is|are|was|were|can|could|will|would|should|have|has)\b[^.!?]*\?",
    re.IGNORECASE,
)


def _what(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading:
    wanted = question_terms(question, ctx)
    # A question does not answer; a message whose best sentence is one does not either.
    spans = [(m, trim_span(best_sentence(m.text, wanted), ctx.speakers)) for m in good]
    best, span = next(((m, t) for m, t in spans if not _ASKS.search(t)), spans[0])
    return Reading(
        f"“{clip(span)}”",
        list(dict.fromkeys([best, *good[:3]]))[:3],
        qk.kind.value,
        span,
        said_by(best, ctx),
        why=["the sentence of the best-supported message sharing most words with the question"],
    )


def _yes_no(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading:
    # A question does not say yes or no; the reply to it does.
    best = next((m for m in good if not m.text.rstrip().endswith("?")), good[0])
    span = best_sentence(best.text, question_terms(question, ctx))
    negative = re.search(r"\b(?:not|no|never|nope)\b|n't\b", span, re.IGNORECASE)
    verdict = "No" if negative else "Yes"
    return Reading(
        f"{verdict}: “{clip(span)}”",
        [best],
        qk.kind.value,
        verdict.lower(),
        said_by(best, ctx),
        why=[f"{verdict.lower()} from the best-supported message (a negation there means no)"],
    )


_WHO_IS = re.compile(r"^\s*who(?:'s|\s+is|\s+was)\s+[A-Z]?[\w'-]+(?:\s+[\w'-]+)?\s*\??\s*$", re.I)
_AMOUNT = re.compile(
    r"(?:[$€£¥]\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:dollars?|euros?|pounds?|bucks|yen|usd|eur|gbp|€|\$|£)"
    r"|\b\d[\d,.]*\s?(?:a|per)\s+(?:month|year|week|day|night)\b)",
    re.IGNORECASE,
)


def _amount(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading:
    """ "How much was the vet?": the sum said in a best-supported message or the turn after."""
    # A question's reply first ("How much was it in the end?" / "310 dollars with the x-ray").
    order = [
        n
        for g in good[:3]
        for n in ([*_following(g, ranked), g] if g.text.rstrip().endswith("?") else [g])
    ]
    for m in dict.fromkeys(order):
        found = _AMOUNT.findall(m.text)
        if found:
            sentence = best_sentence(
                m.text, {t for t in terms(found[0])} | question_terms(question, ctx)
            )
            return Reading(
                f"{found[0].strip()}.",
                [m],
                qk.kind.value,
                found[0].strip(),
                f"{said_by(m, ctx)}: “{clip(sentence, 100)}”",
                why=["the first sum of money in a best-supported message or the next turn"],
            )
    return _what(question, qk, good, ctx, ranked)


def _display(name: str, ctx: ReaderContext) -> str:
    """A name as the chat's speakers spell it ("lucía" → "Lucía"), else capitalised."""
    for s in ctx.speakers:
        if s.lower() == name.lower() or s.split()[0].lower() == name.lower():
            return s
    return name[:1].upper() + name[1:]


def _who(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading:
    asked = {w.lower() for w in re.findall(r"[^\W\d_]+", question)}
    if _WHO_IS.match(question) and asked & set(ctx.names) - {s.lower() for s in ctx.speakers}:
        return _what(question, qk, good, ctx, ranked)  # "who is Lena Brooks?": what is said
    exclude = asked - ({ctx.me.lower()} if ctx.me else set())
    # The name is often in the next turn ("FOUND A FLATMATE" / "his name is Jonas").
    for m in dict.fromkeys(n for g in good[:3] for n in [g, *_following(g, ranked)]):
        found = names_in(m.text, ctx.names, exclude)
        if found:
            name = (
                "You" if ctx.me and found[0].lower() == ctx.me.lower() else _display(found[0], ctx)
            )
            return Reading(
                f"{name}.",
                [m],
                qk.kind.value,
                name,
                said_by(m, ctx),
                why=[f"the name {name!r} in a best-supported message or the next turn"],
            )
        if speaks_for_self(m.text) and m.speaker.lower() not in exclude:
            return Reading(
                f"{who(m, ctx)[:1].upper()}{who(m, ctx)[1:]}.",
                [m],
                qk.kind.value,
                m.speaker,
                said_by(m, ctx),
                why=["the speaker says it of themselves (I/we)"],
            )
    return _what(question, qk, good, ctx, ranked)


def _where(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading:
    wanted = question_terms(question, ctx)
    found = []
    for rank, m in enumerate(good[:4]):
        if m.text.rstrip().endswith("?"):
            continue  # "how was the book club from your side?" asks; it names no place
        times = [x.text.lower() for x in ctx.mentions_of(m)]
        skip = {s.lower() for s in ctx.speakers}
        name = named_place(m.text, wanted, skip)
        phrase = name or place_phrase(m.text, wanted, times)
        if phrase:
            # A named place ("at Casa Verde", "in Piotr's car") beats a common noun.
            named = any(w[:1].isupper() for w in phrase.split()[1:]) or "'" in phrase
            found.append((named, -rank, m, phrase))
    if not found:
        return _what(question, qk, good, ctx, ranked)
    _, _, m, phrase = max(found, key=lambda f: (f[0], f[1]))
    # Plans move: a later message that says the place changed wins ("moved to Lucía's").
    for n in reversed(changed_since(m, wanted, ranked, ctx)):
        later = place_phrase(n.text, wanted, [x.text.lower() for x in ctx.mentions_of(n)])
        if later:
            m, phrase = n, later
            break
    return Reading(
        f"{phrase[0].upper()}{phrase[1:]}.",
        [m],
        qk.kind.value,
        phrase,
        said_by(m, ctx),
        why=[
            "a place phrase of a best-supported message (named places first; a later change "
            "of plan wins)"
        ],
    )


_PAST_Q = re.compile(r"\b(?:did|was|were|had|went|got|came|happened)\b|\w+ed\b", re.I)
_CHANGE = re.compile(
    r"\b(?:moved?|push(?:ed)?|postpone\w*|reschedul\w*|instead|changed?|now|actually|"
    r"cancel\w*|delayed|brought\s+forward|new\s+date)\b",
    re.IGNORECASE,
)
_SPECIFIC = {"time": 0, "part_of_day": 1, "day": 1, "weekend": 2, "week": 3, "month": 4,
             "season": 5, "year": 6}  # fmt: skip


_DEICTIC = re.compile(r"^(?:today|tonight|now|this\s+(?:morning|afternoon|evening))$", re.I)
_EXPLICIT = re.compile(
    r"\d|january|february|march|april|may|june|july|august|september|"
    r"october|november|december|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|[月日曜]",
    re.IGNORECASE,
)


def _when(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
    cover: dict[int, float] | None = None,
) -> Reading:
    wanted = question_terms(question, ctx)
    past = bool(_PAST_Q.search(question))
    dated = _dated(good[:8], wanted, ctx, qk.wants_time)
    if not dated:
        # The date is often in the turn next to the one naming the event ("dinner is cursed" /
        # "thursday the 14th?").
        near = [n for m in good[:3] for n in _neighbours(m, ranked)]
        dated = _dated(list(dict.fromkeys(near)), wanted, ctx, qk.wants_time)
    if not dated:
        best = good[0]
        return Reading(
            f"{day_phrase(best.ts)}.",
            [best],
            qk.kind.value,
            day_phrase(best.ts),
            f"the day {who(best, ctx)} wrote about it ({short_day(best.ts)} {best.ts:%H:%M}): "
            "the message names no other day",
            why=["no time expression in the best messages: the day it was written"],
        )
    cover = cover or {}

    def score(mx: tuple[StoredMessage, Mention]) -> float:
        m, x = mx
        if ctx.now is not None:  # did: before now; is/will: not over yet
            fits = (x.end <= ctx.now) == past
        else:
            fits = (x.direction == "past") == past or x.direction == "present"
        said = x.text.strip(" .,!?")
        asked = 2.0 if m.text.rstrip().endswith("?") else 1.0  # a proposal is a plan too
        return (
            asked * cover.get(m.id, 0.0)
            + 0.3 * bool(_EXPLICIT.search(said))
            - 0.4 * bool(_DEICTIC.match(said))
            + 0.2 * fits
            + 0.5 * (qk.wants_time and x.granularity == "time")
        )

    m, x = max(dated, key=score)
    # Only a message that tells it in the question's own words ("I GOT THE JOB"), not a reply.
    undated = [
        n
        for n in good
        if not ctx.mentions_of(n) and ctx.weights.coverage(wanted, terms(n.text)) >= 0.5
    ]
    told = max(undated, key=lambda n: cover.get(n.id, 0.0)) if undated else None
    # It happened the day it was told, when the telling covers the question clearly better
    # than any message with a date does, or the only date said is still ahead of `now`.
    ahead = ctx.now is not None and x.start > ctx.now
    if (
        past
        and told is not None
        and (ahead or cover.get(told.id, 0.0) > cover.get(m.id, 0.0) + 0.2)
    ):
        best = told
        # "AKI. I GOT THE JOB." names no day: it happened the day it was written.
        return Reading(
            f"{day_phrase(best.ts)}.",
            [best],
            qk.kind.value,
            day_phrase(best.ts),
            f"the day {who(best, ctx)} wrote about it ({short_day(best.ts)} {best.ts:%H:%M})",
            why=["the best message tells it as done and names no other day"],
        )
    earlier: list[tuple[StoredMessage, Mention]] = []
    if not past:  # plans move: a later message that says the plan changed is the plan now
        moved = _dated(changed_since(m, wanted, ranked, ctx), wanted, ctx, qk.wants_time)
        moved = [(n, y) for n, y in moved if y.direction != "past"]
        if moved:
            earlier = [(m, x)]
            m, x = max(moved, key=lambda ny: ny[0].ts)
    x = _with_clock(x, ctx.mentions_of(m))
    when = event_phrase(x, m.ts, qk.wants_time)
    text = when[:1].upper() + when[1:]
    if earlier and earlier[0][1].start.date() != x.start.date():
        text += f" (first planned for {event_phrase(earlier[0][1], m.ts, False)})"
    detail = f"‘{x.text}’, written by {who(m, ctx)} on {short_day(m.ts)} {m.ts:%H:%M}"
    cites = [m] + [n for n, _ in earlier]
    return Reading(
        text + ".",
        cites,
        qk.kind.value,
        when,
        detail,
        why=[
            f"‘{x.text}’ in a message written {m.ts:%Y-%m-%d %H:%M} resolves to "
            f"{x.start:%Y-%m-%d %H:%M}–{x.end:%Y-%m-%d %H:%M} ({x.granularity})"
        ],
    )


_PEOPLE_TERMS = terms(
    "mum mom mother dad father parents brother sister grandma grandpa grandmother grandfather "
    "aunt uncle cousin wife husband boyfriend girlfriend partner friend friends boss manager "
    "colleague team kids son daughter baby"
)


def changed_since(
    m: StoredMessage, wanted: set[str], ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> list[StoredMessage]:
    """Later messages of the same chat that say a plan changed ("moved to Friday", "change of
    plan", "instead") about the same thing, oldest first. The thing is the question's most
    specific word that the first plan's message holds ("birthday" in "mum's bday is the
    16th", not "mum"); the later message, or the turn just before it, must hold it too."""
    shared = wanted & terms(m.text)
    things = shared - _PEOPLE_TERMS - set(ctx.names)
    if not shared:
        return []
    key = max(things or shared, key=ctx.weights.idf)
    later = [n for n in ranked if n.conversation == m.conversation and n.ts > m.ts]
    holds = {n.id for n in later if key in terms(n.text)}
    out = []
    for n in sorted(dict.fromkeys(later), key=lambda n: (n.ts, n.id)):
        near = n.id in holds or any(
            n.session_id == p.session_id and 0 < n.id - p.id <= 2 for p in later if p.id in holds
        )
        if near and _CHANGE.search(n.text):
            out.append(n)
    return out


def _dated(
    messages: Sequence[StoredMessage], wanted: set[str], ctx: ReaderContext, wants_time: bool
) -> list[tuple[StoredMessage, Mention]]:
    return [(m, x) for m in messages for x in _closest_mention(m, wanted, ctx, wants_time)]


def _with_clock(x: Mention, found: Sequence[Mention]) -> Mention:
    """A day with the clock time said for it in the same message ("Thursday at 3pm")."""
    if x.granularity != "day":
        return x
    clock = [y for y in found if y.granularity == "time" and y.start.date() == x.start.date()]
    return clock[0] if clock else x


def _following(m: StoredMessage, ranked: Sequence[StoredMessage]) -> list[StoredMessage]:
    after = [n for n in ranked if n.session_id == m.session_id and 0 < n.id - m.id <= 3]
    return sorted(after, key=lambda n: n.id)


def _neighbours(m: StoredMessage, ranked: Sequence[StoredMessage]) -> list[StoredMessage]:
    return [n for n in ranked if n.session_id == m.session_id and 0 < abs(n.id - m.id) <= 2]


def _closest_mention(
    m: StoredMessage, wanted: set[str], ctx: ReaderContext, wants_time: bool = False
) -> list[Mention]:
    found = list(ctx.mentions_of(m))
    if wants_time and any(x.granularity == "time" for x in found):
        found = [x for x in found if x.granularity == "time"]
    if len(found) <= 1:
        return found
    low = m.text.lower()
    spots = [i for t in wanted if (i := low.find(t[:4])) >= 0] or [0]
    # A day beats a week ("next week … effective January 1st"); then the nearest to the topic.
    return [
        min(
            found,
            key=lambda x: (
                _SPECIFIC.get(x.granularity, 9) > 1,
                min(abs(x.start_char - s) for s in spots),
            ),
        )
    ]


def event_phrase(x: Mention, written: datetime, wants_time: bool) -> str:
    """A resolved mention as a person says it: a day, a time, or, where the text is vague, the
    span it allows in the form LoCoMo's answers use ("the week before 9 June 2023")."""
    g, last = x.granularity, x.end - timedelta(microseconds=1)
    if g == "time" or (wants_time and x.start.time() != datetime.min.time()):
        return f"{day_phrase(x.start)} at {x.start:%H:%M}"
    if g in ("day", "part_of_day") or x.end - x.start <= timedelta(days=1):
        return day_phrase(x.start)
    if g == "month":
        return f"{x.start:%B %Y}"
    if g in ("year", "season"):
        return f"{x.start:%Y}" if g == "year" else f"{_season(x.start)} {x.start:%Y}"
    if x.end <= written and written - x.end < timedelta(days=8) and g in ("week", "weekend"):
        unit = "week" if g == "week" else "weekend"
        return f"the {unit} before {written.day} {written:%B %Y}"
    return f"between {short_day(x.start)} and {short_day(last)}"


def _season(d: datetime) -> str:
    return {
        12: "winter",
        1: "winter",
        2: "winter",
        3: "spring",
        4: "spring",
        5: "spring",
        6: "summer",
        7: "summer",
        8: "summer",
    }.get(d.month, "autumn")


def first_or_last(
    question: str, matches: Sequence[StoredMessage], ctx: ReaderContext, *, last: bool
) -> Reading:
    """The earliest or latest message about the topic: `matches` hold the topic's retrieved
    messages; those covering its terms about as well as the best one are ordered by time."""
    kind = (Kind.LAST if last else Kind.FIRST).value
    wanted = question_terms(question, ctx)
    cover = {m.id: ctx.weights.coverage(wanted, terms(m.text)) for m in matches}
    best = max(cover.values(), default=0.0)
    # "baked a cranberry loaf" is about baking bread as much as the best match is.
    on_topic = [m for m in matches if cover[m.id] >= max(0.4, 0.75 * best)]
    if not on_topic:
        return declined(kind, "no message covers the topic's words", best)
    pick = max(on_topic, key=lambda m: m.ts) if last else min(on_topic, key=lambda m: m.ts)
    return Reading(
        f"{day_phrase(pick.ts)}.",
        [pick],
        kind,
        day_phrase(pick.ts),
        f"{who(pick, ctx)}, {pick.ts:%H:%M}: “{clip(pick.text, 100)}”",
        why=[
            f"{len(on_topic)} messages cover the topic; the {'latest' if last else 'earliest'} "
            f"is {pick.ts:%Y-%m-%d %H:%M}"
        ],
        evidence=best,
    )
