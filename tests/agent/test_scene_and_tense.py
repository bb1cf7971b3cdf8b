"""Questions as a careful writer puts them: the scene set in sentences or a clause before
the asking ("Roland and I made a good many plans… How many times did we get out?", "When the
specialist took that spot off my ear, what did she say it was?"); a plain adjective compared
("the cheaper quote"); a day of the month said of what is to come ("I am to lead the
ceremony on the 11th"); and a possessive whose owner is its clause's subject ("what date lu
hurt his ankle")."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from agent.answer.kinds import Kind, classify
from agent.answer.phrases import adjective
from agent.plan.planner import plan_question
from agent.rewrite.clarify import clarify

NOW = datetime(2026, 11, 2, 9, 0)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        (
            "When Denise and the grandchildren came up in September we all went out for a "
            "lobster supper, and Maddie made a fuss over her bib. Where was it that we ate?",
            Kind.WHERE,
        ),
        (
            "When the skin specialist took that spot off my left ear in the summer, what did "
            "she tell me it had turned out to be?",
            Kind.WHAT,
        ),
        (
            "Joanne offered to drive me to the specialist, but that fell through when the date "
            "changed. Who was it that drove me there in the end?",
            Kind.WHO,
        ),
        (
            "Dr. Haskell's nurse wants the date the specialist took that spot off. On what date "
            "did I actually see her?",
            Kind.WHEN,
        ),
        (
            "Denise has given me a number of errands for Thanksgiving. What has she asked me "
            "to bring down to Portland?",
            Kind.LIST,
        ),
        (
            "When was the most recent occasion on which Joanne and I made any mention of the "
            "animal in our messages?",
            Kind.LAST,
        ),
        # guards: a last sentence asking with a pronoun alone; the question put to the user
        # in the scene; a clause that asks ("when did…")
        ("I need the last time I mentioned the dentist. When was it?", Kind.LAST),
        (
            "my cousin wants to know where Vale got her dress. what was the shop called?",
            Kind.WHERE,
        ),
        ("when did we go to kyoto, and what did we eat?", Kind.WHEN),
    ],
)
def test_kind_of_the_asking_sentence(question: str, kind: Kind) -> None:
    assert classify(question).kind is kind


def test_focus_is_no_pronoun_of_the_scene() -> None:
    question = (
        "I believe Bev had to change the location from what she first announced. Where is "
        "it to be held now?"
    )
    assert classify(question).focus is None


@pytest.mark.parametrize(
    ("word", "describes"),
    [
        ("cheaper", True),
        ("cheapest", True),
        ("bigger", True),
        ("nicer", True),
        ("earliest", True),
        ("lower", True),
        # guards: nouns in -er
        ("water", False),
        ("letter", False),
        ("dinner", False),
        ("summer", False),
    ],
)
def test_compared_adjectives(word: str, describes: bool) -> None:
    assert adjective(word) is describes


def _day_filtered(question: str) -> date | None:
    for op in plan_question(question, now=NOW, speakers=["Walt"]).plan.ops:
        for inner in [op, *getattr(op, "ops", [])]:
            if getattr(inner, "op", "") in ("where_date", "where_mentions"):
                return inner.start  # type: ignore[no-any-return]
    return None


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("I am to lead the ceremony on the 20th", date(2026, 11, 20)),
        # guards: a future the planner read already; the past; a plan asked of an archive ("are
        # we doing"); a day with no tense said of it
        ("what are we doing on the 20th", date(2026, 10, 20)),
        ("who will drive on the 14th", date(2026, 11, 14)),
        ("where's the party we're going to on the 7th", date(2026, 11, 7)),
        ("what did we do on the 11th", date(2026, 10, 11)),
        ("what was said on the 11th", date(2026, 10, 11)),
        ("where is the ceremony on the 11th", date(2026, 10, 11)),
    ],
)
def test_day_of_month_by_tense(question: str, day: date) -> None:
    assert _day_filtered(question) == day


@pytest.mark.parametrize(
    ("question", "asks_back"),
    [
        # as the rewrite leaves it, without "physio wants to know"
        ("what date lu hurt his ankle at practice?", False),
        ("when did mags lose her keys", False),
        # guards: no one before the pronoun
        ("when did i see his mum", True),
        ("what date did you get her number", True),
    ],
)
def test_possessive_owned_by_its_subject(question: str, asks_back: bool) -> None:
    held = {"lu", "mags", "keys", "ankle", "mum", "number", "date"}
    answer = clarify(
        question,
        question,
        has_history=False,
        speakers=["Thandi", "Faiek"],
        held=lambda w: w.lower() in held,
    )
    assert (answer is not None) is asks_back


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        # initials end no sentence: not "has John been to…?" asked alone
        ("What areas of the U.S. has John been to or is planning to go to?", Kind.WHAT),
        # a guard: a sentence that does end after them
        ("I went to the U.S. in May. Where did I stay?", Kind.WHERE),
    ],
)
def test_initials_end_no_sentence(question: str, kind: Kind) -> None:
    assert classify(question).kind is kind
