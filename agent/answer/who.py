"""Who-answers: a name in the best messages or the next turn, a person named by who they are
("your neighbour at number 9"), the person a message thanks, or the speaker telling it of
themselves; else a name a little further down that shares the question's words."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.plan.people import PERSON_NOUNS
from memory_store.indexes.tokenize import STOPWORDS
from memory_store.models import StoredMessage

from .advice import advice_given
from .asked_who import asked_in_chat, said_yes
from .asking import asking_part
from .attending import absent, attending
from .companion import companion, partner, went_with
from .doer import asked_deed, doer, says_did_it, says_doing, taken_over, thanked_for
from .gift import gift_giver
from .items import COMMON_WORDS
from .kinds import ONE_OF_PEOPLE, QuestionKind
from .lexicon import NOT_NAMES, PERSON_TITLES, may_be_name
from .reading import (
    ReaderContext,
    Reading,
    and_next_turns,
    display_name,
    from_user,
    mentioning,
    preceding,
    question_terms,
    said_by,
    who,
)
from .role_holder import role_holder
from .spans import (
    apposed_name,
    best_sentence,
    does_it_self,
    given_names,
    names_in,
    owned_person,
    person_phrase,
)
from .stand_in import stand_in
from .tally import tally_leader
from .text import OUTCOME, asks, clip, join_names, sentences, terms
from .titles import given_to_person, given_to_thing
from .votes import chosen_by
from .what import WHO_IS, what_answer
from .who_is import who_is
from .whose import told_of


def who_answer(
    question: str,
    qk: QuestionKind,
    good: list[StoredMessage],
    ctx: ReaderContext,
    ranked: Sequence[StoredMessage] = (),
) -> Reading:
    # "whose idea was it to get chris a kayak?": who put it forward ("tara says we should all
    # chip in on a kayak")
    question = _IDEA_OF.sub("who suggested ", question)
    # "who was it that put me onto Kerr's?" asks who recommended them
    question = _PUT_ONTO.sub("recommended", _CLEFT.sub("who ", question))
    # "which of the climbing lot is driving…" asks who is driving
    question = ONE_OF_PEOPLE.sub("who", question)
    voted = chosen_by(question, ranked or good, ctx)
    if voted is not None:  # "who else voted for navy?": "options: navy, maroon…" / "navy"
        return voted
    standing = stand_in(question, qk, good, ranked, ctx)
    if standing is not None:  # "who took mateo's place?": "Nacho can do it"
        return standing
    titled = (
        _titled(good, ranked, ctx)
        if _WHO_IS_ROLE.match(question)
        # a doctor's role: one named as a doctor ("Dr Padmini"), not "Mr Carvalho", whom
        # the physio treats
        else _titled(good, ranked, ctx, _DOCTOR)
        if _TITLED_ROLE.search(question)
        else None
    )
    if titled is not None:  # "who is the vet?": "Dr. Ortiz thinks it's gastritis"
        m, name = titled
        why = f"a person named by title ({name!r}) in a best-supported message or the next turn"
        return Reading(f"{name}.", [m], qk.kind.value, name, said_by(m, ctx), why=[why])
    leader = tally_leader(question, ranked or good, ctx)
    if leader is not None:  # "who sold the most tickets?" / "Bernie 31, Tam 22, Ewan 18"
        return leader
    asked = {w.lower() for w in re.findall(r"[^\W\d_]+", question)}
    asked_name = None if _writer_asked(asked, ctx) else _name_asked(question, ctx)
    if asked_name:
        # "who is marta?" of someone the chats name: who they are to those who write
        naming = [m for m in ranked or good if _names(m.text, asked_name)]
        told = who_is(asked_name, naming, ctx) if naming else None
        if told is not None:
            return told
    if WHO_IS.match(question) and asked & set(ctx.names) - {s.lower() for s in ctx.speakers}:
        return what_answer(question, qk, good, ctx, ranked)  # "who is Lena Brooks?": what is said
    member = _member(question, asked, ranked or good, ctx) if _WHO_IS_NAME.match(question) else None
    if member is not None:
        return member
    exclude = asked - ({ctx.me.lower()} if ctx.me else set())
    # "whos the parts guy at hansens": chat drops a possessive's apostrophe, and the place the
    # question names ("Hansen's") is no one it asks for
    exclude |= {w[:-1] for w in exclude if len(w) > 3 and w.endswith("s")}
    if ctx.me and (_FIRST_SINGULAR.search(question) or _IT_WITH.search(question)):
        # "who played in my place?", "who gave me the tickets?": someone other than the asker
        exclude |= {ctx.me.lower(), ctx.me.split()[0].lower()}

    def named(text: str, m: StoredMessage, span: str, why: str) -> Reading:
        shown = f"{text[:1].upper()}{text[1:]}."
        return Reading(shown, [m], qk.kind.value, span, said_by(m, ctx), why=[why])

    given = gift_giver(question, ranked or good, ctx)
    if given is not None:  # "who gave her the shirt?": "And the shirt?" asks its giver
        m, givers = given
        said = join_names(["you" if g == ctx.me else g for g in givers])
        return named(said, m, said, "the one who asks after the gift, or whom its thanks name")
    went = went_with(question, ctx)
    along = companion(went, [*good[:3], *ranked[:5]], ctx, exclude) if went else None
    if along is not None:  # "who did mum go away with?": "Pauline and I have booked a week…"
        m, name = along
        return named(name, m, name, "the one the asked-of person says they did it with")
    coming = attending(question, good, ranked, ctx)
    if coming is not None:  # "who's coming to castle crags?": those who said they were in
        return coming
    missing = absent(question, ranked or good, ctx, {*ctx.names, *_KIN_WORDS})
    if missing is not None:  # "who missed easter?" / "Dad won't make Easter now"
        return missing
    # "my friend wants a choreographer. who taught vale's court the dance?": the asking
    asking = asking_part(question)
    asked_too = asked_in_chat(asking, ranked[:10] or good[:10], ctx, exclude) or said_yes(
        question, ranked[:5] or good[:5], ctx, exclude
    )
    if asked_too:
        reply, name, why = asked_too
        return named(name, reply, name, why)
    # "who got the job?" / "AKI. I GOT THE JOB.": the writer says they did what is asked, in
    # the question's own verb, before any name another best message gives ("Lena called").
    wanted = question_terms(question, ctx)
    deed = asked_deed(question, wanted, [*good[:3], *ranked[:10]])
    did, verb, thing = deed.did, deed.verb, deed.thing
    teller = says_did_it(deed, good, ranked, exclude)
    if (
        teller is not None
        and good
        and teller is not good[0]
        and doer(question, good[0].text, exclude)
    ):
        # "Tam brought me back from Westburn" in the best message, against a lower one's "I'll
        # bring it over": the deed told of another, by name, answers first
        teller = None
    if teller is not None and deed.verb and OUTCOME.search(question):
        # "who ended up driving us?": a later offer in the chat replaces the first one
        later = mentioning(terms(deed.verb), ctx, [teller.conversation])
        teller = taken_over(teller, deed, later, exclude) or teller
    if teller is not None:
        return named(
            who(teller, ctx), teller, teller.speaker, "the writer says they did it (I + the verb)"
        )
    thanked = thanked_for(
        wanted - _THANKS_TERMS, ranked[:_THANKS_DEPTH] or good, ctx.names, exclude
    )
    if thanked is not None:  # "who drove marcus to the doctor?" / "thanks siva for driving me"
        m, name = thanked
        name = display_name(name, ctx)
        return named(name, m, name, "the person a message thanks for the deed asked about")
    advice = advice_given(question, ranked[:15] or good[:3], ctx, exclude)
    if advice:
        m, name, why = advice
        return named(name, m, name, why)
    # The name is often in the next turn ("FOUND A FLATMATE" / "his name is Jonas").
    for m in and_next_turns(good, ranked, 3):
        # "benny, sam and kate drive up friday too. deb's bringing the cake": of a message
        # with a sentence on the topic, the names in it
        parts = [m.text[a:b] for a, b in sentences(m.text)]
        # (and one that says what someone is called: "First physio done. Her name is Anneliese")
        on = [t for t in parts if wanted & terms(t) or _CALLED.search(t)] if len(parts) > 1 else []
        found = [n for t in on or [m.text] for n in names_in(t, ctx.names, exclude)]
        if on and not found:
            # "KC put in a word for me. Kelechi, my NYSC guy": a name the next sentence gives
            # with who the person is; not any name of a list ("…benny, sam and kate, uncle ray")
            found = [n for n in given_names(m.text) if n.lower() not in exclude]
        # "a small ryokan called Yoshida-sanso" names the ryokan, not who sorted it
        found = [n for n in found if not given_to_thing(n, m.text)]
        if not found and m in good[:3]:
            # "also kayla spilled an espresso martini down the bartender": who did the
            # question's deed, named in lower case right before its verb
            found = [d] if (d := doer(question, m.text, exclude)) else []
        # of the deed, not in passing ("he's been playing records all morning")
        of_deed = len(wanted & terms(m.text)) >= 2
        if not found and m in good[:3] and of_deed and _HE_OR_SHE.match(m.text):
            # "he earned it, ran all of teh kruse beans for us yesterday": "he" is the person
            # the turns just before name, not whoever the next turn does
            found = _antecedent(m, ranked, ctx, exclude)
        if m not in good and asks(m.text):  # the next turn "colin taking you?" asks of another
            found = []
        if found:
            mine = ctx.me and found[0].lower() == ctx.me.lower()
            name = "You" if mine else with_surname(display_name(found[0], ctx), m.text, ctx)
            owned = None if mine else owned_person(m.text, found[0])
            if owned is not None:  # "Pauline's son Declan came round": Declan, by whose he is
                whose, own_name = owned
                said = from_user(whose, m, ctx)
                name = f"{own_name} ({said})" if own_name else said
                return named(name, m, name, "the person a name's possessive names, by whose")
            # "my cousin aziz is doing the labels": the name with who they are
            phrase = None if mine else person_phrase(m.text, asked)
            apposed = apposed_name(m.text, phrase) if phrase else None
            if phrase and apposed and apposed.lower() == found[0].lower():
                name = f"{apposed} ({from_user(phrase, m, ctx)})"
            return named(
                name, m, name, f"the name {name!r} in a best-supported message or the next turn"
            )
        # The best message, or another read here in the question's words besides its verb:
        # "my cousin anjali is doing the logo" after "Wick & Wander".
        on_topic = (question_terms(question, ctx) - terms(verb or "")) & terms(m.text)
        phrase = (
            person_phrase(m.text, asked, owner=_WHOSE.match(question) is not None)
            if m is good[0] or on_topic
            else None
        )
        if phrase:  # "left your drill with your neighbour at number 9": who, by who they are
            said = from_user(phrase, m, ctx)
            apposed = apposed_name(m.text, phrase)  # "my cousins mate lowri": Lowri
            said = f"{apposed} ({said})" if apposed else said
            return named(said, m, said, "a person named by who they are, in a message on the topic")
        # Thanked or told as "you": "Thank you so much for looking after her", written to Aki.
        about = told_of(m, ctx, question) if m is good[0] else set()
        if len(about) == 1 and m.speaker not in about:
            person = next(iter(about))
            if person.split()[0].lower() not in exclude:
                shown = "You" if ctx.me and person == ctx.me else display_name(person, ctx)
                return named(shown, m, person, "the person the message says did it")
        # Only a telling itself: "I'd love that", in reply, is not who did it; nor "I used my
        # phone torch" (for "who phoned the council?"), on the topic only by its neighbours.
        if (
            m in good[:3]
            and does_it_self(m.text)
            # "we need someone to take pics at the gig, any ideas": asked for, not done
            and not _SEEKS.search(m.text)
            and m.speaker.lower() not in exclude
            # "we raised $310 at the bake sale" shares only the verb of "who's baking the cake",
            # and "guest list for chris's 40th" not the cake
            and (question_terms(question, ctx) - terms(verb or "")) & terms(m.text)
            and (not thing or thing & terms(m.text))
            # "who drove the boy over?" of "I pick up at Tsawwassen": a telling of the deed
            # done, in its verb, when another message tells it so (not of a plan: "who's
            # running secret santa?" / "I'll organise it")
            and (not did or terms(did) & terms(m.text) or not _told_in_verb(did, ranked))
        ):
            return named(who(m, ctx), m, m.speaker, "the speaker says it of themselves (I/we)")
    # A who-question is answered by a name: one a little further down that shares the
    # question's words ("the junior role is filled. His name is Aurelio Banks") beats quoting
    # a sentence that names nobody ("we're hiring a junior designer").
    for m in ranked[:10]:
        found = names_in(m.text, ctx.names, exclude) if wanted & terms(m.text) else []
        if found and (not ctx.me or found[0].lower() != ctx.me.lower()):
            name = with_surname(display_name(found[0], ctx), m.text, ctx)
            return named(
                name, m, name, f"the name {name!r} in a message sharing the question's words"
            )
    # A person the best message's exchange introduces ("Northwind Labs wants to interview me!"
    # … "Video call first, with the hiring manager, someone called Lena Brooks."), a few turns on.
    for m in and_next_turns(good[:2], ranked, 2, turns=_INTRODUCED_WITHIN):
        introduced = _introduced(m.text, exclude)
        if introduced:
            return named(introduced, m, introduced, "the person the exchange introduces")
    holder = role_holder(question, ranked or good, ctx, exclude)
    if holder is not None:  # "the name of the physio?": "go see anika venter… best physio ever"
        return holder
    # Failing a name, a writer who says they did it or will ("i'll report it to the council
    # tmrw"), in a message that holds the question's words besides its verb.
    topic = wanted - terms(did or "")
    for m in ranked[:10]:
        if (
            (topic & terms(m.text) or says_doing(did, m.text))
            and does_it_self(m.text)
            and m.speaker.lower() not in exclude
            and not asks(m.text)
        ):
            return named(who(m, ctx), m, m.speaker, "the writer says they do it (I/we)")
    # Failing all, "who did I go for dumplings with?" told in a chat of two: the other writer
    other = partner(went, [*good[:3], *ranked[:5]], ctx) if went else None
    if other is not None:
        m, name = other
        return named(name, m, name, "the other writer of the chat of two that tells of it")
    read_out = what_answer(question, qk, good, ctx, ranked)
    # The message read names nobody, but its writer says they do the deed asked of ("van's
    # still on, i'll drive. 4 hrs up", for "who was behind the wheel?"): the writer
    cited = read_out.citations[0] if read_out.citations and not read_out.abstained else None
    if cited and verb and says_doing(verb, cited.text) and cited.speaker.lower() not in exclude:
        why = "the writer of the message read says they do it"
        return named(who(cited, ctx), cited, cited.speaker, why)
    return _no_name(read_out, wanted, ctx)


# A message whose doer is a pronoun, in its first words: "he earned it", "honestly she did"
_HE_OR_SHE = re.compile(r"^\W*(?:[\w'’]+[\s,]+){0,2}(?:he|she)\b", re.IGNORECASE)
# How many turns before a message may name who its pronoun is.
_ANTECEDENT_TURNS = 3


def _antecedent(
    m: StoredMessage, ranked: Sequence[StoredMessage], ctx: ReaderContext, exclude: set[str]
) -> list[str]:
    """The person last named in the turns just before `m`, in its session."""
    for n in sorted(preceding(m, ranked, _ANTECEDENT_TURNS), key=lambda n: -n.id):
        named = names_in(n.text, ctx.names, exclude)
        if named:
            return named[-1:]
    return []


def _told_in_verb(verb: str, ranked: Sequence[StoredMessage]) -> bool:
    return any(terms(verb) & terms(m.text) for m in ranked[:_THANKS_DEPTH])


# How far down the ranking a thanks for the deed is looked for, and the words of thanks.
_THANKS_DEPTH = 10
_THANKS_TERMS = frozenset(terms("thanks thank cheers"))


def _introduced(text: str, exclude: set[str]) -> str | None:
    """The person a message gives a name to ("someone called Lena Brooks", "a guy called
    declan"), with the surname that follows it capitalised."""
    for name in given_names(text):
        if name.lower() in exclude or not given_to_person(name, text):
            continue
        full = re.search(rf"\b{re.escape(name)}(?:\s+[A-Z][\w'’-]+)?", text)
        return full.group(0) if full else name
    return None


_INTRODUCED_WITHIN = 5


def _no_name(reading: Reading, wanted: set[str], ctx: ReaderContext) -> Reading:
    """A who-question no reader found a person for: the phrase the what-reader picked when it
    is a person (a name, "my cousin"), else the sentence it came from. "Tramp since xmas." is
    no answer to "who hurt themselves?"; the sentence at least shows what was found."""
    span = reading.span or ""
    words = {w.lower() for w in re.findall(r"[^\W\d_][\w'’-]*", span)}
    people = set(ctx.names) | {w.lower() for s in ctx.speakers for w in s.split()}
    if reading.abstained or not reading.citations or reading.text.startswith("“"):
        return reading
    if words & (people | PERSON_NOUNS):
        return reading
    m = reading.citations[0]
    said = best_sentence(m.text, wanted)
    why = "no name answers: the sentence of the best-supported message"
    # In a chat of short messages the sentence alone reads as an answer it is not: say so.
    lead = "No message names who. The nearest: " if ctx.short_messages else ""  # as what.py
    return Reading(
        f"{lead}“{clip(said)}”", reading.citations, reading.kind, said, said_by(m, ctx), why=[why]
    )


def _writer_asked(asked: set[str], ctx: ReaderContext) -> bool:
    return any(s.split() and s.split()[0].lower() in asked for s in ctx.speakers)


def _names(text: str, name: str) -> bool:
    return re.search(rf"\b{re.escape(name)}\b", text, re.IGNORECASE) is not None


_SEEKS = re.compile(
    r"\b(?:need|needs|want|wants|looking\s+for)\s+(?:someone|somebody|a\s+\w+)\s+to\b|"
    r"\b(?:any\s+ideas|anyone\s+(?:free|around|able|up\s+for)|can\s+(?:someone|anyone)|"
    r"could\s+(?:someone|anyone)|who\s+can)\b",
    re.IGNORECASE,
)
# Words after "who is" that name no one: "who was there?" asks who was present.
_NO_NAME = (
    r"(?!(?:the|a|an|that|this|it|he|she|they|there|here|everyone|anyone|someone|you|we|"
    r"in|at|on|with)\b)"
)
# "who is marta?", "who's kiri again": the name asked after
_NAME_ASKED = re.compile(
    rf"^\s*who(?:'s|\s+is|\s+was)\s+{_NO_NAME}"
    r"([^\W\d_][\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)(?:\s+again)?\s*\??\s*$",
    re.IGNORECASE,
)


# A full name typed in lower case ("who is lena brooks?"): two words, taken as a name only
# when the store knows the first as one (else "who is driving tomorrow?" would be a name).
_FULL_NAME_ASKED = re.compile(
    rf"^\s*who(?:'s|\s+is|\s+was)\s+{_NO_NAME}([^\W\d_][\w'-]*\.?\s+[^\W\d_][\w'-]*)"
    r"(?:\s+again)?\s*\??\s*$",
    re.IGNORECASE,
)


def _name_asked(question: str, ctx: ReaderContext) -> str | None:
    """The name a "who is …?" asks after, as the question writes it."""
    full = _FULL_NAME_ASKED.match(question)
    if full:
        known = {n.lower() for n in ctx.names}
        first, second = full.group(1).split()
        if first.lower() in known:
            return full.group(1)
        # "who is dr ortiz?": the name after a title ("Dr. Ortiz thinks it's gastritis")
        if first.lower().rstrip(".") in PERSON_TITLES and second.lower() in known:
            return second
    asked = _NAME_ASKED.match(question)
    return asked.group(1) if asked else None


# "who is doug?", "who's priya again?": a name and nothing else
_WHO_IS_NAME = re.compile(
    rf"^\s*who(?:'s|\s+is|\s+was)\s+{_NO_NAME}[\w'-]+(?:\s+again)?\s*\??\s*$", re.I
)


# "who is the vet?", "who's my physio again?": who holds a role, not a name
_WHO_IS_ROLE = re.compile(
    r"^\s*who(?:'s|’s|\s+is|\s+was)\s+(?:the|my|our|your|his|her|their|[a-z]+['’]s)\s+"
    r"[a-z]+(?:\s+again)?\s*\??\s*$",
    re.I,
)
# "the name of the eye specialist who's been treating appa": a role whose holder a chat names
# by title ("with Dr Padmini Sundar")
_TITLED_ROLE = re.compile(
    r"\b(?:doctor|doc|specialist|surgeon|consultant|dentist|gp|optician|optometrist|"
    r"ophthalmologist|physio|physiotherapist|therapist|vet|paediatrician|pediatrician)\b",
    re.IGNORECASE,
)
# "Dr. Ortiz", "Mrs Hale": a title, then a capitalised name
# (a short title may take a full stop; "…better to show a doctor. God bless" ends a sentence)
_TITLED = re.compile(
    rf"\b(?:(?i:{'|'.join(sorted(t for t in PERSON_TITLES if len(t) <= 4))})\.?|"
    rf"(?i:{'|'.join(sorted(t for t in PERSON_TITLES if len(t) > 4))}))\s+[A-Z][\w'’-]+"
)


_DOCTOR = re.compile(r"\b(?:(?i:dr)\.?|(?i:doctor))\s+[A-Z][\w'’-]+")


def _titled(
    good: Sequence[StoredMessage],
    ranked: Sequence[StoredMessage],
    ctx: ReaderContext,
    titled: re.Pattern[str] = _TITLED,
) -> tuple[StoredMessage, str] | None:
    """A person named by title in a best message or the turns after it: one who holds a
    role ("Back from the vet with Miso." … "Dr. Ortiz thinks it's gastritis"), where the
    first name given may be whom they saw."""
    for m in and_next_turns(good, ranked, 3):
        found = titled.search(m.text)
        if found:
            return m, found.group(0)
    return None


def _member(
    question: str, asked: set[str], ranked: Sequence[StoredMessage], ctx: ReaderContext
) -> Reading | None:
    """ "who is doug?" of someone who writes in the history: the chats they write in and with
    whom, cited by a message of theirs, not another name their messages give."""
    person = next((s for s in ctx.speakers if s.split() and s.split()[0].lower() in asked), None)
    if person is None:
        return None
    chats = sorted(c for c, people in ctx.participants.items() if person in people)
    theirs = [m for m in ranked if m.speaker == person][:1]
    if not chats or not theirs:
        return None
    others = sorted({p for c in chats for p in ctx.participants[c]} - {person, ctx.me or ""})
    named = " and ".join(f"“{c}”" for c in chats)
    if person == ctx.me:
        text = f"{person} is you: you write in {named}."
    else:
        text = f"{person} writes in your chat{'s' * (len(chats) > 1)} {named}"
        text += f", with {join_names(others)}." if others else "."
    why = ["who the question names writes in the history: the chats they write in"]
    return Reading(text, theirs, "who", person, said_by(theirs[0], ctx), why=why)


# "who was it with?" (of my interview), "who was the call with?": the other party
_IT_WITH = re.compile(
    r"^\s*(?:and\s+)?who(?:m)?\s+(?:was|is|were|will)\s+(?:it|that|the\s+\w+)\s+with\b", re.I
)
_FIRST_SINGULAR = re.compile(r"\b(?:i|me|my|mine|myself|i'm|i've|i'd|i'll)\b", re.IGNORECASE)


# The one-word person nouns ("dad", "gran"): who a message may say will not be there
_KIN_WORDS = frozenset(w for w in PERSON_NOUNS if " " not in w)


_WHOSE = re.compile(r"^\s*whose\b", re.IGNORECASE)
_CALLED = re.compile(r"\b(?:name(?:['’]s|\s+is|\s+was)|called|named)\b", re.IGNORECASE)
_CLEFT = re.compile(r"^\W*who\s+(?:was|is)\s+it\s+(?:that|who)\s+", re.IGNORECASE)
_PUT_ONTO = re.compile(
    r"\b(?:put|pointed|steered|turned)\s+(?:me|us)\s+(?:on\s*to|towards?|in\s+the\s+direction\s+of)\b",
    re.IGNORECASE,
)
_IDEA_OF = re.compile(
    r"^\s*(?:whose\s+idea\s+was\s+(?:it\s+)?(?:to\s+|that\s+)?|who\s+came\s+up\s+with\s+"
    r"(?:the\s+idea\s+(?:of|to)\s+|the\s+plan\s+(?:of|to)\s+)?|who\s+had\s+the\s+idea\s+"
    r"(?:of|to|for)\s+)",
    re.IGNORECASE,
)


def with_surname(name: str, text: str, ctx: ReaderContext) -> str:
    """A name with the surname the message writes after it ("Ray Dionne, the retired Coast
    Guard chief…"): who it is, where the first name alone may be anyone's. Not a speaker's
    name, as the chat spells it, nor a capitalised word that is no name ("Ray Will help")."""
    if name in ctx.speakers or not name[:1].isupper():
        return name
    after = re.search(rf"\b{re.escape(name)}\s+([A-Z][a-z'’-]{{2,}})\b(?!['’])", text)
    if after is None:
        return name
    low = after.group(1).lower()
    firsts = {s.split()[0].lower() for s in ctx.speakers if s.split()}
    if low in NOT_NAMES or low in STOPWORDS or low in COMMON_WORDS or low in firsts:
        return name
    return f"{name} {after.group(1)}" if may_be_name(low) else name
