"""`memlane eval tune`: the full-grid cross-validation on a LoCoMo file, and its report files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from eval.locomo import prepare
from eval.report import PlotSpec, format_table, plot_lines, rounded
from eval.runs import Progress
from eval.tune import (
    SPEAKER_BOOSTS,
    TUNE_BETAS,
    TUNE_CHUNK_WEIGHTS,
    beta_curves,
    grid,
    score_grid,
    tuning_report,
)
from memory_store.db.store import file_hash
from memory_store.query.search import RetrievalConfig
from memory_store.settings import Settings

__all__ = ["run_tune", "toml_snippet"]


def run_tune(
    path: str | Path,
    *,
    settings: Settings,
    date: str,
    k: int = 5,
    out_dir: str | Path | None = None,
    db: Path | None = None,
    progress: Progress | None = None,
    within_sessions: bool = False,
) -> dict[str, Any]:
    """Cross-validate the fusion grid on categories 1-4; `date` is recorded, not read.

    `within_sessions` ranks each question only among the turns of the sessions holding its
    evidence (an oracle time filter): that tunes the settings for time + content questions.
    """
    path = Path(path)
    prep = prepare(path, settings, db, progress, within_sessions)
    qruns = [q for q, h in zip(prep.qruns, prep.headline, strict=True) if h]
    cfgs = grid(
        TUNE_BETAS,
        TUNE_CHUNK_WEIGHTS,
        base=RetrievalConfig.from_settings(settings),
        speaker_boosts=SPEAKER_BOOSTS,
    )
    scores = score_grid(qruns, prep.corpus, cfgs, k, progress)
    dataset = f"{path.name} (sha256 {file_hash(path)[:12]})"
    report = tuning_report(scores, cfgs, qruns, k, date, dataset)
    report["scope"] = (
        "inside the sessions holding each question's evidence (oracle time filter)"
        if within_sessions
        else "each question's whole conversation"
    )
    report["config_toml"] = toml_snippet(report, "filtered_" if within_sessions else "")
    if out_dir is not None:
        groups = [q.question.conversation for q in qruns]
        _write(Path(out_dir), report, beta_curves(scores, cfgs, groups), k)
    return report


def toml_snippet(report: dict[str, Any], prefix: str = "") -> str:
    """The chosen values as config.toml lines, ready to paste or ship as defaults (only the
    keys that are settings: there is no filtered_candidates)."""
    return "".join(
        f"{prefix}{key} = {json.dumps(v)}\n"
        for key, v in report["chosen"].items()
        if prefix + key in Settings.model_fields
    )


def _write(out: Path, report: dict[str, Any], curves: Any, k: int) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "tuned.json").write_text(json.dumps(rounded(report), indent=2) + "\n", "utf-8")
    oof = report["out_of_fold"]["recall"]
    spec = PlotSpec(
        "recall_vs_beta.png",
        f"Recall@{k} vs beta (min-max), LoCoMo categories 1-4",
        "beta (weight on BM25)",
        f"Recall@{k}",
        curves,
        references={"out-of-fold, all knobs chosen by CV": oof},
    )
    plot_lines(
        out / spec.filename,
        spec.title,
        spec.xlabel,
        spec.ylabel,
        spec.series,
        references=spec.references,
    )
    rows = [
        [f["held_out"], f["n"], json.dumps(f["chosen"]), f["train_recall"], f["held_out_recall"]]
        for f in report["per_fold"]
    ]
    ins = report["in_sample_best"]
    lines = [
        "# Fusion tuning (leave-one-conversation-out)",
        "",
        f"- dataset: {report['dataset']}; date: {report['date']}; metric: {report['metric']}",
        f"- ranked: {report['scope']}",
        f"- grid: {json.dumps(report['grid'])}",
        "",
        format_table(["held out", "n", "chosen on the other folds", "train", "held-out"], rows),
        "",
        f"In-sample best: {ins['recall']:.4f} {ins['ci95']}; out-of-fold: {oof:.4f} "
        f"{report['out_of_fold']['ci95']}; optimism {report['optimism']:+.4f}.",
        "",
        f"Chosen on all conversations: `{json.dumps(report['chosen'])}`",
        "",
        f"![recall vs beta]({spec.filename})",
    ]
    (out / "tuning.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
