"""Load TMD test questions (Alonso et al., arXiv 2406.00057, 2024; Zyphra/TemporalMemoryDataset).

Layout under ``TestData/``::

    time_qs/test_<subtype>.json             plain questions
    ambiguous_time_qs/test_<subtype>.json   each "question" is a dialogue [{speaker, text}, ...]
    content_time_qs/content_time_qs.json    time + speaker + content (subtype "content_time")

Each file is ``{"file_indexes": [N, ...], "file_N": [{"questions": [paraphrase, ...],
"relevant_docs": [response_number, ...]}, ...]}``. Every paraphrase becomes one ``TmdItem``
(the paper scores every paraphrase); ``relevant`` holds response_numbers as strings, the same
ids the conversation turns carry.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory_store.errors import ImportFormatError

__all__ = ["SUBSETS", "TmdItem", "load_tmd_tests"]

SUBSETS: tuple[str, ...] = ("time_qs", "content_time_qs", "ambiguous_time_qs")

Dialogue = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class TmdItem:
    """One paraphrase of one TMD test item; exactly one of ``question``/``dialogue`` is set."""

    subset: str
    subtype: str
    conversation: str
    item: int
    paraphrase: int
    question: str | None
    dialogue: Dialogue | None
    relevant: frozenset[str]

    @property
    def group_id(self) -> str:
        """Id shared by all paraphrases of one item (the unit for a by-item bootstrap)."""
        return f"{self.subset}/{self.subtype}/{self.conversation}#{self.item}"

    @property
    def qid(self) -> str:
        """Unique id of this paraphrase, e.g. ``time_qs/dates/tmd-26#0.3``."""
        return f"{self.group_id}.{self.paraphrase}"

    @property
    def request(self) -> str:
        """The text to answer: the question, or the dialogue's last turn (the vague request)."""
        if self.question is not None:
            return self.question
        if not self.dialogue:
            raise ValueError(f"{self.qid} has neither a question nor a dialogue")
        return self.dialogue[-1][1]


def _files(test_dir: Path, subset: str) -> list[tuple[str, Path]]:
    if subset == "content_time_qs":
        return [("content_time", test_dir / subset / "content_time_qs.json")]
    if subset not in SUBSETS:
        raise ValueError(f"unknown TMD subset {subset!r}; choose from {list(SUBSETS)}")
    found = sorted((test_dir / subset).glob("test_*.json"))
    if not found:
        raise FileNotFoundError(f"no test_*.json in {test_dir / subset}: point at TestData/")
    return [(p.stem.removeprefix("test_"), p) for p in found]


def _parse_question(raw: Any, path: Path, where: str) -> tuple[str | None, Dialogue | None]:
    """(question, dialogue) from a plain string or a list of {speaker, text} turns."""
    if isinstance(raw, str):
        return raw, None
    if isinstance(raw, list) and raw and all(isinstance(t, dict) for t in raw):
        try:
            return None, tuple((str(t["speaker"]), str(t["text"])) for t in raw)
        except KeyError as exc:
            raise ImportFormatError(str(path), where, f"dialogue turn lacks {exc}") from exc
    raise ImportFormatError(str(path), where, "question is neither a string nor a dialogue")


def _load_file(subset: str, subtype: str, path: Path) -> list[TmdItem]:
    data = json.loads(path.read_text(encoding="utf-8"))
    items: list[TmdItem] = []
    for conv in data["file_indexes"]:
        key = f"file_{conv}"
        if key not in data:
            raise ImportFormatError(str(path), key, "listed in file_indexes but missing")
        for i, entry in enumerate(data[key]):
            relevant = frozenset(str(r) for r in entry["relevant_docs"])
            for p, raw in enumerate(entry["questions"]):
                question, dialogue = _parse_question(raw, path, f"{key}[{i}].questions[{p}]")
                items.append(
                    TmdItem(subset, subtype, f"tmd-{conv}", i, p, question, dialogue, relevant)
                )
    return items


def load_tmd_tests(test_dir: str | Path, subset: str) -> list[TmdItem]:
    """Every paraphrase of every item in one TMD subset, ordered by subtype (alphabetical), then
    conversation (``file_indexes`` order), item and paraphrase.

    Args:
        test_dir: the ``TestData`` directory.
        subset: one of ``SUBSETS``: "time_qs", "content_time_qs", "ambiguous_time_qs".
    """
    items: list[TmdItem] = []
    for subtype, path in _files(Path(test_dir), subset):
        items.extend(_load_file(subset, subtype, path))
    return items
