"""What a where-answer's name may not be (agent.answer.places): a sum of money written with a
capital ("R9k" in rand) or a person by their title ("Mrs Petersen is a gem"), unless a thing is
left with them ("a spare key with my neighbour Mrs Okafor")."""

from __future__ import annotations

import pytest

from agent.answer.places import PERSON_TITLE, named_place
from agent.answer.text import terms


@pytest.mark.parametrize(
    ("text", "asked", "place"),
    [
        ("I've allowed R9k in there for tiles and tap", "tiles", None),
        ("Shukran, Mrs Petersen is a gem. Happy to look at the kitchen", "kitchen", None),
        ("Dr Okafor at the kitchen clinic", "kitchen", None),
        # a business named for its owner is a place
        ("lunch at Mrs Kim's Kitchen for the tiles", "tiles", "Mrs Kim's Kitchen"),
        ("we went to Tegel & Co for the tiles", "tiles", "Tegel & Co"),
        # …and a person a thing is left with is where it is
        ("I'll leave a spare key with my neighbour Mrs Okafor at number 14", "key", "Mrs Okafor"),
    ],
)
def test_a_named_place(text: str, asked: str, place: str | None) -> None:
    assert named_place(text, terms(asked), set()) == place


@pytest.mark.parametrize(
    ("name", "person"),
    [("Mrs Petersen", True), ("Dr. Patel", True), ("Mrs Kim's Kitchen", False), ("Tegel", False)],
)
def test_a_person_by_title(name: str, person: bool) -> None:
    assert (PERSON_TITLE.match(name) is not None) is person
