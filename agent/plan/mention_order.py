"""First and last *mentions*: "when did I last mention the dentist?", "the last time anyone
brought up Hana's finger". Such a "last" orders the topic's matches by time (the answer stage
does it); it is not the last session, which is what the time grammar reads in "the last time
we talked". This rule runs after the planner and takes the session pick back out."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from agent.answer.asking import asked_sentence
from agent.answer.kinds import TOLD_IDIOMS, Kind, classify
from agent.plan.planner import PlanResult
from memory_store.query.table_ops import NthSession, TablePlan

__all__ = ["order_by_mention", "scene_times_dropped"]

_MENTION = re.compile(
    r"\b(?:mention\w*|brought\s+up|bring\w*\s+up|c[ao]me\s+up|talk\w*\s+about|said|say\w*|"
    r"spoke\s+about|ask\w*\s+about|tell\w*|told|moan\w*|complain\w*|whing\w*|rant\w*|"
    rf"{TOLD_IDIOMS})\b",
    re.IGNORECASE,
)
_ORDER = re.compile(r"\b(?:first|last|latest|most\s+recent(?:ly)?|earliest)\b", re.IGNORECASE)


def order_by_mention(question: str, planned: PlanResult) -> PlanResult:
    """Drop the first/last-session pick when the question asks for the first or last mention
    of a topic (a mention verb with something to mention); else `planned` unchanged. A
    time-only plan has nothing to mention: "what did we talk about in our first discussion?"
    asks for the session."""
    mention = _MENTION.search(question)
    if not (mention and _ORDER.search(question)) or not planned.content_query.strip():
        return planned
    if planned.route == "time":
        return planned
    picks = [op for op in planned.plan.ops if isinstance(op, NthSession) and op.n in (1, -1)]
    if not picks:
        return planned
    ops = [op for op in planned.plan.ops if op not in picks]
    note = "first/last read as the first or last mention of the topic, not a session"
    route = planned.route if ops else "content"
    return replace(
        planned, plan=TablePlan(ops=ops), route=route, resolved=[*planned.resolved, note]
    )


def scene_times_dropped(
    question: str, planned: PlanResult, plan_of: Callable[[str], PlanResult]
) -> PlanResult:
    """A first or last mention asked after its scene: the times the scene names are when the
    thing happened, not when it was spoken of ("I had the use of Roland's splitter for a
    weekend in October. When did I first ask him for it?" was asked in September). Only the
    asking sentence's own times filter; the scene's words still rank."""
    asked = asked_sentence(question)
    if asked == question or classify(question).kind not in (Kind.FIRST, Kind.LAST):
        return planned
    own = plan_of(asked)
    if own.plan.ops == planned.plan.ops:
        return planned
    note = "the times of the scene before the question are when it happened, not filters"
    route = planned.route if own.plan.ops else "content"
    return replace(planned, plan=own.plan, route=route, resolved=[*planned.resolved, note])
