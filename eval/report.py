"""Write an evaluation report: results.json, per_question.csv, report.md and PNG plots.

Shared by the LoCoMo and TMD evaluations. The ``results`` dict has this shape (extra top-level
keys are allowed and listed under "Setup" in report.md, so name the dataset split, the
configuration, k and the unit scored there)::

    {
      "dataset": "locomo10-dev", "unit": "turns", ...,          # setup, any JSON values
      "systems": {
        "bm25": {
          "overall": {"n": 997, "recall@5": {"mean": 0.54, "lo": 0.51, "hi": 0.57}, ...},
          "by_category": {"multi-hop": {"n": 142, "recall@5": {...}}, ...},
        },
      },
      "comparisons": [                                           # optional, paired bootstrap
        {"a": "hybrid", "b": "bm25", "metric": "recall@5", "diff": 0.03, "lo": 0.01, "hi": 0.05}
      ],
    }

A metric value is either a float or ``{"mean", "lo", "hi"}`` (95% CI); ``"n"`` is a count.
An optional top-level ``"category_label"`` (e.g. "subtype" for TMD) names the by-category tables.
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "PlotSpec",
    "format_table",
    "plot_lines",
    "render_markdown",
    "rounded",
    "write_csv",
    "write_report",
]

Series = Mapping[str, tuple[Sequence[float], Sequence[float]]]
Bands = Mapping[str, tuple[Sequence[float], Sequence[float]]]
Cell = str | int | float | None


@dataclass(frozen=True)
class PlotSpec:
    """A line plot for ``write_report``: ``series`` maps a label to (xs, ys); ``bands`` maps a
    label to (lo, hi) over the same xs (e.g. a bootstrap CI); ``references`` draws dashed
    horizontal lines (e.g. a published number)."""

    filename: str
    title: str
    xlabel: str
    ylabel: str
    series: Series
    bands: Bands | None = None
    references: Mapping[str, float] | None = None
    logx: bool = False


def rounded(value: Any, digits: int = 4) -> Any:
    """JSON-ready copy: floats (numpy too) rounded, NaN/inf as None, tuples as lists."""
    if isinstance(value, bool) or value is None or isinstance(value, str | int):
        return value
    if isinstance(value, Mapping):
        return {str(k): rounded(v, digits) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [rounded(v, digits) for v in value]
    if hasattr(value, "tolist"):  # numpy scalar or array
        return rounded(value.tolist(), digits)
    if isinstance(value, float):
        return round(value, digits) if math.isfinite(value) else None
    raise TypeError(f"cannot write {type(value).__name__} to results.json: convert it first")


def _cell(value: Cell) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4f}" if math.isfinite(value) else "nan"
    return str(value)


def _is_number(value: Cell) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _escape(cell: str, markdown: bool) -> str:
    return cell.replace("|", "\\|") if markdown else cell


def _rule(widths: Sequence[int], numeric: Sequence[bool], markdown: bool) -> str:
    if not markdown:
        return "  ".join("-" * w for w in widths)
    dashes = (
        "-" * (w + 1) + ":" if n else "-" * (w + 2) for w, n in zip(widths, numeric, strict=True)
    )
    return "|" + "|".join(dashes) + "|"


def format_table(
    headers: Sequence[str], rows: Sequence[Sequence[Cell]], markdown: bool = True
) -> str:
    """A table with padded columns: a GitHub Markdown table (numeric columns right-aligned, "|"
    escaped), or with ``markdown=False`` a plain terminal table with a dashed rule."""
    if any(len(row) != len(headers) for row in rows):
        raise ValueError(f"every row needs {len(headers)} cells, one per header")
    head = [_escape(h, markdown) for h in headers]
    text = [[_escape(_cell(v), markdown) for v in row] for row in rows]
    widths = [max([len(h), *(len(r[i]) for r in text)]) for i, h in enumerate(head)]
    numeric = [bool(rows) and all(_is_number(r[i]) for r in rows) for i in range(len(head))]

    def line(cells: Sequence[str]) -> str:
        padded = [
            c.rjust(w) if n else c.ljust(w) for c, w, n in zip(cells, widths, numeric, strict=True)
        ]
        return "| " + " | ".join(padded) + " |" if markdown else "  ".join(padded).rstrip()

    return "\n".join([line(head), _rule(widths, numeric, markdown), *(line(r) for r in text)])


def _metric_cell(value: Any) -> str:
    """``0.5670 [0.5200, 0.6100]`` for a CI dict, ``0.5670`` for a float."""
    if hasattr(value, "item"):  # numpy scalar
        value = value.item()
    if isinstance(value, Mapping):
        return f"{_cell(value.get('mean'))} [{_cell(value.get('lo'))}, {_cell(value.get('hi'))}]"
    return _cell(value)


def _metric_names(systems: Mapping[str, Any]) -> list[str]:
    names: dict[str, None] = {}
    for system in systems.values():
        for block in [system.get("overall", {}), *system.get("by_category", {}).values()]:
            names.update((k, None) for k in block if k != "n")
    return list(names)


def _overall_table(systems: Mapping[str, Any], metrics: list[str]) -> str:
    with_n = any("n" in s.get("overall", {}) for s in systems.values())
    rows: list[list[Cell]] = []
    for name, system in systems.items():
        overall = system.get("overall", {})
        counts: list[Cell] = [overall.get("n")] if with_n else []
        rows.append([name, *counts, *(_metric_cell(overall.get(m)) for m in metrics)])
    return format_table(["system", *(["n"] if with_n else []), *metrics], rows)


def _category_table(systems: Mapping[str, Any], metric: str) -> str:
    categories: dict[str, Any] = {}
    for system in systems.values():
        for cat, block in system.get("by_category", {}).items():
            categories.setdefault(cat, block.get("n"))
    headers = [c if n is None else f"{c} (n={n})" for c, n in categories.items()]
    rows: list[list[Cell]] = []
    for name, system in systems.items():
        by_cat = system.get("by_category", {})
        cells = [_metric_cell(by_cat.get(c, {}).get(metric)) for c in categories]
        rows.append([name, *cells, _metric_cell(system.get("overall", {}).get(metric))])
    return format_table(["system", *headers, "overall"], rows)


def _comparison_table(comparisons: Sequence[Mapping[str, Any]]) -> str:
    rows: list[list[Cell]] = []
    for c in comparisons:
        ci = _metric_cell({"mean": c["diff"], "lo": c["lo"], "hi": c["hi"]})
        excludes_zero = "yes" if c["lo"] > 0 or c["hi"] < 0 else "no"
        rows.append([f"{c['a']} − {c['b']}", c["metric"], ci, excludes_zero])
    return format_table(["difference", "metric", "mean [95% CI]", "CI excludes 0"], rows)


def render_markdown(results: Mapping[str, Any], title: str, plots: Sequence[PlotSpec] = ()) -> str:
    """report.md text: setup, overall table, one by-category table per metric, comparisons,
    and links to the plots. Cells read ``mean [lo, hi]`` (95% percentile bootstrap CI)."""
    systems: Mapping[str, Any] = results.get("systems", {})
    metrics = _metric_names(systems)
    grouping = str(results.get("category_label", "category"))
    skip = ("systems", "comparisons", "category_label")
    setup = {k: v for k, v in results.items() if k not in skip}
    out = [f"# {title}", ""]
    if setup:
        out += [
            "## Setup",
            "",
            *(f"- **{k}**: {json.dumps(rounded(v))}" for k, v in setup.items()),
            "",
        ]
    out += ["## Overall", "", "Cells: mean [95% bootstrap CI, by question].", ""]
    out += [_overall_table(systems, metrics), ""]
    if any(s.get("by_category") for s in systems.values()):
        for metric in metrics:
            out += [f"## {metric} by {grouping}", "", _category_table(systems, metric), ""]
    if results.get("comparisons"):
        out += ["## Paired comparisons", "", _comparison_table(results["comparisons"]), ""]
    out += [f"![{p.title}]({p.filename})" for p in plots]
    return "\n".join(out).rstrip() + "\n"


def _csv_value(value: Any) -> Any:
    """A CSV cell: floats rounded to 4; id collections (lists, tuples, sets) space-joined."""
    if isinstance(value, set | frozenset):
        value = sorted(value, key=str)
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in rounded(list(value)))
    return rounded(value)


def write_csv(path: Path, rows: Sequence[Mapping[str, Any]]) -> None:
    fields: dict[str, None] = {}
    for row in rows:
        fields.update((k, None) for k in row)
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(fields))
        writer.writeheader()
        for row in rows:
            writer.writerow({k: _csv_value(v) for k, v in row.items()})


def _finish_axes(ax: Any, series: Series, banded: bool, logx: bool) -> None:
    """Grid, legend, ticks at the data's x values when there are few (k = 1, 5, 10, 25, 50)."""
    if logx:
        ax.set_xscale("log")
    xs = sorted({float(x) for xs_, _ in series.values() for x in xs_})
    if 0 < len(xs) <= 12:
        ax.set_xticks(xs, [f"{x:g}" for x in xs])
    ax.grid(True, alpha=0.3)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(loc="best", frameon=False)
    if banded:
        ax.annotate(
            "shaded: 95% bootstrap CI",
            (1, 0),
            xycoords="axes fraction",
            xytext=(-6, 6),
            textcoords="offset points",
            ha="right",
            va="bottom",
            fontsize=8,
            color="0.4",
        )


def plot_lines(
    path: str | Path,
    title: str,
    xlabel: str,
    ylabel: str,
    series: Series,
    bands: Bands | None = None,
    references: Mapping[str, float] | None = None,
    logx: bool = False,
) -> None:
    """Save a line plot as PNG (dpi 120, y from 0 to 1), e.g. "Recall@k vs k per system" or
    "Recall@5 vs beta (in-sample vs out-of-fold)". ``bands[label] = (lo, hi)`` shades a CI
    around the line of the same label; ``references`` are dashed horizontal lines."""
    import matplotlib

    matplotlib.use("Agg")  # headless; chosen here so importing this module changes nothing
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 4.8))
    try:
        for label, (xs, ys) in series.items():
            (line,) = ax.plot(xs, ys, marker="o", linewidth=1.8, markersize=4, label=label)
            if bands and label in bands:
                lo, hi = bands[label]
                ax.fill_between(xs, lo, hi, color=line.get_color(), alpha=0.18, linewidth=0)
        for label, y in (references or {}).items():
            ax.axhline(y, color="0.45", linestyle="--", linewidth=1, label=label)
        _finish_axes(ax, series, bool(bands), logx)
        ax.set(title=title, xlabel=xlabel, ylabel=ylabel, ylim=(0.0, 1.0))
        fig.tight_layout()
        fig.savefig(Path(path), dpi=120)
    finally:
        plt.close(fig)


def write_report(
    out_dir: str | Path,
    results: Mapping[str, Any],
    per_question_rows: Sequence[Mapping[str, Any]],
    plots: Sequence[PlotSpec],
    title: str,
) -> Path:
    """Write results.json (sorted keys, floats rounded to 4), per_question.csv, report.md and one
    PNG per ``PlotSpec`` into ``out_dir`` (created if needed). Returns the report.md path."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    text = json.dumps(rounded(results), sort_keys=True, indent=2, allow_nan=False)
    (out / "results.json").write_text(text + "\n", encoding="utf-8")
    write_csv(out / "per_question.csv", per_question_rows)
    for p in plots:
        plot_lines(
            out / p.filename, p.title, p.xlabel, p.ylabel, p.series, p.bands, p.references, p.logx
        )
    report = out / "report.md"
    report.write_text(render_markdown(results, title, plots), encoding="utf-8")
    return report
