"""Questions asked in other words than the chat's: the person by their trade or by what they
did ("which of rob's workers dug the holes?" / "Kahu dug all 9 post holes"), a word the chat
shortens ("the photo competition" / "took out the photo comp"), the wh-word last ("…, who
was that"), and a place said by its kind rather than after a preposition ("under your
carport", "mt arthur"), not a thing in a place ("in the club calendar") nor a day ("by
Thurs"), nor a code beside a thing ("2015 hilux SR … in rockingham"); the doer of a deed in
lower case ("kayla spilled…" for "who spilt…"). A real store of a small fixture chat; the user
is Tane."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.deed_object import deed_object
from agent.answer.places import headed_place, place_like
from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from memory_store.models import StoredMessage
from tests.pipelines import history_fixture

DECK_CHAT = Path(__file__).parents[1] / "fixtures" / "deck_chat.jsonl"
NOW = datetime(2026, 4, 10, 12, 0)

pipe = history_fixture(DECK_CHAT, me="Tane")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("which of rob's workers dug the holes for the deck posts?", "Kahu"),
        ("rob put us onto an electrician for the step lights, who was that", "Wiremu"),
        ("which of the hiking lot won the photo competition", "Priya"),
        ("where did the deck timber get stacked when it was dropped off", "carport"),
        ("where did the club do its day trip in feb", "arthur"),
        # the doer of the deed asked of, in lower case before its verb ("spilt" is "spilled")
        ("at jade's farewell who spilt a drink all over the bartender", "Kayla"),
        # a code beside the thing ("hilux SR") names the thing, not where it is
        ("where was the hilux i looked at", "rockingham"),
        # what the deed was done to, in the writer's next turn; not a thing not yet bought
        ("what did bruno eat at the beach that time", "sausages"),
    ],
)
def test_asked_in_other_words(pipe: Pipeline, question: str, expected: str) -> None:
    answer = ask_after(pipe, [], question, now=NOW).answer
    assert answer is not None and expected.lower() in answer.text.lower(), answer.text


@pytest.mark.parametrize(
    ("phrase", "placed"),
    [
        ("under your carport", True),
        ("the raumati bowling club", True),
        ("mt arthur", True),
        ("in the club calendar", False),
        ("in the kitchen scraps bucket", False),
        ("by Thurs", False),
    ],
)
def test_a_place_by_its_kind(phrase: str, placed: bool) -> None:
    assert place_like(phrase) is placed


@pytest.mark.parametrize(
    ("text", "wanted", "place"),
    [
        ("not fitting that lot in my backyard. booked the raumati bowling club instead",
         {"party"}, "the raumati bowling club"),
        ("camp kahikatea out past akatarawa", {"camp"}, "camp kahikatea"),
        # a verb's object is no place, nor the question's own words
        ("thinking of selling the cabin", {"rent"}, None),
        ("also mia's camp letter came home", {"camp", "mia"}, None),
    ],
)  # fmt: skip
def test_a_place_without_its_preposition(text: str, wanted: set[str], place: str | None) -> None:
    assert headed_place(text, wanted, []) == place


def _said(i: int, text: str, minute: int) -> StoredMessage:
    ts = datetime(2026, 3, 24, 9, minute)
    return StoredMessage(i, "Mere", f"m{i}", "Mere", ts, text, "text", 1, i)


@pytest.mark.parametrize(
    ("question", "texts", "thing"),
    [
        ("what did mere buy for the swim?", ["got a tow float for the swim, the orange one"],
         "a tow float"),
        # a deed not done is no answer, nor the verb used as a noun
        ("what did mere buy for the swim?", ["need a wetsuit for the swim, haven't bought one yet"],
         None),
        ("what did he run on race day?", ["race day! FIRST RUN BACK"], None),
        # the writer's next turn says what the first one did not
        ("what did bruno eat at the beach?",
         ["bruno got into the chilly bin at the beach", "ate the whole pack of sausages. all 8"],
         "the whole pack of sausages"),
        # whom it was for and how much are no thing: the thing is
        ("what did i buy aki in uji?", ["Uji today. I bought you a tin of tea."], "a tin of tea"),
        ("what did they ask about?", ["They asked a lot about dashboards."], "dashboards"),
        # "end up" before the verb asks what was done: the verb is the one after it
        ("what did mere end up buying for the swim?",
         ["got a tow float for the swim, the orange one"], "a tow float"),
        # a sentence opening with the plain verb asks it done ("Give her a scratch"); one
        # opening with its past tells it done, as chat drops the "I"
        ("what did the vet end up giving her?",
         ["Give her a scratch from me. She was given an anti-nausea shot"],
         "an anti-nausea shot"),
        ("what did bruno eat?", ["ate the whole pack of sausages. all 8"],
         "the whole pack of sausages"),
        # two people do it; a thing made is said with its determiner, not "made me happy"
        ("what did mere and her kids make at the workshop?",
         ["took the kids to the workshop. We all made our own pots, so fun"], "our own pots"),
        ("what did mere make for the fair?", ["honestly it made me happy. made a quilt"],
         "a quilt"),
        # "and her family do": her family did it, "family" is no verb
        ("what did mere and her family do at the lake?", ["family keep me sane"], None),
        # a deed under way, its verb the last "-ing" of a person's; a noun in "-ing" is none
        ("what is she working on opening?", ["Still working on opening a dance studio."],
         "a dance studio"),
        ("what was the poetry reading about?", ["the reading was about finding home"], None),
        # bidding someone do it is no deed done, "also" before the plain verb or not
        ("what is she researching?", ["Also research their product, they launched a tool"],
         None),
    ],
)  # fmt: skip
def test_what_the_deed_was_done_to(question: str, texts: list[str], thing: str | None) -> None:
    said = [_said(i, t, i) for i, t in enumerate(texts)]
    found = deed_object(question, said[:1], said)
    assert (found[1] if found else None) == thing


@pytest.mark.parametrize(
    ("question", "texts", "thing"),
    [
        # asked what the writer did, another's deed in their words is none of theirs
        ("what did i ask about?", ["They asked a lot about dashboards."], None),
        ("what did i ask about?", ["I asked a lot about the pension scheme."],
         "the pension scheme"),
        ("what did mere buy?", ["she's bought a kayak apparently"], None),
        ("what did mere buy?", ["finally bought a kayak"], "a kayak"),
    ],
)  # fmt: skip
def test_the_writers_own_deed(question: str, texts: list[str], thing: str | None) -> None:
    said = [_said(i, t, i) for i, t in enumerate(texts)]
    found = deed_object(question, said[:1], said, me="Mere", speakers=["Mere"])
    assert (found[1] if found else None) == thing


def test_a_sum_on_the_topic_a_little_further_down(pipe: Pipeline) -> None:
    # "did we get lights on the deck steps?" / "how much did that cost us": none of the best
    # messages says a sum; a well-ranked one on the topic does
    turns = ["did we end up getting lights on the deck steps?"]
    answer = ask_after(pipe, turns, "how much did that cost us", now=NOW).answer
    assert answer is not None and "480" in answer.text, answer.text


def test_the_date_of_the_event_asked_not_of_a_later_one(pipe: Pipeline) -> None:
    # the walking group joined "last Tues" is another event than the support group
    answer = ask_after(pipe, [], "when did mere go to the grief support group?", now=NOW).answer
    assert answer is not None and "29 March 2026" in answer.text, answer.text
