"""Words a chat uses for a thing without naming it (agent.answer.related): what a message speaks
of, and what the search adds to a question's words when the store holds them."""

from __future__ import annotations

import pytest

from agent.answer.text import TermWeights, implied_terms, spoken_as, terms


@pytest.mark.parametrize(
    ("text", "speaks_of", "not_of"),
    [
        # words for one thing, both ways
        ("surgeon is mr adeyemi, mum says hes the best one", "operated", "wedding"),
        ("dads op moved to the 18th", "surgery", "doctor"),
        ("my hip operation went fine", "surgeon", "pet"),
        ("we're getting married in may!!", "wedding", "surgery"),
        ("can I lend you my drill", "borrow", "fixed"),
        # a member speaks of its kind, not the other way round, nor of its fellow members
        ("my stupid cat knocked coffee all over my laptop", "pet", "dog"),
        # a dog as a chat says it, never by the word
        ("some sort of terrier mix, shelter wasnt sure", "dog", "cat"),
        ("granny's 90th is in the glenbrook", "gran", "grandad"),
        ("fergal's off on his holliers", "holiday", "wedding"),
        ("she took first place in the under 12s", "win", "lose"),
        ("physio says its shin splints", "doctor", "dentist"),
        ("Dunmore Street, number 14. Top floor, no lift", "living", "wedding"),
        ("I'm learning the cello", "instrument", "violin"),
        ("they moved her to a ward upstairs", "hospital", "surgery"),
        # a beginning, a place to leave the van, a thing come: said without the word
        ("ok so. first day was monday", "started", "finished"),
        ("good news, got a regular sunday spot", "park", "arrive"),
        ("the fridge got delivered this morning", "arrived", "start"),
        ("I've had a toothache on the left side", "tooth", "dentist"),
        ("It was a cavity, she did a filling right away", "wrong", "pet"),
        # a rented place's money and middlemen, and a house moved, as each country says them
        ("hegde wants 10 months deposit", "security deposit", "gift"),
        ("call manju, my broker", "estate agent", "doctor"),
        ("booked the gas cylinder myself on whatsapp", "lpg", "wedding"),
        ("mgmt approved a team offsite in june", "retreat", "wedding"),
        ("shifting postponed again", "move", "house"),
        ("can you do removals and the loft?", "moving", "house"),
        # "spot" is a place only one way: parking does not speak of spotting anything
        ("parked round the back", "parking", "spot"),
        # a kind's own words speak of one another, not of its members
        ("A meal would be nice. Saturday night", "eating", "dinner"),
        ("his injury is worse than he let on", "hurt", "sprain"),
        # a colour is not what a message is about unless colour is asked
        ("kitchen is grim though, brown tiles everywhere", "kitchen", "colour"),
        # a word inside another word says nothing
        # ("on hold" is its own sense, read alike on both sides: not "held")
        ("the operator put me on hold", "on hold", "surgery"),
        ("I've put the June novel on hold at the library", "on hold", "held"),
        ("catch you later", "later", "pet"),
    ],
)
def test_implied_terms(text: str, speaks_of: str, not_of: str) -> None:
    held = terms(text) | implied_terms(text)
    assert terms(speaks_of) <= held
    assert not terms(not_of) <= held


STORE = TermWeights.from_texts(
    [
        "surgeon is mr adeyemi",
        "my stupid cat knocked coffee all over my laptop",
        "Dunmore Street, number 14",
        "we had a latte at the station",
        "I felt super powerful giving my talk",
        "flights booked for the lisbon conference",
        "back from Monterrey! we got in last night",
    ]
)


@pytest.mark.parametrize(
    ("word", "said"),
    [
        ("operated", ["surgeon"]),
        ("pet", ["cat"]),
        ("living", ["street"]),
        ("coffee", ["latte"]),
        ("speech", ["talk"]),
        ("portugal", ["lisbon"]),  # a country by a city in it
        ("mexico", ["monterrey"]),
        # only words the store holds; none for a word with no group, or a member
        ("wedding", []),
        ("cat", []),
        ("laptop", []),
    ],
)
def test_spoken_as(word: str, said: list[str]) -> None:
    assert spoken_as(word, STORE.holds) == said


@pytest.mark.parametrize(
    ("word", "known"),
    [
        ("pet", True),  # the chat only ever says "cat"
        ("surgery", True),
        ("address", True),
        ("speech", True),  # "giving my talk"
        ("talks", True),  # held as it is
        ("lecture", False),  # a talk need not be a lecture: one way only
        ("portugal", True),  # "the lisbon conference"
        ("mexico", True),  # "back from Monterrey!"
        ("spain", False),
        ("dog", False),
        ("insurance", False),
    ],
)
def test_knows_by_other_words(word: str, known: bool) -> None:
    assert STORE.knows(word) is known


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an ordinal or a clock time is a word whole: "th" would be shared by every message
        # that names a day
        ("Kyoto from the 9th to the 13th", {"kyoto", "9th", "13th"}),
        ("mum's 70th", {"mum", "70th"}),
        ("leave at 4pm", {"leav", "4pm"}),
        # a sum of money is a word of its own
        ("she hit her £500 target", {"hit", "500", "target"}),
        # a word whose stem would collide stands for itself, one or many alike
        ("dress fittings", {"dress", "fitting"}),
        ("my last fitting", {"last", "fitting"}),
        ("weddings and a wedding", {"wedding"}),
    ],
)
def test_terms_of_numbers(text: str, expected: set[str]) -> None:
    assert terms(text) == expected
