"""`memlane eval tmd`: the Temporal Memory Dataset, scored by turn-level recall and F2.

Every conversation is its own scope with `now` = its newest message (the padding session at the
end of each log). Each paraphrase goes through the same pipeline as `memlane search`: rewrite
(for dialogues), plan, filter, and, when the question also asks about content, hybrid ranking
inside the filter. Retrieved = what the question returns (`AskResult.returned`): the filtered
messages for time-only questions, else the top-k ranked messages, cut inside a time filter to
those scoring at least `filtered_cut` x the best (agent.sure; `filtered_cut = 0` keeps all k).
"""

from __future__ import annotations

import hashlib
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from agent.pipeline import Pipeline
from agent.plan.finder import FINDER
from agent.rewrite.offline import Turn
from eval.bootstrap import bootstrap_ci
from eval.metrics import set_recall_f2
from eval.report import PlotSpec, write_report
from eval.tmd_data import SUBSETS, TmdItem, load_tmd_tests
from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store
from memory_store.indexes.embed import embed_pending, get_embedder
from memory_store.query.search import open_searcher
from memory_store.settings import Settings

Progress = Callable[[str, int, int], None]


def eval_store(
    settings: Settings, files: Sequence[Path], name: str, progress: Progress | None = None
) -> Store:
    """A store for evaluation data, cached under MEMLANE_HOME/eval by the files' contents."""
    digest = hashlib.sha256()
    for f in sorted(files):
        digest.update(f.name.encode() + f.read_bytes())
    path = settings.home / "eval" / f"{name}-{digest.hexdigest()[:12]}.duckdb"
    store = Store.open(path)
    ingest_files(store, list(files), settings, mentions=FINDER)
    embedder = get_embedder(settings.embedder)
    embed_pending(
        store, embedder, progress=(lambda d, t: progress("embedding", d, t)) if progress else None
    )
    return store


def retrieve(pipe: Pipeline, item: TmdItem, k: int) -> tuple[set[str], str]:
    """The source_refs the system returns for one item (`AskResult.returned`), and its route."""
    history = [Turn(s, t) for s, t in (item.dialogue or ())[:-1]]
    result = pipe.ask(
        item.request,
        now="latest",
        history=history,
        conversation=item.conversation,
        k=k,
        answer=False,
    )
    return {m.source_ref for m in result.returned}, result.route


def score_items(
    pipe: Pipeline,
    items: Sequence[TmdItem],
    k: int,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    rows = []
    for i, item in enumerate(items):
        started = time.perf_counter()
        got, route = retrieve(pipe, item, k)
        recall, f2 = set_recall_f2(got, set(item.relevant))
        rows.append(
            {
                "qid": item.qid,
                "subset": item.subset,
                "subtype": item.subtype,
                "question": item.request,
                "route": route,
                "recall": recall,
                "f2": f2,
                "retrieved": len(got),
                "relevant": len(item.relevant),
                "ms": round(1000 * (time.perf_counter() - started), 1),
            }
        )
        if progress and (i % 25 == 0 or i == len(items) - 1):
            progress(item.subset, i + 1, len(items))
    return rows


def summarise(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """{"recall", "f2", "n", "by_subtype": {...}} with plain means (the JSON contract)."""

    def means(rs: Sequence[dict[str, Any]]) -> dict[str, Any]:
        n = len(rs)
        return {
            "recall": sum(r["recall"] for r in rs) / n,
            "f2": sum(r["f2"] for r in rs) / n,
            "n": n,
        }

    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by[r["subtype"]].append(r)
    return means(rows) | {"by_subtype": {s: means(rs) for s, rs in sorted(by.items())}}


def _with_ci(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"n": len(rows)}
    for metric in ("recall", "f2"):
        mean, lo, hi = bootstrap_ci([r[metric] for r in rows])
        out[metric] = {"mean": mean, "lo": lo, "hi": hi}
    return out


def report_systems(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The report machinery's shape: one "system" per subset, by-subtype tables, 95% CIs."""
    systems: dict[str, Any] = {}
    for subset in dict.fromkeys(r["subset"] for r in rows):
        rs = [r for r in rows if r["subset"] == subset]
        by: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in rs:
            by[r["subtype"]].append(r)
        systems[subset] = {
            "overall": _with_ci(rs),
            "by_category": {s: _with_ci(v) for s, v in sorted(by.items())},
        }
    return systems


def run_tmd(
    data_dir: str | Path,
    settings: Settings,
    *,
    subsets: Sequence[str] = SUBSETS[:2],
    k: int = 5,
    out_dir: str | Path | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    root = Path(data_dir)
    files = sorted((root / "ConversationData").glob("*.json"))
    store = eval_store(settings, files, "tmd", progress)
    pipe = Pipeline(store, settings, open_searcher(settings, store))
    rows: list[dict[str, Any]] = []
    for subset in subsets:
        items = load_tmd_tests(root / "TestData", subset)
        rows.extend(score_items(pipe, items, k, progress))
    results: dict[str, Any] = {
        "dataset": "tmd",
        "split": f"dev ({', '.join(f.stem for f in files)})",
        "k": k,
        "unit": "turns (response_number)",
        "now": "latest message of each conversation",
        "mode": pipe.mode,
        "category_label": "subtype",
        "subsets": {s: summarise([r for r in rows if r["subset"] == s]) for s in subsets},
        "systems": report_systems(rows),
    }
    if out_dir is not None:
        write_report(out_dir, results, rows, _plots(results), "memlane on TMD (dev)")
    return results


def _plots(results: dict[str, Any]) -> list[PlotSpec]:
    subsets = results["subsets"]
    series = {}
    for name, data in subsets.items():
        subtypes = sorted(data["by_subtype"])
        if len(subtypes) > 1:
            series[f"{name} recall"] = (
                list(range(len(subtypes))),
                [data["by_subtype"][s]["recall"] for s in subtypes],
            )
    if not series:
        return []
    return [
        PlotSpec(
            "recall_by_subtype.png",
            "TMD recall by sub-type (index in sorted order)",
            "sub-type #",
            "recall",
            series,
        )
    ]
