"""The offline answerer and the citation check, on hand-made messages (no store needed)."""

from __future__ import annotations

from collections import Counter
from datetime import datetime

import pytest

from agent.answer.offline import (
    NO_ANSWER,
    LLMAnswer,
    answer_content,
    check_citations,
    render,
    span_phrase,
    summarize_time,
    topic_words,
)
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


# The small fixture's messages, as the store returns them.
DENTIST = msg(2, "Sam", "2024-03-04T09:02", "Yes, dentist appointment is Thursday at 3pm.")
CLIMB = msg(3, "Aki", "2024-03-04T09:04", "Good luck. Are we still on for climbing tonight?")
MISO = msg(6, "Sam", "2024-03-06T20:00", "My cat Miso is sick, she won't eat.", session=2)
KYOTO = [
    msg(
        10, "Aki", "2024-03-12T18:30", "Kyoto trip: I found a ryokan near Gion for April 5 to 8.", 3
    ),
    msg(11, "Sam", "2024-03-12T18:35", "Perfect, let's book the shinkansen from Tokyo.", 3),
    msg(12, "Aki", "2024-03-12T18:40", "We should visit Fushimi Inari early in the morning.", 3),
    msg(13, "Sam", "2024-03-12T18:45", "And eat matcha ice cream in Uji!", 3),
]
BOOK_CLUB = [
    msg(mid, speaker, f"2024-03-10T11:{minute}", text, 1, "Book club")
    for mid, speaker, minute, text in [
        (14, "Doug", "00", "Book club picks The Left Hand of Darkness."),
        (15, "Priya", "04", "I already read it, but happy to reread."),
        (16, "Sam", "08", "I'll host the book club meeting at my place."),
    ]
]


@pytest.mark.parametrize(
    ("messages", "phrase"),
    [
        (KYOTO, "On Tuesday 12 March 2024"),
        ([DENTIST], "On Monday 4 March 2024"),
        ([DENTIST, MISO], "Between Monday 4 March 2024 and Wednesday 6 March 2024"),
    ],
)
def test_span_phrase(messages: list[StoredMessage], phrase: str) -> None:
    assert span_phrase(messages) == phrase


# -- time-only summaries --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("messages", "me", "lead"),
    [
        (KYOTO, None, "On Tuesday 12 March 2024, Aki and Sam exchanged 4 messages in session 3"),
        (KYOTO, "Sam", "On Tuesday 12 March 2024, you and Aki exchanged 4 messages in session 3"),
        (
            [DENTIST, CLIMB, MISO],
            None,
            "Between Monday 4 March 2024 and Wednesday 6 March 2024, Sam and Aki exchanged "
            "3 messages over 2 sessions",
        ),
        (BOOK_CLUB, None, "On Sunday 10 March 2024, Doug, Priya and Sam exchanged 3 messages"),
        pytest.param(
            BOOK_CLUB,
            "Priya",
            "On Sunday 10 March 2024, you, Doug and Sam exchanged 3 messages",
            id="you-and-two-others",
        ),
    ],
)
def test_time_summary_lead(messages: list[StoredMessage], me: str | None, lead: str) -> None:
    answer = summarize_time(messages, me=me)
    assert answer.text.startswith(lead)
    assert answer.text.endswith(".")
    assert answer.abstained is False
    assert answer.citations == messages  # few enough to show them all, in time order


def test_time_summary_names_the_topics() -> None:
    answer = summarize_time(KYOTO)
    about = answer.text.split("mostly about ", 1)[1].rstrip(".")
    words = about.replace(" and ", ", ").split(", ")
    assert len(words) == 5
    assert set(words) <= {w.strip(":,.!").lower() for m in KYOTO for w in m.text.split()}


def test_time_summary_shows_the_most_telling_messages_in_time_order() -> None:
    many = [
        msg(i, "Aki", f"2024-03-12T10:{i:02d}", "ok" if i % 2 else f"kyoto ryokan gion plan {i}")
        for i in range(1, 21)
    ]
    answer = summarize_time(many, show=4)
    assert len(answer.citations) == 4
    assert all("kyoto" in m.text for m in answer.citations)
    assert answer.citations == sorted(answer.citations, key=lambda m: m.ts)
    assert "exchanged 20 messages" in answer.text


def test_time_summary_of_nothing_abstains() -> None:
    answer = summarize_time([])
    assert answer.abstained is True
    assert answer.citations == []
    assert answer.text == "Nothing in the history matches that time."


def test_time_summary_of_one_message_is_grammatical() -> None:
    assert "exchanged 1 messages" not in summarize_time([BOOK_CLUB[1]]).text


def test_topic_words_prefer_what_is_rare_in_the_background() -> None:
    messages = [
        msg(1, "Aki", "2024-03-12T10:00", "kyoto plans for the trip"),
        msg(2, "Sam", "2024-03-12T10:01", "kyoto temples on the trip"),
    ]
    assert topic_words(messages, 1) == ["kyoto"]  # ties break alphabetically
    background = Counter({"kyoto": 500, "trip": 1, "plans": 100, "temples": 100})
    assert topic_words(messages, 1, background) == ["trip"]


# -- content answers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranked", "me", "lead"),
    [
        (KYOTO, None, "On Tuesday 12 March 2024, Aki said: “Kyoto trip: I found a ryokan"),
        (KYOTO, "Aki", "On Tuesday 12 March 2024, you said: “Kyoto trip"),
        ([DENTIST, *KYOTO], None, "On Monday 4 March 2024, Sam said: “Yes, dentist appointment"),
    ],
)
def test_content_answer_leads_with_the_best_message(
    ranked: list[StoredMessage], me: str | None, lead: str
) -> None:
    answer = answer_content("q", ranked, me=me)
    assert answer.text.startswith(lead)
    assert answer.text.endswith("”")
    assert answer.abstained is False


def test_content_answer_cites_the_top_five_in_time_order() -> None:
    ranked = [KYOTO[2], MISO, DENTIST, KYOTO[0], CLIMB, KYOTO[3]]
    answer = answer_content("q", ranked)
    assert [m.id for m in answer.citations] == [2, 3, 6, 10, 12]


def test_content_answer_clips_long_messages() -> None:
    long = msg(1, "Aki", "2024-03-04T09:00", "word " * 200)
    text = answer_content("q", [long]).text
    quoted = text.split("“", 1)[1].rstrip("”")
    assert len(quoted) == 240 and quoted.endswith("…")


def test_nothing_retrieved_is_no_answer() -> None:
    answer = answer_content("what is my passport number?", [])
    assert answer.text == NO_ANSWER
    assert answer.abstained is True
    assert answer.citations == []


def test_render_lists_citations_with_id_date_time_and_speaker() -> None:
    lines = render(answer_content("q", KYOTO[:2])).splitlines()
    assert lines == [
        "On Tuesday 12 March 2024, Aki said: “Kyoto trip: I found a ryokan near Gion for April 5 "
        "to 8.”",
        "  [m10] [Tue 12 Mar 2024 18:30] Aki: Kyoto trip: I found a ryokan near Gion for April 5 "
        "to 8.",
        "  [m11] [Tue 12 Mar 2024 18:35] Sam: Perfect, let's book the shinkansen from Tokyo.",
    ]


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
