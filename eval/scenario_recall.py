"""How often the pipeline's ranking holds a scenario question's evidence in its top 5 and 10.

`python -m eval.scenario_recall DIR [DIR ...]` asks every answerable
question of each scenario folder (the format of ../shared/data/scenarios) as `eval scenarios`
does, and counts a hit when any evidence message is among the top k ranked messages. Settings
come from the environment as usual, so `MEMLANE_SHORT_BETA=0.8` measures another fusion.
This is what chose `short_beta` (memory_store/settings.py; README, session 17).
"""

from __future__ import annotations

import argparse
from datetime import datetime
from pathlib import Path

from agent.dialogue import ask_after
from eval.scenarios import load_scenarios, scenario_pipeline
from memory_store.settings import Settings

DEPTHS = (5, 10)


def recall(
    folder: Path, settings: Settings, questions: Path | None = None
) -> tuple[int, list[int]]:
    """(answerable questions, hits at each of DEPTHS) for one scenario folder."""
    with scenario_pipeline(folder, settings) as pipe:
        n, hits = 0, [0] * len(DEPTHS)
        for s in load_scenarios(folder, questions):
            if not s.evidence or s.type == "not_in_history":
                continue
            now = datetime.fromisoformat(s.now)
            r = ask_after(pipe, s.turns, s.question, now=now, conversation=s.conversation)
            ranked = [m.source_ref for m in (r.search.ranked_messages if r.search else [])]
            n += 1
            for i, k in enumerate(DEPTHS):
                hits[i] += bool(set(s.evidence) & set(ranked[:k]))
        return n, hits


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    args = parser.parse_args(argv)
    settings = Settings.load({})
    total, sums = 0, [0] * len(DEPTHS)
    for folder in args.folders:
        n, hits = recall(folder, settings)
        total += n
        sums = [a + b for a, b in zip(sums, hits, strict=True)]
        cells = "  ".join(f"R@{k} {h / n:.3f}" for k, h in zip(DEPTHS, hits, strict=True))
        print(f"{folder.name:24s} n={n:3d}  {cells}", flush=True)
    cells = "  ".join(f"R@{k} {h / total:.3f}" for k, h in zip(DEPTHS, sums, strict=True))
    print(f"{'all':24s} n={total:3d}  {cells}")


if __name__ == "__main__":
    main()
