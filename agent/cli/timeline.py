"""`memlane timeline`: past and upcoming events by event date (agent/timeline.py prints here)."""

from __future__ import annotations

from datetime import date

import click

from agent.app import build_pipeline, upgrade_store
from agent.cli.common import show_rows, store_options
from agent.timeline import TimelineEntry, timeline
from agent.topics import topic_timeline
from memory_store.db.store import Store
from memory_store.models import StoredMessage
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
@click.option(
    "--about", metavar="TOPIC", help="The messages on a topic instead, by the date written."
)
@click.option("--person", metavar="NAME", help="With --about: only what NAME wrote or names NAME.")
@click.option("--json", "as_json", is_flag=True, help="Print the events as JSON.")
@store_options
def timeline_command(
    settings: Settings,
    conversation: str | None,
    from_: str | None,
    to: str | None,
    limit: int | None,
    about: str | None,
    person: str | None,
    as_json: bool,
) -> None:
    """Past and upcoming events by the date they happen, each with the message that
    mentions it and how its words resolved ("'yesterday', written Mon 8 May 2023"). With
    --about, a topic's timeline instead: every message on it, by the date it was written.

    \b
    Examples:
      memlane timeline
      memlane timeline --conversation Aki --from 2026-10-01 --to 2026-11-30
      memlane timeline --from 2024-03-09 --to 2024-03-09 --json
      memlane timeline --about dentist
      memlane timeline --about "crag trip" --person Doug --json
    """
    start, end = day_option(from_, "'--from'"), day_option(to, "'--to'")
    if start and end and start > end:
        raise click.BadParameter(f"--from {start} is after --to {end}", param_hint="'--from'")
    if person and not about:
        raise click.BadParameter("goes with --about TOPIC", param_hint="'--person'")
    if about is not None:
        _topic(settings, about, person, conversation, start, end, limit, as_json)
        return
    upgrade_store(settings.db_path)  # a store made before the mentions table is filled first
    store = Store.open_reader(settings.db_path)
    try:
        entries = timeline(store, conversation=conversation, start=start, end=end, limit=limit)
    finally:
        store.close()
    show_rows(
        entries,
        as_json=as_json,
        to_json=TimelineEntry.to_json,
        line=_line,
        empty="no events found: no message mentions a time in that range",
    )


def _line(e: TimelineEntry) -> str:
    m = e.message
    return (
        f"{e.when:<28} {m.conversation} · {m.speaker} [{m.ts:%Y-%m-%d %H:%M}]: {m.text}\n"
        f"{'':<28} ↳ {e.resolution} ({e.mention.direction})"
    )


def _topic(
    settings: Settings,
    about: str,
    person: str | None,
    conversation: str | None,
    start: date | None,
    end: date | None,
    limit: int | None,
    as_json: bool,
) -> None:
    if not about.strip():
        raise click.BadParameter("say what the topic is", param_hint="'--about'")
    pipeline = build_pipeline(settings)
    try:
        found = topic_timeline(pipeline, about, person=person, conversation=conversation)
    finally:
        pipeline.store.close()
    found = [
        m for m in found if (not start or m.ts.date() >= start) and (not end or m.ts.date() <= end)
    ]
    found = found[:limit] if limit else found
    show_rows(
        found,
        as_json=as_json,
        to_json=StoredMessage.to_json,
        line=lambda m: f"{m.ts:%a %d %b %Y %H:%M}  {m.conversation} · {m.speaker}: {m.text}",
        empty=f"no message is on {about!r}: try other words, or `memlane search`",
    )
