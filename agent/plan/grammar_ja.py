"""The Japanese time grammar: the same anchors and modifiers as agent.plan.grammar.

    month    := [YYYY年]N月 | 先月 | 今月 | 先々月
    anchor   := month の 第N 曜日 | month の 最初/最後 の 曜日
              | month の 上旬/中旬/下旬/初め/半ば/末
              | [month] N日 から [month] N日 まで | 祝日 (クリスマス, 大晦日, 元日 ...) | 季節
    span     := day 以降 / から (since) | day まで (until) | day より前 / 以前 (before) | day より後
    pick     := N回目 / 最初 / 最後 の 曜日 [の 会話] | 曜日 の N回目 の 会話 | 最後に 話した
    filter   := 週末 / 土日 / 土曜と日曜 (Saturday and Sunday)

Calendar arithmetic is agent.plan.anchors'; findings are planner `Hit`s like the English ones.
These rules run before agent.plan.timeexpr_ja's, which still read plain dates and relative days.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from agent.plan import anchors as an
from agent.plan import timeexpr as tx
from agent.plan.rules import Ctx, Hit, resolve_day, resolve_month
from agent.plan.timeexpr_ja import NUM, SESSION_JA, WEEKDAYS_JA, parse_ja_number
from memory_store.query.table_ops import WhereDate, WhereWeekday

__all__ = ["JA_GENERIC", "JA_GRAMMAR_RULES"]

MONTH = rf"(?:(?:(?:19|20)\d{{2}}年)?{NUM}月|先々月|先月|今月)"
_WD = r"[月火水木金土日]曜(?:日)?"
DAY = rf"(?:(?:(?:19|20)\d{{2}}年)?(?:{NUM}月)?{NUM}日)"
HOLIDAY_NAMES = {
    "クリスマスイブ": "christmas eve", "クリスマス・イブ": "christmas eve",
    "イブ": "christmas eve", "クリスマス": "christmas", "大晦日": "new year's eve",
    "大みそか": "new year's eve", "元日": "new year's day", "元旦": "new year's day",
    "バレンタインデー": "valentine's day", "バレンタイン": "valentine's day",
    "ゴールデンウィーク": "golden week", "GW": "golden week", "ハロウィン": "halloween",
    "ハロウィーン": "halloween", "イースター": "easter",
}  # fmt: skip
HOLIDAY = "|".join(sorted(map(re.escape, HOLIDAY_NAMES), key=len, reverse=True))
_SEASONS = {"春": "spring", "夏": "summer", "秋": "autumn", "冬": "winter"}
_PARTS = {
    "上旬": "early", "初旬": "early", "初め": "early", "はじめ": "early", "頭": "early",
    "中旬": "mid", "半ば": "mid", "なかば": "mid", "下旬": "late", "終わり": "late",
    "おわり": "late", "末": "late",
}  # fmt: skip
_PART = "|".join(sorted(_PARTS, key=len, reverse=True))
_ORD = rf"(?:最初|初めて|はじめて|最後|{NUM}回目|{NUM}番目)"

# Words a Japanese time question ends with that carry no topic.
JA_GENERIC = frozenset(
    {
        "だった",
        "何だった",
        "だっけ",
        "話したっけ",
        "何話した",
        "何話したっけ",
        "話した",
        "内容は",
        "内容",
        "会話は",
        "教えて",
    }  # fmt: skip
)


def month_ref(ctx: Ctx, text: str) -> tuple[int, int] | None:
    shifts = {"先々月": -2, "先月": -1, "今月": 0}
    if text in shifts:
        return tx.month_shift(ctx.today, shifts[text])
    m = re.fullmatch(rf"(?:((?:19|20)\d{{2}})年)?({NUM})月", text)
    month = parse_ja_number(m.group(2)) if m else None
    if m is None or not month or not 1 <= month <= 12:
        return None
    return (int(m.group(1)) if m.group(1) else resolve_month(ctx, month)), month


def day_of(ctx: Ctx, text: str, month_hint: tuple[int, int] | None = None) -> date | None:
    m = re.fullmatch(rf"(?:((?:19|20)\d{{2}})年)?(?:({NUM})月)?({NUM})日", text)
    if m is None:
        return None
    day = parse_ja_number(m.group(3))
    month = parse_ja_number(m.group(2)) if m.group(2) else None
    if not day:
        return None
    if month is None:
        if month_hint is None:
            return None
        return tx.safe_date(month_hint[0], month_hint[1], day)
    if m.group(1):
        return tx.safe_date(int(m.group(1)), month, day)
    return resolve_day(ctx, month, day)


def holiday_days(ctx: Ctx, word: str) -> tuple[date, date] | None:
    fn = an.HOLIDAYS[HOLIDAY_NAMES[word]]
    today = ctx.today
    for year in range(today.year, today.year - 7, -1):
        span = fn(year)
        if span[0] <= today and ctx.has_data(*span):
            return span
    for year in range(today.year, today.year - 2, -1):
        if fn(year)[0] <= today:
            return fn(year)
    return None


def hit(m: re.Match[str], a: date, b: date, what: str = "") -> Hit:
    days = str(a) if a == b else f"{a}–{b}"
    kind = "day_abs" if a == b else "range_abs"
    return Hit(
        m.start(), m.end(), kind, [WhereDate(start=a, end=b)], f"{m.group(0)} → {what}{days}"
    )


_NTH_WD = re.compile(
    rf"(?P<m>{MONTH})の?(?:第(?P<n>{NUM})|(?P<o>最初|最後)の)(?P<w>[月火水木金土日])曜(?:日)?"
)
_MONTH_PART = re.compile(rf"(?P<m>{MONTH})の?(?P<p>{_PART})(?:頃|ごろ)?")
_SPAN = re.compile(rf"(?P<a>{DAY})(?:から|〜|～|-|–)(?P<b>{DAY})(?:まで(?:の間)?|の間)?")
_OPEN = re.compile(
    rf"(?P<d>{DAY}|{HOLIDAY})(?P<w>以降|以後|から|まで|より前|以前|の前|より後|の後)"
)
_HOLIDAY_RX = re.compile(HOLIDAY)
_SEASON_RX = re.compile(
    r"(?P<p>去年|昨年|今年|この|今|(?P<y>(?:19|20)\d{2})年)の?(?P<s>[春夏秋冬])"
    r"|(?<![\u4e00-\u9fff])(?P<s2>[春夏秋冬])(?=に|の会話|の話|、|は)"
)


def find_ja_anchors(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _NTH_WD.finditer(text):
        ym = month_ref(ctx, m.group("m"))
        n = parse_ja_number(m.group("n")) if m.group("n") else (1 if m.group("o") == "最初" else -1)
        d = an.nth_weekday(*ym, WEEKDAYS_JA[m.group("w")], n) if ym and n else None
        if d:
            hits.append(hit(m, d, d))
    for m in _MONTH_PART.finditer(text):
        ym = month_ref(ctx, m.group("m"))
        if ym:
            hits.append(hit(m, *an.month_part(*ym, _PARTS[m.group("p")])))
    for m in _SPAN.finditer(text):
        hits.extend(_span(ctx, m))
    for m in _OPEN.finditer(text):
        hits.extend(_open(ctx, m))
    for m in _HOLIDAY_RX.finditer(text):
        span = holiday_days(ctx, m.group(0))
        if span:
            hits.append(hit(m, *span))
    for m in _SEASON_RX.finditer(text):
        hits.append(_season(ctx, m))
    return hits


def _span(ctx: Ctx, m: re.Match[str]) -> list[Hit]:
    a_text, b_text = m.group("a"), m.group("b")
    ma = re.match(rf"(?:(?:19|20)\d{{2}}年)?{NUM}月", a_text)
    hint = month_ref(ctx, ma.group(0)) if ma else None
    if hint is None:  # "3日から10日まで": this month, or the last one if the 3rd is still ahead
        first = parse_ja_number(re.sub(r"日$", "", a_text)) or 1
        hint = tx.month_shift(ctx.today, 0 if first <= ctx.today.day else -1)
    a = day_of(ctx, a_text, hint)
    b = day_of(ctx, b_text, (a.year, a.month) if a else hint)
    if a and b and b < a and not re.search("年", b_text):
        b = tx.safe_date(b.year + 1, b.month, b.day)
    if not (a and b and a <= b):
        return []
    return [hit(m, a, b)]


def _open(ctx: Ctx, m: re.Match[str]) -> list[Hit]:
    word = m.group("d")
    span = holiday_days(ctx, word) if word in HOLIDAY_NAMES else None
    d = day_of(ctx, word, tx.month_shift(ctx.today, 0)) if span is None else None
    lo, hi = span if span else ((d, d) if d else (None, None))
    if lo is None or hi is None:
        return []
    w = m.group("w")
    past = date(1900, 1, 1)
    if w in ("以降", "以後", "から"):
        return [hit(m, lo, max(ctx.today, lo), "since ")]
    if w == "まで":
        return [hit(m, past, hi, "until ")]
    if w in ("より後", "の後"):
        after = hi + timedelta(days=1)
        return [hit(m, after, max(ctx.today, after), "after ")]
    return [hit(m, past, lo - timedelta(days=1), "before ")]


def _season(ctx: Ctx, m: re.Match[str]) -> Hit:
    name = _SEASONS[m.group("s") or m.group("s2")]
    p = m.group("p") or ""
    if m.group("y"):
        start, end = an.season(name, int(m.group("y")))
    elif p in ("去年", "昨年"):
        start, end = (
            an.season_for(name, ctx.today, "last")
            if name == "winter"
            else an.season(name, ctx.today.year - 1)
        )
    elif p == "今年":
        start, end = an.season(name, ctx.today.year)
    else:
        start, end = an.season_for(name, ctx.today, "this")
    return hit(m, start, end, f"{name} ")


_PICK_WD = re.compile(
    rf"(?P<o>{_ORD})の(?P<w>[月火水木金土日])曜(?:日)?(?:の{SESSION_JA}|に話した{SESSION_JA}?)?"
    rf"|(?P<w2>[月火水木金土日])曜(?:日)?(?:の|に話した)(?P<o2>{_ORD})の{SESSION_JA}"
)
_PICK_WORD = re.compile(r"(?P<o>最後|最初)に(?=話|し|会話|チャット|やり)")
_WEEKEND = re.compile(r"(?<![先今来])週末|土日|土曜(?:日)?と日曜(?:日)?")


def _ord(word: str) -> int | None:
    if word in ("最初", "初めて", "はじめて"):
        return 1
    if word == "最後":
        return -1
    return parse_ja_number(re.sub(r"(?:回目|番目)$", "", word))


def find_ja_picks(text: str, ctx: Ctx) -> list[Hit]:
    hits = []
    for m in _PICK_WD.finditer(text):
        n = _ord(m.group("o") or m.group("o2"))
        if not n:
            continue
        wd = WEEKDAYS_JA[m.group("w") or m.group("w2")]
        what = "the last session" if n == -1 else f"session #{n} in order"
        note = f"{m.group(0)} → {what} on a {tx.WEEKDAY_NAMES[wd]}"
        op = WhereWeekday(days=[wd])
        hits.append(Hit(m.start(), m.end(), "filter", [op], note, weekday=wd))
        hits.append(Hit(m.end(), m.end(), "ordinal", [], note, n=n))
    for m in _PICK_WORD.finditer(text):
        n = -1 if m.group("o") == "最後" else 1
        what = "the last session" if n == -1 else "session #1 in order"
        hits.append(Hit(m.start(), m.end(), "ordinal", [], f"{m.group(0)} → {what}", n=n))
    for m in _WEEKEND.finditer(text):
        op = WhereWeekday(days=[6, 7])
        hits.append(Hit(m.start(), m.end(), "filter", [op], f"{m.group(0)} → Saturday and Sunday"))
    return hits


JA_GRAMMAR_RULES = [find_ja_anchors, find_ja_picks]
