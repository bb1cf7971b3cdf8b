"""The offline reader: states the answer first, in a few words chosen by the question's kind, then
says how it knows (one line) and cites the messages it used. It sees only what retrieval
returned, and declines when the evidence does not cover the question. This module weighs the
evidence and hands the best messages to the reader of the question's kind: when.py, who.py,
where.py, what.py (and yes/no), amount.py; first and last mentions are in mentioned.py.

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

from agent.plan.people import PERSON_NOUNS
from memory_store.models import StoredMessage

from .amount import amount_answer
from .asking import asking_part
from .categories import asked_kind, kind_word, without_kind_word, words_of_kind
from .gift import gift_answer
from .kinds import Kind, QuestionKind, classify
from .reading import (
    MIN_SUPPORT,
    ReaderContext,
    Reading,
    content_terms,
    declined,
    named_speakers,
    question_terms,
    speaker_terms,
    split_topic,
)
from .said_about import said_about
from .still_on import checked, claimed
from .text import asks, said_terms, terms
from .told_apart import OPPOSITE, SAME_ORDINAL, opposite_way, ordinals_of
from .upcoming import next_one
from .what import what_answer
from .when import event_head, when_answer
from .where import place_on_day, where_answer
from .who import who_answer
from .whose import people_asked_of, teller
from .yes_no import yes_no_answer

__all__ = ["BELOW_THRESHOLD", "evidence", "read", "support", "with_replies"]

# How a decline on the threshold starts its reason (eval.scenario_abstain finds them by it).
BELOW_THRESHOLD = "declined:"

# The messages that support the question about as well as the best one are read; a when-answer
# casts a wider net, as the date itself decides.
_KEEP, _WHEN_KEEP = 0.7, 0.4
# A message naming the thing the question names stands in for the best ones when it supports
# the question at least this share as well: "a spare for marigold" names the boat in passing,
# and "We need to get Marigold painted" (0.23) does not answer it for "It's a 13 x 1000 if you
# want a spare" (0.56).
_NAMED_KEEP = 0.5


def support(
    question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext, *, scene: bool = False
) -> list[float]:
    """Per ranked message, in 0..1: how well it (and a little its neighbours) covers the
    question's terms; halved for a question ("How was NYC?" asks, it does not tell). With
    `scene`, the words setting the scene before the asking are weighed as a carried topic."""
    asked, topic = split_topic(question)
    if not topic:
        asked, topic = _purpose(asked, ctx)
    if not topic and scene:
        asked, topic = _scene(asked, ctx)
    wanted, carried = question_terms(asked, ctx), question_terms(topic, ctx)
    kind, named = _asked_kind(asked)
    # "what temperature is it in kyoto?": a message naming one ("around 22 degrees") holds
    # the kind's word, which no message need write for it to count
    wanted |= named
    way = classify(asked).kind in (Kind.WHEN, Kind.WHERE)
    own = [
        said_terms(m.text) | (named if kind and words_of_kind(kind, m.text) else set())
        for m in ranked
    ]
    session: dict[int, set[str]] = {}
    for m, t in zip(ranked, own, strict=True):
        session.setdefault(m.session_id, set()).update(t)
    counted = ordinals_of(asked)
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
        if way and opposite_way(asked, m.text):
            cover *= OPPOSITE
        if counted & ordinals_of(m.text):  # "my 2nd interview" / "second interview today…"
            cover = min(1.0, cover * SAME_ORDINAL)
        out.append(cover / 2 if asks(m.text) else cover)
    return out


# "the cake *for mum's party*", "the skip *for the bathroom job*": what the thing is for.
_FOR = re.compile(
    r"\s+for\s+((?:the|my|our|his|her|their|[a-z]+['’]s)\s+[^?,.!]{2,40}?)\s*(?=[?,.!]|$)",
    re.IGNORECASE,
)


_DETERMINED = re.compile(
    r"\b(?:the|a|an|my|our|his|her|their|this|that)\s+(?:[\w'’-]+\s+)?([\w'’-]+)$", re.I
)
_RELATIONAL = frozenset(
    re.findall(
        r"\S+",
        "code combination combo pin password passcode number price cost fee quote date time "
        "day plan plans reason name address recipe directions instructions ticket tickets "
        "booking reservation deposit rent bill present gift idea inspiration",
    )
)


def _purpose(asked: str, ctx: ReaderContext) -> tuple[str, str]:
    """A question's own words and what its thing is for, which says where (the session) more
    than what: "who's making the cake for mum's party?" is told by "Aunt Rosa has offered to
    make the cake", in the party's session, not by "Party Palace" for the balloons."""
    m = _FOR.search(asked)
    # Only after a noun the question names with its determiner ("*the cake* for"): after a
    # verb ("arriving for his visit", "what did Nate choose for his hair") or a relational
    # noun ("the combination for the shed padlock") the phrase is what is asked of.
    noun = _DETERMINED.search(asked[: m.start()]) if m else None
    if not (m and noun) or noun.group(1).lower() in _RELATIONAL:
        return asked, ""
    if not question_terms(asked[: m.start()], ctx):  # nothing of its own left to weigh
        return asked, ""
    return asked[: m.start()] + asked[m.end() :], m.group(1)


def _scene(question: str, ctx: ReaderContext) -> tuple[str, str]:
    """The sentence that asks and the scene set before it, weighed as a follow-up's carried
    topic is: "Sandra is writing up the club history and wants the date me and Tam won the
    pairs. what day was the final" is answered by "final's set. saturday 29th", in the
    pairs' session, which a scene of nine words leaves no message supporting well."""
    part = asking_part(question)
    if part == question or not question_terms(part, ctx):  # "…and that. what day was it"
        return question, ""
    return part, question.replace(part, " ")


def _supporting(top: Sequence[StoredMessage], cover: Sequence[float]) -> list[StoredMessage]:
    """The messages that support the question about as well as the best one, in rank order."""
    best = max(cover)
    return [m for m, c in zip(top, cover, strict=True) if c >= max(MIN_SUPPORT, _KEEP * best)]


def _asked_kind(question: str) -> tuple[str | None, set[str]]:
    """The kind of thing the question asks for by name ("colour"), and its word's terms: a
    message naming one of that kind ("a blue trek") holds the word, which people seldom write."""
    focus = classify(question).focus
    kind = asked_kind(question, focus)
    return (kind, terms(kind_word(question, focus))) if kind else (None, set())


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
        held = [m for m in ranked[n:] if wanted <= said_terms(m.text)]
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
    # Nor a yes or no: "did Kwame give the drill back?" is confirmed by the one who got it
    # ("drill returned safe and sound", Callum).
    named = (
        people_asked_of(asked, ctx)
        if classify(asked).kind not in (Kind.WHO, Kind.YES_NO)
        else set()
    )
    # In a chat of short messages several people tell of the same thing ("the new fridge is
    # humming away in the back kitchen", by Ines, for "where did deb say the fridge would
    # go?"): another's telling is no sign that it happened to someone else.
    if not named or ctx.short_messages:
        return max(cover)
    # A person of the chat named in the question, none of whose messages rank near the top:
    # the history tells this of someone else (LoCoMo's adversarial questions are built so).
    about = teller(ctx, question)
    # In a chat they take no part in, a person is told of by role, not by name ("boiler man
    # coming at 5 to look at the old beast", of Kaveh the heating engineer).
    theirs = [
        bool(named & about(m) or not named & set(ctx.participants.get(m.conversation, named)))
        for m in ranked
    ]
    own = max((c for t, c in zip(theirs, cover, strict=True) if t), default=0.0)
    other = max((c for t, c in zip(theirs, cover, strict=True) if not t), default=0.0)
    return max(0.0, own - max(0.0, other - own))


# "When is the *next* crag trip?": in a when-question the order word asks the clock for a day
# still ahead (when.py), not the messages for the word: "the next book … November 4th" is no
# crag trip. In "what is the next book?" it picks the thing, and stays.
_WHEN_ORDER = re.compile(r"\b(?:next|upcoming)\s+(?=[^\W\d_])", re.IGNORECASE)


# "which night is the dumpling dinner?" asks for a day: "the night of October 10th" is no
# better an answer for it.
_PART_ASKED = re.compile(r"\b((?:what|which)\s+)(?:night|evening|morning|afternoon)\b", re.I)


def read(question: str, ranked: Sequence[StoredMessage], ctx: ReaderContext) -> Reading:
    qk = classify(question)
    if qk.kind is Kind.WHEN:
        question = _PART_ASKED.sub(r"\1day", _WHEN_ORDER.sub("", question))
    if not ranked:
        return declined(qk.kind.value, "nothing was retrieved", 0.0)
    # "what colour is it?": a kind the reader knows the words of is asked for, not a topic
    own = without_kind_word(question, qk.focus)
    if not question_terms(own, ctx) and not ctx.scoped and content_terms(own, ctx):
        # Every word of the question is one no message holds, and no filter chose these.
        return declined(qk.kind.value, "no message holds any word of the question", 0.0)
    if qk.kind is Kind.YES_NO:
        # "did farid say i could *paint* the bedroom?": yes or no turns on the word no message
        # holds; the rest of the question ("bedroom") would say yes to something else. Not a
        # name ("books by C. S. Lewis") nor a contraction ("hadn't").
        own_words = split_topic(question)[0]
        unheard = ctx.weights.unseen(content_terms(own_words, ctx))
        asked = re.findall(r"(?<![\w'’])[a-z]{3,}(?![\w'’])", own_words)
        word = next((w for w in asked if terms(w) and terms(w) <= unheard), None)
        if word:
            return declined(qk.kind.value, f"no message of the history mentions “{word}”", 0.0)
    top, probe = reading_pools(question, ranked, ctx)
    cover = support(question, top, ctx)
    weighed = cover if probe == top else support(question, probe, ctx)
    score = evidence(question, probe, weighed, ctx)
    top, cover = with_replies(top, cover, ranked)
    # A reply speaks for its question's asker. Not for a person the question names: lending
    # their replies the question's support answered LoCoMo's adversarial questions (which ask
    # of the wrong person) 0.646 of the time declined, against 0.662.
    if not named_speakers(question, ctx):
        score = max(score, max(cover))
    if qk.kind is Kind.WHAT:
        # A gift is told by the receiver's thanks or the giver's asking after it ("And the
        # shirt?"), seldom in the question's words: the gift's own patterns are the evidence.
        given = gift_answer(question, qk, ranked, ctx)
        if given is not None:
            given.evidence = score
            return given
    if score < ctx.threshold and qk.kind is Kind.WHERE and ctx.scoped:
        placed = place_on_day(question, qk, ranked, ctx)
        if placed is not None:
            placed.evidence = score
            return placed
    if score < ctx.threshold:
        return declined(
            qk.kind.value,
            f"{BELOW_THRESHOLD} evidence {score:.2f} is below the threshold "
            f"{ctx.threshold:g} (idf-weighted share of the question's words)",
            score,
        )
    words_only = dict(zip([m.id for m in top], cover, strict=True))
    cover = _with_rank(cover, top, ranked)
    best = max(cover)
    good = _supporting(top, cover)
    if not good:
        # A scene of many words leaves no message supporting the whole question: weighed
        # first, its asking part may be told in the scene's session
        scened = support(question, top, ctx, scene=True)
        words_only = dict(zip([m.id for m in top], scened, strict=True))
        cover = _with_rank(scened, top, ranked)
        best = max(cover)
        good = _supporting(top, cover)
    if not good:  # the evidence is a reply further down, which the reader does not read
        return declined(qk.kind.value, "no message the reader reads supports the question", score)
    by_cover = dict(zip([m.id for m in top], cover, strict=True))
    good.sort(key=lambda m: -by_cover[m.id])  # stable: rank order among equals
    fair = sorted((m for m in top if by_cover[m.id] > 0), key=lambda m: -by_cover[m.id])
    near = [m for m in fair if by_cover[m.id] >= _NAMED_KEEP * best]
    good = _about_named(question, good, near, ranked, ctx)
    if qk.kind is Kind.SUMMARY:  # "what did Priya say about her finger": a topic, not a span
        said = said_about(question, good, ctx, score, ranked)
        if said is not None:
            return said
        qk = QuestionKind(Kind.WHAT, qk.focus)
    context = list(dict.fromkeys([*top, *ranked]))
    claim = claimed(question) if qk.kind is Kind.YES_NO else None
    if qk.kind is Kind.WHEN or claim is not None:
        # A date can sit in a message that covers the question less well than the best one
        # ("Castle Crags on Saturday October 17th?" against "we need you for the crag trip"):
        # a wider net, and the date itself decides (see when.when_answer).
        # The date decides between tellings by their words (when.py); the ranking's order
        # would let in another event told worse ranked ("joined a new LGBTQ activist group last
        # Tues" for "when did she go to the LGBTQ support group?" / "…support group yesterday").
        most = max(words_only.values())
        wide = {i: c for i, c in words_only.items() if c >= max(MIN_SUPPORT, _WHEN_KEEP * most)}
        # …and a telling ranked above the best of those, which the order lets in ("castle
        # crags on saturday october 17th?" above "back from kyoto on the 14th" for "when do
        # we leave for castle crags?"), at its words' worth
        upto = min(n for n, m in enumerate(top) if m.id in wide) if wide else len(top)
        wide |= {
            m.id: words_only[m.id]
            for m in top[:upto]
            if by_cover[m.id] >= max(MIN_SUPPORT, _WHEN_KEEP * best)
        }
        # …unless the words alone support none well enough: then the ranking's order counts
        wide = wide or {
            i: c for i, c in by_cover.items() if c >= max(MIN_SUPPORT, _WHEN_KEEP * best)
        }
        # …and a telling of the event itself, when a clause of the question only tells which
        # one it is ("the meeting with the parent who complained": "a meeting with her, next
        # thu the 5th" beside "came out complain the noise")
        head = event_head(question, ctx)
        wide |= {m.id: words_only[m.id] for m in top if head and head <= said_terms(m.text)}
        as_when = QuestionKind(Kind.WHEN) if claim is not None else qk
        reading = when_answer(
            question, as_when, [m for m in top if m.id in wide], ctx, context, wide
        )
        if claim is not None:
            reading = checked(reading, claim, qk)
        else:  # "when is the next climbing trip?": not the one gone by
            reading = next_one(question, reading, ctx, qk.wants_time) or reading
    else:
        readers = {Kind.WHO: who_answer, Kind.YES_NO: yes_no_answer, Kind.AMOUNT: amount_answer}
        if qk.kind is Kind.WHERE:
            # When the best messages name no place, fair matches may, as with a date ("we need
            # you for the crag trip" / "Castle Crags on Saturday October 17th?").
            fair = [m for m in top if by_cover[m.id] >= max(MIN_SUPPORT, _WHEN_KEEP * best)]
            wider = sorted((m for m in fair if m not in good), key=lambda m: -by_cover[m.id])
            reading = where_answer(question, qk, good, ctx, context, wider)
        else:
            role = _ROLE_NAME_ASKED.match(question)
            if qk.kind is Kind.WHAT and role and role.group("role").lower() in PERSON_NOUNS:
                # "what's my dentist's name?" asks who: "Dr. Patel at Riverside Dental"
                question = f"who is {role.group('whose')} {role.group('role')}?"
                qk = QuestionKind(Kind.WHO)
            reading = readers.get(qk.kind, what_answer)(question, qk, good, ctx, context)
    reading.evidence = score
    return reading


# "what's my dentist's name?", "what's the name of the landlord?": a person, asked by their
# role ("what's my dentist called?" finds "the dentist called to confirm" first: not asked so)
_ROLE_NAME_ASKED = re.compile(
    r"^\s*(?:and\s+|so\s+)?what(?:['’]s|\s+is|\s+was)\s+(?:the\s+name\s+of\s+)?"
    r"(?P<whose>my|our|the|his|her|their|your|[\w-]+['’]s)\s+(?P<role>[a-z]+)"
    r"(?:['’]s\s+name)?\s*(?:again)?\s*[?!.]*\s*$",
    re.IGNORECASE,
)


def _with_rank(
    cover: list[float], top: list[StoredMessage], ranked: Sequence[StoredMessage]
) -> list[float]:
    """Support with a little of the ranking's order added: retrieval weighs meaning as well as
    words ("which of the lads made the holes" / "Jayden dug all 12 pile holes"), so between
    messages the words support about as well, the better ranked is read first. Only messages
    sharing some word: the ranking alone is no evidence."""
    rank = {m.id: i for i, m in enumerate(ranked)}
    return [
        c + _RANK_PRIOR * max(0.0, 1 - rank.get(m.id, _RANK_DEPTH) / _RANK_DEPTH) * (c > 0)
        for m, c in zip(top, cover, strict=True)
    ]


# How much of the ranking's order is added to support, and over how many places. 0.1 over 8
# was the first setting tried: on the scenario histories 0.05-0.25 over 5-15 places gave
# 490-493 of 720 developed and 280-283 of 630 never-read correct, against 490 and 276 without
# (README, session 22).
_RANK_PRIOR = 0.1
_RANK_DEPTH = 8


def _about_named(
    question: str,
    good: list[StoredMessage],
    fair: list[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
) -> list[StoredMessage]:
    """The best messages about the thing or person the question names, first, else the fair
    ones (`fair`, in cover order) that are: "what's wrong with Miso?" is not told by Priya's
    pulley strain, however well "strain" speaks of what is wrong. A name is one the store
    writes capitalised, not a speaker's (their own messages tell of them); a message holds
    it, or an earlier turn of its session does ("Northwind Labs wants to interview me!" /
    "…the hiring manager, someone called Lena Brooks")."""
    asked = {w.lower() for w in re.findall(r"[^\W\d_]+", split_topic(question)[0])}
    firsts = [s.split()[0].lower() for s in ctx.speakers if s.split()]
    # "Mel" is Melanie: a speaker's short name is the speaker.
    named = {
        t
        for w in asked
        if w in ctx.names and not any(f.startswith(w) for f in firsts)
        for t in terms(w)
    } - speaker_terms(ctx)
    if not named:
        return good
    # Where each session first names it, among the messages read (each read once).
    first: dict[int | None, int] = {}
    for n in dict.fromkeys([*good, *fair, *ranked]):
        if n.id < first.get(n.session_id, n.id + 1) and named & terms(n.text):
            first[n.session_id] = n.id

    def holds(m: StoredMessage) -> bool:  # it, or an earlier turn of its session
        return first.get(m.session_id, m.id + 1) <= m.id

    about = [m for m in good if holds(m)]
    if about:
        return [*about, *(m for m in good if m not in about)]
    # The best stay behind them: what the question asks for ("a 13 x 1000") may be in a best
    # message that does not name the thing ("It's a 13 x 1000 if you want a spare").
    return [*(m for m in fair if holds(m)), *good]
