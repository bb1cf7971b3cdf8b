"""A speaker named in a content question is a preference, not a filter.

"What does Caroline say running has been great for?" is most often answered by Caroline, but
not always: the other side of the conversation tells it back ("you said running has been
great for your mind"), and an adversarial question names the wrong person outright ("what did
Caroline ..." when Melanie told it). A hard `where_speaker` drops those messages before
ranking, so on a content route the speaker moves to `PlanResult.prefer`, which retrieval ranks
with the speaker prior (`speaker_boost`), as `memlane search` does for a name in the query.
Measured on LoCoMo dev (offline agent, turn Recall@5): adversarial questions with only a
speaker filter 0.15 -> 0.69 (26 questions). Three kinds of question keep the filter, because
the speaker defines the set they read: a time-only question ("what did Melanie say last
week?"), one on the written clock ("what did Doug say about Castle Crags last month?" asks who
wrote what then; the written clock stays hard in agent.retrieve too), and one that reads every
match rather than the best few (first/last mentions, counts and lists: "when did Aki last
mention Miso?" is about Aki's mentions). Among the top k the preferred speaker's messages
come first (agent.retrieve), so the reader reads what Caroline said before what Melanie
said to her.
"""

from __future__ import annotations

from dataclasses import replace

from agent.answer.kinds import SPREAD, classify
from agent.plan.clocks import on_event_clock
from agent.plan.planner import PlanResult
from memory_store.query.table_ops import TablePlan, WhereSpeaker

__all__ = ["prefer_speakers"]


def prefer_speakers(question: str, planned: PlanResult) -> PlanResult:
    """On a content route, move the speaker filter into `prefer`; else `planned` unchanged."""
    speakers = [op for op in planned.plan.ops if isinstance(op, WhereSpeaker)]
    if planned.route != "both" or not speakers or classify(question).kind in SPREAD:
        return planned
    timed = [op for op in planned.plan.ops if not isinstance(op, WhereSpeaker)]
    if timed and not on_event_clock(planned.plan):
        return planned  # the written clock: who wrote what then is the question
    names = list(dict.fromkeys(n for op in speakers for n in op.names))
    ops = [op for op in planned.plan.ops if op not in speakers]
    note = f"{', '.join(names)} → preferred speaker, not a filter (a content question)"
    return replace(
        planned,
        plan=TablePlan(ops=ops),
        route="both" if ops else "content",
        resolved=[*planned.resolved, note],
        prefer=[*planned.prefer, *names],
    )
