"""Load LoCoMo questions (Maharana et al., ACL 2024; snap-research/locomo, CC BY-NC 4.0).

The file is a list of samples ``{"sample_id", "conversation": {"session_K": [turns...], ...},
"qa": [{"question", "answer" | "adversarial_answer", "evidence": [dia_id...], "category"}]}``.
Evidence ids name dialogue turns (``"D3:7"`` = session 3, turn 7). A few are malformed; see
``repair_evidence``. Forms seen in the dev half (locomo10-dev.json): ``"D8:6; D9:17"`` (two ids in
one string), ``"D:11:26"`` (stray colon) — both repaired — and ``"D"`` and ``"D10:19"`` (a turn
that does not exist), which cannot be repaired and are dropped and counted.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory_store.errors import ImportFormatError

__all__ = [
    "CATEGORY_NAMES",
    "LocomoQuestion",
    "conversation_dia_ids",
    "load_locomo_questions",
    "repair_evidence",
]

logger = logging.getLogger(__name__)

CATEGORY_NAMES: dict[int, str] = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}

# One dia_id, tolerating case, spaces, a stray colon after "D" and leading zeros.
_LOOSE_ID = re.compile(r"[Dd]\s*:?\s*(\d+)\s*:\s*(\d+)")
# What may separate several ids inside one evidence string.
_SEPARATORS = re.compile(r"[\s;,&]*")


@dataclass(frozen=True)
class LocomoQuestion:
    """One LoCoMo question.

    ``answer`` is the gold answer as a string; for category 5 (adversarial) it is the dataset's
    ``adversarial_answer``, the *trap* answer the question invites: the right behaviour there is
    to say the history does not contain it, so do not reward token overlap with it.
    """

    conversation: str
    qid: str
    question: str
    answer: str
    category: int
    evidence: tuple[str, ...]

    @property
    def category_name(self) -> str:
        return CATEGORY_NAMES.get(self.category, f"category-{self.category}")


def _split_loose(text: str) -> list[str] | None:
    """Normalised ids in ``text`` if it consists only of loose ids and separators, else None."""
    ids = [f"D{int(s)}:{int(t)}" for s, t in _LOOSE_ID.findall(text)]
    residue = _LOOSE_ID.sub("", text)
    if not ids or not _SEPARATORS.fullmatch(residue):
        return None
    return ids


def repair_evidence(raw: Sequence[object], valid_ids: set[str]) -> tuple[tuple[str, ...], int]:
    """Clean one question's evidence list against the conversation's dia_ids.

    Valid ids pass through. Otherwise a string is split into ids and normalised (upper-case
    "D", spaces and a stray colon removed, leading zeros dropped: ``"d3 : 07"`` -> ``"D3:7"``)
    when it consists only of ids and separators (``; , &`` or spaces). Each resulting id is kept
    if it is in ``valid_ids``.

    Returns:
        (ids in first-seen order without duplicates, n_unrepaired), where n_unrepaired counts
        non-strings, strings that do not parse, and parsed ids absent from ``valid_ids``.
    """
    kept: dict[str, None] = {}
    unrepaired = 0
    for item in raw:
        if isinstance(item, str) and item in valid_ids:
            kept[item] = None
            continue
        parts = _split_loose(item) if isinstance(item, str) else None
        if parts is None:
            unrepaired += 1
            continue
        for part in parts:
            if part in valid_ids:
                kept[part] = None
            else:
                unrepaired += 1
    return tuple(kept), unrepaired


def conversation_dia_ids(conversation: Mapping[str, Any]) -> set[str]:
    """All dia_ids of the turns in a LoCoMo ``conversation`` object (sessions ``session_K``)."""
    return {
        turn["dia_id"]
        for key, turns in conversation.items()
        if re.fullmatch(r"session_\d+", key) and isinstance(turns, list)
        for turn in turns
    }


def _answer(qa: Mapping[str, Any]) -> str:
    key = "adversarial_answer" if qa.get("category") == 5 else "answer"
    value = qa.get(key, qa.get("answer"))
    return "" if value is None else str(value)


def _question(
    sample_id: str, i: int, qa: Mapping[str, Any], valid: set[str]
) -> tuple[LocomoQuestion, int]:
    evidence, unrepaired = repair_evidence(qa.get("evidence", []), valid)
    question = LocomoQuestion(
        conversation=sample_id,
        qid=f"{sample_id}#{i}",
        question=str(qa["question"]),
        answer=_answer(qa),
        category=int(qa["category"]),
        evidence=evidence,
    )
    return question, unrepaired


def load_locomo_questions(path: str | Path) -> list[LocomoQuestion]:
    """All questions of a LoCoMo file, in file order, with evidence repaired.

    Questions whose evidence ends up empty are kept (retrieval metrics must skip them).
    Unrepairable evidence ids are dropped; their count is logged at INFO.
    """
    samples = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(samples, list):
        raise ImportFormatError(str(path), "$", "expected a list of samples", "is this LoCoMo?")
    questions: list[LocomoQuestion] = []
    unrepaired = 0
    for n, sample in enumerate(samples):
        where = f"[{n}]"
        try:
            sample_id = str(sample["sample_id"])
            valid = conversation_dia_ids(sample["conversation"])
            for i, qa in enumerate(sample["qa"]):
                where = f"{sample_id}.qa[{i}]"
                question, bad = _question(sample_id, i, qa, valid)
                questions.append(question)
                unrepaired += bad
        except KeyError as exc:
            raise ImportFormatError(
                str(path), where, f"missing key {exc}", "is this LoCoMo?"
            ) from exc
    logger.info("%s: %d questions, %d evidence ids unrepaired", path, len(questions), unrepaired)
    return questions
