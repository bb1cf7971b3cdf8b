"""A place's name used as the modifier of a noun ("some Kyoto snacks", "the Castle Crags
guidebook") says what kind of thing it is, not where a thing was done; a name followed by a
place's kind, a small word or an adverb is still a place. Hand-made text; no store."""

from __future__ import annotations

import pytest

from agent.answer.places import named_place, names_a_kind


@pytest.mark.parametrize(
    ("after", "name", "modifier"),
    [
        (" snacks for everyone.", "Kyoto", True),
        (" guidebook is perfect", "Castle Crags", True),
        (" station.", "Kyoto", False),
        (" for lunch", "Nishiki Market", False),
        (" tomorrow", "Arashiyama", False),
        (" last night", "Casa Verde", False),
        (" saturday", "Casa Verde", False),
        (" is a day trip?", "Uji", False),
        ("!", "Kyoto", False),
        ("", "Kyoto", False),
    ],
)
def test_a_name_before_a_noun_names_a_kind(after: str, name: str, modifier: bool) -> None:
    assert names_a_kind(after, name) is modifier


@pytest.mark.parametrize(
    ("text", "wanted", "place"),
    [
        ("I bought bananas, trail mix and some Kyoto snacks for everyone.", {"buy"}, None),
        ("Nishiki Market for lunch, and you have to try yudofu", {"lunch"}, "Nishiki Market"),
        ("we bought it in Uji, the matcha town", {"buy"}, "Uji"),
    ],
)
def test_a_named_place_is_where_the_thing_was_done(
    text: str, wanted: set[str], place: str | None
) -> None:
    assert named_place(text, wanted, ()) == place
