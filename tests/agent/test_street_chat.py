"""Days and counts read from the exchange around a message: a year's plan is the day its
writer's next turn names, and that day moves ("this year's block party" / "Saturday July 11?"
/ "They offered Saturday August 8"); a thing told as done takes the day gone by of the
writer's turn just before it ("that storm around 10 last night" / "the big silver maple … is
DOWN"); "died on me sunday" is past; a day asked off is settled by its exchange; a
headcount is said later in the chat ("7 of us"), and "counting him" points back at Chris,
whom the question names.
Who: "we raised $310 at the bake sale" shares only the verb of "who's baking the cake?", which
"aunt deb … making the cake" answers; "whose idea was it…" is who put it forward ("tara says
we should all chip in on a kayak"), not who handles the kayak later.
What: the name a dog ends up with is the last one given it ("her name is duchess" … "her name
is pickles now"); "what's my out of pocket?" asks for the sum said to be yours ("your portion
is $645"), not the full fee beside it.
A real store of a small fixture chat."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import history_fixture

STREET_CHAT = Path(__file__).parents[1] / "fixtures" / "street_chat.jsonl"


pipe = history_fixture(STREET_CHAT, me="Dana")


@pytest.mark.parametrize(
    ("question", "now", "expected"),
    [
        ("when is the block party?", "2026-07-02T12:00", "Saturday 8 August 2026"),
        ("is the block party still on july 11?", "2026-07-02T12:00", "No, it is now Saturday 8"),
        ("when did the big tree on our street come down", "2026-08-20T09:00", "Wednesday 17 June"),
        ("when did the shared lawnmower break down?", "2026-08-20T09:00", "Sunday 7 June 2026."),
        # a day asked off ("could I move my cleaning on 6/16?") is settled by the office's
        # offer and confirmation ("Mon 6/22", month first as the weekday shows); "am i getting
        # … booked in" asks ahead, though "booked" ends in -ed
        ("when am i getting my cleaning booked in", "2026-06-15T09:00", "Monday 22 June 2026"),
        ("when is my cleaning scheduled for now", "2026-06-15T09:00", "Monday 22 June 2026"),
        (
            "how many of us were at the cabin for chris's 40th in the end, counting him",
            "2026-08-20T09:00",
            "7 (",
        ),
    ],
)
def test_read_from_the_exchange(pipe: Pipeline, question: str, now: str, expected: str) -> None:
    r = ask_after(pipe, [], question, now=datetime.fromisoformat(now))
    assert r.answer is not None
    assert r.answer.text.startswith(expected), r.answer.text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("who's baking the cake for chris's 40th", "Deb."),
        ("whose idea was it to get chris a kayak", "Tara."),
        ("who came up with the kayak idea?", "Tara."),
        ("what did jess end up calling her dog", "Pickles."),
        ("whats my out of pocket on the crown after insurance", "$645."),
        # where from: the place the writer's same burst gives, without its day ("from hound
        # haven saturday"), and "in other news pickles…" is no place
        ("where did jess get pickles from", "From hound haven."),
        # what a thing is now: what the latest message on it says it switched to
        ("which race is jess doing now", "The humboldt park 10k."),
        # what a dog got its teeth into, in the chat's verb ("ate")
        (
            "what stuff has pickles chewed up so far",
            "3 items: running shoes (Jess, Mon 15 Jun 2026); couch cushion (Jess, Mon 6 Jul 2026);"
            " airpods case (Jess, Mon 27 Jul 2026).",
        ),
    ],
)
def test_who_and_what_from_the_exchange(pipe: Pipeline, question: str, expected: str) -> None:
    r = ask_after(pipe, [], question, now=datetime(2026, 8, 20, 9, 0))
    assert r.answer is not None
    assert r.answer.text == expected, r.answer.text


def test_a_summary_keeps_the_day_the_exchange_settles(pipe: Pipeline) -> None:
    """The place found and the weekend it is free ("only open weekend is july 31 - aug 2")."""
    r = ask_after(
        pipe, [], "what did marcus and i talk about on june 25th", now=datetime(2026, 8, 20)
    )
    assert r.answer is not None
    assert "loon's nest" in r.answer.text and "july 31" in r.answer.text, r.answer.text
