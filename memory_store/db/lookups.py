"""In-memory lookups for the query path, so a question costs few DuckDB round trips.

Retrieval needs, per question: which chunks hold the allowed messages, the members of the best
chunks, each hit's home chunk, speakers of scored messages, and the rows of the few messages it
returns. Asking DuckDB each time costs a round trip per lookup, and (DuckDB 1.4) binding a Python
list parameter costs ~0.1 ms per element, so a 30,000-id time filter took seconds. Instead the
small id tables are read once per store version into sorted numpy arrays (about 40 bytes per
chunk membership row: ~170 MB at 3.6M messages) and answered by binary search.

Every function here returns exactly what the SQL it replaces returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime

import numpy as np
import pyarrow as pa

from memory_store.db.store import Store
from memory_store.models import StoredMessage

_EMPTY = np.empty(0, dtype=np.int64)


def sorted_unique(ids: Sequence[int] | np.ndarray) -> np.ndarray:
    """`np.unique` for id arrays, which here are mostly sorted already (a time filter's ids,
    a chunk per message in message order): numpy 2's `np.unique` hashes first (12 ms for
    147,000 ids), a stable sort of nearly sorted data is a merge of runs, and sorted input is
    returned as it is."""
    a = np.asarray(ids, dtype=np.int64)
    if len(a) < 2:
        return a
    step = a[1:] > a[:-1]
    if step.all():
        return a
    a = np.sort(a, kind="stable")
    return a[np.r_[True, a[1:] != a[:-1]]]


def _ranges(sorted_keys: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """Positions in `sorted_keys` of every element equal to one of `wanted` (wanted order)."""
    if not len(sorted_keys) or not len(wanted):
        return _EMPTY
    left = np.searchsorted(sorted_keys, wanted, side="left")
    right = np.searchsorted(sorted_keys, wanted, side="right")
    counts = right - left
    total = int(counts.sum())
    if not total:
        return _EMPTY
    starts = np.repeat(left, counts)
    offsets = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
    return starts + offsets


def _member(sorted_unique: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Boolean mask: which `values` occur in the sorted array `sorted_unique`."""
    if not len(sorted_unique):
        return np.zeros(len(values), dtype=bool)
    pos = np.searchsorted(sorted_unique, values)
    pos[pos == len(sorted_unique)] = 0
    return sorted_unique[pos] == values


class StoreLookups:
    """Id tables of one store version, loaded lazily on first use."""

    def __init__(self, store: Store, version: int) -> None:
        self.store = store
        self.version = version
        self._chunks: tuple[np.ndarray, ...] | None = None
        self._sessions: tuple[np.ndarray, np.ndarray] | None = None
        self._speaker_ids: np.ndarray | None = None
        self._speaker_codes: np.ndarray | None = None
        self._speaker_names: list[str] = []
        self.speakers_by_conversation: dict[str | None, list[str]] = {}
        self.conversation_ids: dict[str, np.ndarray] = {}
        self._days: dict[str | None, tuple[np.ndarray, np.ndarray]] | None = None
        self._median_words: float | None = None

    def median_words(self) -> float:
        """The median number of words of a text message (0 in an empty store)."""
        if self._median_words is None:
            row = self.store.con.execute(
                "SELECT median(len(regexp_split_to_array(trim(text), '\\s+'))) FROM messages "
                "WHERE kind = 'text'"
            ).fetchone()
            self._median_words = float(row[0]) if row and row[0] is not None else 0.0
        return self._median_words

    # -- message days ------------------------------------------------------------------------
    def latest_between(self, conversation: str | None, start: date, end: date) -> datetime | None:
        """`SELECT max(ts) FROM messages WHERE CAST(ts AS DATE) BETWEEN start AND end` (in
        `conversation`, if given), from each conversation's days with messages, read in one
        scan: the planner asks this for most questions (40 ms a scan at 3.6M messages)."""
        if self._days is None:
            table = self.store.con.execute(
                "SELECT conversation, CAST(ts AS DATE) AS day, max(ts) AS latest FROM messages "
                "GROUP BY ALL ORDER BY conversation, day"
            ).fetch_arrow_table()
            convs = table.column(0).to_pylist()
            days = table.column(1).to_numpy().astype("datetime64[D]")
            latest = table.column(2).to_numpy().astype("datetime64[us]")
            self._days = {}
            bounds = [i for i in range(1, len(convs)) if convs[i] != convs[i - 1]]
            for lo, hi in zip([0, *bounds], [*bounds, len(convs)], strict=True):
                if hi > lo:
                    self._days[convs[lo]] = (days[lo:hi], latest[lo:hi])
            order = np.lexsort((latest, days))  # every conversation: a day's max is its last
            last_of_day = np.r_[days[order][1:] != days[order][:-1], True]
            self._days[None] = (days[order][last_of_day], latest[order][last_of_day])
        got = self._days.get(conversation)
        if got is None:
            return None
        days, latest = got
        first = int(np.searchsorted(days, np.datetime64(start, "D"), side="left"))
        after = int(np.searchsorted(days, np.datetime64(end, "D"), side="right"))
        if after <= first:
            return None
        return latest[first:after].max().astype(datetime)

    # -- chunk membership -------------------------------------------------------------------
    def _chunk_tables(self) -> tuple[np.ndarray, ...]:
        if self._chunks is None:
            table = self.store.con.execute(
                "SELECT cm.chunk_id, cm.message_id, cm.pos, coalesce(m.kind = 'text', false) "
                "FROM chunk_messages cm LEFT JOIN messages m ON m.id = cm.message_id"
            ).fetch_arrow_table()
            chunk = table.column(0).to_numpy().astype(np.int64)
            msg = table.column(1).to_numpy().astype(np.int64)
            pos = table.column(2).to_numpy().astype(np.int64)
            text = table.column(3).to_numpy(zero_copy_only=False).astype(bool)
            by_chunk = np.lexsort((pos, chunk))  # ORDER BY chunk_id, pos
            by_msg = np.lexsort((chunk, msg))  # a message's first row holds its smallest chunk
            self._chunks = (
                chunk[by_chunk],
                msg[by_chunk],
                text[by_chunk],
                msg[by_msg],
                chunk[by_msg],
            )
        return self._chunks

    def chunks_of(self, message_ids: np.ndarray) -> np.ndarray:
        """Distinct chunk ids holding any of `message_ids` (sorted)."""
        _, _, _, msg_sorted, chunk_by_msg = self._chunk_tables()
        rows = _ranges(msg_sorted, np.asarray(message_ids, dtype=np.int64))
        return sorted_unique(chunk_by_msg[rows])

    def chunk_members(
        self, chunk_ids: Sequence[int], allowed: np.ndarray | None = None
    ) -> dict[int, list[int]]:
        """chunk id -> its text message ids (inside sorted `allowed`, if given) in chunk order."""
        chunk_sorted, members, is_text, _, _ = self._chunk_tables()
        wanted = sorted_unique(list(chunk_ids))
        rows = _ranges(chunk_sorted, wanted)
        rows = rows[is_text[rows]]
        if allowed is not None:
            rows = rows[_member(allowed, members[rows])]
        out: dict[int, list[int]] = {}
        for cid, mid in zip(chunk_sorted[rows].tolist(), members[rows].tolist(), strict=True):
            out.setdefault(cid, []).append(mid)
        return out

    def home_chunks(self, message_ids: Sequence[int]) -> dict[int, int]:
        """message id -> the smallest chunk id holding it (messages in no chunk are left out)."""
        _, _, _, msg_sorted, chunk_by_msg = self._chunk_tables()
        ids = np.asarray(list(message_ids), dtype=np.int64)
        if not len(msg_sorted) or not len(ids):
            return {}
        pos = np.searchsorted(msg_sorted, ids)
        pos[pos == len(msg_sorted)] = 0
        hit = msg_sorted[pos] == ids
        return dict(zip(ids[hit].tolist(), chunk_by_msg[pos[hit]].tolist(), strict=True))

    # -- speakers ---------------------------------------------------------------------------
    def speaker_of(self, ids: Sequence[int]) -> dict[int, str]:
        """message id -> speaker, for the ids that exist."""
        if self._speaker_ids is None:
            table = self.store.con.execute(
                "SELECT id, speaker FROM messages ORDER BY id"
            ).fetch_arrow_table()
            encoded = table.column(1).combine_chunks().dictionary_encode()
            self._speaker_ids = table.column(0).to_numpy().astype(np.int64)
            self._speaker_codes = encoded.indices.to_numpy(zero_copy_only=False)
            self._speaker_names = [str(s) for s in encoded.dictionary.to_pylist()]
        assert self._speaker_codes is not None
        want = np.asarray(list(ids), dtype=np.int64)
        if not len(want) or not len(self._speaker_ids):
            return {}
        pos = np.searchsorted(self._speaker_ids, want)
        pos[pos == len(self._speaker_ids)] = 0
        hit = self._speaker_ids[pos] == want
        names = self._speaker_names
        return {
            i: names[c]
            for i, c in zip(want[hit].tolist(), self._speaker_codes[pos[hit]].tolist(), strict=True)
        }

    # -- message rows -----------------------------------------------------------------------
    def _session_table(self) -> tuple[np.ndarray, np.ndarray]:
        if self._sessions is None:
            table = self.store.con.execute(
                "SELECT id, ordinal FROM sessions ORDER BY id"
            ).fetch_arrow_table()
            self._sessions = (
                table.column(0).to_numpy().astype(np.int64),
                table.column(1).to_numpy().astype(np.int64),
            )
        return self._sessions

    def messages(self, ids: Sequence[int] | np.ndarray) -> list[StoredMessage]:
        """Messages by id, in the order given (unknown ids and ids without a session are
        skipped), as `Store.messages` returns them, in one round trip and no list parameter."""
        order = np.asarray(ids, dtype=np.int64)
        if not len(order):
            return []
        cols = "id, conversation, source_ref, speaker, ts, text, kind, session_id"
        unique = sorted_unique(order)
        if len(unique) <= 2000:
            # Integers written into the SQL: no binding cost, and DuckDB prunes by zone maps.
            listed = ",".join(str(int(i)) for i in unique)
            rows = self.store.con.execute(
                f"SELECT {cols} FROM messages WHERE id IN ({listed})"
            ).fetchall()
        else:
            self.store.con.register("memlane_ids", pa.table({"id": unique}))
            try:
                rows = self.store.con.execute(
                    f"SELECT {', '.join('m.' + c for c in cols.split(', '))} "
                    "FROM memlane_ids i JOIN messages m ON m.id = i.id"
                ).fetchall()
            finally:
                self.store.con.unregister("memlane_ids")
        sids, ords = self._session_table()
        have = np.asarray([-1 if r[7] is None else r[7] for r in rows], dtype=np.int64)
        pos = np.searchsorted(sids, have) if len(sids) else np.zeros(len(have), np.int64)
        pos[pos == len(sids)] = 0
        ok = (sids[pos] == have).tolist() if len(sids) else [False] * len(have)
        ordinal = ords[pos].tolist() if len(sids) else [0] * len(have)
        found = {
            r[0]: StoredMessage(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], o)
            for r, o, k in zip(rows, ordinal, ok, strict=True)
            if k
        }
        return [found[i] for i in order.tolist() if i in found]


def message_ids_of(store: Store, conversation: str) -> np.ndarray:
    """The text message ids of one conversation, sorted (one round trip, no Python rows)."""
    table = store.con.execute(
        "SELECT id FROM messages WHERE conversation = ? AND kind = 'text' ORDER BY id",
        [conversation],
    ).fetch_arrow_table()
    return table.column(0).to_numpy().astype(np.int64)
