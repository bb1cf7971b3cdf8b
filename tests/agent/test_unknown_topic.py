"""The head noun no message holds (agent.answer.unknown.unknown_topic): the history cannot
answer "when is Lucía's wedding?" when no message says "wedding". Adjectives and the user's
own people are no such head. Hand-made history; no store."""

from __future__ import annotations

import pytest

from agent.answer.reading import ReaderContext
from agent.answer.text import TermWeights
from agent.answer.unknown import unknown_topic

TEXTS = [
    "Quote for the full bathroom refit is £6,850 all in",
    "the appointment is on tuesday at 3",
    "Lucía's party is at hers on saturday",
    "my landlord says the boiler is fixed",
    "trip to the coast next month",
    "usual pickup outside the co-op",
    "so... the mower died on me sunday. halfway through the front lawn",
    "my tooth is killing me",
    "shin is kinda achy tho",
    "a friend of mine has a little girl",
    "Jayden dug all 12 pile holes for the deck this arvo",
    "mere took out the photo comp",
    "the introduction is at bellwood on saturday",
    "her check-up is on the 3rd",
]
CTX = ReaderContext(
    TermWeights.from_texts([*TEXTS, "ok", "see you"]),
    lambda m: [],
    speakers=["Ines", "Lucía", "Kieran"],
)


@pytest.mark.parametrize(
    ("question", "unknown"),
    [
        ("when is lucía's wedding?", "wedding"),
        # the people of the chat, named by no one, are no topic
        ("what did the others bring for the coast trip?", None),
        ("what did everyone think of the bathroom quote?", None),
        ("when's my next dentist appointment?", "dentist"),
        ("how was his ski trip?", "ski"),
        # what was paid for is the topic, with or without its determiner
        ("how much did kieran pay for insurance on the bathroom?", "insurance"),
        ("how much did i pay for the parking at the coast?", "parking"),
        ("how much did i pay for the bathroom refit?", None),
        # an adjective names no kind of the thing asked of
        ("what was kieran's original quote for the bathroom?", None),
        ("what was the usual appointment time?", None),
        # the user's own people are often only named in the chat
        ("what did my landlord say about the boiler?", None),
        # what is asked of a thing ("the model of the boiler") need not be written
        ("what's the model of the boiler?", None),
        ("what's the model of the kettle?", "kettle"),
        # a phrase after "for" says what a known one is for; alone, it is the topic
        ("where's the pickup spot for the lift to choir?", None),
        ("where's the lift to choir?", "lift"),
        # a bare noun the question ends on is its occasion; a time is none
        ("where did lucía and kieran go on honeymoon?", "honeymoon"),
        ("where did we go for lunch", "lunch"),
        ("where did kieran go on the trip", None),
        ("where did we go on saturday?", None),
        # an order word is no topic: "the earliest" asks for the first mention
        ("what's the earliest i said anything about the boiler", None),
        # a compound of two words the chat holds is known; a person's is not ("girlfriend")
        ("when did the lawnmower break down?", None),
        ("when did the hovercraft arrive?", "hovercraft"),
        ("what's kieran's girlfriend called?", "girlfriend"),
        # an irregular plural is its singular
        ("when am i getting my teeth cleaned", None),
        # a person asked after by what they did is told of by name; asked after alone, not
        ("which of kieran's workers dug the holes for the deck?", None),
        ("who was the old fella that dug the holes for the deck?", None),
        ("what's kieran's electrician called?", "electrician"),
        # chat's shortening of a long word is the word
        ("who won the photo competition?", None),
        ("who won the photo exhibition?", "exhibition"),
        # a light head ("trouble") stands for the noun before it
        ("last time she said anything about her shin trouble?", None),
        ("what did she say about her elbow trouble?", "elbow"),
        ("what date was lucía's party after the mix up with the landlord?", None),
        ("when was the party in the end, after the whole kerfuffle?", None),
        # a kind of place, where the chat names the one meant
        ("what street is lucía's party on?", None),
        ("how much was the quote from the old complex?", None),
        # a time said as a noun phrase names no topic
        ("where's the mower at the moment?", None),
        ("how's the boiler doing at the minute?", None),
        # a name is written without the kind of thing it names: asked for the name, the kind
        # need not be known when the noun before it is; a person's role must be
        ("what's the name of the tooth clinic?", None),
        ("what's the boiler brand called?", None),
        ("what's the name of the bathroom firm?", None),
        ("what's the name of lucía's party teacher?", "teacher"),
        # a kind a person asks with, where a chat names the one meant ("coralie's on cuba")
        ("what restaurant did we go to after lucía's party?", None),
        ("which town did kieran drive to for the mower?", None),
        ("what's his role at the bathroom firm?", None),
        ("what was the show kieran told me to watch?", None),
        ("what was that doc kieran kept on about?", None),
        # an adjective by its ending, before a noun read as a verb ("finish")
        ("what was my official finish time on the coast trip?", None),
        ("what was the typical finish time for the refit?", None),
        ("what was my official finish time at the marathon?", "marathon"),
        # "did the driving": a deed, told in a chat's own words
        ("who did the driving on the coast trip?", None),
        ("who did the cooking at lucía's party?", None),
        ("who fixed the driving lamp on the mower?", "lamp"),
        # a particle's plural is the second half of a compound the chat hyphenates
        ("when are lucía's check ups at the coast?", None),
        # a trade a question asks by, where the chat gives a name
        ("what's the name of the carpenter that fixed the deck?", None),
        ("what's kieran's carpenter called?", "carpenter"),
        # a kind of venue, where the chat names the one meant
        ("what was the name of the hall for lucía's party?", None),
        # a clipping is the word the chat wrote out
        ("who came to the photo comp intro?", None),
    ],
)
def test_the_head_no_message_holds(question: str, unknown: str | None) -> None:
    assert unknown_topic(question, CTX) == unknown
