"""Tokenizers for BM25, behind one seam: `Tokenizer.__call__(text) -> list[str]`.

English words are lower-cased, stop words dropped and Snowball-stemmed. Runs of CJK characters
have no spaces, so they become overlapping character bigrams (plus the single character for
one-character runs), which needs no dictionary and matches Japanese words of any length >= 2.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Protocol

import Stemmer

STOPWORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "me",
        "more",
        "most",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "s",
        "t",
        "don",
        "ll",
        "m",
        "re",
        "ve",
        "d",
        "y",
        "im",
        "ive",
        "id",
        "youre",
        "thats",
        "dont",
    ]
)

_TOKEN = re.compile(
    r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]+|[^\W_]+", re.UNICODE
)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]")


class Tokenizer(Protocol):
    name: str

    def __call__(self, text: str) -> list[str]: ...


class DefaultTokenizer:
    """English words (stemmed, no stop words) + CJK character bigrams."""

    name = "en-stem+cjk-bigram-v1"

    def __init__(self) -> None:
        self._stemmer = Stemmer.Stemmer("english")
        self._stem = lru_cache(maxsize=200_000)(self._stemmer.stemWord)

    def __call__(self, text: str) -> list[str]:
        out: list[str] = []
        for run in _TOKEN.findall(text.lower().replace("'", "")):
            if _CJK.match(run):
                out.extend(cjk_bigrams(run))
            elif run not in STOPWORDS:
                out.append(self._stem(run))
        return out


def cjk_bigrams(run: str) -> list[str]:
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]
