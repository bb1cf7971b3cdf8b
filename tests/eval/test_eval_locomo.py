"""The LoCoMo harness end to end on a tiny synthetic file, plus pure CV and system checks.

tests/fixtures/locomo_tiny.json is written for these tests (not LoCoMo data): conv-a has 15
turns and 6 questions, conv-b 14 turns and 3. Its evidence includes "D1:3; D1:5" and "D:1:5"
(repairable), "D9:9" and "D" (not: 2 unrepaired), and one question has no evidence (skipped).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from agent.cli import cli
from eval.locomo import Prepared, prepare, run_locomo, score_system
from eval.locomo_data import LocomoQuestion
from eval.runs import Corpus, QuestionRuns, eval_store_path
from eval.systems import System, _line_turns, pipeline_ranking, ranking, systems_for
from eval.tune import cross_validate
from memory_store.db.store import Store
from memory_store.query.search import RetrievalConfig, Searcher
from memory_store.settings import Settings

TINY = Path(__file__).parents[1] / "fixtures" / "locomo_tiny.json"


@pytest.fixture(scope="module")
def module_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return Settings.load({"home": tmp_path_factory.mktemp("eval-home")}, environ={})


@pytest.fixture(scope="module")
def prepared(module_settings: Settings) -> Prepared:
    return prepare(TINY, module_settings)


@pytest.fixture(scope="module")
def results(
    module_settings: Settings, prepared: Prepared, tmp_path_factory: pytest.TempPathFactory
) -> tuple[dict[str, Any], Path]:
    out = tmp_path_factory.mktemp("report")
    return run_locomo(TINY, settings=module_settings, out_dir=out, prepared=prepared), out


def _metric_values(block: dict[str, Any]) -> list[float]:
    values = [v for key, v in block.items() if key not in ("ci95", "by_category")]
    values += [x for pair in block["ci95"].values() for x in pair]
    for cat in block.get("by_category", {}).values():
        values += _metric_values(cat)
    return values


def test_json_shape_and_ranges(results: tuple[dict[str, Any], Path]) -> None:
    res, _ = results
    assert res["dataset"] == "locomo" and res["k"] == 5
    assert res["default_system"] == "memlane-default"
    assert list(res["systems"]) == [
        "bm25",
        "dense",
        "hybrid-minmax",
        "hybrid-rrf",
        "line-2026",
        "memlane-default",
    ]
    for system in res["systems"].values():
        assert {"recall@5", "mrr@5", "ndcg@5", "ci95", "by_category"} <= system.keys()
        assert set(system["ci95"]) == {"recall@5", "mrr@5", "ndcg@5"}
        assert set(system["by_category"]) == {"1", "2", "3", "4", "5"}
        assert all(0.0 <= v <= 1.0 for v in _metric_values(system))
        lo, hi = system["ci95"]["recall@5"]
        assert lo <= system["recall@5"] <= hi


def test_counts(results: tuple[dict[str, Any], Path]) -> None:
    counts = results[0]["counts"]
    assert counts["questions"] == 9
    assert counts["scored"] == 8 and counts["skipped_no_evidence"] == 1
    assert counts["unrepaired_evidence_ids"] == 2
    assert counts["by_category"] == {"1": 2, "2": 1, "3": 1, "4": 3, "5": 1}


def test_report_files(results: tuple[dict[str, Any], Path]) -> None:
    res, out = results
    for name in (
        "report.md",
        "results.json",
        "per_question.csv",
        "recall_at_k.png",
        "recall_vs_beta.png",
    ):
        assert (out / name).stat().st_size > 0, name
    on_disk = json.loads((out / "results.json").read_text())
    assert on_disk["systems"].keys() == res["systems"].keys()
    assert on_disk["default_system"] == "memlane-default"
    assert "memlane-default" in (out / "report.md").read_text()
    assert len((out / "per_question.csv").read_text().splitlines()) == 1 + 8


def _index(prepared: Prepared, question: str) -> int:
    return next(i for i, q in enumerate(prepared.qruns) if q.question.question == question)


def test_unique_keyword_turn_is_found(prepared: Prepared, module_settings: Settings) -> None:
    scores = score_system(systems_for(module_settings)["bm25"], prepared.qruns, prepared.corpus, 5)
    i = _index(prepared, "Where did Bob run the marathon?")
    # A turn's BM25 document also holds its neighbours, so the turns either side share the
    # keyword: the evidence is found, in the top two.
    assert scores["recall@5"][i] == 1.0 and scores["mrr@5"][i] >= 0.5
    # Repaired "D:1:5" -> D1:5, the only turn mentioning pottery *class*.
    j = _index(prepared, "Which class did Carol sign up for?")
    assert prepared.qruns[j].question.evidence == ("D1:5",)
    assert scores["recall@5"][j] == 1.0


def test_questions_stay_in_their_conversation(prepared: Prepared) -> None:
    by_conv: dict[str, set[int]] = {}
    for q in prepared.qruns:
        for name, run in q.runs.items():
            if not name.endswith("_messages"):
                continue  # chunk ids are another id space
            by_conv.setdefault(q.question.conversation, set()).update(run)
    assert by_conv["conv-a"].isdisjoint(by_conv["conv-b"])


@pytest.mark.parametrize(
    "cfg",
    [
        RetrievalConfig(),
        RetrievalConfig(beta=0.3, chunk_weight=0.3),
        RetrievalConfig(fusion="rrf", chunk_weight=0.2, candidates=10),
    ],
)
def test_default_system_is_the_search_pipeline(
    prepared: Prepared, module_settings: Settings, cfg: RetrievalConfig
) -> None:
    """Re-fusing cached runs ranks exactly as `Searcher.score_messages` does."""
    store = Store.open(eval_store_path(module_settings, TINY))
    try:
        searcher = Searcher(store, cfg)
        for q in prepared.qruns:
            live = searcher.score_messages(
                q.question.question, conversation=q.question.conversation
            )
            assert pipeline_ranking(q.runs, cfg, prepared.corpus) == ranking(live)
    finally:
        store.close()


def test_rerun_uses_the_cached_store(module_settings: Settings, prepared: Prepared) -> None:
    stages: list[str] = []
    again = prepare(TINY, module_settings, progress=lambda s, d, t: stages.append(s))
    assert "embedding" not in stages and "retrieval" in stages
    assert [q.runs for q in again.qruns] == [q.runs for q in prepared.qruns]


def _corpus(members: dict[int, tuple[int, ...]]) -> Corpus:
    ids = [m for ms in members.values() for m in ms]
    home: dict[int, int] = {}
    for c in sorted(members):
        for m in members[c]:
            home.setdefault(m, c)
    return Corpus(
        dia={m: f"D1:{m}" for m in ids},
        tokens=dict.fromkeys(ids, 3),
        members=members,
        chunk_tokens=dict.fromkeys(members, 10),
        home=home,
        speaker=dict.fromkeys(ids, "A"),
        speakers={"c": ("A",)},
    )


def test_line_turns_follow_chunks_then_bm25() -> None:
    corpus = _corpus({10: (1, 2, 3), 11: (3, 4, 5)})
    question = LocomoQuestion("c", "c#0", "q", "a", 4, ("D1:4",))
    runs = {
        "bm25_chunks": {10: 1.0, 11: 3.0},
        "dense_chunks": {10: 0.5, 11: 0.9},
        "bm25_messages": {5: 2.0, 1: 4.0},
    }
    # chunk 11 first; inside it 5 (BM25 2.0), then 3 and 4 in chunk order; then chunk 10's
    # unseen messages 1 (BM25 4.0) and 2.
    assert _line_turns(QuestionRuns(question, runs), corpus) == [5, 3, 4, 1, 2]


def test_chunk_recall_and_tokens() -> None:
    corpus = _corpus({10: (1, 2, 3), 11: (4, 5, 6)})
    q = QuestionRuns(
        LocomoQuestion("c", "c#0", "q", "a", 4, ("D1:2", "D1:5")), {"bm25_messages": {5: 1.0}}
    )
    scores = score_system(System(lambda q, c: [5]), [q], corpus, 1)
    assert scores["recall@1"][0] == 0.5 and scores["chunk_recall@1"][0] == 0.5
    assert scores["turn_tokens@1"][0] == 3 and scores["chunk_tokens@1"][0] == 10
    assert scores["curve"].shape == (1, 50) and scores["curve"][0, -1] == 0.5


def test_cross_validation_by_hand() -> None:
    # 3 settings x 6 questions; groups A A B B C C.
    scores = np.array(
        [
            [1.0, 1.0, 0.0, 0.0, 0.5, 0.5],  # s0: great on A
            [0.0, 0.0, 1.0, 1.0, 0.5, 0.5],  # s1: great on B
            [0.5, 0.5, 0.5, 0.5, 0.0, 0.0],  # s2
        ]
    )
    cv = cross_validate(scores, ["A", "A", "B", "B", "C", "C"])
    # Hold out A: means on B,C = s0 .25, s1 .75, s2 .25 -> s1, scoring 0 on A.
    # Hold out B: on A,C = s0 .75, s1 .25, s2 .25 -> s0, scoring 0 on B.
    # Hold out C: on A,B = .5, .5, .5 -> tie, first row s0, scoring .5 on C.
    assert cv.picks == {"A": 1, "B": 0, "C": 0}
    assert cv.out_of_fold.tolist() == [0.0, 0.0, 0.0, 0.0, 0.5, 0.5]
    # In sample: s0 = s1 = 0.5 > s2 = 1/3 -> s0 (first), optimism 0.5 - 1/6.
    assert cv.in_sample_best == 0 and cv.in_sample_mean == pytest.approx(0.5)


def test_cross_validation_needs_two_groups() -> None:
    with pytest.raises(ValueError, match="two groups"):
        cross_validate(np.zeros((2, 3)), ["A", "A", "A"])


def test_cli_locomo_and_tune(module_settings: Settings, prepared: Prepared, tmp_path: Path) -> None:
    home = str(module_settings.home)
    res = CliRunner().invoke(cli, ["eval", "locomo", str(TINY), "--home", home, "--json", "-"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["default_system"] == "memlane-default"
    out = tmp_path / "tune"
    res = CliRunner().invoke(
        cli, ["eval", "tune", str(TINY), "--home", home, "--out", str(out), "--date", "2026-01-01"]
    )
    assert res.exit_code == 0, res.output
    tuned = json.loads((out / "tuned.json").read_text())
    assert tuned["date"] == "2026-01-01" and len(tuned["per_fold"]) == 2
    assert (out / "recall_vs_beta.png").exists() and "out-of-fold" in res.output


def test_within_sessions_ranks_only_the_evidence_sessions(module_settings: Settings) -> None:
    """The oracle time filter: every retrieved turn is in a session that holds evidence."""
    inside = prepare(TINY, module_settings, within_sessions=True)
    assert len(inside.qruns) == len(prepare(TINY, module_settings).qruns)
    for q in inside.qruns:
        sessions = {ev.split(":")[0] for ev in q.question.evidence}
        for name in ("bm25_messages", "dense_messages"):
            got = {inside.corpus.dia[m].split(":")[0] for m in q.runs[name]}
            assert got <= sessions, (q.question.qid, name, got, sessions)
        # dense scores every allowed turn, so it shows the scope is the evidence sessions
        assert {inside.corpus.dia[m].split(":")[0] for m in q.runs["dense_messages"]} == {
            s for s in sessions if any(d.startswith(s + ":") for d in inside.corpus.dia.values())
        }


def test_cli_tune_within_sessions_writes_filtered_settings(
    module_settings: Settings, tmp_path: Path
) -> None:
    out = tmp_path / "tune"
    res = CliRunner().invoke(
        cli,
        ["eval", "tune", str(TINY), "--home", str(module_settings.home), "--within-sessions",
         "--json", str(out / "t.json")],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    tuned = json.loads((out / "t.json").read_text())
    assert tuned["scope"].startswith("inside the sessions")
    assert "filtered_beta = " in tuned["config_toml"]
