"""Person names in chat (agent.answer.spans.person_names): capitalised inside sentences, or,
in chat written in lower case, greeted or passing on a greeting ("hi ines", "ines says hi")."""

from __future__ import annotations

import pytest

from agent.answer.spans import named_place, person_names


@pytest.mark.parametrize(
    ("texts", "names"),
    [
        (["I met Jonas at the gym", "jonas is great"], {"jonas"}),
        (["ines says hi btw", "Ines. she's a friend of my flatmate"], {"ines"}),
        (["hi ines 👋 tell her I approve"], {"ines"}),
        (["hey dominik, got a minute?"], {"dominik"}),
        # greetings to no one in particular, and words that open a sentence
        (["hi there", "thanks again", "hey you", "say hi to her from me"], set()),
        (["Thanks! Got it", "hey! got a sec?", "thanks, books arrived", "hi all"], set()),
        (["Anytime. She was very well behaved.", "Home! Miso wouldn't stop purring."], set()),
        (["we went in November", "see you on Monday"], set()),
    ],
)
def test_person_names(texts: list[str], names: set[str]) -> None:
    assert person_names(texts) == names


@pytest.mark.parametrize(
    ("phrase", "question", "answer"),
    [
        ("to Leipzig", "which city is the team offsite in now?", "Leipzig"),
        ("to Leipzig", "where's the offsite happening?", "Leipzig"),
        ("to Leipzig", "where did greta go?", "to Leipzig"),
        ("to Osaka", "where did I fly to?", "to Osaka"),
        ("in piotr's car", "where did I leave my chalk bag?", "in piotr's car"),
    ],
)
def test_a_place_is_where_it_is_unless_the_question_moves(
    phrase: str, question: str, answer: str
) -> None:
    from agent.answer.spans import where_it_is

    assert where_it_is(phrase, question) == answer


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Nishiki Market for lunch, and you have to try yudofu", "Nishiki Market"),
        ("we ate at Casa Verde last night", "Casa Verde"),
        # one capital that opens a sentence is no name
        ("Classic. Wait a couple of hours before eating.", None),
    ],
)
def test_a_named_place_is_no_sentence_opening(text: str, place: str | None) -> None:
    assert named_place(text, {"lunch", "eat"}, ()) == place
