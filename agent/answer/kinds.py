"""What kind of answer a question wants, read from its wording: the wh-word, its complement and
a few request verbs. The kind decides how the reader states the answer (a date, a name, a span,
a count, a summary), never what is retrieved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from agent.plan.people import PERSON_NOUNS

from .asking import asked_clause
from .categories import asked_kind


class Kind(StrEnum):
    WHEN = "when"
    FIRST = "first_mention"
    LAST = "last_mention"
    WHO = "who"
    WHERE = "where"
    WHAT = "what"
    HOW_MANY = "how_many"
    LIST = "list"
    SUMMARY = "summary"
    YES_NO = "yes_no"
    AMOUNT = "how_much"


# Kinds whose evidence is spread over many messages.
SPREAD = frozenset({Kind.FIRST, Kind.LAST, Kind.HOW_MANY, Kind.LIST})


@dataclass(frozen=True)
class QuestionKind:
    kind: Kind
    # The noun the wh-word asks for ("which *hotel*", "what *time*"), when there is one.
    focus: str | None = None
    # "what time": the clock matters, not only the day.
    wants_time: bool = False


_TALK = (
    r"(?:talk|talked|talking|chat|chatted|chatting|discuss|discussed|discussing|speak|spoke|"
    r"speaking|say|said|saying|mention|mentioned|tell|tells|telling|told|go\s+over|went\s+over|"
    r"going\s+over|"
    # in writing, as a chat is: "what were renée and i texting about"
    r"text|texted|texting|messag(?:e|ed|ing)|whatsapp(?:ed|ing)?|dm(?:ed|ing)?)"
)
# Telling someone the news: "filling me in on", "catching us up on".
FILL_IN = re.compile(
    r"(?:fill(?:ing|ed)?|catch(?:ing)?|caught|updat(?:e|ing|ed))\s+(?:me|us)\b(?:\s+(?:in|up))?"
    r"(?:\s+on\b)?",
    re.IGNORECASE,
)
# Who talked: "we", "aki and i", "the plot group", "goal diggers".
_TALKERS = (
    r"(?:we|you|i|they|everyone|everybody|(?:\w+\s+)?\w+\s+and\s+(?:i|me)|(?:i|me)\s+and\s+\w+|"
    r"(?:the\s+)?\w+(?:\s+\w+)?)"
)
# What a day's exchange settled, asked of the day: "what did warren and i sort out on the 30th?"
_SETTLE = (
    r"(?:sort|sorted|figure|figured)\s+out|arrange|arranged|organise|organised|organize|organized"
)
# What follows a verb that takes the exchange as its object: a time, a place or the end.
_SCOPE_AFTER = (
    r"\s*(?:$|[?!.,]|\b(?:on|in|at|last|this|that|yesterday|today|tonight|earlier|during|over|"
    r"the\s+other)\b)"
)
_SUMMARY = re.compile(
    rf"\bwhat\s+(?:did|do|have|were|was|are|is)\s+{_TALKERS}\s+(?:\w+\s+)?{_TALK}\s+"
    r"(?:(?:me|us)\s+)?(?:about|over)\b|"
    r"\bwhat\s+(?:was\s+going\s+on|went\s+on|came\s+up|happened|was\s+said)\b|"
    # "had the group chat muted last saturday. what did i miss?"
    r"\bwhat(?:\s+did|\s+have|['’]d|['’]ve)?\s+(?:i|we)\s+(?:miss|missed)\b|"
    r"\b(?:summar(?:ise|ize|y)|recap|catch\s+me\s+up|gist)\b|"
    # "what were we on about", "what was the plot group going on about last sunday": on about,
    # as people say talking about
    rf"\bwhat\s+(?:were|was|is|are)\s+{_TALKERS}\s+(?:going\s+)?on\s+about\b|"
    r"\bwhat\s+(?:were|was)\s+(?:we|they)\s+(?:going\s+)?about\b|"
    # "lu and i were texting last tuesday i forget what about": the talk, asked after it is told
    r"\b(?:forget|forgot|remember|know)\s+what\s+(?:it\s+was\s+)?about\W*$|"
    # "what was Morag filling me in on that night?", "what did she catch me up on?"
    rf"\bwhat\s+(?:did|was|were|is|are)\s+{_TALKERS}\s+{FILL_IN.pattern}|"
    # "what did we discuss on Monday?", "what was the chat discussing?", "what did the dentist
    # tell me?": the verb takes the topic as its object, so nothing follows it but whom it was
    # told to, a time, a place or the end.
    rf"\bwhat\s+(?:did|do|have|were|was)\s+{_TALKERS}\s+(?:{_TALK}|{_SETTLE})"
    rf"(?:\s+(?:me|us|you))?{_SCOPE_AFTER}",
    re.IGNORECASE,
)
# Talk told in idiom, which the planner's mention order reads too: "when did fiona first come to
# me with the caravan idea?", "…start on about the pairs", "the last time we were on about it"
TOLD_IDIOMS = (
    r"c[ao]me\s+to\s+(?:me|us|you|him|her|them)\s+with|(?:start\w*\s+)?on\s+about|"
    # "when did she first put the idea to the committee?"
    r"put\s+(?:the|that|this|an?|her|his|their|my|our)\s+(?:idea|plan|proposal|suggestion)"
)
_MENTION = (
    r"(?:mention\w*|talk\w*|said|say|says|spoke|bring\w*|brought|c[ao]me\s+up|discuss\w*|"
    r"ask\w*|wrote|texted|messag\w*|tell|told|suggest\w*|propos\w*|recommend\w*|invit\w*|"
    r"offer\w*|moan\w*|complain\w*|whing\w*|rant\w*|go(?:es)?\s+on\s+about|went\s+on\s+about|"
    # "when did warren and i last go over the logbook thing?": went through it in talk
    r"go(?:es|ne)?\s+over|went\s+over|going\s+over|"
    # putting an idea to the others: "who first floated the street party?"
    rf"float\w*|pitch\w*|rais(?:e|ed|es|ing)|put\s+forward|{TOLD_IDIOMS})"
)
# Who said it, before the verb of saying: "the first time *the clinic* mentioned an invoice"
# asks about invoices, whoever's messages they are. What "came up" is the topic itself.
_SAYER = re.compile(
    rf"\b(?:the|my|our|your|his|her)\s+[^\W\d_]+\s+"
    rf"(?=(?:first\s+|last\s+)?(?!c[ao]me\s+up){_MENTION}\b)",
    re.IGNORECASE,
)


def without_mention(question: str) -> str:
    """The question without its verb of saying: "when did dev first *suggest* a camping trip?"
    asks for the first message about camping, which need not say "suggest"."""
    return re.sub(rf"\b{_MENTION}\b", " ", _SAYER.sub(" ", question), flags=re.IGNORECASE)


# How a person frames a question, not what it is about: "who recommended him *in the first
# place*?", "which tiles did we go with *in the end*?", "*remind me*, where…". Their words
# ("first", "place", "end") would rank and weigh the messages that say them.
ASIDES = re.compile(
    r"\b(?:in\s+the\s+first\s+place|in\s+the\s+end|"
    r"by\s+the\s+way|btw|remind\s+me|(?:do|can|could)\s+you\s+(?:remember|recall)|"
    r"if\s+you\s+remember|i\s+(?:forgot|forget|can'?t\s+remember|don'?t\s+remember)|"
    r"any\s+idea|off\s+the\s+top\s+of\s+(?:my|your)\s+head|exactly|actually|again)\b",
    re.IGNORECASE,
)


def without_asides(query: str) -> str:
    """The query without the words that frame the question (`ASIDES`), if any are left."""
    text = " ".join(ASIDES.sub(" ", query).split())
    return text if re.search(r"\w{3,}", text) else query


# "last Wednesday", "last week": a time, not the latest mention.
_LAST_TIME = (
    r"(?!\s+(?:week|weekend|month|year|night|summer|winter|spring|autumn|fall|christmas|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun)\b)"
)
# "the first time" asks when only when the question asks nothing else: "what was the water
# temp the first time i swam at fenmere?" asks for a temperature.
_NO_OTHER_WH = r"^(?!\s*(?:what|which|where|who|whose|how\s+(?:much|many|long|far))\b).*"
# How far apart "first"/"last" and the word for telling may be: "the most recent occasion on
# which Joanne and I made any mention of…", as a careful writer puts it.
_APART = 60
_LAST = re.compile(
    rf"\b(?:last{_LAST_TIME}|latest|most\s+recent(?:ly)?)\b.{{0,{_APART}}}\b{_MENTION}|"
    rf"\b{_MENTION}\b.{{0,{_APART}}}\b(?:last{_LAST_TIME}|latest|most\s+recently)\b|"
    rf"{_NO_OTHER_WH}\blast\s+time\b",
    re.IGNORECASE,
)
# "the first aid kit", "first class": a compound, no first time
_NOT_FIRST_TIME = r"(?!\s+(?:aid|class|name|floor|half|edition|prize|place|dance)\b)"
_FIRST = re.compile(
    rf"\b(?:first{_NOT_FIRST_TIME}|earliest)\b.{{0,{_APART}}}\b{_MENTION}|"
    rf"\b{_MENTION}\b.{{0,{_APART}}}\bfirst\b{_NOT_FIRST_TIME}|"
    rf"{_NO_OTHER_WH}\bfirst\s+time\b",
    re.IGNORECASE,
)
# "what did that set me back?": an idiom for what it cost.
SET_BACK = re.compile(r"\bset\s+(?:me|us|you|him|her|them)\s+back\b", re.IGNORECASE)
_HOW_MUCH = re.compile(
    # "what did the hotel cost?", "what's the hen do costing each of us?"
    r"\bhow\s+much\b(?!\s+time)|"
    r"\bwhat(?:'s|’s|\s+(?:did|does|do|was|is|will|would|are|were))\s+.{0,40}\bcost(?:s|ing)?\b|"
    r"\b(?:price|cost|fee)\s+(?:of|for)\b|"
    # "what was kieran's original quote?", "what's the rent?": a sum of money by its name
    r"\bwhat(?:'s|’s|s|\s+(?:was|is|were|are))\s+(?!the\s+name\b)(?:[\w'’]+\s+){0,4}?(?:price|cost|fee|"
    r"quote|rent|deposit|bill|budget|fare|salary|balance|portion|copay|co-pay|excess|damage|"
    r"out\s+of\s+pocket)\b|"
    # "what did that set me back?", "what did the vet charge?"
    rf"{SET_BACK.pattern}|\bwhat\s+did\s+.{{0,30}}\b(?:charged?|quoted?)\b|"
    # "what was my half of dad's present?", "what did the tickets come to?", "what did she pay
    # for the jacket?" (not "what did tomas spend the money *on*?", which asks what was bought)
    r"\bwhat(?:'s|’s|s|\s+(?:was|is|were|are))\s+(?:my|our|your|his|her|their|each)\s+"
    r"(?:half|share|cut|bit|part)\b|"
    r"\bwhat\s+did\s+.{0,40}\bcome\s+to\s*\??\s*$|"
    # "what did it work out to per head?", "what were the other lot asking?": a sum by the
    # way it was reached or asked for (not "what was she asking about?")
    r"\bwhat\s+did\s+.{0,40}\bwork\s+out\s+(?:to|at|as)\b|"
    # "what did I start him at an hour?", "what did he want the rent to go to?": a rate, or a
    # sum by the word for it
    r"\bwhat\s+did\s+(?:[\w'’]+\s+){0,3}(?:start|pay|charge|earn|make|get|give|offer)\w*"
    r"\s+.{0,30}\b(?:an|a|per)\s+(?:hour|month|week|night)\b|"
    r"\bwhat\s+did\s+.{0,40}\b(?:rent|price|fee|wage|salary|rate)\s+(?:to\s+)?"
    r"(?:go|goes|went|come|came)\s+(?:up\s+|down\s+)?to\b|"
    r"\bwhat\s+(?:was|were|is|are)\s+(?:[\w'’]+\s+){1,4}asking\b"
    r"(?!\s+(?:about|me|you|him|her|us|them|if|whether|to|why|what|when|who|where)\b)|"
    r"\bwhat\s+did\s+.{0,30}\b(?:pay|spend)\b(?!.*\b(?:on|with|by)\s*\??\s*$)",
    re.IGNORECASE,
)
# "the highest number of points" asks for a number someone stated, not for a count.
_HOW_MANY = re.compile(
    r"\bhow\s+(?:many|often)\b|(?<!highest\s)(?<!lowest\s)(?<!largest\s)(?<!biggest\s)"
    r"(?<!record\s)\bnumber\s+of\b|\bhow\s+much\s+times\b",
    re.I,
)
# "which board games", "which running shoes": a plural after one word of its kind
_WHICH_PLURAL = re.compile(
    r"\bwhich\s+[a-z]+[^s\W]\s+(?!(?:was|has|does|is|this|its|his|us)\b)([a-z]+[^s\W]s)\b", re.I
)
# "what's on femi's menu?", "what was on kieran's snag list": what a list holds.
LIST_HOLDER = re.compile(
    r"\bwhat(?:['’]s|\s+is|\s+was|\s+were|\s+are)\s+on\s+(?:the\s+|my\s+|our\s+|his\s+|"
    r"her\s+|their\s+|[\w'-]+['’]s\s+)?(?:[\w'-]+\s+){0,2}(?:list|menu|agenda|itinerary|"
    r"playlist|setlist|rota|programme|program)\b",
    re.IGNORECASE,
)
# The question asks for what was asked of the user: "what jobs did clara give me", "which
# tasks has she given me", "what did rohan ask me to do", "what did mum want me to sort".
ASKS_OF_ME = re.compile(
    r"\b(?:jobs?|tasks?|errands?|chores?)\b.*\b(?:give|gave|given|giving|hand(?:ed)?|ask(?:ed)?|"
    r"set|assign(?:ed)?)\b(?:\s+\w+)?\s+me\b|"
    r"\b(?:ask(?:ed|s)?|want(?:ed|s)?|need(?:ed|s)?|got|get)\s+me\s+to\s+(?:do|sort|organi[sz]e|"
    r"handle|bring|get|make|book|look\s+into)\b|"
    r"\b(?:jobs?|tasks?)\s+(?:for|from)\s+me\b",
    re.IGNORECASE,
)
# Things done to things, said in the past: "planted or sown", "fixed or replaced".
_DONE = "planted|sown|bought|fixed|replaced|repaired|cooked|baked|made|read|watched|played"
_LIST = re.compile(
    # "what are all the…", "tell me all the…"; not "what did she turn all the courgettes into?"
    r"^\s*(?:list|name)\b|^\s*(?:what\s+(?:are|were)\s+|tell\s+me\s+|give\s+me\s+)?all\s+the\b|"
    r"\bwhich\s+\w+s\b(?!\s+(?:day|date))|"
    rf"{_WHICH_PLURAL.pattern}|"
    # "what were my Q4 priorities (again)?"; not "what are the new shoes used for?"
    r"\bwhat\s+(?:\w+\s+){0,2}(?:were|are)\s+(?:my|our|the|all)\s+(?:[\w'-]+\s+){0,3}[\w'-]+"
    r"(?:\s+again)?\s*[?!.]*\s*$|\bwhat\s+\w+\s+and\s+\w+\b|"
    r"\beveryone\s+bring|"
    # "remind me everything rohan asked me to do": all of it
    r"\beverything\b|"
    rf"{ASKS_OF_ME.pattern}|"
    # "who's bringing what?", "who said what?": one answer per person
    r"\bwho(?:['’]s|\s+is|\s+was|\s+were|\s+did|\s+will|s)?\s+(?:\w+\s+)?what\b|"
    # "what films did Mia recommend", "what food did people bring": a plural or a mass noun
    # asked of many people or occasions wants every one of them.
    r"\bwhat\s+(?!(?:was|is|does|things|happened)\b)[a-z]+s\s+(?:did|do|have|has|had|were)\b|"
    # …and what someone brings or makes for a do: "what am i bringing to castle crags?",
    # "what's aki bringing?", "what snacks is doug bringing?"
    r"^\W*(?:and\s+|so\s+)?what(?:['’]s|\s+(?!(?:was|is|does|has)\b)[a-z]+s)?\s+"
    r"(?:(?:am|are|is)\s+)?(?!(?:the|a|an)\b)"
    r"\w+\s+(?:bringing|making|baking|cooking)\b|"
    r"\b(?:everyone(?:\s+else)?|everybody(?:\s+else)?|people|they|(?:the\s+)?(?:others|rest\s+of\s+(?:us|them)|group|gang|"
    r"lads|girls|guys|crew))\s+(?:was\s+|were\s+|are\s+)?bring(?:ing)?\b|"
    # "what swim kit have I bought since …", "what has Gareth fixed": what has been done so
    # far is a set, each thing done once.
    r"\bwhat\s+(?:[a-z'-]+\s+){0,2}(?:have|has)\s+[a-z'-]+\s+(?:\w+\s+)?(?:bought|purchased|"
    r"fixed|repaired|replaced|mended|played|watched|seen|read|planted|sown|grown|borrowed|"
    r"made|cooked|baked)\b(?!.*\b(?:that|which)\b)|"
    # "what has the pantry been running low on", "what have we run out of": stock, each thing
    r"\bwhat\s+(?:[a-z'-]+\s+){0,2}(?:have|has|had)\s+(?:[a-z'-]+\s+){0,2}(?:been\s+)?"
    r"(?:running|run|ran)\s+(?:low|out|short)\b|"
    # "what's dad planted or sown", "what has she fixed or replaced": two acts, many things
    rf"\bwhat\b.*\b(?:{_DONE})\s+(?:or|and)\s+(?:{_DONE})\b|"
    # "what bits of kit did I buy", "what sorts of things": parts of a whole, asked for all
    r"\bwhat\s+(?:bits|things|sorts|kinds|types|pieces)\s+of\b|"
    # "what stuff has pickles chewed up", "what food are we bringing": a mass of things
    r"\bwhat\s+(?:stuff|things|food|snacks|drinks|gear|presents|gifts)\s+(?:are|were|is|was|did|"
    r"do|does|have|has|had|will)\b|"
    # "what are we all growing", "what were they all bringing": everyone's, each
    r"\bwhat\s+(?:are|were|have|had|did)\s+(?:we|you|they)\s+all\b|"
    # "what's on femi's menu?", "what was on kieran's snag list": what a list holds
    rf"{LIST_HOLDER.pattern}|"
    # "remind me of my Q4 priorities", "tell me our plans": a plural asked back
    r"^\s*(?:remind\s+me\s+(?:of|about)|tell\s+me|give\s+me)\s+(?:my|our|the|all)\s+"
    r"(?:[\w-]+\s+){0,2}[a-z]+(?<!s)s\b",
    re.IGNORECASE,
)
_WHEN = re.compile(
    r"\b(?:when|what\s+(?:day|date|time|month|year|week|weekend|night|evening|morning|afternoon)|"
    r"which\s+(?:day|date|month|week|weekend|year|night|evening|morning|afternoon)|"
    # "which saturday did the street party end up on?"
    r"(?:which|what)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
    r"what\s+day's|how\s+long\s+ago|since\s+when)\b|"
    # "what's mum's birthday date", "what's the latest on wren's moving day?"
    r"\bwhat(?:'s|\s+is|\s+was|\s+were)\s+(?:the\s+(?:latest|news|update)\s+(?:on|about|with)\s+)?"
    r"(?:the\s+|my\s+|our\s+)?(?:[\w'’]+\s+){0,2}(?:date|day|deadline)\b",
    re.IGNORECASE,
)
# "what hotel was she in when she was in Porto?": the when opens a clause, the question is a what.
# So does "what hobby is a therapy for John when away from the court?": after a what, which,
# who or where that does not ask for a day, a later "when" opens a clause.
_WHEN_CLAUSE = re.compile(
    r"^\s*(?:what|which|who|whose|where)\b(?!\s+(?:day|date|time|month|year|week)\b)"
    r"(?:(?!\bwhen\b|\b(?:date|day|time)\b).)*\s(?:(?!(?:date|day|time)\b)\w+\s+)?when\s+\w+"
    r"(?!.*\b(?:date|day)\b)",
    re.IGNORECASE,
)
_WHAT_TIME = re.compile(r"\bwhat\s+time\b|\bat\s+what\s+time\b|\bhow\s+late\b", re.I)
# …and the bodies of people a chat is ("which of the committee…", "which of the band…")
_GROUPS = {"committee", "band", "crew", "squad", "gang", "family", "board", "group"}
_PEOPLE = "|".join(
    sorted(PERSON_NOUNS | {"guy", "girl", "people", "lot"} | _GROUPS, key=len, reverse=True)
)
# "which of craig's workers…", "which of the tramping lot…": one of a set of people
ONE_OF_PEOPLE = re.compile(
    rf"\bwhich\s+(?:one\s+)?of\s+(?:us|you|(?:the|my|our|your|his|her|their|[\w]+['’]s)\s+"
    rf"(?:[\w-]+\s+)?(?:{_PEOPLE})s?)\b",
    re.I,
)
_WHO = re.compile(
    r"\b(?:who|whom|whose|whos|who's)\b|\bwhat'?s\s+the\s+name\b|\bname\s+of\b|"
    r"\b(?:his|her)\s+name\b|"
    # "which of the neighbours phoned the council?", "which one of us booked it?": a person
    rf"{ONE_OF_PEOPLE.pattern}",
    re.I,
)
# "which city", "what restaurant": the noun asks for a place.
_PLACE_NOUNS = (
    "place|city|country|town|village|restaurant|cafe|café|bar|pub|venue|hotel|neighbou?rhood|"
    "area|address|location|spot|street|road|postcode|guesthouse|campsite|site"
)
# The kinds of places people go to, asked for by "which": "which centre is kai's tuition
# at?". (Their name, "what's the name of the bakery", is a name: a what-question.)
_PLACES_GONE_TO = (
    "shop|store|bakery|clinic|hospital|centre|center|pool|beach|church|station|airport|"
    "garage|salon|studio|market|mall|hut|cabin|lodge|hostel|motel|suburb"
)
_WHERE = re.compile(
    rf"\b(?:where|wheres|where's|whereabouts)\b|\b(?:what|which)\s+(?:{_PLACE_NOUNS}|{_PLACES_GONE_TO})\b"
    # "what was the venue for the party?", "the place we ended up booking for dad's 70th":
    # the place itself is what is asked for, named as the question's subject
    rf"|^\s*(?:(?:what|which)(?:['’]s|\s+(?:is|was|were|are))?\s+)?(?:the|our|that)\s+"
    rf"(?:{_PLACE_NOUNS})\s+(?!of\b)(?!.*\blike\W*$)",
    re.I,
)
_YES_NO = re.compile(
    r"^\s*(?:and\s+|so\s+|wait\s+)?(?:did|does|do|is|are|was|were|has|have|had|can|could|"
    r"will|would|should)\s+(?!.*\b(?:what|when|where|who|which|how)\b)",
    re.IGNORECASE,
)
_WHICH = re.compile(r"\b(?:which|what)\s+([a-z]+)\b", re.IGNORECASE)
# "how many outdoor climbing *trips* did…", "how many *people* came…", "how many of *us*…":
# the head noun is the last word before the verb.
_HOW_MANY_NOUN = re.compile(
    r"\bhow\s+many\s+(?:of\s+(us|them)\b|(?:[a-z'-]+\s+){0,3}?([a-z'-]+)\s+(?:did|do|does|"
    r"have|has|had|were|was|am|are|is|will|would|came|come|went|showed|turned|i|we|you|in|at|"
    r"on)\b)",
    re.IGNORECASE,
)
_NOT_FOCUS = frozenset(
    [
        "did",
        "do",
        "does",
        "is",
        "are",
        "was",
        "were",
        "has",
        "have",
        "had",
        "kind",
        "sort",
        "type",
        "one",
        "ones",
        "time",
        "day",
        "date",
        "about",
        "the",
        "a",
        "an",
        "my",
        "our",
        "your",
        "his",
        "her",
        "their",
        "at",
        "in",
        "on",
        "to",
        "for",
        "with",
        "of",
        # "…from what she first announced": a pronoun is the doer, not the thing asked for
        "she",
        "he",
        "they",
        "we",
        "i",
        "you",
        "it",
    ]
)


def classify(question: str) -> QuestionKind:
    """The answer kind of one question. Order matters: "when did I last mention X" is a
    last-mention question, not a plain when."""
    q = main_question(question.strip())
    # the kind of thing asked for is named where the asker put it, not after a moved wh-word
    focus = _focus(_IDIOMS.sub(" ", asked_clause(question.strip())))
    if _HOW_MANY.search(q):
        return QuestionKind(Kind.HOW_MANY, _counted_noun(q))
    if _HOW_MUCH.search(q):
        return QuestionKind(Kind.AMOUNT, focus)
    if _LAST.search(q) and not _SUMMARY.search(q):
        return QuestionKind(Kind.LAST, focus)
    if _FIRST.search(q) and not _SUMMARY.search(q):
        return QuestionKind(Kind.FIRST, focus)
    if _SUMMARY.search(q):
        return QuestionKind(Kind.SUMMARY, focus)
    if _WHEN.search(q) and not _WHEN_CLAUSE.match(q):
        return QuestionKind(Kind.WHEN, focus, wants_time=bool(_WHAT_TIME.search(q)))
    # One choice made among several is no list, unless what was chosen is a set of words of
    # a kind ("which colours did we pick": "teal and orange").
    chosen = _CHOSEN.search(q) and asked_kind(q, focus) is None
    if _LIST.search(q) and not chosen:
        listed = _LIST_NOUN.search(q) or _WHICH_PLURAL.search(q)
        return QuestionKind(Kind.LIST, listed.group(1).lower() if listed else focus)
    named = _NAME_OF.search(q)
    noun = named.group(1).lower() if named else ""
    # "the name of the eye *specialist*": the person the noun before says what for
    after = _NEXT_WORD.match(q, named.end()) if named else None
    if after and after.group(1).lower() in PERSON_NOUNS:
        noun = after.group(1).lower()
    plural = noun.endswith("s") and noun[:-1] in PERSON_NOUNS  # "the name of the builders"
    if named and noun not in PERSON_NOUNS | _PERSON_WORDS and not plural:
        # "what's the name of the bakery…" asks for a bakery's name, not a person's; "…of the
        # place we stayed at" for a place
        place = re.fullmatch(_PLACE_NOUNS, noun)
        return QuestionKind(Kind.WHERE if place else Kind.WHAT, noun)
    if _WHO.search(q):
        return QuestionKind(Kind.WHO, focus)
    if _WHERE.search(q):
        return QuestionKind(Kind.WHERE, focus)
    if _YES_NO.search(q):
        return QuestionKind(Kind.YES_NO, focus)
    return QuestionKind(Kind.WHAT, focus)


# "craig put us onto an electrician for the lights, who was that": what is asked comes last,
# after what it is about.
_TRAILING_WH = re.compile(
    r"^(?P<about>(?!\s*(?:who|whom|whose|what|which|where|when|how)\b)\S+(?:\s+\S+){2,}?)\s*(?:[,;:–—-]\s*|\s+)"
    r"(?P<wh>who|what|where|when|which\s+one|how\s+much)\s*(?:['’]s\s+|\s+(?:was|is|were|are)\s+)?"
    r"(?:it|that|this|they|them|he|she)?(?:\s+(?:again|exactly|then))?\s*[?!.]*\s*$",
    re.IGNORECASE,
)
# "who recommended him in the first place?" asks who did, not for a first mention.
_IDIOMS = re.compile(r"\bin\s+the\s+first\s+place\b", re.IGNORECASE)


def main_question(question: str) -> str:
    """The question as its kind is read: its wh-word first ("craig's lad dug something up -
    what was it" asks what he dug up), without idioms that read as an order ("in the first
    place")."""
    q = _IDIOMS.sub(" ", asked_clause(question))
    tail = _TRAILING_WH.match(q)
    return f"{tail.group('wh')} {tail.group('about')}" if tail else q


_NAME_OF = re.compile(
    r"\bname\s+of\s+(?:the|that|this|a|an|my|our|his|her|their|[\w]+['’]s)\s+"
    r"(?:(?:new|old|first|last|little|usual|other)\s+)?([a-z]+)\b",
    re.IGNORECASE,
)
_NEXT_WORD = re.compile(r"\s+([a-z]+)\b", re.IGNORECASE)
# Who a name may be of besides PERSON_NOUNS' roles: people and pets.
_PERSON_WORDS = frozenset(
    re.findall(
        r"\S+",
        "guy girl woman man person lady bloke pet dog puppy cat kitten rabbit hamster horse bird "
        "parrot fish tortoise",
    )
)


# "which tiles did I go with in the end?": one choice made among several.
_CHOSEN = re.compile(
    r"^\s*(?:which|what)\b.*\b(?:go\s+with|went\s+with|going\s+with|go\s+for|went\s+for|"
    r"pick|picked|choose|chose|"
    r"chosen|decide\s+on|decided\s+on|settle\s+on|settled\s+on|end(?:ed)?\s+up\s+with|"
    r"in\s+the\s+end)\b",
    re.IGNORECASE,
)
_LIST_NOUN = re.compile(
    r"^\s*(?:list|name)\s+(?:all\s+|every\s+)?(?:of\s+)?(?:the\s+|my\s+|our\s+)?([a-z][a-z0-9'-]*)",
    re.I,
)


# "how many *days of leave*", "how many hours of sleep": a measure, said as a number ("so three
# days"), not days to count.
_MEASURE = re.compile(
    r"\bhow\s+many\s+((?:days|nights|hours|minutes|weeks|months|years|km|kilometres|"
    r"kilometers|miles|pages|kilos|kg|euros|dollars|pounds)\s+of\s+[a-z'-]+)",
    re.IGNORECASE,
)


# "how many lads *ended up* going": a plural followed by a verb in -ed is the head, whatever
# comes after the verb.
# "how many removal *firms* gave us a price", "how many *trips* to the charity shop": a plural
# before its verb or a preposition.
_HOW_MANY_PLURAL = re.compile(
    r"\bhow\s+many\s+(?:(?!(?:has|have|had|did|do|does|is|are|was|were|will)\b)[a-z'-]+\s+){0,2}?"
    r"([a-z'-]+[^s\W]s)\s+(?:[a-z]+ed|gave|made|took|"
    r"sent|came|went|brought|bought|sold|won|lost|to|for|from|with|at)\b",
    re.IGNORECASE,
)


def _counted_noun(question: str) -> str | None:
    measure = _MEASURE.search(question)
    if measure:
        return measure.group(1).lower()
    m = _HOW_MANY_PLURAL.search(question)
    if m:
        return m.group(1).lower()
    m = _HOW_MANY_NOUN.search(question)
    if m is None:
        return None
    noun = (m.group(1) or m.group(2)).lower()
    if noun in _ADVERBS_BEFORE_VERB or noun.endswith("ly") and len(noun) > 4:
        # "how many folk *actually* turned up": the word before the adverb is counted
        before = re.findall(r"[a-z'-]+", question[: m.end(2) - len(noun)].lower())
        return before[-1] if before and before[-1] not in ("many", "how") else None
    return noun


# Words between what is counted and its verb: "how many folk actually turned up".
_ADVERBS_BEFORE_VERB = frozenset(["actually", "really", "even", "ever", "still", "all", "just"])


def _focus(question: str) -> str | None:
    m = _WHICH.search(question)
    if m and m.group(1).lower() not in _NOT_FOCUS:
        return m.group(1).lower()
    return None
