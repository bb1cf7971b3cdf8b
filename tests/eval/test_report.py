"""Report writing: exact tables, files on disk, valid PNGs."""

from __future__ import annotations

import csv
import json
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from eval.report import PlotSpec, format_table, plot_lines, render_markdown, write_report

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == PNG_MAGIC
    width, height = struct.unpack(">II", data[16:24])  # IHDR follows the 8-byte signature
    return width, height


def test_format_table_markdown() -> None:
    table = format_table(["system", "recall@5"], [["bm25", 0.5], ["dense", 0.25]])
    assert table == (
        "| system | recall@5 |\n|--------|---------:|\n| bm25   |   0.5000 |\n| dense  |   0.2500 |"
    )


def test_format_table_plain() -> None:
    table = format_table(["system", "n"], [["bm25", 997], ["hybrid", None]], markdown=False)
    assert table == "system  n\n------  ---\nbm25    997\nhybrid"


def test_format_table_escapes_pipes_in_markdown_only() -> None:
    assert "a \\| b" in format_table(["x"], [["a | b"]])
    assert "a | b" in format_table(["x"], [["a | b"]], markdown=False)


def test_format_table_rejects_ragged_rows() -> None:
    with pytest.raises(ValueError, match="2 cells"):
        format_table(["a", "b"], [["only one"]])


def ci(mean: float, lo: float, hi: float) -> dict[str, float]:
    return {"mean": mean, "lo": lo, "hi": hi}


RESULTS: dict[str, Any] = {
    "dataset": "locomo10-dev",
    "unit": "turns",
    "k": [1, 5, 10],
    "systems": {
        "bm25": {
            "overall": {"n": 4, "recall@5": ci(0.5, 0.4, 0.6), "mrr@5": np.float64(0.123456)},
            "by_category": {
                "multi-hop": {"n": 2, "recall@5": ci(0.25, 0.0, 0.5), "mrr@5": 0.1},
                "temporal": {"n": 2, "recall@5": ci(0.75, 0.5, 1.0), "mrr@5": float("nan")},
            },
        },
        "hybrid": {
            "overall": {"n": 4, "recall@5": ci(0.625, 0.5, 0.75), "mrr@5": 0.2},
            "by_category": {
                "multi-hop": {"n": 2, "recall@5": ci(0.5, 0.25, 0.75), "mrr@5": 0.2},
                "temporal": {"n": 2, "recall@5": ci(0.75, 0.5, 1.0), "mrr@5": 0.2},
            },
        },
    },
    "comparisons": [
        {"a": "hybrid", "b": "bm25", "metric": "recall@5", "diff": 0.125, "lo": 0.05, "hi": 0.2}
    ],
}

ROWS = [
    {"qid": "conv-26#0", "system": "bm25", "category": "temporal", "recall@5": 1 / 3},
    {
        "qid": "conv-26#1",
        "system": "bm25",
        "category": "multi-hop",
        "recall@5": np.float32(0.0),
        "note": "x",
        "relevant": frozenset({"D2:1", "D1:3"}),
    },
]


def test_render_markdown_tables() -> None:
    text = render_markdown(RESULTS, "LoCoMo retrieval")
    assert text.startswith("# LoCoMo retrieval\n")
    assert '- **dataset**: "locomo10-dev"' in text
    assert "| bm25   | 4 | 0.5000 [0.4000, 0.6000] | 0.1235 |" in text
    assert "multi-hop (n=2)" in text and "temporal (n=2)" in text
    assert "## recall@5 by category" in text and "## mrr@5 by category" in text
    assert "| hybrid − bm25 | recall@5 | 0.1250 [0.0500, 0.2000] | yes" in text


def test_write_report(tmp_path: Path) -> None:
    plots = [
        PlotSpec(
            "recall_vs_k.png",
            "Recall@k vs k per system",
            "k",
            "Recall@k",
            {"bm25": ([1, 5, 10], [0.2, 0.5, 0.6]), "hybrid": ([1, 5, 10], [0.3, 0.6, 0.7])},
            bands={"bm25": ([0.1, 0.4, 0.5], [0.3, 0.6, 0.7])},
            references={"DRAGON (LoCoMo paper) @5": 0.567},
        )
    ]
    report = write_report(tmp_path / "out", RESULTS, ROWS, plots, "LoCoMo retrieval")

    out = tmp_path / "out"
    assert report == out / "report.md"
    assert "![Recall@k vs k per system](recall_vs_k.png)" in report.read_text()

    raw = (out / "results.json").read_text()
    data = json.loads(raw)
    assert data["systems"]["bm25"]["overall"]["mrr@5"] == 0.1235  # numpy float, rounded to 4
    assert data["systems"]["bm25"]["by_category"]["temporal"]["mrr@5"] is None  # NaN
    assert list(data) == sorted(data)
    assert raw.index('"comparisons"') < raw.index('"dataset"') < raw.index('"systems"')

    with (out / "per_question.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert rows[0] == {
        "qid": "conv-26#0",
        "system": "bm25",
        "category": "temporal",
        "recall@5": "0.3333",
        "note": "",
        "relevant": "",
    }
    assert (rows[1]["recall@5"], rows[1]["note"], rows[1]["relevant"]) == ("0.0", "x", "D1:3 D2:1")

    assert png_size(out / "recall_vs_k.png") == (900, 576)  # 7.5 x 4.8 in at dpi 120


def test_plot_lines_without_bands(tmp_path: Path) -> None:
    path = tmp_path / "beta.png"
    betas = [0.0, 0.25, 0.5, 0.75, 1.0]
    plot_lines(
        path,
        "Recall@5 vs beta (in-sample vs out-of-fold)",
        "beta (weight on BM25)",
        "Recall@5",
        {"in-sample": (betas, [0.5, 0.6, 0.65, 0.6, 0.55]), "out-of-fold": (betas, [0.5] * 5)},
    )
    assert png_size(path)[0] == 900


def test_importing_report_does_not_import_matplotlib() -> None:
    code = "import sys, eval.report; print('matplotlib' in sys.modules)"
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "False"


def test_render_markdown_names_the_grouping() -> None:
    results = {
        "category_label": "subtype",
        "systems": {
            "time filter": {
                "overall": {"recall": np.float32(0.5)},
                "by_category": {"dates": {"n": 3, "recall": 0.5}},
            }
        },
    }
    text = render_markdown(results, "TMD time_qs")
    assert "## recall by subtype" in text
    assert "category_label" not in text
    assert "| time filter | 0.5000 |" in text
