"""`memlane timeline`: past and upcoming events by event date (agent/timeline.py prints here)."""

from __future__ import annotations

import json
from datetime import date

import click

from agent.app import upgrade_store
from agent.cli.common import console, printable, store_options
from agent.timeline import TimelineEntry, timeline
from memory_store.db.store import Store
from memory_store.settings import Settings

__all__ = ["day_option", "timeline_command"]


def day_option(value: str | None, name: str) -> date | None:
    """A --from/--to option's day, or a usage error in plain words."""
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(f"{value!r}: use a date, YYYY-MM-DD", param_hint=name) from None


@click.command("timeline")
@click.option("--conversation", metavar="NAME", help="Only this conversation.")
@click.option("--from", "from_", metavar="DATE", help="Events from this day (YYYY-MM-DD).")
@click.option("--to", "to", metavar="DATE", help="Events up to this day, inclusive.")
@click.option("--limit", type=click.IntRange(min=1), help="Show at most this many events.")
@click.option("--json", "as_json", is_flag=True, help="Print the events as JSON.")
@store_options
def timeline_command(
    settings: Settings,
    conversation: str | None,
    from_: str | None,
    to: str | None,
    limit: int | None,
    as_json: bool,
) -> None:
    """Past and upcoming events by the date they happen, each with the message that
    mentions it and how its words resolved ("'yesterday', written Mon 8 May 2023").

    \b
    Examples:
      memlane timeline
      memlane timeline --conversation Aki --from 2026-10-01 --to 2026-11-30
      memlane timeline --from 2024-03-09 --to 2024-03-09 --json
    """
    start, end = day_option(from_, "'--from'"), day_option(to, "'--to'")
    if start and end and start > end:
        raise click.BadParameter(f"--from {start} is after --to {end}", param_hint="'--from'")
    upgrade_store(settings.db_path)  # a store made before the mentions table is filled first
    store = Store.open_reader(settings.db_path)
    try:
        entries = timeline(store, conversation=conversation, start=start, end=end, limit=limit)
    finally:
        store.close()
    if as_json:
        click.echo(json.dumps([e.to_json() for e in entries], ensure_ascii=False))
        return
    if not entries:
        console.print("no events found: no message mentions a time in that range")
        return
    for e in entries:
        console.print(printable(_line(e)), markup=False, soft_wrap=True)


def _line(e: TimelineEntry) -> str:
    m = e.message
    return (
        f"{e.when:<28} {m.conversation} · {m.speaker} [{m.ts:%Y-%m-%d %H:%M}]: {m.text}\n"
        f"{'':<28} ↳ {e.resolution} ({e.mention.direction})"
    )
