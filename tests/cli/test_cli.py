"""The `memlane` command line through click's CliRunner, on real stores in tmp_path.

Every test passes `--db` in tmp_path; the autouse fixture in conftest points MEMLANE_HOME at a
fresh directory, so nothing here touches ~/.memlane.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from agent.cli import cli
from tests.conftest import SMALL

KYOTO_IDS = [10, 11, 12, 13]  # the Tue 12 March 2024 messages of the small fixture
NOW = "2024-03-14T12:00"
MESSAGE_KEYS = {"id", "source_ref", "conversation", "speaker", "ts", "text"}


def invoke(args: list[str | Path], **kwargs: Any) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False, **kwargs)


def ok(args: list[str | Path], **kwargs: Any) -> Result:
    result = invoke(args, **kwargs)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def flat(text: str) -> str:
    """Rich wraps to the console width; compare with the line breaks taken out."""
    return " ".join(text.split())


@dataclass
class Ingested:
    db: Path
    first: Result  # the first `memlane ingest` of the small fixture into `db`


@pytest.fixture(scope="module")
def ingested(tmp_path_factory: pytest.TempPathFactory) -> Ingested:
    """The small fixture, ingested and embedded once (embedding is the slow part) per module."""
    root = tmp_path_factory.mktemp("cli")
    db = root / "small.duckdb"
    env = {"MEMLANE_HOME": str(root / "home"), "OPENAI_API_KEY": None, "OPENAI_BASE_URL": None}
    return Ingested(db, ok(["ingest", SMALL, "--db", db], env=env))


@pytest.fixture
def store_db(ingested: Ingested) -> Path:
    return ingested.db


@pytest.fixture
def bare_db(tmp_path: Path) -> Path:
    """The small fixture without vectors: enough for tests about ingest and errors, and fast."""
    db = tmp_path / "bare.duckdb"
    ok(["ingest", SMALL, "--db", db, "--no-embed"])
    return db


def search_json(db: Path, question: str, *extra: str, command: str = "search") -> dict[str, Any]:
    return json.loads(ok([command, question, "--db", db, "--now", NOW, "--json", *extra]).stdout)


# -- help -------------------------------------------------------------------------------------


def walk(group: click.Group, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    for name, command in sorted(group.commands.items()):
        yield (*prefix, name)
        if isinstance(command, click.Group):
            yield from walk(command, (*prefix, name))


def lookup(path: tuple[str, ...]) -> click.Command:
    command: click.Command = cli
    for name in path:
        assert isinstance(command, click.Group)
        command = command.commands[name]
    return command


# Known gaps, each with the fix in the report; strict, so a fix makes the entry fail here.
HELP_GAPS: dict[tuple[str, ...], str] = {}


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=HELP_GAPS[p]))
        if p in HELP_GAPS
        else p
        for p in [(), *walk(cli)]
    ],
    ids=lambda p: " ".join(p) or "memlane",
)
def test_every_command_has_help_with_a_description(path: tuple[str, ...]) -> None:
    command = lookup(path)
    summary = (command.help or "").strip().splitlines()
    assert summary and summary[0], f"memlane {' '.join(path)} has no docstring"
    result = ok([*path, "--help"])
    assert result.stdout.startswith("Usage:")
    assert flat(summary[0]) in flat(result.stdout)
    for param in command.params:
        if isinstance(param, click.Option):
            assert param.help, f"memlane {' '.join(path)} {param.opts[0]} has no help text"


def test_help_lists_every_command() -> None:
    out = ok(["--help"]).stdout
    for name in cli.commands:
        assert re.search(rf"^\s+{re.escape(name)}\s", out, re.MULTILINE), name


# -- ingest -----------------------------------------------------------------------------------


def report_row(stdout: str) -> list[str]:
    """The cells of the one data row of the `imported` table."""
    rows = [line for line in stdout.splitlines() if "jsonl" in line and "│" in line]
    assert len(rows) == 1, stdout
    return [cell.strip() for cell in rows[0].strip("│ ").split("│")]


def test_ingest_reports_counts_and_a_second_run_adds_nothing(ingested: Ingested) -> None:
    first = ingested.first.stdout
    header = flat(first)
    for word in ("format", "new", "duplicates", "sessions", "chunks"):
        assert word in header
    assert "conversat" in header  # the column may be cut to fit 80 columns
    # file | format, conversations, new messages, duplicates, sessions, chunks
    assert report_row(first)[1:] == ["jsonl", "2", "17", "0", "4", "4"]
    # 17 distinct message texts; the 4 chunks take their messages' pooled vectors
    assert "embedded 17 new texts" in first

    again = ok(["ingest", SMALL, "--db", ingested.db])
    assert report_row(again.stdout)[1:] == ["jsonl", "2", "0", "17", "4", "4"]
    assert "embedded 0 new texts" in again.stdout

    (report,) = json.loads(ok(["ingest", SMALL, "--db", ingested.db, "--json"]).stdout)["files"]
    assert (report["new_messages"], report["duplicates"]) == (0, 17)
    assert json.loads(ok(["stats", "--db", ingested.db, "--json"]).stdout)["messages"] == 17


def test_ingest_json_report(tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    runs = [
        json.loads(ok(["ingest", SMALL, "--db", db, "--json", "--no-embed"]).stdout)
        for _ in range(2)
    ]
    (first,), (second,) = runs[0]["files"], runs[1]["files"]
    assert first["path"] == str(SMALL) and first["format"] == "jsonl"
    assert first["conversations"] == ["Aki", "Book club"]
    assert (first["new_messages"], first["duplicates"]) == (17, 0)
    assert (first["sessions"], first["chunks"]) == (4, 4)
    assert first["warnings"] == []
    assert (second["new_messages"], second["duplicates"]) == (0, 17)
    assert runs[0]["embedded"] == runs[1]["embedded"] == 0


GOOD_LINE = '{"conversation": "X", "speaker": "A", "ts": "2024-03-01T10:00:00", "text": "hi"}\n'


@pytest.mark.parametrize(
    ("name", "content", "extra", "where"),
    [
        ("corrupt.jsonl", GOOD_LINE + '{"conversation": "X", "text": "bro\n', [], "line 2"),
        (
            "nots.jsonl",
            GOOD_LINE + '{"conversation": "X", "speaker": "A", "text": "x"}\n',
            [],
            "line 2",
        ),
        ("unknown.txt", "hello world\nthis is not a chat export\n", [], "line 1"),
        ("empty.jsonl", "", [], "line 1"),
        ("truncated.json", '[{"conversation": {"speaker_a": "A"', [], "line 1"),
        (
            "badlocomo.json",
            '[{"sample_id": "s", "conversation": {"speaker_a": "A", "speaker_b": "B", '
            '"session_1_date_time": "1:56 pm on 8 May, 2023", "session_1": "oops"}}]',
            [],
            "key [0].conversation.session_1",
        ),
        ("wrongformat.jsonl", GOOD_LINE * 2, ["--format", "locomo"], "line 2"),
    ],
)
def test_bad_file_gives_one_line_error_and_leaves_the_store_unchanged(
    tmp_path: Path, bare_db: Path, name: str, content: str, extra: list[str], where: str
) -> None:
    bad = tmp_path / name
    bad.write_text(content, encoding="utf-8")
    before = ok(["stats", "--db", bare_db, "--json"]).stdout

    result = invoke(["ingest", bad, "--db", bare_db, "--no-embed", *extra])

    assert result.exit_code != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"Error: {bad}:{where}")
    assert "Traceback" not in result.output
    assert ok(["stats", "--db", bare_db, "--json"]).stdout == before


def test_a_bad_file_among_good_ones_imports_none_of_them(tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    good = tmp_path / "good.jsonl"
    good.write_text(GOOD_LINE, encoding="utf-8")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(GOOD_LINE + "{not json\n", encoding="utf-8")
    ok(["ingest", SMALL, "--db", db, "--no-embed"])
    before = ok(["stats", "--db", db, "--json"]).stdout

    result = invoke(["ingest", good, bad, "--db", db, "--no-embed"])

    assert result.exit_code != 0
    assert f"{bad}:line 2" in result.stderr
    assert ok(["stats", "--db", db, "--json"]).stdout == before


# -- search / ask -----------------------------------------------------------------------------


def check_message(m: dict[str, Any]) -> None:
    assert m.keys() >= MESSAGE_KEYS, m
    assert isinstance(m["id"], int)
    assert isinstance(m["text"], str) and m["text"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", m["ts"]), m["ts"]
    datetime.fromisoformat(m["ts"])


def check_search_schema(data: dict[str, Any], question: str) -> None:
    assert data["question"] == question
    assert isinstance(data["results"], list)
    for hit in data["results"]:
        assert {"chunk_id", "score", "messages"} <= hit.keys()
        assert isinstance(hit["chunk_id"], int)
        assert isinstance(hit["score"], float)
        for m in hit["messages"]:
            check_message(m)
    scores = [h["score"] for h in data["results"]]
    assert scores == sorted(scores, reverse=True), "results are in rank order"
    for m in data["ranked_messages"]:
        check_message(m)
    assert isinstance(data["plan"], list)
    assert data["sql"] is None or data["sql"].startswith("WITH")
    assert isinstance(data["params"], list)
    assert data["now"] == "2024-03-14T12:00:00"
    assert data["route"] in {"time", "content", "both"}


@pytest.mark.parametrize(
    ("question", "route", "first_ids"),
    [
        ("what did we talk about on Tuesday?", "time", KYOTO_IDS),
        ("kyoto ryokan near Gion", "content", [10]),
        ("what did Aki say about the vet on Wednesday?", "both", [7]),
    ],
)
def test_search_json_schema(
    store_db: Path, question: str, route: str, first_ids: list[int]
) -> None:
    data = search_json(store_db, question)
    check_search_schema(data, question)
    assert data["route"] == route
    ranked = [m["id"] for m in data["ranked_messages"]]
    assert ranked[: len(first_ids)] == first_ids
    if route == "content":
        assert data["sql"] is None and data["plan"] == []
        assert data["results"], "content questions return chunks"
    else:
        assert data["sql"] and data["plan"]
        assert "answer" not in data, "search does not answer"


def test_search_time_question_lists_the_days_messages(store_db: Path) -> None:
    out = ok(["search", "what did we talk about on Tuesday?", "--db", store_db, "--now", NOW])
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    assert len(lines) == 4
    assert lines[0].startswith("[Tue 12 Mar 2024 18:30] Aki: Kyoto trip")
    assert lines[-1].startswith("[Tue 12 Mar 2024 18:45] Sam: And eat matcha")


def test_search_explain_shows_plan_and_sql(store_db: Path) -> None:
    result = ok(
        [
            "search",
            "what did we talk about on Tuesday?",
            "--db",
            store_db,
            "--now",
            NOW,
            "--explain",
        ]
    )
    shown = flat(result.stderr)
    assert "now: 2024-03-14 12:00 route: time mode: offline" in shown
    assert "plan: [{'op': 'where_date', 'start': '2024-03-12', 'end': '2024-03-12'}]" in shown
    assert "resolved: on Tuesday → 2024-03-12" in shown
    assert re.search(r"sql: WITH .* SELECT id FROM step\d+ ORDER BY ts, id", shown)
    assert "params: ['2024-03-14 12:00:00', '2024-03-12', '2024-03-12']" in shown
    assert "filtered messages: 4" in shown
    assert "Kyoto trip" in result.stdout  # the messages themselves still go to stdout


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        (
            "what did we talk about on Tuesday?",
            "On Tuesday 12 March 2024, Aki and Sam exchanged 4 messages",
        ),
        ("kyoto ryokan near Gion", "“Kyoto trip"),
    ],
)
def test_ask_json_adds_answer_citations_and_mode(store_db: Path, question: str, lead: str) -> None:
    data = search_json(store_db, question, command="ask")
    check_search_schema(data, question)
    assert data["mode"] == "offline"
    assert data["answer"].startswith(lead)
    assert data["abstained"] is False
    assert data["citations"]
    for m in data["citations"]:
        check_message(m)
    cited = {m["id"] for m in data["citations"]}
    assert cited <= {m["id"] for m in data["ranked_messages"]}, "only retrieved ids are cited"


def test_ask_with_nothing_in_range_abstains(store_db: Path) -> None:
    data = search_json(store_db, "what did we talk about on 1 January 2024?", command="ask")
    assert data["abstained"] is True
    assert data["citations"] == [] and data["ranked_messages"] == []
    assert "not widening" in " ".join(data["notes"])


def test_ask_prints_the_mode_once_and_a_cited_answer(store_db: Path) -> None:
    result = ok(["ask", "what did we talk about on Tuesday?", "--db", store_db, "--now", NOW])
    assert result.stderr.count("offline mode") == 1
    assert result.stdout.startswith("On Tuesday 12 March 2024, Aki and Sam")
    assert "[m10] [Tue 12 Mar 2024 18:30] Aki: Kyoto trip" in result.stdout


@pytest.mark.parametrize(
    ("conversation", "now", "today"),
    [
        ([], "2024-03-12T18:45:00", KYOTO_IDS),
        (["--conversation", "Book club"], "2024-03-10T11:12:00", [14, 15, 16, 17]),
    ],
)
def test_now_latest_is_the_newest_message_in_scope(
    store_db: Path, conversation: list[str], now: str, today: list[int]
) -> None:
    question = "what did we talk about today?"
    args: list[str | Path] = ["search", question, "--db", store_db, "--now", "latest", "--json"]
    args += conversation
    data = json.loads(ok(args).stdout)
    assert data["now"] == now
    assert [m["id"] for m in data["ranked_messages"]] == today


# -- --now, --db, config ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "value"),
    [
        (["search", "dentist"], "yesterday"),
        (["ask", "dentist"], "2024-13-01"),
        (["search", "dentist"], "14/03/2024"),
        (["chat"], "nope"),
    ],
)
def test_bad_now_is_a_usage_error(store_db: Path, command: list[str], value: str) -> None:
    result = invoke([*command, "--db", store_db, "--now", value], input="/quit\n")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert f"'{value}'" in result.stderr
    assert "ISO 8601" in result.stderr and "latest" in result.stderr


def test_bad_now_names_the_option(store_db: Path) -> None:
    result = invoke(["search", "dentist", "--db", store_db, "--now", "yesterday"])
    assert "--now" in result.stderr


# Example invocations for every command that takes --db, all run on the shared store (none of
# them changes its messages: re-ingesting a file adds nothing, digest adds only its digests).
# demo takes ~1 min: see the slow test.
DB_EXAMPLES: dict[str, list[str]] = {
    "ingest": ["ingest", str(SMALL), "--no-embed"],
    "embed": ["embed"],
    "search": ["search", "kyoto", "--now", NOW],
    "ask": ["ask", "what did we talk about on Tuesday?", "--now", NOW],
    "chat": ["chat", "--now", NOW],
    "summarize": ["summarize"],
    "forget": ["forget", "--all", "--dry-run", "--json"],
    "stats": ["stats"],
    "config": ["config", "--json"],
    "timeline": ["timeline", "--from", "2024-03-01"],
    "digest": ["digest", "--limit", "2"],
    "init": ["init"],
}
SLOW_DB_COMMANDS = {"demo", "mcp"}  # mcp serves stdin: tests/e2e/test_mcp.py runs it with --db
NEEDS_LLM = {"summarize"}  # offline, these say so and exit 1


def db_commands() -> list[str]:
    return sorted(
        name
        for name, command in cli.commands.items()
        if any(p.name == "db" for p in command.params)
    )


def test_every_command_with_db_has_an_example() -> None:
    missing = set(db_commands()) - DB_EXAMPLES.keys() - SLOW_DB_COMMANDS
    assert not missing, f"add an example invocation to DB_EXAMPLES for {sorted(missing)}"


@pytest.mark.parametrize("name", sorted(DB_EXAMPLES))
def test_db_flag_works_on_every_command(isolated_home: Path, store_db: Path, name: str) -> None:
    result = invoke([*DB_EXAMPLES[name], "--db", store_db], input="/quit\n")
    assert result.exit_code == (1 if name in NEEDS_LLM else 0), (result.stdout, result.stderr)
    assert not (isolated_home / "memlane.duckdb").exists(), "the default store was not used"
    if name in NEEDS_LLM:
        assert "needs an LLM" in result.stderr and "Traceback" not in result.output
    if name == "stats":
        assert str(store_db) in flat(result.stdout)
        assert "17 messages" in flat(result.stdout)
    if name == "config":
        assert json.loads(result.stdout)["db"] == {"value": str(store_db), "source": "flag"}
    if name == "search":
        assert "Kyoto trip" in result.stdout
    if name == "ingest":
        assert report_row(result.stdout)[3:5] == ["0", "17"]
    if name == "embed":
        assert "17 of 17 have vectors now" in result.stdout
    if name == "forget":
        report = json.loads(result.stdout)
        assert report["dry_run"] is True and report["messages"] == 17


@pytest.mark.slow
def test_demo_honours_db(tmp_path: Path, isolated_home: Path) -> None:
    db = tmp_path / "demo.duckdb"
    ok(["demo", "--db", db])
    assert db.exists()
    assert not (isolated_home / "demo.duckdb").exists()
    assert json.loads(ok(["stats", "--db", db, "--json"]).stdout)["messages"] >= 200


KEY = "sk-test-abcdefghijklmnopqrstuvwxyz-WXYZ"


@pytest.mark.parametrize("origin", ["env", "config.toml"])
def test_config_masks_the_api_key_and_shows_its_source(
    isolated_home: Path, monkeypatch: pytest.MonkeyPatch, origin: str
) -> None:
    if origin == "env":
        monkeypatch.setenv("OPENAI_API_KEY", KEY)
        source = "env OPENAI_API_KEY"
    else:
        isolated_home.mkdir(parents=True, exist_ok=True)
        (isolated_home / "config.toml").write_text(f'openai_api_key = "{KEY}"\n')
        source = str(isolated_home / "config.toml")

    data = json.loads(ok(["config", "--json"]).stdout)
    text = ok(["config"]).stdout

    assert data["openai_api_key"]["source"] == source
    shown = data["openai_api_key"]["value"]
    assert shown != KEY and "abcdefghijklmnop" not in shown and shown.endswith("WXYZ")
    assert KEY not in text and "abcdefghijklmnop" not in text
    assert "openai_api_key" in text and shown in text
    assert data["llm_model"] == {"value": "gpt-4o-mini", "source": "default"}


def test_config_without_a_key_says_none_and_default() -> None:
    data = json.loads(ok(["config", "--json"]).stdout)
    assert data["openai_api_key"] == {"value": None, "source": "default"}


@pytest.mark.parametrize("key", ["sk-1234", "local"])
def test_config_never_reveals_a_short_key(monkeypatch: pytest.MonkeyPatch, key: str) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", key)
    shown = json.loads(ok(["config", "--json"]).stdout)["openai_api_key"]["value"]
    assert len(shown.replace("…", "")) <= len(key) // 2, shown


def test_config_shows_the_store_in_use_and_json_keeps_types(isolated_home: Path) -> None:
    data = json.loads(ok(["config", "--json"]).stdout)
    assert data["db"] == {"value": str(isolated_home / "memlane.duckdb"), "source": "default"}
    assert data["session_gap_minutes"]["value"] == 180
    assert data["beta"]["value"] == 0.8
    assert data["offline"]["value"] is False
    assert data["home"]["value"] == str(isolated_home)
    table = ok(["config"]).stdout
    assert "None" not in table.split("openai_api_key")[0]  # the db row names the file
    assert "memlane.duckdb" in table
