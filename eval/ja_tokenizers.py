"""Measure BM25 tokenizers on the Japanese test set (tests/fixtures/ja/).

Run: `python -m eval.ja_tokenizers` (or `python eval/ja_tokenizers.py`). It prints a Markdown
table of Recall@5 and MRR@10 per tokenizer; the one recorded in docs/japanese.md came from this.

Each tokenizer indexes `speaker: text` of every message (what memory_store.indexes.lexical
indexes) with the same bm25s settings as the store. Morphological analysers are measured only
when installed
(`pip install sudachipy sudachidict-core` / `pip install fugashi unidic-lite`); their CJK runs
are split into surface forms (or dictionary forms where the name says so), Latin runs stay
English words, so only the Japanese side differs between rows.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):  # `python eval/ja_tokenizers.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import Stemmer

from eval.metrics import mrr_at_k, recall_at_k
from memory_store.indexes.lexical import LexicalIndex
from memory_store.indexes.tokenize import (
    STOPWORDS,
    DefaultTokenizer,
    MixedTokenizer,
    Tokenizer,
    cjk_bigrams,
)

__all__ = ["JaCase", "evaluate", "load_cases", "load_demo_cases", "main", "tokenizers"]

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ja"
# Parts of speech that carry no topic: particles, auxiliaries, symbols, blanks.
_FUNCTION_POS = {"助詞", "助動詞", "補助記号", "記号", "空白"}
_V1_CJK = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]"
DEMO = Path(__file__).resolve().parent.parent / "memory_store" / "data" / "demo_ja_line.txt"


@dataclass(frozen=True)
class JaCase:
    qid: str
    query: str
    relevant: frozenset[str]


Docs = list[tuple[str, str]]


def _queries(path: Path) -> list[JaCase]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [JaCase(r["qid"], r["query"], frozenset(r["relevant"])) for r in rows]


def load_cases(folder: Path = FIXTURES) -> tuple[Docs, list[JaCase]]:
    """The chat set: (message id, `speaker: text`) pairs and queries with relevant ids."""
    docs = []
    for line in (folder / "messages.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        docs.append((row["id"], f"{row['speaker']}: {row['text']}"))
    return docs, _queries(folder / "queries.jsonl")


def load_demo_cases(folder: Path = FIXTURES) -> tuple[Docs, list[JaCase]]:
    """The demo LINE export's text messages, id = file line number, and its queries."""
    from memory_store.importers import load

    msgs = load(DEMO).messages
    docs = [(m.extra["line"], f"{m.speaker}: {m.text}") for m in msgs if m.kind == "text"]
    return docs, _queries(folder / "demo_queries.jsonl")


def evaluate(tokenizer: Tokenizer, docs: Docs, cases: list[JaCase]) -> dict[str, float]:
    """Mean Recall@5 and MRR@10 of BM25 with `tokenizer` over the cases."""
    index = LexicalIndex.build([(i, text) for i, (_, text) in enumerate(docs)], tokenizer)
    recall, mrr = 0.0, 0.0
    for case in cases:
        ids, scores = index.scores(case.query)
        order = sorted(zip(scores.tolist(), ids.tolist(), strict=True), key=lambda p: -p[0])
        ranked = [docs[i][0] for _, i in order]
        recall += recall_at_k(ranked, case.relevant, 5)
        mrr += mrr_at_k(ranked, case.relevant, 10)
    return {"recall@5": recall / len(cases), "mrr@10": mrr / len(cases)}


def _sudachi(mode: str, form: str, content_only: bool = False) -> Callable[[str], list[str]]:
    from sudachipy import dictionary, tokenizer

    split = getattr(tokenizer.Tokenizer.SplitMode, mode)
    tok = dictionary.Dictionary(dict="core").tokenizer()

    def run(text: str) -> list[str]:
        out = []
        for m in tok.tokenize(text, split):
            if content_only and m.part_of_speech()[0] in _FUNCTION_POS:
                continue
            out.append(m.surface() if form == "surface" else m.normalized_form())
        return out

    return run


def _fugashi(form: str) -> Callable[[str], list[str]]:
    import fugashi

    tagger = fugashi.Tagger()

    def run(text: str) -> list[str]:
        words = tagger(text)
        if form == "surface":
            return [w.surface for w in words]
        return [w.feature.lemma or w.surface for w in words]

    return run


class _V1Tokenizer:
    """The tokenizer before issue 6, verbatim: no NFKC, and its Latin pattern also swallowed
    the Japanese after a Latin word ("fastapiのプロジェクトについて" was one token)."""

    name = "en-stem+cjk-bigram-v1"
    _token = re.compile(_V1_CJK + r"+|[^\W_]+")
    _cjk = re.compile(_V1_CJK)

    def __init__(self) -> None:
        self._stem = Stemmer.Stemmer("english").stemWord

    def __call__(self, text: str) -> list[str]:
        out: list[str] = []
        for run in self._token.findall(text.lower().replace("'", "")):
            if self._cjk.match(run):
                out.extend(cjk_bigrams(run))
            elif run not in STOPWORDS:
                out.append(self._stem(run))
        return out


def _kanji_unigrams_bigrams(run: str) -> list[str]:
    return [c for c in run if not "\u3040" <= c <= "\u309f"] + cjk_bigrams(run)


def tokenizers() -> dict[str, Callable[[], Tokenizer]]:
    """Every candidate, by row label; morphological ones only when importable."""
    out: dict[str, Callable[[], Tokenizer]] = {
        "v1 (before issue 6): cjk bigrams, Latin runs swallow following CJK": _V1Tokenizer,
        "cjk bigrams, Latin/CJK split, no NFKC": lambda: MixedTokenizer(
            cjk_bigrams, "bigram-raw", nfkc=False
        ),
        "cjk bigrams + NFKC": lambda: MixedTokenizer(cjk_bigrams, "bigram"),
        "cjk unigrams+bigrams + NFKC (default, v2)": DefaultTokenizer,
        "cjk bigrams + non-hiragana unigrams + NFKC": lambda: MixedTokenizer(
            _kanji_unigrams_bigrams, "kanji-unibigram"
        ),
    }
    morph = {
        "sudachi mode A, surface": ("sudachipy", lambda: _sudachi("A", "surface")),
        "sudachi mode C, surface": ("sudachipy", lambda: _sudachi("C", "surface")),
        "sudachi mode A, normalized form": ("sudachipy", lambda: _sudachi("A", "norm")),
        "sudachi mode A, surface, content words": (
            "sudachipy",
            lambda: _sudachi("A", "surface", True),
        ),
        "fugashi + unidic-lite, surface": ("fugashi", lambda: _fugashi("surface")),
        "fugashi + unidic-lite, lemma": ("fugashi", lambda: _fugashi("lemma")),
    }
    for label, (module, make) in morph.items():
        if _importable(module):
            out[label] = _morph_factory(label, make)
    return out


def _morph_factory(
    label: str, make: Callable[[], Callable[[str], list[str]]]
) -> Callable[[], Tokenizer]:
    return lambda: MixedTokenizer(make(), label)


def _importable(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def main() -> None:
    sets = {"chat set": load_cases(), "demo set": load_demo_cases()}
    for name, (docs, cases) in sets.items():
        print(f"{name}: {len(docs)} messages, {len(cases)} queries")
    heads = " | ".join(f"{n} R@5 | {n} MRR@10" for n in sets)
    print(f"\n| tokenizer | {heads} | pooled R@5 | pooled MRR@10 |")
    print("|---" * (2 * len(sets) + 3) + "|")
    for label, make in tokenizers().items():
        tok = make()
        scores = [evaluate(tok, docs, cases) for docs, cases in sets.values()]
        sizes = [len(cases) for _, cases in sets.values()]
        cells = [f"{m['recall@5']:.3f} | {m['mrr@10']:.3f}" for m in scores]
        pooled = [
            sum(m[key] * n for m, n in zip(scores, sizes, strict=True)) / sum(sizes)
            for key in ("recall@5", "mrr@10")
        ]
        print(f"| {label} | {' | '.join(cells)} | {pooled[0]:.3f} | {pooled[1]:.3f} |")


if __name__ == "__main__":
    main()
