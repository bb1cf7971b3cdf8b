"""The answer record's rendering and the citation check, on hand-made messages (no store)."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.record import NO_ANSWER, Answer, LLMAnswer, check_citations, render
from memory_store.models import StoredMessage


def msg(
    mid: int, speaker: str, ts: str, text: str, session: int = 1, conversation: str = "Aki"
) -> StoredMessage:
    return StoredMessage(
        mid,
        conversation,
        f"ref{mid}",
        speaker,
        datetime.fromisoformat(ts),
        text,
        "text",
        session,
        session,
    )


KYOTO = [
    msg(
        10, "Aki", "2024-03-12T18:30", "Kyoto trip: I found a ryokan near Gion for April 5 to 8.", 3
    ),
    msg(11, "Sam", "2024-03-12T18:35", "Perfect, let's book the shinkansen from Tokyo.", 3),
    msg(12, "Aki", "2024-03-12T18:40", "We should visit Fushimi Inari early in the morning.", 3),
    msg(13, "Sam", "2024-03-12T18:45", "And eat matcha ice cream in Uji!", 3),
]


@pytest.mark.parametrize(
    ("answer", "lines"),
    [
        (
            Answer("A ryokan near Gion.", KYOTO[:2], detail="Aki, Tue 12 Mar 2024 18:30"),
            [
                "A ryokan near Gion.",
                "  (Aki, Tue 12 Mar 2024 18:30)",
                "  [m10] [Tue 12 Mar 2024 18:30] Aki: Kyoto trip: I found a ryokan near Gion for "
                "April 5 to 8.",
                "  [m11] [Tue 12 Mar 2024 18:35] Sam: Perfect, let's book the shinkansen from "
                "Tokyo.",
            ],
        ),
        (Answer(NO_ANSWER, [], abstained=True), [NO_ANSWER]),
    ],
)
def test_render_states_the_answer_then_its_detail_then_the_citations(
    answer: Answer, lines: list[str]
) -> None:
    assert render(answer).splitlines() == lines


# -- the citation check (what the LLM answerer relies on) -------------------------------------


@pytest.mark.parametrize(
    ("answer", "citations", "kept", "dropped", "text"),
    [
        pytest.param(
            "Aki found a ryokan [m10].", [10], [10], [], "Aki found a ryokan [m10].", id="ok"
        ),
        pytest.param(
            "Aki found a ryokan [m10].",
            [10, 42],
            [10],
            [42],
            "Aki found a ryokan [m10].",
            id="unknown-id-in-list",
        ),
        pytest.param(
            "Aki found a ryokan [m10] near [m99] Gion.",
            [],
            [10],
            [99],
            "Aki found a ryokan [m10] near Gion.",
            id="unknown-id-in-text",
        ),
        pytest.param(
            "They planned Kyoto [m12] [m10] [m12].",
            [12, 10],
            [10, 12],
            [],
            "They planned Kyoto [m12] [m10] [m12].",
            id="deduplicated-in-time-order",
        ),
        pytest.param(
            "Nothing  retrieved\n matches [m7] here",
            [7],
            [],
            [7],
            "Nothing retrieved matches here",
            id="all-dropped",
        ),
    ],
)
def test_check_citations_keeps_only_retrieved_ids(
    answer: str, citations: list[int], kept: list[int], dropped: list[int], text: str
) -> None:
    result = check_citations(LLMAnswer(answer=answer, citations=citations), KYOTO)
    assert [m.id for m in result.citations] == kept
    assert result.notes == [
        f"dropped citation of message {i}: it was not retrieved" for i in dropped
    ]
    assert result.text == text
    assert result.abstained is False


@pytest.mark.parametrize(
    "answer", [NO_ANSWER, "Sorry, the history does not contain the answer to that."]
)
def test_check_citations_recognises_an_abstention(answer: str) -> None:
    result = check_citations(LLMAnswer(answer=answer, citations=[]), KYOTO)
    assert result.abstained is True
    assert result.citations == []


def test_dropping_a_citation_leaves_tidy_text() -> None:
    reply = LLMAnswer(answer="Sam booked the train [m99].", citations=[])
    assert check_citations(reply, KYOTO).text == "Sam booked the train."
