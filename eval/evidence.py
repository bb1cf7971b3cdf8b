"""Where a question's gold evidence sits in what the whole agent retrieved.

Recall@5 alone cannot say what to build: evidence ranked 6-20 wants a better ordering of what is
already found, evidence outside the top 50 wants a new signal, and evidence spread over several
sessions wants coverage. So every answered LoCoMo question keeps the rank of each evidence turn
in the agent's ranking (first ``DEPTH`` turns; None when absent) and how many sessions its
evidence spans, and `retrieval_block` reports, per category: Recall@5/10/50, the share of
evidence turns in each rank bucket, the sessions spanned, and the context tokens of the top 5
and top 10 turns.

Measured with this on LoCoMo dev at 7060659 (offline agent; issue 16): multi-hop evidence turns
are 32% in the top 5, 11% at 6-10, 26% at 11-50 and 31% outside the top 50; 89 of the 142
multi-hop questions span two sessions and 48 span three or more.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "BUCKETS",
    "DEPTH",
    "EvidenceRanks",
    "evidence_ranks",
    "rank_bucket",
    "retrieval_block",
    "retrieval_lines",
    "session_of",
]

DEPTH = 50  # the deepest rank kept (as the Recall@k curve of `eval locomo`)
CUTOFFS = (5, 10, 50)
# Upper rank of each bucket (inclusive); evidence past the last is "absent".
BUCKETS: tuple[tuple[str, int], ...] = (("1-5", 5), ("6-10", 10), ("11-20", 20), ("21-50", 50))
ABSENT = "absent"


@dataclass(frozen=True)
class EvidenceRanks:
    """One question: the 1-based rank of each evidence turn (None: not in the top DEPTH), the
    sessions its evidence spans, and the context tokens of its top 5 and top 10 turns."""

    category: int
    ranks: tuple[int | None, ...]
    sessions: int
    tokens_at: tuple[int, int]

    def recall(self, k: int) -> float:
        if not self.ranks:
            return 0.0
        return sum(r is not None and r <= k for r in self.ranks) / len(self.ranks)


def session_of(dia_id: str) -> str:
    """The session part of a LoCoMo dia_id: "D3:7" -> "D3"."""
    return dia_id.split(":", 1)[0]


def evidence_ranks(
    category: int, ranked: Sequence[str], tokens: Sequence[int], evidence: Sequence[str]
) -> EvidenceRanks:
    """`ranked`: the agent's turns (dia_ids) best first; `tokens`: each one's context tokens."""
    position: dict[str, int] = {}
    for i, ref in enumerate(ranked[:DEPTH], start=1):
        position.setdefault(ref, i)
    wanted = list(dict.fromkeys(evidence))
    return EvidenceRanks(
        category=category,
        ranks=tuple(position.get(e) for e in wanted),
        sessions=len({session_of(e) for e in wanted}),
        tokens_at=(sum(tokens[:5]), sum(tokens[:10])),
    )


def rank_bucket(rank: int | None) -> str:
    """ "1-5", "6-10", "11-20", "21-50" or "absent"."""
    if rank is not None:
        for name, upper in BUCKETS:
            if rank <= upper:
                return name
    return ABSENT


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _block(rows: Sequence[EvidenceRanks]) -> dict[str, Any]:
    turns = [r for row in rows for r in row.ranks]
    buckets = Counter(rank_bucket(r) for r in turns)
    spans = Counter(min(row.sessions, 3) for row in rows)  # 3 stands for "3 or more"
    return {
        "n": len(rows),
        **{f"recall@{k}": _mean([row.recall(k) for row in rows]) for k in CUTOFFS},
        "evidence_turns": len(turns),
        "rank_share": {
            name: buckets[name] / len(turns) if turns else 0.0
            for name in [*(b for b, _ in BUCKETS), ABSENT]
        },
        "sessions_spanned": {"1": spans[1], "2": spans[2], "3+": spans[3]},
        "turn_tokens@5": _mean([row.tokens_at[0] for row in rows]),
        "turn_tokens@10": _mean([row.tokens_at[1] for row in rows]),
    }


def retrieval_block(rows: Sequence[EvidenceRanks], headline: Sequence[int]) -> dict[str, Any]:
    """The headline categories pooled, then one block per category present."""
    out = _block([r for r in rows if r.category in headline])
    out["by_category"] = {
        str(c): _block([r for r in rows if r.category == c])
        for c in sorted({r.category for r in rows})
    }
    return out


def retrieval_lines(block: Mapping[str, Any]) -> list[str]:
    """Markdown rows of `retrieval_block`: one per category, then the headline."""
    head = (
        "| category | n | R@5 | R@10 | R@50 | evidence at 1-5 / 6-10 / 11-20 / 21-50 / absent "
        "| sessions spanned 1 / 2 / 3+ | tokens @5 / @10 |"
    )
    lines = [head, "|---|---|---|---|---|---|---|---|"]
    cats = [(f"{c}", b) for c, b in block["by_category"].items()]
    for name, b in [*cats, ("all of 1-4", block)]:
        share = " / ".join(f"{v:.2f}" for v in b["rank_share"].values())
        spans = " / ".join(str(v) for v in b["sessions_spanned"].values())
        lines.append(
            f"| {name} | {b['n']} | {b['recall@5']:.3f} | {b['recall@10']:.3f} | "
            f"{b['recall@50']:.3f} | {share} | {spans} | "
            f"{b['turn_tokens@5']:.0f} / {b['turn_tokens@10']:.0f} |"
        )
    return lines
