"""Who chose an option: the chat offers options in one message ("options: the bell, the crown
or the old mill. vote by sunday pls") and each answers with theirs, the option first ("bell",
"The Bell for me, the Crown's too loud."). Their writers chose it; "who else … apart from me"
sets the asker aside. A real store of a small fixture chat."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "votes_chat.jsonl"
NOW = datetime(2026, 3, 10, 10, 0)
pipe = history_fixture(CHAT, me="Ana")


@pytest.mark.parametrize(
    ("question", "voters", "not_voters"),
    [
        ("who voted for the bell?", ("dee", "you", "kit"), ("oli", "mags")),
        ("who else picked the bell apart from me?", ("dee", "kit"), ("you", "oli", "mags")),
        ("who else voted for the bell besides me?", ("dee", "kit"), ("you", "oli")),
        # the other option a vote names after its own is no vote ("…the Crown's too loud")
        ("who voted for the crown?", ("oli",), ("you", "dee", "kit")),
    ],
)
def test_the_voters_for_an_option(
    pipe: Pipeline, question: str, voters: tuple[str, ...], not_voters: tuple[str, ...]
) -> None:
    said = first_line(pipe, question, NOW).lower()
    for name in voters:
        assert name in said, said
    for name in not_voters:
        assert name not in said, said
