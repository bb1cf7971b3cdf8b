#!/usr/bin/env python3
"""Validates history.jsonl and questions.json in this folder. Prints OK when the set is valid."""
import json, os, re, sys, datetime as dt
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
YEAR = 2025
USER = "Rafael"
CONVS = {"Inês", "Tomás", "Science fair parents", "Devon"}
GROUP = "Science fair parents"
TYPE_COUNTS = {"event_when": 4, "last_mention": 3, "first_mention": 3, "who": 4, "what": 4, "where": 3,
               "how_many": 4, "list": 3, "what_did_we_talk_about": 3, "changed_plan": 4, "follow_up": 3,
               "not_in_history": 2}
REFUSE = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]
# topic terms for first/last mention: (terms, conversation restriction or None); empty terms = any message in that conversation
MENTION_TERMS = {
    "t05": (["multimeter"], None),
    "t06": ([], "Devon"),
    "t07": (["diego"], None),
    "t08": (["farofa"], None),
    "t09": (["lemon"], None),
    "t10": (["york"], None),
}
ABSENT_TERMS = {"t39": ["parking"], "t40": ["concert"]}

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
MON = {m[:3]: i + 1 for i, m in enumerate(MONTHS)}
MON.update({m: i + 1 for i, m in enumerate(MONTHS)})
MON["sept"] = 9
WD = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUMW = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "once": 1, "twice": 2}

errors = []
def err(msg):
    errors.append(msg)

def parse_date(s):
    s = s.strip().lower()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return dt.date(int(m[1]), int(m[2]), int(m[3]))
    wd = None
    m = re.fullmatch(r"(%s)(?: the)? (.*)" % "|".join(WD), s)
    if m:
        wd, s = m[1], m[2]
    mon = "|".join(sorted(MON, key=len, reverse=True))
    for pat, di, mi in [(r"(\d{1,2})(?:st|nd|rd|th)?(?: of)? (%s)" % mon, 1, 2),
                        (r"(%s) (\d{1,2})(?:st|nd|rd|th)?" % mon, 2, 1)]:
        m = re.fullmatch(pat, s)
        if m:
            d = dt.date(YEAR, MON[m[mi]], int(m[di]))
            if wd and WD[d.weekday()] != wd:
                err(f"weekday mismatch in date variant {s!r}")
            return d
    return None

def parse_count(s):
    s = s.strip().lower()
    if s.isdigit():
        return int(s)
    return NUMW.get(s)

def parse_time(s):
    s = s.strip().lower()
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))? ?(am|pm)?", s)
    if not m or (m[2] is None and m[3] is None):
        return None
    h, mi = int(m[1]), int(m[2] or 0)
    if m[3] == "pm" and h < 12:
        h += 12
    return (h, mi)

# ---------------- history ----------------
hist = []
with open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") as f:
    for n, line in enumerate(f, 1):
        if not line.strip():
            continue
        o = json.loads(line)
        if set(o) != {"id", "conversation", "speaker", "ts", "text"}:
            err(f"line {n}: bad fields {sorted(o)}")
        hist.append(o)
byid = {}
for i, m in enumerate(hist, 1):
    if m["id"] in byid:
        err(f"duplicate message id {m['id']}")
    byid[m["id"]] = m
    if m["id"] != "T%04d" % i:
        err(f"id {m['id']} out of order (expected T{i:04d})")
    m["_t"] = dt.datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%S")
    if m["conversation"] not in CONVS:
        err(f"{m['id']}: unknown conversation {m['conversation']}")
    if m["conversation"] != GROUP and m["speaker"] not in (USER, m["conversation"]):
        err(f"{m['id']}: speaker {m['speaker']} not in one-to-one chat {m['conversation']}")
for a, b in zip(hist, hist[1:]):
    if not b["_t"] > a["_t"]:
        err(f"timestamps not strictly increasing: {a['id']} {a['ts']} -> {b['id']} {b['ts']}")
if not 300 <= len(hist) <= 340:
    err(f"message count {len(hist)} not in 300..340")
if {m["conversation"] for m in hist} != CONVS:
    err("conversations do not match")
gspk = {m["speaker"] for m in hist if m["conversation"] == GROUP}
if len(gspk) != 4 or USER not in gspk:
    err(f"group speakers {gspk}")
sessions = 1
for a, b in zip(hist, hist[1:]):
    if b["conversation"] != a["conversation"] or (b["_t"] - a["_t"]) > dt.timedelta(hours=1):
        sessions += 1
if not 45 <= sessions <= 55:
    err(f"session count {sessions} not in 45..55")
span = (hist[-1]["_t"] - hist[0]["_t"]).days
if not 95 <= span <= 120:
    err(f"span {span} days is not about 3.5 months")

# ---------------- questions ----------------
with open(os.path.join(HERE, "questions.json"), encoding="utf-8") as f:
    qs = json.load(f)
FIELDS = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"}
if len(qs) != 40:
    err(f"{len(qs)} questions, expected 40")
if [q["id"] for q in qs] != ["t%02d" % i for i in range(1, len(qs) + 1)]:
    err("question ids not t01..t40 in order / unique")
tc = Counter(q["type"] for q in qs)
if dict(tc) != TYPE_COUNTS:
    err(f"type counts {dict(tc)} != {TYPE_COUNTS}")
if len({q["question"].lower().strip() for q in qs}) != len(qs):
    err("duplicate question text")

def scan(terms, conv):
    hits = []
    for m in hist:
        if conv and m["conversation"] != conv:
            continue
        if not terms or any(t in m["text"].lower() for t in terms):
            hits.append(m)
    return hits

for q in qs:
    qid = q["id"]
    if set(q) != FIELDS:
        err(f"{qid}: bad fields {sorted(q)}")
        continue
    now = dt.datetime.strptime(q["now"], "%Y-%m-%dT%H:%M:%S")
    if q["conversation"] is not None and q["conversation"] not in CONVS:
        err(f"{qid}: unknown conversation")
    if q["type"] == "follow_up":
        if not 1 <= len(q["turns"]) <= 2:
            err(f"{qid}: follow_up needs 1-2 turns")
    elif q["turns"]:
        err(f"{qid}: only follow_up has turns")
    ev = []
    for e in q["evidence"]:
        if e not in byid:
            err(f"{qid}: evidence {e} missing")
            continue
        ev.append(byid[e])
        if byid[e]["_t"] > now:
            err(f"{qid}: evidence {e} after now")
    if q["conversation"]:
        for m in ev:
            if m["conversation"] != q["conversation"]:
                err(f"{qid}: evidence {m['id']} not in conversation {q['conversation']}")
    evtext = " \n ".join((m["speaker"] + ": " + m["text"]).lower() for m in ev)
    note = q["note"]
    if not note:
        err(f"{qid}: empty note")

    if q["type"] == "not_in_history":
        if q["evidence"] or q["expect_any"] != REFUSE or q["expect_all"]:
            err(f"{qid}: not_in_history must have no evidence and the refusal list")
        terms = ABSENT_TERMS.get(qid)
        if not terms:
            err(f"{qid}: no absent terms registered")
        for t in terms or []:
            for m in hist:
                if t in m["text"].lower():
                    err(f"{qid}: term {t!r} appears in {m['id']}")
        continue

    if not ev:
        err(f"{qid}: no evidence")
    if q["type"] in ("list", "what_did_we_talk_about"):
        if q["expect_any"] or not 3 <= len(q["expect_all"]) <= 5:
            err(f"{qid}: list types need 3-5 expect_all and no expect_any")
    else:
        if q["expect_all"] or not q["expect_any"]:
            err(f"{qid}: needs expect_any and empty expect_all")

    dates, counts = set(), set()
    for s in q["expect_any"] + q["expect_all"]:
        if s != s.lower():
            err(f"{qid}: expected string {s!r} not lowercase")
        d, c, t = parse_date(s), parse_count(s), parse_time(s)
        if d:
            dates.add(d)
        if c is not None:
            counts.add(c)
        if s.lower() in evtext:
            continue
        if not note.startswith("Derived"):
            err(f"{qid}: {s!r} not in evidence and note does not explain a derived value")
        elif d is None and c is None and t is None:
            err(f"{qid}: {s!r} not in evidence and not a date/count/time")
    if len(dates) > 1:
        err(f"{qid}: date variants disagree {sorted(dates)}")

    if q["type"] in ("event_when", "first_mention", "last_mention") and len(dates) != 1:
        err(f"{qid}: needs exactly one date")
    if q["type"] == "event_when" and dates:
        d = next(iter(dates))
        for m in ev:
            if m["_t"].date() == d:
                err(f"{qid}: event date equals date of message {m['id']}")
    if q["type"] in ("first_mention", "last_mention"):
        terms, conv = MENTION_TERMS.get(qid, (None, None))
        if terms is None:
            err(f"{qid}: no mention terms registered")
        else:
            hits = scan(terms, conv)
            hits = [m for m in hits if m["_t"] <= now]
            if not hits:
                err(f"{qid}: no hits for {terms}")
            else:
                want = (hits[0] if q["type"] == "first_mention" else hits[-1])["_t"].date()
                if dates and next(iter(dates)) != want:
                    err(f"{qid}: expected {dates} but scan gives {want}")
                if not any(m["_t"].date() == want for m in ev):
                    err(f"{qid}: evidence has no message on {want}")
    if q["type"] == "how_many":
        digits = [s for s in q["expect_any"] if s.isdigit()]
        words = [s for s in q["expect_any"] if s in NUMW]
        if not digits or not words or len(counts) != 1:
            err(f"{qid}: how_many needs digit and word forms of one count ({q['expect_any']})")
    if q["type"] == "changed_plan":
        if len({m["_t"].date() for m in ev}) < 2:
            err(f"{qid}: changed_plan evidence should show the plan moving (>=2 dates)")
        if max(m["_t"] for m in ev) > now:
            err(f"{qid}: now before latest plan")

if errors:
    for e in errors:
        print("ERROR:", e)
    sys.exit(1)
print(f"{len(hist)} messages, {sessions} sessions, {len(qs)} questions")
print("OK")
