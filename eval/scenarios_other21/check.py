#!/usr/bin/env python3
"""Validate the other21 development set. Prints OK when everything passes. Stdlib only."""
import json, re, sys, os, datetime
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
errors = []
def err(msg):
    errors.append(msg)

# ---------------------------------------------------------------- history
hist = []
with open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") as f:
    for n, line in enumerate(f, 1):
        if not line.strip():
            continue
        try:
            m = json.loads(line)
        except Exception as e:
            err("history line %d: bad json (%s)" % (n, e)); continue
        if set(m) != {"id", "conversation", "speaker", "ts", "text"}:
            err("history line %d: wrong fields %s" % (n, sorted(m)))
        hist.append(m)
byid = {}
for k, m in enumerate(hist, 1):
    if m["id"] in byid:
        err("duplicate message id " + m["id"])
    byid[m["id"]] = m
    if m["id"] != "L%04d" % k:
        err("message id %s out of sequence (expected L%04d)" % (m["id"], k))
    m["_t"] = datetime.datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%S")
for a, b in zip(hist, hist[1:]):
    if not b["_t"] > a["_t"]:
        err("timestamps not strictly increasing: %s -> %s" % (a["id"], b["id"]))
last_in_conv = {}
for m in hist:
    c = m["conversation"]
    if c in last_in_conv and not m["_t"] > last_in_conv[c]:
        err("timestamps not increasing within conversation %s at %s" % (c, m["id"]))
    last_in_conv[c] = m["_t"]
convs = Counter(m["conversation"] for m in hist)
if len(convs) != 4:
    err("expected 4 conversations, got %s" % dict(convs))
if not any(m["speaker"] == "Ines" for m in hist):
    err("the user Ines never speaks")
if not 300 <= len(hist) <= 340:
    err("message count %d not in 300-340" % len(hist))
sessions = 1 + sum(1 for a, b in zip(hist, hist[1:]) if (b["_t"] - a["_t"]).total_seconds() > 3600)
if not 45 <= sessions <= 55:
    err("session count %d not in 45-55" % sessions)
span = (hist[-1]["_t"] - hist[0]["_t"]).days
if not 95 <= span <= 120:
    err("history spans %d days, expected about 3.5 months" % span)

def low(s):
    return s.lower()

# ---------------------------------------------------------------- dates
MON = ["january", "february", "march", "april", "may", "june", "july", "august",
       "september", "october", "november", "december"]
ABBR = {m[:3]: i + 1 for i, m in enumerate(MON)}
ABBR["sept"] = 9
MONTHS = {m: i + 1 for i, m in enumerate(MON)}
MONTHS.update(ABBR)
MRE = "|".join(sorted(MONTHS, key=len, reverse=True))
YEAR = hist[0]["_t"].year if hist else 2026

def parse_date(s):
    s = s.strip().lower()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    m = re.fullmatch(r"(%s) (\d{1,2})(?:st|nd|rd|th)?" % MRE, s)
    if m:
        return datetime.date(YEAR, MONTHS[m.group(1)], int(m.group(2)))
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)? (?:of )?(%s)" % MRE, s)
    if m:
        return datetime.date(YEAR, MONTHS[m.group(2)], int(m.group(1)))
    return None

def ordn(d):
    return "%d%s" % (d, "th" if 11 <= d <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th"))

def variants(d):
    m = MON[d.month - 1]; a = m[:3]
    return {"%s %d" % (m, d.day), "%d %s" % (d.day, m), d.isoformat(), "%s %d" % (a, d.day),
            "%d %s" % (d.day, a), "%s of %s" % (ordn(d.day), m), "%s %s" % (m, ordn(d.day)),
            "%s %s" % (ordn(d.day), m)}

ALLDAYS = [datetime.date(YEAR, 1, 1) + datetime.timedelta(days=i) for i in range(366)
           if (datetime.date(YEAR, 1, 1) + datetime.timedelta(days=i)).year == YEAR]

NUMW = {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
        9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}

# ---------------------------------------------------------------- topic scans
# first/last mention: qid -> (regex over message text, conversation or None)
TOPICS = {
    "l01": (r"\bhens?\b", None),
    "l02": (r"foster|kitten|\bcats?\b|cat rescue", "Tomás"),
    "l03": (r"\btheory\b", None),
    "l04": (r"seating|table plan", "Clara"),
    "l05": (r"parallel", "Dev"),
    "l06": (r"first dance", "Clara"),
    "l07": (r"\bhens?\b", "Bridesmaids 💐"),
    "l08": (r"roundabout", "Dev"),
    "l09": (r"northgate|\brescue\b", None),
    "l10": (r"\bcakes?\b", None),
    "l11": (r"orders? of service", None),
    "l12": (r"\bmock\b", None),
}
# not_in_history: qid -> terms that must appear nowhere in the history
ABSENT = {
    "l39": ["best man", "bestman", "best-man", "groomsm", "usher"],
    "l40": ["honeymoon", "honey moon", "maldives", "mini-moon", "minimoon"],
}
REFUSAL = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]

# ---------------------------------------------------------------- questions
qs = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))
FIELDS = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"}
WANT = {"first_mention": 6, "last_mention": 6, "how_many": 6, "where": 6, "what": 6, "list": 4,
        "follow_up": 2, "event_when": 2, "not_in_history": 2}
if len(qs) != 40:
    err("expected 40 questions, got %d" % len(qs))
got = Counter(q["type"] for q in qs)
if dict(got) != WANT:
    err("type counts %s != %s" % (dict(got), WANT))
qids = [q["id"] for q in qs]
if len(set(qids)) != len(qids):
    err("duplicate question ids")
if qids != ["l%02d" % i for i in range(1, len(qs) + 1)]:
    err("question ids are not l01..l%02d" % len(qs))
if len(set(q["question"].strip().lower() for q in qs)) != len(qs):
    err("two questions are phrased identically")

for q in qs:
    qid = q["id"]
    if set(q) != FIELDS:
        err("%s: wrong fields %s" % (qid, sorted(q)))
        continue
    if q["conversation"] is not None and q["conversation"] not in convs:
        err("%s: unknown conversation %r" % (qid, q["conversation"]))
    if (q["type"] == "follow_up") != bool(q["turns"]):
        err("%s: turns must be non-empty exactly for follow_up" % qid)
    if q["type"] == "follow_up" and not 1 <= len(q["turns"]) <= 2:
        err("%s: follow_up needs 1-2 turns" % qid)
    now = datetime.datetime.strptime(q["now"], "%Y-%m-%dT%H:%M:%S")
    ev = []
    for e in q["evidence"]:
        if e not in byid:
            err("%s: evidence %s does not exist" % (qid, e)); continue
        ev.append(byid[e])
        if byid[e]["_t"] > now:
            err("%s: evidence %s is after now" % (qid, e))
    evtext = " \n ".join(low(m["text"]) for m in ev)
    note = q["note"]
    exp = q["expect_any"] + q["expect_all"]
    if q["type"] in ("list",):
        if q["expect_any"] or not 3 <= len(q["expect_all"]) <= 5:
            err("%s: list needs 3-5 expect_all and empty expect_any" % qid)
    else:
        if q["expect_all"] or not q["expect_any"]:
            err("%s: needs expect_any and empty expect_all" % qid)
    for s in exp:
        if s != s.lower():
            err("%s: expected string %r not lowercase" % (qid, s))

    if q["type"] == "not_in_history":
        if q["evidence"]:
            err("%s: not_in_history must have no evidence" % qid)
        if q["expect_any"] != REFUSAL:
            err("%s: not_in_history expect_any must be the refusal list" % qid)
        terms = ABSENT.get(qid)
        if not terms:
            err("%s: no ABSENT terms registered" % qid)
        for t in terms or []:
            for m in hist:
                if t in low(m["text"]):
                    err("%s: term %r appears in %s" % (qid, t, m["id"]))
        continue
    if not q["evidence"]:
        err("%s: no evidence" % qid)
    if ev and now < max(m["_t"] for m in ev):
        err("%s: now before last evidence" % qid)

    # dates
    dates = {}
    for s in q["expect_any"]:
        d = parse_date(s)
        if d:
            dates[s] = d
    if len(set(dates.values())) > 1:
        err("%s: date variants disagree: %s" % (qid, dates))
    for s, d in dates.items():
        for other in ALLDAYS:
            if other != d and any(s in v for v in variants(other)):
                err("%s: date variant %r is a substring of a form of %s" % (qid, s, other))
                break
    date_types = ("first_mention", "last_mention", "event_when")
    if q["type"] in date_types and not dates:
        err("%s: %s needs a date answer" % (qid, q["type"]))

    # every expected string in evidence or derived and explained
    for s in exp:
        if s in evtext:
            continue
        if s in dates:
            if "derived" not in note.lower():
                err("%s: derived date %r but note doesn't say Derived" % (qid, s))
            continue
        if q["type"] == "how_many" and (s.isdigit() or s in NUMW.values()):
            if "derived" not in note.lower() and "count" not in note.lower():
                err("%s: derived count %r not explained" % (qid, s))
            continue
        err("%s: expected %r not found in evidence and not derived" % (qid, s))

    if q["type"] == "how_many":
        digits = [s for s in q["expect_any"] if s.isdigit()]
        if len(digits) != 1:
            err("%s: how_many needs exactly one digit answer" % qid)
        else:
            n = int(digits[0])
            if NUMW.get(n) not in q["expect_any"]:
                err("%s: how_many needs the word form of %d" % (qid, n))
            if str(n) not in note:
                err("%s: note should state the count %d" % (qid, n))

    if q["type"] == "event_when" and dates:
        d = list(dates.values())[0]
        for m in ev:
            if m["_t"].date() == d:
                err("%s: event date equals the date of evidence message %s" % (qid, m["id"]))

    if q["type"] in ("first_mention", "last_mention"):
        if qid not in TOPICS:
            err("%s: no topic regex registered" % qid); continue
        rx, cv = TOPICS[qid]
        if q["conversation"] != cv:
            err("%s: topic conversation %r != question conversation %r" % (qid, cv, q["conversation"]))
        hits = [m for m in hist if re.search(rx, low(m["text"])) and (cv is None or m["conversation"] == cv)
                and m["_t"] <= now]
        if len(hits) < 2:
            err("%s: topic %r found in fewer than 2 messages" % (qid, rx)); continue
        first, lastm = hits[0], hits[-1]
        if first["_t"].date() == lastm["_t"].date():
            err("%s: first and last mention are on the same day" % qid)
        target = first if q["type"] == "first_mention" else lastm
        if not dates:
            continue
        d = list(dates.values())[0]
        if target["_t"].date() != d:
            err("%s: scan says %s was on %s, expected %s" % (qid, q["type"], target["_t"].date(), d))
        if target["id"] not in q["evidence"]:
            err("%s: scanned %s message %s not in evidence" % (qid, q["type"], target["id"]))

if errors:
    for e in errors:
        print("ERROR:", e)
    print("%d error(s)" % len(errors))
    sys.exit(1)
print("history: %d messages, %d sessions, %d conversations; questions: %d %s" %
      (len(hist), sessions, len(convs), len(qs), dict(got)))
print("OK")
