"""A later change of plan (agent.answer.moves.changed_since): a later message of the chat that
says the plan moved, about the same thing. A reply names its plan by the question it answers.
Hand-made messages; no store."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.moves import changed_since
from agent.answer.reading import ReaderContext
from agent.answer.text import TermWeights, terms
from memory_store.models import StoredMessage

CHAT = [
    ("Ines", "Hi Kieran, thanks for the quote! When could you start?"),  # 0
    ("Kieran", "Earliest I can do is Monday 9th Feb. Need a deposit to hold the slot"),  # 1
    ("Ines", "perfect, deposit sent"),  # 2
    ("Kieran", "Bad news, the job in Harlow overran. Can we push your start back to Monday 16th?"),
    ("Kieran", "Tiles arrived, moved them to the garage"),  # 4: moves something else
]
MESSAGES = [
    StoredMessage(i, "Kieran", f"k{i}", who, datetime(2026, 1, 5 + 10 * (i // 3), 9, i), text,
                  "text", 1, 1 + i // 3)
    for i, (who, text) in enumerate(CHAT)
]  # fmt: skip
CTX = ReaderContext(
    TermWeights.from_texts([t for _, t in CHAT] + ["see you later", "ok"]), lambda m: []
)


@pytest.mark.parametrize(
    ("question", "plan", "moved"),
    [
        # the reply to "When could you start?" is the start date: the push moves it
        ("when's kieran starting on the bathroom now?", 1, [3]),
        # a plan whose own words the later message does not hold is not moved by it
        ("when's the deposit due?", 2, []),
    ],
)
def test_a_change_of_the_plan_asked_about(question: str, plan: int, moved: list[int]) -> None:
    found = changed_since(MESSAGES[plan], terms(question), MESSAGES, CTX)
    assert [m.id for m in found] == moved


ITEMS = [
    ("Lior", "Morning Marek, two things"),  # 0
    ("Lior", "1) I'll leave a spare key with my neighbour Mrs Okafor at number 14"),  # 1
    ("Marek", "No problem"),  # 2
    ("Lior", "2) changed my mind on tiles, going with the sage green zellige"),  # 3
    ("Lior", "actually changed my mind, key's under the mat instead"),  # 4
]
ITEM_MESSAGES = [
    StoredMessage(i, "Marek", f"m{i}", who, datetime(2026, 2, 12, 8, i), text, "text", 1, 1)
    for i, (who, text) in enumerate(ITEMS)
]
ITEM_CTX = ReaderContext(TermWeights.from_texts([t for _, t in ITEMS] + ["ok"]), lambda m: [])


@pytest.mark.parametrize(
    ("turns", "moved"),
    [
        # a turn near the plan moves it, unless it opens another item ("2) changed my mind on
        # tiles"); a change that names the plan's words moves it wherever it stands
        (5, [4]),
        (4, []),
    ],
)
def test_a_next_item_is_another_plan(turns: int, moved: list[int]) -> None:
    found = changed_since(
        ITEM_MESSAGES[1], terms("where did i leave the spare key"), ITEM_MESSAGES[:turns], ITEM_CTX
    )
    assert [m.id for m in found] == moved


LUNCH = [
    ("Dad", "BIRTHDAY LUNCH. SAT 8TH. JETTY TAV. 12"),  # 0
    ("Dad", "REAR DIFF WAS LOW. TOPPED IT UP"),  # 1
    ("Dad", "MEL. COLS 70TH IS SATURDAY. FORGOT"),  # 2
    ("Dad", "CAN WE DO SUNDAY 9TH. SAME PLACE"),  # 3
    ("Mel", "same time next week for the mower?"),  # 4: another's, about another thing
]
LUNCH_MESSAGES = [
    StoredMessage(i, "Dad", f"d{i}", who, datetime(2026, 7, 25 + i, 18, 0), text, "text", i, 1)
    for i, (who, text) in enumerate(LUNCH)
]
LUNCH_CTX = ReaderContext(TermWeights.from_texts([t for _, t in LUNCH] + ["ok"]), lambda m: [])


def test_a_change_that_keeps_the_rest_of_the_plan_names_it() -> None:
    # "same place": the plan kept but for its day, in its writer's words, names no topic word
    found = changed_since(
        LUNCH_MESSAGES[0], terms("what day's dad's birthday lunch"), LUNCH_MESSAGES, LUNCH_CTX
    )
    assert [m.id for m in found] == [3]
