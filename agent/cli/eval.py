"""`memlane eval ...`: thin commands over eval.locomo and eval.tune.

The group is registered in agent/cli/main.py. Its --home/--config options differ from
``store_options`` (agent/cli/common.py): an evaluation builds its own stores under --out.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from functools import wraps
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from agent.cli.common import home_option
from eval.report import format_table
from memory_store.errors import MemlaneError
from memory_store.settings import Settings

__all__ = ["eval_group"]

console = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def eval_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """--db / --home / --config; library errors become one clean line at the edge."""

    @click.option(
        "--db",
        type=click.Path(dir_okay=False, path_type=Path),
        help="Evaluation store (default: a cache under $MEMLANE_HOME/eval/).",
    )
    @home_option
    @click.option(
        "--config",
        "config_file",
        type=click.Path(exists=True, dir_okay=False, path_type=Path),
        help="TOML file of settings to evaluate (e.g. beta = 0.4).",
    )
    @wraps(fn)
    def wrapper(
        *args: Any, db: Path | None, home: Path | None, config_file: Path | None, **kwargs: Any
    ) -> Any:
        try:
            settings = _settings(home, config_file)
            return fn(settings, db, *args, **kwargs)
        except MemlaneError as exc:
            raise click.ClickException(str(exc)) from exc

    return wrapper


def output_options(json_what: str, out_what: str) -> Callable[[Any], Any]:
    """--json FILE and --out DIR, declared once for the eval commands that write both."""

    def add(fn: Callable[..., Any]) -> Callable[..., Any]:
        fn = click.option(
            "--out",
            "out_dir",
            type=click.Path(file_okay=False, path_type=Path),
            help=f"Write {out_what} here.",
        )(fn)
        return click.option(
            "--json",
            "json_file",
            type=click.Path(dir_okay=False, path_type=Path),
            help=f"Write {json_what} here ('-' for stdout).",
        )(fn)

    return add


def _settings(home: Path | None, config_file: Path | None) -> Settings:
    """Settings as `memlane` loads them, with a --config file's values on top."""
    settings = Settings.load({"home": home})
    if config_file is None:
        return settings
    try:
        extra = tomllib.loads(config_file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise click.BadParameter(f"{config_file}: {exc}", param_hint="--config") from exc
    return Settings.model_validate(settings.model_dump() | extra)


@contextmanager
def progress_bars() -> Iterator[Callable[[str, int, int], None]]:
    """A progress callback (stage, done, total) drawing one rich bar per stage on stderr."""
    columns = (
        TextColumn("{task.description:>12}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err) as bar:
        tasks: dict[str, Any] = {}

        def tick(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=total)
            bar.update(tasks[stage], completed=done, total=total)

        yield tick


@click.group(name="eval")
def eval_group() -> None:
    """Measure retrieval on benchmarks (LoCoMo) and tune fusion honestly."""


@eval_group.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--k",
    default=5,
    show_default=True,
    type=click.IntRange(1, 50),
    help="Cutoff of the headline metrics.",
)
@click.option(
    "--json",
    "json_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write results.json here ('-' for stdout).",
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write report.md, results.json, per_question.csv and plots here.",
)
@click.option(
    "--answers",
    is_flag=True,
    help="Also run the whole agent on every question and score its answers (F1, abstention, "
    "latency); adds answers.csv with --out.",
)
@click.option(
    "--judge",
    is_flag=True,
    help="With --answers: label each answer CORRECT/WRONG with the configured LLM.",
)
@eval_options
def locomo(
    settings: Settings,
    db: Path | None,
    file: Path,
    k: int,
    json_file: Path | None,
    out_dir: Path | None,
    answers: bool,
    judge: bool,
) -> None:
    """Turn-level retrieval on a LoCoMo FILE: every system, by category, with 95% CIs."""
    from eval.locomo import run_locomo

    if judge and not (answers and settings.llm_configured):
        why = "it needs --answers" if not answers else "no LLM is configured (OPENAI_BASE_URL)"
        err.print(f"LLM judge skipped: {why}.")
    with progress_bars() as tick:
        results = run_locomo(
            file,
            k=k,
            settings=settings,
            out_dir=out_dir,
            progress=tick,
            db=db,
            answers=answers,
            judge=judge,
        )
    _emit_json(results, json_file)
    if json_file != Path("-"):
        click.echo(locomo_table(results))
        if "answers" in results:
            from eval.answers import answers_table

            click.echo("\n" + answers_table(results["answers"]))
        if out_dir:
            console.print(f"report: {out_dir / 'report.md'}")


def _emit_json(results: dict[str, Any], json_file: Path | None) -> None:
    if json_file is None:
        return
    from eval.report import rounded

    text = json.dumps(rounded(results), sort_keys=True, indent=2, allow_nan=False)
    if json_file == Path("-"):
        click.echo(text)
    else:
        json_file.write_text(text + "\n", encoding="utf-8")


def _ci(block: dict[str, Any], metric: str) -> str:
    lo, hi = block["ci95"][metric]
    return f"{block[metric]:.3f} [{lo:.3f}, {hi:.3f}]"


def locomo_table(results: dict[str, Any]) -> str:
    """Systems x turn metrics (categories 1-4) with CIs, then Recall@k by category."""
    k = results["k"]
    metrics = [f"recall@{k}", f"mrr@{k}", f"ndcg@{k}"]
    chunk = results["chunk_level"]["systems"]
    rows = [
        [name, *(_ci(s, m) for m in metrics), _ci(chunk[name], f"chunk_recall@{k}")]
        for name, s in results["systems"].items()
    ]
    head = format_table(["system (cat 1-4)", *metrics, f"chunk_recall@{k}"], rows, markdown=False)
    cats = list(next(iter(results["systems"].values()))["by_category"])
    rows = [
        [name, *(f"{s['by_category'][c][metrics[0]]:.3f}" for c in cats)]
        for name, s in results["systems"].items()
    ]
    by_cat = format_table([f"{metrics[0]} by category", *cats], rows, markdown=False)
    counts = results["counts"]
    note = (
        f"{counts['scored']} questions scored, {counts['skipped_no_evidence']} skipped "
        f"(no evidence), {counts['unrepaired_evidence_ids']} evidence ids unrepaired"
    )
    return "\n\n".join([head, by_cat, note])


@eval_group.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--k",
    default=5,
    show_default=True,
    type=click.IntRange(1, 50),
    help="Cutoff of the headline metrics.",
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write tuning.md, tuned.json and recall_vs_beta.png here.",
)
@click.option(
    "--json",
    "json_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the tuned values and how they were obtained here (e.g. eval/tuned.json).",
)
@click.option("--date", "on", default=None, help="Date recorded in the output (default: today).")
@click.option(
    "--within-sessions",
    is_flag=True,
    help="Rank each question only among the turns of the sessions holding its evidence, as a "
    "time filter would: tunes the filtered_* settings used for time + content questions.",
)
@eval_options
def tune(
    settings: Settings,
    db: Path | None,
    file: Path,
    k: int,
    out_dir: Path | None,
    json_file: Path | None,
    on: str | None,
    within_sessions: bool,
) -> None:
    """Pick beta, chunk_weight and fusion by leave-one-conversation-out CV on a LoCoMo FILE."""
    from eval.tune_run import run_tune

    with progress_bars() as tick:
        report = run_tune(
            file,
            settings=settings,
            k=k,
            date=on or date.today().isoformat(),
            out_dir=out_dir,
            db=db,
            progress=tick,
            within_sessions=within_sessions,
        )
    if json_file:
        from eval.report import rounded

        json_file.parent.mkdir(parents=True, exist_ok=True)
        json_file.write_text(json.dumps(rounded(report), indent=2) + "\n", encoding="utf-8")
    click.echo(tuning_table(report))


def tuning_table(report: dict[str, Any]) -> str:
    """Per-fold picks, then in-sample best vs out-of-fold."""
    rows = [
        [
            f["held_out"],
            f["n"],
            json.dumps(f["chosen"]),
            round(f["train_recall"], 4),
            round(f["held_out_recall"], 4),
        ]
        for f in report["per_fold"]
    ]
    folds = format_table(
        ["held out", "n", "chosen on the others", "train recall", "held-out recall"],
        rows,
        markdown=False,
    )
    ins, oof = report["in_sample_best"], report["out_of_fold"]
    summary = (
        f"in-sample best {ins['recall']:.4f} [{ins['ci95'][0]:.4f}, {ins['ci95'][1]:.4f}]"
        f"  vs  out-of-fold {oof['recall']:.4f} [{oof['ci95'][0]:.4f}, "
        f"{oof['ci95'][1]:.4f}]  (optimism {report['optimism']:+.4f})\n"
        f"chosen on all conversations: {json.dumps(report['chosen'])}\n"
        f"ranked: {report['scope']}"
    )
    return folds + "\n\n" + summary


@eval_group.command()
@click.argument("data_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--subset",
    "subsets",
    multiple=True,
    type=click.Choice(["time", "content", "ambiguous", "all"]),
    help="Which test sets (repeatable). Default: time and content; 'ambiguous' adds the "
    "dialogue questions that need rewriting.",
)
@click.option(
    "--k",
    default=5,
    show_default=True,
    type=click.IntRange(1, 50),
    help="Ranked messages kept for time + content questions.",
)
@output_options("the JSON results", "report.md, results.json, per_question.csv and a plot")
@eval_options
def tmd(
    settings: Settings,
    db: Path | None,
    data_dir: Path,
    subsets: tuple[str, ...],
    k: int,
    json_file: Path | None,
    out_dir: Path | None,
) -> None:
    """Temporal Memory Dataset DIR (ConversationData/ + TestData/): recall and F2 per sub-type."""
    from eval.tmd import run_tmd

    names = {
        "time": ["time_qs"],
        "content": ["content_time_qs"],
        "ambiguous": ["ambiguous_time_qs"],
        "all": ["time_qs", "content_time_qs", "ambiguous_time_qs"],
    }
    chosen = list(dict.fromkeys(n for s in (subsets or ("time", "content")) for n in names[s]))
    with progress_bars() as tick:
        results = run_tmd(data_dir, settings, subsets=chosen, k=k, out_dir=out_dir, progress=tick)
    public = {"dataset": "tmd", "subsets": results["subsets"]}
    _emit_json(public, json_file)
    if json_file != Path("-"):
        click.echo(tmd_table(results))
        if out_dir:
            console.print(f"report: {out_dir / 'report.md'}")


def tmd_table(results: dict[str, Any]) -> str:
    rows = []
    for subset, data in results["subsets"].items():
        for subtype, d in data["by_subtype"].items():
            rows.append([subset, subtype, d["n"], f"{d['recall']:.4f}", f"{d['f2']:.4f}"])
        rows.append([subset, "overall", data["n"], f"{data['recall']:.4f}", f"{data['f2']:.4f}"])
    return format_table(["subset", "sub-type", "n", "recall", "F2"], rows, markdown=False)


@eval_group.command()
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--me", help="Who 'I' is (default: the one speaker in every conversation).")
@click.option(
    "--questions",
    "questions_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Ask these questions (the questions.json format) of FOLDER's history instead.",
)
@output_options("the summary", "scenarios.md, scenarios.json and scenarios.csv (one per question)")
@eval_options
def scenarios(
    settings: Settings,
    db: Path | None,
    folder: Path,
    me: str | None,
    questions_file: Path | None,
    json_file: Path | None,
    out_dir: Path | None,
) -> None:
    """A scenario set FOLDER (history.jsonl + questions.json): imports the history, asks every
    question as a person would (follow-ups after their earlier turns) and scores the answers
    as the set's README says; prints the share correct per question type.

    \b
    Examples:
      memlane eval scenarios ../shared/data/scenarios
      memlane eval scenarios ../shared/data/scenarios --out out/scenarios --me Noor
      memlane eval scenarios ../shared/data/scenarios --questions eval/paraphrases/held_out.json
    """
    from eval.scenarios import run_scenarios, scenarios_table, write_scenarios

    with progress_bars() as tick:
        summary, rows = run_scenarios(
            folder, settings, me=me, db=db, progress=tick, questions=questions_file
        )
    _emit_json(summary, json_file)
    if out_dir:
        write_scenarios(out_dir, summary, rows)
    if json_file != Path("-"):
        click.echo(scenarios_table(summary, markdown=False))
        click.echo(f"the user ('I'): {summary['me'] or 'unknown'}; mode: {summary['mode']}")
        if out_dir:
            console.print(f"per question: {out_dir / 'scenarios.csv'}")
