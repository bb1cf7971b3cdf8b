"""µs per message of agent.plan.mentions.find_mentions on a JSONL history and a LoCoMo file.

    python -m benchmarks.mentions_speed HISTORY.jsonl [LOCOMO.json]

HISTORY.jsonl holds {"ts": ISO time, "text": ...} records; LoCoMo messages take their
session's date. The best of five passes is reported, after one warm-up pass (lazy imports).
"""

from __future__ import annotations

import json
import re
import sys
import time
from datetime import datetime
from pathlib import Path

from agent.plan.mentions import find_mentions
from memory_store.importers.locomo import parse_when


def _history(path: Path) -> list[tuple[str, datetime]]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return [(r["text"], datetime.fromisoformat(r["ts"])) for r in rows]


def _locomo(path: Path) -> list[tuple[str, datetime]]:
    out: list[tuple[str, datetime]] = []
    for sample in json.loads(path.read_text(encoding="utf-8")):
        conv = sample["conversation"]
        for key, turns in conv.items():
            if re.fullmatch(r"session_\d+", key):
                when = parse_when(conv[f"{key}_date_time"])
                if when is not None:
                    out.extend((t["text"], when) for t in turns)
    return out


def measure(items: list[tuple[str, datetime]]) -> tuple[float, int, int]:
    """(µs per message, mentions found, messages with a mention)."""
    for text, when in items:
        find_mentions(text, when)
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for text, when in items:
            find_mentions(text, when)
        best = min(best, time.perf_counter() - t0)
    found = [len(find_mentions(text, when)) for text, when in items]
    return best / len(items) * 1e6, sum(found), sum(1 for n in found if n)


def main(argv: list[str]) -> None:
    sets = [("history", _history(Path(argv[0])))]
    if len(argv) > 1:
        sets.append(("locomo", _locomo(Path(argv[1]))))
    for name, items in sets:
        us, n, with_mentions = measure(items)
        print(
            f"{name}: {len(items)} messages, {us:.1f} µs/message, "
            f"{n} mentions in {with_mentions} messages"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
