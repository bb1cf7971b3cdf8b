"""Score a scenario question set (the format of ../shared/data/scenarios): ask every question as a
person would (follow-ups with their earlier turns) and check the answer as that set's README says.

Scoring (lower-cased substring matching): `expect_any` by default; `expect_all` for `list` and
`what_did_we_talk_about`; for `how_many` the first number the answer states must equal the count.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from eval.bootstrap import bootstrap_ci
from eval.report import format_table, rounded, write_csv
from eval.runs import Progress
from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store, file_hash
from memory_store.indexes.embed import embed_pending, get_embedder
from memory_store.settings import Settings

N_RESAMPLES, SEED = 5000, 0

NUMBER_WORDS = {
    "zero": 0, "no": 0, "none": 0, "once": 1, "one": 1, "twice": 2, "two": 2, "three": 3,
    "thrice": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12,
}  # fmt: skip
_NUMBER = re.compile(r"\b(\d+|" + "|".join(NUMBER_WORDS) + r")\b")


@dataclass(frozen=True)
class Scenario:
    id: str
    type: str
    question: str
    turns: list[str]
    now: str
    conversation: str | None
    expect_any: list[str]
    expect_all: list[str]
    evidence: list[str]


@dataclass
class Scored:
    scenario: Scenario
    answer: str
    correct: bool
    cited: list[str] = field(default_factory=list)


def load_scenarios(folder: Path, questions: Path | None = None) -> list[Scenario]:
    """The questions of a scenario set: FOLDER/questions.json, or `questions` in that format
    (other phrasings of the same history's questions, say)."""
    path = questions or folder / "questions.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    return [
        Scenario(
            id=str(q["id"]),
            type=str(q["type"]),
            question=str(q["question"]),
            turns=list(q.get("turns") or []),
            now=str(q["now"]),
            conversation=q.get("conversation"),
            expect_any=list(q.get("expect_any") or []),
            expect_all=list(q.get("expect_all") or []),
            evidence=list(q.get("evidence") or []),
        )
        for q in raw
    ]


def first_number(text: str) -> int | None:
    """The first count an answer states, in digits or words. Dates and times are not counts."""
    cleaned = re.sub(r"\b\d{1,2}:\d{2}\b|\b\d{4}-\d{2}-\d{2}\b", " ", text.lower())
    m = _NUMBER.search(cleaned)
    if not m:
        return None
    word = m.group(1)
    return int(word) if word.isdigit() else NUMBER_WORDS[word]


def is_correct(s: Scenario, answer: str) -> bool:
    text = answer.lower()
    if s.type in ("list", "what_did_we_talk_about") and s.expect_all:
        return all(e.lower() in text for e in s.expect_all)
    if s.type == "how_many":
        want = {int(e) if e.isdigit() else NUMBER_WORDS.get(e.lower()) for e in s.expect_any}
        return first_number(answer) in want
    return any(e.lower() in text for e in s.expect_any)


def by_type(scored: list[Scored]) -> dict[str, tuple[int, int]]:
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in scored:
        counts[r.scenario.type][0] += int(r.correct)
        counts[r.scenario.type][1] += 1
    return {t: (c, n) for t, (c, n) in sorted(counts.items())}


def to_row(r: Scored) -> dict[str, Any]:
    return {
        "id": r.scenario.id,
        "type": r.scenario.type,
        "question": r.scenario.question,
        "correct": r.correct,
        "answer": r.answer,
        "cited": " ".join(r.cited),
        "evidence": " ".join(r.scenario.evidence),
    }


def infer_me(conversations: dict[str, set[str]]) -> str | None:
    """The owner of a history: the one speaker present in every conversation (a 1:1 chat is
    named after the other person), or None when that does not single anyone out."""
    if not conversations:
        return None
    common = set.intersection(*conversations.values())
    common -= set(conversations)
    return next(iter(common)) if len(common) == 1 else None


def ask_scenario(pipeline: Pipeline, s: Scenario) -> Scored:
    """Ask one scenario as the REPL would: its earlier turns first, each answer kept."""
    now = datetime.fromisoformat(s.now)
    result = ask_after(pipeline, s.turns, s.question, now=now, conversation=s.conversation)
    answer = result.answer.text if result.answer else ""
    cited = [m.source_ref for m in result.answer.sources] if result.answer else []
    return Scored(s, answer, is_correct(s, answer), cited)


def scenario_store(
    folder: Path, settings: Settings, db: Path | None = None, progress: Progress | None = None
) -> Store:
    """The cached, fully embedded store of a scenario set's history.jsonl."""
    history = folder / "history.jsonl"
    digest = file_hash(history)
    store = Store.open(db or settings.home / "eval" / f"scenarios-{digest[:12]}.duckdb")
    if not store.is_imported(digest):
        ingest_files(store, [history], settings, fmt="jsonl")

    def tick(done: int, total: int) -> None:
        if progress:
            progress("embedding", done, total)

    embed_pending(store, get_embedder(settings.embedder), progress=tick)
    return store


@contextmanager
def scenario_pipeline(
    folder: Path,
    settings: Settings,
    *,
    me: str | None = None,
    db: Path | None = None,
    progress: Progress | None = None,
) -> Iterator[Pipeline]:
    """The pipeline over a scenario set's cached store, its user `me` or else the one speaker
    present in every conversation; the store is closed after."""
    from agent.app import build_pipeline

    store = scenario_store(folder, settings, db, progress)
    try:
        chats = {c: set(store.speakers(c)) for c in store.conversations()}
        yield build_pipeline(settings, store, me=me or infer_me(chats))
    finally:
        store.close()


def run_scenarios(
    folder: Path,
    settings: Settings,
    *,
    me: str | None = None,
    db: Path | None = None,
    progress: Progress | None = None,
    questions: Path | None = None,
) -> tuple[dict[str, Any], list[Scored]]:
    """Ask every scenario of `folder` (or of `questions`, of the folder's history); returns the
    summary block and the scored rows. The user ("I", "me") is `me`, else the one speaker
    present in every conversation."""
    scenarios = load_scenarios(folder, questions)
    with scenario_pipeline(folder, settings, me=me, db=db, progress=progress) as pipeline:
        rows = []
        for n, s in enumerate(scenarios, start=1):
            rows.append(ask_scenario(pipeline, s))
            if progress:
                progress("questions", n, len(scenarios))
    return summarize(rows, me=pipeline.me, mode=pipeline.mode), rows


def summarize(rows: Sequence[Scored], *, me: str | None, mode: str) -> dict[str, Any]:
    def block(part: Sequence[Scored]) -> dict[str, Any]:
        mean, lo, hi = bootstrap_ci([float(r.correct) for r in part], N_RESAMPLES, SEED)
        return {
            "correct": sum(r.correct for r in part),
            "n": len(part),
            "share": mean,
            "ci95": [lo, hi],
        }

    types = sorted({r.scenario.type for r in rows})
    return {
        "overall": block(rows),
        "by_type": {t: block([r for r in rows if r.scenario.type == t]) for t in types},
        "me": me,
        "mode": mode,
    }


def scenarios_table(summary: Mapping[str, Any], markdown: bool = True) -> str:
    def row(name: str, b: Mapping[str, Any]) -> list[Any]:
        lo, hi = b["ci95"]
        return [name, f"{b['correct']}/{b['n']}", f"{b['share']:.2f}", f"[{lo:.2f}, {hi:.2f}]"]

    rows = [row(t, b) for t, b in summary["by_type"].items()]
    rows.append(row("all", summary["overall"]))
    return format_table(["type", "correct", "share", "95% CI"], rows, markdown=markdown)


def write_scenarios(out: Path, summary: Mapping[str, Any], rows: Sequence[Scored]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "scenarios.json").write_text(json.dumps(rounded(summary), indent=2), encoding="utf-8")
    write_csv(out / "scenarios.csv", [to_row(r) for r in rows])
    (out / "scenarios.md").write_text(scenarios_table(summary) + "\n", encoding="utf-8")
