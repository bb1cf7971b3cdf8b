"""Percentile bootstrap confidence intervals over questions (Efron & Tibshirani, *An
Introduction to the Bootstrap*, 1993, ch. 13).

The unit resampled is whatever one value stands for: pass one score per question. For TMD,
where paraphrases of one item are correlated, average the paraphrases per item first if the
interval should be by item. Results are reproducible: the same values, ``n_resamples`` and
``seed`` always give the same interval (``np.random.default_rng(seed)``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["bootstrap_ci", "paired_bootstrap_diff"]

# Resample in blocks of at most this many drawn indices, so 5000 resamples of 10k TMD
# paraphrases need ~16 MB at a time instead of 400 MB. Deterministic for a given input size.
_MAX_BLOCK_ELEMENTS = 2_000_000

Values = Sequence[float] | npt.NDArray[np.floating]


def _as_array(values: Values, name: str) -> npt.NDArray[np.float64]:
    arr = np.asarray(values, dtype=np.float64)
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(f"{name} must be a non-empty 1-d sequence of per-question scores")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or inf: score every question before bootstrapping")
    return arr


def _resampled_means(
    arr: npt.NDArray[np.float64], n_resamples: int, seed: int
) -> npt.NDArray[np.float64]:
    """Means of ``n_resamples`` samples of len(arr) drawn with replacement, vectorised in blocks."""
    rng = np.random.default_rng(seed)
    n = arr.size
    block = max(1, _MAX_BLOCK_ELEMENTS // n)
    means = np.empty(n_resamples, dtype=np.float64)
    for start in range(0, n_resamples, block):
        stop = min(start + block, n_resamples)
        idx = rng.integers(0, n, size=(stop - start, n))
        means[start:stop] = arr[idx].mean(axis=1)
    return means


def bootstrap_ci(
    values: Values, n_resamples: int = 5000, seed: int = 0, alpha: float = 0.05
) -> tuple[float, float, float]:
    """(mean, lo, hi): the sample mean and the percentile bootstrap (1 - alpha) interval,
    lo/hi = the alpha/2 and 1 - alpha/2 quantiles of the resampled means.
    """
    if n_resamples < 1 or not 0 < alpha < 1:
        raise ValueError(f"need n_resamples >= 1 and 0 < alpha < 1, got {n_resamples}, {alpha}")
    arr = _as_array(values, "values")
    means = _resampled_means(arr, n_resamples, seed)
    lo, hi = np.quantile(means, [alpha / 2, 1 - alpha / 2])
    return float(arr.mean()), float(lo), float(hi)


def paired_bootstrap_diff(
    a: Values, b: Values, n_resamples: int = 5000, seed: int = 0, alpha: float = 0.05
) -> tuple[float, float, float]:
    """(mean(a) - mean(b), lo, hi) for two systems scored on the same questions, in the same order.

    Each resample draws one set of question indices and uses it for both systems; since
    mean(a[idx]) - mean(b[idx]) = mean((a - b)[idx]), this is the bootstrap of the per-question
    differences. An interval that excludes 0 means the difference is significant at level alpha.
    """
    arr_a, arr_b = _as_array(a, "a"), _as_array(b, "b")
    if arr_a.shape != arr_b.shape:
        raise ValueError(f"paired scores must align: {arr_a.size} values vs {arr_b.size}")
    return bootstrap_ci(arr_a - arr_b, n_resamples=n_resamples, seed=seed, alpha=alpha)
