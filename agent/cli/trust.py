"""`memlane forget` and `memlane init`: the commands that protect what the store holds.

Both are plain click commands, registered on the group in agent/cli/main.py; shared options
live in agent/cli/common.py.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import Any

import click

from agent.cli.common import store_options
from memory_store.db.ingest import plural
from memory_store.settings import Settings


def _day(_ctx: click.Context, _param: click.Parameter, value: str | None) -> date | None:
    if value is None:
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(
            f"{value!r}: use ISO 8601 (2023-10-22 or 2023-10-22T18:00)"
        ) from None


def _summary(report: Any) -> str:
    verb = "would forget" if report.dry_run else "forgot"
    return (
        f"{verb} {plural(report.messages, 'message')} in "
        f"{plural(len(report.conversations), 'conversation')} "
        f"({len(report.conversations_emptied)} emptied); chunks {report.chunks_removed} removed, "
        f"{report.chunks_rebuilt} rebuilt; {report.embeddings} vectors; {report.imports} import "
        f"records; {report.index_files} index files; {report.history_lines} REPL history lines"
    )


@click.command("forget")
@click.option("--conversation", help="Forget this conversation.")
@click.option("--speaker", help="Forget what this speaker said.")
@click.option("--before", callback=_day, metavar="DATE", help="Forget messages before DATE.")
@click.option("--after", callback=_day, metavar="DATE", help="Forget messages on/after DATE.")
@click.option("--all", "all_", is_flag=True, help="Forget everything.")
@click.option("--dry-run", is_flag=True, help="Only count what would be forgotten.")
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@store_options
def forget(
    settings: Settings,
    conversation: str | None,
    speaker: str | None,
    before: date | None,
    after: date | None,
    all_: bool,
    dry_run: bool,
    yes: bool,
    as_json: bool,
) -> None:
    """Delete messages and everything derived from them, then compact the files.

    Filters combine (AND). Removes matching messages, their sessions, chunks, vectors and
    index files and the REPL history lines that mention them, then rewrites the database so
    the bytes are gone from it. Copies elsewhere (backups, the original exports) are not.
    """
    from memory_store.db.forget import forget as forget_messages
    from memory_store.db.store import Store

    if not settings.db_path.exists():
        raise click.ClickException(f"no store at {settings.db_path}: nothing to forget")
    store = Store.open(settings.db_path)
    scope: dict[str, Any] = {
        "conversation": conversation,
        "speaker": speaker,
        "before": before,
        "after": after,
        "all": all_,
    }
    try:
        preview = forget_messages(store, **scope, dry_run=True, settings=settings)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    if not dry_run and preview.messages and not yes:
        click.confirm(
            _summary(preview).replace("would forget", "Forget", 1) + ". Go on?", abort=True
        )
    report = (
        preview
        if dry_run or not preview.messages
        else forget_messages(store, **scope, settings=settings)
    )
    store.close()
    click.echo(json.dumps(report.to_json()) if as_json else _summary(report))


@click.command("init")
@click.option(
    "--encrypt",
    is_flag=True,
    help="Encrypt the store at rest with a passphrase (from $MEMLANE_PASSPHRASE or a prompt). "
    "An existing store is converted in place.",
)
@store_options
def init(settings: Settings, encrypt: bool) -> None:
    """Create the store with private permissions (0700 home, 0600 files), or tighten them.

    With --encrypt the store is encrypted with AES-256-GCM under a key derived from your
    passphrase by scrypt. Neither the key nor the passphrase is stored; lose the passphrase and
    the store cannot be read. Indexes and REPL history of an encrypted store stay in memory.
    """
    from memory_store.db import crypto
    from memory_store.db.encrypt import encrypt_store
    from memory_store.db.locking import make_private
    from memory_store.db.store import Store
    from memory_store.query.search import index_dir_for

    db = settings.db_path
    if encrypt:
        passphrase = crypto.ask_passphrase(db, confirm=True)
        report = encrypt_store(db, passphrase, [index_dir_for(db), settings.home / "chat_history"])
    else:
        Store.open(db).close()
    home = settings.home
    paths = [home, *home.rglob("*")] if home.exists() else []
    make_private(*paths, db.parent, db)
    if not encrypt:
        click.echo(f"store ready at {db} (files 0600, directories 0700)")
        return
    click.echo(
        f"encrypted store ready at {db} ({report.messages} messages). Keep the passphrase: "
        f"it cannot be recovered. Set {crypto.PASSPHRASE_ENV} or memlane will ask for it."
    )
    if report.converted:
        click.echo(
            "The unencrypted file was replaced and its indexes and REPL history deleted. "
            "Blocks the file system freed may still hold old bytes until they are reused."
        )
