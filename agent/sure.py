"""Fewer, surer turns: the turns a time + content question returns, cut where the ranking falls.

Inside a time filter every candidate shares the date and the people, and the question asks
for one thing said then: the turns scoring well below the best are seldom it. Of the top k,
those whose in-filter score is at least `ratio` x the best in-filter score are returned
(`Settings.filtered_cut`). A turn from outside the filter (a soft filter's fill,
agent.retrieve) has no in-filter score and keeps its place: it is there because the filter
may be wrong.

The ratio was chosen by leave-one-conversation-out CV on LoCoMo dev, each question ranked only
among the turns of its evidence sessions (as `memlane eval tune --within-sessions` ranks), by
mean F2 (TMD's measure): all five folds chose 0.7-0.75, out-of-fold F2 0.651 and recall 0.767,
against 0.526 and 0.868 for the top 5.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["sure_ids"]


def sure_ids(head: Sequence[int], inside: Mapping[int, float], ratio: float) -> list[int]:
    """The ids of `head` (the top k, in rank order) with `inside[d] >= ratio * max(inside
    over head)`, and those absent from `inside`; all of `head` when no score is positive."""
    best = max((inside[d] for d in head if d in inside), default=0.0)
    if best <= 0:
        return list(head)
    return [d for d in head if d not in inside or inside[d] >= ratio * best]
