"""The store and question commands of `memlane`: thin commands over memory_store/ and agent/.

They are registered on the group in agent/cli/main.py."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any

import click
from rich.markup import escape
from rich.progress import (
    BarColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from agent.app import build_pipeline, mode_line
from agent.cli.common import console, err, printable, store_options
from agent.cli.render import render_answer, render_explain
from agent.dialogue import ask_after
from agent.pipeline import AskResult
from agent.plan.finder import FINDER
from memory_store.db.ingest import ingest_files, plural
from memory_store.db.store import IngestReport, Store
from memory_store.errors import MemlaneError
from memory_store.importers import FORMATS, format_names
from memory_store.indexes.embed import embed_pending_shared, embedding_coverage, get_embedder
from memory_store.models import StoredMessage
from memory_store.query.search import ChunkHit, SearchResult, open_searcher
from memory_store.settings import Settings


def progress_bar() -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=err,
        transient=False,
    )


def run_embedding(store: Store, settings: Settings, quiet: bool = False) -> int:
    """Embed what is pending with a progress bar (none when nothing is pending). The store is
    let go meanwhile, so other memlane commands can use it while this runs
    (`embed_pending_shared`); `store` is open again afterwards, unless interrupted."""
    embedder = get_embedder(settings.embedder)
    label = f"embedding ({settings.embedder})"
    notes: list[str] = []
    bar = progress_bar()
    task: list[TaskID] = []

    def tick(done: int, total: int) -> None:
        if not task and total:  # the bar appears once there is something to embed
            bar.start()
            task.append(bar.add_task(label, total=total))
        if task:
            bar.update(task[0], completed=done, total=total)

    def waiting(on: bool) -> None:
        text = f"{label}: waiting for the store (another memlane has it open)"
        if task:
            bar.update(task[0], description=text if on else label)

    store.close()
    try:
        n = embed_pending_shared(
            store.path,
            embedder,
            progress=None if quiet else tick,
            waiting=None if quiet else waiting,
            chunk_texts=settings.chunk_vectors == "embedded",
            timeout=settings.embed_timeout,
            notes=notes,
        )
    finally:
        bar.stop()
    if not quiet:
        for note in notes:
            err.print(f"[dim]{note}[/dim]")
    store.reconnect(let_go=True)
    return n


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option(
    "--format",
    "fmt",
    default="auto",
    show_default=True,
    help="Source format: auto, locomo, tmd, jsonl, line, whatsapp, telegram.",
)
@click.option(
    "--dayfirst/--monthfirst",
    default=None,
    help="Date order for exports that cannot tell (WhatsApp).",
)
@click.option("--strict", is_flag=True, help="Fail on any line that cannot be parsed.")
@click.option("--conversation", help="Name the conversation instead of using the file's.")
@click.option(
    "--no-embed", is_flag=True, help="Skip the dense embedding stage (run `memlane embed` later)."
)
@click.option(
    "--me", help="Which speaker is you; remembered, so 'I' and 'me' in questions mean them."
)
@click.option("--json", "as_json", is_flag=True, help="Print the import report as JSON.")
@store_options
def ingest(
    settings: Settings,
    paths: tuple[str, ...],
    fmt: str,
    dayfirst: bool | None,
    strict: bool,
    conversation: str | None,
    no_embed: bool,
    me: str | None,
    as_json: bool,
) -> None:
    """Import chat history files into the store: one transaction for all of them, each file
    streamed in as it is read, so a bad line anywhere leaves the store as it was."""
    check_import_args(paths, fmt)
    store = Store.open(settings.db_path)
    reports = ingest_files(
        store,
        paths,
        settings,
        fmt=fmt,
        dayfirst=dayfirst,
        strict=strict,
        conversation=conversation,
        mentions=FINDER,
    )
    if me:
        store.set_meta("me", me)
    if not as_json:  # what was imported is searchable now: say so before embedding starts
        print_reports(reports)
    embedded = 0 if no_embed else run_embedding(store, settings, quiet=as_json)
    if as_json:
        click.echo(
            json.dumps({"files": [r.to_json() for r in reports], "embedded": embedded}, default=str)
        )
        return
    if not no_embed:
        console.print(f"embedded {plural(embedded, 'new text')} with {settings.embedder}")


def check_import_args(paths: tuple[str, ...], fmt: str) -> None:
    """Refuse a missing file, a folder or an unknown format in plain words (no usage block)."""
    if fmt != "auto" and fmt not in FORMATS:
        raise click.ClickException(
            f"unknown format {fmt!r}: use --format with auto or one of {format_names()}"
        )
    for path in map(Path, paths):
        if path.is_dir():
            raise click.ClickException(f"{path} is a folder: name the exported chat file inside it")
        if not path.exists():
            raise click.ClickException(
                f"{path}: no such file. Check the name and the folder you are in"
            )


def print_reports(reports: list[IngestReport]) -> None:
    table = Table(title="imported")
    # Short headers that are never cut at 80 columns: a long file name folds instead.
    table.add_column("file", overflow="fold")
    for col in ("format", "conversations", "new", "duplicates", "sessions", "chunks"):
        table.add_column(col, min_width=len(col), no_wrap=True)
    for r in reports:
        table.add_row(
            Path(r.path).name,
            r.format,
            str(len(r.conversations)),
            str(r.new_messages),
            str(r.duplicates),
            str(r.sessions),
            str(r.chunks),
        )
    console.print(table)
    for r in reports:
        for w in r.warnings[:20]:
            err.print(f"[yellow]warning[/yellow] {w}")
        if len(r.warnings) > 20:
            err.print(f"… and {len(r.warnings) - 20} more warnings")


@click.command()
@store_options
def embed(settings: Settings) -> None:
    """Embed what is not embedded yet (resumable; safe to interrupt)."""
    store = Store.open(settings.db_path, must_exist=True)
    n = run_embedding(store, settings)
    done, total = embedding_coverage(
        store, get_embedder(settings.embedder).model_id, settings.chunk_vectors == "embedded"
    )
    console.print(f"embedded {plural(n, 'text')}; {done:,} of {total:,} have vectors now")


def parse_now(value: str | None) -> datetime | str:
    """The clock is read here, at the edge, and passed in everywhere else."""
    if value is None:
        return datetime.now()
    if value == "latest":
        return value
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(
            f"{value!r}: use ISO 8601 (2023-10-22 or 2023-10-22T18:00) or 'latest'",
            param_hint="'--now'",
        ) from None


def question_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    fn = click.option(
        "--now",
        "now_opt",
        metavar="ISO|latest",
        help="What 'now' is for relative dates (default: the clock; "
        "'latest' = newest message in scope).",
    )(fn)
    fn = click.option("--conversation", help="Only this conversation.")(fn)
    fn = click.option("--k", default=5, show_default=True, help="Number of chunks.")(fn)
    fn = click.option("--me", help="Which speaker is you (for 'I' and 'me').")(fn)
    fn = click.option("--json", "as_json", is_flag=True, help="JSON output (schema in README).")(fn)
    return click.option(
        "--explain", is_flag=True, help="Show the route, plan, SQL, resolved dates and scores."
    )(fn)


def emitted_json(result: AskResult, as_json: bool, explain: bool) -> bool:
    """Print the JSON (and stop) or the --explain block (and go on) shared by search and ask."""
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
        return True
    if explain:
        err.print(printable(render_explain(result)), markup=False)
    return False


@click.command()
@click.argument("question")
@question_options
@store_options
def search(
    settings: Settings,
    question: str,
    k: int,
    conversation: str | None,
    now_opt: str | None,
    me: str | None,
    as_json: bool,
    explain: bool,
) -> None:
    """Find the messages that answer QUESTION (time filters + hybrid BM25/dense)."""
    pipe = build_pipeline(settings, me=me)
    click.get_current_context().call_on_close(pipe.store.close)
    result = pipe.ask(
        question, now=parse_now(now_opt), conversation=conversation, k=k, answer=False
    )
    if emitted_json(result, as_json, explain):
        return
    if result.route == "time":
        print_messages(result.filtered)
    elif result.search is not None:
        # Only a cut changes what is shown: the turns it kept, in their chunks (agent.sure).
        cut = len(result.returned_ids) < min(k, len(result.search.ranked))
        print_result(result.search, set(result.returned_ids) if cut else None)


@click.command()
@click.argument("question")
@click.option(
    "--turn",
    "turns",
    multiple=True,
    metavar="TEXT",
    help="An earlier question of the dialogue (repeatable, oldest first), asked first as the "
    "REPL would, so that QUESTION can be a follow-up.",
)
@question_options
@store_options
def ask(
    settings: Settings,
    question: str,
    turns: tuple[str, ...],
    k: int,
    conversation: str | None,
    now_opt: str | None,
    me: str | None,
    as_json: bool,
    explain: bool,
) -> None:
    """Answer QUESTION from your history: the answer first, then the messages it used, with
    their date, time and speaker.

    \b
    Examples:
      memlane ask "when is my dental cleaning?" --now latest
      memlane ask "where did she have lunch?" --turn "what did Aki say about Kyoto?"
      memlane ask "how many times did Miso see the vet?" --json
    """
    pipe = build_pipeline(settings, me=me)
    click.get_current_context().call_on_close(pipe.store.close)
    if not as_json:
        err.print(f"[dim]{mode_line(settings)}[/dim]")
    now = parse_now(now_opt)
    result = ask_after(pipe, turns, question, now=now, conversation=conversation, k=k)
    if emitted_json(result, as_json, explain):
        return
    console.print(printable(render_answer(result)), markup=False, soft_wrap=True)


@click.command()
@click.option("--now", "now_opt", metavar="ISO|latest", help="What 'now' is (default: the clock).")
@click.option("--conversation", help="Only this conversation.")
@click.option("--me", help="Which speaker is you.")
@store_options
def chat(settings: Settings, now_opt: str | None, conversation: str | None, me: str | None) -> None:
    """Talk with your history in a REPL (/help inside lists the commands)."""
    from agent.cli.repl import ChatState, Repl, read_lines

    pipe = build_pipeline(settings, me=me)
    click.get_current_context().call_on_close(pipe.store.close)
    console.print(f"[dim]{mode_line(settings)} /help for commands.[/dim]")
    repl = Repl(
        pipe,
        ChatState(parse_now(now_opt), conversation),
        lambda text: console.print(printable(text), markup=False, soft_wrap=True),
    )
    # An encrypted store's questions are as private as its messages: no history file.
    read = read_lines(None if pipe.store.encrypted else settings.home / "chat_history")
    state = store_state(pipe.store)
    while True:
        # The store is held only while a line is handled: other memlane processes can write
        # (ingest, embed) while this waits for the next question.
        pipe.store.let_go()
        try:
            line = read()
        except EOFError:
            console.print()
            break
        try:
            pipe.store.take_back()
            if store_state(pipe.store) != state:  # another process wrote: search afresh
                state = store_state(pipe.store)
                pipe.searcher = open_searcher(settings, pipe.store, pipe.searcher.embedder)
            if not repl.handle(line):
                break
        except MemlaneError as exc:
            console.print(f"error: {exc}", markup=False)


def store_state(store: Store) -> tuple[int, int]:
    """What the REPL's indexes depend on: the data version and the vectors stored."""
    return store.data_version, store.count("embeddings")


def safe(text: str) -> str:
    """Message text for a rich markup string: markup escaped, control characters shown."""
    return escape(printable(text))


def print_messages(messages: list[StoredMessage]) -> None:
    if not messages:
        console.print("no messages match")
    for m in messages:
        console.print(
            f"[cyan][{m.ts:%a %d %b %Y %H:%M}][/cyan] "
            f"[bold]{safe(m.speaker)}[/bold]: {safe(m.text)}",
            soft_wrap=True,
        )


def print_result(result: SearchResult, returned: set[int] | None = None) -> None:
    """The top chunks; with `returned` (the turns a question returns, agent.sure), only the
    chunks that hold one of them."""
    for note in result.notes:
        err.print(f"[dim]{note}[/dim]")
    hits = result.results
    if returned:
        hits = [h for h in hits if any(m.id in returned for m in h.messages)] or hits
    if not hits:
        console.print("no matching messages")
    for rank, hit in enumerate(hits, 1):
        console.print(f"[bold]{rank}.[/bold] {hit_heading(hit)}", soft_wrap=True)
        for m in hit.messages:
            console.print(
                f"   [cyan][{m.ts:%a %d %b %Y %H:%M}][/cyan] [bold]{safe(m.speaker)}"
                f"[/bold]: {safe(m.text)}",
                soft_wrap=True,
            )


def hit_heading(hit: ChunkHit) -> str:
    """ "Wed 02 Sep 2026, Doug, Priya and Sam (score 1.75)": when, who, how well it matched."""
    if not hit.messages:
        return f"chunk {hit.chunk_id} [dim](score {hit.score:.2f})[/dim]"
    names = list(dict.fromkeys(m.speaker for m in hit.messages))
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{hit.messages[0].ts:%a %d %b %Y}, {safe(who)} [dim](score {hit.score:.2f})[/dim]"


@click.command()
@click.option("--limit", type=click.IntRange(min=1), help="Summarise at most N chunks this run.")
@store_options
def summarize(settings: Settings, limit: int | None) -> None:
    """Write LLM summaries of chunks that have none (resumable), then re-embed those chunks."""
    from agent.llm import is_loopback, require_chat_model
    from agent.summarize import pending_chunks, summarize_chunks

    llm = require_chat_model(settings)  # no LLM: a clear error and exit status 1
    store = Store.open(settings.db_path)
    todo = len(pending_chunks(store))
    if limit is not None:
        todo = min(todo, limit)
    if todo and not is_loopback(llm.endpoint):
        err.print(
            f"[dim]memlane sends each chunk's messages (up to {settings.chunk_size}) "
            f"to {escape(repr(llm))}[/dim]"
        )
    with progress_bar() as bar:
        task = bar.add_task("summarising", total=todo)
        done = summarize_chunks(
            store, llm, limit=limit, progress=lambda d, t: bar.update(task, completed=d, total=t)
        )
    left = len(pending_chunks(store))
    console.print(f"summarised {done} chunks; {left} still without a summary")
    if done:
        n = run_embedding(store, settings)
        console.print(f"embedded {plural(n, 'changed text')}")


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
@store_options
def stats(settings: Settings, as_json: bool) -> None:
    """What the store holds."""
    store = Store.open_reader(settings.db_path)
    try:
        data = store.stats()
    finally:
        store.close()
    if as_json:
        click.echo(json.dumps(data, default=str))
        return
    console.print(
        f"{data['db']}: {data['messages']} messages, {data['sessions']} sessions, "
        f"{data['chunks']} chunks, {data['embeddings']} vectors"
    )
    table = Table()
    for col in ("conversation", "messages", "sessions", "first", "last", "speakers"):
        table.add_column(col)
    for c in data["conversations"]:
        table.add_row(
            c["name"],
            str(c["messages"]),
            str(c["sessions"]),
            c["first"],
            c["last"],
            str(c["speakers"]),
        )
    console.print(table)


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
@click.option(
    "--probe", is_flag=True, help="Probe the LLM server's features again (they are cached)."
)
@store_options
def config(settings: Settings, as_json: bool, probe: bool) -> None:
    """Show the effective settings and where each came from (keys masked), and which
    structured-output features the LLM server has, when one is configured."""
    rows: list[tuple[str, Any, str]] = list(settings.describe())
    if settings.llm_configured:
        rows.append(llm_features(settings, refresh=probe, as_json=as_json))
    if as_json:
        click.echo(json.dumps({n: {"value": v, "source": s} for n, v, s in rows}))
        return
    table = Table()
    for col in ("setting", "value", "from"):
        table.add_column(col, overflow="fold")
    for name, value, source in rows:
        shown = (
            "not set"
            if value is None
            else json.dumps(value)
            if isinstance(value, bool)
            else str(value)
        )
        table.add_row(name, shown, source)
    console.print(table)


def llm_features(settings: Settings, *, refresh: bool, as_json: bool) -> tuple[str, Any, str]:
    """The `llm_features` row: what the server takes for structured output (probed once)."""
    from agent.llm import LLMError, cached_features, probe_features
    from agent.llm.chat import endpoint_of, redact

    endpoint = redact(endpoint_of(settings))
    cached = None if refresh else cached_features(settings.home, endpoint, settings.llm_model)
    try:
        found = cached or probe_features(settings, refresh=True, now=datetime.now())
    except LLMError as exc:
        return "llm_features", {"error": str(exc)} if as_json else f"not detected: {exc}", "probe"
    source = "cache" if cached else "probe"
    if not as_json:
        return "llm_features", found.summary(), source
    value = found.model_dump(mode="json") | {"structured_method": found.structured_method}
    return "llm_features", value, source


DEMO_SEARCHES = ["when is the dentist appointment?", "birthday present ideas for Priya"]
DEMO_QUESTIONS = [
    "what did Sam say about the vet and Miso?",
    "what did we talk about on Tuesday 22 September?",
    "what did Aki and I discuss in the third conversation in October?",
    "what did Doug say about Castle Crags last month?",
]


@click.command()
@store_options
def demo(settings: Settings) -> None:
    """Import the shipped demo history into its own store, then search and ask."""
    db = settings.db or settings.home / "demo.duckdb"
    settings = settings.model_copy(update={"db": db})
    store = Store.open(db)
    source = resources.files("memory_store.data") / "demo.jsonl"
    with resources.as_file(source) as path:
        print_reports(ingest_files(store, [path], settings, mentions=FINDER))
    run_embedding(store, settings)
    pipe = build_pipeline(settings, store, me="Sam")
    console.print(f"[dim]{mode_line(settings)}[/dim]")
    for q in DEMO_SEARCHES:
        demo_step(f"memlane search {shlex.quote(q)}")
        result = pipe.ask(q, now="latest", k=2, answer=False)
        if result.search is not None:
            print_result(result.search)
    for q in DEMO_QUESTIONS:
        demo_step(f"memlane ask --now latest {shlex.quote(q)}")
        result = pipe.ask(q, now="latest")
        console.print(printable(render_answer(result)), markup=False, soft_wrap=True)
    console.print(f"\nThe demo store is {safe(str(db))}. Talk with it next:", soft_wrap=True)
    next_command = f"memlane chat --db {shlex.quote(str(db))} --now latest --me Sam"
    console.print(f"  [bold]{safe(next_command)}[/bold]", soft_wrap=True)


def demo_step(command: str) -> None:
    """One step of the demo's tour: the command it runs, whole (never cut to the width)."""
    console.print(f"\n[bold cyan]$[/bold cyan] [bold]{safe(command)}[/bold]", soft_wrap=True)
