"""What was wrong with a thing: the part a message says failed, not the sentence around it
(agent/answer/fault.py). The telling is a table of chat lines; the answers come from a real
store of tests/fixtures/fault_chat.jsonl (the user is Rosa)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.fault import ASKS_FAULT, _diagnosed, failed_part
from agent.dialogue import ask_after
from agent.pipeline import Pipeline
from tests.pipelines import history_fixture

CHAT = Path(__file__).parents[1] / "fixtures" / "fault_chat.jsonl"
NOW = datetime(2026, 3, 20, 9, 0)


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("Found your problem. The diaphragm in the fuel lift pump has split", "fuel lift pump"),
        ("sounds like the carb. I'll drop it off tmrw", "carb"),
        ("kowalski's said the carburetor was gummed up from old gas. $85", "carburetor"),
        ("THEM ONES EAT INJECTORS. MATE OF COLS SPENT 4 GRAND", "injectors"),
        ("the seal is leaking again", "seal"),
        ("the kettle's gone", "kettle"),
        ("problem was the thermostat, replaced it", "thermostat"),
        ("the mechanic reckons it's the wheel bearing, back right", "wheel bearing"),
        ("it sounds like the alternator to me", "alternator"),
        # what a thing chosen looks like is no fault
        ("timber. steel looks like a prison yard", None),
        # a person, a feeling or a trip is no part that failed
        ("honestly I'm knackered", None),
        ("the kids have gone to bed", None),
        ("it was broken when i got it", None),
        ("Stern gland repacked, she should be a lot drier now", None),
        # a state needs its verb: "the clutch is shot", not "an anti-nausea shot"
        ("the clutch is shot", "clutch"),
        ("She got an anti-nausea shot and special food for a week", None),
        # what a model eats is its weak part; what a cat ate is no fault
        ("those engines eat clutches, mate had two go", "clutches"),
        ("Did she eat anything weird? String, plants?", None),
        ("She just ate a little bit of the new food!", None),
    ],
)
def test_the_part_a_message_says_failed(text: str, part: str | None) -> None:
    assert failed_part(text) == part


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("what was actually wrong with the engine in the end?", True),
        ("whats wrong with the dishwasher", True),
        ("what did the mechanic say was wrong with the van?", True),
        ("what was dad's issue with that ford ranger", True),
        ("what was the problem with the boiler?", True),
        ("what went wrong with the oven", True),
        ("what did gary fix?", False),
        ("what's up next?", False),
    ],
)
def test_a_question_asking_what_failed(question: str, asks: bool) -> None:
    assert bool(ASKS_FAULT.search(question)) is asks


@pytest.mark.parametrize(
    ("text", "diagnosis"),
    [
        ("back from the dentist. just a cavity, filled it there and then", "cavity"),
        ("vet thinks it's gastritis", "gastritis"),
        ("eek. worried it's an abscess?", None),  # feared, asked: not told
        ("maybe a sprain, maybe nothing", None),
        # with the words naming which, and where
        ("Yeah, the physio said the same. Pulley strain, nothing serious.", "Pulley strain"),
        ("ear infection. drops twice a day for a week", "ear infection"),
        (
            "Summary as discussed: grade 2 sprain of the lateral ligament (ATFL), no fracture.",
            "grade 2 sprain of the lateral ligament",
        ),
    ],
)
def test_a_diagnosis_told_by_its_name(text: str, diagnosis: str | None) -> None:
    assert _diagnosed(text) == diagnosis


pipe = history_fixture(CHAT, me="Rosa")


@pytest.mark.parametrize(
    ("question", "part"),
    [
        # told in the mechanic's words, which repeat none of the question's but "van"
        ("what was actually wrong with the van?", "coil pack"),
        ("what did gary say was wrong with the van", "coil pack"),
        # "the drain pump was blocked", not the guess before it nor the dishwasher itself
        ("what was wrong with jen's dishwasher in the end?", "drain pump"),
        # a person's trouble told by its name, as last told: not the fear before it
        ("what was wrong with my tooth?", "cavity"),
        # the dog is called Pickle, so no message names the thing: the diagnosis in the chat
        # on it is the answer
        ("what was up with the dog when aoife took him to the vet?", "ear infection"),
    ],
)
def test_what_was_wrong(pipe: Pipeline, question: str, part: str) -> None:
    result = ask_after(pipe, (), question, now=NOW)
    assert result.answer is not None
    assert part in result.answer.text.lower(), result.answer.text
    assert len(result.answer.text) < 40, "the part, not the sentence"
