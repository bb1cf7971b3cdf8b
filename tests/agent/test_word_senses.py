"""One stem, two words: "Booked: cleaning at 9:00" reserves, "the book club" reads. The reader's
terms keep them apart, so a question about a book is not answered by a booking."""

from __future__ import annotations

import pytest

from agent.answer.text import terms

CASES = [
    ("Booked: cleaning on Thursday", {"reserv"}, {"book"}),
    ("we booked flights to Osaka", {"reserv"}, {"book"}),
    ("Did you make a ryokan booking?", {"reserv"}, {"book"}),
    ("Book it now or you'll forget.", {"reserv"}, {"book"}),
    ("I'll book the table", {"reserv"}, {"book"}),
    ("did i book the ryokan?", {"reserv"}, {"book"}),
    ("I reserved a table", {"reserv"}, set()),
    ("Did you finish the book club book yet?", {"book", "club"}, {"reserv"}),
    ("what book are we reading", {"book"}, {"reserv"}),
    ("which books has hana recommended", {"book"}, {"reserv"}),
    ("a good book to read", {"book"}, {"reserv"}),
]


@pytest.mark.parametrize(("text", "held", "not_held"), CASES)
def test_reserving_is_not_reading(text: str, held: set[str], not_held: set[str]) -> None:
    found = terms(text)
    assert held <= found
    assert not (not_held & found)
