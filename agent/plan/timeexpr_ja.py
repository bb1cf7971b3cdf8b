"""Japanese temporal expressions for the offline planner, as `find_ja_*` rules.

Each rule returns `agent.plan.rules.Hit`s exactly like the English rules, so `agent.plan`
orders and settles them the same way; `agent.plan` runs these first whenever a question
contains CJK characters. Calendar arithmetic is shared with the English side (agent.timeexpr).

Meanings that differ from the English words on purpose:
* 先週の火曜日 is the Tuesday of the previous calendar week (Monday-first), not the latest
  Tuesday: asked on a Wednesday it is eight days back. 火曜日 alone is the latest Tuesday
  before today that holds messages, like "on Tuesday".
* 午前/午後 are the clock halves (00:00–11:59, 12:00–23:59); 夜 is 18:00–04:59.
* 朝, 夜 and the like are a time of day only when used as one (今朝, 火曜日の朝, 朝に): the 朝 in
  朝ごはん is content.
"""

from __future__ import annotations

import re
from datetime import date, time, timedelta

from agent.plan import timeexpr as tx
from agent.plan.rules import Ctx, Hit, resolve_day, resolve_month, weekday_with_data
from memory_store.query.table_ops import (
    NthWithin,
    RelativeSession,
    TableOp,
    WhereDate,
    WhereMonth,
    WhereSpeaker,
    WhereTimeOfDay,
    WhereWeekday,
)

__all__ = ["JA_RULES", "find_ja_speakers", "ja_content", "parse_ja_number"]

NUM = r"(?:[0-9０-９]+|[〇一二三四五六七八九十百]+)"
_KANJI_DIGITS = {c: i for i, c in enumerate("〇一二三四五六七八九")}
WEEKDAYS_JA = {"月": 1, "火": 2, "水": 3, "木": 4, "金": 5, "土": 6, "日": 7}
_WD = r"(?P<w>[月火水木金土日])曜(?:日)?"
SESSION_JA = r"(?:会話|チャット|トーク|やりとり|やり取り|セッション|話)"
_UNIT = r"(?P<unit>日|週間|週|ヶ月|か月|カ月|ヵ月|ケ月|箇月|年)"
_UNITS = {"日": "day", "週間": "week", "週": "week", "年": "year"}


def parse_ja_number(text: str) -> int | None:
    """'12', '１２', '十二', '二十三', '百' -> int (None if not a number)."""
    if text.isdecimal():
        return int(text)  # int() reads full-width digits too
    total, current = 0, 0
    for ch in text:
        if ch in _KANJI_DIGITS:
            current = current * 10 + _KANJI_DIGITS[ch] if current else _KANJI_DIGITS[ch]
        elif ch in "十百":
            total += max(current, 1) * (10 if ch == "十" else 100)
            current = 0
        else:
            return None
    return total + current


def _note(m: re.Match[str], what: str) -> str:
    return f"{m.group(0)} → {what}"


def _unit(word: str) -> str:
    return _UNITS.get(word, "month")


# --- sessions ------------------------------------------------------------------------------

_ORDINAL = re.compile(
    rf"(?P<o>最初|初めて|はじめて|一番最初|最後|最新|直近|前回|(?:第)?(?P<n>{NUM})(?:回目|番目))"
    rf"(?:の{SESSION_JA})?|第(?P<n2>{NUM})回(?:の{SESSION_JA})?"
)
_BEFORE_LAST = re.compile(
    rf"前々回(?:の{SESSION_JA})?|最後から(?:2|２|二)(?:番目|回目)の{SESSION_JA}"
)
_SESSIONS_AGO = re.compile(rf"(?P<n>{NUM})回前の{SESSION_JA}")


def find_ja_sessions(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _BEFORE_LAST.finditer(text):
        hits.append(Hit(*m.span(), "within", [NthWithin(n=-2)], _note(m, "最後から2番目")))
    for m in _SESSIONS_AGO.finditer(text):
        n = parse_ja_number(m.group("n"))
        if n:
            op = RelativeSession(k=n - 1)
            hits.append(Hit(*m.span(), "session", [op], _note(m, f"{n} sessions back")))
    for m in _ORDINAL.finditer(text):
        word = m.group("o") or ""
        bare = m.group(0) == word and not m.group("n2")
        if bare and word not in ("前回",):
            continue  # 最初 / 最後 / 3回目 alone are not about a conversation
        digits = m.group("n") or m.group("n2")
        n = (
            parse_ja_number(digits)
            if digits
            else (1 if word in ("最初", "初めて", "はじめて", "一番最初") else -1)
        )
        if n:
            what = "the last session" if n == -1 else f"session #{n} in order"
            hits.append(Hit(*m.span(), "ordinal", [], _note(m, what), n=n))
    return hits


# --- days relative to now ------------------------------------------------------------------

_WEEK_WEEKDAY = re.compile(rf"(?P<wk>先々週|先週|今週|来週)の?{_WD}")
_AGO = re.compile(rf"(?P<n>{NUM}){_UNIT}前")
_PAST = re.compile(rf"(?:過去|ここ|最近|この)の?(?P<n>{NUM}){_UNIT}(?:間)?")
_DAY_WORDS = re.compile(
    r"一昨日|おととい|おとつい|昨日|きのう|今日|本日|きょう|今朝|今夜|今晩|昨夜|昨晩|ゆうべ"
    r"|先々週|先週末|今週末|先週|今週|先々月|先月|今月|去年|昨年|今年"
)
_WEEK_SHIFT = {"先々週": -2, "先週": -1, "今週": 0, "来週": 1}
MORNING = (time(5), time(11, 59, 59))
NIGHT = (time(18), time(4, 59, 59))


def _day_word(ctx: Ctx, w: str) -> tuple[date, date, tuple[time, time] | None]:
    t = ctx.today
    monday = t - timedelta(days=t.weekday())
    simple: dict[str, tuple[date, date]] = {
        "今日": (t, t),
        "昨日": (t - timedelta(days=1), t - timedelta(days=1)),
        "一昨日": (t - timedelta(days=2), t - timedelta(days=2)),
        "先週": tx.calendar_previous(t, "week"),
        "先々週": (monday - timedelta(days=14), monday - timedelta(days=8)),
        "今週": (monday, t),
        "先月": tx.calendar_previous(t, "month"),
        "先々月": tx.month_bounds(*tx.month_shift(t, -2)),
        "今月": (t.replace(day=1), t),
        "去年": tx.calendar_previous(t, "year"),
        "今年": (date(t.year, 1, 1), t),
        "先週末": (monday - timedelta(days=2), monday - timedelta(days=1)),
        "今週末": (monday + timedelta(days=5), monday + timedelta(days=6)),
    }
    aliases = {"本日": "今日", "きょう": "今日", "きのう": "昨日", "おととい": "一昨日"}
    aliases |= {"おとつい": "一昨日", "昨年": "去年"}
    w = aliases.get(w, w)
    if w in simple:
        return *simple[w], None
    if w == "今朝":
        return t, t, MORNING
    if w in ("今夜", "今晩"):
        return t, t, (time(18), time(23, 59, 59))
    return t - timedelta(days=1), t, NIGHT  # 昨夜, 昨晩, ゆうべ: last night, past midnight too


def _rel_hit(m: re.Match[str], start: date, end: date, part: tuple[time, time] | None) -> Hit:
    ops: list[TableOp] = [WhereDate(start=start, end=end)]
    what = str(start) if start == end else f"{start}–{end}"
    if part is not None:
        ops.append(WhereTimeOfDay(start=part[0], end=part[1]))
        what += f" {part[0]:%H:%M}–{part[1]:%H:%M}"
    return Hit(*m.span(), "rel", ops, _note(m, what))


def find_ja_relative(text: str, ctx: Ctx) -> list[Hit]:
    t = ctx.today
    hits = []
    for m in _WEEK_WEEKDAY.finditer(text):
        monday = t - timedelta(days=t.weekday()) + timedelta(weeks=_WEEK_SHIFT[m.group("wk")])
        d = monday + timedelta(days=WEEKDAYS_JA[m.group("w")] - 1)
        hits.append(_rel_hit(m, d, d, None))
    for m in _AGO.finditer(text):
        n = parse_ja_number(m.group("n"))
        if n is not None:
            start, end, what = tx.ago_range(t, n, _unit(m.group("unit")))
            hits.append(Hit(*m.span(), "rel", [WhereDate(start=start, end=end)], _note(m, what)))
    for m in _PAST.finditer(text):
        n = parse_ja_number(m.group("n"))
        if n:
            start = tx.past_start(t, n, _unit(m.group("unit")))
            hits.append(_rel_hit(m, start, t, None))
    for m in _DAY_WORDS.finditer(text):
        hits.append(_rel_hit(m, *_day_word(ctx, m.group(0))))
    return hits


# --- calendar dates and weekdays -----------------------------------------------------------

_CALENDAR = re.compile(
    rf"(?:(?P<y>(?:19|20)\d{{2}})年)?(?P<m>{NUM})月(?:(?P<d>{NUM})日(?!間|前))?"
    rf"|(?P<y2>(?:19|20)\d{{2}})/(?P<m2>\d{{1,2}})/(?P<d2>\d{{1,2}})"
    rf"|(?P<y3>(?:19|20)\d{{2}})年(?![\d０-９]|前|間)"
)


def find_ja_calendar(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _CALENDAR.finditer(text):
        hit = _calendar_hit(m, ctx)
        if hit is not None:
            hits.append(hit)
    return hits


def _calendar_hit(m: re.Match[str], ctx: Ctx) -> Hit | None:
    g = m.groupdict()
    if g["y3"]:
        y = int(g["y3"])
        return Hit(*m.span(), "range_abs", [WhereDate(start=date(y, 1, 1), end=date(y, 12, 31))],
                   _note(m, str(y)))  # fmt: skip
    year = int(g["y"] or g["y2"]) if (g["y"] or g["y2"]) else None
    month = parse_ja_number(g["m"] or g["m2"])
    day_text = g["d"] or g["d2"]
    if not month or not 1 <= month <= 12:
        return None
    if day_text is None:
        year = year or resolve_month(ctx, month)
        start, end = tx.month_bounds(year, month)
        op = WhereMonth(month=month, year=year)
        return Hit(*m.span(), "range_abs", [op], _note(m, f"{start}–{end}"))
    day = parse_ja_number(day_text)
    d = tx.safe_date(year, month, day) if year and day else None
    if year is None and day:
        d = resolve_day(ctx, month, day)
    if d is None:
        return None
    return Hit(*m.span(), "day_abs", [WhereDate(start=d, end=d)], _note(m, str(d)))


_WEEKDAY = re.compile(rf"(?<!何)(?P<every>毎週)?{_WD}(?P<pl>ごと|毎)?")


def find_ja_weekdays(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _WEEKDAY.finditer(text):
        wd = WEEKDAYS_JA[m.group("w")]
        name = tx.WEEKDAY_NAMES[wd]
        if m.group("every") or m.group("pl"):
            op = WhereWeekday(days=[wd])
            hits.append(Hit(*m.span(), "filter", [op], _note(m, f"any {name}"), weekday=wd))
            continue
        d = weekday_with_data(ctx, tx.previous_weekday(ctx.today, wd))
        op2 = WhereDate(start=d, end=d)
        hits.append(Hit(*m.span(), "weekday", [op2], _note(m, str(d)), weekday=wd))
    return hits


# --- time of day ---------------------------------------------------------------------------

_PARTS = {
    "午前中": (time(0), time(11, 59, 59)),
    "午前": (time(0), time(11, 59, 59)),
    "午後": (time(12), time(23, 59, 59)),
    "早朝": (time(4), time(7, 59, 59)),
    "朝": MORNING,
    "昼間": (time(10), time(15, 59, 59)),
    "昼": (time(11), time(13, 59, 59)),
    "夕方": (time(16), time(18, 59, 59)),
    "深夜": (time(23), time(4, 59, 59)),
    "夜": NIGHT,
    "晩": NIGHT,
}
_PART_WORDS = "|".join(sorted(_PARTS, key=len, reverse=True))
# A part of the day used as one: after a day ("火曜日の夜", "昨日朝") or before a particle.
_PART = re.compile(
    rf"(?P<p>{_PART_WORDS})"
    r"(?=に|は|から|頃|ごろ|の(?:会話|話|うち|間|チャット|トーク|メッセージ)|、|[？?]|$)"
    rf"|(?<=[日曜]|の)(?P<q>{_PART_WORDS})(?!ご?飯|食|ごはん|練|活|礼|刊)"
)
_CLOCK = re.compile(
    rf"(?P<ap>午前|午後)?(?P<h>{NUM})時(?:(?P<min>{NUM})分|(?P<half>半))?"
    r"(?P<w>以降|以後|から|過ぎ|すぎ|より後|まで|より前|以前|前|頃|ごろ|くらい|ぐらい)"
)
_CLOCK_WORD = {"まで": "before", "より前": "before", "以前": "before", "前": "before"}
_CLOCK_WORD |= {"頃": "around", "ごろ": "around", "くらい": "around", "ぐらい": "around"}


def find_ja_time_of_day(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _CLOCK.finditer(text):
        t = _clock(m)
        if t is not None:
            a, b = tx.clock_window(_CLOCK_WORD.get(m.group("w"), "after"), t)
            op = WhereTimeOfDay(start=a, end=b)
            hits.append(Hit(*m.span(), "filter", [op], _note(m, f"{a:%H:%M}–{b:%H:%M}")))
    for m in _PART.finditer(text):
        start, end = _PARTS[m.group("p") or m.group("q")]
        op = WhereTimeOfDay(start=start, end=end)
        hits.append(Hit(*m.span(), "filter", [op], _note(m, f"{start:%H:%M}–{end:%H:%M}")))
    return hits


def _clock(m: re.Match[str]) -> time | None:
    hour = parse_ja_number(m.group("h"))
    minute = 30 if m.group("half") else parse_ja_number(m.group("min") or "0")
    if hour is None or minute is None:
        return None
    if m.group("ap") == "午後" and hour < 12:
        hour += 12
    return time(hour, minute) if hour < 24 and minute < 60 else None


JA_RULES = [
    find_ja_sessions,
    find_ja_relative,
    find_ja_calendar,
    find_ja_weekdays,
    find_ja_time_of_day,
]


# --- speakers and what is left of the question ---------------------------------------------

_ME_JA = r"(?:私|わたし|あたし|僕|ぼく|俺|おれ|自分)"
_SPEECH_JA = r"(?:言っ|言い|話し|送っ|書い|聞い|教え|伝え|提案し|答え|返信し|相談し)"


def find_ja_speakers(text: str, ctx: Ctx) -> list[Hit]:
    """「アキが言ったこと」「私は何て言った？」: messages written by that person."""
    people = [(n, re.escape(n) + r"(?:さん|くん|君|ちゃん)?") for n in ctx.speakers]
    if ctx.me:
        people.append((ctx.me, _ME_JA))
    found = [(name, m) for name, rx in people if (m := _speaker_match(rx, text))]
    if len({name for name, _ in found}) != 1:
        return []  # none, or two people: the answer may be either one's message
    name, m = found[0]
    note = f"{name} → messages written by {name}"
    return [Hit(*m.span(), "speaker", [WhereSpeaker(names=[name])], note, removable=False)]


def _speaker_match(who: str, text: str) -> re.Match[str] | None:
    rx = rf"{who}(?:は|が|の方から)[^。？?]{{0,20}}?{_SPEECH_JA}|{who}の(?:発言|メッセージ)"
    if re.search(rf"{who}(?:と|とか|や)|(?:と|や){who}", text):
        return None  # 「アキと私」: both sides of the conversation
    return re.search(rx, text)


_GENERIC_JA = sorted(
    [
        "について",
        "についての",
        "に関して",
        "に関する",
        "何を",
        "何の",
        "何か",
        "何て",
        "何と",
        "なにを",
        "なにか",
        "なんて",
        "何",
        "どんな",
        "どういう",
        "どのような",
        "いつ",
        "話しました",
        "話していた",
        "話してた",
        "話した",
        "話して",
        "話そう",
        "話をした",
        "話をしました",
        "の話",
        "話題",
        "会話",
        "チャット",
        "トーク",
        "やりとり",
        "やり取り",
        "メッセージ",
        "内容",
        "こと",
        "要約して",
        "要約",
        "まとめて",
        "まとめ",
        "教えて",
        "ください",
        "下さい",
        "振り返って",
        "振り返り",
        "思い出して",
        "私たち",
        "僕たち",
        "俺たち",
        "僕ら",
        "私",
        "僕",
        "俺",
        "わたし",
        "二人",
        "ふたり",
        "言っていた",
        "言ってた",
        "言った",
        "言って",
        "だっけ",
        "っけ",
        "でしたか",
        "ましたか",
        "でした",
        "ました",
        "ですか",
        "です",
        "ます",
        "したか",
        "した",
        "して",
        "あった",
        "ありましたか",
        "ありました",
        "出来事",
        "全部",
        "全て",
        "すべて",
        "みんな",
    ],
    key=len,
    reverse=True,
)
_GENERIC_RX = re.compile("|".join(map(re.escape, _GENERIC_JA)))
_EDGE = "はがをにでのともかってねよへや、。，．？?！!…・「」『』 　"


def ja_content(
    question: str, hits: list[Hit], speakers: list[str], generic: frozenset[str] = frozenset()
) -> str:
    """The topic words left once time spans, question words and particles are removed.

    `generic` holds English question words, for mixed questions ("What did アキ say?").
    """
    text = question
    for h in sorted(hits, key=lambda h: h.start, reverse=True):
        text = text[: h.start] + "、" + text[h.end :]
    pieces = []
    for piece in re.split(r"[、。，．？?！!\s]+", _GENERIC_RX.sub("、", text)):
        piece = piece.strip(_EDGE)
        for name in speakers:
            piece = re.sub(rf"^{re.escape(name)}(?:さん|くん|ちゃん)?$", "", piece)
        if piece.lower() in generic:
            continue
        if len(piece) >= 2 or (re.fullmatch(r"[\u4e00-\u9fff]", piece) and piece not in "話何"):
            pieces.append(piece)
    return " ".join(pieces)
