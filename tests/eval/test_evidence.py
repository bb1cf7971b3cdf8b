"""Where the gold evidence sits in a ranking (eval/evidence.py), with the arithmetic written out."""

from __future__ import annotations

import pytest

from eval.evidence import (
    DEPTH,
    EvidenceRanks,
    evidence_ranks,
    rank_bucket,
    retrieval_block,
    retrieval_lines,
    session_of,
)

RANKED = ["D1:2", "D1:3", "D2:1", "D1:2", "D3:4", "D2:5", "D4:1", "D4:2", "D5:1", "D5:2", "D6:1"]
TOKENS = [3, 4, 5, 3, 6, 1, 1, 1, 1, 1, 9]


@pytest.mark.parametrize(
    ("evidence", "ranks", "sessions"),
    [
        (["D1:2"], (1,), 1),
        (["D1:3", "D2:5"], (2, 6), 2),
        (["D6:1", "D9:9", "D1:2"], (11, None, 1), 3),
        (["D7:7"], (None,), 1),
        (["D2:1", "D2:1"], (3,), 1),  # a repeated evidence id counts once
        (["D5:2", "D5:1"], (10, 9), 1),
    ],
)
def test_evidence_ranks(evidence: list[str], ranks: tuple[int | None, ...], sessions: int) -> None:
    got = evidence_ranks(1, RANKED, TOKENS, evidence)
    assert got.ranks == ranks and got.sessions == sessions
    # 3 + 4 + 5 + 3 + 6, and the next five turns of 1 token each
    assert got.tokens_at == (21, 26)


@pytest.mark.parametrize(
    ("rank", "bucket"),
    [(1, "1-5"), (5, "1-5"), (6, "6-10"), (10, "6-10"), (11, "11-20"), (20, "11-20")]
    + [(21, "21-50"), (50, "21-50"), (51, "absent"), (None, "absent")],
)
def test_rank_bucket(rank: int | None, bucket: str) -> None:
    assert rank_bucket(rank) == bucket


@pytest.mark.parametrize(
    ("ranks", "k", "recall"),
    [
        ((1, 6), 5, 0.5),
        ((1, 6), 10, 1.0),
        ((None, 3, 12), 10, 1 / 3),
        ((None,), 50, 0.0),
        ((), 5, 0.0),
    ],
)
def test_recall_at_k(ranks: tuple[int | None, ...], k: int, recall: float) -> None:
    assert EvidenceRanks(1, ranks, 1, (0, 0)).recall(k) == pytest.approx(recall)


def test_ranks_stop_at_depth() -> None:
    deep = [f"D1:{i}" for i in range(1, DEPTH + 10)]
    assert evidence_ranks(4, deep, [], [f"D1:{DEPTH}", f"D1:{DEPTH + 1}"]).ranks == (DEPTH, None)


def test_session_of() -> None:
    assert [session_of(x) for x in ("D3:7", "D12:1", "D")] == ["D3", "D12", "D"]


def test_retrieval_block_pools_the_headline_and_splits_by_category() -> None:
    rows = [
        EvidenceRanks(1, (1, None), 2, (10, 20)),
        EvidenceRanks(1, (7, 30), 3, (20, 40)),
        EvidenceRanks(4, (2,), 1, (30, 60)),
        EvidenceRanks(5, (None,), 1, (40, 80)),
    ]
    block = retrieval_block(rows, (1, 2, 3, 4))
    assert block["n"] == 3 and block["evidence_turns"] == 5
    # per question (1/2 + 0/2 + 1/1) / 3 at 5; (1/2 + 1/2 + 1) / 3 at 10; (1/2 + 1 + 1) / 3 at 50
    assert block["recall@5"] == pytest.approx(0.5)
    assert block["recall@10"] == pytest.approx(2 / 3)
    assert block["recall@50"] == pytest.approx(2.5 / 3)
    assert block["rank_share"] == pytest.approx(
        {"1-5": 2 / 5, "6-10": 1 / 5, "11-20": 0.0, "21-50": 1 / 5, "absent": 1 / 5}
    )
    assert block["sessions_spanned"] == {"1": 1, "2": 1, "3+": 1}
    assert block["turn_tokens@5"] == pytest.approx(20.0)
    assert block["turn_tokens@10"] == pytest.approx(40.0)
    assert set(block["by_category"]) == {"1", "4", "5"}
    assert block["by_category"]["5"]["recall@50"] == 0.0
    lines = retrieval_lines(block)
    assert len(lines) == 2 + 3 + 1 and lines[-1].startswith("| all of 1-4 | 3 | 0.500 | 0.667 |")
