"""Person names in chat (agent.answer.lexicon.person_names): capitalised inside sentences, or,
in chat written in lower case, greeted or passing on a greeting ("hi ines", "ines says hi")."""

from __future__ import annotations

import pytest

from agent.answer.lexicon import person_names
from agent.answer.places import instead_of, moved_to, named_place, place_phrase
from agent.answer.spans import speaks_for_self


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
        # a capitalised subject opening a sentence, never written in lower case
        (["Approved. Henrik can pick up the calls while you're away."], {"henrik"}),
        (["Coffee was great", "the coffee here is better"], set()),
        (["This is it. Nobody is allowed to miss it"], set()),
        # a thing that says, as people do
        (["Tomorrow is the day! Forecast says sunny, 18 degrees."], set()),
        (["It was locked. Sign said closed for repairs"], set()),
        # a writer in lower case throughout is no vote against a name another capitalises
        (["Aunt Rosa has offered to make the cake", "and aunt rosa's cake. I had 3"], {"rosa"}),
        (["The Garden was packed", "We sat in the garden all day"], set()),
        # a word a traveller goes to or comes back from is a place, unless a person too
        (["I'm back from Kyoto on the 14th", "the train from Kyoto was late"], set()),
        (["Packing for Kyoto! Osaka first", "flights to Osaka booked"], set()),
        (["I went to Marlow with Aki", "Aki said hi"], {"aki"}),
        (["I'm back from Leeds", "lunch with Leeds tomorrow"], {"leeds"}),
        # lower case: named after who they are, by title, or as the one who said it
        (["my brother owain can fill in, he's been begging"], {"owain"}),
        (["i'll get my sister maddie to fill in while ur out"], {"maddie"}),
        (["my cousins mate lowri, shes class"], {"lowri"}),
        (["surgeon is mr adeyemi, mum says hes the best"], {"adeyemi"}),
        (["kiri said the kids were angels. suspicious"], {"kiri"}),
        # …not a verb after the person, nor a body that says things
        (["my boss wants it by friday", "my sister loves it"], set()),
        (["council said no to the road closure", "venue says 50 max"], set()),
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
    from agent.answer.places import where_it_is

    assert where_it_is(phrase, question) == answer


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Nishiki Market for lunch, and you have to try yudofu", "Nishiki Market"),
        ("we ate at Casa Verde last night", "Casa Verde"),
        ("meet at Rook & Pawn for lunch tomorrow", "Rook & Pawn"),
        # one capital that opens a sentence is no name
        ("Classic. Wait a couple of hours before eating.", None),
    ],
)
def test_a_named_place_is_no_sentence_opening(text: str, place: str | None) -> None:
    assert named_place(text, {"lunch", "eat"}, ()) == place


@pytest.mark.parametrize(
    ("text", "name", "place"),
    [
        (
            "Long runs on Saturdays at 8, meeting at the bandstand in Marlow Park as usual.",
            "Marlow Park",
            "the bandstand in Marlow Park",
        ),
        ("grab a table at the back bar at Tapwell", "Tapwell", "the back bar at Tapwell"),
        # no spot before it, or only small words: the name alone
        ("see you at Tapwell", "Tapwell", "Tapwell"),
        ("we went to the one in Leeds", "Leeds", "Leeds"),
    ],
)
def test_a_named_place_keeps_the_spot_in_it(text: str, name: str, place: str) -> None:
    from agent.answer.places import with_spot

    assert with_spot(text, name) == place


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("my cousins mate lowri, shes class. does all the skimming", "Lowri"),
        ("My physio, Hanne Voss at the Bridge Street clinic, is very good", "Hanne Voss"),
        # a time, a pronoun or nothing after the person: no name
        ("left your drill with your neighbour at number 9 yesterday", None),
        ("ask my mate, hes good", None),
        ("my neighbour said so", None),
        # in lower case, the subject after the role
        ("my cousin remy is lending me his road bike for race day", "Remy"),
        ("my cousin is lending me his road bike", None),
        ("my sister here is great", None),
    ],
)
def test_a_name_right_after_the_person_it_names(text: str, name: str | None) -> None:
    from agent.answer.spans import apposed_name, person_phrase

    phrase = person_phrase(text)
    assert phrase is not None
    assert apposed_name(text, phrase) == name


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("my physio says rest", "my physio"),
        ("the new surgeon rang this morning", "the new surgeon"),
        # a determiner, at most a word, then the person: a day between names no one
        ("dads op moved to the 18th, surgeon is away that week", None),
        ("on the 3rd. nurse says fine", None),
    ],
)
def test_a_person_named_by_who_they_are(text: str, phrase: str | None) -> None:
    from agent.answer.spans import person_phrase

    assert person_phrase(text) == phrase


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # two capitalised words after "in"/"at" are a place's name, not a person's
        (
            "Come to the roastery in Stokes Croft. Our head roaster, Bilal Haddad, can help.",
            ["Bilal", "Haddad"],
        ),
        ("Dinner with Felix Grant at 8", ["Felix", "Grant"]),
        ("we stayed at Felix's", ["Felix"]),
        # a name after "the" is a paper's or a hotel's: "read the Hindu", "at the Grant"
        ("Appa is struggling to read the Hindu these days, Felix says", ["Felix"]),
        ("drinks at the Grant after", []),
        # a name the writer calls the reader by is no one the message tells of
        ("and mama... he offered me a full-time job after my diploma", []),
        ("Felix, can you grab the keys", []),
        ("so Felix offered me a job", ["Felix"]),
    ],
)
def test_names_in_a_message(text: str, names: list[str]) -> None:
    from agent.answer.spans import names_in

    lexicon = {"stokes", "croft", "bilal", "haddad", "felix", "grant", "hindu", "mama"}
    assert names_in(text, lexicon, ()) == names


@pytest.mark.parametrize(
    ("text", "own"),
    [
        ("i can drive! i've got my mum's car that weekend", True),
        ("Dicefest is a week on Saturday!! How are we getting there? It's an hour", False),
        ("are we still on for friday?", False),
        ("Booked. We're on for 7pm", True),
    ],
)
def test_the_writer_tells_of_themselves_not_in_a_question(text: str, own: bool) -> None:
    assert speaks_for_self(text) is own


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("and in other news i won copper kingdoms last night", None),
        ("happy to do it in person at the studio", "at the studio"),
        ("we're all in this together", None),
        # the body is no place; "out the back" is
        ("had the scan this morning, it's the ligament in his knee", None),
        ("woke up with a sharp pain in my neck", None),
        ("bins are out the back by the shed", "by the shed"),
        # where files go, and a meal, are no place
        ("costume photos are in the team folder", None),
        ("see you at lunch then", None),
        ("see you at the cafe then", "at the cafe"),
    ],
)
def test_an_idiom_is_no_place(text: str, place: str | None) -> None:
    assert place_phrase(text, {"game"}, ()) == place


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("come to mine, fri 11th dec?", "to mine"),  # someone's home, by whose it is
        ("drinks at yours?", "at yours"),
        ("going to try yudofu", None),  # "to" before a verb
        # where a thing is kept
        ("Spare key is under the blue plant pot.", "under the blue plant pot"),
        ("left it behind the shed", "behind the shed"),
        # more ways to place a thing; "by" and "next to" only before a determiner
        ("we moored right outside the navigation. best pint", "outside the navigation"),
        ("key safe on the wall next to the chandlery door", "next to the chandlery door"),
        ("it's by the bins", "by the bins"),
        ("by the way, done by friday", None),
        ("we went by bus", None),
        # a clause's last word after the place is not part of it; a season is no place
        ("we'll just do it here in our garden instead", "in our garden"),
        ("the yards book up fast in spring", None),
        # a street, in lower case as often as not; "on" places only before one
        ("brindle court, the new-ish block on osier road. flat 14", "on osier road"),
        ("first roll back from the lab on mill street!!", "on mill street"),
        ("meet you on the high street", "on the high street"),
        ("it's on the list", None),
        ("see you on tuesday", None),
    ],
)
def test_a_home_is_a_place(text: str, place: str | None) -> None:
    assert place_phrase(text, {"drink"}, ()) == place


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("my flat is all boxes now. can we do the orchard instead? same night", "the orchard"),
        ("let's go to the bandstand instead", "the bandstand"),
        ("can we do thursday instead", None),  # a day, not a place
        ("i'll have the soup instead", None),
    ],
)
def test_the_place_a_change_of_plan_proposes(text: str, place: str | None) -> None:
    assert instead_of(text) == place


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("the Hamburg venue cancelled on us, so we're moving it to Leipzig", "Leipzig"),
        ("party is now at Casa Albero, same time", "Casa Albero"),
        ("we switched to the Old Granary", "the Old Granary"),
        # a day is where a plan moves in time, not a place
        ("we moved it to friday", None),
        ("moving it to the 18th", None),
        ("can we move it to next week?", None),
    ],
)
def test_the_place_a_plan_moves_to(text: str, place: str | None) -> None:
    assert moved_to(text) == place


@pytest.mark.parametrize(
    ("text", "kind", "names"),
    [
        ("i have an interview on thurs. crumb street bakery. the one by the station", "bakery",
         ["crumb street bakery"]),
        ("Kieran here (Doyle Bathrooms). Quote attached", "bathroom", ["Doyle Bathrooms"]),
        # a determiner or an adjective is no name
        ("the bakery smells like heaven at 5am", "bakery", []),
        ("my new bakery is great", "bakery", []),
        ("The day after book club, busy week.", "book", []),  # nor a preposition
    ],
)  # fmt: skip
def test_a_name_written_before_its_kind(text: str, kind: str, names: list[str]) -> None:
    from agent.answer.stated import _named_before

    assert _named_before(text, kind, set()) == names


def test_the_head_of_a_place_name_is_no_person_name() -> None:
    texts = ["It's on Carver Street", "Balloons from Party Palace", "Meet at Party Palace"]
    assert not {"street", "palace"} & person_names(texts)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("First game night is tomorrow - Rook & Pawn, 7pm.", ["Rook & Pawn"]),
        ("Next one is back at the Rook and Pawn, Friday 20th!", ["Rook and Pawn"]),
        ("I went to Casa Albero on Fenner Street", ["Casa Albero", "Fenner Street"]),
        # days and months are no names
        ("Monday and Tuesday work, or Friday 20th", []),
        # a message in capitals throughout: its capitals name nothing
        ("ONE WEEK TO GO", []),
        ("FIRST RUN BACK!! 5k easy", []),
        # a name in capitals inside a message written otherwise is one
        ("dinner at SAFFRON HOUSE on friday", ["SAFFRON HOUSE"]),
    ],
)
def test_names_of_two_capitalised_words_or_more(text: str, names: list[str]) -> None:
    from agent.answer.spans import title_names

    assert title_names(text) == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("shes called beetroot lol", ["beetroot"]),
        # a quoted name after the word that says it is one; an apostrophe in a word quotes none
        ("and i think i've got a name for it. 'low tide hours'", ["low tide hours"]),
        ("we called it “the salt room” in the end", ["the salt room"]),
        ("whose name's on the lease? it's fine i think", []),
        ("his name is Jonas, he's from Kiel", ["Jonas"]),
        # a name opening a clause, then who they are
        ("bev the scheme manager rang her this morning", ["bev"]),
        ("ok, dervla the landlady says yes", ["dervla"]),
        # after chat's "also", "fyi", "btw"
        ("also fyi gary the manager at hollis's says they want to donate us a fridge??", ["gary"]),
        ("btw dave the landlord called", ["dave"]),
        # a verb or a filler word before the role is no name
        ("ask the manager tomorrow", []),
        ("thanks the nurse was lovely", []),
        ("then the landlord came round", []),
        # a name of a few words after "called", to a comma, a function word or a time
        ("theres a guesthouse there called die seemeeu, 2 nights R3,800", ["die seemeeu"]),
        ("a place called the hungry heron in muizenberg", ["the hungry heron"]),
        ("a guy called declan who sold us the van", ["declan"]),
        ("called the garage about it this morning", []),
        # a name, then who the person is to the writer
        ("KC put in a word for me. Kelechi, my NYSC guy. he's senior there now", ["Kelechi"]),
        ("tomi, our neighbour, has the spare key", ["tomi"]),
        ("ok, my friend said no", []),
        ("thanks, my mum loved it", []),
    ],
)
def test_names_a_message_gives(text: str, names: list[str]) -> None:
    from agent.answer.spans import given_names

    assert given_names(text) == names


def test_place_names_are_where_one_goes_not_who() -> None:
    from agent.answer.lexicon import place_names

    texts = ["matcha everything in Uji", "back from Kyoto on the 14th", "lunch with Aki in Nara"]
    texts += ["Aki said hi", "I went to Leeds", "Leeds said no"]
    texts += ["moving in January", "we chatted in Spanish", "back on Monday"]  # no places
    assert place_names(texts) == {"uji", "kyoto", "nara"}
