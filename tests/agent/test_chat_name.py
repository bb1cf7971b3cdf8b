"""The name of the group chat a question is scoped to says where, not when
(agent.pipeline.without_chat_name): the planner does not read "night" in "the game night chat"
as a time. Where the name is the event, or a person's, it stays."""

from __future__ import annotations

import pytest

from agent.pipeline import without_chat_name

SPEAKERS = ["Ines", "Priya", "Marcus", "Jude"]


@pytest.mark.parametrize(
    ("question", "conversation", "planned"),
    [
        (
            "what was the game night chat about last tuesday?",
            "Game night",
            "what was the chat about last tuesday?",
        ),
        ("anything new in the Friday Club group?", "Friday Club", "anything new in the group?"),
        # the event the chat is named after
        (
            "where does game night normally happen?",
            "Game night",
            "where does game night normally happen?",
        ),
        # a one-to-one chat: the person may be who the plan filters on
        ("what did the jude chat say on monday?", "Jude", "what did the jude chat say on monday?"),
        ("what did we talk about on monday?", None, "what did we talk about on monday?"),
    ],
)
def test_the_chat_name_is_no_time(question: str, conversation: str | None, planned: str) -> None:
    assert without_chat_name(question, conversation, SPEAKERS) == planned
