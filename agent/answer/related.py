"""Words a chat uses for a thing without naming it: "who operated on dad?" is told by "surgeon is
mr adeyemi"; "what's my sister's pet called?" by "my stupid cat knocked coffee over". People ask
with the general word or another word for the same thing; the reader and the lexical search only
see the words written. An everyday word list, read one way or both:

- a *kind* and its members (one way): a message about a cat speaks of a pet, but a question about
  a cat is not answered by the hamster;
- words for one thing (both ways): surgery, operation, op, surgeon.

Kept to words whose other senses are rare in chat; a phrase ("first place") is matched whole.
"""

from __future__ import annotations

import re

from .categories import KIND_NAMES, KIND_WORDS

__all__ = ["GROUPS", "groups_in", "said_for"]

# Words for one thing: each word of a group speaks of every other.
_ONE_THING = [
    "surgery, surgeries, operation, operations, operated, operate, operating, op, surgeon",
    "wedding, weddings, married, marry, marrying",
    "gift, gifts, present, presents",
    "concert, concerts, gig, gigs",
    "holiday, holidays, vacation, vacations, getaway, hols, holliers",
    "borrow, borrowed, borrowing, lend, lent, lending, loan, loaned",
    "fired, sacked, laid off, made redundant",
    "phone, mobile, cell",
    "dentist, dental",
    "gym, workout, workouts",
    "book, books, novel, novels",
    "haircut, hairdresser, barber",
    "electrician, electricians, sparky, sparkie, sparkies",
    "light, lights, lighting",
    "jog, jogging, run, running, runs, ran",
    "gran, granny, grannie, nan, nana, nanna, grandma, grandmother, grandmom",
    "grandad, granddad, grandpa, grandfather, gramps",
    "ears, hearing, audiologist",
    # a rented place's money and middlemen, as each country says them
    "deposit, deposits, security deposit",
    "broker, brokers, estate agent, estate agents, letting agent, letting agents, "
    "property agent, property agents, realtor, realtors",
    "lpg, gas cylinder, gas cylinders, gas bottle, gas bottles, gas refill",
    "offsite, off-site, away day, retreat, outing",
    "sights, sightseeing, sight-seeing, attractions",
]
# A kind or a thing (the question's words) and the words a chat says it with, one way.
_KINDS = {
    "win, won, winning, wins, winner":
        "prize, first place, trophy, medal, champion, champions, came first, victory, took out, "
        "took home, 🏆",
    "hurt, injury, injured, injure":
        "sprain, sprained, strain, strained, fracture, fractured, twisted, concussion, bruised",
    "sick, ill, illness":
        "flu, covid, fever, virus, stomach bug, migraine, vomiting, threw up, throwing up",
    "diagnosis, diagnosed, verdict, wrong":
        "sprain, strain, fracture, splints, tendinitis, tendonitis, infection, torn, broken, "
        "flu, covid, virus, migraine, concussion, gastritis, blockage, allergy, allergic, "
        "cavity, abscess, "
        "threw up, throwing up",
    "doctor, doctors": "gp, physio, dentist, nurse, surgeon, consultant, vet",
    # "who sorted the ryokan?" / "did you make a ryokan booking?" (not "organize": its stem is
    # "organization"'s)
    "sort, sorted, sorting, arrange, arranged, organise, organised":
        "book, booked, booking, reserve, reserved, reservation",
    "live, lives, living, address":
        "street, road, avenue, flat, apartment, moved into, moved in, new place",
    "partner": "girlfriend, boyfriend, wife, husband, fiance, fiancee, fiancé, fiancée",
    "baby": "pregnant, newborn, due date",
    "dog, dogs":
        "puppy, puppies, pup, pups, terrier, labrador, spaniel, collie, greyhound, walkies",
    "cat, cats": "kitten, kittens, kitty, moggy, litter tray",
    "eat, ate, eating, meal, meals": "dinner, lunch, breakfast, brunch",
    "fly, flew, flight, flights": "plane, airport, landed, landing, boarding, flying",
    "return, returned, returning, home":
        "get back, got back, came back, come back, flew back, back home, got home, came home",
    "race, races": "marathon, half marathon, 10k, 5k, parkrun, relay, triathlon, fun run",
    "drink, drinks": "pint, pints, beer, beers, wine, cocktail, cocktails",
    "coffee": "latte, flat white, cappuccino, espresso, americano",
    "grow, growing, grew, plant, plants": "sow, sowed, sown, seedlings, seeds, planted",
    "fix, fixed, repair, repaired": "mend, mended, patched",
    "hospital": "ward, admitted, discharged, a&e, icu",
    "discharge, discharged":
        "home from hospital, out of hospital, sent home, let out, got home, came home, back home",
    "wedding, weddings": "ceremony, reception, bridesmaid, best man, vows, stag do, hen do",
    "restaurant, restaurants": "booked a table, table for, reservation, bistro, trattoria",
    "funeral": "passed away, died, wake",
    "breakup, breakups": "split up, broke up, dumped",
    # "what day did jude actually start at the bakery?" / "first day was monday"
    "start, started, starting, starts, begin, begins, began":
        "first day, first shift, first week, first session, kick off, kicks off, kicked off, "
        "kickoff",
    "park, parked, parking": "spot, pitch",
    # "how long is the walk in?" / "About 40 minutes of hiking"
    "walk, walks, walked, walking": "hike, hikes, hiked, hiking, ramble, trek",
    "tooth, teeth": "toothache, cavity, filling, fillings, root canal",
    "arrive, arrived, arriving, turn up, turned up":
        "delivered, delivery, brought round, dropped off, got here",
    # "when did i move house?" / "shifting date also fixed"; "the movers"
    # (one word: a phrase's words are each implied, and "house" would be by every removal)
    "move, moved, moving, moves":
        "shifting, shifted, relocate, relocated, relocation, movers, packers, removals",
    "behind the wheel": "drive, drove, driving, driver, i'll drive",
    # A country, by the places a chat names in it (one way: a trip to Spain need not be to
    # Madrid): "sanjay was meant to come to portugal with me" / "the lisbon conference"
    "portugal": "lisbon, porto, sintra, algarve, faro, lagos, madeira, coimbra",
    "spain": "madrid, barcelona, seville, sevilla, valencia, malaga, granada, bilbao, ibiza, "
        "mallorca, majorca, tenerife, lanzarote",
    "france": "paris, lyon, marseille, nice, bordeaux, toulouse, provence, normandy, brittany",
    "italy": "rome, milan, florence, venice, naples, turin, bologna, sicily, sardinia, tuscany, "
        "amalfi, lake como",
    "germany": "berlin, munich, hamburg, frankfurt, cologne, stuttgart, dresden, leipzig",
    "netherlands, holland": "amsterdam, rotterdam, utrecht, the hague, eindhoven",
    "greece": "athens, crete, santorini, mykonos, corfu, rhodes, thessaloniki",
    "japan": "tokyo, kyoto, osaka, hiroshima, nara, sapporo, okinawa, hokkaido",
    "scotland": "edinburgh, glasgow, aberdeen, inverness, skye, highlands",
    "ireland": "dublin, cork, galway, limerick, kilkenny, kerry",
    "poland": "warsaw, krakow, kraków, gdansk, gdańsk, wroclaw, wrocław",
    "usa, america": "new york, nyc, chicago, boston, los angeles, san francisco, seattle, "
        "miami, las vegas, washington",
    "canada": "toronto, vancouver, montreal, ottawa, calgary",
    "australia": "sydney, melbourne, brisbane, perth, adelaide, hobart, cairns, darwin",
    "mexico": "monterrey, mexico city, cdmx, guadalajara, cancun, cancún, oaxaca, tulum, "
        "puebla, tijuana, saltillo, linares, puerto vallarta, los cabos, merida, mérida",
    "england": "london, manchester, liverpool, birmingham, leeds, bristol, newcastle, york, "
        "brighton, oxford, cambridge, cornwall, devon",
    "wales": "cardiff, swansea, snowdonia, pembrokeshire, gower",
    "india": "delhi, mumbai, bangalore, bengaluru, chennai, kolkata, hyderabad, pune, goa, "
        "jaipur, kerala",
    "china": "beijing, shanghai, hong kong, shenzhen, guangzhou, chengdu, xi'an",
    "thailand": "bangkok, chiang mai, phuket, krabi, koh samui",
    "vietnam": "hanoi, ho chi minh, saigon, hoi an, da nang, ha long",
    "turkey": "istanbul, ankara, antalya, izmir, cappadocia, bodrum",
    "morocco": "marrakech, marrakesh, casablanca, fez, rabat, tangier",
    "brazil": "rio, rio de janeiro, sao paulo, são paulo, salvador, brasilia",
    "argentina": "buenos aires, mendoza, cordoba, bariloche",
    "south africa": "cape town, johannesburg, joburg, durban, pretoria, stellenbosch",
    "new zealand": "auckland, wellington, christchurch, queenstown, rotorua, dunedin",
    "kenya": "nairobi, mombasa, kisumu, nakuru, naivasha, diani, maasai mara",
    "philippines": "manila, cebu, davao, boracay, palawan",
    # "when did Caroline give a speech at a school?" / "I felt super powerful giving my talk"
    # (one way: "let's talk" is no speech)
    "speech, speeches": "talk, talks, presentation, presentations, keynote, lecture",
    "broke, broken, break, breaks, breakdown":
        "died, died on, conked out, packed in, packed up, stopped working, gave up, kaput",
}  # fmt: skip


def _split(words: str) -> tuple[str, ...]:
    return tuple(" ".join(w.split()) for w in words.split(",") if w.strip())


GROUPS: list[tuple[tuple[str, ...], tuple[str, ...]]] = [
    (_split(g), _split(g)) for g in _ONE_THING
] + [(_split(heads), _split(said)) for heads, said in _KINDS.items()]
GROUPS += [
    (tuple(n for n, k in KIND_NAMES.items() if k == kind), _split(words))
    for kind, words in KIND_WORDS.items()
    if kind != "colour"  # "brown tiles" is not about colour unless colour is asked
]


def _alternation(phrases: tuple[str, ...]) -> re.Pattern[str]:
    body = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", re.IGNORECASE)


_FIND = [_alternation(said) for _, said in GROUPS]
# A group's heads are one thing's words too: "a meal would be nice" speaks of eating as
# "dinner" does.
_HOLDS = [_alternation(heads + said) for heads, said in GROUPS]


def groups_in(text: str) -> list[int]:
    """The groups (indexes of GROUPS) whose words, said or head, `text` holds."""
    return [i for i, find in enumerate(_HOLDS) if find.search(text)]


def said_for(head: str, text: str) -> str | None:
    """The first word or phrase of `text` that a group headed by `head` says it with: "it was
    a cavity" says a diagnosis with "cavity"."""
    for (heads, _), find in zip(GROUPS, _FIND, strict=True):
        if head in heads:
            found = find.search(text)
            if found:
                return found.group(0)
    return None
