"""A person's favourite, in their own telling: a real store of tests/fixtures/favourites.jsonl;
the user is Sam.

- said outright ("Stanage is my favourite crag", "the blue Moomin mug … is my fave mug");
- said as a reply when someone asked ("what's your all-time favourite ramen place?" /
  "Menya Kaito, hands down");
- said by a pointing word after the name ("we played Sushi Go … it's one of my faves");
- not another kind's favourite (a card game is no film), nor a description in the writer's
  words ("a movie I saw as a kid"); declined when only others say one and the person asked
  about says no favourite at all.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import history_fixture

HISTORY = Path(__file__).parents[1] / "fixtures" / "favourites.jsonl"
NOW = datetime(2026, 3, 30, 12, 0)

pipe = history_fixture(HISTORY, me="Sam")


@pytest.mark.parametrize(
    ("question", "said", "not_said"),
    [
        ("what's doug's favourite crag?", "Stanage.", []),
        ("what is aki's favourite mug?", "blue moomin mug", []),
        ("what's my favourite ramen place?", "Menya Kaito.", ["oishi"]),
        ("which card game is priya's favourite?", "Sushi Go.", []),
        # only Doug says a favourite film, and I say no favourite at all: not mine to quote
        ("what's my favourite film?", None, ["sushi go", "a movie i saw"]),
        # Priya says a favourite of another kind (a card game). Her saying one at all keeps
        # the reader from declining, since a favourite's kind often goes unsaid (LoCoMo: "The
        # Hobbit is one of my favorites too", of books); the general reader then quotes
        # Doug's. Known gap.
        pytest.param(
            "what's priya's favourite film?",
            None,
            ["sushi go", "a movie i saw"],
            marks=pytest.mark.xfail(strict=True, reason="another's favourite is quoted"),
        ),
    ],
)
def test_a_favourite(pipe: Pipeline, question: str, said: str | None, not_said: list[str]) -> None:
    answer = ask_after(pipe, (), question, now=NOW).answer
    assert answer is not None
    first = answer.text.splitlines()[0]
    if said is not None:
        assert said.lower() in first.lower(), first
    assert not any(s in first.lower() for s in not_said), first
