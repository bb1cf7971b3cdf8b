"""Kinds of thing a question may ask for by name: "what *colour* are the new shirts?", "what
*instrument* is Tim learning?". The answer is a word of that kind in the best messages ("7
shirts in teal", "I'm learning how to play the violin now"), which the question's own words
would not pick out. A short list per kind, of everyday words; not a thesaurus."""

from __future__ import annotations

import re

from memory_store.indexes.tokenize import STOPWORDS

KIND_WORDS = {
    "colour": """red, orange, yellow, green, blue, purple, pink, brown, black, white, grey, gray,
        teal, navy, maroon, turquoise, beige, silver, gold, lilac, lavender, violet, cream,
        mustard, olive, burgundy, khaki, coral, magenta""",
    "instrument": """piano, guitar, bass guitar, violin, cello, viola, double bass, drums, drum
        kit, ukulele, flute, clarinet, saxophone, sax, trumpet, trombone, harp, harmonica,
        keyboard, banjo, mandolin, oboe, accordion, bagpipes""",
    "sport": """football, soccer, basketball, tennis, table tennis, golf, rugby, cricket,
        baseball, hockey, volleyball, badminton, swimming, running, cycling, climbing,
        bouldering, boxing, skiing, snowboarding, surfing, rowing, netball, squash, karate,
        judo, skating, softball, lacrosse""",
    "pet": """dog, dogs, puppy, puppies, cat, cats, kitten, kittens, rabbit, rabbits, bunny,
        hamster, guinea pig, guinea pigs, parrot, budgie, goldfish, turtle, turtles, tortoise,
        snake, lizard, gecko, ferret, horse, pony""",
    "flavour": """lemon and poppyseed, lemon drizzle, lemon, poppyseed, chocolate, dark chocolate,
        white chocolate, vanilla, strawberry, raspberry, coffee, caramel, salted caramel, toffee,
        coconut, banana, carrot, red velvet, victoria sponge, ginger, orange, lime, mint,
        pistachio, hazelnut, almond, cherry, blueberry, mango, matcha, cinnamon, honey""",
    "language": """english, spanish, french, german, italian, portuguese, japanese, chinese,
        mandarin, cantonese, korean, arabic, russian, dutch, swedish, norwegian, danish, polish,
        turkish, greek, hindi, urdu, welsh, irish, gaelic""",
}
# Longest first, so "guinea pigs" is found before "guinea pig" and "bass guitar" before "bass".
_FIND = {
    kind: re.compile(
        r"\b(?:"
        + "|".join(
            re.escape(p)
            for p in sorted((" ".join(w.split()) for w in words.split(",")), key=len, reverse=True)
        )
        + r")\b",
        re.IGNORECASE,
    )
    for kind, words in KIND_WORDS.items()
}
# A level, a setting or a size is said as a number with its unit: "top it up to about 1.5 bar";
# a size also as its dimensions ("a 13 x 1000") or its number ("size 9").
_FIND["measure"] = re.compile(
    r"(?<![\w.])\d+(?:[.,]\d+)?\s?(?:bar|psi|°\s?[cf]?|degrees?|kg|kilos?|g|grams?|mg|ml|"
    r"litres?|liters?|l|cm|mm|m|metres?|meters?|km|miles?|mph|kph|kw|watts?|%|per\s?cent|"
    r"inch(?:es)?|in|ft|feet|foot|stone|st|lbs?)(?![\w])|"
    r"(?<![\w.])\d+(?:[.,]\d+)?\s?[x×]\s?\d+(?:[.,]\d+)?(?:\s?(?:mm|cm|m|in)\b)?|"
    r"\bsize\s+\d+(?:[.,]\d+)?\b",
    re.IGNORECASE,
)
# A model is a code of letters and digits, after its maker's name: "a minolta x-700", "the
# canon ae-1", "an rx100".
_FIND["model"] = re.compile(
    r"(?:\b(?!(?:a|an|the|my|our|his|her|their|your|and|with|got|new|old)\b)[^\W\d_]+\s+)?"
    r"\b[^\W\d_]{1,4}-?\d{1,4}[^\W\d_]{0,3}\b",
    re.IGNORECASE,
)
# A score or a mark is a number, with its scale or not: "wa1 came back, 78", "got 34/40",
# "scored 85%"; a match's is two ("7-4 to the dockers"). Not a time, a day, a sum or a count
# of things.
_FIND["score"] = re.compile(
    r"(?<![\w.$£€:/])\d{1,3}(?:\.\d)?(?:\s?%|\s?/\s?\d{1,3}|\s?[-–]\s?\d{1,3}(?![\d:])|"
    r"\s?(?:marks?|points?|pts)\b|"
    r"\s?out\s+of\s+\d{1,3})?(?![\w.:/%])"
    r"(?!\s?(?:am|pm|st|nd|rd|th|mins?|minutes?|hours?|hrs?|days?|weeks?|months?|years?|yrs?|k|km|"
    r"kg|miles?|people|pax|of|more|times|dollars?|quid|bucks)\b)",
    re.IGNORECASE,
)
KIND_NAMES = {
    "level": "measure", "pressure": "measure", "temperature": "measure", "temp": "measure",
    "setting": "measure", "weight": "measure", "height": "measure", "speed": "measure",
    "dose": "measure", "dosage": "measure", "size": "measure",
    "colour": "colour", "color": "colour", "colours": "colour", "colors": "colour",
    "shade": "colour", "shades": "colour",
    "instrument": "instrument", "instruments": "instrument",
    "sport": "sport", "sports": "sport",
    "pet": "pet", "pets": "pet", "animal": "pet", "animals": "pet",
    "language": "language", "languages": "language",
    "model": "model",
    "flavour": "flavour", "flavor": "flavour", "flavours": "flavour", "flavors": "flavour",
    # (not "grade": a grade is a level as often, "grade 5 piano", or a word, "a merit")
    "score": "score", "scores": "score", "mark": "score", "marks": "score",
}  # fmt: skip
# "kind of", "types of", "sort of": what a question asking for a kind says.
KIND_OF = r"(?:kind|kinds|type|types|sort|sorts)\s+of"
_KIND_OF = re.compile(rf"\b(?:what|which)\s+{KIND_OF}\s+([^\W\d_]+)", re.IGNORECASE)


def kind_word(question: str, focus: str | None) -> str:
    """The question's word for the kind of thing it asks for: "pets" in "what type of pets",
    else its focus ("colour" in "what colour are the shirts")."""
    kind_of = _KIND_OF.search(question) or _WHAT_KIND.search(question)
    kind_of = kind_of or _THE_KIND.search(question) or _SCORED.search(question)
    return kind_of.group(1) if kind_of else focus or ""


# "what level am I meant to fill it to?": a kind's word right after the question word.
_WHAT_KIND = re.compile(
    rf"\b(?:what|which)\s+({'|'.join(sorted(KIND_NAMES, key=len, reverse=True))})\b", re.I
)


# "what did kai score for his maths test?": the verb asks for a score
_SCORED = re.compile(r"\bwhat\s+(?:did|does|do|will)\s+(?:\S+\s+){1,2}?(score)\b", re.I)


# "what was the water temp", "what's the tyre pressure": the kind's word ends the noun asked of.
_THE_KIND = re.compile(
    r"\bwhat(?:['’]s|\s+(?:is|was|are|were))\s+(?:the|my|our|his|her|their|your)\s+"
    rf"(?:[\w'’-]+\s+){{0,2}}({'|'.join(sorted(KIND_NAMES, key=len, reverse=True))})\b",
    re.IGNORECASE,
)


# What may follow the kind's word when it is the thing asked for ("which pet is hers?", "what
# sport does he play?"); another noun makes it a modifier ("which pet *insurance*").
_AFTER_KIND = re.compile(
    r"\s+(?:is|are|am|was|were|do|does|did|has|have|had|can|could|will|would|should|must|"
    r"in|on|at|of|for|to|with|from|and|or|my|your|his|her|our|their|the|a|an|that|this|"
    r"she|he|they|we|you|i|it|[^\W\d_]+['’]s)\b|\s*[?.!,]|\s*$",
    re.IGNORECASE,
)


def asked_kind(question: str, focus: str | None) -> str | None:
    """The kind of thing the question asks for by name, if it is one of ours. A colour comes
    before what it is the colour of ("what colour car"); another kind's word then modifies it."""
    word = kind_word(question, focus)
    kind = KIND_NAMES.get(word.lower())
    if kind is None or kind == "colour" or word.lower() == "size":  # "what size fan belt"
        return kind
    at = re.search(rf"\b{re.escape(word)}\b", question, re.IGNORECASE)
    return kind if at is None or _AFTER_KIND.match(question, at.end()) else None


def without_kind_word(question: str, focus: str | None) -> str:
    """The question without the word of a kind the reader knows the words of ("what *colour*
    is it?"): the chat names the colour, not the kind, so the word is no topic to look for."""
    if not focus or asked_kind(question, focus) is None:
        return question
    return re.sub(rf"\b{re.escape(focus)}\b", " ", question, flags=re.IGNORECASE)


def words_of_kind(kind: str, text: str) -> list[str]:
    """The words of `kind` in `text`, in the order written, each once."""
    return list(dict.fromkeys(_shaded(kind, text, m) for m in _FIND[kind].finditer(text)))


# The word before a colour names its shade: "sage green", "brunswick green", "navy blue";
# not "painted green", "the green", "red and green".
_WORD_BEFORE = re.compile(r"([^\W\d_][\w'’-]*)\s+$")


def _shaded(kind: str, text: str, m: re.Match[str]) -> str:
    said = m.group(0).lower()
    if kind != "colour":
        return said
    before = _WORD_BEFORE.search(text, 0, m.start())
    word = before.group(1).lower() if before else ""
    plain = (
        len(word) < 3
        or word in STOPWORDS
        or re.search(r"(?:ed|ing|ly)$", word)
        or _FIND["colour"].fullmatch(word)
        or word in _NOT_SHADES
    )
    return said if plain else f"{word} {said}"


# Words before a colour that say what is that colour, or how much of it, not its shade.
_NOT_SHADES = frozenset(
    re.findall(
        r"\S+",
        """
        all some any more most less very quite mostly mainly bit both either neither new old
        same other one ones just really so lol yes yeah ok okay go got get want wear wearing
        went like love hate prefer pick picked chose chosen
        """,
    )
)


# "lemon and elderflower, three tiers": a kind's word and the word joined to it are one choice,
# when the clause ends there.
_JOINED = re.compile(r"\s+(?:and|&|with|n)\s+([^\W\d_][\w'’-]*)(?=\s*(?:[,.;!?)]|$))", re.I)
_NOT_JOINED = frozenset(["it", "that", "this", "them", "stuff", "things", "more", "all", "that's"])


# "the lemon elderflower one": a flavour and the word after it, before what it flavours
_PAIRED = re.compile(
    r"\s+([^\W\d_][\w'’-]*)(?=\s+(?:one|ones|cake|cakes|sponge|tier|tiers|layer|layers|"
    r"icing|buttercream|flavour|flavor)\b)",
    re.IGNORECASE,
)


def choices_of_kind(kind: str, text: str) -> list[str]:
    """`words_of_kind`, each with the word joined to it ("lemon and elderflower", "the lemon
    elderflower one")."""
    out, end = [], 0
    for m in _FIND[kind].finditer(text):
        if m.start() < end:
            continue  # the word joined to the one before
        joined = _JOINED.match(text, m.end())
        paired = _PAIRED.match(text, m.end()) if kind == "flavour" else None
        if not joined and paired and paired.group(1).lower() not in STOPWORDS:
            out.append(text[m.start() : paired.end()].lower())
            end = paired.end()
            continue
        word = joined.group(1).lower() if joined else ""
        if joined and word not in _NOT_JOINED and len(word) > 2:
            out.append(text[m.start() : joined.end()].lower())
            end = joined.end()
        else:
            out.append(_shaded(kind, text, m))
    return list(dict.fromkeys(out))
