"""The filter stage: a TablePlan → the candidate message ids, through one Store method.

Events ("before I moved") are resolved first: an event is when its best-matching message was
written. The plan is then compiled to bound SQL (`compile_plan`) and run by the store.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from agent.plan.clocks import on_event_clock
from agent.result import AskResult
from memory_store.db.store import Store
from memory_store.query.search import Searcher
from memory_store.query.table_ops import (
    After,
    Before,
    TablePlan,
    WhereTimeOfDay,
    compile_plan,
)

__all__ = ["filter_candidates", "resolve_events"]


def filter_candidates(
    store: Store, searcher: Searcher, result: AskResult, *, before_latest: bool = False
) -> None:
    """Fill `result.sql`, `result.params` and the filtered ids (nothing when the plan is empty).
    `before_latest`: the question's now is before the newest message in scope; what was
    written after it is not there yet, whatever the question asks ("when's dad's op now?",
    asked on 20 March, is not answered from May)."""
    plan: TablePlan = result.planned.plan
    if not plan.ops and not before_latest:
        return
    if not plan.ops:
        result.notes.append(f"only messages written by {result.now:%Y-%m-%d %H:%M} are read")
    events = resolve_events(searcher, plan, result)
    unresolved = [
        op for op in plan.ops if isinstance(op, Before | After) and op.event not in events
    ]
    if unresolved:  # nothing in the history matches the event: drop it rather than fail
        for op in unresolved:
            result.notes.append(f"event {op.event!r} matched no message; its {op.op} was dropped")
        plan = TablePlan(ops=[op for op in plan.ops if op not in unresolved])
        if not plan.ops:
            return
    compiled = compile_plan(
        plan, now=result.now, conversation=result.conversation, event_times=events
    )
    ids = store.select_ids(compiled.sql, compiled.params)
    wider = _wider_part_of_day(plan) if not len(ids) else None
    if wider is not None:
        # "the evening of october 17" when the chat ran from 22:05: a part of the day has no
        # sharp edge, so an empty one takes the hours either side of it
        widened, part = wider
        again = compile_plan(
            widened, now=result.now, conversation=result.conversation, event_times=events
        )
        ids = store.select_ids(again.sql, again.params)
        if len(ids):
            compiled = again
            result.notes.append(
                f"the part of the day matched no messages; widened it to "
                f"{part.start:%H:%M}–{part.end:%H:%M}"
            )
    result.sql, result.params = compiled.sql, compiled.params
    result.set_filtered(ids, searcher.lookups().messages)
    if not len(ids) and result.route != "time" and on_event_clock(plan):
        result.notes.append("the time filter matched no messages; ranking the whole scope")
    elif not len(ids):
        result.notes.append("the time filter matched no messages; not widening it")


# How far an empty part of the day reaches either side.
_PART_MARGIN = timedelta(hours=2)


def _wider_part_of_day(plan: TablePlan) -> tuple[TablePlan, WhereTimeOfDay] | None:
    """The plan with its part of the day widened by _PART_MARGIN each side, within the day,
    and that widened part; None when it has none (or one across midnight, wide already)."""
    parts = [op for op in plan.ops if isinstance(op, WhereTimeOfDay) and op.start <= op.end]
    if len(parts) != 1:
        return None
    part = parts[0]
    day = date(2000, 1, 1)
    start = max(datetime.combine(day, part.start) - _PART_MARGIN, datetime.combine(day, time()))
    end = min(datetime.combine(day, part.end) + _PART_MARGIN, datetime.combine(day, time.max))
    widened = part.model_copy(
        update={"start": start.time(), "end": end.time().replace(microsecond=0)}
    )
    return TablePlan(ops=[widened if op is part else op for op in plan.ops]), widened


def resolve_events(searcher: Searcher, plan: TablePlan, result: AskResult) -> dict[str, datetime]:
    """before/after an event: the event is when its best-matching message was written."""
    events: dict[str, datetime] = {}
    for op in plan.ops:
        if isinstance(op, Before | After) and op.event not in events:
            hits = searcher.search(op.event, 1, conversation=result.conversation)
            if hits.ranked:
                events[op.event] = hits.ranked[0][0].ts
                result.notes.append(f"event {op.event!r} → {events[op.event]:%Y-%m-%d %H:%M}")
    return events
