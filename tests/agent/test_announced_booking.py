"""News of a booking (agent.answer.settled_place.announced_booking): the place booked, said
after the news ("booked. the old granary, sat 4th april") or before it ("UPDATE: whitstable
house booked!! sleeps 10"); not who booked, nor a thing booked that is no place."""

from __future__ import annotations

import pytest

from agent.answer.settled_place import announced_booking


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("booked. the old granary, sat 4th april", "the old granary"),
        ("BOOKED ✅ sat 6pm salt shed", "salt shed"),
        ("UPDATE: whitstable house booked!! sleeps 10, right on the seafront", "whitstable house"),
        ("the old granary is booked for sat", "the old granary"),
        ("ok the bell is officially booked", "the bell"),
        # who booked, or a thing booked that is no place
        ("we booked the cottage", None),
        ("also daniel booked us into the frida kahlo museum", None),
        ("i've booked it", None),
        ("flights booked", None),
        ("table booked for 8", None),
        ("im booked in for tuesday", None),
        ("Booked: cleaning on Thursday", None),
        # a journey's times, not a place; a place with its time after it
        ("booked! out thu 705am, back sun 940pm. $318 each", None),
        ("booked! the ivy tues 7pm", "the ivy"),
        ("booked: the fox and the hound, sat 6pm", "the fox and the hound"),
    ],
)
def test_announced_booking(text: str, place: str | None) -> None:
    assert announced_booking(text) == place
