"""The LoCoMo report directory: report.md, results.json, per_question.csv and PNG plots.

``eval.report`` renders tables from its own "overall"/"by_category" view with ``{mean, lo, hi}``
cells; results.json keeps the outside-script shape of ``eval.locomo``. So the view is built here
for report.md only, and results.json is rewritten with the real results afterwards.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from eval.bootstrap import bootstrap_ci
from eval.locomo_data import CATEGORY_NAMES
from eval.report import PlotSpec, rounded, write_report
from eval.systems import DEPTH, systems_for
from eval.tune import BETAS, CHUNK_WEIGHTS, beta_curves, cross_validate, grid, score_grid
from memory_store.query.search import RetrievalConfig
from memory_store.settings import Settings

if TYPE_CHECKING:
    from eval.answers import AnswerRow
    from eval.runs import Prepared

__all__ = ["beta_plot", "recall_k_plot", "write_locomo_report"]

Array = npt.NDArray[np.float64]
# Published evidence recall of the LoCoMo paper's DRAGON retriever (all categories), for scale.
DRAGON = {5: 0.567, 10: 0.662, 25: 0.767, 50: 0.827}


def _cell(block: Mapping[str, Any], metric: str) -> dict[str, float]:
    lo, hi = block["ci95"][metric]
    return {"mean": block[metric], "lo": lo, "hi": hi}


def _view_system(
    system: Mapping[str, Any], chunk: Mapping[str, Any], k: int, counts: Mapping[str, Any]
) -> dict[str, Any]:
    metrics = [f"recall@{k}", f"mrr@{k}", f"ndcg@{k}"]
    chunk_metric = f"chunk_recall@{k}"
    n_head = sum(counts["by_category"][str(c)] for c in (1, 2, 3, 4))
    overall = {
        "n": n_head,
        **{m: _cell(system, m) for m in metrics},
        chunk_metric: _cell(chunk, chunk_metric),
    }
    by_cat = {}
    for cat, block in system["by_category"].items():
        label = f"{cat} {CATEGORY_NAMES[int(cat)]}"
        by_cat[label] = {
            "n": counts["by_category"][cat],
            **{m: _cell(block, m) for m in metrics},
            chunk_metric: _cell(chunk["by_category"][cat], chunk_metric),
        }
    return {"overall": overall, "by_category": by_cat}


def report_view(results: Mapping[str, Any]) -> dict[str, Any]:
    """The results in `eval.report`'s shape (overall = categories 1-4)."""
    k = results["k"]
    chunk = results["chunk_level"]["systems"]
    systems = {
        name: _view_system(s, chunk[name], k, results["counts"])
        for name, s in results["systems"].items()
    }
    tokens = {
        name: {key: round(v, 1) for key, v in c.items() if "tokens" in key}
        for name, c in chunk.items()
    }
    skip = {"systems", "chunk_level", "recall_curve", "dataset", "answers"}
    setup = {key: v for key, v in results.items() if key not in skip}
    return {
        "dataset": f"locomo ({results['split']})",
        "overall": "categories 1-4",
        **setup,
        "chunk_size": results["chunk_level"]["chunk_size"],
        "context_tokens_top_k": tokens,
        "systems": systems,
    }


def recall_k_plot(
    results: Mapping[str, Any],
    scored: Mapping[str, Mapping[str, Array]],
    headline: npt.NDArray[np.bool_],
) -> PlotSpec:
    """Recall@k vs k for every system, with the default system's 95% CI as a band."""
    ks = list(range(1, DEPTH + 1))
    series: dict[str, tuple[Sequence[float], Sequence[float]]] = {
        name: (ks, curve) for name, curve in results["recall_curve"].items()
    }
    series["DRAGON, LoCoMo paper (all categories)"] = (list(DRAGON), list(DRAGON.values()))
    default = results["default_system"]
    cis = [bootstrap_ci(scored[default]["curve"][headline, i], 1000, 0) for i in range(DEPTH)]
    bands = {default: ([c[1] for c in cis], [c[2] for c in cis])}
    return PlotSpec(
        "recall_at_k.png",
        "LoCoMo: turn-level Recall@k, categories 1-4",
        "k",
        "Recall@k (evidence turns)",
        series,
        bands,
    )


def beta_plot(prep: Prepared, settings: Settings, k: int, refs: dict[str, float]) -> PlotSpec:
    """Recall@k vs beta (min-max), in-sample and out-of-fold (folds = conversations); the
    dashed out-of-fold line is the full CV (beta, chunk_weight and fusion all chosen per fold)."""
    qruns = [q for q, h in zip(prep.qruns, prep.headline, strict=True) if h]
    base = RetrievalConfig.from_settings(settings)
    cfgs = grid(BETAS, sorted({*CHUNK_WEIGHTS, settings.chunk_weight}), base)
    scores = score_grid(qruns, prep.corpus, cfgs, k)
    groups = [q.question.conversation for q in qruns]
    minmax = [i for i, c in enumerate(cfgs) if c.fusion == "minmax"]
    curves = beta_curves(scores[minmax], [cfgs[i] for i in minmax], groups)
    refs = {
        "out-of-fold, all knobs chosen by CV": float(
            cross_validate(scores, groups).out_of_fold.mean()
        ),
        **refs,
    }
    return PlotSpec(
        "recall_vs_beta.png",
        f"LoCoMo: Recall@{k} vs beta (min-max), categories 1-4",
        "beta (weight on BM25)",
        f"Recall@{k}",
        curves,
        references=refs,
    )


def _rows(
    prep: Prepared, scored: Mapping[str, Mapping[str, Array]], k: int
) -> list[dict[str, Any]]:
    rows = []
    for i, q in enumerate(prep.qruns):
        qq = q.question
        row: dict[str, Any] = {
            "qid": qq.qid,
            "conversation": qq.conversation,
            "category": qq.category,
            "question": qq.question,
            "evidence": list(qq.evidence),
        }
        for name, s in scored.items():
            for m in (f"recall@{k}", f"mrr@{k}", f"ndcg@{k}", f"chunk_recall@{k}"):
                row[f"{name} {m}"] = float(s[m][i])
        rows.append(row)
    return rows


def _top_turns(prep: Prepared, settings: Settings, name: str, k: int) -> list[list[str]]:
    system = systems_for(settings)[name]
    return [[prep.corpus.dia[m] for m in system.turns(q, prep.corpus)[:k]] for q in prep.qruns]


def write_locomo_report(
    out: Path,
    results: Mapping[str, Any],
    prep: Prepared,
    scored: Mapping[str, Mapping[str, Array]],
    settings: Settings,
    answer_rows: Sequence[AnswerRow] = (),
) -> Path:
    """Write the whole report directory; returns the report.md path."""
    k = results["k"]
    rows = _rows(prep, scored, k)
    default = results["default_system"]
    for row, top in zip(rows, _top_turns(prep, settings, default, k), strict=True):
        row[f"{default} top{k}"] = top
    refs = {f"{n} (beta-free)": results["systems"][n][f"recall@{k}"] for n in ("bm25", "line-2026")}
    plots = [recall_k_plot(results, scored, prep.headline), beta_plot(prep, settings, k, refs)]
    report = write_report(out, report_view(results), rows, plots, "LoCoMo retrieval evaluation")
    if "answers" in results:
        from eval.answers import write_answers

        write_answers(out, results["answers"], answer_rows)
    text = json.dumps(rounded(results), sort_keys=True, indent=2, allow_nan=False)
    (out / "results.json").write_text(text + "\n", encoding="utf-8")
    return report
