"""Session digests on real DuckDB files (memory_store/db/digests.py): keyed by the exact
messages of their session, kept when a session is unchanged, pruned when an import or
`forget` changes it, copied to an encrypted store like every table, added to an old store by
migration. The points written here are plain message ids: the store does not pick them."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest

from memory_store.db import schema
from memory_store.db.digests import DigestRow
from memory_store.db.forget import forget
from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store
from memory_store.settings import Settings
from tests.conftest import SMALL

V = "test-1"


def digest_all(store: Store, digester: str = V) -> int:
    todo = store.sessions_without_digest(digester)
    ids = store.session_message_ids([s.session_id for s in todo])
    store.write_digests(
        [DigestRow(s, tuple(ids[s.session_id][:2]), ("Name",)) for s in todo], digester
    )
    return len(todo)


@pytest.fixture
def store(settings: Settings) -> Store:
    opened = Store.open(settings.db_path)
    ingest_files(opened, [SMALL], settings)
    return opened


def test_every_session_gets_one_digest_and_reads_back_with_its_session(store: Store) -> None:
    n = store.count("sessions")
    assert digest_all(store) == n > 1
    assert store.sessions_without_digest(V) == []
    found = store.session_digests(V)
    assert [d.session_id for d in found] == sorted(
        (d.session_id for d in found), key=lambda s: [x.start for x in found if x.session_id == s]
    )
    for d in found:
        members = store.session_message_ids([d.session_id])[d.session_id]
        assert d.point_ids == tuple(members[:2]) and d.names == ("Name",)
        assert d.n_messages == len(members) and d.start <= d.end and d.participants


def test_another_digester_version_counts_as_missing_and_replaces(store: Store) -> None:
    digest_all(store)
    assert len(store.sessions_without_digest("test-2")) == store.count("sessions")
    digest_all(store, "test-2")
    assert store.count("session_digests") == store.count("sessions")
    assert store.session_digests(V) == [] and len(store.session_digests("test-2")) > 1


@pytest.mark.parametrize(
    ("scope", "conversation"),
    [
        ({"conversation": "Aki"}, "Aki"),
        ({"speaker": "Sam"}, None),
    ],
)
def test_forget_prunes_the_digests_of_changed_sessions_only(
    store: Store, settings: Settings, scope: dict[str, str], conversation: str | None
) -> None:
    digest_all(store)
    before = {(d.conversation, d.start) for d in store.session_digests(V)}
    forget(store, settings=settings, **scope)  # type: ignore[arg-type]
    left = store.session_digests(V)
    # every digest left matches its session's messages exactly; changed sessions have none
    for d in left:
        members = store.session_message_ids([d.session_id])[d.session_id]
        assert d.n_messages == len(members) and set(d.point_ids) <= set(members)
    if conversation:
        assert all(d.conversation != conversation for d in left)
        assert {(d.conversation, d.start) for d in left} == {
            b for b in before if b[0] != conversation
        }
    assert len(store.sessions_without_digest(V)) == store.count("sessions") - len(left)
    assert not store.con.execute(
        "SELECT count(*) FROM session_digests d WHERE NOT EXISTS (SELECT 1 FROM messages m "
        "WHERE m.id = d.first_message_id)"
    ).fetchall()[0][0]


def test_an_import_into_one_chat_keeps_the_other_chats_digests(
    store: Store, settings: Settings, tmp_path: Path
) -> None:
    digest_all(store)
    convs = store.conversations()
    kept = {
        (d.conversation, d.start) for d in store.session_digests(V) if d.conversation != convs[0]
    }
    later = tmp_path / "later.jsonl"
    later.write_text(
        json.dumps(
            {"conversation": convs[0], "speaker": "Sam", "ts": "2030-01-01T10:00:00", "text": "hi"}
        )
        + "\n",
        encoding="utf-8",
    )
    ingest_files(store, [later], settings)
    after = {(d.conversation, d.start) for d in store.session_digests(V)}
    assert kept <= after
    assert store.sessions_without_digest(V)  # the new session, at least


def test_a_v3_store_gets_the_table_on_open(settings: Settings) -> None:
    opened = Store.open(settings.db_path)
    ingest_files(opened, [SMALL], settings)
    opened.exec_("DROP TABLE session_digests")
    opened.set_meta("schema_version", "3")
    opened.close()
    con = duckdb.connect(str(settings.db_path))
    assert schema.current_version(con) == 3
    con.close()
    reopened = Store.open(settings.db_path)
    try:
        assert schema.current_version(reopened.con) == schema.SCHEMA_VERSION == 4
        assert reopened.count("session_digests") == 0
        assert digest_all(reopened) == reopened.count("sessions")
    finally:
        reopened.close()


def test_digests_are_copied_with_the_store(store: Store, tmp_path: Path) -> None:
    digest_all(store)
    target = tmp_path / "copy.duckdb"
    store.copy_to(target)
    copy = Store.open(target)
    try:
        assert copy.count("session_digests") == store.count("session_digests") > 0
    finally:
        copy.close()
