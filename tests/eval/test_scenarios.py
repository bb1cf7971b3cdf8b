"""Scoring a scenario set as its README says, on hand-made cases and a six-message fixture
(no data set needed)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from agent.cli import cli
from eval.scenarios import Scenario, first_number, infer_me, is_correct


def scenario(kind: str, expect_any: list[str], expect_all: list[str] | None = None) -> Scenario:
    return Scenario("q1", kind, "?", [], "2024-12-20T12:00:00", None, expect_any,
                    expect_all or [], [])  # fmt: skip


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("5 (on 5 different days: 22 Sep, ...)", 5),
        ("Twice: on 28 Oct and 2 Nov.", 2),
        ("You climbed together three times.", 3),
        ("At 18:40 on 2024-11-21, then 2 more", 2),  # clock times and ISO dates are not counts
        ("None that I can find.", 0),
        ("The history does not contain the answer.", None),
    ],
)
def test_first_number(text: str, number: int | None) -> None:
    assert first_number(text) == number


@pytest.mark.parametrize(
    ("case", "answer", "correct"),
    [
        (scenario("event_when", ["october 13", "13 october"]), "Sunday 13 October 2024.", True),
        (scenario("event_when", ["october 13"]), "Monday 14 October 2024.", False),
        (scenario("who", ["lucía", "lucia"]), "Lucía.", True),
        (scenario("how_many", ["5", "five"]), "5 (on 5 different days)", True),
        (scenario("how_many", ["5", "five"]), "3 of the 5 trips", False),  # the first number
        (scenario("list", [], ["brenner", "owl slab"]), "Brenner; Owl Slab; Wirth", True),
        (scenario("list", [], ["brenner", "owl slab"]), "Brenner and Wirth", False),
        (scenario("what_did_we_talk_about", [], ["porto", "jonas"]), "porto and Jonas", True),
        (scenario("not_in_history", ["does not contain"]), "The history does not contain", True),
    ],
)
def test_is_correct(case: Scenario, answer: str, correct: bool) -> None:
    assert is_correct(case, answer) is correct


@pytest.mark.parametrize(
    ("chats", "me"),
    [
        ({"Sami": {"Sami", "Noor"}, "Hana": {"Hana", "Noor"}, "Club": {"Noor", "Piotr"}}, "Noor"),
        ({"Aki": {"Aki", "Sam"}}, "Sam"),  # a 1:1 chat is named after the other person
        ({"A": {"x", "y"}, "B": {"z", "w"}}, None),
        ({}, None),
    ],
)
def test_infer_me(chats: dict[str, set[str]], me: str | None) -> None:
    assert infer_me(chats) == me


MINI = Path(__file__).parents[1] / "fixtures" / "scenarios_mini"


@pytest.mark.parametrize(
    ("extra", "n", "ids"),
    [
        ([], 3, {"q1", "q2", "q3"}),
        # other phrasings asked of the same history
        (["--questions", str(MINI / "other_words.json")], 2, {"o1", "o2"}),
    ],
)
def test_eval_scenarios_scores_a_folder(
    isolated_home: Path, tmp_path: Path, extra: list[str], n: int, ids: set[str]
) -> None:
    out = tmp_path / "out"
    args = ["scenarios", str(MINI), "--me", "Ben", "--out", str(out), *extra]
    res = CliRunner().invoke(cli, ["eval", *args])
    assert res.exit_code == 0, res.output
    summary = json.loads((out / "scenarios.json").read_text())
    assert summary["overall"]["n"] == n
    with (out / "scenarios.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert {r["id"] for r in rows} == ids
    # every answer is scored as the set says; the mini set is easy enough to be all right
    assert [r["id"] for r in rows if r["correct"] != "True"] == []
