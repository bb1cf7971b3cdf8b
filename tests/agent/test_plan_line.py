"""The place of a plan written as fragments beside its day or hour, and the lines that are no
such plan: a price and a duration pin no day; a verb's clause, a reaction or the occasion asked
about is no place."""

from __future__ import annotations

import pytest

from agent.answer.plan_line import plan_place


@pytest.mark.parametrize(
    ("text", "wanted", "place"),
    [
        ("hollins barn, saturday 18th april 😭😭", set(), "hollins barn"),
        ("fri 8th may, the crooked kea, upstairs room from 6", set(), "the crooked kea"),
        ("BIRTHDAY LUNCH. SAT 8TH. JETTY TAV. 12", {"birthday", "lunch"}, "JETTY TAV"),
        ("coralie's on cuba, sat 21st, 7.30", set(), "coralie's on cuba"),
        ("tomorrow, 6pm. the old granary", set(), "the old granary"),
        # no day or hour: a bare number is a price or a length of time
        ("eagle river marina, 4 hrs, $275", set(), None),
        ("hollins barn", set(), None),
        # a reaction, a pronoun's fragment, a verb's clause, a count
        ("god, sunday then", set(), None),
        ("the submarine one, friday", set(), None),
        ("collecting tmrw after work, no rush", set(), None),
        ("u around? saturday", set(), None),
        ("20 ppl max, sat 4th", set(), None),
        # a person of the chat is no place
        ("priya, friday 7pm", set(), None),
        # a day's word says when
        ("Wednesday works for me, 6pm?", set(), None),
    ],
)
def test_plan_place(text: str, wanted: set[str], place: str | None) -> None:
    assert plan_place(text, wanted, skip=["Priya"]) == place
