"""Coverage re-ranking prototypes (eval/coverage.py): the quota, and its cross-validation."""

from __future__ import annotations

import pytest

from eval.coverage import QuotaSetting, cv_quota, quota_grid, quota_rerank, turn_of
from eval.locomo_data import LocomoQuestion
from eval.runs import Corpus, QuestionRuns
from eval.systems import System

RANKED = ["D1:4", "D1:5", "D1:3", "D2:7", "D1:9", "D3:1", "D2:8", "D4:2"]


@pytest.mark.parametrize(
    ("setting", "k", "expected"),
    [
        (QuotaSetting(), 5, RANKED),
        # one per session: the best of D1, D2, D3, D4 first, then the rest in order
        (QuotaSetting(cap=1), 4, ["D1:4", "D2:7", "D3:1", "D4:2", "D1:5", "D1:3", "D1:9", "D2:8"]),
        (QuotaSetting(cap=2), 3, ["D1:4", "D1:5", "D2:7", "D1:3", "D1:9", "D3:1", "D2:8", "D4:2"]),
        # no neighbour of a taken turn: D1:5, D1:3 (beside D1:4) and D2:8 (beside D2:7) wait
        (QuotaSetting(gap=1), 4, ["D1:4", "D2:7", "D1:9", "D3:1", "D1:5", "D1:3", "D2:8", "D4:2"]),
        (QuotaSetting(gap=5), 3, ["D1:4", "D2:7", "D3:1", "D1:5", "D1:3", "D1:9", "D2:8", "D4:2"]),
        (
            QuotaSetting(cap=2, gap=1),
            5,
            ["D1:4", "D2:7", "D1:9", "D3:1", "D4:2"] + RANKED[1:3] + ["D2:8"],
        ),
    ],
)
def test_quota_rerank(setting: QuotaSetting, k: int, expected: list[str]) -> None:
    got = quota_rerank(RANKED, setting, k)
    assert got == expected and sorted(got) == sorted(RANKED)


@pytest.mark.parametrize(("ref", "turn"), [("D3:7", 7), ("D12:15", 15), ("D", -1), ("D1:x", -1)])
def test_turn_of(ref: str, turn: int) -> None:
    assert turn_of(ref) == turn


def test_grid_starts_off() -> None:
    grid = quota_grid()
    assert grid[0].off and not any(s.off for s in grid[1:])
    assert len(set(grid)) == len(grid)


def _question(conv: str, n: int, text: str, evidence: tuple[str, ...], cat: int) -> QuestionRuns:
    return QuestionRuns(LocomoQuestion(conv, f"{conv}-{n}", text, "", cat, evidence), {})


def test_cv_quota_reports_out_of_fold_by_category() -> None:
    refs = ["D1:1", "D1:2", "D1:3", "D2:1", "D2:2", "D3:1"]
    dia = {i: r for i, r in enumerate(refs)}
    corpus = Corpus(dia, {}, {}, {}, {}, {}, {})
    system = System(lambda q, c: list(dia))  # every question gets the same ranking
    qruns = [
        # evidence in three sessions: one per session brings D3:1 into the top 5
        _question(conv, n, "how many times did we climb?", ("D1:1", "D2:1", "D3:1"), 1)
        for conv in ("a", "b", "c")
        for n in range(2)
    ] + [_question("a", 9, "how many times did she go?", ("D2:2",), 5)]
    out = cv_quota(qruns, corpus, system, k=5)
    assert out["by_category"]["1"]["default"] == pytest.approx(2 / 3)
    # each fold learns on the other two conversations that a quota helps
    assert out["by_category"]["1"]["out_of_fold"] == pytest.approx(1.0)
    assert out["in_sample_best"] != str(QuotaSetting())
    # the adversarial question is scored under its conversation's fold: D2:2 is pushed out
    assert out["by_category"]["5"]["default"] == 1.0
    assert out["by_category"]["5"]["out_of_fold"] == 0.0
