"""LINE chat history (.txt), mobile and desktop exports, Japanese or English UI.

    [LINE] アキとのトーク履歴            header (optional; also "Chat history with/in NAME")
    保存日時：2024/03/06 08:15           saved-on line (ignored)
    2024/03/05(火)                       day heading: also "Tue, 03/05/2024", "2024/03/05 Tue",
                                         "2024.03.05 火曜日" (desktop)
    09:12<TAB>アキ<TAB>おはよう           TIME, sender, body; 09:12AM, 午後3:05 also occur
    12:41<TAB>アキ<TAB>"line one         a quoted body spans lines until the closing quote
    line two"
    21:31<TAB><TAB>メッセージの送信を取り消しました   system notice (no sender)

`Tue, 03/05/2024` is month/day on US phones and day/month elsewhere; the printed weekday
decides. Desktop exports separate time, name and text by single spaces, so the name is matched
against known participants (given, or those that recur in the file).
Times have minute precision and no zone: `ts` is local wall-clock time, ts_utc stays None.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from pathlib import Path

from memory_store.importers._common import (
    SYSTEM_SPEAKER,
    Context,
    Draft,
    clean,
    finish,
    read_text,
)
from memory_store.models import Message

_HEADER = re.compile(r"^\[LINE\]\s*(.*)$")
_HEADER_NAMES = [
    re.compile(p)
    for p in (
        r"^Chat history (?:with|in) (.+)$",
        r"^(.+?)(?:との|の)トーク履歴$",
        r"^(?:與|与)(.+)的聊天(?:記錄|记录)$",
        r"^(.+)的聊天(?:記錄|记录)$",
    )
]
_SAVED = re.compile(r"^(?:Saved on|保存日時|保存日期)\s*[:：]")
_YMD = re.compile(r"^(\d{4})[/.](\d{1,2})[/.](\d{1,2})\s*[(（]?\s*([^\s()（）]*)\s*[)）]?$")
_WMD = re.compile(r"^([A-Za-z]{3,9}),?\s+(\d{1,2})/(\d{1,2})/(\d{4})$")
_TIME = r"(?:(午前|午後|上午|下午)\s*)?(\d{1,2}):(\d{2})\s*([AaPp][Mm])?"
_MOBILE = re.compile(rf"^{_TIME}\t(.*)$")
_DESKTOP = re.compile(rf"^{_TIME} (.+)$")

_EN_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_CJK_DAYS = "月火水木金土日"
_ZH_DAYS = "一二三四五六日"

_MEDIA = {
    "[Sticker]",
    "[Photo]",
    "[Video]",
    "[Voice message]",
    "[Audio]",
    "[File]",
    "[Location]",
    "[Contact]",
    "[Note]",
    "[GIF]",
    "[スタンプ]",
    "[写真]",
    "[動画]",
    "[ボイスメッセージ]",
    "[ファイル]",
    "[位置情報]",
    "[連絡先]",
    "[ノート]",
    "[貼圖]",
    "[照片]",
    "[影片]",
    "[語音訊息]",
    "[檔案]",
    "[位置]",
    "[記事本]",
}
_MEDIA_PREFIX = ("[Album]", "[アルバム]", "[相簿]")
_SYSTEM = re.compile(
    r"(unsent a message\.?$|joined the group\.?$|left the group\.?$|"
    r"changed the group (?:name|photo)|invited .+ to the group|removed .+ from the group|"
    r"メッセージの送信を取り消しました$|グループに参加しました$|を招待しました$|"
    r"グループ名を変更しました$|アルバムを作成しました$|ノートを投稿しました$|退会しました$|"
    r"收回訊息$|收回讯息$|已收回訊息$|加入群組$)"
)


def sniff(head: str, path: Path) -> bool:
    lines = [clean(line) for line in head.splitlines()[:200]]
    if lines and (_HEADER.match(lines[0]) or lines[0].endswith("トーク履歴")):
        return True
    headings = sum(1 for line in lines if _heading_parts(line))
    tabbed = sum(1 for line in lines if _MOBILE.match(line))
    spaced = sum(1 for line in lines if _DESKTOP.match(line))
    return headings >= 1 and (tabbed >= 3 or (tabbed == 0 and spaced >= 2))


def _weekday(token: str) -> int | None:
    """0=Monday ... 6=Sunday from 'Tue', 'Tuesday', '火', '火曜日', '週二', '星期二'."""
    t = token.strip().lower()
    for i, name in enumerate(_EN_DAYS):
        if t.startswith(name):
            return i
    if t[:1] and t[0] in _CJK_DAYS:
        return _CJK_DAYS.index(t[0])
    t = t.removeprefix("星期").removeprefix("週").removeprefix("周")
    if t[:1] and t[0] in _ZH_DAYS:
        return _ZH_DAYS.index(t[0])
    return None


def _heading_parts(line: str) -> tuple[list[date], int | None] | None:
    """Candidate dates of a day heading and its printed weekday, or None if not a heading."""
    m = _YMD.match(line)
    if m and (not m.group(4) or _weekday(m.group(4)) is not None):
        y, mo, d, wd = m.groups()
        return _dates([(int(y), int(mo), int(d))]), _weekday(wd) if wd else None
    m = _WMD.match(line)
    if m and _weekday(m.group(1)) is not None:
        wd, a, b, y = m.groups()
        pairs = [(int(y), int(a), int(b)), (int(y), int(b), int(a))]
        return _dates(pairs), _weekday(wd)
    return None


def _dates(triples: list[tuple[int, int, int]]) -> list[date]:
    out = []
    for y, m, d in triples:
        try:
            out.append(date(y, m, d))
        except ValueError:
            continue
    return out


def _pick_day(ctx: Context, n: int, cands: list[date], weekday: int | None) -> date | None:
    """Settle month/day order with the printed weekday; fall back to ctx.dayfirst."""
    matching = {d for d in cands if weekday is None or d.weekday() == weekday}
    if len(matching) == 1:
        return matching.pop()
    if not cands:
        return None
    # Reaching here means the weekday agrees with no reading (or with both).
    ctx.warn(f"line {n}", "day heading's weekday does not settle the date; check the order")
    if len(cands) == 2 and ctx.dayfirst:
        return cands[1]
    return cands[0]


def _clock(ampm_prefix: str | None, hh: str, mm: str, ampm: str | None) -> tuple[int, int]:
    hour, minute = int(hh), int(mm)
    marker = (ampm or ampm_prefix or "").lower()
    if marker in ("pm", "午後", "下午") and hour < 12:
        hour += 12
    elif marker in ("am", "午前", "上午") and hour == 12:
        hour = 0
    return hour, minute


def _kind(speaker: str, body: str) -> str:
    if body.startswith("☎"):
        return "call"
    if body in _MEDIA or body.startswith(_MEDIA_PREFIX):
        return "media"
    if not speaker or _SYSTEM.search(body):
        return "system"
    return "text"


class _Reader:
    """Line-by-line state machine: current day, the open message, an open quote."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.day: date | None = None
        self.drafts: list[Draft] = []
        self.quoted = False
        self.desktop_names = tuple(sorted(ctx.participants, key=len, reverse=True))

    def feed(self, n: int, line: str) -> None:
        if self.quoted:
            if not (_MOBILE.match(line) or _heading_parts(line)):
                self._continue(line.removeprefix("\t\t"))
                return
            # A stray opening quote, not a multi-line body: put it back.
            self.quoted = False
            self.drafts[-1].text = '"' + self.drafts[-1].text
        parts = _heading_parts(line)
        if parts:
            self.day = _pick_day(self.ctx, n, *parts) or self.day
        elif m := _MOBILE.match(line):
            self._mobile(n, m)
        elif m := _DESKTOP.match(line):
            self._desktop(n, m)
        elif self.drafts and line.strip():
            self._continue(line.removeprefix("\t\t"))
        elif line.strip():
            self.ctx.problem(f"line {n}", f"not a LINE message or day heading: {line[:60]!r}")

    def _stamp(self, n: int, m: re.Match[str]) -> datetime | None:
        if self.day is None:
            self.ctx.problem(f"line {n}", "message before any day heading")
            return None
        hour, minute = _clock(m.group(1), m.group(2), m.group(3), m.group(4))
        if hour > 23 or minute > 59:
            self.ctx.problem(f"line {n}", f"impossible time {m.group(0)[:8]!r}")
            return None
        return datetime(self.day.year, self.day.month, self.day.day, hour, minute)

    def _mobile(self, n: int, m: re.Match[str]) -> None:
        ts = self._stamp(n, m)
        if ts is None:
            return
        cols = m.group(5).split("\t", 1)
        speaker, body = (cols[0], cols[1]) if len(cols) == 2 else ("", cols[0])
        if body.startswith('"') and not (len(body) > 1 and body.endswith('"')):
            self.quoted = True
            body = body[1:]
        self._add(n, ts, speaker.strip(), body)

    def _desktop(self, n: int, m: re.Match[str]) -> None:
        ts = self._stamp(n, m)
        if ts is None:
            return
        rest = m.group(5)
        name = next((p for p in self.desktop_names if rest.startswith(p + " ")), None)
        if name is None:
            name = rest.split(" ", 1)[0]
            self.ctx.warn(f"line {n}", f"guessed sender {name!r}; pass participants to be sure")
        body = rest[len(name) + 1 :]
        bracketed = f"[{body}]"
        self._add(n, ts, name, bracketed if bracketed in _MEDIA else body)

    def _add(self, n: int, ts: datetime, speaker: str, body: str) -> None:
        kind = _kind(speaker, body)
        self.drafts.append(Draft(n, ts, speaker or SYSTEM_SPEAKER, body, kind))

    def _continue(self, line: str) -> None:
        last = self.drafts[-1]
        if self.quoted and line.endswith('"'):
            line, self.quoted = line[:-1], False
        last.text = f"{last.text}\n{line}"


def _conversation_name(first: str, path: Path) -> str | None:
    m = _HEADER.match(first)
    if not m:
        return None
    for pattern in _HEADER_NAMES:
        if hm := pattern.match(m.group(1).strip()):
            return hm.group(1).strip().strip('"「」')
    return m.group(1).strip() or None


def _recurring_names(lines: list[str]) -> tuple[str, ...]:
    """Desktop senders: 1-3 word prefixes that open two or more different message lines."""
    rests: dict[str, set[str]] = {}
    for line in lines:
        if (m := _DESKTOP.match(line)) and not _MOBILE.match(line):
            words = m.group(5).split(" ")
            for k in range(1, min(3, len(words) - 1) + 1):
                rests.setdefault(" ".join(words[:k]), set()).add(" ".join(words[k:]))
    names = [p for p, r in rests.items() if len(r) >= 2]
    return tuple(sorted(names, key=len, reverse=True))


def parse(path: Path, ctx: Context) -> list[Message]:
    lines = [clean(line) for line in read_text(path).split("\n")]
    name = ctx.conversation or (lines and _conversation_name(lines[0], path)) or path.stem
    reader = _Reader(ctx)
    if not reader.desktop_names:
        reader.desktop_names = _recurring_names(lines)
    start = 0
    if lines and _HEADER.match(lines[0]):
        start = 2 if len(lines) > 1 and _SAVED.match(lines[1]) else 1
    for n, line in enumerate(lines[start:], start + 1):
        if not reader.quoted and (not line.strip() or _SAVED.match(line)):
            continue
        reader.feed(n, line)
    return finish(name, reader.drafts)
