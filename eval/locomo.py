"""LoCoMo retrieval evaluation: every system scored at turn level from one set of runs.

Each LoCoMo sample is its own conversation; each question is asked scoped to it (``now`` is its
latest message, recorded in the results; retrieval here does not filter by time). Turn-level
metrics score the ranking of messages against the repaired evidence dia_ids; questions with no
evidence left are skipped and counted. The headline is categories 1-4 (cat 5, adversarial, has
evidence too and is reported in its own column).

``results.json`` has the shape outside scripts read (every value under ``systems`` is in 0..1)::

    {"dataset": "locomo", "k": 5, "default_system": "memlane-default",
     "systems": {"bm25": {"recall@5": x, "mrr@5": x, "ndcg@5": x,
                          "ci95": {"recall@5": [lo, hi], ...},
                          "by_category": {"1": {same keys}, ..., "5": {...}}}, ...},
     "chunk_level": {...}, "comparisons": [...], "counts": {...}, "recall_curve": {...}, ...}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from eval.bootstrap import bootstrap_ci, paired_bootstrap_diff
from eval.locomo_data import (
    CATEGORY_NAMES,
    LocomoQuestion,
    conversation_dia_ids,
    load_locomo_questions,
    repair_evidence,
)
from eval.metrics import mrr_at_k, ndcg_at_k, recall_at_k
from eval.runs import (
    HEADLINE_CATEGORIES,
    Corpus,
    Prepared,
    Progress,
    QuestionRuns,
    collect_runs,
    load_corpus,
    open_eval_store,
    session_scope,
)
from eval.systems import DEPTH, System, chunk_ranking, systems_for
from memory_store.db.store import Store
from memory_store.settings import Settings

if TYPE_CHECKING:
    from eval.answers import AnswerRow

__all__ = [
    "HEADLINE_CATEGORIES",
    "Prepared",
    "count_unrepaired",
    "prepare",
    "run_locomo",
    "score_system",
    "summarize",
]

BASELINES = ("bm25", "line-2026")
DEFAULT_SYSTEM = "memlane-default"
N_RESAMPLES, SEED = 5000, 0
Array = npt.NDArray[np.float64]


def count_unrepaired(path: Path) -> int:
    """Evidence ids that `repair_evidence` could not map to a turn, over the whole file."""
    samples = json.loads(path.read_text(encoding="utf-8"))
    total = 0
    for sample in samples:
        valid = conversation_dia_ids(sample["conversation"])
        total += sum(repair_evidence(qa.get("evidence", []), valid)[1] for qa in sample["qa"])
    return total


def prepare(
    path: Path,
    settings: Settings,
    db: Path | None = None,
    progress: Progress | None = None,
    within_sessions: bool = False,
) -> Prepared:
    """Open the cached store, then ask every question that has evidence once.

    `within_sessions` asks as the pipeline does after a time filter: only among the turns of
    the sessions holding the evidence, with the question focused (`agent.pipeline.focus_query`
    drops speaker names and reporting verbs, which every turn in the filter shares).
    """
    store = open_eval_store(path, settings, db, progress)
    try:
        questions = load_locomo_questions(path)
        scored = [q for q in questions if q.evidence]
        scope, query = (session_scope(store), _focused(store)) if within_sessions else (None, None)
        qruns = collect_runs(store, scored, settings, progress=progress, scope=scope, query=query)
        corpus = load_corpus(store)
        now = {c: str(store.latest_ts(c)) for c in sorted({q.conversation for q in questions})}
    finally:
        store.close()
    counts = {
        "questions": len(questions),
        "scored": len(scored),
        "skipped_no_evidence": len(questions) - len(scored),
        "unrepaired_evidence_ids": count_unrepaired(path),
        "by_category": {str(c): sum(q.category == c for q in scored) for c in CATEGORY_NAMES},
    }
    return Prepared(qruns, corpus, counts, now)


def _focused(store: Store) -> Callable[[LocomoQuestion], str]:
    from agent.pipeline import focus_query

    speakers = {c: store.speakers(c) for c in store.conversations()}
    return lambda q: focus_query(q.question, speakers.get(q.conversation, []))


def _question_scores(
    turns: list[int], chunks: list[int], q: LocomoQuestion, corpus: Corpus, k: int
) -> dict[str, float]:
    """Turn metrics, chunk recall (evidence turns inside the top-k chunks) and context sizes."""
    dias = [corpus.dia[m] for m in turns]
    rel = frozenset(q.evidence)
    in_chunks = {corpus.dia[m] for c in chunks[:k] for m in corpus.members.get(c, ())}
    return {
        f"recall@{k}": recall_at_k(dias, rel, k),
        f"mrr@{k}": mrr_at_k(dias, rel, k),
        f"ndcg@{k}": ndcg_at_k(dias, rel, k),
        f"chunk_recall@{k}": len(rel & in_chunks) / len(rel),
        f"turn_tokens@{k}": float(sum(corpus.tokens[m] for m in turns[:k])),
        f"chunk_tokens@{k}": float(sum(corpus.chunk_tokens.get(c, 0) for c in chunks[:k])),
    }


def _recall_curve(turns: list[int], q: LocomoQuestion, corpus: Corpus) -> Array:
    """Recall@k for k = 1..DEPTH (cumulative evidence hits / |evidence|)."""
    rel = set(q.evidence)
    hits = np.array([corpus.dia[m] in rel for m in turns[:DEPTH]], dtype=np.float64)
    hits = np.pad(hits, (0, DEPTH - hits.size))
    return np.cumsum(hits) / len(rel)


def score_system(
    system: System, qruns: Sequence[QuestionRuns], corpus: Corpus, k: int
) -> dict[str, Array]:
    """Per-question figures of one system, as arrays aligned with `qruns` ("curve" is n x 50)."""
    rows: list[dict[str, float]] = []
    curves: list[Array] = []
    for q in qruns:
        turns = system.turns(q, corpus)
        chunks = (system.chunks or _derived_chunks)(q, corpus, turns)
        rows.append(_question_scores(turns, chunks, q.question, corpus, k))
        curves.append(_recall_curve(turns, q.question, corpus))
    out = {name: np.array([r[name] for r in rows]) for name in rows[0]} if rows else {}
    out["curve"] = np.array(curves).reshape(len(curves), DEPTH)
    return out


def _derived_chunks(q: QuestionRuns, corpus: Corpus, turns: list[int]) -> list[int]:
    return chunk_ranking(turns, corpus)


def _block(
    scores: Mapping[str, Array], mask: npt.NDArray[np.bool_], metrics: Sequence[str]
) -> dict[str, Any]:
    """{metric: mean, "ci95": {metric: [lo, hi]}} over the masked questions."""
    block: dict[str, Any] = {}
    ci: dict[str, list[float]] = {}
    for m in metrics:
        mean, lo, hi = bootstrap_ci(scores[m][mask], N_RESAMPLES, SEED)
        block[m], ci[m] = mean, [lo, hi]
    block["ci95"] = ci
    return block


def summarize(
    scores: Mapping[str, Array], categories: npt.NDArray[np.int64], metrics: Sequence[str]
) -> dict[str, Any]:
    """The headline block (categories 1-4) plus one block per category present."""
    out = _block(scores, np.isin(categories, HEADLINE_CATEGORIES), metrics)
    out["by_category"] = {
        str(c): _block(scores, categories == c, metrics)
        for c in CATEGORY_NAMES
        if np.any(categories == c)
    }
    return out


def _comparisons(
    scored: Mapping[str, Mapping[str, Array]], mask: npt.NDArray[np.bool_], metrics: Sequence[str]
) -> list[dict[str, Any]]:
    """Paired bootstrap differences of every system against each baseline (categories 1-4)."""
    out = []
    for base in BASELINES:
        for name, scores in scored.items():
            if name == base or base not in scored:
                continue
            for m in metrics:
                diff, lo, hi = paired_bootstrap_diff(
                    scores[m][mask], scored[base][m][mask], N_RESAMPLES, SEED
                )
                out.append({"a": name, "b": base, "metric": m, "diff": diff, "lo": lo, "hi": hi})
    return out


def evaluate(
    prep: Prepared, settings: Settings, k: int, progress: Progress | None = None
) -> tuple[dict[str, Any], dict[str, dict[str, Array]]]:
    """Score every system on the prepared runs; returns (results, per-question arrays)."""
    systems = systems_for(settings)
    scored: dict[str, dict[str, Array]] = {}
    for n, (name, system) in enumerate(systems.items(), start=1):
        scored[name] = score_system(system, prep.qruns, prep.corpus, k)
        if progress:
            progress("scoring", n, len(systems))
    cats, mask = prep.categories, prep.headline
    turn = [f"recall@{k}", f"mrr@{k}", f"ndcg@{k}"]
    results: dict[str, Any] = {
        "dataset": "locomo",
        "k": k,
        "systems": {name: summarize(s, cats, turn) for name, s in scored.items()},
        "default_system": DEFAULT_SYSTEM,
        "chunk_level": _chunk_level(scored, cats, settings, k),
        "comparisons": _comparisons(scored, mask, turn),
        "recall_curve": {n: s["curve"][mask].mean(axis=0).tolist() for n, s in scored.items()},
    }
    return results, scored


def _chunk_level(
    scored: Mapping[str, Mapping[str, Array]],
    cats: npt.NDArray[np.int64],
    settings: Settings,
    k: int,
) -> dict[str, Any]:
    """Chunk recall with CIs, and the mean context tokens of the top-k turns and chunks."""
    mask = np.isin(cats, HEADLINE_CATEGORIES)
    systems = {}
    for name, s in scored.items():
        block = summarize(s, cats, [f"chunk_recall@{k}"])
        block[f"turn_context_tokens@{k}"] = float(s[f"turn_tokens@{k}"][mask].mean())
        block[f"chunk_context_tokens@{k}"] = float(s[f"chunk_tokens@{k}"][mask].mean())
        systems[name] = block
    return {
        "chunk_size": settings.chunk_size,
        "chunk_stride": settings.chunk_stride,
        "unit": "chunks (evidence turns inside the top-k chunks)",
        "systems": systems,
    }


def run_locomo(
    path: str | Path,
    *,
    k: int = 5,
    settings: Settings,
    out_dir: str | Path | None = None,
    progress: Progress | None = None,
    db: Path | None = None,
    prepared: Prepared | None = None,
    answers: bool = False,
    judge: bool = False,
) -> dict[str, Any]:
    """Evaluate every system on one LoCoMo file; write the report into `out_dir` if given.

    Args:
        path: a LoCoMo JSON file (a list of samples).
        k: the cutoff of the headline metrics (the Recall@k curve always runs 1..50).
        settings: memlane settings; ``memlane-default`` is the search pipeline they configure.
        db: the evaluation store (default: a cache under ``settings.home / "eval"``).
        prepared: runs from an earlier ``prepare`` call, to skip retrieval.
        answers: also run the whole agent on every question and score its answers
            (``eval.answers``; results gain an ``answers`` block).
        judge: with ``answers`` and an LLM configured, label each answer with the LLM judge.
    """
    if not 1 <= k <= DEPTH:
        raise ValueError(f"k must be in 1..{DEPTH}, got {k}")
    path = Path(path)
    prep = prepared or prepare(path, settings, db, progress)
    results, scored = evaluate(prep, settings, k, progress)
    results |= _setup(path, prep, settings)
    rows: list[AnswerRow] = []
    if answers:
        from eval.answers import run_answers

        results["answers"], rows = run_answers(
            path, settings, db=db, judge=judge, progress=progress
        )
    if out_dir is not None:
        from eval.locomo_report import write_locomo_report

        write_locomo_report(Path(out_dir), results, prep, scored, settings, rows)
    return results


def _setup(path: Path, prep: Prepared, settings: Settings) -> dict[str, Any]:
    """The run's description: split, unit, configuration, counts, bootstrap parameters."""
    return {
        "split": path.name,
        "unit": "turns (dia_ids); metrics over the turn-level ranking of messages",
        "headline_categories": list(HEADLINE_CATEGORIES),
        "categories": {str(c): n for c, n in CATEGORY_NAMES.items()},
        "counts": prep.counts,
        "now": prep.now,
        "bootstrap": {"resamples": N_RESAMPLES, "seed": SEED, "ci": 0.95, "paired": True},
        "settings": {
            key: getattr(settings, key)
            for key in (
                "embedder",
                "beta",
                "fusion",
                "candidates",
                "chunk_weight",
                "chunk_size",
                "chunk_stride",
                "session_gap_minutes",
            )
        },
    }
