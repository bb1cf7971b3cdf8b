"""The parts of count and list answers, each on its own: what a question counts, who did it,
the item a message names, a stated number, the occasion a message speaks of, the replies to a
question put to a group. No store: texts and a fake clock of mentions."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pytest

from agent.answer.counting import (
    Counted,
    counted,
    occasion_day,
    occasions,
    stated,
    stated_each,
)
from agent.answer.cover import named_chats
from agent.answer.items import distinct, enumerated, items_of, written_out
from agent.answer.kinds import Kind, classify
from agent.answer.reading import ReaderContext
from agent.answer.replies import answers
from agent.answer.text import TermWeights, terms
from agent.answer.topic import subject_words, topic_query
from memory_store.models import StoredMessage

HISTORY = Path(__file__).parents[1] / "fixtures" / "spread" / "history.jsonl"
WEIGHTS = TermWeights.from_texts(
    json.loads(line)["text"] for line in HISTORY.read_text().splitlines()
)


def msg(
    text: str,
    ts: str = "2025-03-01T10:00",
    *,
    id: int = 1,
    speaker: str = "Alex",
    session: int = 1,
) -> StoredMessage:
    return StoredMessage(
        id, "Run club", str(id), speaker, datetime.fromisoformat(ts), text, "text", session, id
    )


@pytest.mark.parametrize(
    ("question", "kind", "focus"),
    [
        ("how many outdoor climbing trips did the club do?", Kind.HOW_MANY, "trips"),
        ("how many people were at the party?", Kind.HOW_MANY, "people"),
        ("how many of us were at the picnic?", Kind.HOW_MANY, "us"),
        ("how often did i go to pottery?", Kind.HOW_MANY, None),
        ("what cities did i visit for work?", Kind.LIST, "cities"),
        ("what films did mia tell me to watch?", Kind.LIST, "films"),
        ("what food did people bring to the picnic?", Kind.LIST, "food"),
        ("list all the places the club climbed outdoors", Kind.LIST, "places"),
        ("what does he do?", Kind.WHAT, None),
        ("what was said on monday?", Kind.SUMMARY, None),
    ],
)
def test_what_a_question_counts_or_lists(question: str, kind: Kind, focus: str | None) -> None:
    qk = classify(question)
    assert (qk.kind, qk.focus) == (kind, focus)


@pytest.mark.parametrize(
    ("focus", "what"),
    [
        (None, Counted.OCCASIONS),
        ("times", Counted.OCCASIONS),
        ("trips", Counted.OCCASIONS),
        ("classes", Counted.OCCASIONS),
        ("people", Counted.STATED),
        ("us", Counted.STATED),
        ("companies", Counted.THINGS),
        ("flats", Counted.THINGS),
    ],
)
def test_counted(focus: str | None, what: Counted) -> None:
    assert counted(focus) is what


@pytest.mark.parametrize(
    ("question", "who"),
    [
        ("how many times have i baked bread", {"i"}),
        ("list the cities i travelled to for work", {"i"}),
        ("which books has hana recommended me?", {"hana"}),
        ("how many times did hana and i push our dinner?", {"hana", "i"}),
        ("how many companies did sami interview with", {"sami"}),
        ("how many times did raúl cancel on me", {"raúl"}),  # a name with an accent is one word
        ("how many races did the run club do?", {"the"}),  # nobody: "the" is no speaker
    ],
)
def test_subject_words(question: str, who: set[str]) -> None:
    assert subject_words(question) == who


@pytest.mark.parametrize(
    ("question", "skip", "topic"),
    [
        ("how many times have i baked bread?", [], "baked bread"),
        ("how many outdoor climbing trips did the club do?", ["Climbing club"], "outdoor trips"),
        ("how many companies did sami interview with?", ["Sami"], "companies interview"),
    ],
)
def test_topic_query(question: str, skip: list[str], topic: str) -> None:
    assert topic_query(question, skip) == topic


@pytest.mark.parametrize(
    ("text", "skip", "spans"),
    [
        ("bought a monstera at the market today", "plants", ["monstera"]),
        ("got a fiddle leaf fig for the bedroom", "plants", ["fiddle leaf fig"]),
        ("new pothos for the kitchen, that's plant number three", "plants", ["pothos"]),
        ("in lisbon for work till thursday, the office has a rooftop", "work", ["lisbon"]),
        ("off to berlin monday for the client workshop", "work", ["berlin"]),
        ("viewed the flat on elm road today. tiny kitchen, nice light", "flats", ["elm road"]),
        ("canal relay this saturday, we need a fourth runner", "races", ["canal relay"]),
        ("ok then watch summer of owls, trust me", "films", ["summer of owls"]),
        ("next up for you: glass river. it's slow but stick with it", "films", ["glass river"]),
        ("I'll bring mulled wine", "", ["mulled wine"]),  # "mulled" describes, is no verb
        ("got my first interview! fjordly, the logistics startup", "interview", ["fjordly"]),
        ("food so far: pierogi, tortilla. what else", "food", ["pierogi", "tortilla"]),
        (
            "your Q4 priorities are the onboarding revamp, the pricing dashboard and the audit",
            "priorities q4",
            ["onboarding revamp", "pricing dashboard", "audit"],
        ),
        # chat's openers ("brilliant.", "heads up", "forgot to say") are no things
        ("brilliant. we're low on toothpaste now", "larder low", ["toothpaste"]),
        ("heads up we're low on uht milk", "larder low", ["uht milk"]),
        ("also another present idea: a cooking class?", "present ideas", ["cooking class"]),
        ("lol", "", []),
        # a day or a stretch of days, or a common verb's -s form, is no thing
        ("fri-sun, wants it booked", "", []),
        ("tues?", "", []),
        # written with capitals: the capitalised names, titles whole
        ("Klara and the Sun? I'm about two thirds in.", "books", ["klara and the sun"]),
        (
            "Next book is The Remains of the Day, at Marta's.",
            "books",
            ["remains of the day", "marta's"],
        ),
        ("Crag trip time! Castle Crags on Saturday October 17th?", "", ["castle crags"]),
        ("Okay I did it. Booked flights to Osaka for the Kyoto trip!", "", ["osaka", "kyoto"]),
        # the last item of a list of three goes on after it; after the list's "and", a new
        # clause
        ("we got pizza, chips and beer at the pub", "", ["pizza", "chips", "beer"]),
        (
            "please avoid toffee, chewing gum, hard nuts and ice, and chew on the other side",
            "avoid",
            ["toffee", "chewing gum", "hard nuts", "ice"],
        ),
        ("pellston, wendmouth... or hove if it rains", "", ["pellston", "wendmouth", "hove"]),
        ("i bought eggs, and then we went to the park and it rained", "", ["eggs"]),
        # a price is what a thing costs, not a thing; an adverb at a clause's end names none
        ("wolfkloof campsites, R220pp a night", "", ["wolfkloof campsites"]),
        ("campsites R220pp a night", "", ["campsites"]),
        ("in obviously", "", []),
        ("tickets were £15pp, booked the Kraaiberg Cracks hike", "", ["kraaiberg cracks"]),
    ],
)
def test_the_items_a_message_names(text: str, skip: str, spans: list[str]) -> None:
    assert [it.span for it in items_of(msg(text), terms(skip), WEIGHTS)] == spans


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("gas, sleeping mat, midge spray. anything else?", ["gas", "sleeping mat", "midge spray"]),
        (
            "pellston, wendmouth, st aldric's... and carrick ness if we stop for lunch",
            ["pellston", "wendmouth", "st aldric's", "carrick ness"],
        ),
        ("compost, the car stinks, sorry", []),
        ("bread, milk and then we went home to watch the match on tv", []),
    ],
)
def test_a_list_written_out(text: str, spans: list[str]) -> None:
    assert [it.span for it in written_out(msg(text), set(), WEIGHTS)] == spans


def test_of_two_the_second_going_on_may_be_a_verb() -> None:
    # "relax and concentrate on work" lists no things, nor does a pair a new clause follows
    for text in [
        "yoga helps me relax and concentrate on work",
        "yoga is a great way to relax and concentrate, and joining a class might help",
    ]:
        assert enumerated(msg(text), set(), WEIGHTS) == [], text


def test_two_mentions_sharing_a_rare_word_are_one_item() -> None:
    first = items_of(msg("viewed the flat on elm road today", id=1), terms("flats"), WEIGHTS)
    again = items_of(msg("the elm road agent called again", id=2), terms("flats"), WEIGHTS)
    other = items_of(msg("saw a place in riverside this morning", id=3), terms("flats"), WEIGHTS)
    assert [it.span for it in distinct([*first, *again, *other])] == ["elm road", "riverside"]


@pytest.mark.parametrize(
    ("focus", "texts", "number"),
    [
        ("people", ["so with me that's 6", "all 6 of us squeezed on that sofa"], 6),
        ("people", ["expecting about 15 people", "we ended up being 18 people last night"], 18),
        ("us", ["we were five in the end"], 5),
        ("places", ["applied to like 12 places this week"], 12),
        ("plants", ["courgettes planted. 5 of them. they look sad"], 5),
        # "of them" counts the things asked of only where the message names them
        ("prints", ["I SOLD 6 PRINTS", "two of them are actually good. the yellow car one"], 6),
        ("years", ["it's one of those films, watch it"], None),
        ("people", ["that's 6pm works", "meet at 8:30"], None),  # a time is no headcount
        ("people", ["they made me reverse a linked list"], None),
        ("lads", ["there's 10 of them going", "his brother dropped out, so 9 in the end"], 9),
        ("guys", ["12 guys in total, madness"], 12),
    ],
)
def test_a_stated_number_the_latest_wins(focus: str, texts: list[str], number: int | None) -> None:
    said = [msg(t, f"2025-05-{10 + n:02d}T10:00", id=n + 1) for n, t in enumerate(texts)]
    found = stated(focus, said)
    assert (found[0] if found else None) == number


@pytest.mark.parametrize(
    ("focus", "texts", "numbers"),
    [
        # what "altogether" adds up: each message's number, a pair or a dozen included
        ("fenders", ["oh got 2 fenders from the chandlery", "got another pair of fenders"], [2, 2]),
        ("eggs", ["a dozen eggs for the cake", "3 eggs left"], [12, 3]),
        ("fenders", ["the fenders are blue", "fender bashing the pontoon"], []),
    ],
)
def test_the_numbers_each_message_states(focus: str, texts: list[str], numbers: list[int]) -> None:
    said = [msg(t, f"2025-05-{10 + n:02d}T10:00", id=n + 1) for n, t in enumerate(texts)]
    assert [n for n, _ in stated_each(focus, said)] == numbers


@dataclass(frozen=True)
class Day:
    """A resolved day mention, as the mentions engine gives one."""

    start: datetime
    granularity: str = "day"
    text: str = ""
    start_char: int = 0
    end_char: int = 0
    end: datetime = datetime(2000, 1, 1)
    direction: str = "future"


def test_a_plan_and_its_recap_are_one_occasion() -> None:
    plan = msg("hillside 10k on sunday, who's in?", "2025-03-14T18:30", id=1, session=1)
    recap = msg("my legs are dead after yesterday", "2025-03-17T09:10", id=2, session=2)
    other = msg("canal relay was fun", "2025-04-13T10:00", id=3, session=3)
    days = {1: [Day(datetime(2025, 3, 16))], 2: [Day(datetime(2025, 3, 16))]}

    def mentions_of(m: StoredMessage) -> list[Day]:
        return days.get(m.id, [])

    assert occasion_day(plan, mentions_of).isoformat() == "2025-03-16"
    found = occasions([plan, recap, other], mentions_of)  # type: ignore[arg-type]
    assert [d.isoformat() for d, _ in found] == ["2025-03-16", "2025-04-13"]


def test_the_replies_to_a_question_put_to_the_group() -> None:
    thread = [
        msg("food so far: nothing lol. what's everyone bringing", id=1, speaker="Tom"),
        msg("I'll bring samosas", "2025-03-01T10:01", id=2, speaker="Priya"),
        msg("lemonade from me", "2025-03-01T10:02", id=3, speaker="Mia"),
        msg("and I'll get a fruit salad", "2025-03-01T10:03", id=4, speaker="Tom"),
        msg("oh and my knee is better", "2025-03-01T10:04", id=5, speaker="Priya"),  # again
    ]
    assert [m.id for m in answers(thread[:1], thread)] == [2, 3, 4]
    assert [m.id for m in answers(thread[:1], thread, by={"Mia"})] == [3]


@pytest.mark.parametrize(
    ("text", "holds_book"),
    [
        ("just finished the salt orchard, you HAVE to read it. best book this year", True),
        ("books are piling up on my desk", True),
        ("anyway porto is booked, leaving tuesday", False),
        ("you're an angel. I moved the booking", False),
        ("deal, I'll book", False),
        ("remember to book the table", False),
        ("booked the flights, and I bought a book for the plane", True),
    ],
)
def test_the_counted_noun_is_not_its_verb(text: str, holds_book: bool) -> None:
    from agent.answer.cover import counted_terms

    assert ("book" in counted_terms(text, frozenset(terms("books")))) is holds_book


SCOPE_CTX = ReaderContext(
    WEIGHTS,
    lambda m: [],
    speakers=["Alex", "Dev", "Mia Khan", "Bronwyn"],
    conversations=["Dev", "Mia Khan", "Plot 14"],
)


@pytest.mark.parametrize(
    ("question", "chats"),
    [
        # a one-to-one chat is named after the person: naming them is not naming the chat
        ("how many courgette plants did dev put in", []),
        ("how many films has mia recommended me?", []),
        # a group chat is named by its name, or by its head and a group noun
        ("how many times did the plot 14 lot meet?", ["Plot 14"]),
    ],
)
def test_the_chats_a_question_names(question: str, chats: list[str]) -> None:
    assert sorted(named_chats(question, SCOPE_CTX)) == chats
