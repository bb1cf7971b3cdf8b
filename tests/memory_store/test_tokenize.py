"""The BM25 tokenizer: English words, CJK unigrams+bigrams, and mixed text."""

from __future__ import annotations

import pytest

from memory_store.indexes.tokenize import (
    DefaultTokenizer,
    cjk_bigrams,
    cjk_unigrams_bigrams,
    has_cjk,
)

TOK = DefaultTokenizer()


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("The dentist appointments", ["dentist", "appoint"]),
        ("猫", ["猫"]),
        ("歯医者", ["歯", "医", "者", "歯医", "医者"]),
        # Latin runs stop where Japanese starts (v1 read "fastapiのプロジェクト" as one word).
        ("FastAPIの話", ["fastapi", "の", "話", "の話"]),
        ("PythonのAPI", ["python", "の", "api"]),
        # NFKC: full-width Latin and digits, half-width katakana.
        ("ＦａｓｔＡＰＩ１６", ["fastapi16"]),
        ("ｶﾚｰ", ["カ", "レ", "ー", "カレ", "レー"]),
        ("V4だって", ["v4", "だ", "っ", "て", "だっ", "って"]),
        ("々", ["々"]),
        # v3: Latin accents fold, as people type them either way; other marks stay
        ("Lucía's café", ["lucia", "cafe"]),
        ("naïve Zoë", ["naiv", "zoe"]),
        # v4: a possessive is its owner, with either apostrophe; other apostrophes join
        ("gary at hollis's", ["gari", "holli"]),
        ("gary at hollis’s", ["gari", "holli"]),
        ("hollis", ["holli"]),
        ("James's bike", ["jame", "bike"]),
        ("o’brien and o'brien", ["obrien", "obrien"]),
        ("straße", ["straße"]),
        ("ガイド", ["ガ", "イ", "ド", "ガイ", "イド"]),
        ("", []),
    ],
)
def test_tokens(text: str, tokens: list[str]) -> None:
    assert TOK(text) == tokens


def test_run_splitters() -> None:
    assert cjk_bigrams("京都駅") == ["京都", "都駅"]
    assert cjk_unigrams_bigrams("京都") == ["京", "都", "京都"]
    assert cjk_unigrams_bigrams("京") == ["京"]


def test_has_cjk() -> None:
    assert has_cjk("What about 京都?")
    assert not has_cjk("What about Kyoto?")


def test_name_is_versioned() -> None:
    # Recorded in index meta: a changed tokenizer must carry a new name to force a rebuild.
    assert DefaultTokenizer.name == "en-stem+cjk-unibigram-nfkc-fold-v4"
