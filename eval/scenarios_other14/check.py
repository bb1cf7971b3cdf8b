#!/usr/bin/env python3
"""Validate the other14 set (history.jsonl + questions.json). Prints OK when valid."""
import json, re, os, sys, datetime as dt
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
H = [json.loads(l) for l in open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") if l.strip()]
Q = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))
BY = {m["id"]: m for m in H}
errs = []
def err(*a): errs.append(" ".join(str(x) for x in a))

TYPES = {"event_when": 4, "last_mention": 3, "first_mention": 4, "who": 4, "what": 5, "where": 4,
         "how_many": 4, "list": 3, "what_did_we_talk_about": 2, "changed_plan": 3, "follow_up": 3,
         "not_in_history": 1}
CONVS = {"Ilse", "Marguerite", "allotment 7b", "Kaveh (boiler)"}
REFUSAL = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]
# topic regexes for first/last mention scans (scoped to the question's conversation if it has one)
TOPICS = {
    "g05": r"\brats?\b",
    "g06": r"\bknee",
    "g07": r"\bpiano",
    "g08": r"thermostat",
    "g09": r"\b10k\b|\bten k\b|10 ?km",
    "g10": r"garlic|🧄",
    "g11": r"estate agent|hartwell|valu",
}
NIH = {"g40": r"\bdogs?\b|pupp(y|ies)|\bpooch"}
NUMWORDS = {1: ["one", "once"], 2: ["two", "twice"], 3: ["three"], 4: ["four"], 5: ["five"], 6: ["six"],
            7: ["seven"], 8: ["eight"], 9: ["nine"], 10: ["ten"]}
MONTHS = {m.lower(): i for i, m in enumerate(["January", "February", "March", "April", "May", "June", "July",
          "August", "September", "October", "November", "December"], 1)}
ABBR = {k[:3]: v for k, v in MONTHS.items()}; ABBR["sept"] = 9
WD = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
WDA = {"tues": 1, "weds": 2, "thurs": 3}

def ts(x): return dt.datetime.fromisoformat(x)

def parse_date(s, year=2026):
    """Return (date) for a full date variant, or ('wd', weekday, day) for 'tuesday 22nd'-style, else None."""
    s = s.strip().lower()
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)", s)
    if m: return dt.date(int(m[1]), int(m[2]), int(m[3]))
    mons = {**MONTHS, **ABBR}
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?(?: of)? ([a-z]+)", s)
    if m and m[2] in mons: return dt.date(year, mons[m[2]], int(m[1]))
    m = re.fullmatch(r"([a-z]+) (\d{1,2})(?:st|nd|rd|th)?", s)
    if m and m[1] in mons: return dt.date(year, mons[m[1]], int(m[2]))
    m = re.fullmatch(r"([a-z]+) (\d{1,2})(?:st|nd|rd|th)", s)
    if m and (m[1] in WD or m[1] in WDA):
        return ("wd", WD.index(m[1]) if m[1] in WD else WDA[m[1]], int(m[2]))
    return None

# --- history
ids = [m["id"] for m in H]
if len(set(ids)) != len(ids): err("duplicate message ids")
if not (300 <= len(H) <= 340): err("message count", len(H))
for i, m in enumerate(H):
    if m["id"] != "G%04d" % (i + 1): err("id order", m["id"])
    if m["conversation"] not in CONVS: err("bad conversation", m["id"])
    if i and not H[i - 1]["ts"] < m["ts"]: err("timestamps not increasing at", m["id"])
    if m["conversation"] in ("Ilse", "Marguerite") and m["speaker"] not in ("Teo", m["conversation"]): err("speaker", m["id"])
sessions = 1 + sum(1 for a, b in zip(H, H[1:]) if ts(b["ts"]) - ts(a["ts"]) > dt.timedelta(minutes=60))
if not (45 <= sessions <= 55): err("sessions", sessions)

# --- questions
qids = [q["id"] for q in Q]
if len(Q) != 40 or len(set(qids)) != 40: err("need 40 unique questions")
if qids != ["g%02d" % i for i in range(1, 41)]: err("question ids not g01..g40")
if Counter(q["type"] for q in Q) != Counter(TYPES): err("type counts", Counter(q["type"] for q in Q))
if len(set(q["question"].lower() for q in Q)) != 40: err("duplicate question text")

for q in Q:
    qi, t = q["id"], q["type"]
    now = ts(q["now"])
    for f in ("id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"):
        if f not in q: err(qi, "missing field", f)
    if q["conversation"] is not None and q["conversation"] not in CONVS: err(qi, "bad conversation")
    if (t == "follow_up") != bool(q["turns"]) or len(q["turns"]) > 2: err(qi, "turns")
    for e in q["evidence"]:
        if e not in BY: err(qi, "missing evidence", e); continue
        if ts(BY[e]["ts"]) > now: err(qi, "evidence after now", e)
    ev_text = " \n ".join((BY[e]["speaker"] + ": " + BY[e]["text"]).lower() for e in q["evidence"] if e in BY)
    ev_dates = {BY[e]["ts"][:10] for e in q["evidence"] if e in BY}
    if t == "not_in_history":
        if q["evidence"] or sorted(q["expect_any"]) != sorted(REFUSAL): err(qi, "nih format")
        rx = NIH[qi]
        for m in H:
            if re.search(rx, m["text"].lower()): err(qi, "nih term found in", m["id"])
        continue
    if not q["evidence"]: err(qi, "no evidence")
    if t in ("list", "what_did_we_talk_about"):
        if q["expect_any"] or not (3 <= len(q["expect_all"]) <= 5): err(qi, "expect_all size")
    elif not q["expect_any"] or q["expect_all"]: err(qi, "expect_any/all")
    note = q["note"]
    # date answers
    dates = [(s, parse_date(s)) for s in q["expect_any"]]
    full = [d for s, d in dates if isinstance(d, dt.date)]
    if full:
        iso = full[0]
        if any(d != iso for d in full): err(qi, "date variants disagree", q["expect_any"])
        for s, d in dates:
            if isinstance(d, tuple):
                if d[1] != iso.weekday() or d[2] != iso.day: err(qi, "weekday form wrong", s)
            elif d is None: err(qi, "unparsed date variant", s)
        if iso.isoformat() not in note: err(qi, "note lacks ISO date")
        if "Derived" not in note: err(qi, "date not marked Derived")
        # prefix trap: a listed form must not be a prefix of a different longer date
        for s, d in dates:
            if isinstance(d, dt.date) and re.fullmatch(r"[a-z]+ [123]", s): err(qi, "month-day form is a prefix of a later date", s)
        if t in ("event_when", "changed_plan", "follow_up") and t == "event_when" and iso.isoformat() in ev_dates:
            err(qi, "event date equals a message date")
        for s, d in dates:
            if s not in ev_text and "Derived" not in note: err(qi, "date string unexplained", s)
    # how_many
    if t == "how_many":
        nums = [int(s) for s in q["expect_any"] if s.isdigit()]
        if len(nums) != 1: err(qi, "how_many needs one digit form")
        else:
            n = nums[0]
            if not any(w in q["expect_any"] for w in NUMWORDS[n]): err(qi, "how_many word form")
            if not note.startswith("Derived count"): err(qi, "count note")
            if len(q["evidence"]) < 2: err(qi, "count should span several messages")
    # every expected string in evidence or explained
    for s in q["expect_any"] + q["expect_all"]:
        sl = s.lower()
        if sl in ev_text: continue
        if t == "how_many" and (sl.isdigit() or any(sl in v for v in NUMWORDS.values())): continue
        if parse_date(sl) is not None and "Derived" in note: continue
        err(qi, "expected string not in evidence:", s)
    # first / last mention scans
    if t in ("first_mention", "last_mention"):
        rx = TOPICS[qi]
        hits = [m for m in H if re.search(rx, m["text"].lower())
                and (q["conversation"] is None or m["conversation"] == q["conversation"]) and ts(m["ts"]) <= now]
        if not hits: err(qi, "topic not found"); continue
        hit = hits[0] if t == "first_mention" else hits[-1]
        if not full or hit["ts"][:10] != full[0].isoformat(): err(qi, "scan date", hit["ts"][:10], "!= expected", full[:1])
        if hit["id"] not in q["evidence"]: err(qi, "scan hit not in evidence", hit["id"])

if errs:
    print("\n".join(errs)); sys.exit(1)
print("OK")
