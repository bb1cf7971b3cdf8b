"""Honest tuning: pick fusion knobs by leave-one-conversation-out cross-validation.

For a grid of settings (fusion, beta, chunk_weight), ``score_grid`` computes the turn-level
Recall@k of every question under every setting by re-fusing the cached runs (no retrieval).
``cross_validate`` then, for each conversation, picks the setting with the best mean on the
*other* conversations' questions and scores it on the held-out one. The pooled out-of-fold mean
estimates what the tuning procedure delivers on unseen conversations; the in-sample best (the
max over the grid on all questions, what the LINE study reported) is shown next to it so the
optimism is visible. The shipped values are the setting chosen on all conversations.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from eval.bootstrap import bootstrap_ci
from eval.metrics import recall_at_k
from eval.runs import Corpus, Progress, QuestionRuns
from eval.systems import pipeline_ranking
from memory_store.query.search import RetrievalConfig

__all__ = [
    "BETAS",
    "CHUNK_WEIGHTS",
    "CVResult",
    "cross_validate",
    "grid",
    "score_grid",
    "tuning_report",
]

BETAS = tuple(round(0.05 * i, 2) for i in range(21))
CHUNK_WEIGHTS = tuple(round(0.1 * i, 1) for i in range(7))
# The cross-validated search is coarser so that it stays a few minutes on 2 cores.
TUNE_BETAS = tuple(round(0.1 * i, 1) for i in range(11))
TUNE_CHUNK_WEIGHTS = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
SPEAKER_BOOSTS = (0.0, 0.1, 0.2, 0.3)
Array = npt.NDArray[np.float64]


def grid(
    betas: Sequence[float] = BETAS,
    chunk_weights: Sequence[float] = CHUNK_WEIGHTS,
    base: RetrievalConfig | None = None,
    speaker_boosts: Sequence[float] | None = None,
) -> list[RetrievalConfig]:
    """min-max settings for every (speaker_boost, chunk_weight, beta), then RRF per
    (speaker_boost, chunk_weight) (RRF has no beta, so it appears once, with the base beta)."""
    base = base or RetrievalConfig()
    boosts = speaker_boosts if speaker_boosts is not None else (base.speaker_boost,)
    out = [
        replace(base, fusion="minmax", beta=b, chunk_weight=w, speaker_boost=s)
        for s in boosts
        for w in chunk_weights
        for b in betas
    ]
    out += [
        replace(base, fusion="rrf", chunk_weight=w, speaker_boost=s)
        for s in boosts
        for w in chunk_weights
    ]
    return out


def score_grid(
    qruns: Sequence[QuestionRuns],
    corpus: Corpus,
    settings: Sequence[RetrievalConfig],
    k: int = 5,
    progress: Progress | None = None,
) -> Array:
    """Recall@k of each question (columns) under each setting (rows)."""
    out = np.empty((len(settings), len(qruns)), dtype=np.float64)
    for i, cfg in enumerate(settings):
        for j, q in enumerate(qruns):
            ranked = pipeline_ranking(
                q.runs, cfg, corpus, q.question.question, q.question.conversation
            )
            dias = [corpus.dia[m] for m in ranked[:k]]
            out[i, j] = recall_at_k(dias, frozenset(q.question.evidence), k)
        if progress:
            progress("tuning grid", i + 1, len(settings))
    return out


@dataclass(frozen=True)
class CVResult:
    """Leave-one-group-out selection over a (settings x questions) score matrix."""

    picks: dict[str, int]  # held-out group -> index of the setting chosen without it
    train_means: dict[str, float]  # held-out group -> the chosen setting's mean on the rest
    out_of_fold: Array  # per question: its score under the setting chosen without its group
    in_sample_best: int  # index of the best setting on all questions
    in_sample_mean: float


def cross_validate(scores: Array, groups: Sequence[str]) -> CVResult:
    """Pick argmax of the mean score on the other groups, per group; ties go to the first row."""
    labels = np.asarray(groups)
    if scores.ndim != 2 or scores.shape[1] != labels.size:
        raise ValueError("scores must be (settings x questions) with one group per question")
    if np.unique(labels).size < 2:
        raise ValueError("cross-validation needs at least two groups (conversations)")
    picks: dict[str, int] = {}
    train_means: dict[str, float] = {}
    oof = np.empty(labels.size, dtype=np.float64)
    for g in dict.fromkeys(groups):
        held = labels == g
        means = scores[:, ~held].mean(axis=1)
        best = int(np.argmax(means))
        picks[g], train_means[g] = best, float(means[best])
        oof[held] = scores[best, held]
    overall = scores.mean(axis=1)
    best_all = int(np.argmax(overall))
    return CVResult(picks, train_means, oof, best_all, float(overall[best_all]))


def describe(cfg: RetrievalConfig) -> dict[str, Any]:
    """The tuned knobs of one setting (beta is meaningless under RRF, so it is left out)."""
    out: dict[str, Any] = {
        "fusion": cfg.fusion,
        "chunk_weight": cfg.chunk_weight,
        "speaker_boost": cfg.speaker_boost,
        "candidates": cfg.candidates,
    }
    if cfg.fusion == "minmax":
        out["beta"] = cfg.beta
    return out


def tuning_report(
    scores: Array,
    settings: Sequence[RetrievalConfig],
    qruns: Sequence[QuestionRuns],
    k: int,
    date: str,
    dataset: str,
) -> dict[str, Any]:
    """What was chosen and how: the grid, each fold's pick, in-sample vs out-of-fold Recall@k."""
    groups = [q.question.conversation for q in qruns]
    cv = cross_validate(scores, groups)
    oof, lo, hi = bootstrap_ci(cv.out_of_fold, 5000, 0)
    _, ins_lo, ins_hi = bootstrap_ci(scores[cv.in_sample_best], 5000, 0)
    labels = np.asarray(groups)
    folds = [
        {
            "held_out": g,
            "n": int((labels == g).sum()),
            "chosen": describe(settings[i]),
            "train_recall": cv.train_means[g],
            "held_out_recall": float(cv.out_of_fold[labels == g].mean()),
        }
        for g, i in cv.picks.items()
    ]
    return {
        "dataset": dataset,
        "date": date,
        "metric": f"turn-level recall@{k}, LoCoMo categories 1-4, questions with evidence",
        "folds": "leave one conversation out",
        "n_questions": int(scores.shape[1]),
        "grid": {
            "beta": list(BETAS),
            "chunk_weight": sorted({s.chunk_weight for s in settings}),
            "fusion": ["minmax", "rrf"],
            "candidates": sorted({s.candidates for s in settings}),
        },
        "chosen": describe(settings[cv.in_sample_best]),
        "in_sample_best": {"recall": cv.in_sample_mean, "ci95": [ins_lo, ins_hi]},
        "out_of_fold": {"recall": oof, "ci95": [lo, hi]},
        "optimism": cv.in_sample_mean - oof,
        "per_fold": folds,
    }


def beta_curves(
    scores: Array, settings: Sequence[RetrievalConfig], groups: Sequence[str]
) -> dict[str, tuple[list[float], list[float]]]:
    """Recall vs beta (min-max settings): in-sample with the best other knobs, in-sample at
    chunk_weight 0, and out-of-fold where, at each beta, the other knobs are chosen by CV."""
    betas = sorted({s.beta for s in settings if s.fusion == "minmax"})
    in_sample, plain, oof = [], [], []
    for b in betas:
        rows = [i for i, s in enumerate(settings) if s.fusion == "minmax" and s.beta == b]
        sub = scores[rows]
        in_sample.append(float(sub.mean(axis=1).max()))
        zero = [r for r in rows if settings[r].chunk_weight == 0]
        plain.append(float(scores[zero[0]].mean()) if zero else float("nan"))
        oof.append(float(cross_validate(sub, groups).out_of_fold.mean()))
    return {
        "in-sample (best chunk_weight at each beta)": (betas, in_sample),
        "in-sample, chunk_weight 0": (betas, plain),
        "out-of-fold (chunk_weight chosen by CV at each beta)": (betas, oof),
    }
