"""Timing helpers shared by the bench stages and the LangChain baseline."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence

import numpy as np

__all__ = ["now", "percentiles", "standin_vectors"]


def now() -> float:
    return time.perf_counter()


def standin_vectors(keys: Sequence[str], dim: int, seed: int = 0) -> np.ndarray:
    """Unit vectors derived from each key's hash, so both systems get the same ones."""
    seeds = [int(hashlib.sha1(f"{seed}|{k}".encode()).hexdigest()[:8], 16) for k in keys]
    rng = np.random.default_rng(seeds or [seed])
    vecs = rng.standard_normal((len(keys), dim), dtype=np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True) + 1e-12
    return vecs


def percentiles(values: Sequence[float]) -> dict[str, float]:
    """p50 / p95 / mean / max in milliseconds of values given in seconds."""
    if not values:
        return {"n": 0}
    ms = np.asarray(values) * 1000
    return {
        "n": len(values),
        "p50_ms": round(float(np.percentile(ms, 50)), 2),
        "p95_ms": round(float(np.percentile(ms, 95)), 2),
        "mean_ms": round(float(ms.mean()), 2),
        "max_ms": round(float(ms.max()), 2),
    }
