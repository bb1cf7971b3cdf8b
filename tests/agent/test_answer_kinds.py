"""What kind of answer a question wants (agent/answer/kinds.py), phrased as people type."""

from __future__ import annotations

import pytest

from agent.answer.kinds import Kind, classify, without_mention


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("when did hana get back from porto?", Kind.WHEN),
        ("what was the hike chat going on about last tuesday", Kind.SUMMARY),
        ("what were they going on about in the group", Kind.SUMMARY),
        # a part of the day asked for is a when
        ("what night is tobias's opening after all the frame drama", Kind.WHEN),
        ("what evening is the quiz now?", Kind.WHEN),
        ("which afternoon is the delivery", Kind.WHEN),
        # a "when" that opens a clause does not make a when-question
        ("what hotel was she in when she was in porto?", Kind.WHERE),
        ("what book was she reading when she was in porto?", Kind.WHAT),
        ("where did we eat when we were in Kyoto?", Kind.WHERE),
        ("what day did she come back when she was in porto?", Kind.WHEN),
        ("what hobby is a therapy for John when away from the court?", Kind.WHAT),
        ("who called when I was out?", Kind.WHO),
        ("what was the date when we met?", Kind.WHEN),
        # what is asked comes last, after what it is about
        ("craig put us onto an electrician for the lights, who was that", Kind.WHO),
        ("the lad dug something up when they started the deck - what was it", Kind.WHAT),
        ("mum's 70th, where was it again?", Kind.WHERE),
        ("the deck lights, how much were they", Kind.AMOUNT),
        # one of a set of people, whoever's set it is
        ("which of craig's workers made the holes for the posts?", Kind.WHO),
        ("which of the tramping lot won the photo comp", Kind.WHO),
        # an idiom is no order: who did it, not the first mention
        ("who recommended our builder to us in the first place?", Kind.WHO),
        ("who first recommended our builder?", Kind.FIRST),
        # a summary in other words
        ("what was the climbing club talking about on november 19?", Kind.SUMMARY),
        ("what were we chatting about yesterday?", Kind.SUMMARY),
        ("what were renée and i texting about last friday", Kind.SUMMARY),
        ("what did doug and i message about on sunday?", Kind.SUMMARY),
        ("what was tamsin telling me about on the 16th of march", Kind.SUMMARY),
        ("what did aki tell us about kyoto?", Kind.SUMMARY),
        # a number stated, and a plural asked one thing of, are no count and no list
        ("what was the highest number of points Tim scored in a game?", Kind.WHAT),
        ("what was the number of people at the party?", Kind.HOW_MANY),
        ("what are the new shoes that Caroline got used for?", Kind.WHAT),
        ("what were my Q4 priorities again?", Kind.LIST),
        ("what are the kids' names?", Kind.LIST),
        # what someone told, asked with whom they told it to
        ("what did the dentist tell me?", Kind.SUMMARY),
        ("what did dad tell me to check?", Kind.WHAT),
        # a plural asked back is a list
        ("remind me of my Q4 priorities", Kind.LIST),
        ("remind me of the address", Kind.WHAT),
        # a transitive talk verb: the topic is its object, a time or the end follows
        ("what did we discuss on monday?", Kind.SUMMARY),
        # a person named by two words, then "and i"
        ("what did dr okafor and i talk about last month", Kind.SUMMARY),
        ("what did mary jane and i discuss on tuesday?", Kind.SUMMARY),
        ("what was the book club discussing last night?", Kind.SUMMARY),
        ("what did everyone say on friday?", Kind.SUMMARY),
        ("what did the physio say was wrong with her finger?", Kind.WHAT),
        # "last <day>" is a time, not the latest mention
        ("what did aki and i discuss last tuesday?", Kind.SUMMARY),
        ("what did I say last week about the trip?", Kind.SUMMARY),
        ("when did we last discuss the trip?", Kind.LAST),
        # a person's name asked by pronoun
        ("she has a new boss - what's her name?", Kind.WHO),
        ("what's his name again", Kind.WHO),
        # a noun that asks for a place
        ("which city is the conference in?", Kind.WHERE),
        ("what restaurant did we book for friday?", Kind.WHERE),
        # a kind of place people go to, asked for by "which"; its name is a name
        ("kai's maths tuition is at which centre again", Kind.WHERE),
        ("which bakery did dad's birthday cake come from?", Kind.WHERE),
        ("what pool does she swim at these days", Kind.WHERE),
        ("whats the name of the bakery jude works at now", Kind.WHAT),
        ("what cafe did mia like?", Kind.WHERE),
        # one answer per person
        ("who's bringing what to the picnic?", Kind.LIST),
        ("who said what at the meeting", Kind.LIST),
        ("when's sami getting in for his visit?", Kind.WHEN),
        ("what day is the gym closed?", Kind.WHEN),
        ("what was the final due date for the deck?", Kind.WHEN),
        ("remind me what day my review was", Kind.WHEN),
        ("when did I last mention baking bread?", Kind.LAST),
        ("last time sami talked about his new job?", Kind.LAST),
        # "the first time" only asks when when nothing else is asked
        ("when was the first time i swam at fenmere?", Kind.FIRST),
        ("what was the water temp the first time i swam at fenmere", Kind.WHAT),
        ("where did we go the last time we saw aki?", Kind.WHERE),
        # complaining is saying too
        ("in the five-a-side chat, when did gus last moan about his hamstring", Kind.LAST),
        ("when did mum first complain about the boiler?", Kind.FIRST),
        ("when was the most recent time anyone brought up the trip?", Kind.LAST),
        # going over a thing is talking it through
        ("when did warren and i last go over the logbook thing", Kind.LAST),
        ("when did we first go over the budget?", Kind.FIRST),
        ("what did we go over on tuesday?", Kind.SUMMARY),
        # a thing that goes over something is no talk
        ("when did the car go over the bridge", Kind.WHEN),
        ("when did i first mention my sourdough starter", Kind.FIRST),
        # a compound with "first" in it is no first time
        ("who's bringing the first aid kit?", Kind.WHO),
        ("when did i bring the first aid kit?", Kind.WHEN),
        ("when did i first bring up the first aid kit?", Kind.FIRST),
        # putting an idea to the others is saying it
        ("in linden row, when did someone first float the street party?", Kind.FIRST),
        ("when did mara first raise moving to leeds?", Kind.FIRST),
        ("when did dev first suggest a camping trip?", Kind.FIRST),
        ("what was the plot group on about last sunday", Kind.SUMMARY),
        ("when did birgit first suggest i speak at a conference", Kind.FIRST),
        ("who's organising the secret santa?", Kind.WHO),
        ("whos the girl sami's been seeing??", Kind.WHO),
        ("which saturday did the street party end up on", Kind.WHEN),
        ("what friday is the opening now?", Kind.WHEN),
        ("which of the neighbours phoned the council?", Kind.WHO),
        ("which one of us booked the table", Kind.WHO),
        ("which of my friends lent me the tent?", Kind.WHO),
        ("which of the hotels had a pool?", Kind.WHAT),
        ("what's the name of hana's new flatmate?", Kind.WHO),
        ("whats the name of my sisters pet again", Kind.WHO),
        ("which weekend are jude and i doing rye now", Kind.WHEN),
        # the name of a thing or a place is no person's
        ("whats the name of the bakery jude works at now", Kind.WHAT),
        ("what was the name of that film we saw", Kind.WHAT),
        ("whats the name of the place dev and i stayed at in bled", Kind.WHERE),
        ("where did I leave my chalk bag?", Kind.WHERE),
        # the place as the question's subject asks for it; what it is like does not
        ("the place we ended up booking for mum's 60th", Kind.WHERE),
        ("the venue for the reunion, what was it again", Kind.WHERE),
        ("what was the venue for jo's leaving do?", Kind.WHERE),
        ("what's the spot like?", Kind.WHAT),
        ("what was the address of the venue?", Kind.WHAT),
        ("wheres sami's new job based?", Kind.WHERE),
        ("how many times have i baked bread since september?", Kind.HOW_MANY),
        ("how often did we climb in october?", Kind.HOW_MANY),
        ("how much did the filling cost?", Kind.AMOUNT),
        ("and what did that set me back", Kind.AMOUNT),
        ("what did the vet charge for the x-ray?", Kind.AMOUNT),
        ("what did aoife get charged at the vet", Kind.AMOUNT),
        ("what was my half of dad's present", Kind.AMOUNT),
        ("what did the tickets come to?", Kind.AMOUNT),
        ("what did she pay for the jacket?", Kind.AMOUNT),
        # what was bought with it, not what it cost
        ("what did tomas spend the team money on", Kind.WHAT),
        ("what did the vet cost?", Kind.AMOUNT),
        ("what's the hen do costing each of us in the end?", Kind.AMOUNT),
        # a sum by the way it was reached, or by what was asked for it
        ("and what did it work out to per head in the end?", Kind.AMOUNT),
        ("what were the other lot asking, the ones I turned down?", Kind.AMOUNT),
        # guards: what was asked about, or of whom
        ("what was she asking about the flat?", Kind.WHAT),
        ("what did they work out about the move?", Kind.WHAT),
        # a rate, or a sum by the word for it
        ("What did I start him at an hour?", Kind.AMOUNT),
        ("what did he first want the rent to go to?", Kind.AMOUNT),
        # guards: a time, not a rate
        ("what did you do a week before the wedding?", Kind.WHAT),
        ("what's the latest on wren's moving day?", Kind.WHEN),
        ("what's mum's birthday date again", Kind.WHEN),
        ("what was kieran's original quote for the bathroom?", Kind.AMOUNT),
        ("what's the rent on the new flat", Kind.AMOUNT),
        # a sum by what it is to the asker
        ("whats my out of pocket on the crown after insurance", Kind.AMOUNT),
        ("what's my remaining balance at the dentist?", Kind.AMOUNT),
        ("list all the places the club climbed outdoors", Kind.LIST),
        # a mass of things, and everything someone asked of me
        ("what stuff has pickles chewed up so far", Kind.LIST),
        ("what food are we bringing up to the cabin", Kind.LIST),
        ("what did the others bring for the crag trip?", Kind.LIST),
        ("what's everyone else bringing?", Kind.LIST),
        ("remind me everything rohan asked me to do for the party", Kind.LIST),
        ("what jobs did rory give me for the anniversary do", Kind.LIST),
        ("what did pickles eat this morning?", Kind.WHAT),
        ("what are all the books we read this year?", Kind.LIST),
        # "all the" inside the object asks for one thing done to them
        ("what did she turn all the spare plums into?", Kind.WHAT),
        ("which books has hana recommended me?", Kind.LIST),
        ("what were my Q4 priorities again?", Kind.LIST),
        ("what did hana and i talk about on oct 14?", Kind.SUMMARY),
        # on about, and what a day's exchange sorted out, of any who talked
        ("what were ines and i going on about on april 19th", Kind.SUMMARY),
        ("what did warren and i sort out on the 30th of july", Kind.SUMMARY),
        ("what did you sort out for the car?", Kind.WHAT),
        ("what came up in the climbing chat the night of oct 17?", Kind.SUMMARY),
        ("what was going on in the group on the 19th?", Kind.SUMMARY),
        ("had the group chat muted last saturday. what did i miss?", Kind.SUMMARY),
        ("what'd we miss in the climbing chat?", Kind.SUMMARY),
        # the talk asked after it is told, and a place asked by its old word
        ("lu and i were texting last tuesday i forget what about", Kind.SUMMARY),
        ("what about the dentist", Kind.WHAT),  # a guard
        ("whereabouts is dwights place at", Kind.WHERE),
        # a body of people a chat is
        ("which of the committee shifted the most tickets", Kind.WHO),
        ("did Miso eat the new food?", Kind.YES_NO),
        ("is there a permit for Castle Crags?", Kind.YES_NO),
        ("what did i call my sourdough starter lol", Kind.WHAT),
        ("what did piotr buy in early nov?", Kind.WHAT),
        # what has been done so far is a set; two acts ask for many things; "all" for each
        ("what swim kit have i bought since i started training", Kind.LIST),
        ("what has gareth fixed so far", Kind.LIST),
        ("what has the pantry been running low on?", Kind.LIST),
        ("what have we run out of this month", Kind.LIST),
        ("what's dad planted or sown so far this year?", Kind.LIST),
        ("remind me what bits of kit i bought dad", Kind.LIST),
        ("what are we all growing on the allotment?", Kind.LIST),
        ("what has she said about it?", Kind.WHAT),
        ("what have we got on saturday?", Kind.WHAT),
        ("what kind of food is miso on now?", Kind.WHAT),
        # one choice among several is no list, unless it is a set of a kind's words
        ("which tiles did i go with for the bathroom walls in the end", Kind.WHAT),
        ("which colours did we pick for the tournament kit", Kind.LIST),
    ],
)
def test_classify(question: str, kind: Kind) -> None:
    assert classify(question).kind is kind


def test_what_time_wants_the_clock() -> None:
    assert classify("what time does he land?").wants_time
    assert not classify("when does he land?").wants_time


@pytest.mark.parametrize(
    ("question", "focus"),
    [
        ("how many lads ended up going on gethin's stag", "lads"),
        ("how many plants died over the winter?", "plants"),
        ("how many outdoor climbing trips did we do", "trips"),
        ("how many people turned up", "people"),
        ("how many books has aki recommended", "books"),
        ("how many times did we climb in september", "times"),
        # before an irregular verb or a preposition; not a name after an auxiliary
        ("how many removal firms gave us a price", "firms"),
        ("how many trips to the tip did we do", "trips"),
        ("how many times has marcus won at game night", "times"),
    ],
)
def test_the_noun_a_count_counts(question: str, focus: str) -> None:
    assert classify(question).focus == focus


@pytest.mark.parametrize(
    ("question", "topic_words", "gone"),
    [
        # who said it is not what was said
        ("first time the clinic mentioned an invoice", {"invoice"}, {"clinic", "mentioned"}),
        ("when did my sister last moan about the boiler", {"boiler"}, {"sister", "moan"}),
        # what came up is the topic itself
        ("when did the slugs last come up in the plot chat", {"slugs", "plot"}, {"come"}),
    ],
)
def test_the_topic_without_its_sayer(question: str, topic_words: set[str], gone: set[str]) -> None:
    words = set(without_mention(question).split())
    assert topic_words <= words and not gone & words


@pytest.mark.parametrize(
    ("span", "question", "negated"),
    [
        ("dad can't come this time", "is dad coming?", True),
        ("No permit, but parking is 10 dollars", "do we need a permit?", True),
        ("nope, all sorted", "is the boiler still broken?", True),
        # a negation of something else
        ("Miso threw up three times and she's not eating", "is miso sick?", False),
        ("not sure about the pub but the boiler's fixed", "is the boiler fixed?", False),
        # none of the question's words: any negation says no
        ("haven't heard anything yet", "did the council reply?", True),
        ("all booked for friday", "is the table booked?", False),
    ],
)
def test_a_negation_says_no_when_it_governs_the_question(
    span: str, question: str, negated: bool
) -> None:
    from agent.answer.text import terms
    from agent.answer.yes_no import says_no

    assert says_no(span, terms(question)) is negated
