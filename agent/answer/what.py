"""What-answers: the phrase of the best message that answers ("Coconut milk."), a word of the
kind asked for ("what colour" → "Teal."), a code's digits, a name given ("shes called
beetroot"), or the sentence itself when a reason or a manner is asked; and yes or no."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .asked_back import chosen_option, told_when_asked
from .asked_too import asked_too
from .attribute import attribute_told, result_told
from .before_phrase import thing_before_phrase
from .categories import KIND_OF, asked_kind
from .deed_object import deed_object, untold_deed
from .defined import defined_value
from .described import named_before
from .did_what import deed_of, doer_of, done_at
from .echo import echoes, past_the_echo
from .fault import fault_answer
from .favourite import favourite_told
from .feelings import feeling_told
from .focus import answer_span, asked_noun, focus_phrase
from .gift import gift_answer
from .how_was import how_it_went
from .kinds import Kind, QuestionKind, classify
from .left import left_answer
from .lines import lines_of_a_burst
from .naming import name_given
from .proposals import settled_proposal
from .reading import (
    ReaderContext,
    Reading,
    declined,
    question_terms,
    said_by,
    told_in,
    who,
)
from .reasons import reason_given
from .relayed import relayed
from .reply_item import reply_item
from .spans import (
    best_sentence,
    trim_span,
)
from .stated import stated_answer
from .switched import switched_to
from .text import asks, clip, sentences, terms
from .titles import named_as, named_instance, titled_work
from .what_is import what_it_is
from .why_changed import change_untold

# A sentence that asks ("How was the book club?"), not one that proposes ("Castle Crags on
# Saturday October 17th?").
ASKS = re.compile(
    r"(?:^|[.!?]\s+)(?:yes!?\s+|so\s+|and\s+)?(?:how|what|when|where|who|why|which|did|do|does|"
    r"is|are|was|were|can|could|will|would|should|have|has)\b[^.!?]*\?",
    re.IGNORECASE,
)


_ASKS_WHY = re.compile(r"^\s*(?:and\s+|so\s+)?(?:why|how\s+come)\b", re.IGNORECASE)
# A reason said outright: "because", "so", "due to", "apparently", "cancelled".
_REASON = re.compile(
    r"\b(?:because|cos|coz|cause|'cause|due\s+to|thanks\s+to|so\s+that|that's\s+why|"
    # "since I'm lactose intolerant", not "since we last spoke"
    r"since(?!\s+(?:we|you|they|last|then|the|yesterday|\d|i\s+was|i've))|"
    r"the\s+reason|apparently|cancel(?:l?ed)?|called\s+off)\b",
    re.IGNORECASE,
)
_KIND_OF = re.compile(rf"\b{KIND_OF}\b", re.IGNORECASE)
# A reply up to this long is quoted whole; a longer one by its best sentence.
_WHOLE_REPLY = 160
_WHY_HOW = re.compile(r"\b(?:why|how)\b|\bwhat\s+(?:made|motivated|inspired|caused)\b", re.I)


# What is told in several lines: "what did dad tell me to check", "what's the plan for the
# margs weekend", "the itinerary".
_TOLD_TO_OR_PLAN = re.compile(
    r"\b(?:tell|told|ask|asked|remind|reminded|want|wanted)\s+(?:me|us|you)\s+to\b|"
    r"\b(?:plan|plans|itinerary|schedule|agenda|instructions|steps)\b",
    re.IGNORECASE,
)


def what_answer(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading:
    wanted = question_terms(question, ctx)
    untold = change_untold(question, ranked or good, ctx)
    if untold is not None:  # "why did the crag trip get moved?" of a trip that never moved
        out = declined(qk.kind.value, f"no message near the topic says it was {untold}")
        out.detail = f"No message says it was {untold}."
        return out
    told = (
        # "what is nate's favorite video game?": "Xenoblade Chronicles is my top pick"
        favourite_told(question, ranked or good, ctx)
        or stated_answer(question, qk, wanted, good, ctx, ranked)
        or gift_answer(question, qk, ranked or good, ctx)
        # "what was actually wrong with the engine?": the part that failed
        or fault_answer(question, qk, good, ranked, ctx)
        # "what did sami leave at my place?": "you left your laptop charger here"
        or left_answer(question, qk, good, ranked, ctx)
        # "how was the ryokan?": the reply when the chat asked it
        or how_it_went(question, [*good, *ranked], ctx)
        # "what grade was the arete?": "That V3 arete was harder than the book said"
        or attribute_told(question, good, ranked, ctx, qk.kind.value)
        # "what was the x-ray result?": "The x-ray was clear."
        or result_told(question, good, ranked, ctx, qk.kind.value)
        # "what's the kilter board?": "they added a new training board" / "The Kilter board?"
        or what_it_is(question, ranked or good, ctx)
    )
    if told is not None:
        return told
    if asked_kind(question, qk.focus) == "colour":
        # a colour is one of a closed set of words: none said of it is the answer's absence
        out = declined(qk.kind.value, "no message the reader reads names a colour for it")
        out.detail = "No message says what colour it is."
        return out
    switched = switched_to(question, wanted, ranked or good)
    if switched is not None:  # "which race is jess doing now?" / "switching to the humboldt 10k"
        m, thing = switched
        why = "the thing the latest message on the topic says it switched to"
        return told_in(thing, m, qk.kind.value, ctx, why)
    named = name_given(question, qk, wanted, good, ctx, ranked)
    if named is not None:  # "what did mara name her car?"
        return named
    if qk.kind is Kind.WHAT and not _WHY_HOW.search(question):
        # "what did we go with for dad's 60th in the end?" / "telescope??" / "yes. that"
        agreed = settled_proposal(question, qk, wanted, good, ranked, ctx)
        if agreed is not None:
            return agreed
    if qk.kind is Kind.WHAT and not _WHY_HOW.search(question):
        answered = reply_item(wanted, good, ranked, ctx)
        if answered is not None:  # "Which team did you sign with?" / "The Minnesota Wolves!"
            m, item = answered
            why = "the thing named in the reply to a message asking what the question asks"
            return told_in(item, m, qk.kind.value, ctx, why)
        replied = asked_too(question, wanted, good, ranked, ctx)
        if replied is not None:  # "what does he want from us" / "3 months of payslips, …"
            m, said = replied
            return _quoted(said, m, qk, ctx, "the reply when the chat asked what the question asks")
    if qk.kind is Kind.WHAT:
        near = list(dict.fromkeys([*good[:3], *ranked[:5]]))
        picked = chosen_option(near, [*good, *ranked], ctx, wanted)
        if picked is not None:  # "glass or black slats around the deck" / "glass. we didnt…"
            m, option = picked
            return told_in(
                option, m, qk.kind.value, ctx, "the option the reply to a choice opens with"
            )
        asked_back = told_when_asked(good, ctx)
        if asked_back is not None:  # "corolla failed its wof" / "what for" / "… the cv joint"
            _, reply = asked_back
            said = (
                best_sentence(reply.text, wanted) if len(reply.text) > 160 else reply.text.strip()
            )
            why = "the writer's answer when the chat asked back about their best message"
            return _quoted(said, reply, qk, ctx, why)
    defined = defined_value(question, [*good[:4], *ranked[:10]])
    if defined is not None:  # "what was the fundraising target?" / "target is £2,000 for…"
        m, value = defined
        why = "the value the chat gives the thing asked for ('the target is …')"
        return told_in(value, m, qk.kind.value, ctx, why)
    done_to = (
        deed_object(question, good, ranked, ctx.me, list(ctx.speakers), _told_on(good, ctx))
        if qk.kind is Kind.WHAT
        else None
    )
    untold = (
        untold_deed(question, [*good, *ranked], ctx.me, list(ctx.speakers))
        if qk.kind is Kind.WHAT and done_to is None
        else None
    )
    if untold is not None:  # "what did aki buy in kyoto?" where no message says she bought
        return declined(qk.kind.value, f"no message says {untold} did what is asked")
    if done_to is not None:  # "what did bruno eat?" / "ate the whole pack of snarlers"
        m, thing = done_to
        why = "the object of the question's verb in a best message or a turn sent with it"
        return told_in(thing, m, qk.kind.value, ctx, why)
    before = thing_before_phrase(question, good[:3]) if qk.kind is Kind.WHAT else None
    if before is not None:  # "what did gina receive from a dance contest?" / "one of my
        m, thing = before  # trophies from a dance contest"
        why = "the thing named just before the phrase the question closes with"
        return told_in(thing, m, qk.kind.value, ctx, why)
    lined = qk.kind is Kind.WHAT and _TOLD_TO_OR_PLAN.search(question) is not None
    run = lines_of_a_burst(ranked or good, ctx) if lined else []
    if run:  # "what did dad tell me to check": "ASK IF THE TIMING BELT…" / "CHECK THE TYRES"
        quoted = "; ".join(f"“{it.span}”" for it in run)
        m = run[0].message
        why = "the run of short lines one person sent, two of them among the best matches"
        return Reading(
            f"{who(m, ctx)[:1].upper()}{who(m, ctx)[1:]}, line by line: {quoted}.",
            [it.message for it in run],
            qk.kind.value,
            "; ".join(it.span for it in run),
            said_by(m, ctx),
            why=[why],
        )
    # A question does not answer; a message whose best sentence is one does not either.
    # "what kind of cake did ewa order?": the sentence naming the thing asked for ("Cukiernia
    # Halinka, the one mum likes. Three layer honey cake…"), though the question's other words
    # are nowhere in the message
    asked_for = terms(asked_noun(question) or "") if classify(question).kind is Kind.WHAT else set()
    spans = [(m, trim_span(best_sentence(m.text, wanted | asked_for), ctx.speakers)) for m in good]
    # A proposal ("Castle Crags on Saturday October 17th?") tells; an unmarked question
    # ("what colour r u doing the kitchen") asks.
    best, span = next(
        ((m, t) for m, t in spans if not (ASKS.search(t) or asks(t) and t.rstrip()[-1:] != "?")),
        spans[0],
    )
    described = named_before(question, best, ranked or good, ctx)
    if described is not None:  # "just watched cold hours" / "the one about the woman who…"
        m, thing = described
        why = "the thing its writer named just before describing it (“the one about…”)"
        return told_in(thing, m, qk.kind.value, ctx, why)
    given = reason_given(question, wanted, best, good, ranked, ctx)
    if given is not None:  # "why did she join a church?": "I wanted to feel closer to…"
        m, said = given
        return told_in(said, m, qk.kind.value, ctx, "the reason a best message gives")
    felt = feeling_told(question, wanted, best, good, ranked, ctx)
    if felt is not None:  # "how did he feel about the atmosphere?": "really electric"
        m, said = felt
        return told_in(said, m, qk.kind.value, ctx, "the feeling a best message says")
    told_of = relayed(question, [*good[:3], *ranked[:5]], ctx)
    if told_of is not None:  # "what did lena say when she called?": "Lena called this
        m, said = told_of  # morning. Senior analyst at Northwind Labs, starting November 2nd."
        return told_in(said, m, qk.kind.value, ctx, "what the writer relays of the one asked of")
    at = done_at(question, [*good, *ranked], ctx)
    if at is not None:  # "what did i do in uji?": "Uji today. The matcha tasting was…"
        said = at.text.strip() if len(at.text) <= _WHOLE_REPLY else best_sentence(at.text, wanted)
        return Reading(
            f"“{clip(said)}”",
            [at],
            qk.kind.value,
            said,
            said_by(at, ctx),
            why=["the doer's own telling that names the place, the latest"],
        )
    deed = deed_of(question, [(m, t) for m, t in spans[:3] if not asks(t)], ctx)
    if deed is not None:  # "what did the monkey do?": "A monkey tried to steal my water bottle"
        m, said = deed
        return told_in(
            said, m, qk.kind.value, ctx, "what the best message says the one asked of did"
        )
    doer = doer_of(question, [(m, t) for m, t in spans[:3] if not asks(t)])
    if doer is not None:  # "what tried to steal my water bottle?": "A monkey tried to…"
        m, said = doer
        return told_in(said, m, qk.kind.value, ctx, "the one the best message says did it")
    if _ASKS_WHY.match(question):
        # "how come she didn't swim in it?": a reason, told with its marker ("they cancelled
        # the swim. blue-green algae in the lake apparently"), among the best few
        for m in dict.fromkeys([*good[:4], *ranked[:3]]):
            if m is not best and not wanted & terms(m.text):  # another talk's reason
                continue
            reason = next((t for t in _sentences_of(m.text) if _REASON.search(t)), None)
            if reason and not ASKS.search(reason):
                # the reason may run on into the next sentence: a short message whole
                best, span = m, m.text.strip() if len(m.text) <= 160 else reason
                break
    asked = classify(question).kind
    # "What did Aki say about the tea?" wants what was said; "which language…" the words.
    # A thing is a phrase; a reason or a manner ("why…", "how does she feel…") is a sentence.
    noun = asked_noun(question) if asked is Kind.WHAT else None
    if asked is Kind.WHAT and noun is None:  # "what are we reading?": a book
        implied = _READ_AS.search(question)
        if implied:
            noun = "book" if implied.group(1).lower().startswith("read") else "film"
    kind_of = bool(_KIND_OF.search(question))
    phrase = noun and focus_phrase(span, noun, wanted, ctx.speakers, kind_of=kind_of)
    short = (
        answer_span(span, wanted, ctx.speakers)
        if not _WHY_HOW.search(question)
        and (
            # A where-question comes here when no message names a place: a fragment would
            # pass for one ("where did I fly to?" -> "Back."), so the sentence is quoted.
            asked is Kind.WHAT or (asked is Kind.WHO and not WHO_IS.match(question))
        )
        else None
    )
    # (not when the best sentence names one itself: "I just finished The Alchemist")
    titled = bool(short and _named(short, span))
    work = (
        titled_work(question, noun, good, ranked, ctx)
        if noun and not phrase and not titled
        else None
    )
    instance = (
        named_instance(noun, good, ranked, ctx) if noun and not phrase and not titled else None
    )
    if work is None and instance is not None:  # "which vet?": "I'll call Greenfield Vet at 8am"
        m, name = instance
        return told_in(name, m, qk.kind.value, ctx, f"the name the chat gives a {noun}")
    if work is not None:  # "what book are we reading?": "…The Remains of the Day, for Nov 4th"
        m, title = work
        return told_in(title, m, qk.kind.value, ctx, f"the title of a {noun} named on the topic")
    if noun and not phrase and not short and not terms(noun) & terms(span):
        # "what kind of food did the vet put miso on?": with nothing to answer from "Back from
        # the vet with Miso.", the best message that names the thing asked for.
        naming = next((m for m, t in spans[:4] if terms(noun) <= terms(t) and not asks(t)), None)
        if naming is not None:
            best, span = naming, dict(spans)[naming]
            phrase = focus_phrase(span, noun, wanted, ctx.speakers, kind_of=kind_of)
    if noun and short and not phrase and not titled and not terms(noun) & terms(span):
        # "what story did i use in the interview?": "window function" from "I did use a window
        # function" is no story; a best message that qualifies the noun asked for is ("Use the
        # warehouse migration story.")
        # …and asked what kind ("what kind of cake did nell order for grandad's 80th?"), one
        # ranked just below them ("A lemon drizzle cake with candied peel"), when "grandad's
        # 80th" in the best one names a booking
        below = [
            (m, trim_span(best_sentence(m.text, wanted | asked_for), ctx.speakers))
            for m in (ranked[:_KIND_DEPTH] if kind_of else ())
            if m not in good
        ]
        qualified = (
            (m, t, focus_phrase(t, noun, wanted, ctx.speakers, kind_of=kind_of))
            for m, t in [*spans[:4], *below]
            if terms(noun) <= terms(t) and not asks(t)
        )
        found = next(((m, t, q) for m, t, q in qualified if q), None)
        if found is not None:
            best, span, phrase = found
    # "What workshop did she attend?": the noun as the sentence qualifies it, unless a name
    # answers ("What board games has he played?": "Catan", not "strategy game"), and the
    # noun does not hold that name ("which tournament?": "Valorant tournament", not "final
    # of a big Valorant")
    # …unless the noun heads a name itself ("what lake?": "Dunmore Lake", not "Doug")
    own_name = bool(phrase) and all(w[:1].isupper() for w in str(phrase).split())
    if phrase and (
        own_name or not (short and _named(short, span) and not _shares_name(phrase, short))
    ):
        short = phrase
    # …or the name the sentence gives it: "a contemporary piece called “Finding Freedom”",
    # "Barcelona is a must-visit city"; asked what kind, the kind and its name
    kind_name = named_as(span, phrase or noun) if noun else None
    if kind_name:
        short = f"{phrase}, {kind_name}" if kind_of and phrase else kind_name
    if short and terms(short) <= terms(question) | terms(ctx.asked):
        # "which movie do they watch during Thanksgiving?" -> "Thanksgiving.": the question's
        # own words (time words and all) answer nothing; the sentence is quoted instead
        short = None
    if short:
        return Reading(
            f"{short[:1].upper()}{short[1:]}.",
            list(dict.fromkeys([best, *good[:3]]))[:3],
            qk.kind.value,
            short,
            f"{said_by(best, ctx)}: “{clip(span, 120)}”",
            why=[
                "the phrase nearest the question's words in the sentence of the best-supported "
                "message (names and titles first)"
            ],
        )
    # Asked who or where, in a chat of short messages, a sentence alone reads as an answer it
    # is not (14 of 15 such quotes were wrong on the scenario histories): say so.
    echoed = span
    best, span = past_the_echo(question, best, span, ctx)
    if span == echoed and echoes(span, question, ctx):
        # "what job did i get?": Aki's "You're getting this job." echoes it; the next best,
        # "AKI. I GOT THE JOB.", does too, and its writer goes on: "Senior analyst at
        # Northwind Labs, starting November 2nd."
        for m in good[1:3]:
            said = trim_span(best_sentence(m.text, wanted), ctx.speakers)
            on = past_the_echo(question, m, said, ctx)
            if on[1] != said:
                best, span = on
                echoed = ""
                break
    if noun and span != echoed:
        # "what kind of cake…?": "Cake ordered!!" / "…Three layer honey cake with…"
        phrase = focus_phrase(span, noun, wanted, ctx.speakers, kind_of=kind_of)
        if phrase:
            why = f"the {noun} the writer's next turn names"
            return told_in(phrase, best, qk.kind.value, ctx, why)
    unanswered = {Kind.WHO: "who", Kind.WHERE: "the place"}.get(qk.kind)
    lead = (
        f"No message names {unanswered}. The nearest: " if unanswered and ctx.short_messages else ""
    )
    return Reading(
        f"{lead}“{clip(span)}”",
        list(dict.fromkeys([best, *good[:3]]))[:3],
        qk.kind.value,
        span,
        said_by(best, ctx),
        why=["the sentence of the best-supported message sharing most words with the question"],
    )


# What a verb of taking in a work says the work is: "what are we reading?" asks which book.
_READ_AS = re.compile(
    r"^\W*(?:and\s+|so\s+)?what(?:['’]s|\s+(?:are|is|am|were|was|did|do|does|have|has))\s+"
    r"(?:[\w'’]+\s+){0,2}?(?:been\s+)?(read|reading|watch|watching|watched)\b(?!\s+about\b)",
    re.IGNORECASE,
)


# How far down the ranking a kind asked for is looked for, when the best messages name none.
_KIND_DEPTH = 5


def _told_on(good: Sequence[StoredMessage], ctx: ReaderContext) -> list[StoredMessage]:
    """The writer's next turns after the best two messages, in their session: a telling goes on
    past another's asking ("Back from the vet with Miso." / "And?? How is she?" / …)."""
    return [
        t
        for g in good[:2]
        for t in ctx.turns_after(g)[:_TOLD_ON]
        if t.speaker == g.speaker and t.session_id == g.session_id
    ]


_TOLD_ON = 4


def _quoted(said: str, m: StoredMessage, qk: QuestionKind, ctx: ReaderContext, why: str) -> Reading:
    """A reply quoted as the answer, cited by itself."""
    return Reading(f"“{clip(said)}”", [m], qk.kind.value, said, said_by(m, ctx), why=[why])


def _shares_name(phrase: str, other: str) -> bool:
    """Whether `phrase` holds a capitalised word of `other` past its first."""
    names = {w for w in other.split()[1:] if w[:1].isupper()}
    return bool(names & set(phrase.split()))


def _named(phrase: str, sentence: str) -> bool:
    """Whether `phrase` holds a capitalised word other than the sentence's first."""
    words = phrase.split()
    opens = sentence.lstrip().startswith(phrase)
    return any(w[:1].isupper() for w in words[1:]) or (words[0][:1].isupper() and not opens)


# "who is Lena Brooks?"; not "who is feeding miso?", a doer asked for
WHO_IS = re.compile(
    r"^\s*who(?:'s|\s+is|\s+was)\s+(?![a-z]+ing\b)[A-Z]?[\w'-]+(?:\s+[\w'-]+)?\s*\??\s*$", re.I
)


def _sentences_of(text: str) -> list[str]:
    return [text[a:b] for a, b in sentences(text)] or [text]
