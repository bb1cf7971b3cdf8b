"""Retrieval and answer metrics: pure functions, each citing its formula and source.

Ranked retrieval (LoCoMo, the LINE study): ``recall_at_k``, ``precision_at_k``, ``mrr_at_k``,
``ndcg_at_k`` take a ranking (best first, ids assumed unique) and the set of relevant ids.
Set retrieval (TMD, where a time filter returns an unordered set): ``set_recall_f2``.
Answers (LoCoMo): ``token_f1`` and ``multihop_f1``. Cost: ``context_tokens``.

Rank-based metrics raise ``ValueError`` when ``relevant`` is empty where the formula divides by
``|rel|``: such questions (LoCoMo dev has two with no evidence) must be excluded by the caller,
not silently scored 0.
"""

from __future__ import annotations

import math
import re
import string
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

import Stemmer

__all__ = [
    "answer_tokens",
    "context_tokens",
    "f_beta",
    "mrr_at_k",
    "multihop_f1",
    "ndcg_at_k",
    "precision_at_k",
    "recall_at_k",
    "set_recall_f2",
    "token_f1",
]

_ARTICLES = re.compile(r"\b(a|an|the|and)\b")
_PUNCT = str.maketrans("", "", string.punctuation)
_TOKEN = re.compile(r"\w+|[^\w\s]")


def _check(relevant: set[str] | frozenset[str], k: int | None = None) -> None:
    if k is not None and k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    if not relevant:
        raise ValueError("no relevant ids: exclude questions without evidence before scoring")


def recall_at_k(ranked: Sequence[str], relevant: set[str] | frozenset[str], k: int) -> float:
    """Recall@k = |top-k ∩ rel| / |rel|.

    Source: Manning, Raghavan & Schütze, *Introduction to IR* (2008) §8.3; LoCoMo (Maharana et
    al., ACL 2024) reports it as evidence recall over retrieved dialogue turns.
    """
    _check(relevant, k)
    return len(set(ranked[:k]) & relevant) / len(relevant)


def precision_at_k(ranked: Sequence[str], relevant: set[str] | frozenset[str], k: int) -> float:
    """Precision@k = |top-k ∩ rel| / k (k, not the number returned, as in trec_eval and ranx).

    Source: Manning, Raghavan & Schütze, *Introduction to IR* (2008) §8.4.
    """
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    return len(set(ranked[:k]) & relevant) / k


def mrr_at_k(ranked: Sequence[str], relevant: set[str] | frozenset[str], k: int) -> float:
    """Reciprocal rank@k = 1 / rank of the first relevant id in the top k (1-based), else 0.

    Averaged over questions this is MRR@k. Source: Voorhees, "The TREC-8 Question Answering
    Track Report" (1999); ranx ``mrr``.
    """
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    for rank, doc in enumerate(ranked[:k], start=1):
        if doc in relevant:
            return 1.0 / rank
    return 0.0


def ndcg_at_k(ranked: Sequence[str], relevant: set[str] | frozenset[str], k: int) -> float:
    """nDCG@k with binary gains: DCG = Σ_{i≤k, d_i ∈ rel} 1 / log2(i + 1), divided by the ideal
    DCG = Σ_{i=1}^{min(k, |rel|)} 1 / log2(i + 1). A repeated id earns its gain once.

    Source: Järvelin & Kekäläinen, "Cumulated gain-based evaluation of IR techniques",
    ACM TOIS 20(4), 2002; binary-gain form as in ranx ``ndcg``.
    """
    _check(relevant, k)
    seen: set[str] = set()
    dcg = 0.0
    for rank, doc in enumerate(ranked[:k], start=1):
        if doc in relevant and doc not in seen:
            seen.add(doc)
            dcg += 1.0 / math.log2(rank + 1)
    ideal = sum(1.0 / math.log2(rank + 1) for rank in range(1, min(k, len(relevant)) + 1))
    return dcg / ideal


def f_beta(precision: float, recall: float, beta: float) -> float:
    """F_β = (1 + β²)·P·R / (β²·P + R); 0 when P = R = 0. β > 1 weights recall more.

    Source: van Rijsbergen, *Information Retrieval* (2nd ed., 1979), ch. 7.
    """
    denominator = beta * beta * precision + recall
    if denominator == 0:
        return 0.0
    return (1 + beta * beta) * precision * recall / denominator


def set_recall_f2(
    retrieved: set[str] | frozenset[str], relevant: set[str] | frozenset[str]
) -> tuple[float, float]:
    """(recall, F2) of an unordered retrieved set: P = |ret ∩ rel| / |ret| (0 if ret is empty),
    R = |ret ∩ rel| / |rel|, F2 = 5·P·R / (4·P + R), 0 when both are 0.

    Source: Alonso et al., "Toward Conversational Agents with Context and Time Sensitive
    Long-term Memory" (arXiv 2406.00057, 2024), TMD evaluation: per question, then averaged.
    """
    _check(relevant)
    hits = len(retrieved & relevant)
    precision = hits / len(retrieved) if retrieved else 0.0
    recall = hits / len(relevant)
    return recall, f_beta(precision, recall, 2.0)


@lru_cache(maxsize=1)
def _stemmer() -> Stemmer.Stemmer:
    return Stemmer.Stemmer("english")


def answer_tokens(text: str) -> list[str]:
    """LoCoMo answer normalisation: lowercase, drop punctuation, drop a/an/the/and, split on
    whitespace, stem each token (Snowball English via PyStemmer, close to LoCoMo's NLTK Porter).

    Source: snap-research/locomo ``task_eval/evaluation.py`` (``normalize_answer``, and the
    stemming in ``f1_score``).
    """
    text = text.replace(",", "").lower().translate(_PUNCT)
    words = _ARTICLES.sub(" ", text).split()
    return list(_stemmer().stemWords(words))


def token_f1(pred: str, gold: str) -> float:
    """LoCoMo token F1: over token multisets after ``answer_tokens``,
    P = |pred ∩ gold| / |pred|, R = |pred ∩ gold| / |gold|, F1 = 2PR / (P + R); 0 with no overlap.

    Source: snap-research/locomo ``task_eval/evaluation.py`` ``f1_score`` (SQuAD-style F1).
    """
    pred_tokens, gold_tokens = answer_tokens(pred), answer_tokens(gold)
    same = sum((Counter(pred_tokens) & Counter(gold_tokens)).values())
    if same == 0:
        return 0.0
    precision, recall = same / len(pred_tokens), same / len(gold_tokens)
    return 2 * precision * recall / (precision + recall)


def multihop_f1(pred: str, gold: str) -> float:
    """LoCoMo multi-hop F1: split both on commas; for each gold part g take max_p token_f1(p, g)
    over prediction parts p; return the mean over gold parts.

    Source: snap-research/locomo ``task_eval/evaluation.py`` ``f1`` (used for category 1).
    """
    pred_parts = [p.strip() for p in pred.split(",")]
    gold_parts = [g.strip() for g in gold.split(",")]
    best = [max(token_f1(p, g) for p in pred_parts) for g in gold_parts]
    return sum(best) / len(best)


def context_tokens(text: str) -> int:
    """Approximate token count: each run of word characters (regex ``\\w+``) is one token and each
    other non-space character (punctuation, emoji) is one token.

    A tokenizer-free stand-in for reporting context size (e.g. mem0's ~1.8k context tokens); it
    runs below BPE counts on rare words and above them on punctuation-heavy text. Only compare
    counts made with this same function.
    """
    return len(_TOKEN.findall(text))
