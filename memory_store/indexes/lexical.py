"""BM25 over messages and over chunks (bm25s), persisted next to the DB.

Each index directory holds bm25s' own files (no pickle), `ids.npy` mapping rows to store ids,
and `index_meta.json` with the tokenizer and the store's data_version it was built from. A
version mismatch means the index is stale and is rebuilt from DuckDB.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
from array import array
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import bm25s
import duckdb
import numpy as np

from memory_store.db.store import Store
from memory_store.indexes.bm25_build import block_pairs, lucene_from_blocks
from memory_store.indexes.tokenize import DefaultTokenizer, Tokenizer

UNITS = {
    # A turn's BM25 document also holds its session neighbours and the session's month, year and
    # weekday: questions share words with the turn that prompted or answered the evidence, and
    # with its date (LoCoMo dev, Recall@5 cat 1-4: 0.631 -> 0.690 out-of-fold; eval/experiments.py).
    # The document is the pieces joined by spaces: `speaker: text prev next "%B %Y %A"`.
    "messages": (
        "SELECT id, speaker, text, lag(text) OVER w, lead(text) OVER w, strftime(ts, '%B %Y %A')"
        " FROM messages WHERE kind = 'text'"
        " WINDOW w AS (PARTITION BY session_id ORDER BY ts, id) ORDER BY id"
    ),
    "chunks": "SELECT id, embedding_text FROM chunks ORDER BY id",
}

DOC_VERSION = "msg-ctx1"  # bump when a unit's document changes, so persisted indexes rebuild


class LexicalIndex:
    """A BM25 index over one unit (messages or chunks) with store ids."""

    def __init__(self, bm25: bm25s.BM25 | None, ids: np.ndarray, tokenizer: Tokenizer) -> None:
        self.bm25, self.ids, self.tokenizer = bm25, ids, tokenizer
        # Rows are built ORDER BY id, so a binary search maps ids to rows without a dict.
        self._sorted = bool(len(ids) < 2 or np.all(ids[1:] > ids[:-1]))
        self._ends: dict[str, bool] = {}  # ends_word's answers: the index never changes

    @classmethod
    def build(cls, docs: Iterable[tuple[int, str]], tokenizer: Tokenizer) -> LexicalIndex:
        return cls.build_pieces(((i, t.split()) for i, t in docs), tokenizer)

    @classmethod
    def build_pieces(
        cls,
        docs: Iterable[tuple[int, Sequence[str | None]]],
        tokenizer: Tokenizer,
        block_tokens: int = 1 << 22,
    ) -> LexicalIndex:
        """Index documents given as pieces (None pieces are skipped) that join with whitespace.

        Tokens never span whitespace, so a document's tokens are its pieces' tokens in order;
        a piece repeated across documents (a turn is also its neighbours' context, chunks
        overlap, "ok" recurs) is tokenized once. `docs` is consumed as it comes (a cursor),
        and every `block_tokens` tokens the documents so far become compact triples
        (`bm25_build.block_pairs`): no document text and no whole-corpus token array is held.
        """
        vocab: dict[str, int] = {}
        cache: dict[str, list[int]] = {}

        def encode(piece: str) -> list[int]:
            got = cache.get(piece)
            if got is None:
                got = cache[piece] = [vocab.setdefault(t, len(vocab)) for t in tokenizer(piece)]
            return got

        ids, lengths, blocks = array("q"), array("q"), []
        flat, block_start = array("i"), 0

        def close_block() -> None:
            nonlocal flat, block_start
            if len(ids) > block_start:
                part = np.array(lengths[block_start:], dtype=np.int64)  # `lengths` grows on
                blocks.append(block_pairs(np.array(flat, dtype=np.int32), part, block_start))
            flat, block_start = array("i"), len(ids)

        for doc_id, pieces in docs:
            before = len(flat)
            for p in pieces:
                if p is not None:
                    flat.extend(encode(p))
            if len(flat) == before:
                flat.append(vocab.setdefault("", len(vocab)))
            ids.append(doc_id)
            lengths.append(len(flat) - before)
            if len(flat) >= block_tokens:
                close_block()
        close_block()
        if not ids:
            return cls(None, np.empty(0, dtype=np.int64), tokenizer)
        cache.clear()  # the pieces and their token lists are no longer needed
        bm25 = bm25s.BM25(k1=1.2, b=0.75)
        bm25.scores = lucene_from_blocks(
            blocks, np.frombuffer(lengths, dtype=np.int64).copy(), len(vocab)
        )
        vocab.setdefault("", len(vocab))  # as bm25s's own `index` leaves its vocabulary
        bm25.vocab_dict = vocab
        bm25.unique_token_ids_set = set(vocab.values())
        bm25.nonoccurrence_array = None
        return cls(bm25, np.frombuffer(ids, dtype=np.int64).copy(), tokenizer)

    def to_bytes(self) -> bytes:
        """The index as one .npz (no pickle): what an encrypted store keeps inside itself."""
        arrays: dict[str, np.ndarray] = {"ids": self.ids}
        if self.bm25 is not None:
            b, scores = self.bm25, self.bm25.scores
            params = {
                "k1": b.k1,
                "b": b.b,
                "delta": b.delta,
                "method": b.method,
                "idf_method": b.idf_method,
                "dtype": str(b.dtype),
                "int_dtype": str(b.int_dtype),
                "num_docs": int(scores["num_docs"]),
                "vocab": b.vocab_dict,
            }
            arrays |= {
                "data": scores["data"],
                "indices": scores["indices"],
                "indptr": scores["indptr"],
                "params": np.frombuffer(json.dumps(params).encode("utf-8"), np.uint8),
            }
        buf = io.BytesIO()
        np.savez(buf, **arrays)  # type: ignore[arg-type]
        return buf.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes, tokenizer: Tokenizer) -> LexicalIndex:
        with np.load(io.BytesIO(data), allow_pickle=False) as z:
            ids = z["ids"]
            if "params" not in z:
                return cls(None, ids, tokenizer)
            params = json.loads(z["params"].tobytes().decode("utf-8"))
            vocab, num_docs = params.pop("vocab"), params.pop("num_docs")
            bm25 = bm25s.BM25(**params)
            bm25.vocab_dict = vocab
            bm25.unique_token_ids_set = set(vocab.values())
            bm25.nonoccurrence_array = None
            bm25.scores = {
                "data": z["data"],
                "indices": z["indices"],
                "indptr": z["indptr"],
                "num_docs": num_docs,
            }
        return cls(bm25, ids, tokenizer)

    def save(self, path: Path, meta: dict[str, object]) -> None:
        tmp = path.with_suffix(f".{os.getpid()}.tmp")  # readers may rebuild it at once
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True, mode=0o700)
        if self.bm25 is not None:
            self.bm25.save(str(tmp), show_progress=False)
        np.save(tmp / "ids.npy", self.ids, allow_pickle=False)
        (tmp / "index_meta.json").write_text(json.dumps(meta), encoding="utf-8")
        # Swap whole directories so a reader never sees half an index.
        shutil.rmtree(path, ignore_errors=True)
        try:
            tmp.rename(path)
        except OSError:  # another process put its copy there first: the same index
            shutil.rmtree(tmp, ignore_errors=True)

    @classmethod
    def load(cls, path: Path, tokenizer: Tokenizer) -> LexicalIndex:
        ids = np.load(path / "ids.npy", allow_pickle=False)
        bm25 = bm25s.BM25.load(str(path), mmap=True, show_progress=False) if len(ids) else None
        return cls(bm25, ids, tokenizer)

    def scores(
        self, query: str, allowed: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """(ids, scores) of every document with a positive score, restricted to `allowed` rows."""
        if self.bm25 is None:
            return np.empty(0, np.int64), np.empty(0, np.float32)
        vocab = self.bm25.vocab_dict
        tokens = [t for t in self.tokenizer(query) if t in vocab]
        if not tokens:
            return np.empty(0, np.int64), np.empty(0, np.float32)
        scores = self.bm25.get_scores(tokens)
        if allowed is not None:
            scores = scores * allowed
        rows = np.flatnonzero(scores > 0)
        return self.ids[rows], scores[rows].astype(np.float32)

    @property
    def num_docs(self) -> int:
        return len(self.ids)

    def doc_freq(self, term: str) -> int:
        """How many documents hold `term` (a token of this index's tokenizer): 0 when unseen."""
        if self.bm25 is None or term not in self.bm25.vocab_dict:
            return 0
        indptr = self.bm25.scores["indptr"]
        t = self.bm25.vocab_dict[term]
        return int(indptr[t + 1] - indptr[t])

    def ends_word(self, term: str) -> bool:
        """Whether some indexed word ends in `term` after a stem of its own: "padlock" holds
        "lock", "rattlesnake" holds "snake"."""
        if self.bm25 is None or len(term) < 4:
            return False
        # a scan of the whole vocabulary: once per word asked about, not once per question
        if term not in self._ends:
            vocab = self.bm25.vocab_dict
            self._ends[term] = any(len(w) >= len(term) + 3 and w.endswith(term) for w in vocab)
        return self._ends[term]

    def mask_for(self, ids: Sequence[int] | np.ndarray) -> np.ndarray:
        mask = np.zeros(len(self.ids), dtype=np.float32)
        wanted = np.asarray(ids, dtype=np.int64)
        if not len(self.ids) or not len(wanted):
            return mask
        if not self._sorted:
            mask[np.isin(self.ids, wanted)] = 1.0
            return mask
        pos = np.searchsorted(self.ids, wanted)
        inside = pos < len(self.ids)
        hit = pos[inside][self.ids[pos[inside]] == wanted[inside]]
        mask[hit] = 1.0
        return mask


def open_lexical(store: Store, unit: str, index_dir: Path | None) -> LexicalIndex:
    """Load the persisted index for `unit`, rebuilding it when the store has changed.

    With no `index_dir` (an encrypted store) no file is written: the index is kept inside the
    store itself, in `sealed_indexes`, encrypted with everything else.
    """
    tokenizer = DefaultTokenizer()
    want = {
        "doc": DOC_VERSION,
        "unit": unit,
        "tokenizer": tokenizer.name,
        "data_version": store.data_version,
        "rows": store.count(unit),
    }
    if index_dir is None:
        return _sealed(store, unit, want, tokenizer)
    path = index_dir / f"bm25-{unit}"
    meta_file = path / "index_meta.json"
    if meta_file.exists():
        try:
            if json.loads(meta_file.read_text(encoding="utf-8")) == want:
                return LexicalIndex.load(path, tokenizer)
        except (ValueError, OSError):
            pass  # unreadable index files are rebuilt below
    index = build_unit(store, unit, tokenizer)
    index.save(path, want)
    return index


def _sealed(store: Store, unit: str, want: dict[str, object], tokenizer: Tokenizer) -> LexicalIndex:
    name, meta = f"bm25-{unit}", json.dumps(want, sort_keys=True)
    row = store.one("SELECT data FROM sealed_indexes WHERE name = ? AND meta = ?", [name, meta])
    if row is not None:
        return LexicalIndex.from_bytes(bytes(row[0]), tokenizer)
    index = build_unit(store, unit, tokenizer)
    with contextlib.suppress(duckdb.Error):  # a read-only open builds it again next time
        store.exec_(
            "INSERT OR REPLACE INTO sealed_indexes VALUES (?, ?, ?)",
            [name, meta, index.to_bytes()],
        )
    return index


def build_unit(store: Store, unit: str, tokenizer: Tokenizer) -> LexicalIndex:
    """Build the index of one unit from the store (not saved)."""
    cursor = store.con.execute(UNITS[unit])

    def rows() -> Iterator[tuple[Any, ...]]:
        while batch := cursor.fetchmany(20_000):
            yield from batch

    if unit == "chunks":
        return LexicalIndex.build(rows(), tokenizer)
    return LexicalIndex.build_pieces(((r[0], r[1:]) for r in rows()), tokenizer)
