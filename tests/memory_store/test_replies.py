"""A reply carries the words of the question it answers: which messages answer a question
(a real DuckDB store), and the share of the question's score they take (fusion)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from memory_store.db.ingest import ingest_files
from memory_store.db.store import Store
from memory_store.query.fusion import with_replies
from memory_store.settings import Settings

# (speaker, time, text): two sessions (more than three hours apart).
CHAT = [
    ("Aki", "2024-03-01T10:00:00", "which team did you sign with?"),
    ("Sam", "2024-03-01T10:01:00", "The Minnesota Wolves!"),  # answers Aki
    ("Sam", "2024-03-01T10:02:00", "did I tell you?"),
    ("Sam", "2024-03-01T10:03:00", "preseason starts in May"),  # own question: no
    ("Aki", "2024-03-01T10:04:00", "when's the first game? 🏀"),
    ("Sam", "2024-03-01T10:05:00", "the 12th"),  # a trailing emoji still asks
    ("Aki", "2024-03-01T10:06:00", "nice."),
    ("Sam", "2024-03-01T10:07:00", "thanks"),  # after a statement: no
    ("Aki", "2024-03-01T11:00:00", "what time?"),
    ("Sam", "2024-03-01T18:00:00", "7pm"),  # a new session: no
]


@pytest.fixture
def chat_store(tmp_path: Path, settings: Settings) -> Store:
    path = tmp_path / "chat.jsonl"
    rows = [{"conversation": "Aki", "speaker": s, "ts": t, "text": x} for s, t, x in CHAT]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    store = Store.open(tmp_path / "replies.duckdb")
    ingest_files(store, [path], settings, fmt="jsonl")
    return store


def _ids(store: Store) -> dict[str, int]:
    rows = store.con.execute("SELECT text, id FROM messages").fetchall()
    return {text: int(i) for text, i in rows}


def test_replies_to_another_speakers_question_in_the_same_session(chat_store: Store) -> None:
    ids = _ids(chat_store)
    got = chat_store.questions_answered(list(ids.values()))
    assert got == {
        ids["The Minnesota Wolves!"]: ids["which team did you sign with?"],
        ids["the 12th"]: ids["when's the first game? 🏀"],
    }
    # Asked for a few ids, it answers for those alone.
    one, game = ids["the 12th"], ids["when's the first game? 🏀"]
    assert chat_store.questions_answered([one, ids["7pm"]]) == {one: game}
    assert chat_store.questions_answered([]) == {}


@pytest.mark.parametrize(
    ("scores", "answered", "weight", "asked", "expected"),
    [
        ({1: 1.0, 2: 0.2}, {2: 1}, 0.3, 1.0, {1: 1.0, 2: 0.5}),  # the reply takes 0.3 of 1.0
        ({1: 1.0, 2: 0.2}, {2: 1}, 0.0, 1.0, {1: 1.0, 2: 0.2}),  # weight 0: unchanged
        ({2: 0.2}, {2: 1}, 0.3, 1.0, {2: 0.2}),  # its question not scored: nothing to lend
        ({1: 1.0, 2: 0.2}, {}, 0.3, 1.0, {1: 1.0, 2: 0.2}),  # no replies
        ({1: 0.5, 2: 0.5, 3: 0.0}, {2: 1, 3: 2}, 0.5, 1.0, {1: 0.5, 2: 0.75, 3: 0.25}),  # one step
        # the question keeps 0.8 of its score; the reply borrows from its score as scored
        ({1: 1.0, 2: 0.2}, {2: 1}, 0.3, 0.8, {1: 0.8, 2: 0.5}),
        ({1: 1.0, 2: 0.2}, {2: 1}, 0.0, 0.5, {1: 0.5, 2: 0.2}),  # lowered, lending nothing
        ({1: 1.0, 2: 0.2}, {}, 0.3, 0.5, {1: 1.0, 2: 0.2}),  # unanswered: not lowered
        # a reply that is itself answered is lowered and still gains its own question's share
        ({1: 0.5, 2: 0.5, 3: 0.0}, {2: 1, 3: 2}, 0.5, 0.5, {1: 0.25, 2: 0.5, 3: 0.25}),
    ],
)
def test_with_replies(
    scores: dict[int, float],
    answered: dict[int, int],
    weight: float,
    asked: float,
    expected: dict[int, float],
) -> None:
    assert with_replies(scores, answered, weight, asked) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("text", "n", "expected"),
    [
        ("which team did you sign with?", 2, ["The Minnesota Wolves!", "did I tell you?"]),
        ("nice.", 8, ["thanks", "what time?"]),  # to the end of its session, not into the next
        ("what time?", 8, []),  # "7pm" opens a new session
    ],
)
def test_turns_after_reads_on_in_the_session(
    chat_store: Store, text: str, n: int, expected: list[str]
) -> None:
    got = chat_store.turns_after(_ids(chat_store)[text], n)
    assert [m.text for m in got] == expected


@pytest.mark.parametrize(
    ("pattern", "speakers", "until", "expected"),
    [
        (r"\bgame\b", (), None, ["when's the first game? 🏀"]),
        (r"\b(?:thanks|nice)\b", (), None, ["nice.", "thanks"]),  # oldest first, any case
        (r"\b(?:thanks|nice)\b", ("Sam",), None, ["thanks"]),  # by these speakers only
        (r"\bTIME\b", (), None, ["what time?"]),
        (r"\dpm\b", (), "2024-03-01T12:00:00", []),  # nothing written after `until`
        (r"\dpm\b", (), "2024-03-01T18:00:00", ["7pm"]),
    ],
)
def test_holding(
    chat_store: Store,
    pattern: str,
    speakers: tuple[str, ...],
    until: str | None,
    expected: list[str],
) -> None:
    when = datetime.fromisoformat(until) if until else None
    found = chat_store.holding(pattern, speakers=speakers, until=when)
    assert [m.text for m in found] == expected


@pytest.mark.parametrize(
    ("day", "since", "until", "expected"),
    [
        # plans still ahead, latest first: a day of the month and a month
        ("2024-03-02", "2024-03-01T09:00:00", None, ["the 12th", "preseason starts in May"]),
        # written after `since` only
        ("2024-03-02", "2024-03-01T10:04:00", None, ["the 12th"]),
        # nothing written after `until`; nothing speaks of a day after May
        ("2024-03-02", "2024-03-01T09:00:00", "2024-03-01T10:04:00", ["preseason starts in May"]),
        ("2024-06-01", "2024-03-01T09:00:00", None, []),
    ],
)
def test_speaking_after(
    tmp_path: Path, settings: Settings, day: str, since: str, until: str | None, expected: list[str]
) -> None:
    from agent.plan.finder import FINDER

    path = tmp_path / "chat.jsonl"
    rows = [{"conversation": "Aki", "speaker": s, "ts": t, "text": x} for s, t, x in CHAT]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    store = Store.open(tmp_path / "plans.duckdb")
    ingest_files(store, [path], settings, fmt="jsonl", mentions=FINDER)
    found = store.speaking_after(
        datetime.fromisoformat(day),
        since=datetime.fromisoformat(since),
        until=datetime.fromisoformat(until) if until else None,
    )
    assert [m.text for m in found] == expected
