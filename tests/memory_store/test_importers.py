"""Importers on the shared export fixtures (copied into tests/fixtures/exports) and bad files."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memory_store.errors import ImportFormatError
from memory_store.importers import FORMATS, SYSTEM_SPEAKER, detect, load

EXPORTS = Path(__file__).parents[1] / "fixtures" / "exports"
DATA = Path(__file__).parents[2] / "memory_store" / "data"
T = datetime.fromisoformat
BANNER = (
    "Messages and calls are end-to-end encrypted. No one outside of this chat, not even "
    "WhatsApp, can read or listen to them. Tap to learn more."
)

# (file, load kwargs, format, count, conversation, speakers)
FILES: list[tuple[str, dict[str, Any], str, int, str, set[str]]] = [
    ("line/ja_mobile_1to1.txt", {}, "line", 11, "アキ", {"アキ", "ユウ", SYSTEM_SPEAKER}),
    ("line/en_android_us_1to1.txt", {}, "line", 10, "Aki", {"Aki", "Yu"}),
    ("line/en_group.txt", {}, "line", 6, "Weekend Hikers", {"Mika", "Ren", "Aki", SYSTEM_SPEAKER}),
    (
        "line/desktop_space_separated.txt",
        {"participants": ["アキ", "ユウ", "Aki Chen"]},
        "line",
        5,
        "desktop_space_separated",
        {"アキ", "ユウ", "Aki Chen"},
    ),
    (
        "whatsapp/android_en_gb_24h.txt",
        {},
        "whatsapp",
        10,
        "android_en_gb_24h",
        {"Aki Tanaka", "Yu", SYSTEM_SPEAKER},
    ),
    (
        "whatsapp/android_en_us_12h.txt",
        {},
        "whatsapp",
        4,
        "android_en_us_12h",
        {"Aki Tanaka", "Yu"},
    ),
    (
        "whatsapp/android_de_dotted.txt",
        {},
        "whatsapp",
        2,
        "android_de_dotted",
        {"Aki Tanaka", "Yu"},
    ),
    (
        "whatsapp/ios_en_gb_chat.txt",
        {"dayfirst": True},
        "whatsapp",
        7,
        "Weekend Hikers",
        {"Ren", "Mika", "Aki Tanaka", SYSTEM_SPEAKER},
    ),
    (
        "whatsapp/ios_en_us_12h.txt",
        {"dayfirst": False},
        "whatsapp",
        2,
        "ios_en_us_12h",
        {"Aki Tanaka", "Yu"},
    ),
    ("telegram/result_single_chat.json", {}, "telegram", 6, "Aki Tanaka", {"Aki Tanaka", "Yu"}),
    ("telegram/result_full_export.json", {}, "telegram", 6, "Aki Tanaka", {"Aki Tanaka", "Yu"}),
    ("locomo/locomo_synth.json", {}, "locomo", 3, "conv-synth-1", {"Aki", "Yu"}),
    ("tmd/7.json", {}, "tmd", 4, "tmd-7", {"Aki", "Yu"}),
    ("jsonl/sample.jsonl", {}, "jsonl", 3, "Aki", {"Sam", "Aki"}),
]

# (file, message index, ts, speaker, kind, text); load kwargs come from FILES
MESSAGES: list[tuple[str, int, str, str, str, str]] = [
    (
        "line/ja_mobile_1to1.txt",
        0,
        "2024-03-05T09:12",
        "アキ",
        "text",
        "おはよう！今日の歯医者って何時だっけ？",
    ),
    ("line/ja_mobile_1to1.txt", 2, "2024-03-05T09:14", "ユウ", "media", "[スタンプ]"),
    (
        "line/ja_mobile_1to1.txt",
        4,
        "2024-03-05T12:41",
        "アキ",
        "text",
        "駅前のラーメン屋でランチした\nチャーシューが分厚かった",
    ),
    ("line/ja_mobile_1to1.txt", 5, "2024-03-05T19:02", "ユウ", "call", "☎ 通話時間 12:34"),
    (
        "line/ja_mobile_1to1.txt",
        7,
        "2024-03-05T21:31",
        SYSTEM_SPEAKER,
        "system",
        "メッセージの送信を取り消しました",
    ),
    ("line/ja_mobile_1to1.txt", 9, "2024-03-06T07:58", "ユウ", "media", "[ボイスメッセージ]"),
    (
        "line/en_android_us_1to1.txt",
        0,
        "2024-03-05T09:12",
        "Aki",
        "text",
        "Morning! What time is the dentist today?",
    ),
    ("line/en_android_us_1to1.txt", 5, "2024-03-05T19:02", "Yu", "call", "☎ Call time 12:34"),
    ("line/en_android_us_1to1.txt", 7, "2024-03-05T21:31", "Yu", "system", "You unsent a message."),
    (
        "line/en_android_us_1to1.txt",
        9,
        "2024-03-13T08:01",
        "Aki",
        "text",
        "Dentist again next Tuesday, ugh",
    ),
    ("line/en_group.txt", 0, "2024-03-05T18:05", "Mika", "system", "Mika joined the group."),
    ("line/en_group.txt", 3, "2024-03-05T18:09", "Ren", "media", "[Album] (Spring trail)"),
    (
        "line/en_group.txt",
        4,
        "2024-03-05T18:10",
        SYSTEM_SPEAKER,
        "system",
        'Ren changed the group name to "Weekend Hikers".',
    ),
    (
        "line/desktop_space_separated.txt",
        4,
        "2024-03-05T21:32",
        "Aki Chen",
        "text",
        "sorry, fell asleep",
    ),
    ("line/desktop_space_separated.txt", 2, "2024-03-05T09:14", "ユウ", "media", "[スタンプ]"),
    (
        "whatsapp/android_en_gb_24h.txt",
        0,
        "2024-03-05T09:11",
        SYSTEM_SPEAKER,
        "system",
        BANNER,
    ),
    ("whatsapp/android_en_gb_24h.txt", 3, "2024-03-05T09:15", "Yu", "media", "<Media omitted>"),
    (
        "whatsapp/android_en_gb_24h.txt",
        4,
        "2024-03-05T12:41",
        "Aki Tanaka",
        "text",
        "Lunch at the ramen place by the station\nthe chashu was huge",
    ),
    (
        "whatsapp/android_en_gb_24h.txt",
        5,
        "2024-03-05T13:02",
        "Aki Tanaka",
        "system",
        "This message was deleted",
    ),
    ("whatsapp/android_en_gb_24h.txt", 6, "2024-03-05T13:05", "Yu", "text", "See you at 7"),
    (
        "whatsapp/android_en_gb_24h.txt",
        7,
        "2024-03-05T13:06",
        "Yu",
        "text",
        "Meeting notes: 12/03/2024, 10:00 - that's the follow-up",
    ),
    (
        "whatsapp/android_en_gb_24h.txt",
        8,
        "2024-03-13T20:00",
        "Yu",
        "media",
        "IMG-20240313-WA0004.jpg (file attached)",
    ),
    (
        "whatsapp/android_en_gb_24h.txt",
        9,
        "2024-03-13T20:01",
        "Aki Tanaka",
        "call",
        "Missed voice call",
    ),
    ("whatsapp/android_en_us_12h.txt", 2, "2024-03-05T12:05", "Yu", "media", "<Media omitted>"),
    (
        "whatsapp/android_en_us_12h.txt",
        3,
        "2024-03-13T00:00",
        "Aki Tanaka",
        "text",
        "midnight snack run?",
    ),
    (
        "whatsapp/android_de_dotted.txt",
        1,
        "2024-03-05T09:14",
        "Yu",
        "media",
        "<Medien ausgeschlossen>",
    ),
    (
        "whatsapp/ios_en_gb_chat.txt",
        1,
        "2024-03-05T09:12:03",
        SYSTEM_SPEAKER,
        "system",
        "Ren created group “Weekend Hikers”",
    ),
    ("whatsapp/ios_en_gb_chat.txt", 2, "2024-03-05T09:12:40", "Ren", "media", "image omitted"),
    (
        "whatsapp/ios_en_gb_chat.txt",
        4,
        "2024-03-05T09:14:22",
        "Aki Tanaka",
        "text",
        "Saturday works. 8am at the trailhead?\nBring snacks",
    ),
    ("whatsapp/ios_en_gb_chat.txt", 6, "2024-03-05T21:40", SYSTEM_SPEAKER, "system", "Mika left"),
    ("whatsapp/ios_en_us_12h.txt", 1, "2024-03-05T21:40:11", "Yu", "media", "audio omitted"),
    (
        "telegram/result_single_chat.json",
        1,
        "2024-03-05T09:14:02",
        "Yu",
        "text",
        "Yes, 10:30 — clinic is here",
    ),
    (
        "telegram/result_single_chat.json",
        2,
        "2024-03-05T12:40",
        "Aki Tanaka",
        "text",
        "ramen by the station",
    ),
    ("telegram/result_single_chat.json", 3, "2024-03-05T12:41", "Yu", "media", "[sticker 😋]"),
    (
        "telegram/result_single_chat.json",
        4,
        "2024-03-05T19:02",
        "Yu",
        "call",
        "phone call (12:34, hangup)",
    ),
    (
        "locomo/locomo_synth.json",
        1,
        "2024-03-05T09:12:01",
        "Yu",
        "text",
        "Good luck! I went to the same clinic last month.",
    ),
    (
        "locomo/locomo_synth.json",
        2,
        "2024-03-12T19:40",
        "Aki",
        "text",
        "The filling from last week still feels odd. [image: a photo of a toothbrush]",
    ),
    ("tmd/7.json", 1, "2024-03-05T09:12:31", "Yu", "text", "Good luck!"),
    ("tmd/7.json", 3, "2024-03-13T08:00", "Yu", "text", "Hello!"),
    ("jsonl/sample.jsonl", 2, "2026-09-01T08:13", "Aki", "media", "[Photo]"),
]
KWARGS = {row[0]: row[1] for row in FILES}


@pytest.mark.parametrize(("name", "kwargs", "fmt", "count", "conversation", "speakers"), FILES)
def test_fixture_counts_and_speakers(
    name: str, kwargs: dict[str, Any], fmt: str, count: int, conversation: str, speakers: set[str]
) -> None:
    result = load(EXPORTS / name, **kwargs)
    assert result.format == fmt
    assert len(result.messages) == count
    assert {m.conversation for m in result.messages} == {conversation}
    assert {m.speaker for m in result.messages} == speakers
    assert result.skipped == 0


@pytest.mark.parametrize(("name", "i", "ts", "speaker", "kind", "text"), MESSAGES)
def test_fixture_messages(name: str, i: int, ts: str, speaker: str, kind: str, text: str) -> None:
    m = load(EXPORTS / name, **KWARGS[name]).messages[i]
    assert (m.ts, m.speaker, m.kind, m.text) == (T(ts), speaker, kind, text)


@pytest.mark.parametrize(("name", "kwargs", "fmt", "count", "conversation", "speakers"), FILES)
def test_detect_identifies_each_fixture(
    name: str, kwargs: dict[str, Any], fmt: str, count: int, conversation: str, speakers: set[str]
) -> None:
    assert detect(EXPORTS / name) == fmt


@pytest.mark.parametrize(("name", "kwargs", "fmt", "count", "conversation", "speakers"), FILES)
def test_reimport_gives_same_refs_and_refs_are_unique(
    name: str, kwargs: dict[str, Any], fmt: str, count: int, conversation: str, speakers: set[str]
) -> None:
    first = [m.source_ref for m in load(EXPORTS / name, **kwargs).messages]
    assert first == [m.source_ref for m in load(EXPORTS / name, **kwargs).messages]
    assert len(set(first)) == len(first)


def test_identical_repeated_messages_stay_distinct(tmp_path: Path) -> None:
    path = tmp_path / "chat.txt"
    path.write_text(
        "05/03/2024, 09:12 - Yu: ok\n05/03/2024, 09:12 - Yu: ok\n13/03/2024, 09:00 - Yu: x\n"
    )
    refs = [m.source_ref for m in load(path).messages]
    assert len(set(refs)) == 3


def test_whatsapp_edited_marker_is_recorded() -> None:
    m = load(EXPORTS / "whatsapp/android_en_gb_24h.txt").messages[6]
    assert m.extra["edited"] == "true"


def test_telegram_keeps_instant_and_id() -> None:
    m = load(EXPORTS / "telegram/result_single_chat.json").messages[0]
    assert m.source_ref == "101"
    assert m.ts_utc == datetime(2024, 3, 5, 0, 12, 10, tzinfo=UTC)


def test_locomo_sessions_and_refs() -> None:
    msgs = load(EXPORTS / "locomo/locomo_synth.json").messages
    assert [(m.source_ref, m.session_key) for m in msgs] == [
        ("D1:1", "session_1"),
        ("D1:2", "session_1"),
        ("D2:1", "session_2"),
    ]


def test_tmd_refs_are_response_numbers_and_padding_session_kept() -> None:
    msgs = load(EXPORTS / "tmd/7.json").messages
    assert [m.source_ref for m in msgs] == ["0", "1", "2", "3"]
    assert msgs[-1].session_key == "session_3"
    assert msgs[0].extra["dia_id"] == "D1:1"
    assert msgs[2].text == "Look at this. [image: a photo of a toothbrush]"


def test_jsonl_offsets_ids_and_sessions() -> None:
    a, b, c = load(EXPORTS / "jsonl/sample.jsonl").messages
    assert a.ts_utc is None and a.session_key is None and len(a.source_ref) == 16
    assert (b.source_ref, b.session_key, b.ts) == ("m2", "s1", T("2026-09-01T08:12"))
    assert b.ts_utc == datetime(2026, 8, 31, 23, 12, tzinfo=UTC)
    assert c.ts_utc == datetime(2026, 9, 1, 8, 13, tzinfo=UTC)


def test_conversation_override() -> None:
    result = load(EXPORTS / "line/en_group.txt", conversation="Hikers")
    assert {m.conversation for m in result.messages} == {"Hikers"}


def test_desktop_line_guess_warns_without_participants() -> None:
    result = load(EXPORTS / "line/desktop_space_separated.txt")
    assert result.messages[-1].speaker == "Aki"
    assert any(":8: guessed sender" in w for w in result.warnings)


@pytest.mark.parametrize(
    ("name", "where"),
    [
        ("whatsapp/ios_en_gb_chat.txt", "line 1"),
        ("whatsapp/ios_en_us_12h.txt", "line 1"),
    ],
)
def test_ambiguous_day_month_order_asks_for_dayfirst(name: str, where: str) -> None:
    with pytest.raises(ImportFormatError, match="--dayfirst") as info:
        load(EXPORTS / name)
    assert info.value.where == where


@pytest.mark.parametrize(
    ("name", "fmt", "where", "problem"),
    [
        ("corrupt/telegram_truncated.json", "telegram", "line 37", "invalid JSON"),
        (
            "corrupt/locomo_missing_speaker.json",
            "auto",
            "key [0].conversation.session_2[0].speaker",
            "missing key",
        ),
        (
            "corrupt/locomo_bad_date.json",
            "auto",
            "key [0].conversation.session_1_date_time",
            "unreadable date",
        ),
        ("corrupt/unknown.csv", "auto", "line 1", "not a chat export memlane recognises"),
        ("corrupt/unknown.csv", "csv", "line 1", "unknown format"),
        ("locomo/locomo_synth.json", "telegram", "key messages", "missing key"),
        ("jsonl/sample.jsonl", "telegram", "line 3", "invalid JSON"),
        ("corrupt/jsonl_bad_lines.jsonl", "auto", "line 2", "invalid JSON"),
        ("corrupt/jsonl_missing_key.jsonl", "auto", "line 2", 'the key "speaker" is missing'),
        ("tmd/7.json", "locomo", "key sample_id", "missing key"),
    ],
)
def test_bad_files_raise_naming_file_and_place(
    name: str, fmt: str, where: str, problem: str
) -> None:
    with pytest.raises(ImportFormatError) as info:
        load(EXPORTS / name, fmt)
    err = info.value
    assert err.path == str(EXPORTS / name)
    assert err.where == where
    assert problem in err.problem
    assert str(EXPORTS / name) in str(err)


def test_unknown_format_lists_choices_from_formats() -> None:
    with pytest.raises(ImportFormatError, match="name its format with --format") as info:
        load(EXPORTS / "corrupt/unknown.csv")
    assert ", ".join(sorted(FORMATS)) in str(info.value)
    assert "[" not in str(info.value)  # plain words, not a Python list


@pytest.mark.parametrize(
    ("name", "count", "warning_lines", "strict_where"),
    [
        ("corrupt/whatsapp_preamble.txt", 3, [1], "line 1"),
        ("corrupt/whatsapp_bad_time.txt", 1, [2], "line 2"),
        ("corrupt/line_before_heading.txt", 1, [4], "line 4"),
    ],
)
def test_bad_lines_warn_by_default_and_raise_when_strict(
    name: str, count: int, warning_lines: list[int], strict_where: str
) -> None:
    path = EXPORTS / name
    result = load(path)
    assert len(result.messages) == count
    assert result.skipped == len(warning_lines)
    assert [w.split(":")[1] for w in result.warnings if w.startswith(f"{path}:")] == [
        str(n) for n in warning_lines
    ]
    with pytest.raises(ImportFormatError) as info:
        load(path, strict=True)
    assert info.value.where == strict_where


def test_whatsapp_continuation_lines_join_previous_message() -> None:
    result = load(EXPORTS / "corrupt/whatsapp_preamble.txt")
    assert result.messages[1].text == "Hi\ncontinued line"


def test_telegram_invalid_hex_escape_is_repaired() -> None:
    m = load(EXPORTS / "corrupt/telegram_x_escape.json").messages[0]
    assert m.text == "Morning! Dentist at 10:30?"


def test_demo_history_shape() -> None:
    result = load(DATA / "demo.jsonl")
    assert result.format == "jsonl" and not result.warnings
    msgs = result.messages
    assert len(msgs) >= 220
    by_conv = Counter(m.conversation for m in msgs)
    assert set(by_conv) == {"Aki", "Climbing crew"}
    crew = {m.speaker for m in msgs if m.conversation == "Climbing crew"}
    assert crew == {"Sam", "Aki", "Doug", "Priya"}
    assert all(m.ts.year == 2026 and m.session_key is None for m in msgs)
    assert len({(m.conversation, m.source_ref) for m in msgs}) == len(msgs)
    assert _sessions(msgs, gap_minutes=180) >= 8
    text = " ".join(m.text for m in msgs).lower()
    for topic in ("dentist", "kyoto", "boulder barn", "birthday", "interview", "book club", "vet"):
        assert topic in text


def _sessions(msgs: list[Any], gap_minutes: int) -> int:
    count = 0
    for conv in {m.conversation for m in msgs}:
        times = sorted(m.ts for m in msgs if m.conversation == conv)
        gaps = [(b - a).total_seconds() / 60 for a, b in zip(times, times[1:], strict=False)]
        count += 1 + sum(g > gap_minutes for g in gaps)
    return count


def test_demo_japanese_line_export() -> None:
    result = load(DATA / "demo_ja_line.txt")
    assert result.format == "line" and not result.warnings
    assert len(result.messages) >= 100
    assert {m.conversation for m in result.messages} == {"アキ"}
    days = {m.ts.date() for m in result.messages}
    assert len(days) >= 4
    assert any(d.weekday() == 1 for d in days)  # a Tuesday
    assert {"media", "call", "system", "text"} <= {m.kind for m in result.messages}


# (one WhatsApp line, dayfirst, expected ts, speaker, text)
WHATSAPP_LINES: list[tuple[str, bool | None, str, str, str]] = [
    ("[13.6.2018, 21:25:15] Ann: hi", None, "2018-06-13T21:25:15", "Ann", "hi"),
    ("2024-03-05, 09:12 - Ann: hi", None, "2024-03-05T09:12", "Ann", "hi"),
    ("3/6/18, 1:55 p. m. - Ann: hi", False, "2018-03-06T13:55", "Ann", "hi"),
    ("\u200e[3/6/18 1:55:00\u202fa.m.] Ann: hi", True, "2018-06-03T01:55", "Ann", "hi"),
    ("13/03/2024, 12:30 - Ann - B: time: 3pm", None, "2024-03-13T12:30", "Ann - B", "time: 3pm"),
    ("31.12.23, 23:59 - Ann: 🎉", None, "2023-12-31T23:59", "Ann", "🎉"),
]


@pytest.mark.parametrize(("line", "dayfirst", "ts", "speaker", "text"), WHATSAPP_LINES)
def test_whatsapp_header_variants(
    tmp_path: Path, line: str, dayfirst: bool | None, ts: str, speaker: str, text: str
) -> None:
    path = tmp_path / "chat.txt"
    path.write_text(line + "\n", encoding="utf-8")
    (m,) = load(path, "whatsapp", dayfirst=dayfirst).messages
    assert (m.ts, m.speaker, m.text) == (T(ts), speaker, text)


@pytest.mark.parametrize(
    ("relpath", "conversation"),
    [
        ("WhatsApp Chat with Aki Tanaka.txt", "Aki Tanaka"),
        ("WhatsApp Chat - Weekend Hikers/_chat.txt", "Weekend Hikers"),
        ("export.txt", "export"),
    ],
)
def test_whatsapp_conversation_name_from_file_name(
    tmp_path: Path, relpath: str, conversation: str
) -> None:
    path = tmp_path / relpath
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("13/03/2024, 09:12 - Yu: hi\n", encoding="utf-8")
    assert load(path).messages[0].conversation == conversation


# (day heading, one message line, expected ts)
LINE_VARIANTS: list[tuple[str, str, str]] = [
    ("2024/03/05(火)", "午後3:05\tアキ\tやあ", "2024-03-05T15:05"),
    ("2024/1/5(金)", "午前12:10\tアキ\tやあ", "2024-01-05T00:10"),
    ("2024/03/05（火）", "09:12\tアキ\tやあ", "2024-03-05T09:12"),
    ("Tue, 03/05/2024", "04:46 PM\tAki\thi", "2024-03-05T16:46"),
    ("Sun, 26/04/2026", "12:05AM\tAki\thi", "2026-04-26T00:05"),
    ("Fri, 04/05/2024", "09:00AM\tAki\thi", "2024-04-05T09:00"),
    ("Sat, 04/05/2024", "09:00AM\tAki\thi", "2024-05-04T09:00"),
    ("2024/03/05 Tue", "上午9:12\tAki\thi", "2024-03-05T09:12"),
    ("2025.12.30 火曜日", "21:00\tアキ\tやあ", "2025-12-30T21:00"),
]


@pytest.mark.parametrize(("heading", "line", "ts"), LINE_VARIANTS)
def test_line_day_headings_and_clocks(tmp_path: Path, heading: str, line: str, ts: str) -> None:
    path = tmp_path / "talk.txt"
    path.write_text(
        f"[LINE] Chat history with Aki\nSaved on：2024/03/06 08:15\n\n{heading}\n{line}\n"
    )
    result = load(path)
    assert [m.ts for m in result.messages] == [T(ts)]
    assert result.warnings == []
