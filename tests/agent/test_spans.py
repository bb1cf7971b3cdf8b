"""Names in chat replies (agent.answer.spans.name_reply): lower-case chat still opens an
answering reply with the name, capitalised."""

from __future__ import annotations

import pytest

from agent.answer.spans import name_reply


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Ines. she's a friend of my flatmate", ["Ines"]),
        ("Dominik! he's covering", ["Dominik"]),
        ("Lucía, obviously", ["Lucía"]),
        ("Thanks. see you then", []),
        ("Sure, why not", []),
        ("Yes! so good", []),
        ("Monday. if that works", []),
        ("Sami. when??", []),  # the person asked about is not the answer
        ("ines. she's great", []),  # nothing marks a lower-case word as a name
        ("Honestly no idea", []),
    ],
)
def test_name_reply(text: str, names: list[str]) -> None:
    assert name_reply(text, {"sami"}) == names
