"""The `mentions` table on real DuckDB files: ingest, re-import, forget, encryption, migration.

The resolver is the agent's (agent.plan.finder.FINDER), injected as the store's
`MentionFinder`; memory_store itself never imports it.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner

from agent.app import ensure_mentions
from agent.plan.finder import FINDER
from agent.plan.mentions import Mention
from memory_store.db import crypto, schema
from memory_store.db.forget import forget
from memory_store.db.ingest import ingest_files
from memory_store.db.mentions import VERSION_KEY
from memory_store.db.store import Store
from memory_store.errors import ImportFormatError
from memory_store.models import MentionRow
from memory_store.settings import Settings
from tests.conftest import FIXTURES, SMALL

DEMO = Path(__file__).parents[2] / "memory_store" / "data" / "demo.jsonl"


def rows(store: Store) -> list[tuple[object, ...]]:
    return store.con.execute(
        "SELECT message_id, start_char, end_char, start_ts, end_ts, granularity, direction, text "
        "FROM mentions ORDER BY ALL"
    ).fetchall()


def expected(store: Store) -> list[tuple[object, ...]]:
    """What the finder says of every text message, recomputed outside the store."""
    msgs = store.con.execute("SELECT id, ts, text FROM messages WHERE kind = 'text'").fetchall()
    return sorted(
        (mid, m.start_char, m.end_char, m.start, m.end, m.granularity, m.direction, m.text)
        for mid, ts, text in msgs
        for m in FINDER(text, ts)
    )


@pytest.fixture
def store(settings: Settings) -> Store:
    opened = Store.open(settings.db_path)
    ingest_files(opened, [SMALL], settings, mentions=FINDER)
    return opened


def test_ingest_writes_every_text_messages_mentions(store: Store) -> None:
    got = rows(store)
    assert got == expected(store) and len(got) >= 5
    assert store.mentions_current(FINDER)
    # "Yes, dentist appointment is Thursday at 3pm", written Monday 4 March 2024
    dentist = [r for r in got if r[7] == "Thursday"]
    assert dentist[0][3:7] == (datetime(2024, 3, 7), datetime(2024, 3, 8), "day", "future")
    kinds = dict(store.con.execute("SELECT id, kind FROM messages").fetchall())
    assert {kinds[r[0]] for r in got} == {"text"}


def test_only_text_messages_have_mentions(tmp_path: Path, settings: Settings) -> None:
    src = tmp_path / "k.jsonl"
    at = {"conversation": "K", "speaker": "A", "ts": "2024-03-04T09:00:00"}
    lines = [at | {"text": "see you tomorrow"}, at | {"text": "tomorrow.jpg", "kind": "media"}]
    src.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    opened = Store.open(settings.db_path)
    ingest_files(opened, [src], settings, mentions=FINDER)
    assert [r[7] for r in rows(opened)] == ["tomorrow"]


def test_reimport_adds_nothing_twice(store: Store, settings: Settings) -> None:
    before = rows(store)
    again = ingest_files(store, [SMALL], settings, mentions=FINDER)[0]
    assert again.new_messages == 0
    assert rows(store) == before


def test_new_messages_get_their_mentions_and_keep_the_old(
    store: Store, settings: Settings, tmp_path: Path
) -> None:
    before = rows(store)
    more = tmp_path / "more.jsonl"
    more.write_text(
        json.dumps({"conversation": "Ben", "speaker": "Ben", "ts": "2024-03-05T10:00:00",
                    "text": "the gig is next Friday"}) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    ingest_files(store, [more], settings, mentions=FINDER)
    after = rows(store)
    assert after[: len(before)] == before and len(after) == len(before) + 1
    assert after[-1][3] == datetime(2024, 3, 15) and store.mentions_current(FINDER)


def test_a_failed_ingest_writes_no_mentions(settings: Settings, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"conversation": "X", "speaker": "A", "ts": "2024-03-04T09:00:00", '
                   '"text": "see you tomorrow"}\n{not json\n', encoding="utf-8")  # fmt: skip
    opened = Store.open(settings.db_path)
    with pytest.raises(ImportFormatError):
        ingest_files(opened, [SMALL, bad], settings, mentions=FINDER, strict=True)
    assert opened.count("messages") == 0 and opened.count("mentions") == 0


def test_ingest_without_a_finder_marks_mentions_stale(store: Store, tmp_path: Path) -> None:
    more = tmp_path / "more.jsonl"
    more.write_text(
        json.dumps({"conversation": "Ben", "speaker": "Ben", "ts": "2024-03-05T10:00:00",
                    "text": "see you tomorrow"}) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    ingest_files(store, [more], Settings.load())
    assert not store.mentions_current(FINDER)
    assert ensure_mentions(store) == len(expected(store))
    assert rows(store) == expected(store) and store.mentions_current(FINDER)
    assert ensure_mentions(store) == 0  # current: nothing to do


def test_forget_deletes_the_messages_mentions(store: Store, settings: Settings) -> None:
    aki = {
        r[0] for r in store.con.execute("SELECT id FROM messages WHERE speaker = 'Aki'").fetchall()
    }
    assert any(r[0] in aki for r in rows(store))
    report = forget(store, speaker="Aki", settings=settings)
    assert report.mentions > 0
    left = rows(store)
    assert left and not any(r[0] in aki for r in left)
    assert left == expected(store)
    assert store.one("SELECT count(*) FROM mentions WHERE message_id NOT IN "
                     "(SELECT id FROM messages)") == (0,)  # fmt: skip


def test_migration_adds_the_table_and_rebuild_fills_it(settings: Settings) -> None:
    """A v2 store (made before mentions) is migrated on open; the pipeline fills the table."""
    opened = Store.open(settings.db_path)
    ingest_files(opened, [SMALL], settings)  # no finder: as an old memlane would
    opened.exec_("DROP TABLE mentions")
    opened.exec_("DROP TABLE session_digests")  # v4
    opened.exec_("DELETE FROM meta WHERE key = ?", [VERSION_KEY])
    opened.set_meta("schema_version", "2")
    opened.close()
    con = duckdb.connect(str(settings.db_path))
    assert schema.current_version(con) == 2
    con.close()
    reopened = Store.open(settings.db_path)
    assert schema.current_version(reopened.con) == schema.SCHEMA_VERSION == 4
    assert reopened.count("mentions") == 0 and not reopened.mentions_current(FINDER)
    n = reopened.rebuild_mentions(FINDER)
    assert n == reopened.count("mentions") == len(expected(reopened)) > 0
    assert reopened.mentions_current(FINDER)
    assert reopened.rebuild_mentions(FINDER) == n and rows(reopened) == expected(reopened)


def test_another_finder_version_is_rebuilt(store: Store) -> None:
    class Other:
        version = "test-0"

        def __call__(self, text: str, written: datetime, /) -> list[Mention]:
            return []

    assert not store.mentions_current(Other())
    assert store.rebuild_mentions(Other()) == 0 and store.count("mentions") == 0
    assert store.mentions_current(Other()) and not store.mentions_current(FINDER)
    assert ensure_mentions(store) == len(expected(store))


def test_mentions_of_reads_the_table(store: Store) -> None:
    ids = [int(r[0]) for r in store.con.execute("SELECT id FROM messages ORDER BY id").fetchall()]
    got = store.mentions_of(ids)
    flat = sorted(
        (m.message_id, m.start_char, m.end_char, m.start, m.end, m.granularity, m.direction, m.text)
        for ms in got.values()
        for m in ms
    )
    assert flat == rows(store)
    assert all(isinstance(m, MentionRow) for ms in got.values() for m in ms)
    for mid, ms in got.items():
        assert [m.start_char for m in ms] == sorted(m.start_char for m in ms)
        text = store.messages([mid])[0].text
        assert all(text[m.start_char : m.end_char] == m.text for m in ms)
    assert store.mentions_of([]) == {} and store.mentions_of([10**9]) == {}


def test_timeline_on_the_demo_history(settings: Settings) -> None:
    opened = Store.open(settings.db_path)
    ingest_files(opened, [DEMO], settings, mentions=FINDER)
    autumn = opened.timeline(start=date(2026, 10, 1), end=date(2026, 11, 30))
    days = [(m.start.date(), msg.text) for m, msg in autumn if m.granularity == "day"]
    assert (date(2026, 11, 5), "Booked: cleaning on Thursday November 5th at 9:00.") in days
    assert (date(2026, 10, 17), "Crag trip time! Castle Crags on Saturday October 17th?") in days
    starts = [m.start for m, _ in autumn]
    assert starts == sorted(starts)
    assert all(m.end > datetime(2026, 10, 1) and m.start < datetime(2026, 12, 1) for m, _ in autumn)
    climbing = opened.timeline(conversation="Climbing crew")
    assert climbing and {msg.conversation for _, msg in climbing} == {"Climbing crew"}
    assert len(opened.timeline(limit=3)) == 3


@pytest.mark.e2e
def test_init_encrypt_carries_the_mentions(
    isolated_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agent.cli import cli

    monkeypatch.setenv(crypto.PASSPHRASE_ENV, "correct horse battery staple")
    runner = CliRunner()
    out = runner.invoke(cli, ["ingest", str(SMALL), "--no-embed"])
    assert out.exit_code == 0, out.output
    plain = Store.open(Settings.load().db_path)
    before = rows(plain)
    plain.close()
    assert before
    out = runner.invoke(cli, ["init", "--encrypt"])
    assert out.exit_code == 0, out.output
    sealed = Store.open(Settings.load().db_path)
    assert sealed.encrypted and rows(sealed) == before and sealed.mentions_current(FINDER)
    sealed.close()


def test_exports_fixture_mentions(settings: Settings) -> None:
    """The hiking plans of the export fixtures resolve to Saturday 9 March 2024."""
    opened = Store.open(settings.db_path)
    exports = FIXTURES / "exports"
    ingest_files(
        opened,
        [exports / "whatsapp" / "ios_en_gb_chat.txt", exports / "line" / "en_group.txt"],
        settings,
        dayfirst=True,
        mentions=FINDER,
    )
    saturday = [
        msg.text
        for m, msg in opened.timeline(start=date(2024, 3, 9), end=date(2024, 3, 9))
        if m.granularity == "day"
    ]
    assert any("Saturday works" in t for t in saturday)
    assert any("Trail on Saturday" in t for t in saturday)
