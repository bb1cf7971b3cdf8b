"""The retrieve stage: hybrid ranking (BM25 + dense, fused) inside the filter's candidates.

With no time filter the whole scope is ranked; inside one, the question is focused on what is
left to find (`focus_query`) and ranked with the filtered settings (`eval tune --within-sessions`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.answer.kinds import SPREAD, Kind, classify
from agent.answer.text import with_shorthands
from agent.answer.topic import topic_query
from agent.result import AskResult
from memory_store.query.fusion import fill_missing, top
from memory_store.query.search import RetrievalConfig, Searcher, SearchResult
from memory_store.settings import Settings

__all__ = ["focus_query", "retrieve"]


def retrieve(
    searcher: Searcher,
    settings: Settings,
    result: AskResult,
    k: int,
    speakers: Sequence[str],
) -> None:
    """Fill `result.search`; `speakers` are those in the question's scope."""
    query = result.planned.content_query.strip() or result.rewrite.question
    candidates = result.filtered_ids if result.sql else None
    if candidates is not None and not len(candidates):
        result.search = SearchResult(query, [], [])
        return
    # The original wording still carries the time phrase; the planner's content query does not.
    variants = list(dict.fromkeys([query, *result.rewrite.variants[1:]]))
    # Chat spells "birthday" "bday": the lexical side only finds what is written, so the
    # shorthand joins the query when the store holds it.
    short = with_shorthands(query, searcher.lexical("messages").doc_freq)
    variants += [short] if short and short not in variants else []
    named = searcher.named_speakers(query, result.conversation)
    if candidates is not None:
        variants = list(dict.fromkeys(focus_query(v, speakers) for v in variants))
    # Inside a time filter the turns share their date and neighbours, so ranking leans on
    # other evidence: it has its own settings (`eval tune --within-sessions`). A speaker
    # filter alone leaves half a conversation, which the conversation-wide settings fit.
    timed = any(op.op != "where_speaker" for op in result.planned.plan.ops)
    cfg = (
        RetrievalConfig.from_settings(settings, filtered=True)
        if candidates is not None and timed
        else None
    )
    runs = [
        searcher.score_messages(
            v,
            conversation=result.conversation,
            candidate_ids=candidates,
            prefer_speakers=named,
            config=cfg,
        )
        for v in variants
    ]
    fused = runs[0] if len(runs) == 1 else fill_missing(runs)
    # First/last mentions, counts and lists read every on-topic message, not the top few.
    kind = classify(result.rewrite.question).kind
    depth = 200 if kind in SPREAD else 50
    result.search = searcher.result_from_scores(query, dict(top(fused, 200)), k, depth=depth)
    if kind in (Kind.HOW_MANY, Kind.LIST):
        skip = [*speakers, *([result.conversation] if result.conversation else [])]
        topic = topic_query(query, skip) or query
        result.similarity = topic_similarity(searcher, topic, result)


def topic_similarity(searcher: Searcher, topic: str, result: AskResult) -> dict[int, float]:
    """Dense similarity of the scope's messages to a count or list question's topic: the
    whole question would weigh its request words ("how many times have I") as much."""
    candidates = result.filtered_ids if result.sql else None
    runs = searcher.runs(topic, conversation=result.conversation, candidate_ids=candidates)
    return runs.get("dense_messages", {})


_REPORTING = re.compile(
    r"\b(?:as\s+)?(?:mention(?:ed|s)?|said|say|says|talk(?:ed)?\s+about|discuss(?:ed)?|"
    r"share[ds]?|told|according\s+to\s+the\s+conversation)\b",
    re.IGNORECASE,
)


def focus_query(query: str, speakers: Sequence[str]) -> str:
    """Inside a time filter, who spoke and the reporting verbs are noise: every candidate is
    from the same few people, so "Megan" or "mentioned" would rank chit-chat addressed to her.
    """
    text = _REPORTING.sub(" ", query)
    for name in speakers:
        for part in name.split():
            text = re.sub(rf"\b{re.escape(part)}(?:'s)?\b", " ", text, flags=re.IGNORECASE)
    text = " ".join(text.split())
    return text if re.search(r"\w{3,}", text) else query
