"""Reading a question and a message as people write them: chat spellings, a pronoun whose
person the question itself names, whom a message tells of, and the names a who-answer can
give. Hand-made messages; no store."""

from __future__ import annotations

from datetime import datetime

import pytest

from agent.answer.places import address
from agent.answer.reading import ReaderContext
from agent.answer.spans import names_in, person_phrase
from agent.answer.text import TermWeights
from agent.answer.whose import told_of
from agent.rewrite.clarify import clarify
from agent.rewrite.spelling import spelled_out, time_spelled_out, typo_fixed
from memory_store.models import StoredMessage


@pytest.mark.parametrize(
    ("question", "names", "read"),
    [
        ("wat date was the gig", (), "what date was the gig"),
        ("wen is the race?", (), "when is the race?"),
        ("wot did she say", (), "what did she say"),
        ("where did we go for kofis bday?", ("Kofi",), "where did we go for kofi's bday?"),
        ("where did we go for Kofis bday?", ("Kofi",), "where did we go for Kofi's bday?"),
        ("whens the stag do now?", (), "when's the stag do now?"),
        ("whats the date of the wedding", (), "what's the date of the wedding"),
        # a name typed without its accents is the name
        ("what did lucia say", ("Lucía",), "what did Lucía say"),
        ("when is lucias wedding", ("Lucía",), "when is Lucía's wedding"),
        # a word that only looks like a name plus s, and words that are no chat spelling
        ("what does kofi think of the cats", ("Kofi",), "what does kofi think of the cats"),
        ("what did we watch", (), "what did we watch"),
        ("when is the wedding", (), "when is the wedding"),
        # a name's short form is the name; a word of the calendar or of English is not
        ("what was tam telling me about", ("Tamsin",), "what was Tamsin telling me about"),
        ("what did mel say", ("Melanie", "Mara"), "what did Melanie say"),
        ("what did we do on sun", ("Sunniva",), "what did we do on sun"),
        # the small words a question turns on
        (
            "what did farah and i talk abt on 25 feb",
            (),
            "what did farah and i talk about on 25 feb",
        ),
        ("rides called off cos of rain", (), "rides called off because of rain"),
        ("what did u tell ur sister", (), "what did you tell your sister"),
        ("what about the bouts", (), "what about the bouts"),
        ("when will you know", ("William",), "when will you know"),
        ("what did mar say", ("Marta", "Marcus"), "what did mar say"),
        # a short form a letter short, from four letters on; and a name that is only a name
        ("where did we take chlo for her 25th", ("Chloé",), "where did we take Chloé for her 25th"),
        ("what did dan borrow", ("Daniel", "Kenji"), "what did Daniel borrow"),
        ("what did mar say", ("Mara",), "what did mar say"),
        # a title a speaker is listed under is no name
        ("what did my prof say", ("Prof.", "Salma"), "what did my prof say"),
    ],
)
def test_chat_spellings_are_read_as_meant(question: str, names: tuple[str, ...], read: str) -> None:
    assert spelled_out(question, names) == read


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # time words as chat shortens them; a day's short form only beside what dates it; a
        # month's short form the planner reads itself
        ("what did we talk about last wk", "what did we talk about last week"),
        ("what did jess say 2 wks ago", "what did jess say 2 weeks ago"),
        ("what did i spend this mth", "what did i spend this month"),
        ("what did we chat about yday", "what did we chat about yesterday"),
        ("what did mum say on tues", "what did mum say on tuesday"),
        ("plans for sat 13th", "plans for saturday 13th"),
        ("what happened in feb", "what happened in feb"),
        ("where i sat last week", "where i sat last week"),
        ("where is gina's hr internship?", "where is gina's hr internship?"),
        ("what did jan say about the sun", "what did jan say about the sun"),
        ("what did jun hao say on 3 feb", "what did jun hao say on 3 feb"),
        # which of several, spelled out; a day of the month stays a date
        ("when was my 2nd interview at northwind", "when was my second interview at northwind"),
        ("how did sam's 3rd attempt go", "how did sam's third attempt go"),
        ("what happened on the 2nd", "what happened on the 2nd"),
        ("what did we do on the 2nd of may", "what did we do on the 2nd of may"),
        ("the 3rd week of june", "the 3rd week of june"),
        ("what about the 2nd at 5pm", "what about the 2nd at 5pm"),
        ("on the 2nd friday", "on the 2nd friday"),
    ],
)
def test_time_words_as_chat_shortens_them(question: str, read: str) -> None:
    assert time_spelled_out(question) == read


@pytest.mark.parametrize(
    ("question", "asks_back"),
    [
        ("when did dad get discharged after his hip op?", False),  # "his" is dad's
        ("what did my boss say about her trip?", False),
        ("what did kofi say about his move?", False),  # a name, however cased
        ("when did pickle hurt her foot", False),  # the subject of "did" is who "her" is
        ("who brought my mil for her hospital appt", False),  # family as chat writes it
        ("what did pa and ma say about their dinner", False),
        ("did my hubby fix his bike", False),
        ("what did zed and her kids make?", True),  # a subject the history never mentions
        ("what did she say about it?", True),  # nobody to point at
        ("when is his first day?", True),
        # whose it is is who is asked for
        ("which of the lads did his knee at five a side", False),
        ("who broke her wrist at netball?", False),
        ("which one of the girls hurt her ankle", False),
        ("who did she invite?", True),  # "she" is someone else, the subject of "did"
        ("when did he hurt his back?", True),
    ],
)
def test_a_pronoun_points_back_within_the_question(question: str, asks_back: bool) -> None:
    held = {"pickle", "dad", "kofi", "boss"}
    got = clarify(
        question,
        question,
        has_history=False,
        speakers=["Theo", "Kofi"],
        names={"kofi"},
        held=lambda word: word.lower() in held,
    )
    assert (got is not None) == asks_back


def _msg(mid: int, speaker: str, text: str, conversation: str) -> StoredMessage:
    ts = datetime(2025, 3, 1, 10, mid)
    return StoredMessage(mid, conversation, f"r{mid}", speaker, ts, text, "text", 1, 1)


_CHATS = {"Nate": ["Joanna", "Nate"], "Kofi": ["Theo", "Kofi"], "Crew": ["Theo", "Kofi", "Dario"]}
_TEXTS = [
    "I love your turtles so much!",
    "my turtles are the best",
    "you left your laptop charger here",
    "So proud of you for winning that tournament",
    "cant make it today, helping kofi move flats",
    "Nishiki Market for lunch, and you have to try yudofu",
    "Kofi's chillies took first prize",
]
# Words as common as in a real chat: "love" is everywhere, "turtles" is not.
_CHATTER = ["love it", "I love that", "love you", "we love this", "so much love", "love love"]
_CTX = ReaderContext(
    TermWeights.from_texts([*_TEXTS, *_CHATTER]),
    lambda m: [],
    me="Theo",
    speakers=["Joanna", "Nate", "Theo", "Kofi", "Dario"],
    participants=_CHATS,
)


@pytest.mark.parametrize(
    ("speaker", "text", "chat", "question", "about"),
    [
        ("Joanna", _TEXTS[0], "Nate", "what does joanna love about her turtles?", {"Nate"}),
        ("Joanna", _TEXTS[1], "Nate", "what does joanna love about her turtles?", {"Joanna"}),
        ("Theo", _TEXTS[2], "Kofi", "what did kofi leave behind?", {"Kofi"}),
        ("Nate", _TEXTS[3], "Nate", "how did joanna celebrate the tournament?", {"Joanna"}),
        ("Theo", _TEXTS[4], "Crew", "when did kofi move flats?", {"Kofi"}),
        # a pronoun after the word is another clause's; the writer it is
        ("Kofi", _TEXTS[5], "Kofi", "where did kofi have lunch?", {"Kofi"}),
        # what someone said is theirs, whoever it is about
        ("Joanna", _TEXTS[0], "Nate", "what did joanna say about turtles?", {"Joanna", "Nate"}),
        # in a group chat "you" is nobody in particular: the writer
        ("Kofi", "you left your laptop charger here", "Crew", "what did dario leave?", {"Kofi"}),
        # a name's possessive is that person; the word may be one the chat says it with
        ("Theo", _TEXTS[6], "Crew", "what did kofi win?", {"Kofi"}),
    ],
)
def test_whom_a_message_tells_of(
    speaker: str, text: str, chat: str, question: str, about: set[str]
) -> None:
    assert told_of(_msg(1, speaker, text, chat), _CTX, question) == about


@pytest.mark.parametrize(
    ("text", "names", "phrase"),
    [
        ("ah thanks! mrs okafor handed it over", ["Mrs Okafor"], None),
        ("surgeon was dr mensah, she was brilliant", ["Dr Mensah"], None),
        ("Left your ladder with your neighbour at number 4", [], "your neighbour at number 4"),
        ("I'll ask my physio tomorrow", [], "my physio"),
        ("the gutters are a mess", [], None),
    ],
)
def test_who_a_message_names(text: str, names: list[str], phrase: str | None) -> None:
    assert names_in(text, set(), set()) == names
    assert person_phrase(text) == phrase


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (
            "moved in yesterday. 14 Larkfield Road, Bedminster. officially",
            "14 Larkfield Road, Bedminster",
        ),
        ("Dunmore Street, number 14. Top floor, no lift", "Dunmore Street, number 14"),
        ("Tapwell on North Street can do us", None),  # a street with no number: a place phrase
        ("I walked up the Hill today", None),
    ],
)
def test_a_street_address_is_a_place(text: str, where: str | None) -> None:
    assert address(text) == where


_HELD = {"festiv": 3, "fundrais": 2, "receiv": 2, "weld": 1, "wed": 4, "educ": 5, "take": 9}
_HELD |= {"summari": 4, "convers": 6, "courgett": 3, "ill": 5, "ski": 4, "favour": 2}
_HELD |= {"tournament": 7, "apart": 3, "carv": 2}


@pytest.mark.parametrize(
    ("word", "fixed"),
    [
        ("fesetival", "festival"),  # a letter doubled in
        ("funraiser", "fundraiser"),  # a letter dropped
        ("recieve", "receive"),  # two swapped
        ("courgete", "courgette"),  # a double letter typed once, even near the end
        ("torunament", "tournament"),  # two swapped, where stemming cut "-ment" off the typo
        ("apartmnet", "apartment"),  # and where it cut "-ment" off the word held
        ("craving", None),  # "carving" is held: a short ending cut says the stems differ
        ("festival", None),  # held as it is
        ("wedding", None),  # stemmed to "wed": nothing to compare, though "weld" is held
        ("educaton", None),  # its stem is no slip from "educ"
        ("hotel", None),  # short words have too many neighbours
        ("paddleboard", None),  # nothing held is near: a word the history lacks stays
        ("talking", None),  # "taking" is held, but "take" is no slip from "talk"
        ("summarize", None),  # a request word; and "summaries" is another form, not a slip
        ("conversion", None),  # a change in the last three letters is another word's ending
        ("filling", None),  # "ill" is held, but a first letter is seldom typed in by mistake
        ("askiing", None),  # nor left out ("skiing" is no slip of "askiing")
        ("flavour", None),  # "favour" is held, but no key next to "l" is an "f" or an "a"
    ],
)
def test_a_typo_of_a_word_the_history_holds_is_fixed(word: str, fixed: str | None) -> None:
    assert typo_fixed(word, lambda t: _HELD.get(t, 0)) == fixed
