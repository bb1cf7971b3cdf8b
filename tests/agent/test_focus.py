"""The phrase that answers a what/which question (agent.answer.focus.answer_span), or None
when nothing stands out and the reader should quote the sentence."""

from __future__ import annotations

import pytest

from agent.answer.focus import HOW_LONG, answer_span, asked_noun, duration_in, focus_phrase
from agent.answer.text import REQUEST_TERMS, terms

PEOPLE = ["Tim", "John", "Joanna", "Greta", "Sami", "Hana", "Piotr", "Melanie", "Nate", "Sam"]


@pytest.mark.parametrize(
    ("sentence", "question", "span"),
    [
        # the question's verb, then its object
        (
            "Learning German has been tough but worth it.",
            "Which language is Tim learning?",
            "German",
        ),
        ("I'll make pierogi to apologise", "what was piotr making again", "pierogi"),
        # thanks is no answer: "what did we get priya for her birthday" is not "Thank."
        (
            "Best birthday in years. Thank you, crew.",
            "what did we get priya for her birthday",
            None,
        ),
        # a phrase near the question's words, with what the question says taken off
        (
            "The donations even helped get a brand new fire truck!",
            "What did the donations help John's community acquire?",
            "brand new fire truck",
        ),
        (
            "Been quite a ride - in a good way - had an audition yesterday for a writing gig.",
            "What was Joanna's audition for?",
            "writing gig",
        ),
        (
            "also you left your laptop charger here",
            "what did sami leave at my place?",
            "laptop charger",
        ),
        # a clause's opening word ends no phrase
        (
            "paddy asked me to sort his stag. you're on the committee whether you like it or not",
            "what did we end up doing on paddy's stag, activity wise",
            None,
        ),
        # names and titles first; a quoted title answers outright
        (
            "As discussed, I'm putting you forward for Senior Analyst, effective January 1st",
            "what role is greta putting me up for?",
            "Senior Analyst",
        ),
        (
            'Just finished "A Dance with Dragons" and it\'s a really good story.',
            "Which book did Tim recommend?",
            "A Dance with Dragons",
        ),
        (
            "Loved it. Marta picked the next book already, The Remains of the Day, for Nov 4th.",
            "what is the next book club book?",
            "The Remains of the Day",
        ),
        (
            "Had matcha soft serve and a bowl of udon near the shrine. Best morning.",
            "what did I have near the shrine?",
            "matcha soft serve and a bowl of udon",
        ),
        (
            "physio verdict: A2 pulley strain",
            "what did the physio say was wrong?",
            "A2 pulley strain",
        ),
        # nothing stands out: one adjective, a shout, no question word at all
        (
            "I just signed with a new team - excited for the season!",
            "Which team did John sign with?",
            None,
        ),
        ("mum LOVED it", "what did mum think of the present?", None),
        ("also my new crashpad arrived 😍", "what did piotr buy?", None),
        ("ok see you then!", "what did Sam bring to the party?", None),
        # a phrase does not end on a word leading into what follows ("limping since"), and
        # one lower-case word alone is not sure enough
        ("Biscuit has been limping since the park", "what has biscuit been doing", None),
    ],
)
def test_answer_span(sentence: str, question: str, span: str | None) -> None:
    wanted = terms(question) - REQUEST_TERMS - {t for p in PEOPLE for t in terms(p)}
    assert answer_span(sentence, wanted, PEOPLE) == span


@pytest.mark.parametrize(
    ("question", "noun"),
    [
        ("What workshop did Caroline attend recently?", "workshop"),
        ("what kind of soup did john make", "soup"),
        ("which type of seminars is John running?", "seminars"),
        ("What kind of online group did John join?", "group"),  # the last word before the verb
        ("so which hotel did hana stay at in porto", "hotel"),
        # the thing whose name or title is asked
        ("what's the name of the book for book club?", "book"),
        ("what was the title of that film we watched", "film"),
        # a verb straight after "what" is no noun
        ("What helps Joanna stay focused?", None),
        ("what did sami leave at my place?", None),
        ("Which outdoor gear company signed John up?", None),
    ],
)
def test_asked_noun(question: str, noun: str | None) -> None:
    assert asked_noun(question) == noun


@pytest.mark.parametrize(
    ("sentence", "noun", "question", "phrase"),
    [
        (
            "Last Friday, I went to an LGBTQ+ counseling workshop and it was really enlightening.",
            "workshop",
            "What workshop did Caroline attend recently?",
            "LGBTQ+ counseling workshop",
        ),
        ("Made this tasty soup recently - it was real good!", "soup", "what soup", "tasty soup"),
        (
            "Signed a basketball shoe and gear deal with Nike!",
            "deals",
            "what kind of deals did john sign",
            "basketball shoe and gear deal",
        ),
        ("booked the little italian place on king st", "place", "which place", "italian place"),
        # an -ing word after a verb is the verb and its object, after an article a modifier
        ("I'm creating gaming content now", "content", "what content", "gaming content"),
        ("went to a cooking class", "class", "what class did she take", "cooking class"),
        # the noun bare, or with words that do not tell one from another: the reader goes on
        ("I started my new job today", "job", "what job did he start", None),
        ("the workshop was fun", "workshop", "what workshop", None),
        ("my favourite book is out in paperback", "book", "which book is out", None),
    ],
)
def test_focus_phrase(sentence: str, noun: str, question: str, phrase: str | None) -> None:
    wanted = terms(question) - REQUEST_TERMS - {t for p in PEOPLE for t in terms(p)}
    assert focus_phrase(sentence, noun, wanted, PEOPLE) == phrase


@pytest.mark.parametrize(
    ("question", "sentence", "duration"),
    [
        (
            "How long has Tim been playing the piano?",
            "I've been playing for about four months now",
            "about four months",
        ),
        ("how long was the flight", "flight was 11 hours, never again", "11 hours"),
        (
            "how long did they go out for",
            "they were together two and a half years",
            "two and a half years",
        ),
        ("how long is the lease", "new lease is for a year", "a year"),
        ("how long's the drive?", "it's a 3-hour drive from here", "3-hour"),
        ("how long ago did we meet?", "we met 5 years ago", None),  # a when-question
        ("how long is the queue", "the queue is massive", None),
        # a race time; a clock time is not a duration
        ("how long did it take her to finish?", "1:24:37 and 3rd in my age group!!", "1:24:37"),
        ("how long is the lesson", "lesson starts at 14:30 sharp", None),
    ],
)
def test_duration(question: str, sentence: str, duration: str | None) -> None:
    found = duration_in(sentence) if HOW_LONG.search(question) else None
    assert found == duration


@pytest.mark.parametrize(
    ("sentence", "noun", "question", "phrase"),
    [
        # asked what kind, a plain word tells one kind from another
        (
            "She just ate a little bit of the new food!",
            "food",
            "what kind of food does she eat?",
            "new food",
        ),
        (
            "we have to feed her special food for a week",
            "food",
            "what type of food is she on?",
            "special food",
        ),
        ("I started my new job today", "job", "what sort of job did he start", "new job"),
        ("she eats food", "food", "what kind of food does she eat?", None),
    ],
)
def test_focus_phrase_of_a_kind(sentence: str, noun: str, question: str, phrase: str) -> None:
    wanted = terms(question) - terms("what kind type sort of")
    assert focus_phrase(sentence, noun, wanted, PEOPLE, kind_of=True) == phrase
