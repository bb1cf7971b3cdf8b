"""When-answers that read the event, not the nearest date (agent.answer.when): "the very
first market" is the one the chat calls first, and a message asking for help at "a few craft
markets" tells no market as done; a change that names the day it replaces ("its now saturday
28th not sunday 22nd") moves only the plan for that day; a month is made a day by another
message on the topic ("gran and grandad's 60th is in april" / "their actual anniversary is
the 9th of april").
And who did it: a sum of money is a word of the question ("who reached their £300 first?");
"my cousin aziz is doing the labels" names who did the labels, though the writer speaks;
"who's driving?" is answered by "i'll drive"; "my mum's car" is no one who drives, but
"whose birthday…?" is "my daughter's"; "what was the fundraising target?" is what "target is
…" says.
A real store of a small fixture chat."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import history_fixture

FAIR_CHAT = Path(__file__).parents[1] / "fixtures" / "fair_chat.jsonl"
NOW = datetime(2026, 4, 27, 9, 0)


pipe = history_fixture(FAIR_CHAT, me="Lena")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("when was suki's very first craft market?", "Saturday 7 February 2026."),
        ("when was suki's first ever market", "Saturday 7 February 2026."),
        # the riverside market moved: the change names the 22nd, its day
        ("when is the riverside market now?", "Saturday 28 March 2026"),
        ("gran and grandad's real anniversary, when is it exactly?", "Thursday 9 April 2026."),
        ("in the walkers chat who reached their £300 first", "Marta."),
    ],
)
def test_the_event_is_read(pipe: Pipeline, question: str, expected: str) -> None:
    r = ask_after(pipe, [], question, now=NOW)
    assert r.answer is not None
    assert r.answer.text.startswith(expected), r.answer.text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("who did the labels for jar & jolly", "Aziz (Suki's cousin)."),
        ("who's driving us to the peaks?", "Jonas."),
        ("who offered to drive everyone to gran's party", "You."),
        # "we hadnt booked anything yet" is no booking
        ("who booked the bunkhouse again?", "Jonas."),
        # whose it is is asked: "my daughter's birthday"
        ("whose birthday did tom celebrate at the bowling alley?", "Tom's daughter."),
    ],
)
def test_who_does_it(pipe: Pipeline, question: str, expected: str) -> None:
    r = ask_after(pipe, [], question, now=NOW)
    assert r.answer is not None
    assert r.answer.text == expected, r.answer.text


def test_what_the_thing_is(pipe: Pipeline) -> None:
    r = ask_after(pipe, [], "what was the fundraising target for the walk", now=NOW)
    assert r.answer is not None
    assert r.answer.text == "£1,200 for the team.", r.answer.text
    # a verdict is no value: "this trilogy is one of my faves"
    r = ask_after(pipe, [], "what is jonas's favourite trilogy?", now=NOW)
    assert r.answer is not None
    assert not r.answer.text.startswith("One of my faves"), r.answer.text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("is the riverside market still on sunday 22nd march?", "No, it is now Saturday 28 March"),
        ("is the riverside market still on the 28th?", "Yes: Saturday 28 March 2026"),
        ("is the riverside market still happening on the 22nd", "No, it is now Saturday 28"),
    ],
)
def test_still_on_checks_the_plan(pipe: Pipeline, question: str, expected: str) -> None:
    """The day a "still on…?" question names is checked against the plan as it stands, not
    used to choose the messages written or spoken of that day."""
    r = ask_after(pipe, [], question, now=datetime(2026, 3, 10, 9, 0))
    assert r.answer is not None
    assert r.answer.text.startswith(expected), r.answer.text
    assert not r.planned.plan.ops


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("when's my check-up now", "Thursday 16 April 2026"),
        ("is my check-up still on the 14th?", "No, it is now Thursday 16 April 2026"),
    ],
)
def test_a_day_asked_off_is_settled_by_its_exchange(
    pipe: Pipeline, question: str, expected: str
) -> None:
    """ "a work thing on the 14th and can't get away… anything later that week?" / "I have
    Thursday 16th at 4:15pm?" / "perfect" / "see you on the 16th": no word of the plan is
    repeated, and the day it named is asked off."""
    r = ask_after(pipe, [], question, now=datetime(2026, 4, 10, 9, 0))
    assert r.answer is not None
    assert r.answer.text.startswith(expected), r.answer.text


def test_a_chat_named_by_what_it_is_for_is_a_scope(pipe: Pipeline) -> None:
    """ "the walk chat" is no topic word to find (the Walkers chat rarely says "walk"): the
    day is summarised."""
    r = ask_after(pipe, [], "what was the walk chat going on about on 12 march?", now=NOW)
    assert r.answer is not None
    assert r.answer.text.startswith("On Thursday 12 March 2026, you, Jonas and Marta"), (
        r.answer.text
    )
    assert "£640" in r.answer.text


def test_a_count_in_a_month_counts_only_its_days(pipe: Pipeline) -> None:
    """ "next training walk is saturday 14th march", written in February, is spoken of in the
    filter "in february" (the event clock), but 14 March is no walk done in February."""
    r = ask_after(pipe, [], "how many training walks did we do in february?", now=NOW)
    assert r.answer is not None
    assert r.answer.text.startswith("2 (training walks: on 2 different days, 7 Feb, 21 Feb)")
