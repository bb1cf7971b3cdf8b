"""The offline reader: states the answer first, in a few words chosen by the question's kind, then
says how it knows (one line) and cites the messages it used. It sees only what retrieval
returned, and declines when the evidence does not cover the question.

Evidence: each retrieved message's idf-weighted coverage of the question's content terms (with a
quarter of the credit for its neighbours' words: an answer often follows the turn naming the
topic). When the question names a person of the chat, their own messages must cover it at
least as well as anyone else's: "What did Caroline realize after her charity race?" is not
answered by Melanie's race. The reader declines below `threshold` (calibrated by
leave-one-conversation-out cross-validation, `memlane eval locomo --answers`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory_store.models import StoredMessage

from .categories import asked_kind, words_of_kind
from .focus import answer_span
from .kinds import Kind, QuestionKind, classify, without_mention
from .reading import (
    MIN_SUPPORT,
    ReaderContext,
    Reading,
    content_terms,
    declined,
    following,
    named_speakers,
    neighbours,
    question_terms,
    said_by,
    split_topic,
    who,
)
from .spans import (
    address,
    apposed_name,
    best_sentence,
    given_name,
    named_place,
    names_in,
    person_phrase,
    place_phrase,
    proper_name,
    speaks_for_self,
    trim_span,
    venue,
    where_it_is,
    with_spot,
)
from .text import asks, clip, day_phrase, join_names, speech_acts, terms, topic_heads
from .when import changed_since, later_about, when_answer
from .whose import people_asked_of, teller, told_of

__all__ = ["evidence", "first_or_last", "read", "support", "with_replies"]

# The messages that support the question about as well as the best one are read; a when-answer
# casts a wider net, as the date itself decides.
_KEEP, _WHEN_KEEP = 0.7, 0.4


def support(question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext) -> list[float]:
    """Per ranked message, in 0..1: how well it (and a little its neighbours) covers the
    question's terms; halved for a question ("How was NYC?" asks, it does not tell)."""
    asked, topic = split_topic(question)
    wanted, carried = question_terms(asked, ctx), question_terms(topic, ctx)
    kind, named = _asked_kind(asked)
    own = [
        terms(m.text)
        | speech_acts(m.text)
        | (named if kind and words_of_kind(kind, m.text) else set())
        for m in ranked
    ]
    session: dict[int, set[str]] = {}
    for m, t in zip(ranked, own, strict=True):
        session.setdefault(m.session_id, set()).update(t)
    out = []
    for i, m in enumerate(ranked):
        near = set(own[i])
        for j, n in enumerate(ranked):
            if j != i and n.session_id == m.session_id and abs(n.id - m.id) <= 2:
                near |= own[j]

        def cover_of(words: set[str], i: int = i, near: set[str] = near) -> float:
            w = ctx.weights
            return 0.75 * w.coverage(words, own[i]) + 0.25 * w.coverage(words, near)

        cover = cover_of(wanted | carried)
        if wanted and carried:
            # "who drove? (about owl slabs)": the follow-up's own words say what is asked; the
            # topic carried from an earlier question says where, so the session's words count.
            w = ctx.weights
            asked_w = sum(w.idf(t) for t in wanted)
            carried_w = sum(w.idf(t) for t in carried - wanted)
            where = w.coverage(carried - wanted, session[m.session_id])
            total = 2 * asked_w + carried_w
            cover = (2 * asked_w * cover_of(wanted) + carried_w * where) / total if total else 0.0
        out.append(cover / 2 if asks(m.text) else cover)
    return out


def _asked_kind(question: str) -> tuple[str | None, set[str]]:
    """The kind of thing the question asks for by name ("colour"), and its word's terms: a
    message naming one of that kind ("a blue trek") holds the word, which people seldom write."""
    focus = classify(question).focus
    kind = asked_kind(question, focus)
    if kind is None:
        return None, set()
    named = re.search(r"\b(?:kinds?|types?|sorts?)\s+of\s+([^\W\d_]+)", question, re.I)
    return kind, terms(named.group(1) if named else focus or "")


def reading_pools(
    question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext, n: int = 8
) -> tuple[list[StoredMessage], list[StoredMessage]]:
    """What the reader reads, and what it weighs the evidence on: the top `n` of the ranking,
    and further down it the messages the reader would read if they were there (support about
    as good as the best of those: `_KEEP`, MIN_SUPPORT). Retrieval ranks a whole session up
    with its best chunk ("when is my dental cleaning?" ranks the dentist chat of 1 September
    above "Booked: cleaning on Thursday November 5th"); the reader reads by the question's own
    words. A follow-up's deeper messages must hold every word it asks with: its carried topic
    ranks the whole earlier thread above them. Deeper messages are read only when the person
    the question names wrote them ("when did Melanie's friend adopt?" is not told by
    Caroline's own adoption); everyone's are weighed: a question that names the wrong person
    is told of someone else there (LoCoMo's adversarial questions)."""
    asked, topic = split_topic(question)
    wanted = question_terms(asked, ctx)
    head = list(ranked[:n])
    if not wanted:
        return head, head
    if topic:
        held = [m for m in ranked[n:] if wanted <= terms(m.text) | speech_acts(m.text)]
        whole = [*head, *held[:4]]
        return whole, whole
    window = list(ranked[:_DEEPER])
    cover = support(question, window, ctx)
    best = max(cover[:n], default=0.0)
    least = max(MIN_SUPPORT, _KEEP * best)
    deeper = [m for m, c in zip(window[n:], cover[n:], strict=True) if best > 0 and c >= least]
    named = people_asked_of(asked, ctx)
    about = teller(ctx, asked)
    theirs = [m for m in deeper if not named or named & about(m)]
    return [*head, *theirs[:4]], [*head, *deeper[:4]]


# How far down the ranking the reader looks for messages that cover the question better.
_DEEPER = 50


def with_replies(
    top: list[StoredMessage], cover: list[float], ranked: Sequence[StoredMessage]
) -> tuple[list[StoredMessage], list[float]]:
    """Add the reply to each question among `top`: "Food recommendations?" names the topic
    and the next turn, by someone else, answers it without repeating its words. A reply
    takes most of its question's (unhalved) support."""
    top, cover = list(top), list(cover)
    for m, c in list(zip(top, cover, strict=True)):
        if not asks(m.text):
            continue
        replies = [
            n
            for n in ranked
            if n.session_id == m.session_id and 0 < n.id - m.id <= 2 and n.speaker != m.speaker
        ]
        for n in sorted(replies, key=lambda n: n.id)[:1]:
            if n in top:
                i = top.index(n)
                cover[i] = max(cover[i], 1.6 * c)
            else:
                top.append(n)
                cover.append(1.6 * c)
    return top, cover


def evidence(
    question: str, ranked: Sequence[StoredMessage], cover: Sequence[float], ctx: ReaderContext
) -> float:
    """The evidence score the reader declines on (see the module docstring)."""
    if not cover:
        return 0.0
    # A follow-up's carried topic was weighed when it was asked ("(about greta promotion)"); a
    # who-question names its object, not who did it ("who sent Dario to a physio?").
    asked = split_topic(question)[0]
    named = people_asked_of(asked, ctx) if classify(asked).kind is not Kind.WHO else set()
    if not named:
        return max(cover)
    # A person of the chat named in the question, none of whose messages rank near the top:
    # the history tells this of someone else (LoCoMo's adversarial questions are built so).
    about = teller(ctx, question)
    theirs = [bool(named & about(m)) for m in ranked]
    own = max((c for t, c in zip(theirs, cover, strict=True) if t), default=0.0)
    other = max((c for t, c in zip(theirs, cover, strict=True) if not t), default=0.0)
    return max(0.0, own - max(0.0, other - own))


def read(question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext) -> Reading:
    qk = classify(question)
    if not ranked:
        return declined(qk.kind.value, "nothing was retrieved", 0.0)
    if not question_terms(question, ctx) and not ctx.scoped and content_terms(question, ctx):
        # Every word of the question is one no message holds, and no filter chose these.
        return declined(qk.kind.value, "no message holds any word of the question", 0.0)
    if qk.kind is Kind.YES_NO:
        # "did farid say i could *paint* the bedroom?": yes or no turns on the word no message
        # holds; the rest of the question ("bedroom") would say yes to something else. Not a
        # name ("books by C. S. Lewis") nor a contraction ("hadn't").
        unheard = ctx.weights.unseen(content_terms(split_topic(question)[0], ctx))
        asked = re.findall(r"(?<![\w'’])[a-z]{3,}(?![\w'’])", split_topic(question)[0])
        word = next((w for w in asked if terms(w) and terms(w) <= unheard), None)
        if word:
            return declined(qk.kind.value, f"no message of the history mentions “{word}”", 0.0)
    top, probe = reading_pools(question, ranked, ctx)
    cover = support(question, top, ctx)
    weighed = cover if probe == top else support(question, probe, ctx)
    score = evidence(question, probe, weighed, ctx)
    top, cover = with_replies(top, cover, ranked)
    if not named_speakers(question, ctx):  # a reply speaks for its question's asker
        score = max(score, max(cover))
    if score < ctx.threshold:
        return declined(
            qk.kind.value,
            f"declined: evidence {score:.2f} is below the threshold "
            f"{ctx.threshold:g} (idf-weighted share of the question's words)",
            score,
        )
    best = max(cover)
    # The messages that support the question about as well as the best one, in rank order.
    good = [m for m, c in zip(top, cover, strict=True) if c >= max(MIN_SUPPORT, _KEEP * best)]
    if not good:  # the evidence is a reply further down, which the reader does not read
        return declined(qk.kind.value, "no message the reader reads supports the question", score)
    by_cover = dict(zip([m.id for m in top], cover, strict=True))
    good.sort(key=lambda m: -by_cover[m.id])  # stable: rank order among equals
    if qk.kind is Kind.SUMMARY:  # "what did Priya say about her finger": a topic, not a span
        qk = QuestionKind(Kind.WHAT, qk.focus)
    context = [*top, *ranked]
    if qk.kind is Kind.WHEN:
        # A date can sit in a message that covers the question less well than the best one
        # ("Castle Crags on Saturday October 17th?" against "we need you for the crag trip"):
        # a wider net, and the date itself decides (see when.when_answer).
        wide = {i: c for i, c in by_cover.items() if c >= max(MIN_SUPPORT, _WHEN_KEEP * best)}
        reading = when_answer(question, qk, [m for m in top if m.id in wide], ctx, context, wide)
    else:
        readers = {Kind.WHO: _who, Kind.YES_NO: _yes_no, Kind.AMOUNT: _amount}
        if qk.kind is Kind.WHERE:
            # When the best messages name no place, fair matches may, as with a date ("we need
            # you for the crag trip" / "Castle Crags on Saturday October 17th?").
            fair = [m for m in top if by_cover[m.id] >= max(MIN_SUPPORT, _WHEN_KEEP * best)]
            wider = sorted((m for m in fair if m not in good), key=lambda m: -by_cover[m.id])
            reading = _where(question, qk, good, ctx, context, wider)
        else:
            reading = readers.get(qk.kind, _what)(question, qk, good, ctx, context)
    reading.evidence = score
    return reading


# A sentence that asks ("How was the book club?"), not one that proposes ("Castle Crags on
# Saturday October 17th?").
_ASKS = re.compile(
    r"(?:^|[.!?]\s+)(?:yes!?\s+|so\s+|and\s+)?(?:how|what|when|where|who|why|which|did|do|does|"
    r"is|are|was|were|can|could|will|would|should|have|has)\b[^.!?]*\?",
    re.IGNORECASE,
)


# A question for a code, a PIN or a number, answered by digits: "Code is 2906", "pin's 4471".
_ASKS_CODE = re.compile(
    r"\bwhat(?:'s|s|\s+is|\s+was)?\s+(?:the|my|our|his|her|their)\s+(?:\w+\s+)?"
    r"(?:code|combination|combo|pin|passcode|password|number)\b",
    re.IGNORECASE,
)
_CODE = re.compile(
    r"(?<![\d:/.£$€-])\b(\d{3,})\b(?![:/.,]?\d)(?!\s*(?:am|pm|%|k\b|km|mins?|hours?|quid|"
    r"pounds?|dollars?|euros?|st|nd|rd|th)\b)",
    re.IGNORECASE,
)


_WHY_HOW = re.compile(r"\b(?:why|how)\b|\bwhat\s+(?:made|motivated|inspired|caused)\b", re.I)


# A question asking what something is called: "what did she name her car", "what's the cat
# called", "what is the name of the boat".
_NAMING = re.compile(
    r"\bwhat\b.*\b(?:name[ds]?|call(?:ed)?)\b(?!\s+(?:me|you|him|her|us|them)\s*\W*$)",
    re.IGNORECASE,
)


def _what(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading:
    wanted = question_terms(question, ctx)
    if _ASKS_CODE.search(question):  # "what's the combination for the shed padlock?"
        for m in dict.fromkeys(n for g in good[:4] for n in [g, *following(g, ranked)]):
            code = _CODE.search(m.text)
            if code:
                return Reading(
                    f"{code.group(1)}.",
                    [m],
                    qk.kind.value,
                    code.group(1),
                    f"{said_by(m, ctx)}: “{clip(m.text, 120)}”",
                    why=["the code or number a best-supported message gives"],
                )
    kind = asked_kind(question, qk.focus)
    if kind:  # "what colour are the new shirts?": a colour in the best messages
        for m in dict.fromkeys(n for g in good[:4] for n in [g, *following(g, ranked)]):
            found = words_of_kind(kind, m.text)
            if found:
                said = join_names(found)
                return Reading(
                    f"{said[:1].upper()}{said[1:]}.",
                    [m],
                    qk.kind.value,
                    said,
                    f"{said_by(m, ctx)}: “{clip(m.text, 120)}”",
                    why=[f"the {kind} named in a best-supported message or the next turn"],
                )
    if _NAMING.search(question):  # "what did mara name her car?": the name given, a few turns on
        for m in dict.fromkeys(n for g in good[:3] for n in [g, *following(g, ranked, 5)]):
            given = given_name(m.text)
            if given:
                return Reading(
                    f"{given[:1].upper()}{given[1:]}.",
                    [m],
                    qk.kind.value,
                    given,
                    said_by(m, ctx),
                    why=[f"the name given in {who(m, ctx)}'s message ('called', 'named')"],
                )
    # A question does not answer; a message whose best sentence is one does not either.
    spans = [(m, trim_span(best_sentence(m.text, wanted), ctx.speakers)) for m in good]
    # A proposal ("Castle Crags on Saturday October 17th?") tells; an unmarked question
    # ("what colour r u doing the kitchen") asks.
    best, span = next(
        ((m, t) for m, t in spans if not (_ASKS.search(t) or asks(t) and t.rstrip()[-1:] != "?")),
        spans[0],
    )
    asked = classify(question).kind
    # "What did Aki say about the tea?" wants what was said; "which language…" the words.
    # A thing is a phrase; a reason or a manner ("why…", "how does she feel…") is a sentence.
    short = (
        answer_span(span, wanted, ctx.speakers)
        if not _WHY_HOW.search(question)
        and (
            # A where-question comes here when no message names a place: a fragment would
            # pass for one ("where did I fly to?" -> "Back."), so the sentence is quoted.
            asked is Kind.WHAT or (asked is Kind.WHO and not _WHO_IS.match(question))
        )
        else None
    )
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
    return Reading(
        f"“{clip(span)}”",
        list(dict.fromkeys([best, *good[:3]]))[:3],
        qk.kind.value,
        span,
        said_by(best, ctx),
        why=["the sentence of the best-supported message sharing most words with the question"],
    )


def _yes_no(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading:
    # A question does not say yes or no; the reply to it does.
    best = next((m for m in good if not asks(m.text)), good[0])
    span = best_sentence(best.text, question_terms(question, ctx))
    negative = re.search(r"\b(?:not|no|never|nope)\b|n't\b", span, re.IGNORECASE)
    verdict = "No" if negative else "Yes"
    return Reading(
        f"{verdict}: “{clip(span)}”",
        [best],
        qk.kind.value,
        verdict.lower(),
        said_by(best, ctx),
        why=[f"{verdict.lower()} from the best-supported message (a negation there means no)"],
    )


_WHO_IS = re.compile(r"^\s*who(?:'s|\s+is|\s+was)\s+[A-Z]?[\w'-]+(?:\s+[\w'-]+)?\s*\??\s*$", re.I)
_AMOUNT = re.compile(
    r"(?:[$€£¥]\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:dollars?|euros?|pounds?|bucks|yen|usd|eur|gbp|€|\$|£)"
    r"|\b\d[\d,.]*\s?(?:a|per)\s+(?:month|year|week|day|night)\b)",
    re.IGNORECASE,
)


# A number as a reply gives it: "how much" … "4200. the guy threw in winter tyres".
_BARE_SUM = re.compile(r"^\W*(\d{1,3}(?:,\d{3})+|\d{2,})(?![\d:/%])\b")


def _bare_sum(m: StoredMessage, ranked: Sequence[StoredMessage]) -> list[str]:
    """The number a message opens with, when it replies to someone else's "how much"."""
    asked = [
        n
        for n in ranked
        if n.session_id == m.session_id and 0 < m.id - n.id <= 2 and n.speaker != m.speaker
    ]
    if not any(re.search(r"\bhow\s+much\b", n.text, re.IGNORECASE) for n in asked):
        return []
    hit = _BARE_SUM.match(m.text)
    return [hit.group(1)] if hit else []


def _amount(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading:
    """ "How much was the vet?": the sum said in a best-supported message or the turn after."""
    # A question's reply first ("How much was it in the end?" / "310 dollars with the x-ray");
    # then the sum asked after a telling ("bought a bike!!" / "how much" / "350.").
    order = [n for g in good[:3] for n in ([*following(g, ranked), g] if asks(g.text) else [g])]
    order += [n for g in good[:3] if not asks(g.text) for n in following(g, ranked)]
    for m in dict.fromkeys(order):
        found = _AMOUNT.findall(m.text) or _bare_sum(m, ranked)
        if found:
            sentence = best_sentence(
                m.text, {t for t in terms(found[0])} | question_terms(question, ctx)
            )
            return Reading(
                f"{found[0].strip()}.",
                [m],
                qk.kind.value,
                found[0].strip(),
                f"{said_by(m, ctx)}: “{clip(sentence, 100)}”",
                why=["the first sum of money in a best-supported message or the next turn"],
            )
    return _what(question, qk, good, ctx, ranked)


def _display(name: str, ctx: ReaderContext) -> str:
    """A name as the chat's speakers spell it ("lucía" → "Lucía"), else capitalised."""
    for s in ctx.speakers:
        if s.lower() == name.lower() or s.split()[0].lower() == name.lower():
            return s
    return name[:1].upper() + name[1:]


def _who(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading:
    asked = {w.lower() for w in re.findall(r"[^\W\d_]+", question)}
    if _WHO_IS.match(question) and asked & set(ctx.names) - {s.lower() for s in ctx.speakers}:
        return _what(question, qk, good, ctx, ranked)  # "who is Lena Brooks?": what is said
    exclude = asked - ({ctx.me.lower()} if ctx.me else set())

    def named(text: str, m: StoredMessage, span: str, why: str) -> Reading:
        shown = f"{text[:1].upper()}{text[1:]}."
        return Reading(shown, [m], qk.kind.value, span, said_by(m, ctx), why=[why])

    # The name is often in the next turn ("FOUND A FLATMATE" / "his name is Jonas").
    for m in dict.fromkeys(n for g in good[:3] for n in [g, *following(g, ranked)]):
        found = names_in(m.text, ctx.names, exclude)
        if found:
            mine = ctx.me and found[0].lower() == ctx.me.lower()
            name = "You" if mine else _display(found[0], ctx)
            return named(
                name, m, name, f"the name {name!r} in a best-supported message or the next turn"
            )
        phrase = person_phrase(m.text, asked) if m is good[0] else None
        if phrase:  # "left your drill with your neighbour at number 9": who, by who they are
            said = _from_user(phrase, m, ctx)
            apposed = apposed_name(m.text, phrase)  # "my cousins mate lowri": Lowri
            said = f"{apposed} ({said})" if apposed else said
            return named(
                said, m, said, "a person named by who they are, in the best-supported message"
            )
        # Thanked or told as "you": "Thank you so much for looking after her", written to Aki.
        about = told_of(m, ctx, question) if m is good[0] else set()
        if len(about) == 1 and m.speaker not in about:
            person = next(iter(about))
            if person.split()[0].lower() not in exclude:
                shown = "You" if ctx.me and person == ctx.me else _display(person, ctx)
                return named(shown, m, person, "the person the message says did it")
        # Only a telling itself: "I'd love that", in reply, is not who did it.
        if m in good[:3] and speaks_for_self(m.text) and m.speaker.lower() not in exclude:
            return named(who(m, ctx), m, m.speaker, "the speaker says it of themselves (I/we)")
    # A who-question is answered by a name: one a little further down that shares the
    # question's words ("the junior role is filled. His name is Aurelio Banks") beats quoting
    # a sentence that names nobody ("we're hiring a junior designer").
    wanted = question_terms(question, ctx)
    for m in ranked[:10]:
        found = names_in(m.text, ctx.names, exclude) if wanted & terms(m.text) else []
        if found and (not ctx.me or found[0].lower() != ctx.me.lower()):
            name = _display(found[0], ctx)
            return named(
                name, m, name, f"the name {name!r} in a message sharing the question's words"
            )
    return _what(question, qk, good, ctx, ranked)


def _from_user(phrase: str, m: StoredMessage, ctx: ReaderContext) -> str:
    """A phrase as the user would say it: "at mine", said by Lucía, is "at Lucía's" (by the
    user, "at yours"); "my physio", written by Sunniva, "Sunniva's physio" (by the user, "your
    physio"); "in my slipper", by Melanie, "in Melanie's slipper"."""
    mine = bool(ctx.me) and m.speaker == ctx.me
    theirs = "yours" if mine else f"{m.speaker}'s"
    place = _MINE.sub(lambda x: f"{x.group('prep')} {theirs}", phrase)
    owner = "your" if mine else f"{m.speaker}'s"
    return re.sub(r"^((?:\w+\s+)?)(?:my|our)\b", rf"\g<1>{owner}", place, flags=re.IGNORECASE)


def _where(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
    wider: Sequence[StoredMessage] = (),
) -> Reading:
    wanted = question_terms(question, ctx)
    origin = _FROM.search(question) is not None
    skip = {s.lower() for s in ctx.speakers}
    found = []
    for pool in (good[:4], wider[:4]):
        for rank, m in enumerate(pool):
            if _ASKS.search(m.text):
                continue  # "how was the book club from your side?" asks; it names no place
            times = [x.text.lower() for x in ctx.mentions_of(m)]
            place = named_place(m.text, wanted, skip)
            name = address(m.text) or (place and with_spot(m.text, place))
            phrase = name or place_phrase(m.text, wanted, times, origin=origin)
            if phrase:
                # A named place ("at Casa Verde", "in Piotr's car") beats a common noun.
                named = any(w[:1].isupper() for w in phrase.split()[1:]) or "'" in phrase
                found.append((named, -rank, m, phrase))
        if found:
            break
    if not any(named for named, *_ in found):
        # The place is often named in the reply next to the message naming the occasion
        # ("It's my birthday and Yasmin's booked an escape room" / "The Cipher Rooms on Quay
        # Street, the submarine one").
        near = dict.fromkeys(n for m in good[:3] for n in neighbours(m, ranked))
        for rank, n in enumerate(n for n in near if n not in good[:4]):
            name = None if _ASKS.search(n.text) else proper_name(n.text, skip)
            if name:
                found.append((True, -4 - rank, n, name))
    if not found:
        return _what(question, qk, good, ctx, ranked)
    _, _, m, phrase = max(found, key=lambda f: (f[0], f[1]))
    # Plans move: a later message that says the place changed wins ("moved to Lucía's"); for
    # a plan still ahead ("where's the party?"), so does the latest place given for it ("we
    # can do the party at mine!").
    moved = changed_since(m, wanted, ranked, ctx)
    if not _ASKS_PAST.search(question):
        heads = {t for h in topic_heads(question) for t in terms(h)}
        moved += later_about(m, wanted, ranked, ctx, heads)
    for n in sorted(dict.fromkeys(moved), key=lambda n: (n.ts, n.id), reverse=True):
        times = [x.text.lower() for x in ctx.mentions_of(n)]
        later = venue(n.text, skip) or place_phrase(n.text, wanted, times)
        if later:
            m, phrase = n, later
            break
    said = phrase
    phrase = _from_user(where_it_is(phrase, question), m, ctx)
    return Reading(
        f"{phrase[0].upper()}{phrase[1:]}.",
        [m],
        qk.kind.value,
        phrase,
        said_by(m, ctx) if said == phrase else f"{said_by(m, ctx)}: “{said}”",
        why=[
            "a place phrase of a best-supported message (named places first; a later change "
            "of plan wins)"
        ],
    )


_ASKS_PAST = re.compile(r"\b(?:did|was|were|had|went|used\s+to)\b", re.IGNORECASE)
# "where is she from?", "where did the parcel come from?": the origin is the answer.
_FROM = re.compile(r"\bfrom\b", re.IGNORECASE)
_MINE = re.compile(
    r"\b(?P<prep>at|to|from|in)\s+(?:mine|ours|my\s+(?:place|flat|house|apartment)|"
    r"our\s+(?:place|flat|house|apartment))\b",
    re.IGNORECASE,
)


def first_or_last(
    question: str, matches: Sequence[StoredMessage], ctx: ReaderContext, *, last: bool
) -> Reading:
    """The earliest or latest message about the topic: `matches` hold the topic's retrieved
    messages; those covering its terms about as well as the best one are ordered by time."""
    kind = (Kind.LAST if last else Kind.FIRST).value
    wanted = question_terms(without_mention(question), ctx) or question_terms(question, ctx)
    cover = {m.id: ctx.weights.coverage(wanted, terms(m.text)) for m in matches}
    best = max(cover.values(), default=0.0)
    # "baked a cranberry loaf" is about baking bread as much as the best match is.
    on_topic = [m for m in matches if cover[m.id] >= max(0.4, 0.75 * best)]
    if not on_topic:
        return declined(kind, "no message covers the topic's words", best)
    pick = max(on_topic, key=lambda m: m.ts) if last else min(on_topic, key=lambda m: m.ts)
    return Reading(
        f"{day_phrase(pick.ts)}.",
        [pick],
        kind,
        day_phrase(pick.ts),
        f"{who(pick, ctx)}, {pick.ts:%H:%M}: “{clip(pick.text, 100)}”",
        why=[
            f"{len(on_topic)} messages cover the topic; the {'latest' if last else 'earliest'} "
            f"is {pick.ts:%Y-%m-%d %H:%M}"
        ],
        evidence=best,
    )
