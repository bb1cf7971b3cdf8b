"""How much: which of several sums a message says answers the question (agent/answer/amount.py
`chosen_sum`), and the answer on a real store of tests/fixtures/amount_chat.jsonl (the user is
Nell). A message often holds the sum asked for beside others: the price asked and the price
paid, a deposit and the rest, each and altogether.

The rows under "held out" were written with the others, before `chosen_sum` was, and were not
looked at while it was built: they say whether it carries to phrasings it was not made on."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.amount import chosen_sum
from agent.pipeline import Pipeline
from tests.pipelines import first_line, history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "amount_chat.jsonl"
NOW = datetime(2026, 6, 30, 9, 0)

pipe = history_fixture(CHAT, me="Nell")

_BUILT_ON = [
    # the sum agreed, not the one asked
    (
        "they wanted £9,000 but i got him down to £8,200",
        "how much did you pay for the van?",
        "£8,200",
    ),
    (
        "asking price was $21,000, he took $19,200 in the end",
        "what did we get the hilux for?",
        "$19,200",
    ),
    (
        "it's normally £30 but i got it for £22 in the sale",
        "how much did she pay for the jacket?",
        "£22",
    ),
    # the sum the quote came to, not the quote
    (
        "the quote was £1,200 but it came to £1,450 with the extra socket",
        "how much did the electrician charge in the end?",
        "£1,450",
    ),
    # the sum beside the question's own word
    ("£500 deposit now and £2,350 when it's fitted", "how much was the deposit?", "£500"),
    # the value given to the question's own word, a bare figure too
    (
        "Annual is 720 if you sign up before October 1st. Works out to 60 a month.",
        "how much is the annual membership?",
        "720",
    ),
    ("parking: 10 dollars, bring cash", "how much was parking?", "10 dollars"),
    (
        "£500 deposit now and £2,350 when it's fitted",
        "how much do we owe once it's fitted?",
        "£2,350",
    ),
    # each, or altogether, as the question asks
    ("tickets were $45 each so $90 for the two of us", "how much was each ticket?", "$45"),
    (
        "tickets were $45 each so $90 for the two of us",
        "what did the tickets come to altogether?",
        "$90",
    ),
    # one sum: that one
    ("vet was £310 with the x-ray", "how much was the vet?", "£310"),
    # a chat's bare numbers, in a message that speaks of money
    ("part is 280 and 90 labour so 370 all in", "how much did the repair cost altogether?", "370"),
    ("ordered it, 340 so 170 each", "what was my half?", "170"),
    ("it was 95 but on offer for 76", "what did it cost in the end?", "76"),
    # the sum said final, not the quote beside it
    (
        "12,800 finally. 11,500 quote + 1,300 extra because the fridge wouldn't fit",
        "how much did they charge me in the end?",
        "12,800",
    ),
    ("9 each so. cash or send it to me", "how much was my share?", "9"),
    ("58 quid for 10 mins 🙃", "what did the vet charge?", "58 quid"),
    # numbers, but no money spoken of
    ("we were 7 at the table and 12 at the pub after", "how much did dinner cost?", None),
]

_HELD_OUT = [
    (
        "was meant to be €60 a night but they knocked it down to €48",
        "how much was the room per night?",
        "€48",
    ),
    ("paid £120 for the pair, so £60 each", "how much did each one cost?", "£60"),
    ("rent's going up from $1,850 to $1,990 in march", "what's my rent from march?", "$1,990"),
    (
        "£85 for the MOT plus £40 for the bulbs, so £125 altogether",
        "how much did the MOT cost?",
        "£85",
    ),
    (
        "£85 for the MOT plus £40 for the bulbs, so £125 altogether",
        "how much was the garage bill in total?",
        "£125",
    ),
    ("instead of £300 he's doing it for £250 cash", "how much is he charging?", "£250"),
]


@pytest.mark.parametrize(("text", "question", "expected"), [*_BUILT_ON, *_HELD_OUT])
def test_the_sum_that_answers(text: str, question: str, expected: str | None) -> None:
    assert chosen_sum(text, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how much did nell pay for the transit in the end?", "£8,200"),
        pytest.param(
            "how much did nell pay for the van in the end?",
            "£8,200",
            marks=pytest.mark.xfail(
                reason="the sum's message and the one before it say 'transit', not 'van'",
                strict=True,
            ),
        ),
        ("how much was the deposit for the kitchen?", "£400"),
        ("how much are the festival tickets each?", "£65"),
        ("what did the festival tickets cost us altogether?", "£130"),
        # the bare sum that answers "did he come down?", four turns after the bike's telling;
        # not "don't ask. £600", which answers another "how much"
        ("how much did jo end up paying for the bike?", "1,150"),
        ("what did jo pay for her bike", "1,150"),
    ],
)
def test_how_much_on_a_chat(pipe: Pipeline, question: str, expected: str) -> None:
    answer = first_line(pipe, question, NOW)
    assert answer == f"{expected}.", answer
