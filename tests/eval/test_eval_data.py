"""LoCoMo and TMD loaders, on synthetic fixtures (the real data is CC BY-NC: not copied here)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from eval.locomo_data import (
    CATEGORY_NAMES,
    LocomoQuestion,
    conversation_dia_ids,
    load_locomo_questions,
    repair_evidence,
)
from eval.tmd_data import TmdItem, load_tmd_tests
from memory_store.errors import ImportFormatError

TMD_DIR = Path(__file__).parents[1] / "fixtures" / "tmd" / "TestData"
# ../shared beside the repository (as `make eval` reads it), so the test runs wherever it is.
LOCOMO_DEV = (
    Path(__file__).resolve().parents[3] / "shared" / "data" / "locomo" / "locomo10-dev.json"
)

VALID = {"D1:1", "D3:7", "D8:6", "D9:17", "D11:26", "D30:5"}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (["D3:7"], (("D3:7",), 0)),
        (["D3:7", "D1:1"], (("D3:7", "D1:1"), 0)),  # order kept
        (["D8:6; D9:17"], (("D8:6", "D9:17"), 0)),  # several ids in one string
        (["D8:6,D9:17"], (("D8:6", "D9:17"), 0)),
        (["D8:6 D9:17"], (("D8:6", "D9:17"), 0)),
        (["D:11:26"], (("D11:26",), 0)),  # stray colon
        (["d3:7"], (("D3:7",), 0)),  # lower case
        ([" D3 : 7 "], (("D3:7",), 0)),  # spaces
        (["D30:05"], (("D30:5",), 0)),  # leading zero
        (["D3:7", "d3:7"], (("D3:7",), 0)),  # repaired duplicate collapses
        (["D"], ((), 1)),  # nothing to repair
        (["D10:19"], ((), 1)),  # well formed, but no such turn
        (["D8:6; D10:19"], (("D8:6",), 1)),  # keep the part that exists
        (["D3:7 8"], ((), 1)),  # "D3:7 and D3:8"? ambiguous: not guessed
        (["session 3"], ((), 1)),
        ([37], ((), 1)),  # not a string
        ([], ((), 0)),
    ],
)
def test_repair_evidence(raw: list[object], expected: tuple[tuple[str, ...], int]) -> None:
    assert repair_evidence(raw, VALID) == expected


def turn(dia_id: str, text: str = "hi") -> dict[str, str]:
    return {"speaker": "Ana", "dia_id": dia_id, "text": text}


SAMPLE: dict[str, Any] = {
    "sample_id": "conv-1",
    "conversation": {
        "speaker_a": "Ana",
        "speaker_b": "Ben",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [turn("D1:1"), turn("D1:2")],
        "session_2_date_time": "2:00 pm on 9 May, 2023",
        "session_2": [turn("D2:1")],
        "session_3_date_time": "3:00 pm on 10 May, 2023",  # a date with no turns
    },
    "qa": [
        {"question": "When?", "answer": "8 May 2023", "evidence": ["D1:2"], "category": 2},
        {"question": "Which year?", "answer": 2022, "evidence": ["D1:1; D2:1"], "category": 1},
        {"question": "Trap?", "adversarial_answer": "Yes", "evidence": ["D:2:1"], "category": 5},
        {
            "question": "Both?",
            "answer": "No",
            "adversarial_answer": "Yes",
            "evidence": ["D", "D9:9"],
            "category": 5,
        },
    ],
    "observation": {},
}


def write_json(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_conversation_dia_ids_skips_dates_and_empty_sessions() -> None:
    assert conversation_dia_ids(SAMPLE["conversation"]) == {"D1:1", "D1:2", "D2:1"}


def test_load_locomo_questions(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = write_json(tmp_path / "locomo.json", [SAMPLE])
    with caplog.at_level("INFO", logger="eval.locomo_data"):
        questions = load_locomo_questions(path)
    assert questions == [
        LocomoQuestion("conv-1", "conv-1#0", "When?", "8 May 2023", 2, ("D1:2",)),
        LocomoQuestion("conv-1", "conv-1#1", "Which year?", "2022", 1, ("D1:1", "D2:1")),
        LocomoQuestion("conv-1", "conv-1#2", "Trap?", "Yes", 5, ("D2:1",)),
        LocomoQuestion("conv-1", "conv-1#3", "Both?", "Yes", 5, ()),  # category 5: adversarial
    ]
    assert [q.category_name for q in questions] == [
        "temporal",
        "multi-hop",
        "adversarial",
        "adversarial",
    ]
    assert "4 questions, 2 evidence ids unrepaired" in caplog.text


def test_category_names() -> None:
    assert CATEGORY_NAMES == {
        1: "multi-hop",
        2: "temporal",
        3: "open-domain",
        4: "single-hop",
        5: "adversarial",
    }


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"sample_id": "conv-1"}, "$"),
        ([{"sample_id": "conv-1", "conversation": {}, "qa": [{"answer": "x"}]}], "conv-1.qa[0]"),
        ([{"conversation": {}}], "[0]"),
    ],
)
def test_load_locomo_names_the_faulty_place(tmp_path: Path, data: object, where: str) -> None:
    path = write_json(tmp_path / "bad.json", data)
    with pytest.raises(ImportFormatError) as err:
        load_locomo_questions(path)
    assert err.value.where == where


@pytest.mark.skipif(not LOCOMO_DEV.exists(), reason="LoCoMo dev file not present")
def test_locomo_dev_file_repairs() -> None:
    by_qid = {q.qid: q for q in load_locomo_questions(LOCOMO_DEV)}
    assert len(by_qid) == 999
    assert by_qid["conv-26#37"].evidence == ("D8:6", "D9:17")  # was "D8:6; D9:17"
    assert "D11:26" in by_qid["conv-43#18"].evidence  # was "D:11:26"
    assert by_qid["conv-42#88"].evidence == ("D1:18", "D1:20")  # "D" dropped
    assert "D10:19" not in by_qid["conv-42#58"].evidence  # no such turn


# --- TMD -----------------------------------------------------------------------------------


def test_load_tmd_time_qs() -> None:
    items = load_tmd_tests(TMD_DIR, "time_qs")
    assert [(i.subtype, i.conversation, i.item, i.paraphrase) for i in items] == [
        ("dates", "tmd-2", 0, 0),  # file_indexes order: 2 before 1
        ("dates", "tmd-1", 0, 0),
        ("dates", "tmd-1", 0, 1),
        ("dates", "tmd-1", 1, 0),
        ("month", "tmd-1", 0, 0),
        ("month", "tmd-1", 0, 1),
    ]
    first = items[1]
    assert first == TmdItem(
        subset="time_qs",
        subtype="dates",
        conversation="tmd-1",
        item=0,
        paraphrase=0,
        question="What did we discuss on January 3rd?",
        dialogue=None,
        relevant=frozenset({"0", "1", "2"}),
    )
    assert first.qid == "time_qs/dates/tmd-1#0.0"
    assert items[2].group_id == first.group_id
    assert first.request == first.question


def test_load_tmd_ambiguous_dialogues() -> None:
    (item,) = load_tmd_tests(TMD_DIR, "ambiguous_time_qs")
    assert item.question is None
    assert item.dialogue == (
        ("Ana", "My notes say we spoke on January 3rd."),
        ("Ben", "That sounds right."),
        ("Ana", "What did we cover then?"),
    )
    assert item.request == "What did we cover then?"
    assert item.relevant == frozenset({"0", "1", "2"})


def test_load_tmd_content_time() -> None:
    (item,) = load_tmd_tests(TMD_DIR, "content_time_qs")
    assert (item.subset, item.subtype, item.conversation) == (
        "content_time_qs",
        "content_time",
        "tmd-1",
    )
    assert item.relevant == frozenset({"3"})


def test_load_tmd_rejects_unknown_subset() -> None:
    with pytest.raises(ValueError, match="choose from"):
        load_tmd_tests(TMD_DIR, "times")


def test_load_tmd_needs_test_files(tmp_path: Path) -> None:
    (tmp_path / "time_qs").mkdir()
    with pytest.raises(FileNotFoundError, match="TestData"):
        load_tmd_tests(tmp_path, "time_qs")


@pytest.mark.parametrize(
    ("data", "where"),
    [
        (
            {"file_indexes": [1], "file_1": [{"questions": [7], "relevant_docs": [1]}]},
            "file_1[0].questions[0]",
        ),
        (
            {
                "file_indexes": [1],
                "file_1": [{"questions": [[{"text": "hi"}]], "relevant_docs": []}],
            },
            "file_1[0].questions[0]",
        ),
        ({"file_indexes": [1, 2], "file_1": []}, "file_2"),
    ],
)
def test_load_tmd_names_the_faulty_place(tmp_path: Path, data: object, where: str) -> None:
    (tmp_path / "time_qs").mkdir()
    write_json(tmp_path / "time_qs" / "test_dates.json", data)
    with pytest.raises(ImportFormatError) as err:
        load_tmd_tests(tmp_path, "time_qs")
    assert err.value.where == where
