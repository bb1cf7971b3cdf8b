"""`memlane digest`: every session at a glance (agent/digest.py prints here)."""

from __future__ import annotations

import click

from agent.app import build_pipeline, upgrade_store
from agent.cli.commands import progress_bar
from agent.cli.common import err, show_rows, store_options
from agent.cli.timeline import day_option
from agent.digest import DIGESTER, Digest, fill_digests, session_digests
from agent.timeline import describe_when
from memory_store.db.store import Store
from memory_store.errors import StoreBusyError
from memory_store.settings import Settings

__all__ = ["digest_command"]


@click.command("digest")
@click.option("--conversation", metavar="NAME", help="Only this conversation.")
@click.option("--from", "from_", metavar="DATE", help="Sessions from this day (YYYY-MM-DD).")
@click.option("--to", "to", metavar="DATE", help="Sessions up to this day, inclusive.")
@click.option("--person", metavar="NAME", help="Only sessions NAME wrote in: their timeline.")
@click.option("--limit", type=click.IntRange(min=1), help="Show at most this many sessions.")
@click.option("--json", "as_json", is_flag=True, help="Print the digests as JSON.")
@store_options
def digest_command(
    settings: Settings,
    conversation: str | None,
    from_: str | None,
    to: str | None,
    person: str | None,
    limit: int | None,
    as_json: bool,
) -> None:
    """Every session at a glance: when, who, its few central messages, the names it
    mentions and the days it speaks of. Offline; digests the store lacks are written first
    (kept through later imports and `forget`).

    \b
    Examples:
      memlane digest
      memlane digest --conversation Aki --from 2026-09-01 --to 2026-09-30
      memlane digest --person Doug --limit 5 --json
    """
    start, end = day_option(from_, "'--from'"), day_option(to, "'--to'")
    if start and end and start > end:
        raise click.BadParameter(f"--from {start} is after --to {end}", param_hint="'--from'")
    upgrade_store(settings.db_path)
    _fill(settings)
    store = Store.open_reader(settings.db_path)
    try:
        found = session_digests(
            store, conversation=conversation, start=start, end=end, limit=limit, person=person
        )
    finally:
        store.close()
    show_rows(
        found,
        as_json=as_json,
        to_json=Digest.to_json,
        line=_block,
        empty="no sessions in that range",
    )


def _fill(settings: Settings) -> None:
    """Write the digests the store lacks; a store another process is writing is read as it
    is (its missing digests are written by the next `memlane digest`)."""
    try:
        store = Store.open(settings.db_path, must_exist=True)
    except StoreBusyError:
        err.print("[dim]the store is busy: showing the digests it has[/dim]")
        return
    try:
        todo = len(store.sessions_without_digest(DIGESTER))
        if not todo:
            return
        pipeline = build_pipeline(settings, store=store)
        with progress_bar() as bar:
            task = bar.add_task("digesting sessions", total=todo)
            fill_digests(pipeline, lambda d, t: bar.update(task, completed=d, total=t))
    finally:
        store.close()


def _block(d: Digest) -> str:
    s = d.session
    span = f"{s.start:%a %d %b %Y %H:%M}–{s.end:%H:%M}"
    if s.end.date() != s.start.date():
        span = f"{s.start:%a %d %b %Y %H:%M} – {s.end:%a %d %b %H:%M}"
    people = ", ".join(s.participants)
    lines = [f"{span} · {s.conversation} · {people} · {s.n_messages} messages"]
    lines += [f"  - {m.speaker}: {_short(m.text)}" for m in d.points]
    if d.names:
        lines.append(f"  names: {', '.join(d.names)}")
    if d.events:
        seen = list(dict.fromkeys(f"{describe_when(x)} ('{x.text}')" for x, _ in d.events))
        lines.append(f"  speaks of: {'; '.join(seen[:4])}")
    return "\n".join(lines)


def _short(text: str, limit: int = 140) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
