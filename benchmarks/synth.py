"""A deterministic synthetic chat history, for speed benchmarks only (never for quality numbers).

`generate(n, seed)` returns exactly n messages spread over `years` years and over about
n / 3,000 conversations of very different sizes (Zipf-like): direct chats (2 speakers) and
groups (3-10). Each conversation is English, Japanese or mixed (Japanese with English words, and
both languages in one chat). Sessions arrive with heavy-tailed gaps (bursts of busy weeks, then
quiet months); inside a session replies come seconds to minutes apart, with the odd multi-hour
pause. Texts are drawn from topic templates with names, places, dates, times and amounts in them,
plus short fillers and stickers, so BM25 sees a realistic Zipf vocabulary.

`write_jsonl` writes memlane's JSONL format (memory_store/importers/jsonl.py);
`write_line` writes one LINE .txt export per conversation (memory_store/importers/line.py).
`questions` draws a mixed question set (content, time-only, time + content) for latency runs.

    python -m benchmarks.synth --messages 10000 --out /tmp/synth   # both formats
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

ME = "Sam"
EN_NAMES = tuple(
    [
        "Aki",
        "Ben",
        "Chloe",
        "Dan",
        "Emma",
        "Farid",
        "Grace",
        "Hiro",
        "Ines",
        "Jun",
        "Kate",
        "Leo",
        "Maya",
        "Nora",
        "Omar",
        "Priya",
        "Quinn",
        "Rosa",
        "Taro",
        "Uma",
        "Victor",
        "Wen",
        "Yuki",
        "Zoe",
        "Alex",
        "Bea",
        "Carlos",
        "Dara",
        "Eli",
        "Fumi",
    ]
)
JA_NAMES = tuple(
    [
        "健太",
        "美咲",
        "翔",
        "さくら",
        "陽菜",
        "大輔",
        "結衣",
        "拓海",
        "葵",
        "蓮",
        "真央",
        "優斗",
        "彩",
        "直樹",
        "千尋",
        "亮",
    ]
)
GROUPS_EN = ("Climbing crew", "Family", "Book club", "Team Falcon", "Flatmates", "Uni friends")
GROUPS_JA = ("大学の友達", "家族", "職場チーム", "登山部", "料理教室", "同期会")
CITIES = ("Kyoto", "Osaka", "Lisbon", "Berlin", "Seoul", "Taipei", "Sapporo", "Boston", "Rome")
CITIES_JA = ("京都", "大阪", "札幌", "福岡", "金沢", "那覇", "仙台", "横浜", "神戸")
FOODS = ("ramen", "sushi", "curry", "tacos", "pho", "dumplings", "pizza", "udon", "bibimbap")
FOODS_JA = ("ラーメン", "寿司", "カレー", "焼肉", "うどん", "餃子", "天ぷら", "お好み焼き")
PLACES = ("the station", "Riverside mall", "the office", "Central park", "the harbour", "downtown")
PLACES_JA = ("駅前", "渋谷", "会社の近く", "商店街", "駅ビル", "公園の横")
ITEMS = ("laptop", "bike", "headphones", "camera", "desk chair", "rice cooker", "phone case")
PROJECTS = (
    "Falcon",
    "billing migration",
    "Q3 report",
    "mobile app",
    "data warehouse",
    "onboarding",
)
PETS = ("Mochi", "Biscuit", "Kuro", "Pepper")
SURNAMES = ("Patel", "Tanaka", "Silva", "Kim", "Okafor", "Novak")
BANDS = ("the Weekenders", "Yorushika", "Blue Harbour", "King Gnu", "Sora Quartet")
SUBJECTS = ("statistics", "Japanese", "biology", "tax law", "piano")
_WD_JA = "月火水木金土日"

# topic -> (English templates, Japanese templates, mixed templates)
TOPICS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "dentist": (
        (
            "I have a dentist appointment on {day} at {time}",
            "Dr. {surname} said I need a filling on the left side",
            "my tooth still hurts after the cleaning",
            "did you find a new dentist near {place}?",
        ),
        (
            "{day_ja}の{time_ja}に歯医者の予約がある",
            "{surname}先生に詰め物が必要って言われた",
            "クリーニングの後まだ歯が痛い",
        ),
        ("歯医者のappointment、{day_ja}に変更した", "dentistの{surname}先生、すごく丁寧だった"),
    ),
    "travel": (
        (
            "booked the flight to {city} for {day}",
            "the hotel in {city} was amazing, {num} floors with a rooftop onsen",
            "should we take the night train to {city}?",
            "passport renewal takes {num} weeks, don't forget",
        ),
        (
            "{city_ja}行きの新幹線を{day_ja}で予約したよ",
            "{city_ja}の旅館すごく良かった",
            "{city_ja}まで夜行バスで行く？",
        ),
        ("{city_ja}へのflight、{day_ja}で予約した", "{city}のhotelのcheck-inは{time_ja}から"),
    ),
    "food": (
        (
            "want to try the new {food} place near {place}?",
            "the {food} at {place} was way too spicy",
            "I'm cooking {food} tonight, come over at {time}",
        ),
        (
            "{place_ja}の新しい{food_ja}屋さん行ってみない？",
            "今日のランチは{food_ja}だった",
            "{food_ja}作りすぎたから食べに来て",
        ),
        ("{place_ja}の{food}、めっちゃspicyだった", "今夜{food_ja}のpartyしよう"),
    ),
    "work": (
        (
            "the {project} deadline moved to {day}",
            "meeting with {name} about {project} at {time}",
            "I think I'll ask for a raise after the {project} launch",
            "the interview for the senior role is on {day}",
        ),
        (
            "{project}の締め切りが{day_ja}に延びた",
            "{time_ja}から{name}さんと打ち合わせ",
            "面接は{day_ja}になった",
        ),
        ("{project}のdeadline、{day_ja}に延びた", "明日の{time_ja}からmeetingでOK?"),
    ),
    "moving": (
        (
            "signed the lease for the apartment in {city}",
            "the movers come on {day} between 9 and {time}",
            "need more boxes for the kitchen stuff",
        ),
        ("{city_ja}のアパートの契約した", "引っ越し業者は{day_ja}に来る", "段ボールが足りない"),
        ("引っ越しのmovers、{day_ja}に来るって", "新しいapartmentの家賃は{num}万円"),
    ),
    "sports": (
        (
            "bouldering at the Vertical gym tonight?",
            "ran {num} km this morning before work",
            "the {band} game on {day} got cancelled",
        ),
        ("今夜ボルダリング行く？", "今朝{num}キロ走った", "{day_ja}の試合は中止だって"),
        ("今夜boulderingどう？", "marathonの練習で{num}km走った"),
    ),
    "pets": (
        (
            "{pet} threw up again this morning",
            "vet appointment for {pet} on {day} at {time}",
            "{pet} learned to open the fridge",
        ),
        ("{pet}がまた吐いた", "{day_ja}に{pet}を動物病院に連れて行く", "{pet}が冷蔵庫を開けた"),
        ("{pet}のvet、{day_ja}の{time_ja}から", "{pet}のfood変えたら元気になった"),
    ),
    "shopping": (
        (
            "ordered a new {item} for {num} dollars",
            "the {item} arrived broken, sending it back",
            "is the {item} on sale at {place}?",
        ),
        ("新しい{item_ja}を{num}円で買った", "届いた{item_ja}が壊れてた"),
        ("{item}がsaleで{num}%オフ", "Amazonで{item}頼んだ"),
    ),
    "family": (
        (
            "mom's birthday is on {day}, what should we get her?",
            "visiting my parents in {city} next weekend",
            "grandma is out of the hospital",
        ),
        ("母の誕生日は{day_ja}だよ", "来週末{city_ja}の実家に帰る", "おばあちゃん退院した"),
        ("母のbirthday presentどうする？", "{city_ja}の実家でBBQ"),
    ),
    "study": (
        (
            "the {subject} exam is on {day}",
            "finished the {subject} assignment at 2am",
            "want to study together at the library at {time}?",
        ),
        ("{day_ja}に{subject_ja}の試験がある", "{subject_ja}の課題やっと終わった"),
        ("{subject}のexam、{day_ja}だって", "図書館でstudy sessionしよう"),
    ),
    "music": (
        (
            "got tickets for {band} at {place} on {day}",
            "the {band} concert was incredible",
            "doors open at {time}, meet at the entrance",
        ),
        ("{day_ja}の{band}のライブのチケット取れた", "{band}のライブ最高だった"),
        ("{band}のlive、{time_ja}開場", "{band}のnew album聴いた？"),
    ),
    "health": (
        (
            "caught a cold, staying home today",
            "the doctor said to rest for {num} days",
            "started physio for my knee on {day}",
        ),
        ("風邪ひいたから今日は休む", "医者に{num}日休めって言われた", "膝のリハビリ始めた"),
        ("風邪でwork from homeにした", "膝のphysio、{day_ja}から"),
    ),
}
FILLERS_EN = (
    "ok",
    "lol",
    "sounds good",
    "haha yes",
    "see you then",
    "really?",
    "nice!",
    "wait what",
    "on my way",
    "good morning",
    "good night",
    "thanks!",
    "no worries",
    "👍",
)
FILLERS_JA = ("了解", "おけ", "笑", "ありがとう！", "おやすみ", "おはよう", "まじで？", "いいね")
TAILS_EN = (
    "after work",
    "if it doesn't rain",
    "with my sister",
    "before the weekend",
    "no rush though",
    "apparently",
    "for real this time",
    "unless {name} wants to join",
    "around {hh}:{mm}",
    "can you check?",
    "we'll see",
    "{n} people are coming",
)
TAILS_JA = (
    "仕事のあとで",
    "雨じゃなければ",
    "妹と一緒に",
    "週末までに",
    "急がなくていいよ",
    "{hh}:{mm}ごろ",
)
SYLLABLES = ("ka", "ri", "mo", "to", "na", "shi", "ze", "lu", "po", "va", "de", "ko", "mi", "su")
STICKERS = {"en": "[Sticker]", "ja": "[スタンプ]"}
MONTHS = tuple(
    [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ]
)


@dataclass(frozen=True, slots=True)
class SynthMessage:
    conversation: str
    speaker: str
    ts: datetime
    text: str
    kind: str = "text"


@dataclass(frozen=True)
class Conversation:
    name: str
    speakers: tuple[str, ...]
    lang: str  # en, ja or mixed
    group: bool


def _conversations(n: int, rng: random.Random) -> list[tuple[Conversation, int]]:
    """Conversations with their message counts (Zipf-like sizes summing to n)."""
    n_conv = max(3, min(500, round(n / 3000)))
    weights = [1 / (r + 1) ** 0.9 for r in range(n_conv)]
    total = sum(weights)
    counts = [max(1, math.floor(n * w / total)) for w in weights]
    counts[0] += n - sum(counts)  # the largest chat absorbs rounding
    convs: list[tuple[Conversation, int]] = []
    used: set[str] = set()
    for i, count in enumerate(counts):
        lang = rng.choices(("en", "ja", "mixed"), (0.45, 0.35, 0.2))[0]
        pool = EN_NAMES if lang == "en" else JA_NAMES + tuple(EN_NAMES[:8])
        group = rng.random() < 0.4
        others = rng.sample(pool, rng.randint(2, 9) if group else 1)
        if group:
            base = rng.choice(GROUPS_EN if lang == "en" else GROUPS_JA)
            name = base if base not in used else f"{base} {i}"
        else:
            name = others[0] if others[0] not in used else f"{others[0]} {i}"
        used.add(name)
        convs.append((Conversation(name, (ME, *others), lang, group), count))
    return convs


def _session_lengths(count: int, rng: random.Random) -> list[int]:
    out: list[int] = []
    while sum(out) < count:
        # Geometric-ish with a heavy tail: most sessions are short, a few run to 100+ turns.
        out.append(max(1, int(rng.paretovariate(1.6) * 4)))
    out[-1] -= sum(out) - count
    return [x for x in out if x > 0]


def _fill(
    template: str, rng: random.Random, speakers: Sequence[str], when: datetime, **extra: str
) -> str:
    day = when + timedelta(days=rng.randint(1, 40))
    hour = rng.randint(8, 21)
    values = {
        "day": f"{MONTHS[day.month - 1]} {day.day}",
        "day_ja": f"{day.month}月{day.day}日",
        "time": f"{hour % 12 or 12}{'pm' if hour >= 12 else 'am'}",
        "time_ja": f"{hour}時",
        "name": rng.choice(speakers),
        "surname": rng.choice(SURNAMES),
        "city": rng.choice(CITIES),
        "city_ja": rng.choice(CITIES_JA),
        "food": rng.choice(FOODS),
        "food_ja": rng.choice(FOODS_JA),
        "place": rng.choice(PLACES),
        "place_ja": rng.choice(PLACES_JA),
        "item": rng.choice(ITEMS),
        "item_ja": rng.choice(("ノートパソコン", "自転車", "イヤホン", "カメラ", "炊飯器")),
        "project": rng.choice(PROJECTS),
        "pet": rng.choice(PETS),
        "band": rng.choice(BANDS),
        "subject": rng.choice(SUBJECTS),
        "subject_ja": rng.choice(("統計", "英語", "生物", "税法", "ピアノ")),
        "num": str(rng.randint(2, 90)),
    }
    return template.format(**values, **extra)


def _text(conv: Conversation, topic: str, rng: random.Random, when: datetime) -> tuple[str, str]:
    """(text, kind) of one message."""
    lang = conv.lang if conv.lang != "mixed" else rng.choice(("en", "ja", "mixed"))
    roll = rng.random()
    if roll < 0.04:
        return STICKERS["en" if lang == "en" else "ja"], "media"
    if roll < 0.3:
        return rng.choice(FILLERS_EN if lang == "en" else FILLERS_JA), "text"
    en, ja, mixed = TOPICS[topic]
    templates = {"en": en, "ja": ja, "mixed": mixed}[lang]
    text = _fill(rng.choice(templates), rng, conv.speakers, when)
    if rng.random() < 0.5:
        # A tail and a rare word make most texts unique and give BM25 a long vocabulary tail,
        # as typos, nicknames and slang do in real chats.
        tail = rng.choice(TAILS_EN if lang == "en" else TAILS_JA)
        hh, mm = str(rng.randint(7, 23)), f"{rng.randint(0, 59):02d}"
        word = "".join(rng.choices(SYLLABLES, k=rng.randint(2, 4)))
        text += " " + tail.format(
            name=rng.choice(conv.speakers), hh=hh, mm=mm, n=rng.randint(2, 30)
        )
        text += f" {word}" if rng.random() < 0.3 else ""
    if rng.random() < 0.25:
        text += (". " if lang == "en" else "。") + _fill(
            rng.choice(templates), rng, conv.speakers, when
        )
    return text, "text"


def _conversation_messages(
    conv: Conversation, count: int, start: datetime, end: datetime, rng: random.Random
) -> list[SynthMessage]:
    lengths = _session_lengths(count, rng)
    # Heavy-tailed gaps between sessions, scaled to the conversation's active span.
    span_start = start + (end - start) * rng.uniform(0, 0.5)
    gaps = [rng.lognormvariate(0, 1.4) for _ in lengths]
    scale = (end - span_start).total_seconds() / sum(gaps)
    out: list[SynthMessage] = []
    t0 = span_start
    topics = list(TOPICS)
    for length, gap in zip(lengths, gaps, strict=True):
        t0 += timedelta(seconds=gap * scale)
        day = t0.replace(hour=0, minute=0, second=0, microsecond=0)
        ts = day + timedelta(hours=rng.choice((7, 8, 12, 13, 18, 19, 20, 21, 22)))
        ts += timedelta(seconds=rng.randint(0, 3599))
        session_topics = rng.sample(topics, 2)
        speaker = rng.choice(conv.speakers)
        for _ in range(length):
            topic = session_topics[0] if rng.random() < 0.7 else session_topics[1]
            text, kind = _text(conv, topic, rng, ts)
            out.append(SynthMessage(conv.name, speaker, ts, text, kind))
            # Replies come seconds to minutes apart; now and then a pause of hours.
            pause = (
                rng.lognormvariate(3.8, 1.2) if rng.random() > 0.01 else rng.uniform(3, 6) * 3600
            )
            ts += timedelta(seconds=max(1, int(pause)))
            if rng.random() < 0.6:
                speaker = rng.choice([s for s in conv.speakers if s != speaker] or conv.speakers)
    out.sort(key=lambda m: m.ts)
    return out


def generate(
    n: int, seed: int = 0, years: int = 6, start: datetime = datetime(2020, 1, 6)
) -> list[SynthMessage]:
    """Exactly n messages, grouped by conversation and in time order inside each."""
    rng = random.Random(seed)
    end = start + timedelta(days=365 * years)
    out: list[SynthMessage] = []
    for conv, count in _conversations(n, rng):
        out.extend(_conversation_messages(conv, count, start, end, rng))
    return out


def write_jsonl(messages: Iterable[SynthMessage], path: Path) -> Path:
    with path.open("w", encoding="utf-8") as fh:
        for m in messages:
            obj = {
                "conversation": m.conversation,
                "speaker": m.speaker,
                "ts": m.ts.isoformat(),
                "text": m.text,
            }
            if m.kind != "text":
                obj["kind"] = m.kind
            fh.write(json.dumps(obj, ensure_ascii=False) + "\n")
    return path


def _line_file(name: str, messages: list[SynthMessage], english: bool) -> str:
    last = messages[-1].ts
    head = [
        f"[LINE] Chat history with {name}" if english else f"[LINE] {name}とのトーク履歴",
        f"{'Saved on: ' if english else '保存日時：'}{last:%Y/%m/%d %H:%M}",
    ]
    lines: list[str] = head
    day = None
    for m in messages:
        if m.ts.date() != day:
            day = m.ts.date()
            wd = m.ts.weekday()
            heading = f"{m.ts:%Y/%m/%d %a}" if english else f"{m.ts:%Y/%m/%d}({_WD_JA[wd]})"
            lines += ["", heading]
        lines.append(f"{m.ts:%H:%M}\t{m.speaker}\t{m.text}")
    return "\n".join(lines) + "\n"


def write_line(messages: Sequence[SynthMessage], out_dir: Path) -> list[Path]:
    """One LINE .txt per conversation (minute precision, as LINE exports are)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    by_conv: dict[str, list[SynthMessage]] = {}
    for m in messages:
        by_conv.setdefault(m.conversation, []).append(m)
    paths = []
    for i, (name, msgs) in enumerate(by_conv.items()):
        english = not any(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", m.text) for m in msgs[:50])
        path = out_dir / f"chat_{i:03d}.txt"
        path.write_text(_line_file(name, msgs, english), encoding="utf-8")
        paths.append(path)
    return paths


@dataclass(frozen=True)
class Question:
    kind: str  # content, time or both
    text: str
    conversation: str | None = None


_CONTENT_EN = (
    "when is the dentist appointment?",
    "what did {name} say about the hotel in {city}?",
    "who ordered a new {item}?",
    "when was the {band} concert?",
    "what happened with the {project} deadline?",
    "where did we want to eat {food}?",
    "how is {pet} doing at the vet?",
    "when does the {subject} exam start?",
)
_CONTENT_JA = (
    "歯医者の予約はいつ？",
    "{city_ja}の旅館はどうだった？",
    "{pet}は元気？",
    "引っ越しはいつ？",
)
_TIME_EN = (
    "what did we talk about on {month} {qday}, {year}?",
    "what did we talk about in {month} {year}?",
    "what did we talk about last week?",
    "what did we discuss on the first weekend of {month} {year}?",
)
_TIME_JA = (
    "{year}年{m}月{qday}日に何を話した？",
    "{year}年{m}月は何を話した？",
    "先週は何を話した？",
)
_BOTH_EN = (
    "what did {name} say about {food} in {month} {year}?",
    "what did we say about the trip to {city} in {month} {year}?",
    "what did {name} say about the {project} in {year}?",
    "did we talk about the dentist last month?",
)
_BOTH_JA = ("{year}年{m}月に{city_ja}について何を話した？", "先月{food_ja}の話をした？")


def questions(messages: Sequence[SynthMessage], n: int, seed: int = 0) -> list[Question]:
    """n questions, a third each content, time-only and time + content, in English and Japanese."""
    rng = random.Random(seed + 1)
    out: list[Question] = []
    kinds: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
        ("content", _CONTENT_EN, _CONTENT_JA),
        ("time", _TIME_EN, _TIME_JA),
        ("both", _BOTH_EN, _BOTH_JA),
    ]
    for i in range(n):
        kind, en, ja = kinds[i % 3]
        m = messages[rng.randrange(len(messages))]
        template = rng.choice(ja if rng.random() < 0.3 else en)
        when = {
            "month": MONTHS[m.ts.month - 1],
            "qday": str(m.ts.day),
            "year": str(m.ts.year),
            "m": str(m.ts.month),
        }
        text = _fill(template, rng, [m.speaker], m.ts, **when)
        out.append(Question(kind, text, m.conversation if rng.random() < 0.5 else None))
    return out
