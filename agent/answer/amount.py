"""How-much answers: the sum of money said in a best-supported message or the turn after it,
a question's reply first ("How much was it in the end?" / "310 dollars with the x-ray")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.plan import timeexpr as tx
from memory_store.models import StoredMessage

from .kinds import QuestionKind
from .phrases import adjective
from .quantity import asks_quantity, quantity_answer
from .reading import (
    ReaderContext,
    Reading,
    exchange_after,
    following,
    question_terms,
    replied_to,
    said_by,
    split_topic,
)
from .spans import (
    best_sentence,
)
from .text import CURRENCY, asks, clip, said_terms, sentences, terms
from .what import what_answer

# The words of a number spelled out: "fifty", "two hundred and forty".
_SPELLED = (
    f"(?:{'|'.join(sorted(tx.NUMBER_WORDS | {'hundred', 'thousand'}, key=len, reverse=True))})"
)
_AMOUNT = re.compile(
    # a number's separators sit between digits: "still £185, i haggled" is £185
    # …and millions "m": "₦2.2m per year", "$1.5m"
    rf"(?:{CURRENCY}\s?\d+(?:[,.]\d+)*(?:[km]\b|\s?(?:million|mil|bn|billion)\b)?|"
    # …and thousands are "k": "$92.8k", "final price 91.5k", "178k too painful"; not "a 5k
    # run" or "10k"
    r"\b(?:\d{3}|\d{1,3}\.\d{1,2})k\b|"
    r"\b\d+(?:[,.]\d+)*\s?(?:dollars?|euros?|pounds?|bucks|yen|usd|eur|gbp|quid|€|\$|£)|"
    r"\b\d+(?:[,.]\d+)*\s?(?:a|per)\s+(?:month|year|week|day|night)\b|"
    # …and a wage by the hour: "22 an hour", "14.50 per hour", "20/hr"
    r"\b\d+(?:[,.]\d+)*\s?(?:(?:an|per)\s+hour|/\s?(?:hr|hour|h)|ph)\b|"
    # …and spelled out, as a careful writer does: "I sent Maddie fifty dollars"
    rf"\b(?:a\s+(?=hundred|thousand))?{_SPELLED}(?:[\s-]+(?:and\s+)?{_SPELLED})*\s+"
    r"(?:dollars?|euros?|bucks|quid|grand)\b)",  # not pounds: "I lost two pounds"
    re.IGNORECASE,
)


# A number as a reply gives it: "how much" … "4200. the guy threw in winter tyres".
_BARE_SUM = re.compile(r"^\W*(\d{1,3}(?:,\d{3})+|\d{2,})(?![\d:/%])\b")


def _bare_sum(m: StoredMessage, ranked: Sequence[StoredMessage]) -> list[str]:
    """The number a message opens with, when it replies to someone else's asking of the price
    ("how much"; "did declan come down in the end?" / "8,500. and he threw in two gas
    bottles")."""
    if not any(_ASKS_PRICE.search(n.text) for n in replied_to(m, ranked)):
        return []
    hit = _BARE_SUM.match(m.text)
    return [hit.group(1)] if hit else []


_ASKS_PRICE = re.compile(
    r"\b(?:how\s+much|come\s+down|go\s+down|price|cost|pay|paid|offer(?:ed)?|charg(?:e|ed)|"
    r"quote|asking|haggle|haggled)\b",
    re.IGNORECASE,
)


# A number said of the thing itself, in a session that talks money: "And the chalk bag maybe
# 30." beside "The guidebook is about 35 dollars." Not a time, a date or a percentage.
_NUMBER = re.compile(
    r"(?<![\d:/.])(\d{1,3}(?:,\d{3})+|\d{2,}(?:\.\d\d)?)(?![\d:/%]|\.\d)"
    r"(?!\s?(?:am|pm|st|nd|rd|th|min|mins|minutes|hours?|days?|weeks?|k|km|miles?)\b)",
    re.IGNORECASE,
)


def _thing_sum(m: StoredMessage, wanted: set[str], ranked: Sequence[StoredMessage]) -> list[str]:
    """The number that follows the question's words in a sentence of `m`, when a sum of money
    is said within three turns of it in the same session."""
    near = [n for n in ranked if n.session_id == m.session_id and abs(n.id - m.id) <= 3]
    if not wanted or not any(_AMOUNT.search(n.text) for n in [m, *near]):
        return []
    for a, b in sentences(m.text):
        words = list(re.finditer(r"[^\W\d_]+", m.text[a:b]))
        named = [w.end() for w in words if terms(w.group(0)) & wanted]
        hit = _NUMBER.search(m.text, a + named[0], b) if named else None
        if hit:
            return [hit.group(1)]
    return []


_HOW_MUCH = re.compile(r"\bhow\s+much\b", re.IGNORECASE)


def _beside(text: str, wanted: set[str]) -> bool:
    """Whether a sum of money in `text` has a word of `wanted` right before or after it."""
    for hit in _AMOUNT.finditer(text):
        before = re.findall(r"[^\W\d_][\w'’-]*", text[: hit.start()])[-1:]
        after = re.findall(r"[^\W\d_][\w'’-]*", text[hit.end() :])[:1]
        if any(terms(w) & wanted for w in [*before, *after]):
            return True
    return False


# "Annual is 720", "parking: 10 dollars": a sum given as the value of a word.
_DEFINED = re.compile(
    r"\b([^\W\d_][\w'’-]*)(?:\s+(?:is|was|are|were|costs?|comes\s+to)|['’]s|\s*[:=])\s+"
    rf"((?:{CURRENCY}\s?)?\d+(?:[,.]\d+)*(?:\s?(?:dollars?|euros?|pounds?|bucks|quid|"
    r"(?:a|per)\s+(?:month|year|week|day|night)))?)(?![\d:/%])"
    # …not a length of time or way ("the drive is 2 hours each way")
    r"(?!\s?(?:hours?|hrs?|mins?|minutes?|days?|nights?|weeks?|months?|years?|km|miles?|"
    r"kg|am|pm)\b)",
    re.IGNORECASE,
)


def _which_price(question: str) -> set[str]:
    """The words that say which of a thing's prices is asked: "annual", "monthly". Not the
    thing itself, which a chat prices more than once: "Rent is £88 for the year" is the
    allotment's, "rent goes to £960" the flat's; "tickets were $45 each so $90…"."""
    words = [_SAME_QUALIFIER.get(w.lower(), w) for w in re.findall(r"[^\W\d_]+", question)]
    return {t for w in words if adjective(w) for t in terms(w)}


# A qualifier said in other words: "the yearly membership" is priced as "Annual is 720".
_SAME_QUALIFIER = {"yearly": "annual", "annually": "annual"}


def _defined_sum(text: str, asked: set[str]) -> str | None:
    """The sum `text` gives as the value of one of the question's own words, in a message
    that speaks of money."""
    if not (_AMOUNT.search(text) or _MONEY_CUE.search(text)):
        return None
    for hit in _DEFINED.finditer(text):
        if terms(hit.group(1)) & asked:
            return hit.group(2)
    return None


def chosen_sum(text: str, question: str) -> str | None:
    """The sum of money in `text` that answers `question`: of "they wanted £9,000 but i got
    him down to £8,200" the price agreed; of "$45 each so $90 for the two of us" the one per
    head or the whole, as asked; of "£500 deposit now and £2,350 when it's fitted" the one
    beside the question's own words. The first, when nothing tells them apart."""
    asked = set(terms(question)) - _UNIT_TERMS
    defined = _defined_sum(text, _which_price(question))
    if defined is not None:  # "Annual is 720 if you sign up before…", asked "the annual…"
        return defined
    per_head = _PER.search(question) is not None
    whole = _WHOLE.search(question) is not None
    sums = _sums(text, per_head or whole)
    if len(sums) < 2:
        return sums[0][2] if sums else None

    def score(hit: tuple[int, int, str]) -> int:
        before, after = text[: hit[0]], text[hit[1] :]
        near = (
            re.findall(r"[^\W\d_][\w'’-]*", before)[-_NEAR:]
            + re.findall(r"[^\W\d_][\w'’-]*", after)[:_NEAR]
        )
        points = 2 * any(terms(w) & asked for w in near)
        # "hall R2,400, cake R850": the word right before a sum is what it is for
        label = _LABEL.search(before)
        points += bool(label and terms(label.group(1)) & asked)
        # a price replaced is no answer, whatever else it is beside ("meant to be €60 a night
        # but they knocked it down to €48")
        points += 2 * bool(_SETTLED.search(before)) - 5 * bool(_SUPERSEDED.search(before))
        points += 2 * bool(_THEN_SETTLED.match(after)) - 5 * bool(_THEN_BUT.match(after))
        unit = _PER_AFTER.match(after) is not None
        # "so 170 each" is a share however "so" opens it
        total = not unit and (
            _WHOLE_AFTER.match(after) is not None or _WHOLE_BEFORE.search(before) is not None
        )
        # the share or the whole asked for outweighs a word of the thing beside another sum
        # ("cabin 520 + boat 160 = 680. Four of us, so 170 each", asked "per head")
        points += 4 * (per_head and unit) + 4 * (whole and total)
        # "128 all in so 64 apiece", asked "my share": not the whole
        points -= 3 * (per_head and total and not unit and not whole)
        return points

    best = max(sums, key=lambda hit: (score(hit), -hit[0]))
    return best[2]


# The word a sum is written right after: "cake R850", "deposit: £500".
_LABEL = re.compile(r"([^\W\d_][\w'’-]*)\s*:?\s*$")


def _sums(text: str, shares: bool = False) -> list[tuple[int, int, str]]:
    """(start, end, sum) of each sum of money in `text`. A chat often writes a price as a bare
    number ("part is 280 and 90 labour so 370 all in", "9 each so"): those count when the
    message speaks of money and names no sum with its currency."""
    found = [(m.start(), m.end(), m.group(0).strip()) for m in _AMOUNT.finditer(text)]
    if found and shares:
        # "128 all in so 64 apiece. i owe you 4 bucks", asked a share or the whole: a bare
        # number said per head or as the whole is a sum beside one with its currency
        said = {a for a, _, _ in found}
        found += [
            (m.start(1), m.end(1), m.group(1))
            for m in _NUMBER.finditer(text)
            if m.start(1) not in said
            and (_PER_AFTER.match(text, m.end(1)) or _WHOLE_AFTER.match(text, m.end(1)))
        ]
        return sorted(found)
    if found or not _MONEY_CUE.search(text):
        return found
    bare = [(m.start(1), m.end(1), m.group(1)) for m in _NUMBER.finditer(text)]
    bare += [(m.start(1), m.end(1), m.group(1)) for m in _SINGLE_PRICE.finditer(text)]
    return sorted(bare)


# A message that speaks of money: "each", "all in", "labour", "on offer", "deposit".
_MONEY_CUE = re.compile(
    rf"{CURRENCY}|\b(?:each|all\s+in|quid|labou?r|price[ds]?|cost(?:s|ing)?|paid|pay(?:ing)?|offer|"
    r"deposit|fees?|charged?|cash|owe[ds]?|euros?|pounds?|bucks|a\s+head|pp|fitted|quote[ds]?)\b",
    re.IGNORECASE,
)
# A one-figure price is said with what it is per: "9 each", "5 quid".
_SINGLE_PRICE = re.compile(r"(?<![\d.,:/])(\d)\s+(?=each\b|a\s+head\b|pp\b|quid\b)", re.I)
# The sum said before a change: "it was 95 but on offer for 76".
# …or the sum a quote gave: "12,800 finally. 11,500 quote + 1,300 extra"
_THEN_BUT = re.compile(r"\W*(?:but|reduced|down\s+to|quote|quoted|estimate)\b", re.IGNORECASE)


# How many words either side of a sum may say what it is for.
_NEAR = 3
# The price agreed, after the one asked: "got him down to", "came to", "took", "doing it for".
_SETTLED = re.compile(
    r"(?:\bdown\s+to|\bcame\s+to|\bcomes\s+to|\bsettled\s+(?:on|at|for)|\bagreed(?:\s+on)?|"
    r"\bended\s+up(?:\s+at|\s+paying|\s+being)?|\bin\s+the\s+end(?:\s+it\s+was)?|\bfinal(?:ly)?|"
    r"\bgot\s+(?:it|them|him|her)\s+for|\bpaid|\btook|\baccepted|\bdoing\s+it\s+for|"
    r"\bfrom\s+\S+\s+to|\bnow|\boffer\s+for|\bfor\s+only|\breduced\s+to|"
    # what was charged, after what was said it would be: "he only charged me $580"
    r"\bcharged(?:\s+(?:me|us|him|her|them))?|\bonly\s+cost)\W*$",
    re.IGNORECASE,
)
_THEN_SETTLED = re.compile(
    r"\W*(?:in\s+the\s+end|all\s+in|in\s+total|total|finally|final|eventually)\b", re.IGNORECASE
)
# The price before it changed: "they wanted", "asking price was", "normally", "instead of".
_SUPERSEDED = re.compile(
    r"(?:\bwanted|\basking(?:\s+price)?(?:\s+(?:was|is))?|\basked\s+for|\bmeant\s+to\s+be|"
    r"\bnormally|\busually|\boriginally|\binstead\s+of|\bquote\s+(?:was|is)|\bquoted|"
    r"\bdown\s+from|\bfrom|\bwas\s+supposed\s+to\s+be|\blisted\s+(?:at|for))\W*(?:\w+\W+)?$",
    re.IGNORECASE,
)
# One of several: "each", "per night", "a head"; or all of them: "altogether", "for both".
_PER = re.compile(
    r"\b(?:each|per|a\s+head|apiece|a\s+night|one|half|share|split|my\s+(?:bit|part|cut))\b",
    re.IGNORECASE,
)
_PER_AFTER = re.compile(
    r"\W*(?:each|per\s+\w+|pp|a\s+(?:head|night|person|ticket)|apiece|/\w+)\b", re.IGNORECASE
)
_WHOLE = re.compile(
    r"\b(?:total|altogether|all\s+together|in\s+all|all\s+in|both|the\s+lot|whole)\b", re.I
)
_WHOLE_AFTER = re.compile(
    r"\W*(?:altogether|all\s+in|in\s+total|total|for\s+(?:the\s+)?(?:two|three|four|both|all|"
    r"us|the\s+lot))\b",
    re.IGNORECASE,
)
_WHOLE_BEFORE = re.compile(r"\b(?:total|altogether|so|comes?\s+to|came\s+to)\W*$", re.IGNORECASE)
# Words of the question that say which sum, not what it is for.
_UNIT_TERMS = frozenset(terms("each per total altogether much cost pay paid charge one"))


_FIRST_PERSON = re.compile(r"\b(?:my|i|me|i'm|im|do\s+i)\b", re.IGNORECASE)
_YOURS = re.compile(r"\b(?:your|you(?:'ll|\s+will)?\s+(?:owe|pay))\b(?:\W+\w+){0,3}\W*$", re.I)


# A sum said after the writer's own "my"/"I" in its sentence: theirs, not the reader's. Not
# when the sentence turns to the reader ("I paid 90 for both, so you owe me 45").
_THEIRS = re.compile(r"\b(?:my|i|i['’]ve|mine)\b(?:(?!\byou)[^.!?\n])*$", re.IGNORECASE)

_RARE_DF = 2
_ENDED_ASKED = re.compile(
    r"\b(?:end(?:ed)?\s+up|in\s+the\s+end|final(?:ly)?|actually|eventually)\b|"
    # "after all that back and forth, how much is the rent now?": as it stands, once settled
    r"\bnow\W*$|\bafter\s+all\s+(?:that|the)\b|\bback\s+and\s+forth\b",
    re.IGNORECASE,
)


_ASKS_CHARGE = re.compile(r"\bcharg(?:e|ed|es|ing)\b", re.IGNORECASE)
# A sum said as what is charged, by its noun: "our fee is $385", "the bill came to £212",
# "price: 40". Not "he only charged me $580", which `_SETTLED` reads as the sum it came to;
# beside "the dealership on 410 wants $1,380" it is no answer to "how much was the
# dealership gonna charge me".
_CHARGE_BEFORE = re.compile(
    r"\b(?:fees?|charges?|price|bill|invoice)\b(?:\W+[^\W\d_]+){0,2}\W*$", re.IGNORECASE
)


def _told(m: StoredMessage, said: str, wanted: set[str], ctx: ReaderContext) -> str:
    """Who said the sum and when, with the sentence of `m` that says it."""
    sentence = best_sentence(m.text, terms(said) | wanted)
    return f"{said_by(m, ctx)}: “{clip(sentence, 100)}”"


def _priced(text: str) -> bool:
    """Whether `text` says a sum as a price: with its currency or what it is per ("170
    each"), not a bare number ("sold 400 wraps")."""
    return _AMOUNT.search(text) is not None or _PRICED_PER.search(text) is not None


_PRICED_PER = re.compile(r"\d\s*(?:each|apiece|pp|a\s+head|per\s+(?:head|person))\b", re.I)


def _said_as(text: str, before: re.Pattern[str]) -> bool:
    """Whether a sum of money in `text` comes right after what `before` matches: said as the
    one agreed or paid (`_SETTLED`: "he only charged me $580"), as a fee or bill
    (`_CHARGE_BEFORE`), as the reader's (`_YOURS`: "your portion is $645")."""
    return any(before.search(text[: hit.start()]) for hit in _AMOUNT.finditer(text))


def _asked_later(good: Sequence[StoredMessage], ctx: ReaderContext) -> list[StoredMessage]:
    """The replies to a "how much" asked a few turns after a best message, in its session:
    "Back from the vet with Miso." … "How much was it in the end?" / "310 dollars with the
    x-ray." The price asked for, before a price said in passing ("200 dollars just to walk
    in")."""
    out = []
    for g in good:
        later = [g, *ctx.turns_after(g)]
        for i, q in enumerate(later[1:], start=1):
            if asks(q.text) and _HOW_MUCH.search(q.text):
                out += [n for n in later[i + 1 : i + 3] if n.speaker != q.speaker][:1]
    return out


def amount_answer(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading:
    """ "How much was the vet?": the sum said in a best-supported message or the turn after."""
    if asks_quantity(question):  # "how much food does she get?": a measure, not money
        # and no sum of money answers it when no message measures it
        return quantity_answer(question, good, ranked, ctx) or what_answer(
            question, qk, good, ctx, ranked
        )
    # A question's reply first ("How much was it in the end?" / "310 dollars with the x-ray");
    # then the sum asked after a telling ("bought a bike!!" / "how much" / "350.").
    order = _asked_later(good[:3], ctx)
    which = _which_price(question)
    order += [n for g in good[:3] for n in ([*following(g, ranked), g] if asks(g.text) else [g])]
    order += [n for g in good[:3] if not asks(g.text) for n in following(g, ranked)]
    wanted = question_terms(question, ctx)
    # A sum said with the question's own word beside it ("£500 deposit") before one said near
    # it in passing ("£2,700 balance after your deposit").
    # "what's my out of pocket?": the sum said to be yours ("your portion is $645"), before
    # the full fee beside it
    mine = _FIRST_PERSON.search(question) is not None
    # The sum of the thing asked about: a message told of it, or later in the session of its
    # telling ("GOT THE TRUCK SATURDAY" … "did declan come down?" / "8,500."), not the
    # generator's "don't ask. £600", which a money question's words rank as high.
    thing = wanted - _MONEY_TERMS - {t for s in ctx.speakers for t in terms(s)}

    def told_of(m: StoredMessage) -> bool:
        earlier = [n for n in ranked if n.session_id == m.session_id and n.id < m.id]
        return any(thing & said_terms(n.text) for n in [m, *earlier])

    if thing:
        order += [m for m in ranked[:_WIDER] if told_of(m)]
    # A follow-up's own thing, a little further down, when a message names all of it with a
    # sum ("how much was the guidebook?" asked after Priya's birthday: the carried topic ranks
    # the thank-you first, and "The guidebook is about 35 dollars." eighth)
    own = question_terms(split_topic(question)[0], ctx) - _MONEY_TERMS
    if own != wanted - _MONEY_TERMS:
        order += [
            m for m in ranked[:_OWN_DEPTH] if own and own <= said_terms(m.text) and not asks(m.text)
        ]
    # "how much did he end up charging me?": the sum charged ("he only charged me $580") before
    # the one he said it would be ("he says … $640 parts and labor")
    ended = _ENDED_ASKED.search(question) is not None
    # "how much was the dealership gonna charge me for it": the rarest word of the question's
    # own part names whose sum ("the dealership on 410 wants $1,380"), not the repair's
    named = {t for t in own if ctx.weights.knows(t)}
    rare = ctx.weights.rarest(named) if named else None
    # …a word so rare it tells the one message: said in a few at most
    rare = rare if rare is not None and ctx.weights.doc_freq(rare) <= _RARE_DF else None
    # "what did warren charge me for the return?": the sum said as his fee ("Our fee is
    # $385"), not the refund beside it ("a refund of about $1,630")
    charged = _ASKS_CHARGE.search(question) is not None
    order = sorted(
        dict.fromkeys(order),
        key=lambda m: (
            bool(thing) and not told_of(m),
            ended and not _said_as(m.text, _SETTLED),
            charged and not _said_as(m.text, _CHARGE_BEFORE),
            # a sum beside the question's words, or the value of the word that says which
            # price ("Annual is 720", asked "the annual membership"), before one in passing
            not _beside(m.text, wanted) and _defined_sum(m.text, which) is None,
            rare is not None and rare not in said_terms(m.text),
            not (mine and _said_as(m.text, _YOURS)),
            # "what did it work out to per head in the end?": of sums said alike, the one told
            # on the latest day ("104 each" in July, "170 each" in the September accounts)
            -m.ts.toordinal() if ended and _priced(m.text) else 0,
        ),
    )

    def theirs(m: StoredMessage) -> bool:
        """A sum another writer gives as their own ("My cleaning last spring was about 90
        dollars"), which is no answer asked the asker's."""
        return mine and bool(ctx.me) and m.speaker != ctx.me and _said_as(m.text, _THEIRS)

    order = [m for m in order if not theirs(m)]
    for m in order:
        said = chosen_sum(m.text, question)
        found = [said] if said else _bare_sum(m, ranked) or _thing_sum(m, wanted, ranked)
        if found:
            return Reading(
                f"{found[0].strip()}.",
                [m],
                qk.kind.value,
                found[0].strip(),
                _told(m, found[0], wanted, ctx),
                why=[f"the {_WHICH} in a best-supported message or the next turn"],
            )
    # No sum beside the best messages: a well-ranked one on the topic that says one ("did we
    # get lights on the deck steps?" / "how much did that cost us" / "$650 all in for 6 step
    # lights + an outdoor switch"), in rank order.
    for m in ranked[:_WIDER]:
        said = chosen_sum(m.text, question)
        if said and wanted & terms(m.text) and not asks(m.text) and not theirs(m):
            why = f"the {_WHICH} in a well-ranked message on the topic"
            return Reading(
                f"{said}.", [m], qk.kind.value, said, _told(m, said, wanted, ctx), why=[why]
            )
    # "how much did the car repair cost me altogether?": the garage's "part is 280 and 90
    # labour so 370 all in" comes the day after "car wouldnt start", in the exchange it opens
    for g in dict.fromkeys([*good[:3], *ranked[:_WIDER]]):
        if not wanted & said_terms(g.text):
            continue
        for n in exchange_after(g, ranked[:_EXCHANGE_DEPTH], ctx):
            said = chosen_sum(n.text, question)
            if said and not asks(n.text) and not theirs(n):
                why = f"the {_WHICH} in the exchange a best-supported message opens"
                told = _told(n, said, wanted, ctx)
                return Reading(f"{said}.", [n], qk.kind.value, said, told, why=[why])
    # "what did the dentist charge me?": the asker's own word of it later in the session of its
    # telling ("Back from the dentist." … "The filling was 140 dollars after insurance.")
    for g in good[:3] if mine and ctx.me and thing else []:
        for n in ctx.turns_after(g) if told_of(g) else []:
            said = chosen_sum(n.text, question)
            if n.speaker == ctx.me and said and not asks(n.text):
                why = f"the {_WHICH}, said by you later in the session that tells of it"
                told = _told(n, said, wanted, ctx)
                return Reading(f"{said}.", [n], qk.kind.value, said, told, why=[why])
    return what_answer(question, qk, good, ctx, ranked)


# The words of asking for a sum, which say nothing of what it was for.
_MONEY_TERMS = frozenset(
    terms("much pay paid paying cost costs spend spent price charge charged end up total owe")
)
# How far down the ranking a follow-up's own thing is read for a sum.
_OWN_DEPTH = 15
# How far down the ranking the exchange after a best message is read for a sum.
_EXCHANGE_DEPTH = 20
# Which sum an answer states, as its reason says.
_WHICH = "sum of money that answers (the one agreed, or beside the question's words)"
# How far down the ranking a sum on the topic is looked for when none is beside the best.
_WIDER = 8
