"""Routing between the two clocks: when a message was written, and the times it speaks of.

"What did we talk about on Tuesday?" asks what was *written* on Tuesday; "who is going hiking
on Saturday?" asks which messages *speak of* Saturday (the `mentions` table, `where_mentions`).
The planner's date hits (agent.plan.rules) resolve a span; this module decides which clock
the span is on, from the question's verbs, tense and kind:

1. **Written.** A question about the conversation itself: a communication verb (talk,
   discuss, chat, say, tell, mention, speak, share, ask, message, text), or session words
   that need the written clock (a session pick, `before`/`after` an event, "earlier today"),
   or a date that dates the talk itself ("the conversation on December 17"). The span stays
   a `where_date`/`where_month`.
2. **Event.** A question about a time that has not come yet: a future cue (will, going to,
   gonna, is going, planning, upcoming, next ..., coming up) or a span that starts after
   `now`. Nothing can have been written then, so only what the messages *say* about it
   counts: `where_mentions(start, end)`. The span is the one the mention resolver finds in
   the question itself (one engine, agent.plan.mentions), so "on Saturday" in "who is going
   hiking on Saturday?" is the coming Saturday, not the last one. Future expressions the
   planner has no rule for ("next week", "tomorrow", "in two weeks") come from the resolver.
   A past-tense question whose span is after now ("what did Maria do in December 2023?" asked
   in August 2023) is on neither clock (a wrong year, or a time seen from an earlier day): the
   span is dropped with a note and the whole scope is ranked by content.
3. **Both.** Any other question with a verb: something that happened ("what did Maria donate
   in December 2023?", "when did Melanie go camping in June?"). People say they did a thing
   on the day they did it ("just got back from the shelter"), or later with a time
   ("yesterday", "last month"). Either clock may hold the evidence, so the filter is the
   union, `any_of([where_date(s, e), where_mentions(s, e)])`, and retrieval ranks the union
   by content (as a filter: tried as a prior on the whole scope instead, it lost LoCoMo
   temporal questions, 0.865 -> 0.822 Recall@5). A talk verb that reports a clause ("does
   Tim mention they enjoy watching during Thanksgiving?") is on this clock too: the time is
   in the reported clause.

The event clock is the unsure one: an event told later without a time, a question's relative
time anchored on another day. So retrieval treats its filter as soft (agent.retrieve), and a
content question's `where_mentions` also keeps the turn either side of each match
(`with_replies`): the reply that answers a plan names no time. A time-only question keeps
exactly the messages the clocks select.

Japanese questions keep the written clock unless they name a time still to come (来週, 明日,
予定): then the event clock. The decision is a note in `PlanResult.resolved`, which
`--explain` prints.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime, timedelta
from typing import Literal

from agent.plan.mentions import Mention, find_mentions
from agent.plan.rules.common import ASKED_DAY, Hit
from memory_store.query.table_ops import (
    AnyOf,
    TableOp,
    TablePlan,
    WhereDate,
    WhereDates,
    WhereMentions,
    WhereMonth,
    WhereTimeOfDay,
)

__all__ = [
    "EVENT_WORDS",
    "Clock",
    "choose_clock",
    "habitual_parts",
    "on_event_clock",
    "route_clocks",
    "with_replies",
]

Clock = Literal["written", "event", "both", "none"]

_I = re.IGNORECASE
_TALK = re.compile(
    r"\b(?:talk(?:s|ed|ing)?|discuss(?:es|ed|ing|ion)?|chat(?:s|ted|ting)?|say(?:s|ing)?|said"
    r"|tell(?:s|ing)?|told|mention(?:s|ed|ing)?|speak(?:s|ing)?|spoke|share[ds]?|sharing"
    r"|ask(?:s|ed|ing)?|messag(?:e|es|ed|ing)|text(?:s|ed|ing)|conversations?|chats?"
    r"|(?P<act>express(?:es|ed|ing)?|explain(?:s|ed|ing)?|describ(?:e|es|ed|ing)"
    r"|recommend(?:s|ed|ing)?|suggest(?:s|ed|ing)?|complain(?:s|ed|ing)?)"
    r"|sessions?|bring\s+up|brought\s+up|came\s+up|come\s+up"
    r"|go(?:es|ne)?\s+over|went\s+over|going\s+over)\b",
    _I,
)
# Future cues in the question's own tense. "did Maria plan to ..." is past: a plan made
# then, for then, which either clock may hold; so is "she was going to" / "was gonna" (a plan
# told then).
# "going to a meeting" is a movement, not a future: "going to" takes a verb.
_FUTURE = re.compile(
    r"\b(?:will|won't|shall|gonna"
    r"|(?<!\bwas\s)(?<!\bwere\s)going\s+to(?!\s+(?:a|an|the|my|his|her|their|our|your)\b)"
    r"|(?:is|are|am|'s|'re)\s+(?:\w+\s+)?going"
    r"|(?:is|are|am|'s|'re)\s+(?:\w+\s+)?planning|upcoming|coming\s+up|next|tomorrow)\b"
    r"|\w'll\b",
    _I,
)
# "how much was the dealership gonna charge me", "what were we going to do in june": a plan
# as it stood then, with its subject between
_TOLD_THEN = re.compile(r"\b(?:was|were)\s+(?:[\w'-]+\s+){0,3}?(?:gonna|going\s+to)\b", _I)
# "the conversation on December 17", "our chat on Tuesday": the date is when the talk was
# written, whatever the question asks about it ("what was John's next move ...").
_CONVERSATION_ON = re.compile(
    r"\b(?:conversations?|chats?|sessions?|calls?|talks?)(?:\s+(?:on|from|of|dated))?\s+$",
    _I,
)
_PAST = re.compile(r"\b(?:did|didn't|was|wasn't|were|weren't|had|hadn't)\b", _I)
# "does Tim mention they enjoy watching during Thanksgiving": a talk verb that reports a
# clause (a subject after it) places the time in the clause.
_REPORTED = re.compile(
    r"\s+(?:that\s+)?(?:he|she|they|i|we|you|his|her|their|my|our)\s+(?!about\b)\w+", _I
)
# Auxiliaries, pronouns and question words: what is left when a question has no verb of its
# own ("photos from Tuesday?") keeps the written clock.
_NOT_A_VERB = frozenset(
    [
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "where",
        "when",
        "why",
        "how",
        "did",
        "do",
        "does",
        "done",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "am",
        "has",
        "have",
        "had",
        "the",
        "a",
        "an",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "and",
        "or",
        "any",
        "all",
        "my",
        "our",
        "your",
        "his",
        "her",
        "their",
        "its",
        "i",
        "we",
        "you",
        "he",
        "she",
        "they",
        "me",
        "us",
        "them",
        "it",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "s",
        "'t",
        "n't",
        "not",
        "no",
        "yes",
        "any",
        "some",
        "anything",
        "something",
        "everything",
        "please",
        "ok",
    ]
)
# Session words and written-time ops: those questions are about the conversation.
_WRITTEN_OPS = frozenset(
    ["nth_session", "session_range", "relative_session", "nth_within", "first", "last"]
    + ["before", "after", "exclude_current"]
)
_DATE_KINDS = ("day_abs", "range_abs", "rel", "weekday")
# Words that ask for no content on the event clock: "what's happening next week?" lists
# what the messages say of next week.
EVENT_WORDS = frozenset(
    [
        "what's",
        "whats",
        "happening",
        "happen",
        "happens",
        "going",
        "on",
        "planned",
        "plans",
        "plan",
        "up",
        "coming",
        "upcoming",
        "doing",
        "do",
    ]
)


def choose_clock(
    question: str, spans: list[tuple[date, date]], now: datetime, time_at: int | None = None
) -> tuple[Clock, str]:
    """The clock a question's time spans are on, and why (see the module docstring).

    `time_at` is where the question's first time phrase starts: one before the talk verb
    ("On February 12th, Jeff said he started ...") dates the saying, not what it reports.
    """
    if _CJK.search(question):
        ja = _FUTURE_JA.search(question)
        if ja:
            return "event", f"'{ja.group(0)}' is still to come"
        return "written", "a Japanese question keeps the written clock"
    if any(start > now.date() for start, _ in spans):
        past = _PAST.search(question)
        if past and not _FUTURE.search(question):
            return "none", f"'{past.group(0)}' asks about the past, but the span is after now"
        return "event", "the span is after now, so only what messages say about it counts"
    future = None if _TOLD_THEN.search(question) else _FUTURE.search(question)
    if future:
        return "event", f"'{future.group(0)}' asks about a plan"
    talk = _TALK.search(question)
    fronted = time_at is not None and talk is not None and time_at < talk.start()
    # "express her thanks": these talk verbs take an object, not a reported clause.
    reports = talk is not None and not talk.group("act") and not fronted
    if talk and reports and _REPORTED.match(question, talk.end()):
        return "both", f"the time is in what '{talk.group(0)}' reports, not when it was said"
    if talk:
        return "written", f"'{talk.group(0)}' asks about the conversation"
    words = [w for w in re.findall(r"[a-z']+", question.lower()) if w not in _NOT_A_VERB]
    if not words:
        return "written", "no verb: the messages written then"
    return "both", "an event: the messages written then, or speaking of then"


_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
_FUTURE_JA = re.compile(r"来週|来月|来年|再来|明日|明後日|あした|あさって|\d+日後|予定|つもり")


# A part of the day as a hit reads it: "in the morning", "at night", "this evening".
_PART_OF_DAY = re.compile(
    r"^(?:(?:in|during)\s+the\s+(?:early\s+|late\s+)?|at\s+)?"
    r"(?:mornings?|afternoons?|evenings?|nights?|noon|lunchtime|midnight)$",
    _I,
)


def habitual_parts(question: str, hits: Sequence[Hit]) -> list[Hit]:
    """The parts of the day a question names of what it asks about, not of the talk: "how much
    does she get in the morning?", "what do i take at night?". With no day and no talk verb the
    part of the day is when the thing happens, and the hour each message was written at says
    nothing of it. "what did we talk about in the morning?" keeps its filter."""
    timed = [h for h in hits if h.kind != "speaker"]
    parts = [
        h
        for h in timed
        if len(h.ops) == 1
        and isinstance(h.ops[0], WhereTimeOfDay)
        and _PART_OF_DAY.match(question[h.start : h.end].strip())
    ]
    if not parts or len(parts) < len(timed) or _TALK.search(question):
        return []
    return parts


def route_clocks(question: str, hits: list[Hit], now: datetime) -> tuple[list[Hit], list[str]]:
    """Put each date hit on its clock; add the future times only the resolver finds.

    Returns the hits (date hits rewritten to `where_mentions` or `any_of`, new hits for the
    resolver's future mentions) and the notes explaining the choice.
    """
    if any(op.op in _WRITTEN_OPS for h in hits for op in h.ops):
        return hits, []
    plain = {id(h): _part_of_event(h) for h in hits}
    dated = [h for h in hits if h.kind in _DATE_KINDS and _span(plain[id(h)].ops) is not None]
    mentions = find_mentions(question, now)
    claimed = [(h.start, h.end) for h in hits]
    extra = [
        m
        for m in mentions
        if m.direction == "future"
        and m.granularity != "time"
        and not any(m.start_char < e and s < m.end_char for s, e in claimed)
        and not ASKED_DAY.search(question, 0, m.start_char)
    ]
    spans = [s for h in dated if (s := _span(plain[id(h)].ops)) is not None]
    spans += [_days(m) for m in extra]
    if not spans:
        return hits, []
    if dated and not extra and all(_CONVERSATION_ON.search(question[: h.start]) for h in dated):
        return hits, []  # the written clock, named: "the conversation on <date>"
    first = min((h.start for h in dated), default=None)
    clock, why = choose_clock(question, spans, now, first)
    if clock == "written":  # as before the second clock: no note, the plan is unchanged
        return hits, []
    if clock == "none":  # neither clock can hold it: rank the whole scope by content
        kept = [h for h in hits if h not in dated]
        gone = [h.note for h in dated] + [m.text for m in extra]
        return kept, [f"clock: none ({why}): dropped {', '.join(gone)}"]
    out: list[Hit] = []
    for h in hits:
        if h in dated:
            h = _on_clock(plain[id(h)], clock, mentions)
        out.append(h)
    for m in extra:
        start, end = _days(m)
        op = WhereMentions(start=start, end=end)
        note = f"{m.text} → {_show(start, end)}, as messages speak of it"
        out.append(Hit(m.start_char, m.end_char, "rel", [op], note))
    what = "event time → where_mentions" if clock == "event" else "both → written ∪ mentions"
    return out, [f"clock: {what} ({why})"]


def on_event_clock(plan: TablePlan) -> bool:
    """The plan filters on what messages speak of (`where_mentions`, alone or in `any_of`):
    a filter retrieval treats as soft (agent.retrieve)."""
    return any(
        isinstance(op, WhereMentions)
        or (isinstance(op, AnyOf) and any(isinstance(o, WhereMentions) for o in op.ops))
        for op in plan.ops
    )


def with_replies(plan: TablePlan, turns: int = 1) -> TablePlan:
    """An event-clock `where_mentions` also keeps `turns` turns either side of a matching
    message in its session (`WhereMentions.around`): the reply to "I'm off from the 23rd to
    the 3rd" is "Dominik will cover for you", with no time in it. Not inside the union of
    the clocks (`any_of`), whose mentions are many more (every "last month" of a past-tense
    question): there the neighbours were noise, LoCoMo dev Recall@5 single-hop 0.841 -> 0.839
    and temporal 0.865 -> 0.863 when they joined it too.
    """

    def widen(op: TableOp) -> TableOp:
        if isinstance(op, WhereMentions):
            return op.model_copy(update={"around": turns})
        return op

    return TablePlan(ops=[widen(op) for op in plan.ops])


def _on_clock(h: Hit, clock: Clock, mentions: list[Mention]) -> Hit:
    span = _span(h.ops)
    assert span is not None
    if clock == "event":
        # The resolver reads the tense: "on Saturday" in "who is going ..." is the next one.
        for m in mentions:
            if m.start_char < h.end and h.start < m.end_char and m.direction == "future":
                span = _days(m)
                break
        start, end = span
        ops: list[TableOp] = [WhereMentions(start=start, end=end)]
        label = h.note.split(" → ")[0]
        return replace(h, ops=ops, note=f"{label} → {_show(start, end)}, as messages speak of it")
    written = [op for op in h.ops if isinstance(op, WhereDate | WhereDates | WhereMonth)]
    rest = [op for op in h.ops if op not in written]
    found = _spans(written)
    if len(written) + len(found) > 8:  # any_of takes 8 filters: one span holds them all
        found = [(min(s for s, _ in found), max(e for _, e in found))]
    union = AnyOf(ops=[*written, *(WhereMentions(start=s, end=e) for s, e in found)])
    return replace(h, ops=[union, *rest])


def _part_of_event(h: Hit) -> Hit:
    """A calendar day with a part of it ("where did I stay *the night of October 10th*?"):
    off the written clock, the part of day is of the event, not of when a message about it was
    written ("Yoshida-sanso for the night of October 10th", sent on the 6th), so only the day
    is filtered on. "last night" stays as it is: a relative part of day is the writing's."""
    if h.kind != "day_abs":
        return h
    ops: list[TableOp] = [op for op in h.ops if not isinstance(op, WhereTimeOfDay)]
    if len(ops) == len(h.ops) or any(op.op in ("where_weekday", "exclude_current") for op in ops):
        return h
    return replace(h, ops=ops)


def _span(ops: list[TableOp]) -> tuple[date, date] | None:
    """The days a date hit covers; None when it has no calendar span (a month of any year)
    or is narrowed by the clock time or weekday a message was written at ("last night")."""
    if any(op.op in ("where_weekday", "where_time_of_day", "exclude_current") for op in ops):
        return None
    found = _spans([op for op in ops if isinstance(op, WhereDate | WhereDates | WhereMonth)])
    if not found:
        return None
    return min(s for s, _ in found), max(e for _, e in found)


def asked_days(ops: Sequence[TableOp]) -> tuple[date, date] | None:
    """The days a plan's date filters span, on either clock ("in september": 1-30 Sep), for a
    count that must not count a day outside them; None without a calendar span."""
    flat: list[TableOp] = []
    for op in ops:
        flat.extend(op.ops if isinstance(op, AnyOf) else [op])
    found = _spans([op for op in flat if isinstance(op, WhereDate | WhereDates | WhereMonth)])
    found += [(op.start, op.end) for op in flat if isinstance(op, WhereMentions)]
    if not found or any(op.op in ("where_weekday", "where_time_of_day") for op in flat):
        return None
    return min(s for s, _ in found), max(e for _, e in found)


def _spans(ops: list[WhereDate | WhereDates | WhereMonth]) -> list[tuple[date, date]]:
    out: list[tuple[date, date]] = []
    for op in ops:
        if isinstance(op, WhereDate):
            out.append((op.start, op.end))
        elif isinstance(op, WhereDates):
            out.extend((s.start, s.end) for s in op.spans)
        elif op.year is not None:
            first = date(op.year, op.month, 1)
            nxt = date(op.year + op.month // 12, op.month % 12 + 1, 1)
            out.append((first, nxt - timedelta(days=1)))
    return out


def _days(m: Mention) -> tuple[date, date]:
    """A mention's half-open interval as inclusive days."""
    last = (m.end - timedelta(microseconds=1)).date()
    return m.start.date(), max(last, m.start.date())


def _show(start: date, end: date) -> str:
    return str(start) if start == end else f"{start}–{end}"
