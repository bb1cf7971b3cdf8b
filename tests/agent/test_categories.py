"""Kinds of thing asked for by name (agent.answer.categories): the kind the question names, and
the words of that kind a message holds."""

from __future__ import annotations

import pytest

from agent.answer.categories import asked_kind, choices_of_kind, words_of_kind


@pytest.mark.parametrize(
    ("question", "focus", "kind"),
    [
        ("what colour are the new five a side shirts", "colour", "colour"),
        ("What instruments does Melanie play?", "instruments", "instrument"),
        ("What type of pets does Nate have?", None, "pet"),
        ("what kind of sport is he into", None, "sport"),
        ("which pet is hers?", "pet", "pet"),
        ("what languages do you speak?", "languages", "language"),
        # the kind's word modifies another noun: not what is asked for
        ("which pet insurance is pickle on?", "pet", None),
        ("what sport shoes did he buy", "sport", None),
        # a colour comes before what it is the colour of
        ("what colour car did she get", "colour", "colour"),
        # a shade is asked for as a colour
        ("which shade was the chalk bag?", "shade", "colour"),
        # a kind we keep no words for
        ("what present did moira and i get dad", "present", None),
        ("what did she say", None, None),
        # a level, a setting or a size: a number with its unit
        ("what level am i meant to fill the boiler back up to?", None, "measure"),
        ("what temperature does the oven need to be", None, "measure"),
        ("which setting should the dryer be on?", None, "measure"),
        # the kind's word ending the noun asked of; a size before what it is the size of
        ("what was the water temp the first time i swam at fenmere", None, "measure"),
        ("what's the tyre pressure on the van", None, "measure"),
        ("what size fan belt do i need to get as a spare?", "size", "measure"),
        ("what's the model of the film camera i picked up", None, "model"),
        # a score or a mark: asked by the verb, or by its word
        ("what did kai score for his maths test", None, "score"),
        ("what mark did she get in the mock", "mark", "score"),
        ("what was her score on the theory test", None, "score"),
        # a grade is a level as often ("grade 5 piano") or a word ("a merit")
        ("what grade did mei get for her piano exam", "grade", None),
    ],
)
def test_asked_kind(question: str, focus: str | None, kind: str | None) -> None:
    assert asked_kind(question, focus) == kind


@pytest.mark.parametrize(
    ("kind", "text", "words"),
    [
        ("colour", "KitHaus can do 7 shirts in teal with names on the back", ["teal"]),
        ("instrument", "I'm learning how to play the violin now", ["violin"]),
        ("instrument", "I play the double bass and some piano", ["double bass", "piano"]),
        ("pet", "we have two guinea pigs and a cat", ["guinea pigs", "cat"]),
        ("language", "doing an hour of Japanese every morning", ["japanese"]),
        # a word inside another word, or none of the kind
        ("colour", "she's redoing the greenhouse", []),
        ("sport", "see you at the pub", []),
        ("measure", "top it up to about 1.5 bar, then close them", ["1.5 bar"]),
        ("measure", "bake at 180°C for 40 mins", ["180°c"]),
        ("measure", "it's 3 bed, 2 bath, 30kW", ["30kw"]),
        ("measure", "see you at 7, room 12", []),
        # a size by its dimensions or its number
        ("measure", "It's a 13 x 1000 if you want a spare", ["13 x 1000"]),
        ("measure", "she's a size 9 in walking boots", ["size 9"]),
        # a model: a code of letters and digits, after its maker's name
        ("model", "and came home with a minolta x-700 🫣", ["minolta x-700"]),
        ("model", "got the canon ae-1 and an rx100", ["canon ae-1", "rx100"]),
        ("model", "it's 3 bed, 2 bath, 30kW, room 14 at 7:05", []),
        ("flavour", "lemon and poppyseed, his favourite. three tiers", ["lemon and poppyseed"]),
        # a colour with its shade; not what is that colour, nor how it got so
        ("colour", "clara told me the dresses are sage green. same colour", ["sage green"]),
        ("colour", "deal. brunswick green with red lines. done", ["brunswick green", "red"]),
        ("colour", "car hire, a yellow fiat 500", ["yellow"]),
        ("colour", "we painted it green", ["green"]),
        ("colour", "I want green", ["green"]),
        ("colour", "navy blue or dark grey?", ["navy", "blue", "dark grey"]),
        # a score: a number, with its scale or not; not a time, a span, a sum or a code
        ("score", "btw kai's math wa1 came back, 78", ["78"]),
        ("score", "got 34/40 on the theory!!", ["34/40"]),
        ("score", "scored 85% lol", ["85%"]),
        ("score", "7-4 to the dockers. semi-final done", ["7-4"]),  # a match's, whole
        ("score", "lost 3–2 in the end", ["3–2"]),
        ("score", "meet at 3pm, 2 weeks to go, $45 each, room b12", []),
    ],
)
def test_words_of_kind(kind: str, text: str, words: list[str]) -> None:
    assert words_of_kind(kind, text) == words


@pytest.mark.parametrize(
    ("kind", "text", "choices"),
    [
        # a kind's word and the word joined to it, where the clause ends, are one choice
        ("flavour", "lemon and elderflower, three tiers", ["lemon and elderflower"]),
        ("flavour", "chocolate & vanilla", ["chocolate & vanilla"]),
        # the clause goes on: each word alone
        ("colour", "red and white stripes", ["red", "white"]),
        ("colour", "the blue one and that", ["blue"]),
        # a flavour and the word after it, before what it flavours, are one choice
        ("flavour", "the lemon elderflower one was unreal", ["lemon elderflower"]),
        ("flavour", "a raspberry ripple sponge for mum", ["raspberry ripple"]),
        ("flavour", "the chocolate one", ["chocolate"]),
        # not a colour: "the blue velvet one" is no shade asked
        ("colour", "the blue velvet one", ["blue"]),
    ],
)
def test_choices_of_kind(kind: str, text: str, choices: list[str]) -> None:
    assert choices_of_kind(kind, text) == choices
