"""Coverage re-ranking prototypes (issue 16), scored on cached runs before touching agent/.

Set and multi-hop questions have evidence in several sessions, and memlane's top 5 often holds
a turn and its neighbours (each turn's BM25 document holds its neighbours' words). Picking the
top k for coverage instead is the obvious remedy: `quota_rerank` takes the ranking and lets at
most ``cap`` turns of one session, and no turn within ``gap`` turns of one already taken, into
the first ``k`` places (the rest follow in order). `cv_quota` chooses (cap, gap, which
questions) by leave-one-conversation-out CV on categories 1-4 and reports every category out
of fold, category 5 with the setting its conversation's fold chose.

Measured on LoCoMo dev at 7060659 (memlane-default runs, Recall@5, `cv_quota`): no setting
beats "off" in sample on categories 1-4 (0.721). For count/list/first/last questions only
(`spread_only`) the best (cap 2 or 3, or gap 1) leave 1-4 at 0.721 and lower multi-hop to
0.359; for every question, a cap of 3 lifts multi-hop to 0.375 but drops single-hop to 0.800
and adversarial to 0.504, and gap 1 drops adversarial to 0.203 (an adversarial question names
the wrong speaker, whose turn beside the evidence is boosted above it). Out of fold (three folds
chose a spread-only quota): multi-hop 0.352, temporal 0.837, open-domain 0.369, single-hop
0.838, adversarial 0.631. The missing evidence is not near the top to be let in: 31% of
multi-hop evidence turns are outside the agent's top 50 (eval.evidence).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from agent.answer.kinds import SPREAD, classify
from eval.evidence import session_of
from eval.metrics import recall_at_k
from eval.runs import Corpus, QuestionRuns
from eval.systems import System
from eval.tune import cross_validate

__all__ = ["QuotaSetting", "cv_quota", "quota_grid", "quota_rerank", "turn_of"]

CATEGORIES = (1, 2, 3, 4, 5)


@dataclass(frozen=True)
class QuotaSetting:
    """cap: most turns of one session in the top k (0: no cap); gap: no two taken turns this
    close in one session (0: off); spread_only: only for count/list/first/last questions."""

    cap: int = 0
    gap: int = 0
    spread_only: bool = False

    @property
    def off(self) -> bool:
        return self.cap == 0 and self.gap == 0


def turn_of(dia_id: str) -> int:
    """The turn part of a LoCoMo dia_id: "D3:7" -> 7 (-1 when there is none)."""
    _, _, turn = dia_id.partition(":")
    return int(turn) if turn.isdigit() else -1


def quota_rerank(ranked: Sequence[str], setting: QuotaSetting, k: int = 10) -> list[str]:
    """`ranked` (dia_ids, best first) with the first k places filled under the quota."""
    if setting.off:
        return list(ranked)
    head: list[str] = []
    rest: list[str] = []
    per_session: dict[str, int] = {}
    for ref in ranked:
        s, t = session_of(ref), turn_of(ref)
        full = setting.cap and per_session.get(s, 0) >= setting.cap
        near = setting.gap and any(
            session_of(h) == s and abs(turn_of(h) - t) <= setting.gap for h in head
        )
        if len(head) < k and not full and not near:
            head.append(ref)
            per_session[s] = per_session.get(s, 0) + 1
        else:
            rest.append(ref)
    return head + rest


def quota_grid() -> list[QuotaSetting]:
    """Off first (CV ties go to the first row), then each cap and gap, for all or spread only."""
    shapes = [(c, 0) for c in (1, 2, 3)] + [(0, g) for g in (1, 2)] + [(2, 1), (3, 1)]
    return [QuotaSetting()] + [
        QuotaSetting(c, g, only) for only in (True, False) for c, g in shapes
    ]


def _scores(
    qruns: Sequence[QuestionRuns],
    corpus: Corpus,
    system: System,
    grid: Sequence[QuotaSetting],
    spread: Callable[[str], bool],
    k: int,
) -> np.ndarray:
    """Recall@k of each question (columns) under each setting (rows)."""
    out = np.empty((len(grid), len(qruns)))
    for j, q in enumerate(qruns):
        ranked = [corpus.dia[m] for m in system.turns(q, corpus)]
        rel = frozenset(q.question.evidence)
        applies = spread(q.question.question)
        for i, s in enumerate(grid):
            got = ranked if s.spread_only and not applies else quota_rerank(ranked, s)
            out[i, j] = recall_at_k(got, rel, k)
    return out


def cv_quota(
    qruns: Sequence[QuestionRuns], corpus: Corpus, system: System, k: int = 5
) -> dict[str, Any]:
    """Per category: the default, the in-sample best setting's and the out-of-fold Recall@k."""
    grid = quota_grid()
    scores = _scores(qruns, corpus, system, grid, lambda t: classify(t).kind in SPREAD, k)
    cats = np.array([q.question.category for q in qruns])
    groups = np.array([q.question.conversation for q in qruns])
    head = cats < 5
    cv = cross_validate(scores[:, head], list(groups[head]))
    oof = np.zeros(len(qruns))
    oof[head] = cv.out_of_fold
    for g, i in cv.picks.items():  # category 5 under the setting chosen without its conversation
        rows = (groups == g) & ~head
        oof[rows] = scores[i, rows]
    best = int(np.argmax(scores[:, head].mean(axis=1)))
    return {
        "picks": {g: str(grid[i]) for g, i in cv.picks.items()},
        "in_sample_best": str(grid[best]),
        "by_category": {
            str(c): {
                "default": float(scores[0, cats == c].mean()),
                "in_sample_best": float(scores[best, cats == c].mean()),
                "out_of_fold": float(oof[cats == c].mean()),
            }
            for c in CATEGORIES
            if np.any(cats == c)
        },
    }
