"""Where-answers: a named place or an address in the best messages (named places first, with
the spot in them), the reply that names it, and a later change of plan."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from datetime import timedelta

from memory_store.indexes.tokenize import STOPWORDS
from memory_store.models import StoredMessage

from .advice_taken import advice_taken
from .items import COMMON_WORDS
from .kinds import QuestionKind
from .moves import CALLED_OFF, CHANGE, DAY_OR_FINER, changed_since, later_about
from .phrases import PLAIN_VERBS, head_terms
from .places import (
    PERSON_TITLE,
    PLACE_PREPOSITIONS,
    STREET,
    address,
    headed_place,
    instead_of,
    kind_named,
    left_with,
    moved_to,
    named_place,
    names_a_kind,
    on_street,
    place_head,
    place_like,
    place_phrase,
    placed_after_preposition,
    venue,
    where_it_is,
    with_spot,
)
from .plan_line import plan_place
from .reading import (
    ReaderContext,
    Reading,
    from_user,
    neighbours,
    question_terms,
    said_by,
    same_burst,
    speaker_names,
)
from .settled_place import booked, told_where
from .spans import proper_name
from .text import WORD, terms
from .titles import named_as
from .undone import undone
from .unknown import KIND_HEADS
from .usual_place import HABIT, usual_place
from .what import ASKS, what_answer


def where_answer(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
    wider: Sequence[StoredMessage] = (),
) -> Reading:
    wanted = question_terms(question, ctx)
    thing = head_terms(question) & wanted  # what is asked about ("the guidebook")
    good = _with_next_lines(good, ctx)
    if HABIT.search(question):  # "where does game night normally happen?"
        usual = usual_place(ranked[:_HABIT_DEPTH] or good, ctx)
        if usual is not None:
            return usual
    origin = _FROM.search(question) is not None
    skip = {s.lower() for s in ctx.speakers}
    found = []
    why = (
        "a place phrase of a best-supported message (named places first; a later change of "
        "plan wins)"
    )
    # Settled in the chat's own exchange: booked after asking for one, or the reply to "where?".
    now = bool(_NOW.search(question))
    news = ctx.holding(_BOOKED_WORD, (), {g.conversation for g in good[:3]}) if now else ()
    settled = booked(good, ranked, now, news) or told_where(wanted, ranked, ctx)
    if settled is not None:
        found.append((True, 0, *settled))
        why = "the place the chat settled (booked, or the reply to its own where?)"
    read_good = False
    kind = qk.focus if qk.focus in KIND_HEADS else None  # the kind of place asked for
    if place_head(qk.focus) and not found:
        # "which hospital did they take him to?": "Dinala sa Kingsmead Hospital…" names one
        # of the kind asked by its name, in whatever words the rest is told
        titled = _titled_kind(ranked[:_KIND_DEPTH], str(qk.focus), wanted, skip)
        if titled is not None:
            found.append((True, 1, *titled))
    for start, pool in () if found else ((0, good[:4]), (4, wider[:4])):
        for rank, m in enumerate(pool, start):
            if ASKS.search(m.text):
                # "how was the book club from your side?" asks; it names no place. "can we do
                # the orchard instead?" proposes one.
                proposed = instead_of(m.text)
                if proposed:
                    found.append((False, -rank, m, proposed))
                continue
            # "which city…": "Valencia is a must-visit city", "Woodhaven, a small town"
            kind_name = named_as(m.text, kind) if kind else None
            # "what street is the duplex off of?": "right off south presa"
            kind_name = kind_name or (_off_street(m.text) if kind in _STREET_KINDS else None)
            if kind_name:
                found.append((True, -rank, m, kind_name))
                continue
            moving = moved_to(m.text)
            # "…so we're moving it to Leipzig"; not "moving to the lending team" for "where
            # did the team go?": what the question is about is not where it went
            if moving and not terms(moving) <= wanted and not terms(moving.split()[-1]) & wanted:
                found.append((True, -rank, m, on_street(m.text, moving)))
                continue
            times = [x.text.lower() for x in ctx.mentions_of(m)]
            place = named_place(m.text, wanted, skip)
            prepped = place_phrase(m.text, wanted, times, origin=origin)
            code = place is not None and _CODE.fullmatch(place) is not None
            if place and code and prepped and not placed_after_preposition(m.text, place):
                # "2015 hilux SR, one owner … in rockingham": a code beside the thing asked of
                # names the thing (a model, a trim); the place is what the message puts it in
                place = None
            name = address(m.text) or (place and with_spot(m.text, place))
            # "hollins barn, saturday 18th april": a place said beside its day, as a fragment
            lined = None if name or prepped else plan_place(m.text, wanted, skip)
            if lined:
                found.append((True, -rank, m, lined))
                continue
            phrase = name or prepped
            if not name and not (phrase and place_like(phrase)):
                # "in the club calendar" says no place; "booked the raumati bowling club" does
                phrase = (
                    kind_named(m.text, question, skip)
                    or headed_place(m.text, wanted | terms(question), skip)
                    or phrase
                )
            kinded = None
            if phrase and not name:  # "the new clinic on Fairview Road"
                phrase = on_street(m.text, phrase)
                # "which hotel…": "a business hotel near Kyoto station", not "near Kyoto station"
                kinded = _kind_before(m.text, phrase, qk.focus)
                phrase = kinded or phrase
                # "I went to Woodhaven, a small town in the Midwest": the town's name
                phrase = named_as(m.text, phrase) or phrase
            whole = _with_name_before(m.text, phrase, wanted, skip) if phrase and not name else None
            if whole:  # "eastbourne, by the wharf": the place, then the spot in it
                found.append((True, -rank, m, whole))
                continue
            if phrase:
                # A named place ("at Casa Verde", "in Piotr's car") beats a common noun; the
                # place the question names ("from Kyoto station", asked of Kyoto) does not.
                named = _proper(phrase, wanted) or "'" in phrase or place_like(phrase)
                # "under the blue pot by the back door": a spot as exact as a name
                named = named or _SPOT.match(phrase) is not None
                # "which centre…": "the centre at tampines central" says the kind asked for
                named = named or kinded is not None
                found.append((named, -rank, m, phrase))
        if start and read_good:
            # past the best messages, only a place named by name, which beats theirs: "At
            # the airport!" in a best message says a place by its kind; "a week in Santa
            # Vell" names one
            named_on = [f for f in found if f[1] <= -start and _by_name(f[3], wanted)]
            found = named_on or [f for f in found if f[1] > -start]
        read_good = bool(found)
        if any(_proper(phrase, wanted) for *_, phrase in found):
            break
    # "where did the team go?": not "to the lending team", the group the question is about
    found = [f for f in found if not _GROUP.search(f[3]) or not terms(f[3].split()[-1]) <= wanted]
    if origin:
        # "where was gogo flying down from?": "gogo flies in from gqeberha", not the next
        # turn's "fetch her at the airport", which says where she lands
        whence = [(True, *f[1:]) for f in found if f[3].lower().startswith("from ")]
        found = whence or found
    if not any(named for named, *_ in found):
        # "hollins barn, saturday 18th april" in the top of the ranking, where the best
        # messages placed nothing by name
        for rank, m in enumerate(ranked[:_LINE_DEPTH]):
            lined = None if ASKS.search(m.text) else plan_place(m.text, wanted, skip)
            if lined and m not in good[:4]:
                found.append((True, -4 - rank, m, lined))
    if not found:
        # "Fly out Thursday October 8th, back Wednesday October 14th. Kyoto from the 9th to
        # the 13th": a place the history knows, named in another sentence of a best message
        # …of a best message on the thing asked about: "I bought you a tin of tea" in Uji is
        # no place the guidebook was bought
        for rank, m in enumerate(dict.fromkeys([*good[:4], *wider[:4]])):
            if thing and not thing & terms(m.text):
                continue
            known = None if ASKS.search(m.text) else _known_place(m.text, ctx.places, wanted)
            if known:
                found.append((True, -rank, m, known))
                break
    if not any(named for named, *_ in found):
        # The place is often named in the reply next to the message naming the occasion
        # ("It's my birthday and Yasmin's booked an escape room" / "The Cipher Rooms on Quay
        # Street, the submarine one").
        near = dict.fromkeys(
            n
            for m in good[:3]
            for n in neighbours(m, ranked)
            # of the thing asked about: not Aki's "matcha Kit Kats?" after the snacks
            if not thing or thing & (terms(m.text) | terms(n.text))
        )
        # more than a place's name shared with the question
        unplaced = wanted - {t for p in ctx.places for t in terms(p)}
        for rank, n in enumerate(n for n in near if n not in good[:4]):
            name = None if ASKS.search(n.text) else proper_name(n.text, skip)
            # "Uji is a day trip?": a known place, in a turn sharing the question's words
            if name is None and unplaced & terms(n.text):
                name = _known_place(n.text, ctx.places, wanted)
            if name and not terms(name) <= wanted:  # not the place the question names
                found.append((True, -4 - rank, n, name))
    if not found:
        # "need to sort a wetsuit by then" / "just found a second hand one off a guy in
        # keynsham": the writer's next turns may place it without naming it.
        nexts = [t for m in good[:2] for t in ctx.turns_after(m)[:2] if t.speaker == m.speaker]
        # "where did jess get pickles from?": "picked her up from hound haven saturday" a few
        # turns before "her name is pickles now", in the same burst of the writer's
        if origin:
            nexts += [n for m in good[:2] for n in same_burst(m, ranked, _BURST)]
        placed = _first_placed(nexts, wanted, ctx, origin)
        if placed is not None:
            rank, n, phrase = placed
            found.append((False, -8 - rank, n, phrase))
    if not found:
        # Told in other words, found by meaning: a best-ranked message of the best one's chat
        # may place it without the question's words ("there's one on autotrader, a retired
        # couple are selling it. near stroud" for "where did tamsin buy the transit from").
        chat = good[0].conversation if good else None
        # …or the top of the ranking, in any chat, on a word of the question ("at ivy & lace
        # for my first fitting" in the bridesmaids' chat, for "where did i go for my dress
        # fittings", when the best-supported "final fitting done, dress is ready" places none)
        meaning = [
            n
            for i, n in enumerate(ranked[:_MEANING_DEPTH])
            if (n.conversation == chat or i < _TOP and wanted & terms(n.text)) and n not in good[:4]
        ]
        placed = _first_placed(meaning, wanted, ctx, origin)
        if placed is not None:
            rank, n, phrase = placed
            found.append((False, -12 - rank, n, phrase))
            why = "a place phrase of a message ranked near the question in meaning, in its chat"
    # "Mrs Petersen is a gem": a person by their title is where only as one a thing is left
    # with or a visit is to ("left it with mrs okafor")
    found = [f for f in found if not PERSON_TITLE.match(f[3]) or left_with(f[3], f[2].text)]
    if not found:
        return _unplaced(what_answer(question, qk, good, ctx, ranked), ctx)
    # A named place beats a common noun. But a writer in lower case writes names so too
    # ("moored right outside the navigation"): their place competes with named ones, a named
    # one being worth one place in the ranking more ("a signwriter in Rhoda Vale", lower down).
    _, _, m, phrase = max(
        found, key=lambda f: (f[0] or f[2].text == f[2].text.lower(), f[1] + _NAMED_WORTH * f[0])
    )
    # Plans move: a later message that says the place changed wins ("moved to Lucía's"); for
    # a plan still ahead ("where's the party?"), so does the latest place given for it ("we
    # can do the party at mine!").
    # What is usual is not moved by one later occasion ("meet by the start arch" on race day).
    habit = bool(HABIT.search(question))
    moved = [] if habit else changed_since(m, wanted, ranked, ctx)
    if not _ASKS_PAST.search(question) and not habit:
        heads = head_terms(question)
        # a thing is a noun: "the place aki's cousin *liked*" is not moved by "the one with
        # the pink pattern she liked", weeks later
        done = {t for w in _DONE.findall(question) for t in terms(w)}
        moved += later_about(m, wanted - done, ranked, ctx, heads)
    # "The Anchor have double-booked the back room" / "we'll just do it here in our garden
    # instead": what replaces a place named with trouble.
    replaced = [
        n
        for n in ([] if habit else _undone_place(m, phrase, ctx))
        if CHANGE.search(n.text) or venue(n.text, skip)
    ]
    moved += replaced
    # What its writer says next, after calling a plan off, replaces it ("the whitby cottage
    # cancelled on me" / "found a b&b in staithes").
    replacing = {t.id for c in moved if CALLED_OFF.search(c.text) for t in ctx.turns_after(c)[:3]}
    for n in sorted(dict.fromkeys(moved), key=lambda n: (n.ts, n.id), reverse=True):
        times = [x.text.lower() for x in ctx.mentions_of(n)]
        # A settled place moves to another named one ("Luma on Bridge Street can fit us in
        # instead"), not to any place phrase of a later message ("from wexley junction").
        loose = not settled or n.id in replacing or n in replaced
        later = (
            moved_to(n.text)  # "the summer social's MOVING to the Corn Exchange!"
            or venue(n.text, skip)
            or (place_phrase(n.text, wanted, times) if loose else None)
        )
        if later:
            m, phrase = n, later
            break
    # "Stay near Gion… There's a small ryokan called Yoshida-sanso": advice, which the asker
    # may say they took ("Yes, Yoshida-sanso for the night of October 10th.")
    taken = advice_taken(question, m, ctx)
    if taken is not None:
        m, phrase = taken
    said = phrase
    phrase = from_user(where_it_is(phrase, question), m, ctx)
    return Reading(
        f"{phrase[0].upper()}{phrase[1:]}.",
        [m],
        qk.kind.value,
        phrase,
        said_by(m, ctx) if said == phrase else f"{said_by(m, ctx)}: “{said}”",
        why=[why],
    )


_STREET_KINDS = frozenset(["street", "road", "avenue"])
# A group of people, which a place phrase may end in ("moving to the lending team").
_GROUP = re.compile(r"\b(?:team|group|crew|squad|gang|class|family|committee)$", re.IGNORECASE)
# How far down the ranking a place of the asked kind is looked for by its name.
_KIND_DEPTH = 10


def _titled_kind(
    ranked: Sequence[StoredMessage], kind: str, wanted: set[str], skip: Collection[str]
) -> tuple[StoredMessage, str] | None:
    """The best-ranked place named as one of `kind` by a title ("Kingsmead Hospital", "the
    Grange Hall"): capitalised words, none of them the question's own or a person's."""
    title = re.compile(rf"\b((?:[A-Z][\w'’&-]*\s+){{1,3}})(?i:{re.escape(kind)})s?\b")
    for m in ranked:
        if ASKS.search(m.text):
            continue
        for hit in title.finditer(m.text):
            low = [w.lower() for w in hit.group(1).split()]
            if any(w in STOPWORDS or w in skip or terms(w) & wanted for w in low):
                continue
            return m, hit.group(0)
    return None


# "right off south presa", "just off the high street": a street named by what lies off it
_OFF_STREET = re.compile(
    r"\b(?:right|just)\s+off\s+(?:of\s+)?((?:the\s+)?[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)",
    re.IGNORECASE,
)


def _off_street(text: str) -> str | None:
    found = _OFF_STREET.search(text)
    if found is None:
        return None
    words = found.group(1).split()
    # "right off main and then left": a name is a word or two, short of the next clause
    if len(words) > 1 and words[-1].lower() in STOPWORDS:
        words = words[:-1]
    return " ".join(words)


_SPOT = re.compile(
    r"(?:under|underneath|behind|beside|inside|beneath|on\s+top\s+of|next\s+to)\s+"
    r"(?:the|my|our|your|his|her|their)\s",
    re.IGNORECASE,
)


def _unplaced(reading: Reading, ctx: ReaderContext) -> Reading:
    """A where-question no message answers with a place: in a chat of short messages the
    sentence the what-reader falls back on is no answer ("Marta picked the next book…" for
    "where's the book club meeting next?"). Say so, and show it as the nearest message."""
    if not ctx.short_messages or reading.abstained or not reading.text.startswith("“"):
        return reading
    reading.text = f"No message names the place. The nearest: {reading.text}"
    reading.why = [*reading.why, "no place phrase in the best messages: said so"]
    return reading


def place_on_day(
    question: str, qk: QuestionKind, ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> Reading | None:
    """ "where are we climbing on the 17th?" when no message of that day says "climb": the place
    named by a message that speaks of the day itself ("Castle Crags on Saturday October
    17th?", "Tomorrow is Castle Crags!"), latest first. The filter chose the day; the place is
    what the question leaves to find."""
    if ctx.asked_days is None:
        return None
    first, last = ctx.asked_days
    wanted = question_terms(question, ctx)
    skip = {s.lower() for s in ctx.speakers}

    def speaks_of_day(m: StoredMessage) -> bool:
        # a day of the span, or the span itself ("feb day trip" for "… in feb")
        return any(
            first <= x.start.date() <= last
            and (x.granularity in DAY_OR_FINER or x.end.date() <= last + timedelta(days=1))
            for x in ctx.mentions_of(m)
        )

    told = sorted((m for m in ranked if speaks_of_day(m)), key=lambda m: (m.ts, m.id))
    for m in reversed(told):
        # a place the history knows by name ("Castle Crags"), or a plan's fragment
        place = (
            _known_place(m.text, ctx.places, wanted)
            or proper_name(m.text, skip | speaker_names(ctx))
            # "thinking sat 7th, mt holdsworth, up to powell hut": a place by its kind's word
            or headed_place(m.text, wanted, skip)
            or plan_place(m.text, wanted, skip)
        )
        if place:
            why = "a place named by a message that speaks of the day asked about"
            shown = with_spot(m.text, place)
            return Reading(
                f"{shown[0].upper()}{shown[1:]}.",
                [m],
                qk.kind.value,
                shown,
                said_by(m, ctx),
                why=[why],
            )
    return None


def _proper(phrase: str, wanted: set[str]) -> bool:
    """Whether a place phrase names its place ("in Santa Vell", "Casa Verde"), not only its
    kind ("at the airport"): a capitalised word after the preposition, not the question's."""
    words = phrase.split()
    words = words[1:] if words and words[0].lower() in PLACE_PREPOSITIONS else words
    return any(w[:1].isupper() and not terms(w) <= wanted for w in words)


def _by_name(phrase: str, wanted: set[str]) -> bool:
    """Whether a place phrase names its place, in capitals or as a writer in lower case does:
    joined by an ampersand ("crumb & co") or on its street ("the lab on mill street")."""
    return _proper(phrase, wanted) or " & " in phrase or STREET.search(phrase) is not None


_NAMED_WORTH = 1.5
# How far down the ranking a message of another chat may place what the best ones do not.
_TOP = 3
# A few capitals alone: a code, a model, a trim ("SR", "XLT"), or an acronym of a place ("NYC")
_CODE = re.compile(r"[A-Z0-9]{1,4}")

# A line opening on a short name and a comma, then where in it: "eastbourne, by the wharf",
# "the hare, round the corner from the venue".
_LEAD = re.compile(r"^\s*((?:the\s+)?[^\W\d_][\w'’&-]*(?:\s+[^\W\d_][\w'’&-]*){0,2}),\s+(.*)$")


def _with_name_before(
    text: str, phrase: str, wanted: set[str], skip: Collection[str]
) -> str | None:
    """The place phrase with the name written before it, as the message joins them ("The
    Copper Lantern on Mill Road", "eastbourne, by the wharf"); None when no name stands
    there."""
    name = _named_before(text, phrase, wanted, skip)
    if name is None:
        return None
    joined = f"{name} {phrase}".lower() in text.lower()
    return f"{name}{' ' if joined else ', '}{phrase}"


def _named_before(text: str, phrase: str, wanted: set[str], skip: Collection[str]) -> str | None:
    """The name a street places ("The Copper Lantern on Mill Road"), or the name a line opens
    on before the comma when the place phrase follows it at once: not a common word ("ok, by
    the wharf"), a person of the chat, nor the question's own."""
    at = text.lower().find(phrase.lower())
    if at > 0 and STREET.search(phrase):
        # "The Copper Lantern on Mill Road": the name the street places
        name = proper_name(text[:at], skip) or _lower_name_before(text[:at], skip)
        if name and text[:at].rstrip().endswith(name) and not terms(name) <= wanted:
            return name
    lead = _LEAD.match(text)
    if lead is None or not lead.group(2).lower().startswith(phrase.lower()):
        return None
    words = [w for w in lead.group(1).lower().split() if w != "the"]
    people = {s.lower() for s in skip}
    if any(w in COMMON_WORDS or w in STOPWORDS or w in people for w in words):
        return None
    return None if terms(lead.group(1)) <= wanted else lead.group(1)


def _lower_name_before(text: str, skip: Collection[str]) -> str | None:
    """The name a writer in lower case puts before a street ("cake sorted! crumb & co on the
    high street", "the lab on mill street"): the clause's last words up to a function word, a
    chat word or a verb, with the "the" before them."""
    clause = re.split(r"[.,!?;:()]", text)[-1].split()
    words: list[str] = []
    for w in reversed(clause):
        low = w.lower()
        if low != "&" and (low in STOPWORDS or low in COMMON_WORDS or low in PLAIN_VERBS):
            break
        if low in skip or re.search(r"(?:ing|ed)$", low) or len(words) == _NAME_WORDS:
            return None
        words.insert(0, w)
    if not words or words[0] == "&" or not any(c.isalpha() for c in "".join(words)):
        return None
    if len(clause) > len(words) and clause[-len(words) - 1].lower() == "the":
        words.insert(0, clause[-len(words) - 1])
    return " ".join(words)


# How many words a lower-case name before its street may have ("salt & sparrow").
_NAME_WORDS = 3


def _first_placed(
    messages: Sequence[StoredMessage], wanted: set[str], ctx: ReaderContext, origin: bool
) -> tuple[int, StoredMessage, str] | None:
    """The first of `messages` that places something in a phrase of more than common words
    (not one that asks), with its index and the phrase."""
    for rank, n in enumerate(messages):
        if ASKS.search(n.text):
            continue
        times = [x.text.lower() for x in ctx.mentions_of(n)]
        phrase = place_phrase(n.text, wanted, times, origin=origin)
        if phrase and not set(phrase.lower().split()[1:]) <= COMMON_WORDS | STOPWORDS:
            return rank, n, on_street(n.text, phrase)
    return None


# How far down the ranking a place told in other words is looked for.
_MEANING_DEPTH = 5
# How close a writer's turns are to be one telling of where it came from.
_BURST = timedelta(minutes=10)


def _with_next_lines(good: list[StoredMessage], ctx: ReaderContext) -> list[StoredMessage]:
    """Each message followed by its writer's next line, sent within `_NEXT_LINE`: a chat
    splits one telling over lines, and the place is often the second ("good news, got a
    regular sunday spot" / "eastbourne, by the wharf"), read before the next-best message."""
    out = []
    for m in good:
        out.append(m)
        after = ctx.turns_after(m)[:1]
        if after and after[0].speaker == m.speaker and after[0].ts - m.ts <= _NEXT_LINE:
            out.append(after[0])
    return list(dict.fromkeys(out))


_NEXT_LINE = timedelta(minutes=3)
_DONE = re.compile(r"\b[a-z]{3,}ed\b", re.IGNORECASE)
_ASKS_PAST = re.compile(r"\b(?:did|was|were|had|went|used\s+to)\b", re.IGNORECASE)
# "where is she from?", "where did the parcel come from?": the origin is the answer.
_FROM = re.compile(r"\bfrom\b", re.IGNORECASE)


# How far down the ranking a usual place is counted.
_HABIT_DEPTH = 30


# How deep in the ranking a plan written as fragments may place the answer.
_LINE_DEPTH = 6


# Asking for the plan as it stands: "where is it happening now?", "in the end".
_BOOKED_WORD = r"(?i)\b(?:booked|confirmed)\b"
_NOW = re.compile(r"\b(?:now|in\s+the\s+end|actually|finally|end(?:ed)?\s+up)\b", re.I)


def _undone_place(m: StoredMessage, phrase: str, ctx: ReaderContext) -> list[StoredMessage]:
    """What may replace the place `phrase` of `m` (undone.py): its rarest word names it."""
    words = [w for w in re.findall(r"[\w'’&-]+", phrase) if w.lower() not in STOPWORDS]
    held = {t for w in words for t in terms(w)} - _COMMON_TERMS
    if not held:
        return []
    key = ctx.weights.rarest(held)

    def named(n: StoredMessage) -> list[tuple[int, int]]:
        return [w.span() for w in WORD.finditer(n.text) if key in terms(w.group(0))]

    return undone(m, " ".join(words), ctx, named)


_COMMON_TERMS = frozenset(terms(" ".join([*COMMON_WORDS, *PLACE_PREPOSITIONS])))


def _known_place(text: str, places: Collection[str], wanted: set[str]) -> str | None:
    """The first word of `text` the history writes as a place, other than the question's."""
    for m in re.finditer(r"\b[A-Z][\w'’-]+", text):
        known = m.group(0).lower() in places and not terms(m.group(0)) <= wanted
        if known and not names_a_kind(text[m.end() :], m.group(0)):  # not "Kyoto snacks"
            return m.group(0)
    return None


def _kind_before(text: str, phrase: str, kind: str | None) -> str | None:
    """The kind of place the question asks for, as the message writes it just before the
    place phrase: "a business hotel" of "a business hotel near Kyoto station"."""
    if not kind or not re.fullmatch(r"[a-z]+", kind) or kind in phrase.lower().split():
        return None
    m = re.search(
        rf"\b((?:(?:a|an|the|this|that|our|my)\s+)?(?:[^\W\d_][\w'’-]*\s+){{0,2}}?{kind}s?)\s+"
        + re.escape(phrase),
        text,
        re.IGNORECASE,
    )
    return f"{m.group(1)} {phrase}" if m else None
