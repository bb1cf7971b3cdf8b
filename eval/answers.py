"""End-to-end answers on LoCoMo: the whole agent per question, scored as the LoCoMo authors do.

Every question is asked through the pipeline ``memlane ask`` builds (`agent.app.build_pipeline`;
LLM mode when an LLM is configured), scoped to its conversation with ``now`` at its latest
message. Two timed stages: *retrieve* is ``Pipeline.ask(..., answer=False)`` (rewrite, plan, time
filter, retrieval) and *answer* is the answerer on that result; *total* is their sum.

Scoring (snap-research/locomo ``task_eval/evaluation.py``):

- categories 2-4: ``token_f1`` (normalised, stemmed) of the answer text against the gold answer;
- category 1 (multi-hop): ``multihop_f1`` (both split on commas, scored per gold part);
- category 5 (adversarial): 1 when the agent declines (``Answer.abstained``, or its text says the
  history does not contain the answer), else 0. The file's ``adversarial_answer`` is the trap
  answer and is never compared with the answer.

``context_tokens`` counts ``speaker: text`` of the messages the answerer was given: in LLM mode
the top 5 ranked plus their chunks' messages (the prompt's context); offline the top 5 ranked on
the content route and the quoted messages on the time route.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from agent.answer.record import NO_ANSWER, Answer
from agent.app import build_pipeline
from agent.pipeline import AskResult, Pipeline
from eval.abstain import calibrate
from eval.bootstrap import bootstrap_ci
from eval.evidence import DEPTH, EvidenceRanks, evidence_ranks, retrieval_block, retrieval_lines
from eval.judge import JUDGE_ERROR, judge_accuracy, judge_answer
from eval.locomo_data import CATEGORY_NAMES, LocomoQuestion, load_locomo_questions
from eval.metrics import context_tokens, multihop_f1, token_f1
from eval.report import format_table, write_csv
from eval.runs import Progress, open_eval_store
from memory_store.models import StoredMessage
from memory_store.settings import Settings

__all__ = [
    "AnswerRow",
    "answer_question",
    "answers_markdown",
    "answers_table",
    "declined",
    "run_answers",
    "score_answer",
    "summarize_answers",
    "write_answers",
]

HEADLINE = (1, 2, 3, 4)
ADVERSARIAL = 5
N_RESAMPLES, SEED = 5000, 0
# How an answer says the history does not hold the answer (ours, and an LLM's own wording).
_DECLINE = re.compile(
    r"(?:history|conversations?|messages?|chats?)\s+(?:does|do)\s+not\s+(?:contain|mention|say)"
    r"|(?:not|never)\s+mentioned|no\s+(?:information|mention)|nothing\s+in\s+the\s+history",
    re.IGNORECASE,
)


@dataclass
class AnswerRow:
    """One question, the agent's answer, its score and its cost."""

    qid: str
    conversation: str
    category: int
    question: str
    gold: str
    answer: str
    citations: list[str]
    abstained: bool
    score: float
    context_tokens: int
    route: str
    evidence: float | None
    retrieve_ms: float
    answer_ms: float
    judge: str = ""
    # the reader's first reason (/explain's "why"): what a declined answer declined on
    why: str = ""
    # turn-level Recall@5 of what the whole agent retrieved (planner and filter included);
    # None for a question without evidence ids
    recall: float | None = None
    # where each evidence turn sits in the agent's top DEPTH (eval.evidence)
    ranks: EvidenceRanks | None = None

    @property
    def total_ms(self) -> float:
        return self.retrieve_ms + self.answer_ms

    def csv_row(self) -> dict[str, Any]:
        return {
            "qid": self.qid,
            "category": self.category,
            "question": self.question,
            "gold": self.gold,
            "answer": self.answer,
            "citations": self.citations,
            "F1": self.score,
            "judge": self.judge,
            "abstained": self.abstained,
            "evidence": "" if self.evidence is None else self.evidence,
            "route": self.route,
            "recall@5": "" if self.recall is None else self.recall,
            "context_tokens": self.context_tokens,
            "retrieve_ms": self.retrieve_ms,
            "answer_ms": self.answer_ms,
            "why": self.why,
        }


def declined(answer: Answer) -> bool:
    """The agent said the history does not hold the answer."""
    return answer.abstained or NO_ANSWER in answer.text or bool(_DECLINE.search(answer.text))


def score_answer(category: int, text: str, gold: str, refused: bool) -> float:
    """LoCoMo's score of one answer (see the module docstring)."""
    if category == ADVERSARIAL:
        return 1.0 if refused else 0.0
    if category == 1:
        return multihop_f1(text, gold)
    return token_f1(text, gold)


def _context(result: AskResult, pipeline: Pipeline, answer: Answer) -> list[StoredMessage]:
    """The messages the answerer was given (mirrors `Pipeline._answer`)."""
    if result.route == "time":
        return answer.citations
    ranked = result.search.ranked_messages if result.search else []
    if pipeline.llm is None:
        return ranked[:5]
    hits = result.search.results if result.search else []
    return list(dict.fromkeys([*ranked[:5], *(m for h in hits for m in h.messages)]))


def answer_question(pipeline: Pipeline, q: LocomoQuestion) -> AnswerRow:
    """Ask one question (timed by stage) and score the answer."""
    start = time.perf_counter()
    result = pipeline.ask(q.question, now="latest", conversation=q.conversation, answer=False)
    mid = time.perf_counter()
    # The answer stage of `ask`, run separately so that it can be timed on its own.
    answer = pipeline.answer(result)
    end = time.perf_counter()
    refused = declined(answer)
    ranked = result.search.ranked_messages if result.search else []
    shown = result.filtered if result.route == "time" else ranked[:5]
    relevant = set(q.evidence)
    recall = len({m.source_ref for m in shown} & relevant) / len(relevant) if relevant else None
    # Recall@5 above scores the top 5; the ranks read deeper into the same ordering.
    deep = result.filtered if result.route == "time" else ranked
    ranks = (
        evidence_ranks(
            q.category,
            [m.source_ref for m in deep[:DEPTH]],
            [context_tokens(f"{m.speaker}: {m.text}") for m in deep[:10]],
            q.evidence,
        )
        if relevant
        else None
    )
    return AnswerRow(
        qid=q.qid,
        conversation=q.conversation,
        category=q.category,
        question=q.question,
        gold=q.answer,
        answer=answer.text,
        citations=[m.source_ref for m in answer.sources],
        abstained=refused,
        score=score_answer(q.category, answer.text, q.answer, refused),
        context_tokens=sum(
            context_tokens(f"{m.speaker}: {m.text}") for m in _context(result, pipeline, answer)
        ),
        route=result.route,
        # The score the reader itself declined on (agent/answer/reader.py), so that the
        # calibration below chooses the threshold the reader applies.
        evidence=answer.evidence,
        retrieve_ms=(mid - start) * 1000,
        answer_ms=(end - mid) * 1000,
        recall=recall,
        ranks=ranks,
        why=answer.why[0] if answer.why else "",
    )


def run_answers(
    path: Path,
    settings: Settings,
    *,
    db: Path | None = None,
    judge: bool = False,
    progress: Progress | None = None,
) -> tuple[dict[str, Any], list[AnswerRow]]:
    """Answer every question of a LoCoMo file; returns the ``answers`` block and the rows.

    With ``judge`` and an LLM configured, each answer in categories 1-4 also gets a CORRECT/WRONG
    label from ``prompts/judge.md`` (callers print the notice when no LLM is configured).
    """
    questions = load_locomo_questions(path)
    store = open_eval_store(path, settings, db, progress)
    try:
        pipeline = build_pipeline(settings, store)
        rows = []
        for n, q in enumerate(questions, start=1):
            rows.append(answer_question(pipeline, q))
            if progress:
                progress("answers", n, len(questions))
        judged = judge and pipeline.llm is not None
        if judged:
            _judge(pipeline, rows, progress)
    finally:
        store.close()
    block = summarize_answers(rows, settings, judged=judged, offline=pipeline.llm is None)
    block["mode"] = pipeline.mode
    return block, rows


def _judge(pipeline: Pipeline, rows: Sequence[AnswerRow], progress: Progress | None) -> None:
    """Label every answer of categories 1-4 (the adversarial gold is the trap, not a truth)."""
    todo = [r for r in rows if r.category in HEADLINE]
    for n, row in enumerate(todo, start=1):
        assert pipeline.llm is not None
        row.judge = judge_answer(pipeline.llm, row.question, row.gold, row.answer)
        if progress:
            progress("judge", n, len(todo))


def _mean_ci(values: Sequence[float]) -> tuple[float, list[float]]:
    if not values:
        return 0.0, [0.0, 0.0]
    mean, lo, hi = bootstrap_ci(values, N_RESAMPLES, SEED)
    return mean, [lo, hi]


def _percentiles(values: Sequence[float]) -> dict[str, float]:
    arr = np.asarray(values, dtype=np.float64)
    if arr.size == 0:
        return {"p50": 0.0, "p95": 0.0}
    return {"p50": float(np.percentile(arr, 50)), "p95": float(np.percentile(arr, 95))}


def _category_block(rows: Sequence[AnswerRow], category: int) -> dict[str, Any]:
    scores = [r.score for r in rows]
    mean, ci = _mean_ci(scores)
    if category == ADVERSARIAL:
        return {"abstain_accuracy": mean, "ci95": ci, "n": len(rows)}
    refusals = sum(r.abstained for r in rows) / len(rows)
    return {"f1": mean, "ci95": ci, "n": len(rows), "false_abstain": refusals}


def summarize_answers(
    rows: Sequence[AnswerRow], settings: Settings, *, judged: bool = False, offline: bool = True
) -> dict[str, Any]:
    """The ``answers`` block of results.json (headline = categories 1-4).

    ``abstain_calibration`` (offline only: the LLM answerer does not use the threshold) is the
    cross-validated choice of ``abstain_threshold`` on these questions (`eval.abstain`).
    """
    head = [r for r in rows if r.category in HEADLINE]
    adv = [r for r in rows if r.category == ADVERSARIAL]
    f1, f1_ci = _mean_ci([r.score for r in head])
    abstain_adv, adv_ci = _mean_ci([r.score for r in adv])
    false_abs, false_ci = _mean_ci([float(r.abstained) for r in head])
    recall, recall_ci = _mean_ci([r.recall for r in head if r.recall is not None])
    block: dict[str, Any] = {
        "f1": f1,
        "f1_ci95": f1_ci,
        # the whole agent's retrieval (rewrite, planner, filter, fusion), as `memlane ask` runs
        "agent_recall_at_5": recall,
        "agent_recall_at_5_ci95": recall_ci,
        # where the evidence sits in the agent's ranking, by category (Recall@5/10/50, ranks)
        "agent_retrieval": retrieval_block([r.ranks for r in rows if r.ranks], HEADLINE),
        "by_category": {
            str(c): _category_block([r for r in rows if r.category == c], c)
            for c in CATEGORY_NAMES
            if any(r.category == c for r in rows)
        },
        "abstain_adversarial": abstain_adv,
        "abstain_adversarial_ci95": adv_ci,
        "false_abstain": false_abs,
        "false_abstain_ci95": false_ci,
        "context_tokens": float(np.mean([r.context_tokens for r in head])) if head else 0.0,
        "latency_ms": {
            **_percentiles([r.total_ms for r in rows]),
            "stages": {
                "retrieve": _percentiles([r.retrieve_ms for r in rows]),
                "answer": _percentiles([r.answer_ms for r in rows]),
            },
        },
        "n": {"questions": len(rows), "headline": len(head), "adversarial": len(adv)},
        "abstain_threshold": settings.abstain_threshold,
        "abstain_calibration": calibrate(rows) if offline else None,
    }
    if judged:
        block["judge"] = _judge_block(head)
    return block


def _judge_block(head: Sequence[AnswerRow]) -> dict[str, Any]:
    """Judge accuracy over categories 1-4 with a CI, and per category."""
    overall = judge_accuracy([r.judge for r in head])
    graded = [float(r.judge == "CORRECT") for r in head if r.judge != JUDGE_ERROR]
    overall["ci95"] = _mean_ci(graded)[1]
    overall["by_category"] = {
        str(c): judge_accuracy([r.judge for r in head if r.category == c])
        for c in HEADLINE
        if any(r.category == c for r in head)
    }
    return overall


# -- report ---------------------------------------------------------------------------------


def _f(value: float) -> str:
    return f"{value:.3f}"


def _with_ci(value: float, ci: Sequence[float]) -> str:
    return f"{value:.3f} [{ci[0]:.3f}, {ci[1]:.3f}]"


def _category_rows(block: Mapping[str, Any]) -> list[list[Any]]:
    rows: list[list[Any]] = []
    for cat, b in block["by_category"].items():
        name = f"{cat} {CATEGORY_NAMES[int(cat)]}"
        if int(cat) == ADVERSARIAL:
            rows.append([name, b["n"], "-", _with_ci(b["abstain_accuracy"], b["ci95"]), "-"])
        else:
            rows.append([name, b["n"], _with_ci(b["f1"], b["ci95"]), "-", _f(b["false_abstain"])])
    return rows


_CATEGORY_HEAD = ["category", "n", "F1", "abstain accuracy", "false abstain"]


def answers_table(block: Mapping[str, Any]) -> str:
    """The terminal summary: by category, then the headline line."""
    table = format_table(_CATEGORY_HEAD, _category_rows(block), markdown=False)
    lat = block["latency_ms"]
    line = (
        f"answers ({block.get('mode', 'offline')}): F1 cat 1-4 "
        f"{_with_ci(block['f1'], block['f1_ci95'])}, agent Recall@5 "
        f"{_with_ci(block['agent_recall_at_5'], block['agent_recall_at_5_ci95'])}, "
        f"Recall@10 {_f(block.get('agent_retrieval', {}).get('recall@10', 0.0))}, "
        f"abstain on cat 5 "
        f"{_f(block['abstain_adversarial'])}, false abstain {_f(block['false_abstain'])}, "
        f"context {block['context_tokens']:.0f} tokens, latency p50 {lat['p50']:.0f} ms "
        f"p95 {lat['p95']:.0f} ms"
    )
    if "judge" in block:
        line += f", judge accuracy {_f(block['judge']['accuracy'])}"
    return table + "\n\n" + line


def answers_markdown(block: Mapping[str, Any]) -> str:
    """The answers section of report.md."""
    lat = block["latency_ms"]
    lines = [
        "## Answers (the whole agent, scored as in the LoCoMo paper)",
        "",
        f"Mode: {block.get('mode', 'offline')}; abstain_threshold "
        f"{block['abstain_threshold']}. Token F1 is normalised and stemmed; category 1 is scored "
        "per comma-separated part; category 5 scores 1 when the agent declines. "
        "Cells: mean [95% bootstrap CI, by question].",
        "",
        f"- **F1, categories 1-4**: {_with_ci(block['f1'], block['f1_ci95'])} "
        f"(n = {block['n']['headline']})",
        f"- **abstention on adversarial (cat 5)**: "
        f"{_with_ci(block['abstain_adversarial'], block['abstain_adversarial_ci95'])}",
        f"- **false abstention (cat 1-4)**: "
        f"{_with_ci(block['false_abstain'], block['false_abstain_ci95'])}",
        f"- **context tokens given to the answerer (mean, cat 1-4)**: "
        f"{block['context_tokens']:.0f}",
        f"- **latency, ms (p50 / p95)**: total {lat['p50']:.0f} / {lat['p95']:.0f}; "
        + "; ".join(f"{k} {v['p50']:.0f} / {v['p95']:.0f}" for k, v in lat["stages"].items()),
    ]
    if "judge" in block:
        j = block["judge"]
        lines.append(
            f"- **LLM judge accuracy (cat 1-4)**: {_with_ci(j['accuracy'], j['ci95'])} "
            f"(n = {j['n']}, errors {j['errors']})"
        )
    table = format_table(_CATEGORY_HEAD, _category_rows(block))
    lines += ["", table, ""]
    if block.get("agent_retrieval", {}).get("by_category"):
        lines += [
            "### Where the evidence sits in the agent's ranking",
            "",
            "The whole agent's turns (time route: the filtered turns in time order); evidence "
            "turns by the rank they got, questions by the sessions their evidence spans; "
            "context tokens of the top 5 and top 10 turns.",
            "",
            *retrieval_lines(block["agent_retrieval"]),
            "",
        ]
    cal = block.get("abstain_calibration")
    if cal:
        ins, oof = cal["in_sample"], cal["out_of_fold"]
        lines += [
            "### Abstention threshold (leave-one-conversation-out CV)",
            "",
            f"Criterion: {cal['criterion']}. Chosen on all conversations: "
            f"{cal['chosen_on_all']} (in-sample: abstain {_f(ins['abstain_adversarial'])}, "
            f"false {_f(ins['false_abstain'])}). Out of fold: abstain "
            f"{_f(oof['abstain_adversarial'])}, false {_f(oof['false_abstain'])}. Per fold: "
            + ", ".join(f"{f['held_out']} → {f['threshold']}" for f in cal["per_fold"])
            + ".",
            "",
        ]
    lines.append("Per question: answers.csv (question, gold, answer, citations, F1, judge).")
    return "\n".join(lines) + "\n"


def write_answers(out: Path, block: Mapping[str, Any], rows: Sequence[AnswerRow]) -> None:
    """answers.csv, and the answers section appended to report.md (results.json holds `block`)."""
    write_csv(out / "answers.csv", [r.csv_row() for r in rows])
    report = out / "report.md"
    text = report.read_text(encoding="utf-8") if report.exists() else ""
    report.write_text(text.rstrip() + "\n\n" + answers_markdown(block), encoding="utf-8")
