"""Fewer, surer turns for a time + content question.

Inside a time filter every candidate shares the date and the people, so rank alone says little:
of the top k ranked turns, those that carry a word of the question's own topic (what is left
once the time phrase, the speakers and the question words are gone) are kept; when none does,
the ranking is all there is and the top k stand. There is no parameter to tune.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from agent.plan.planner import GENERIC_WORDS
from memory_store.indexes.tokenize import DefaultTokenizer
from memory_store.models import StoredMessage

if TYPE_CHECKING:
    from agent.result import AskResult

__all__ = ["sure_turns", "topic_terms"]


@lru_cache(maxsize=1)
def _tokenizer() -> DefaultTokenizer:
    return DefaultTokenizer()


def topic_terms(content_query: str, speakers: Sequence[str] = ()) -> set[str]:
    """The stemmed topic words of a question's content part (no question words, no names)."""
    names = {p.lower() for s in speakers for p in s.split()}
    words = [w for w in content_query.split() if w.lower().strip("?.,!'\"") not in names]
    words = [w for w in words if w.lower().strip("?.,!'\"").removesuffix("'s") not in GENERIC_WORDS]
    return set(_tokenizer()(" ".join(words)))


def sure_turns(result: AskResult, k: int, speakers: Sequence[str] = ()) -> list[StoredMessage]:
    """The turns returned for `result`: the filter for a time-only question; inside a time
    filter, the top-k turns that carry a topic word (all top k when none does); else top k."""
    if result.route == "time":
        return result.filtered
    ranked = result.retrieved[:k]
    if not result.sql:
        return ranked
    terms = topic_terms(result.planned.content_query, speakers)
    if not terms:
        return ranked
    tok = _tokenizer()
    kept = [m for m in ranked if terms & set(tok(m.text))]
    return kept or ranked
