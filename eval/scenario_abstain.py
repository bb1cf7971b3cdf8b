"""Where a history of short messages should decline: the scenario answers by threshold.

`python -m eval.scenario_abstain DIR[=QUESTIONS.json] ...` asks every question of each scenario
folder twice, as `eval scenarios` does: once with no threshold (the answer it would give) and
once with a threshold of 1 (which questions the threshold decides at all: the others are
declined or answered on other grounds, such as a word no message holds). A question's result at
threshold t is then exact: declined when the threshold decides it and its evidence is below t,
else the first answer. It prints the correct answers by threshold and a leave-one-history-out
choice, which takes the highest threshold with the best score on the other histories (declining
is the safer error where the history may not hold the answer). This chose `short_threshold`
(memory_store/settings.py; README, session 18).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from agent.answer.reader import BELOW_THRESHOLD
from agent.dialogue import ask_after
from eval.scenarios import is_correct, load_scenarios, scenario_pipeline
from memory_store.settings import Settings

GRID = tuple(round(0.025 * i, 3) for i in range(21))


@dataclass(frozen=True)
class Asked:
    history: str
    id: str
    answerable: bool
    correct: bool  # with no threshold
    evidence: float
    thresholded: bool  # whether the threshold decides it

    def correct_at(self, threshold: float) -> bool:
        if self.thresholded and self.evidence < threshold:
            return not self.answerable
        return self.correct


def _asked(folder: Path, questions: Path | None, base: Settings) -> list[Asked]:
    runs = []
    for threshold in (0.0, 1.0):
        settings = base.model_copy(
            update={"abstain_threshold": threshold, "short_threshold": threshold}
        )
        with scenario_pipeline(folder, settings) as pipe:
            run = []
            for s in load_scenarios(folder, questions):
                now = datetime.fromisoformat(s.now)
                a = ask_after(pipe, s.turns, s.question, now=now, conversation=s.conversation)
                run.append((s, a.answer))
            runs.append(run)
    out = []
    for (s, free), (_, strict) in zip(*runs, strict=True):
        text = free.text if free else ""
        decided = bool(strict and strict.why and strict.why[-1].startswith(BELOW_THRESHOLD))
        out.append(
            Asked(
                folder.name,  # paraphrase sets of one history are one fold
                s.id,
                s.type != "not_in_history",
                is_correct(s, text),
                (free.evidence or 0.0) if free else 0.0,
                decided,
            )
        )
    return out


def _best(asked: list[Asked]) -> float:
    scores = {t: sum(a.correct_at(t) for a in asked) for t in GRID}
    top = max(scores.values())
    return max(t for t, n in scores.items() if n == top)


def choose(asked: list[Asked]) -> dict[str, Any]:
    histories = sorted({a.history for a in asked})
    folds = {}
    held_out = 0
    for h in histories:
        t = _best([a for a in asked if a.history != h])
        folds[h] = t
        held_out += sum(a.correct_at(t) for a in asked if a.history == h)
    return {
        "questions": len(asked),
        "by_threshold": {t: sum(a.correct_at(t) for a in asked) for t in GRID},
        "folds": folds,
        "out_of_fold_correct": held_out,
        "chosen": _best(asked),
    }


def _folder(arg: str) -> tuple[Path, Path | None]:
    folder, _, questions = arg.partition("=")
    return Path(folder), Path(questions) if questions else None


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", help="DIR, or DIR=QUESTIONS.json")
    parser.add_argument("--json", type=Path, help="write the figures here too")
    args = parser.parse_args(argv)
    base = Settings.load({})
    asked = [a for arg in args.folders for a in _asked(*_folder(arg), base)]
    report = choose(asked)
    for t, n in report["by_threshold"].items():
        print(f"threshold {t:5.3f}: {n} of {report['questions']} correct")
    print("folds:", ", ".join(f"{h} {t:g}" for h, t in report["folds"].items()))
    print(f"out of fold: {report['out_of_fold_correct']} correct; chosen {report['chosen']:g}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
