"""Counts and lists: questions whose answer is spread over many messages ("how many times…",
"which books…"). The covering set is every retrieved message that is about the topic about as
much as the best one is, at most one per session (a session retelling the same thing is one
occurrence), in time order; the answer counts or lists it and cites one message per item."""

from __future__ import annotations

from collections.abc import Sequence

from memory_store.models import StoredMessage

from .reading import NO_ANSWER, ReaderContext, Reading, question_terms, who
from .text import clip, short_day, terms

# A message covering this share of the best match's coverage is about the same topic.
RELATIVE_COVER = 0.7
MIN_COVER = 0.35


def covering_set(
    question: str, matches: Sequence[StoredMessage], ctx: ReaderContext
) -> list[StoredMessage]:
    wanted = question_terms(question, ctx)
    cover = {m.id: ctx.weights.coverage(wanted, terms(m.text)) for m in matches}
    best = max(cover.values(), default=0.0)
    keep = [
        m
        for m in matches
        if cover[m.id] >= max(MIN_COVER, RELATIVE_COVER * best)
        and not m.text.rstrip().endswith("?")
    ]
    per_session: dict[int, StoredMessage] = {}
    for m in keep:  # in rank order: the session's best message stands for it
        per_session.setdefault(m.session_id, m)
    return sorted(per_session.values(), key=lambda m: (m.ts, m.id))


def count(question: str, matches: Sequence[StoredMessage], ctx: ReaderContext) -> Reading:
    items = covering_set(question, matches, ctx)
    if not items:
        return Reading(NO_ANSWER, [], "how_many", abstained=True, why=["no message is on topic"])
    days = sorted({m.ts.date() for m in items})
    n = len(days)
    listed = ", ".join(f"{d:%-d %b}" for d in days)
    text = f"{n} ({'once' if n == 1 else f'on {n} different days'}: {listed})."
    why = [f"counted the days of {len(items)} on-topic messages (one per session)"]
    return Reading(text, items, "how_many", str(n), why=why)


def listing(question: str, matches: Sequence[StoredMessage], ctx: ReaderContext) -> Reading:
    items = covering_set(question, matches, ctx)
    if not items:
        return Reading(NO_ANSWER, [], "list", abstained=True, why=["no message is on topic"])
    lines = [f"“{clip(m.text, 120)}” ({who(m, ctx)}, {short_day(m.ts)})" for m in items[:10]]
    text = f"{len(items)} mention{'s' * (len(items) != 1)}: " + "; ".join(lines) + "."
    why = [f"{len(items)} on-topic messages, one per session, in time order"]
    return Reading(text, items[:10], "list", "; ".join(lines), why=why)
