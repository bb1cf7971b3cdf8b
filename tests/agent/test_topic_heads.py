"""The head nouns of a question (agent.answer.phrases.topic_heads): a head no message holds means
the history cannot answer, whatever retrieval returned."""

from __future__ import annotations

import pytest

from agent.answer.phrases import topic_heads


@pytest.mark.parametrize(
    ("question", "heads"),
    [
        ("when is lucía's wedding?", ["wedding"]),
        ("what's piotr's dog called?", ["dog"]),
        ("how much do I pay for my climbing gym membership?", ["membership"]),
        # "how much X" names the thing; light nouns and leading words are no head
        ("how much council tax am i paying at the new place?", ["tax"]),
        ("last time birgit brought up the tallis project?", ["tallis"]),
        # a trip is named by where or what: "we should go skiing in march" is the ski trip
        ("when did we first talk about the ski trip?", ["ski"]),
        # "the road trip idea" is about the road trip: an idea is named by what it is of
        ("when did the road trip idea first come up", ["road"]),
        # an irregular past ends the subject, and is no noun of it
        ("which of the neighbours rang the council?", ["neighbours", "council"]),
        ("where are dad's old photo albums kept", ["albums"]),
        # a particle after the verb's object is no noun of it
        ("how many times has mum pushed her visit back", ["visit"]),
        ("when's my next dentist appointment?", ["appointment"]),
        ("where did the keys for my old flat turn up in the end?", ["keys", "flat"]),
        # "which X" names the kind of answer, which the answer need not repeat ("what natural
        # disaster…" / "a nasty flood")
        ("which hotel did hana stay at in porto?", []),
        ("what natural disaster hit john's old area?", ["area"]),
        ("what did greta say about my parking permit?", ["permit"]),
        ("what's the name of hana's new flatmate?", ["flatmate"]),
        ("what did the physio say was wrong with hana's finger?", ["physio", "finger"]),
        ("where's the climbing xmas party?", ["party"]),
        # the subject of "did"/"is" is followed by its verb, not by more of the noun
        ("how much did the filling cost?", ["filling"]),
        ("did the parking permit arrive?", ["permit"]),
        ("did the vet put miso on a diet?", ["vet", "diet"]),
        ("did the new boiler lose pressure again?", ["boiler"]),
        ("is the gym open tomorrow?", ["gym"]),
        # a verb after the subject is not a topic; nor is the chat that scopes the question
        ("what did piotr buy in early nov?", []),
        ("what was said in the climbing chat on 24 September?", []),
        ("what did we talk about the day after he flew home", []),
        ("what's going on?", []),
        ("who's organising the secret santa?", ["santa"]),
        # an adverb ends the phrase; a light noun ("meeting *point*") gives way to the one before
        ("how many people in the running group actually completed the half?", ["half"]),
        ("wheres the usual meeting point for the saturday long runs?", ["meeting"]),
        # after "did" the phrase's last word is its verb ("did the filling cost"), but not when
        # an order word comes first: the verb follows it
        ("did the filling cost much", ["filling"]),
        ("when did the shenandoah solo first get brought up", ["solo"]),
        ("when did the boiler last break down", ["boiler"]),
    ],
)
def test_topic_heads(question: str, heads: list[str]) -> None:
    assert topic_heads(question) == heads


@pytest.mark.parametrize(
    ("question_words", "message", "shared"),
    [
        ("when does the new job begin", "start date is january 13", {"start"}),
        ("when's the gym shut", "the gym is closed on the 24th", {"close", "gym"}),
        (
            "which movie did she suggest",
            "you have to watch that film I recommended",
            {"film", "recommend"},
        ),
        ("when is my practice test", "the mock exam: thursday the 23rd of april", {"exam", "mock"}),
        # a stem shared with another word is no synonym: "I'll" is not "ill", "Wed" no wedding
        ("is he ill", "I'll call you", set()),
        ("when is the wedding", "wed 6th works", set()),
        # a phrasal verb is read as the verb it means
        ("did he give it back", "confirmed, drill returned safe and sound", {"return"}),
        (
            "when did he bring it back",
            "thanks for bringing the projector back yesterday",
            {"return"},
        ),
        ("did she drop it back", "dropped the drill back at yours", {"return"}),
        # an idiom is no return
        ("what brought back memories", "I returned the book", set()),
        # chat drops the apostrophe: "dads knee op" is dad's
        ("when's dad's op", "dads knee op is tues 17th june", {"father", "op"}),
        ("mum's bday", "both our mums bdays are in june", {"mum", "birthday"}),
    ],
)
def test_synonyms_are_read_as_one_word(question_words: str, message: str, shared: set[str]) -> None:
    from agent.answer.text import REQUEST_TERMS, terms

    assert (terms(question_words) - REQUEST_TERMS) & terms(message) == shared


@pytest.mark.parametrize(
    ("message", "advises"),
    [
        ("Nishiki Market for lunch, and you have to try yudofu in Nanzenji.", True),
        ("Bamboo grove is pretty but short. Do the monkey park on the hill.", True),
        ("Go early! Like 7am.", True),
        ("you should read the salt orchard", True),
        ("Definitely try the ramen place", True),
        # a question, a report, a plan: no advice
        ("Do you like it?", False),
        ("I tried the ramen place yesterday", False),
        ("we go on saturday", False),
        ("Got an appointment this Thursday", False),
    ],
)
def test_advice_given_as_an_imperative_holds_recommend(message: str, advises: bool) -> None:
    from agent.answer.text import speech_acts, terms

    assert (terms("recommend") <= speech_acts(message)) is advises


@pytest.mark.parametrize(
    ("message", "priced"),
    [
        ("£22 each, send it over", True),
        ("it was 310 dollars with the x-ray", True),
        ("nice!! how much", True),
        ("cost me 40 quid", True),
        # a number that is no sum of money
        ("40 pages of nan in questionable hats", False),
        ("meet at 8:15 by the start arch", False),
    ],
)
def test_a_sum_of_money_holds_pay(message: str, priced: bool) -> None:
    from agent.answer.text import speech_acts, terms

    assert (terms("pay") <= speech_acts(message)) is priced


@pytest.mark.parametrize(
    ("word", "history", "known"),
    [
        # a word of the same family, which the stemmer keeps apart
        ("recovery", "hope your dad is recovering well", True),
        ("diagnosis", "the physio diagnosed shin splints", True),
        ("operation", "they operated on tuesday", True),
        ("delivery", "it was delivered to the wrong flat", True),
        ("partying", "we partied till 3", True),
        # the adjective in -y of a noun in -e
        ("scare", "that was scary", True),
        ("smoke", "the kitchen was so smoky", True),
        # a shorter word that only looks like its stem is another word
        ("party", "which part was best", False),
        ("wedding", "he can weld", False),
        ("take", "such a tacky jumper", False),
    ],
)
def test_a_word_is_known_by_its_family(word: str, history: str, known: bool) -> None:
    from agent.answer.text import TermWeights

    assert TermWeights.from_texts([history, "nothing else here"]).knows(word) is known
