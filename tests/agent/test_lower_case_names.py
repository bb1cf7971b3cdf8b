"""Names a chat writes only in lower case (agent.answer.lexicon.lower_case_names): the people a
user's question may name, whom a follow-up's "he" or "she" then means."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.lexicon import lower_case_names
from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "lower_names_chat.jsonl"
NOW = datetime(2026, 2, 20, 9, 0)

pipe = history_fixture(CHAT, me="Ines")


@pytest.mark.parametrize(
    ("texts", "name", "found"),
    [
        # the subject of a person's verbs, at least twice, never a thing with a determiner
        (["chris is right here lol", "i think chris called last night"], "chris", False),
        (["ok chris is right here", "also chris called last night", "and chris will grab it"],
         "chris", True),
        (["mochi got into the bin again", "so mochi is fine, vet says"], "mochi", True),
        # once is not enough
        (["so chris is in"], "chris", False),
        # a thing: written after a determiner somewhere ("the glass guy")
        (["glass is booked in for tues", "ok glass is in", "the glass guy's measuring"],
         "glass", False),
        (["dinner is at 7", "so dinner was great", "the dinner was late"], "dinner", False),
        # a word of chat, a verb or a pronoun is never a name
        (["so everyone is in", "and everyone is coming"], "everyone", False),
        (["she is here", "and she called"], "she", False),
        # a person by who they are keeps the name after it: "my mate chris"
        (["my mate chris is in", "so chris is driving", "and chris has tools"], "chris", True),
        # once after who they are to the writer, followed by a verb of theirs, a surname or
        # the sentence's end
        (["my friend dumisani is a pro photographer"], "dumisani", True),
        (["my neighbour gadija petersen gave me ur number"], "gadija", True),
        (["ask my cousin riyaad."], "riyaad", True),
        (["my neighbour mrs healy has a key"], "healy", True),
        # …not a word of what they do ("my cousin flies in"), nor one a person does
        (["my sister moved out", "his plumber round tomorrow"], "round", False),
        (["my mum always says so", "i always forget"], "always", False),
        (["my dad swears by it", "we swears"], "swears", False),
        # a name with an accent
        (["btw gérard asked me to do wednesday", "also gérard asked me to work friday"],
         "gérard", True),
        # an oath is no one, however often it opens a clause
        (["god is good", "and god is faithful o"], "god", False),
    ],
)  # fmt: skip
def test_a_name_written_only_in_lower_case(texts: list[str], name: str, found: bool) -> None:
    assert (name in lower_case_names(texts)) is found


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # Kwame never writes in this chat and is never written with a capital
        ("who covered the tuesday shift?", "Kwame"),
        ("who has the keys to the hall this week?", "Kwame"),
    ],
)
def test_a_person_named_only_in_lower_case_answers_who(
    pipe: Pipeline, question: str, expected: str
) -> None:
    assert first_line(pipe, question, NOW).startswith(expected)
