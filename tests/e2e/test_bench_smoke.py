"""A tiny run of the speed benchmark so it does not rot (real runs: docs/benchmarks.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import synth
from benchmarks.bench import BenchConfig, run

pytestmark = pytest.mark.e2e


def test_synth_is_deterministic_and_exact() -> None:
    a, b = synth.generate(700, seed=3), synth.generate(700, seed=3)
    assert a == b and len(a) == 700
    assert synth.generate(700, seed=4) != a
    speakers: dict[str, set[str]] = {}
    for m in a:
        speakers.setdefault(m.conversation, set()).add(m.speaker)
    assert all(2 <= len(s) <= 10 for s in speakers.values())


def test_synth_line_export_parses_cleanly(tmp_path: Path) -> None:
    from memory_store.importers import load

    msgs = synth.generate(600, seed=1)
    parsed = [load(p) for p in synth.write_line(msgs, tmp_path)]
    assert sum(len(r.messages) for r in parsed) == 600
    assert not [w for r in parsed for w in r.warnings]


def test_bench_smoke_writes_every_section(tmp_path: Path) -> None:
    cfg = BenchConfig(messages=1000, out=tmp_path, questions=9, embed_sample=16)
    run(cfg)
    report = json.loads((tmp_path / "bench.json").read_text(encoding="utf-8"))
    for section in ("machine", "data", "ingest", "embedding", "faiss", "query", "baseline"):
        assert section in report, section
    stages = report["ingest"]["stages"]
    for key in ("parse_s", "db_load_s", "sessions_chunks_s", "bm25_s"):
        assert stages[key] >= 0
    assert report["ingest"]["counts"]["messages"] == 1000
    assert report["ingest"]["time_to_searchable_s"] > 0
    assert "no embeddings yet" in " ".join(report["ingest"]["first_question"]["notes"])
    assert report["embedding"]["texts_per_s"] > 0
    assert report["faiss"]["faiss_ntotal"] > 0
    assert report["query"]["questions"] == 9
    assert set(report["query"]["by_stage"]) >= {"plan", "filter_sql", "bm25", "dense_faiss"}
    assert report["query"]["total"]["p95_ms"] > 0
    assert report["ingest"]["process"]["peak_rss_mb"] > 0
    assert "skipped" in report["baseline"] or report["comparison"]["build_s"]["langchain"] > 0
    assert (tmp_path / "bench.md").read_text(encoding="utf-8").startswith("# memlane bench")


def test_bench_no_dense_skips_every_vector_stage(tmp_path: Path) -> None:
    cfg = BenchConfig(messages=800, out=tmp_path, questions=6, dense=False, line_parse=False)
    run(cfg)
    report = json.loads((tmp_path / "bench.json").read_text(encoding="utf-8"))
    for section in ("embedding", "standin", "faiss", "baseline"):
        assert "skipped" in report[section], section
    assert report["query"]["questions"] == 6
    assert "no embeddings yet" in " ".join(report["query"]["cold_notes"])
    md = (tmp_path / "bench.md").read_text(encoding="utf-8")
    assert "BM25 + time, no vectors" in md
