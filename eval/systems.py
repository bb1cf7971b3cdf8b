"""The retrieval systems compared on LoCoMo, each a pure function of one question's runs.

A system maps ``QuestionRuns`` (+ the ``Corpus``) to a turn-level ranking: message ids, best
first, at most ``DEPTH`` long. Its chunk-level ranking is derived with ``chunk_ranking``, the
same grouping ``memlane search`` shows (each message's first chunk, ordered by its best message),
except for the LINE configuration, which ranks chunks natively.

- ``bm25``, ``dense``: one message-level retriever alone.
- ``hybrid-minmax``: beta * minmax(BM25) + (1 - beta) * minmax(dense) over messages.
- ``hybrid-rrf``: reciprocal rank fusion (k = 60) of the two message runs.
- ``line-2026``: the LINE study's best configuration: BM25 + dense over chunk embedding_text,
  min-max hybrid with beta 0.45 over each retriever's top 200. Its turns are the messages of its
  ranked chunks; *within* a chunk they are ordered by their message-level BM25 score (ties keep
  chunk order), because the study ranks chunks only and a turn-level comparison needs some order:
  BM25 is the study's own lexical signal, and it leaves chunk ranking untouched.
- ``memlane-default``: ``Searcher.score_messages`` with the given settings, re-fused from the
  runs (truncated to ``candidates``; the chunk bonus over the top 20 fused chunks).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple

from eval.runs import CHUNK_TEXT_RUN, Corpus, QuestionRuns
from memory_store.query.fusion import narration_prior, speaker_prior, with_replies
from memory_store.query.narration import told_by
from memory_store.query.search import RetrievalConfig, fuse_pair, fuse_runs, names_in
from memory_store.settings import Settings

__all__ = [
    "DEPTH",
    "LINE_CONFIG",
    "Ranker",
    "System",
    "chunk_ranking",
    "line_chunks",
    "pipeline_ranking",
    "ranking",
    "systems_for",
]

DEPTH = 50  # deepest k any figure uses (the Recall@k curve runs to 50)
LINE_CONFIG = RetrievalConfig(beta=0.45, fusion="minmax", candidates=200)
# `fuse_runs` adds the chunk bonus from this many best fused chunks (memory_store/query/search.py).
PIPELINE_TOP_CHUNKS = 20

Runs = dict[str, dict[int, float]]
Ranker = Callable[[QuestionRuns, Corpus], list[int]]
ChunkRanker = Callable[[QuestionRuns, Corpus, list[int]], list[int]]


class System(NamedTuple):
    """A turn ranker and how its chunk ranking is obtained (default: from its turns)."""

    turns: Ranker
    chunks: ChunkRanker | None = None


def ranking(scores: dict[int, float], depth: int = DEPTH) -> list[int]:
    """Ids by descending score, ties by id (as `memory_store.query.fusion.top`)."""
    return sorted(scores, key=lambda d: (-scores[d], d))[:depth]


def _cut(run: dict[int, float], n: int) -> dict[int, float]:
    """The top n of a run (runs are already cut at RUN_CANDIDATES, so usually a no-op)."""
    return run if len(run) <= n else {d: run[d] for d in ranking(run, n)}


def pipeline_ranking(
    runs: Runs,
    cfg: RetrievalConfig,
    corpus: Corpus,
    question: str = "",
    conversation: str | None = None,
) -> list[int]:
    """`Searcher.score_messages` from precomputed runs, ranked."""
    return ranking(pipeline_scores(runs, cfg, corpus, question, conversation))


def pipeline_scores(
    runs: Runs,
    cfg: RetrievalConfig,
    corpus: Corpus,
    question: str = "",
    conversation: str | None = None,
) -> dict[int, float]:
    """`Searcher.score_messages` from precomputed runs: fused messages + chunk bonus + the
    reply's share of its question + the priors for speakers named in the question and for
    tellings of a deed."""
    runs = {name: _cut(run, cfg.candidates) for name, run in runs.items()}
    if cfg.chunk_weight <= 0:
        scores = fuse_runs(runs, cfg)
    else:
        best = ranking(fuse_pair(runs, "chunks", cfg), PIPELINE_TOP_CHUNKS)
        members = {c: list(corpus.members.get(c, ())) for c in best}
        scores = fuse_runs(runs, cfg, members)
    scores = with_replies(scores, corpus.answered, cfg.reply_weight, cfg.question_weight)
    names = names_in(question, corpus.speakers.get(conversation, ())) if conversation else []
    if cfg.speaker_boost > 0 and names:
        scores = speaker_prior(scores, corpus.speaker, names, cfg.speaker_boost)
    if cfg.narration_boost > 0:
        told = told_by(corpus.narrating, corpus.speaker, names)
        scores = narration_prior(scores, told, cfg.narration_boost)
    return scores


def line_chunks(runs: Runs) -> list[int]:
    """The LINE configuration's chunk ranking: BM25 and the chunks' own embedded texts (not the
    pooled message vectors memlane ranks chunks with by default)."""
    own = {"bm25_chunks": runs.get("bm25_chunks", {})}
    own["dense_chunks"] = runs.get(CHUNK_TEXT_RUN, runs.get("dense_chunks", {}))
    return ranking(fuse_pair(own, "chunks", LINE_CONFIG))


def _line_turns(q: QuestionRuns, corpus: Corpus) -> list[int]:
    bm25 = q.runs.get("bm25_messages", {})
    out: dict[int, None] = {}
    for cid in line_chunks(q.runs):
        chunk = corpus.members.get(cid, ())
        # sorted() is stable, so equal BM25 scores keep the chunk's time order.
        out.update(dict.fromkeys(sorted(chunk, key=lambda m: -bm25.get(m, 0.0))))
        if len(out) >= DEPTH:
            break
    return list(out)[:DEPTH]


def chunk_ranking(turns: list[int], corpus: Corpus) -> list[int]:
    """Chunks in order of their best-ranked message (each message's first chunk)."""
    out: dict[int, None] = {}
    for mid in turns:
        if mid in corpus.home:
            out[corpus.home[mid]] = None
    return list(out)


def _message_system(unit_run: str) -> Ranker:
    return lambda q, corpus: ranking(q.runs.get(unit_run, {}))


def _pipeline(cfg: RetrievalConfig) -> Ranker:
    return lambda q, corpus: pipeline_ranking(
        q.runs, cfg, corpus, q.question.question, q.question.conversation
    )


def _native_line_chunks(q: QuestionRuns, corpus: Corpus, turns: list[int]) -> list[int]:
    return line_chunks(q.runs)


def systems_for(settings: Settings) -> dict[str, System]:
    """The systems of one LoCoMo run, in report order; hybrids use the settings' beta."""
    default = RetrievalConfig.from_settings(settings)
    hybrid = replace(default, chunk_weight=0.0, candidates=RetrievalConfig().candidates)
    return {
        "bm25": System(_message_system("bm25_messages")),
        "dense": System(_message_system("dense_messages")),
        "hybrid-minmax": System(_pipeline(replace(hybrid, fusion="minmax"))),
        "hybrid-rrf": System(_pipeline(replace(hybrid, fusion="rrf"))),
        "line-2026": System(_line_turns, _native_line_chunks),
        "memlane-default": System(_pipeline(default)),
    }
