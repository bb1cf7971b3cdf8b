"""A count given by its parts (agent.answer.counting.parts_stated): "I have the sandwiches
ready. Two vegetarian, two with chicken." is 4 sandwiches. Only a sentence after the one
naming the thing, made of parts that each open with a number, is read so."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.counting import parts_stated
from memory_store.models import StoredMessage


def msg(text: str) -> StoredMessage:
    return StoredMessage(1, "Aki", "ref1", "Aki", datetime(2026, 10, 16, 17), text, "text", 1, 1)


@pytest.mark.parametrize(
    ("focus", "text", "count"),
    [
        ("sandwiches", "I have the sandwiches ready. Two vegetarian, two with chicken.", 4),
        ("pizzas", "ordered the pizzas: 3 margherita and 2 pepperoni", 5),
        ("tickets", "got the tickets!! 2 adult + 1 child", 3),
        ("cakes", "cakes are done. one lemon, one chocolate, and two carrot", 4),
        # no parts: one number, or numbers that are not parts of the thing
        ("sandwiches", "I have the sandwiches ready. Two with chicken.", None),
        ("sandwiches", "made sandwiches. back at 2 and gone by 5.", None),
        # the thing is not named in the message
        ("sandwiches", "ready. Two vegetarian, two with chicken.", None),
        ("pizzas", "Two vegetarian, two with chicken.", None),
    ],
)
def test_parts_stated(focus: str, text: str, count: int | None) -> None:
    found = parts_stated(focus, [msg(text)])
    assert (found[0] if found else None) == count
