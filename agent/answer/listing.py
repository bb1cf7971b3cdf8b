"""Lists: "which books has hana recommended?", "who's bringing what to the party?". The
items are, in order of preference: the words of a kind chosen in an exchange ("teal and
orange"); a list as last written out ("menu's final. suya wrap, plantain fries…"); what was
asked of the user; what the chat's own verbs say was done or, for a bring act, planned
("I'll make pierogi"); a list an exchange on the topic writes out ("gas, sleeping mat, midge
spray. anything else?"); else the items named in the covering set (cover.py, items.py). Each
item cites the message that names it."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from agent.plan.people import PERSON_NOUNS
from memory_store.models import StoredMessage

from .asked_of import requested
from .categories import asked_kind, words_of_kind
from .cover import Cover, covering_set
from .deeds import deeds
from .items import Item, distinct, enumerated, item_of_run, items_of, runs_of, written_out
from .kinds import ASKS_OF_ME, LIST_HOLDER, QuestionKind
from .reading import NO_ANSWER, ReaderContext, Reading, first_names, who
from .replies import answers
from .text import asks, join_names, short_day, terms

# Items listed at most; the count still counts them all.
MAX_LISTED = 12


def listing(
    question: str,
    qk: QuestionKind,
    matches: Sequence[StoredMessage],
    ctx: ReaderContext,
    similarity: Mapping[int, float],
) -> Reading:
    cover = covering_set(question, matches, ctx, similarity, qk.focus)
    kind = asked_kind(question, qk.focus)
    chosen = _chosen_of_kind(kind, matches) if kind else None
    if chosen is not None:  # "which colours did we pick for the kit?": what was settled on
        m, words = chosen
        said = join_names(words)
        why = [f"the {kind} words of the latest message naming any in the exchange on it"]
        return Reading(f"{said[:1].upper()}{said[1:]}.", [m], "list", said, why=why)
    written = _written_list(question, cover, matches, ctx) if LIST_HOLDER.search(question) else []
    if not written and ASKS_OF_ME.search(question):  # "what jobs did rory give me?"
        asked = requested(question, matches, ctx, _skipped(question, cover))
        if not asked:  # no request is no job; the topic's other words name none either
            return declined_spread("list", cover, "no message asks you to do something")
    else:
        asked = []
    done, acts = (
        ([], [])
        if written or asked
        else deeds(question, matches, ctx, _skipped(question, cover), _sessions(cover, matches))
    )
    promised = "|".join(a.asked for a in acts if a.promised)
    # "what's everyone bringing?", "what else?": the replies to the group's asking for the
    # things list them too; not the replies to "Who's driving?"
    asking = [
        m for m in cover.asking if promised and re.search(rf"\b(?:{promised}|else)\b", m.text, re.I)
    ]
    if done and asking:
        done = distinct(
            [*done, *_replied_items(question, replace(cover, asking=asking), matches, ctx)]
        )
        done.sort(key=lambda it: (it.message.ts, it.message.id))
    items = (
        written
        or asked
        or done
        or _announced_list(question, cover, matches, ctx)
        or _list_of_the_exchange(question, cover, matches, ctx)
        or named_items(question, cover, matches, ctx)
    )
    if not written:  # a list written out is as it stands; items said one by one may change
        items = _swapped(items, ctx, _skipped(question, cover))
    if ctx.me and _OTHERS.search(question):  # "what did the others bring?": not the asker's
        items = [it for it in items if it.message.speaker != ctx.me]
    if not items:
        return declined_spread("list", cover)
    shown = items[:MAX_LISTED]
    lines = [f"{it.span} ({who(it.message, ctx)}, {short_day(it.message.ts)})" for it in shown]
    text = f"{len(items)} item{'s' * (len(items) != 1)}: " + "; ".join(lines) + "."
    why = [*cover.why, f"{len(items)} distinct items named in them, in time order"]
    if asked:
        why = [f"{len(items)} distinct things asked of you (“can you…”, “you're on…”)"]
    if done:  # the act's own verbs found them, not the covering set
        verbs = " or ".join(a.name for a in acts)
        why = [f"{len(items)} distinct things said to be {verbs} (in the chat's verbs for it)"]
    span = "; ".join(it.span for it in shown)
    return Reading(text, [it.message for it in shown], "list", span, why=why)


# Taking an item back: "scrap the sausage rolls for sunday" (not "don't forget the balloons").
_DROPPED = re.compile(
    r"\b(?:scrap|scrapped|ditch|ditched|no\s+longer|not\s+bringing|can['’]?t\s+bring)\b",
    re.IGNORECASE,
)
_INSTEAD = re.compile(r"\binstead\b", re.IGNORECASE)


def _swapped(items: list[Item], ctx: ReaderContext, skip: set[str]) -> list[Item]:
    """The items as they stand: one its giver later takes back is dropped ("scrap the
    sausage rolls for sunday"), or replaced by what they say they will do instead ("my aunt's
    making samosas, i'll bring those instead")."""
    names = first_names(ctx)
    out = []
    for it in items:
        later = [
            n
            for n in ctx.later_holding(it.span, it.message)
            if n.speaker == it.message.speaker and it.keys & terms(n.text)
        ]
        # the taking back says the item itself: "scrap the sausage rolls", not "scrap that"
        said = re.escape(it.span.split()[0][:4]) if it.span.split() else ""
        took_back = re.compile(rf"{_DROPPED.pattern}\s+(?:[\w'’]+\s+){{0,2}}?{said}", re.I)
        back = next((n for n in later if said and took_back.search(n.text)), None)
        if back is None:
            out.append(it)
            continue
        lines = [back, *(t for t in ctx.turns_after(back)[:2] if t.speaker == back.speaker)]
        instead = next((n for n in lines if _INSTEAD.search(n.text)), None)
        if instead is None:
            continue
        # the thing, not whose it is ("my aunt's making samosas", "my neighbour does…"), nor
        # "instead"
        runs = [
            run
            for clause in re.split(r"[,.!?;:]", instead.text)
            for run in runs_of(clause, skip | set(it.keys) | {"instead"}, names)
            if not re.search(r"['’]s$", run[-1]) and not set(run) <= PERSON_NOUNS
        ]
        if runs:
            rarest = max(runs, key=lambda r: sum(ctx.weights.idf(t) for w in r for t in terms(w)))
            out.append(item_of_run(rarest, instead, ctx.weights))
    return out


def _written_list(
    question: str, cover: Cover, matches: Sequence[StoredMessage], ctx: ReaderContext
) -> list[Item]:
    """What a list holds, as it was last written out: the latest message naming the list that
    enumerates three items or more ("menu's final. suya wrap, plantain fries, jollof
    arancini, puff puff with pepper honey")."""
    skip = set(cover.topic) | terms(question)
    names = first_names(ctx)
    pool = dict.fromkeys([*cover.messages, *matches[:20]])
    written = [(m, its) for m in pool if (its := written_out(m, skip, ctx.weights, names))]
    # The list as named ("menu's final. suya wrap, …"), not a later one of prices for it.
    written = [(m, its) for m, its in written if cover.topic & terms(m.text)]
    return max(written, key=lambda mi: (mi[0].ts, mi[0].id))[1] if written else []


def _list_of_the_exchange(
    question: str, cover: Cover, matches: Sequence[StoredMessage], ctx: ReaderContext
) -> list[Item]:
    """A list an exchange on the topic ends by writing out ("making a list for camping. i need
    a new gas canister" … "and a sleeping mat" … "gas, sleeping mat, midge spray. anything
    else?"): the first enumeration of three things or more a few turns after one of the best
    messages that share the topic's words, in its session. Read when no act or asking found
    the items: a list written out beats single words picked from the covering set."""
    skip = set(cover.topic) | terms(question)
    names = first_names(ctx)
    best = [m for m in matches[:_EXCHANGE_DEPTH] if cover.topic & terms(m.text)]
    for b in best:
        after = sorted(
            (
                m
                for m in matches
                if m.session_id == b.session_id and 0 <= m.id - b.id <= _EXCHANGE_TURNS
            ),
            key=lambda m: m.id,
        )
        for m in after:  # the first written out after it: the exchange's own list
            if len(m.text.split()) > _LIST_WORDS:
                continue  # a paragraph's clauses are no list written out
            its = written_out(m, skip, ctx.weights, names)
            if its:
                return its
    return []


def _announced_list(
    question: str, cover: Cover, matches: Sequence[StoredMessage], ctx: ReaderContext
) -> list[Item]:
    """A list its writer announces, then gives a turn per item ("ok restaurant list" / "tasca
    zeca in graça for grilled sardines" / "doca sete down by the river…"): the thing each of
    their next turns names first, while another's asking for more ("Anything sweet?") may
    come between."""
    skip = _skipped(question, cover)
    names = first_names(ctx)
    for m in matches[: _EXCHANGE_DEPTH * 2]:
        if not (cover.topic & terms(m.text) and _ANNOUNCES.search(m.text)) or asks(m.text):
            continue
        told = [
            items_of(n, skip, ctx.weights, names)
            for n in ctx.turns_after(m)[:_EXCHANGE_TURNS]
            if n.speaker == m.speaker and not asks(n.text)
        ]
        items = [its[0] for its in told if its]
        if len(items) >= 2:
            return distinct(items)
    return []


# A list announced, in a few words of its own: "ok restaurant list.", "cafe list incoming.",
# "my recs:"; not "this series is one of my favorites."
_ANNOUNCES = re.compile(
    r"(?:^|[.!?]\s+)\W*(?:(?:ok|okay|right|so|here'?s|here\s+are)\s+)?(?:[\w'’]+\s+){0,2}?"
    r"(?:list|recs|recommendations|suggestions|picks|faves|favourites|favorites|tips)"
    r"(?:\s+(?:incoming|below|coming|here|then))?\s*(?:[:.!]+|$)",
    re.IGNORECASE,
)


# How many of the best messages may open the exchange that writes a list out, and how many
# turns on the list may come.
_EXCHANGE_DEPTH = 3
_EXCHANGE_TURNS = 6
# The most words a message writing a list out has: "gas, sleeping mat, midge spray. anything
# else?" is a list; a paragraph listing what one did is told, not written out.
_LIST_WORDS = 25


# The people of the chat but the asker: "what did the others bring?"
_OTHERS = re.compile(
    r"\b(?:the\s+others|everyone\s+else|the\s+rest\s+of\s+(?:them|the\s+\w+))\b", re.I
)


def _chosen_of_kind(
    kind: str, matches: Sequence[StoredMessage]
) -> tuple[StoredMessage, list[str]] | None:
    """The words of `kind` in the latest message naming any, in the session of the best
    match that names one ("threadline have teal/orange or navy/yellow" ... "teal and orange 👍")."""
    named = [m for m in matches[:20] if words_of_kind(kind, m.text)]
    if not named:
        return None
    session = [m for m in matches if m.session_id == named[0].session_id]
    last = max((m for m in session if words_of_kind(kind, m.text)), key=lambda m: (m.ts, m.id))
    return last, words_of_kind(kind, last.text)


def _sessions(cover: Cover, matches: Sequence[StoredMessage]) -> set[int]:
    """The sessions on the question's topic: the covering set's and the best matches', and
    those that speak of the occasion it names ("party headcount pls!" … "I'm making mochi")."""
    return {m.session_id for m in [*cover.messages, *matches[:5]]} | cover.occasion


def _skipped(question: str, cover: Cover) -> set[str]:
    """Terms that are never an item: the topic's and the question's."""
    return set(cover.topic) | terms(question)


def _replied_items(
    question: str, cover: Cover, matches: Sequence[StoredMessage], ctx: ReaderContext
) -> list[Item]:
    """The items the answers to the group's own asking name, and those the asking listed."""
    skip = _skipped(question, cover)
    names = first_names(ctx)
    replies = answers(cover.asking, matches, cover.by)
    found = [it for m in replies for it in items_of(m, skip, ctx.weights, names)]
    if found:
        found += [it for m in cover.asking for it in enumerated(m, skip, ctx.weights, names)]
    return found


def named_items(
    question: str, cover: Cover, matches: Sequence[StoredMessage], ctx: ReaderContext
) -> list[Item]:
    # The group was asked: its answers are the list, and what the asking listed.
    found = _replied_items(question, cover, matches, ctx)
    if not found:
        skip = _skipped(question, cover)
        names = first_names(ctx)
        found = [it for m in cover.messages for it in items_of(m, skip, ctx.weights, names)]
    return distinct(sorted(found, key=lambda it: (it.message.ts, it.message.id)))


def declined_spread(kind: str, cover: Cover, why: str = "no message is on topic") -> Reading:
    return Reading(NO_ANSWER, [], kind, abstained=True, why=[*cover.why, why])
