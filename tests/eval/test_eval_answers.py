"""End-to-end answer evaluation (eval/answers.py, eval/abstain.py, eval/judge.py).

tests/fixtures/locomo_answers5.json is written for these tests (not LoCoMo data): two
conversations of 4 turns each and 5 questions, one per category. Every expected score below is
worked out by hand from LoCoMo's normalisation (lowercase, no punctuation, no a/an/the/and,
Snowball stems).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from agent.answer.reader import evidence, read, support
from agent.answer.reading import ReaderContext
from agent.answer.record import NO_ANSWER, Answer
from agent.answer.text import TermWeights
from agent.cli import cli
from agent.errors import LLMOutputError
from eval.abstain import calibrate, decisions
from eval.answers import declined, score_answer
from eval.judge import JUDGE_ERROR, JudgeVerdict, judge_accuracy, judge_answer
from eval.metrics import context_tokens
from memory_store.models import StoredMessage
from tests.llm_stub import LLMStub

FIVE = Path(__file__).parents[1] / "fixtures" / "locomo_answers5.json"


def msg(i: int, speaker: str, text: str) -> StoredMessage:
    return StoredMessage(
        i, "c", f"D1:{i}", speaker, datetime(2023, 5, 8, 10, i), text, "text", 1, 1
    )


# -- scoring -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("category", "text", "gold", "refused", "expected"),
    [
        # ana start learn violin (4 tokens) vs violin: P 1/4, R 1 -> 2PR/(P+R) = 0.4
        (4, "Ana started learning the violin.", "violin", False, 0.4),
        # parts "Ben visited Lisbon" | "and Porto": Lisbon -> max(0.5, 0), Porto -> 1 -> 0.75
        (1, "Ben visited Lisbon, and Porto", "Lisbon, Porto", False, 0.75),
        # cleo adopt cat on 7 may 2023 (7 tokens), gold 3 tokens: P 3/7, R 1 -> 0.6
        (2, "Cleo adopted the cat on 7 May 2023.", "7 May 2023", False, 0.6),
        (5, NO_ANSWER, "violin", True, 1.0),
        (5, "Ben started learning the violin.", "violin", False, 0.0),  # trap answer: no credit
    ],
)
def test_score_answer(category: int, text: str, gold: str, refused: bool, expected: float) -> None:
    assert score_answer(category, text, gold, refused) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("text", "abstained", "expected"),
    [
        (NO_ANSWER, True, True),
        ("Ben's instrument is not mentioned in the history.", False, True),
        ("The conversations do not mention a trip.", False, True),
        ("On Monday, Ana said: “I started the violin.”", False, False),
    ],
)
def test_declined(text: str, abstained: bool, expected: bool) -> None:
    assert declined(Answer(text, [], abstained)) is expected


# -- offline abstention --------------------------------------------------------------------

RACE = [
    msg(1, "Melanie", "I ran a charity race and realized self-care matters."),
    msg(2, "Caroline", "Melanie, how did the charity race go?"),
    msg(3, "Caroline", "I'm researching adoption agencies."),
]


def race_context() -> ReaderContext:
    return ReaderContext(
        TermWeights.from_texts([m.text for m in RACE]),
        lambda m: [],
        speakers=["Caroline", "Melanie"],
    )


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # Melanie's message covers {realiz, chariti, race}; Caroline's only asks about it, so
        # the named person's own evidence is beaten by someone else's -> 0
        ("What did Caroline realize after her charity race?", 0.0),
        # Melanie is named and her own message covers all of it -> 1
        ("What did Melanie realize after her charity race?", 1.0),
        # {research}: Caroline's own message -> 1
        ("What is Caroline researching?", 1.0),
        # "kittens" is in no message: it tells no message from another and is left out, so
        # {adopt, agenc} -> 1 (whether to decline is then the head-noun check's business)
        ("Which adoption agencies had kittens?", 1.0),
    ],
)
def test_the_readers_evidence(question: str, expected: float) -> None:
    ctx = race_context()
    cover = support(question, RACE, ctx)
    assert evidence(question, RACE, cover, ctx) == pytest.approx(expected)


def test_the_reader_declines_with_nothing_retrieved() -> None:
    reading = read("What did Caroline realize?", [], race_context())
    assert reading.abstained and reading.text == NO_ANSWER and reading.evidence == 0.0


@dataclass
class Row:
    conversation: str
    category: int
    evidence: float | None
    abstained: bool = False


def test_calibrate_leave_one_conversation_out() -> None:
    rows = [
        Row("a", 5, 0.1),
        Row("a", 4, 0.6),
        Row("b", 5, 0.3),
        Row("b", 4, 0.5),
        Row("c", 5, 0.7),  # looks answerable: only a threshold above 0.7 declines it
        Row("c", 2, None),  # time route: keeps its own decision (here: answered)
    ]
    assert decisions(rows, 0.4).tolist() == [True, False, True, False, False, False]
    cal = calibrate(rows)
    assert cal is not None
    # All rows: 3 answerable, so one false refusal (1/3) breaks the 0.15 cap: t <= 0.5. The
    # most adversarial declined under that is 2/3 (0.1, 0.3) for t in (0.3, 0.5]: lowest 0.325.
    assert cal["chosen_on_all"] == 0.325
    assert cal["in_sample"] == {"abstain_adversarial": pytest.approx(2 / 3), "false_abstain": 0}
    # Hold out a: on b + c, t <= 0.5 and (0.3, 0.5] declines 0.3 -> 0.325; a: 0.1 declined.
    # Hold out b: on a + c, t <= 0.6 and (0.1, 0.6] declines 0.1 -> 0.125; b: nothing declined.
    # Hold out c: on a + b, t <= 0.5 and (0.3, 0.5] declines both -> 0.325; c: nothing.
    assert [f["threshold"] for f in cal["per_fold"]] == [0.325, 0.125, 0.325]
    assert cal["out_of_fold"] == {"abstain_adversarial": pytest.approx(1 / 3), "false_abstain": 0}


# -- judge ---------------------------------------------------------------------------------


class ScriptedJudge:
    def __init__(self, *replies: JudgeVerdict | Exception) -> None:
        self.replies = list(replies)
        self.prompts: list[str] = []

    def structured(self, system: str, user: str, schema: type[Any]) -> Any:
        self.prompts.append(user)
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        return reply


def test_judge_labels_and_errors() -> None:
    llm = ScriptedJudge(JudgeVerdict(label="CORRECT"), LLMOutputError("not JSON"))
    assert judge_answer(llm, "Q?", "violin", "<b>the violin</b>") == "CORRECT"
    assert "&lt;b&gt;the violin&lt;/b&gt;" in llm.prompts[0]  # the answer is escaped data
    assert judge_answer(llm, "Q?", "violin", "a cello") == JUDGE_ERROR
    assert judge_accuracy(["CORRECT", "WRONG", JUDGE_ERROR, "CORRECT"]) == {
        "accuracy": pytest.approx(2 / 3),
        "n": 3,
        "errors": 1,
    }


# -- the CLI end to end --------------------------------------------------------------------


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[LLMStub]:
    with LLMStub() as running:
        for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
            monkeypatch.delenv(var, raising=False)
        monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
        yield running


ALL_IDS = list(range(0, 40))  # cite everything: ids that were not retrieved are dropped
SCRIPT = [  # file order: conv-a#0 (cat 4), #1 (cat 1), #2 (cat 5), conv-b#0 (cat 2), #1 (cat 3)
    ("Ana started learning the violin.", ALL_IDS),
    ("Ben visited Lisbon, and Porto", ALL_IDS),
    ("Ben's instrument is not mentioned in the history.", ALL_IDS),  # declines in words
    ("Cleo adopted the cat on 7 May 2023.", ALL_IDS),
    (NO_ANSWER, []),  # a false refusal
]
JUDGE = ["CORRECT", "CORRECT", "CORRECT", "WRONG"]  # the four questions of categories 1-4


def test_answers_and_judge_through_the_stub(
    stub: LLMStub, isolated_home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    isolated_home.mkdir(parents=True, exist_ok=True)
    (isolated_home / "config.toml").write_text("llm_max_retries = 0\nllm_timeout = 10.0\n")
    monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    for text, cites in SCRIPT:
        stub.enqueue_json({"ops": []})  # the plan
        stub.enqueue_json({"answer": text, "citations": cites})
    for label in JUDGE:
        stub.enqueue_json({"label": label, "reason": "compared with the gold answer"})
    out = tmp_path / "out"
    args = ["locomo", str(FIVE), "--answers", "--judge", "--out", str(out)]
    res = CliRunner().invoke(cli, ["eval", *args])
    assert res.exit_code == 0, res.output
    assert stub.pending == 0 and len(stub.requests) == 14

    ans = json.loads((out / "results.json").read_text())["answers"]
    assert ans["mode"] == "llm"
    assert ans["f1"] == pytest.approx((0.4 + 0.75 + 0.6 + 0.0) / 4, abs=1e-4)
    by_cat = {c: b.get("f1", b.get("abstain_accuracy")) for c, b in ans["by_category"].items()}
    assert by_cat == pytest.approx({"1": 0.75, "2": 0.6, "3": 0.0, "4": 0.4, "5": 1.0}, abs=1e-4)
    assert ans["abstain_adversarial"] == 1.0
    assert ans["false_abstain"] == 0.25
    # four-turn conversations: the agent's top 5 holds every turn, so all evidence
    assert ans["agent_recall_at_5"] == 1.0 and ans["agent_recall_at_5_ci95"] == [1.0, 1.0]
    where = ans["agent_retrieval"]
    assert where["recall@5"] == where["recall@10"] == where["recall@50"] == 1.0
    assert where["rank_share"]["1-5"] == 1.0 and where["rank_share"]["absent"] == 0.0
    assert "Where the evidence sits" in (out / "report.md").read_text()
    assert ans["judge"]["accuracy"] == 0.75 and ans["judge"]["n"] == 4
    assert ans["abstain_calibration"] is None  # the LLM answerer does not use the threshold
    # LLM mode: the prompt holds every message of the (4-turn) conversation
    turns = json.loads(FIVE.read_text())
    per_conv = [
        sum(context_tokens(f"{t['speaker']}: {t['text']}") for t in s["conversation"]["session_1"])
        for s in turns
    ]
    assert ans["context_tokens"] == pytest.approx((2 * per_conv[0] + 2 * per_conv[1]) / 4)
    lat = ans["latency_ms"]
    assert 0 < lat["p50"] <= lat["p95"] and set(lat["stages"]) == {"retrieve", "answer"}

    judge_prompt = stub.requests[10]["messages"][1]["content"]
    assert "violin" in judge_prompt and "Ana started learning the violin." in judge_prompt
    with (out / "answers.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["judge"] for r in rows] == ["CORRECT", "CORRECT", "", "CORRECT", "WRONG"]
    assert rows[0]["answer"] == "Ana started learning the violin."
    assert rows[0]["citations"] == "D1:1 D1:2 D1:3 D1:4"
    assert "## Answers" in (out / "report.md").read_text()


def test_judge_without_llm_is_skipped_with_a_notice(tmp_path: Path) -> None:
    args = ["locomo", str(FIVE), "--answers", "--judge", "--json", str(tmp_path / "r.json")]
    res = CliRunner().invoke(cli, ["eval", *args])
    assert res.exit_code == 0, res.output
    assert "LLM judge skipped: no LLM is configured" in res.output
    ans = json.loads((tmp_path / "r.json").read_text())["answers"]
    assert ans["mode"] == "offline" and "judge" not in ans
    assert ans["by_category"]["5"]["n"] == 1 and ans["abstain_calibration"] is not None
