"""Tokenizers for BM25, behind one seam: `Tokenizer.__call__(text) -> list[str]`.

Text is NFKC-normalised first, so full-width Latin and digits (`ｉＰｈｏｎｅ１６`, common in
Japanese chats) and half-width katakana match their ordinary forms. Latin runs are English words:
lower-cased, stop words dropped and Snowball-stemmed, also inside Japanese sentences
("PythonのAPIサーバー" gives `python`, `api` and the katakana bigrams). Runs of CJK characters
have no spaces, so they become every character plus every overlapping character bigram: no
dictionary, bigrams match Japanese words of any length >= 2 and unigrams the one-kanji words
(猫, 髪, 色) and the stems of inflected ones (黄色い/黄色の). This beat bigrams alone and both
morphological analysers (sudachi, fugashi + unidic-lite) on Recall@5 and MRR over two Japanese
test sets; see docs/japanese.md and eval/ja_tokenizers.py.

A tokenizer's `name` is recorded in each BM25 index's meta, so changing it rebuilds the index.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
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

_CJK_CLASS = r"\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\u3005"
# Latin (any non-CJK word character) runs stop where CJK starts: "PythonのAPI" is three runs.
_TOKEN = re.compile(rf"[{_CJK_CLASS}]+|[^\W_{_CJK_CLASS}]+", re.UNICODE)
_CJK = re.compile(rf"[{_CJK_CLASS}]")


# A possessive is its owner ("hollis's" is Hollis, not "holliss"), whichever apostrophe is typed;
# other apostrophes join their word ("don't" is "dont", "o’brien" "obrien").
_POSSESSIVE = re.compile(r"(\w)['’]s\b")


class Tokenizer(Protocol):
    name: str

    def __call__(self, text: str) -> list[str]: ...


def cjk_bigrams(run: str) -> list[str]:
    """Overlapping character bigrams; a one-character run is its own token."""
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]


def cjk_unigrams_bigrams(run: str) -> list[str]:
    """Every character plus every overlapping bigram."""
    return list(run) + (cjk_bigrams(run) if len(run) > 1 else [])


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


class MixedTokenizer:
    """English words (stemmed, no stop words) + CJK runs split by `cjk`.

    Args:
        cjk: turns one run of CJK characters into tokens.
        name: recorded in the index meta; must change whenever the output does.
        nfkc: NFKC-normalise first (off only to measure the tokenizer before v2).
    """

    def __init__(
        self,
        cjk: Callable[[str], list[str]],
        name: str,
        *,
        nfkc: bool = True,
        fold_accents: bool = False,
    ) -> None:
        self.name = name
        self._cjk = cjk
        self._nfkc = nfkc
        self._fold = fold_accents
        self._stemmer = Stemmer.Stemmer("english")
        self._stem = lru_cache(maxsize=200_000)(self._stemmer.stemWord)

    def __call__(self, text: str) -> list[str]:
        out: list[str] = []
        norm = unicodedata.normalize("NFKC", text) if self._nfkc else text
        low = _POSSESSIVE.sub(r"\1", norm.lower()).replace("'", "").replace("’", "")
        for run in _TOKEN.findall(low):
            if _CJK.match(run):
                out.extend(self._cjk(run))
            elif run not in STOPWORDS:
                out.append(self._stem(fold_accents(run) if self._fold else run))
        return out


def fold_accents(run: str) -> str:
    """A Latin word without its accents ("café" → "cafe", "lucía" → "lucia"): people type
    names and loanwords both ways. A word that does not become plain ASCII keeps its marks."""
    if run.isascii():
        return run
    bare = "".join(c for c in unicodedata.normalize("NFKD", run) if not unicodedata.combining(c))
    return bare if bare.isascii() else run


class DefaultTokenizer(MixedTokenizer):
    """English words (stemmed, no stop words, accents folded, possessives dropped) + CJK
    unigrams and bigrams, after NFKC."""

    name = "en-stem+cjk-unibigram-nfkc-fold-v4"

    def __init__(self) -> None:
        super().__init__(cjk_unigrams_bigrams, DefaultTokenizer.name, fold_accents=True)
