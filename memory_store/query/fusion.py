"""Pure fusion functions over {id: score} runs."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence

Run = Mapping[int, float]


def minmax(run: Run) -> dict[int, float]:
    """s' = (s - min) / (max - min); all-equal scores map to 1.0 (every item ties at the top)."""
    if not run:
        return {}
    lo, hi = min(run.values()), max(run.values())
    if hi == lo:
        return dict.fromkeys(run, 1.0)
    return {d: (s - lo) / (hi - lo) for d, s in run.items()}


def weighted_minmax(lexical: Run, dense: Run, beta: float) -> dict[int, float]:
    """s(d) = beta * mm(bm25)(d) + (1 - beta) * mm(dense)(d), 0 where a retriever missed d.

    The LINE study's hybrid (Hattori 2026): min-max over each retriever's top candidates.
    """
    a, b = minmax(lexical), minmax(dense)
    return {d: beta * a.get(d, 0.0) + (1 - beta) * b.get(d, 0.0) for d in a.keys() | b.keys()}


def rrf(runs: Sequence[Run], k: int = 60) -> dict[int, float]:
    """s(d) = sum over runs of 1 / (k + rank_r(d)), rank 1-based (Cormack et al. 2009)."""
    out: dict[int, float] = {}
    for run in runs:
        for rank, d in enumerate(sorted(run, key=lambda x: (-run[x], x)), start=1):
            out[d] = out.get(d, 0.0) + 1.0 / (k + rank)
    return out


def fill_missing(runs: Sequence[Run], weights: Sequence[float] | None = None) -> dict[int, float]:
    """Weighted sum of runs where a document absent from a run takes that run's last score.

    The RALI iKAT 2024 multi-query recipe: s(d) = sum_r w_r * (s_r(d) if d in r else min(s_r)).
    """
    weights = weights or [1.0] * len(runs)
    docs = set().union(*runs) if runs else set()
    out = dict.fromkeys(docs, 0.0)
    for run, w in zip(runs, weights, strict=True):
        floor = min(run.values()) if run else 0.0
        for d in docs:
            out[d] += w * run.get(d, floor)
    return out


def backfill(primary: Run, secondary: Run, n: int) -> dict[int, float]:
    """`primary` ranked first; when it holds fewer than `n`, `secondary`'s best fill the rest.

    s(d) = 2 + mm(primary)(d) for d in primary; mm(secondary)(d) for the fill (all <= 1),
    so the fill only ever ranks below every primary document.
    """
    out = {d: 2.0 + s for d, s in minmax(primary).items()}
    for d, s in top(minmax(secondary), len(secondary)):
        if len(out) >= n:
            break
        out.setdefault(d, s)
    return out


def hedged(primary: Run, secondary: Run, k: int) -> dict[int, float]:
    """A soft filter: `primary` (the filtered run) first, back-filled from `secondary` (the
    unfiltered one) to `k`, and `secondary`'s best document kept in the top k.

    `backfill(primary, secondary, k)`; then, when the best of `secondary` is not among its
    first k - 1, it is scored just below the (k-1)-th, so it takes the k-th place.
    """
    out = backfill(primary, secondary, k)
    head = [d for d, _ in top(out, k - 1)]
    best = next((d for d, _ in top(secondary, len(secondary)) if d not in head), None)
    if best is not None and head:
        out[best] = max(out.get(best, 0.0), math.nextafter(out[head[-1]], -math.inf))
    return out


def with_replies(
    scores: Run, answered: Mapping[int, int], weight: float, asked: float = 1.0
) -> dict[int, float]:
    """s'(d) = s(d) + weight * s(q) where d answers the question q ("which team did you sign
    with?" / "The Minnesota Wolves!"): a reply carries the words it answers without writing
    them. Scores of the same run, so only questions scored for this query lend any.

    The question itself keeps `asked` x its score: it shares the words of what is asked of
    memlane, but its reply is what tells ("what do you remember about that concert?" asks;
    "I saw Foo Fighters in concert" answers "what music event did Megan attend?").
    """
    if (weight <= 0 and asked >= 1.0) or not answered:
        return dict(scores)
    questions = set(answered.values())
    return {
        d: (asked * s if d in questions else s) + weight * scores.get(answered.get(d, -1), 0.0)
        for d, s in scores.items()
    }


def top(run: Run, n: int) -> list[tuple[int, float]]:
    """The n best (id, score) pairs; ties broken by id for determinism."""
    return sorted(run.items(), key=lambda kv: (-kv[1], kv[0]))[:n]


def speaker_prior(
    scores: Run, speaker_of: Mapping[int, str], names: Sequence[str], boost: float
) -> dict[int, float]:
    """s'(d) = s(d) + boost if d was written by one of `names`, else s(d)."""
    wanted = {n.lower() for n in names}
    return {
        d: s + (boost if speaker_of.get(d, "").lower() in wanted else 0.0)
        for d, s in scores.items()
    }


def narration_prior(scores: Run, narrating: Collection[int], boost: float) -> dict[int, float]:
    """s'(d) = s(d) + boost if d tells of something its writer did (query.narration)."""
    return {d: s + (boost if d in narrating else 0.0) for d, s in scores.items()}
