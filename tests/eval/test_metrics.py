"""Metrics and bootstrap: tables of hand-computed cases, arithmetic written out."""

from __future__ import annotations

from math import log2

import numpy as np
import pytest

from eval import bootstrap
from eval.bootstrap import bootstrap_ci, paired_bootstrap_diff
from eval.metrics import (
    context_tokens,
    f_beta,
    mrr_at_k,
    multihop_f1,
    ndcg_at_k,
    precision_at_k,
    recall_at_k,
    set_recall_f2,
    token_f1,
)

RANKED = ["a", "b", "c", "d", "e"]


@pytest.mark.parametrize(
    ("relevant", "k", "expected"),
    [
        ({"b", "e", "x"}, 1, 0 / 3),
        ({"b", "e", "x"}, 2, 1 / 3),
        ({"b", "e", "x"}, 5, 2 / 3),
        ({"b", "e", "x"}, 10, 2 / 3),  # k beyond the ranking
        ({"a"}, 1, 1 / 1),
        ({"z"}, 5, 0 / 1),
    ],
)
def test_recall_at_k(relevant: set[str], k: int, expected: float) -> None:
    assert recall_at_k(RANKED, relevant, k) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("relevant", "k", "expected"),
    [
        ({"b", "e", "x"}, 1, 0 / 1),
        ({"b", "e", "x"}, 2, 1 / 2),
        ({"b", "e", "x"}, 5, 2 / 5),
        ({"b", "e", "x"}, 10, 2 / 10),  # divides by k, not by the 5 returned
    ],
)
def test_precision_at_k(relevant: set[str], k: int, expected: float) -> None:
    assert precision_at_k(RANKED, relevant, k) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("relevant", "k", "expected"),
    [
        ({"a"}, 5, 1 / 1),
        ({"b", "e"}, 5, 1 / 2),  # first relevant counts
        ({"e"}, 5, 1 / 5),
        ({"e"}, 4, 0.0),  # outside the top k
        ({"b"}, 1, 0.0),
        ({"z"}, 5, 0.0),
        (set(), 5, 0.0),
    ],
)
def test_mrr_at_k(relevant: set[str], k: int, expected: float) -> None:
    assert mrr_at_k(RANKED, relevant, k) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("ranked", "relevant", "k", "expected"),
    [
        (RANKED, {"a", "c"}, 3, (1 / log2(2) + 1 / log2(4)) / (1 / log2(2) + 1 / log2(3))),
        (
            RANKED,
            {"b", "e", "x"},
            5,
            (1 / log2(3) + 1 / log2(6)) / (1 / log2(2) + 1 / log2(3) + 1 / log2(4)),
        ),
        # ideal has min(k, |rel|) = 2 ones even though |rel| = 3
        (RANKED, {"b", "x", "y"}, 2, (1 / log2(3)) / (1 / log2(2) + 1 / log2(3))),
        (RANKED, {"a", "b"}, 5, 1.0),
        (RANKED, {"b"}, 1, 0.0),
        # a repeated id earns its gain once
        (["a", "a", "b"], {"a", "b"}, 3, (1 / log2(2) + 1 / log2(4)) / (1 / log2(2) + 1 / log2(3))),
    ],
)
def test_ndcg_at_k(ranked: list[str], relevant: set[str], k: int, expected: float) -> None:
    assert ndcg_at_k(ranked, relevant, k) == pytest.approx(expected)


@pytest.mark.parametrize("metric", [recall_at_k, ndcg_at_k])
def test_rank_metrics_refuse_questions_without_evidence(metric: object) -> None:
    with pytest.raises(ValueError, match="no relevant ids"):
        metric(RANKED, set(), 5)  # type: ignore[operator]


@pytest.mark.parametrize("metric", [recall_at_k, precision_at_k, mrr_at_k, ndcg_at_k])
def test_rank_metrics_refuse_k_below_one(metric: object) -> None:
    with pytest.raises(ValueError, match="k must be >= 1"):
        metric(RANKED, {"a"}, 0)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("precision", "recall", "beta", "expected"),
    [
        (0.5, 1.0, 2.0, 5 * 0.5 * 1.0 / (4 * 0.5 + 1.0)),
        (0.5, 1.0, 1.0, 2 * 0.5 * 1.0 / (0.5 + 1.0)),
        (0.25, 0.5, 0.5, 1.25 * 0.25 * 0.5 / (0.25 * 0.25 + 0.5)),
        (1.0, 1.0, 2.0, 1.0),
        (0.0, 0.0, 2.0, 0.0),
        (0.0, 1.0, 2.0, 0.0),
    ],
)
def test_f_beta(precision: float, recall: float, beta: float, expected: float) -> None:
    assert f_beta(precision, recall, beta) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("retrieved", "relevant", "expected"),
    [
        # P = 2/4, R = 2/3, F2 = 5·(1/2)(2/3) / (4·(1/2) + 2/3) = (5/3) / (8/3)
        ({"1", "2", "3", "4"}, {"2", "3", "9"}, (2 / 3, 5 / 8)),
        ({"2", "3", "9"}, {"2", "3", "9"}, (1.0, 1.0)),
        # P = 1/10, R = 1, F2 = 5·0.1·1 / (4·0.1 + 1)
        ({str(i) for i in range(10)}, {"0"}, (1.0, 0.5 / 1.4)),
        (set(), {"1"}, (0.0, 0.0)),
        ({"5"}, {"1"}, (0.0, 0.0)),
    ],
)
def test_set_recall_f2(
    retrieved: set[str], relevant: set[str], expected: tuple[float, float]
) -> None:
    assert set_recall_f2(retrieved, relevant) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("pred", "gold", "expected"),
    [
        ("The cat sat", "a cat sat", 1.0),  # articles removed
        ("Mom and Dad", "mom, dad!", 1.0),  # "and", case, commas and punctuation removed
        ("7 May 2023", "May 7, 2023", 1.0),  # bag of tokens: order does not matter
        # stemming: painted/painting -> paint; P = 1/2, R = 1, F1 = 2·(1/2)·1 / (1/2 + 1)
        ("painted a sunset", "painting", 2 * 0.5 * 1 / 1.5),
        # running -> run, dogs -> dog, ran stays ran: P = R = 1/2
        ("running dogs", "dog ran", 0.5),
        # multiset: 1 shared token of 3 predicted: P = 1/3, R = 1, F1 = 2·(1/3) / (4/3)
        ("dog dog dog", "dog", 0.5),
        ("yes", "no", 0.0),
        ("", "sunset", 0.0),
        ("the", "a", 0.0),  # both normalise to nothing: LoCoMo scores 0
    ],
)
def test_token_f1(pred: str, gold: str, expected: float) -> None:
    assert token_f1(pred, gold) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("pred", "gold", "expected"),
    [
        ("sunset, lake", "sunset", 1.0),  # extra predicted parts cost nothing
        ("sunset", "sunset, horse", (1.0 + 0.0) / 2),
        ("pottery, painting", "painting, pottery, camping", (1 + 1 + 0) / 3),
        # "red car" matched exactly; "house" vs "blue house": P = 1/2, R = 1, F1 = 2/3
        ("a red car, blue house", "red car, house", (1 + 2 / 3) / 2),
    ],
)
def test_multihop_f1(pred: str, gold: str, expected: float) -> None:
    assert multihop_f1(pred, gold) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", 0),
        ("Hello, world!", 4),  # Hello , world !
        ("it's 3:30pm", 6),  # it ' s 3 : 30pm
        ("  spaced   out  ", 2),
        ("naïve café", 2),  # \w is Unicode-aware
    ],
)
def test_context_tokens(text: str, expected: int) -> None:
    assert context_tokens(text) == expected


# --- bootstrap -----------------------------------------------------------------------------


@pytest.mark.parametrize("value", [0.0, 0.5, 1.0])
def test_bootstrap_constant_values_give_a_degenerate_interval(value: float) -> None:
    assert bootstrap_ci([value] * 25, n_resamples=200) == pytest.approx((value, value, value))


def test_bootstrap_mean_is_the_sample_mean() -> None:
    mean, lo, hi = bootstrap_ci([0.0, 1.0, 1.0, 0.0, 1.0], n_resamples=500)
    assert mean == pytest.approx(3 / 5)
    assert 0.0 <= lo <= mean <= hi <= 1.0


def test_bootstrap_is_reproducible_for_a_seed() -> None:
    values = np.random.default_rng(7).random(120)
    assert bootstrap_ci(values, seed=3) == bootstrap_ci(values, seed=3)
    assert bootstrap_ci(values, seed=3) != bootstrap_ci(values, seed=4)


def test_bootstrap_width_matches_the_normal_approximation() -> None:
    # 200 ones and 200 zeros: SE = sqrt(0.5·0.5 / 400) = 0.025, 95% width ≈ 2·1.96·0.025 = 0.098
    mean, lo, hi = bootstrap_ci([1.0] * 200 + [0.0] * 200)
    assert mean == 0.5
    assert hi - lo == pytest.approx(2 * 1.96 * 0.025, abs=0.01)
    assert lo < mean < hi


def test_bootstrap_in_blocks_is_deterministic(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bootstrap, "_MAX_BLOCK_ELEMENTS", 1000)  # 1000 // 300 = 3 per block
    values = np.random.default_rng(1).random(300)
    first = bootstrap_ci(values, n_resamples=100)
    assert first == bootstrap_ci(values, n_resamples=100)
    assert first[1] < first[0] < first[2]


@pytest.mark.parametrize("bad", [[], [0.5, float("nan")], [[0.1, 0.2]]])
def test_bootstrap_rejects_bad_input(bad: list[object]) -> None:
    with pytest.raises(ValueError):
        bootstrap_ci(bad)  # type: ignore[arg-type]


def test_paired_diff_of_a_constant_shift_is_exact() -> None:
    b = [0.0, 0.25, 0.5, 1.0]
    a = [x + 0.25 for x in b]
    assert paired_bootstrap_diff(a, b, n_resamples=300) == pytest.approx((0.25, 0.25, 0.25))
    assert paired_bootstrap_diff(b, b, n_resamples=300) == pytest.approx((0.0, 0.0, 0.0))


def test_paired_diff_sees_a_small_consistent_gain_that_unpaired_cis_miss() -> None:
    rng = np.random.default_rng(0)
    b = rng.random(200)  # scores vary a lot between questions...
    a = b + 0.02 + rng.normal(0, 0.01, 200)  # ...but a beats b on nearly every question
    diff, lo, hi = paired_bootstrap_diff(a, b)
    assert diff == pytest.approx(float(np.mean(a - b)))
    assert 0 < lo < diff < hi
    _, a_lo, _ = bootstrap_ci(a)
    _, _, b_hi = bootstrap_ci(b)
    assert a_lo < b_hi  # the separate intervals overlap


def test_paired_diff_needs_aligned_scores() -> None:
    with pytest.raises(ValueError, match="align"):
        paired_bootstrap_diff([0.1, 0.2], [0.1])
