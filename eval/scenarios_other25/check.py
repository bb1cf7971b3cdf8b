#!/usr/bin/env python3
"""Validate the other25 development set. Prints OK when everything holds. Stdlib only."""
import json, os, re, sys, datetime as dt
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
errors = []
def err(msg):
    errors.append(msg)

# ---------------------------------------------------------------- history
hist = []
with open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") as f:
    for i, line in enumerate(f, 1):
        line = line.strip()
        if not line:
            continue
        try:
            hist.append(json.loads(line))
        except ValueError as e:
            err(f"history line {i}: bad json ({e})")

KEYS = {"id", "conversation", "speaker", "ts", "text"}
USER = "Marisol"
CONVS = {"Inés", "Tobias", "Linden Row", "Delia"}
byid = {}
prev = None
prev_conv = {}
for n, m in enumerate(hist, 1):
    if set(m) != KEYS:
        err(f"{m.get('id')}: keys {sorted(m)}")
        continue
    if not re.fullmatch(r"E\d{4}", m["id"]):
        err(f"{m['id']}: bad id format")
    if m["id"] != "E%04d" % n:
        err(f"{m['id']}: ids not sequential (expected E{n:04d})")
    if m["id"] in byid:
        err(f"{m['id']}: duplicate id")
    byid[m["id"]] = m
    try:
        t = dt.datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%S")
    except ValueError:
        err(f"{m['id']}: bad ts {m['ts']}")
        continue
    m["_t"] = t
    if prev is not None and t <= prev:
        err(f"{m['id']}: timestamp not strictly increasing")
    prev = t
    pc = prev_conv.get(m["conversation"])
    if pc is not None and t <= pc:
        err(f"{m['id']}: timestamp not increasing within conversation")
    prev_conv[m["conversation"]] = t
    if m["conversation"] not in CONVS:
        err(f"{m['id']}: unknown conversation {m['conversation']}")
    if not m["text"].strip():
        err(f"{m['id']}: empty text")

if not 300 <= len(hist) <= 340:
    err(f"history has {len(hist)} messages, want 300-340")
if set(m["conversation"] for m in hist) != CONVS:
    err("conversation set mismatch")
speakers = {c: set() for c in CONVS}
for m in hist:
    speakers[m["conversation"]].add(m["speaker"])
for c in ("Inés", "Tobias", "Delia"):
    if speakers[c] != {USER, c}:
        err(f"one-to-one chat {c} has speakers {speakers[c]}")
if len(speakers["Linden Row"]) != 4 or USER not in speakers["Linden Row"]:
    err(f"group chat speakers {speakers['Linden Row']}")

# sessions: a gap of more than 60 minutes (or a change of conversation) starts a new session
sessions = 0
for i, m in enumerate(hist):
    if i == 0 or m["conversation"] != hist[i - 1]["conversation"] or (m["_t"] - hist[i - 1]["_t"]).total_seconds() > 3600:
        sessions += 1
if not 45 <= sessions <= 55:
    err(f"{sessions} sessions, want 45-55")
span = (hist[-1]["_t"] - hist[0]["_t"]).days
if not 95 <= span <= 120:
    err(f"history spans {span} days, want about 3.5 months")

ALLTEXT = [(m, m["text"].lower()) for m in hist]

# ---------------------------------------------------------------- questions
Q = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))
QKEYS = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"}
WANT = {"event_when": 4, "last_mention": 3, "first_mention": 3, "who": 4, "what": 4, "where": 3, "how_many": 4,
        "list": 3, "what_did_we_talk_about": 3, "changed_plan": 4, "follow_up": 3, "not_in_history": 2}
REFUSAL = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]

# topic terms used to scan the whole history for first/last mentions
MENTION_TERMS = {
    "e05": ["streetlight", "street light", "lamp post", "lamppost"],
    "e06": ["copper kettle"],
    "e07": ["crown"],
    "e08": ["road trip", "roadtrip", "coast road", "coast trip"],
    "e09": ["street party"],
    "e10": ["life drawing"],
}
# terms that must appear nowhere for not_in_history questions
ABSENT_TERMS = {
    "e39": ["parking", "ticket", "parked"],
    "e40": ["wisdom"],
}

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
MON_RE = "(" + "|".join(m + "|" + m[:3] for m in MONTHS) + ")"
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUMWORDS = {1: ["one", "once"], 2: ["two", "twice"], 3: ["three", "thrice"], 4: ["four"], 5: ["five"], 6: ["six"],
            7: ["seven"], 8: ["eight"], 9: ["nine"], 10: ["ten"], 11: ["eleven"], 12: ["twelve"]}

def month_no(tok):
    for i, m in enumerate(MONTHS, 1):
        if tok == m or tok == m[:3]:
            return i
    return None

def parse_date(s, year=2025):
    """Return a date for full date strings, ('day', weekday, day) for month-less ones, or None."""
    s = s.lower().strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
        return dt.date.fromisoformat(s)
    s2 = re.sub(r"^(" + "|".join(WEEKDAYS) + r")\s+(the\s+)?", "", s)
    m = re.fullmatch(MON_RE + r"\s+(\d{1,2})(st|nd|rd|th)?", s2)
    if m:
        return dt.date(year, month_no(m.group(1)), int(m.group(2)))
    m = re.fullmatch(r"(\d{1,2})(st|nd|rd|th)?\s+(of\s+)?" + MON_RE, s2)
    if m:
        return dt.date(year, month_no(m.group(4)), int(m.group(1)))
    m = re.fullmatch(r"(" + "|".join(WEEKDAYS) + r")\s+(the\s+)?(\d{1,2})(st|nd|rd|th)", s)
    if m:
        return ("day", m.group(1), int(m.group(3)))
    return None

def iso_dates(text):
    return {dt.date.fromisoformat(x) for x in re.findall(r"\d{4}-\d{2}-\d{2}", text)}

ids = [q.get("id") for q in Q]
if len(Q) != 40:
    err(f"{len(Q)} questions, want 40")
if len(set(ids)) != len(ids):
    err("duplicate question ids")
if ids != ["e%02d" % i for i in range(1, len(Q) + 1)]:
    err("question ids should run e01..e40")
cnt = Counter(q.get("type") for q in Q)
if dict(cnt) != WANT:
    err(f"type counts {dict(cnt)} != {WANT}")
texts = [q["question"].strip().lower() for q in Q]
if len(set(texts)) != len(texts):
    err("two questions have the same wording")

for q in Q:
    qid = q.get("id")
    if set(q) != QKEYS:
        err(f"{qid}: keys {sorted(q)}")
        continue
    typ = q["type"]
    try:
        now = dt.datetime.strptime(q["now"], "%Y-%m-%dT%H:%M:%S")
    except ValueError:
        err(f"{qid}: bad now")
        continue
    if q["conversation"] is not None and q["conversation"] not in CONVS:
        err(f"{qid}: unknown conversation {q['conversation']}")
    if typ == "follow_up":
        if not 1 <= len(q["turns"]) <= 2:
            err(f"{qid}: follow_up needs 1-2 turns")
    elif q["turns"]:
        err(f"{qid}: only follow_up questions have turns")
    if not q["note"].strip():
        err(f"{qid}: empty note")

    ev = []
    for e in q["evidence"]:
        if e not in byid:
            err(f"{qid}: evidence {e} does not exist")
            continue
        ev.append(byid[e])
        if byid[e]["_t"] > now:
            err(f"{qid}: evidence {e} is after now")
    if hist and now <= hist[0]["_t"]:
        err(f"{qid}: now before history starts")

    if typ == "not_in_history":
        if q["evidence"] or q["expect_all"]:
            err(f"{qid}: not_in_history must have no evidence / expect_all")
        if q["expect_any"] != REFUSAL:
            err(f"{qid}: not_in_history expect_any must be the refusal list")
        terms = ABSENT_TERMS.get(qid)
        if not terms:
            err(f"{qid}: no absent terms registered")
        for t in terms or []:
            for m, low in ALLTEXT:
                if t in low:
                    err(f"{qid}: term '{t}' appears in {m['id']}")
        continue

    if not ev:
        err(f"{qid}: no evidence")
    hay = " \n ".join((m["speaker"] + ": " + m["text"]).lower() for m in ev)
    note = q["note"].lower()
    note_dates = iso_dates(q["note"])
    note_nums = set(int(x) for x in re.findall(r"\b\d+\b", note))

    if typ in ("list", "what_did_we_talk_about"):
        if q["expect_any"] or not 3 <= len(q["expect_all"]) <= 5:
            err(f"{qid}: {typ} needs 3-5 expect_all and no expect_any")
    else:
        if q["expect_all"] or not q["expect_any"]:
            err(f"{qid}: {typ} needs expect_any only")

    if len(set(q["expect_any"])) != len(q["expect_any"]) or len(set(q["expect_all"])) != len(q["expect_all"]):
        err(f"{qid}: duplicate expected strings")
    for s in q["expect_any"] + q["expect_all"]:
        if s != s.lower():
            err(f"{qid}: expected string '{s}' not lower case")
        sl = s.lower()
        if sl in hay:
            continue
        d = parse_date(sl)
        if isinstance(d, dt.date) and d in note_dates and "derived" in note:
            continue
        if isinstance(d, tuple) and any(nd.day == d[2] and WEEKDAYS[nd.weekday()] == d[1] for nd in note_dates):
            continue
        num = next((k for k, ws in NUMWORDS.items() if sl in ws), None)
        if sl.isdigit():
            num = int(sl)
        if num is not None and num in note_nums and "derived" in note:
            continue
        if sl in note:
            continue  # paraphrase / time variant explained in the note
        err(f"{qid}: expected '{s}' not in evidence and not explained in note")

    # date questions: all date variants agree
    if typ in ("event_when", "changed_plan", "first_mention", "last_mention"):
        full = set()
        for s in q["expect_any"]:
            d = parse_date(s)
            if isinstance(d, dt.date):
                full.add(d)
            m = re.fullmatch(MON_RE + r" (\d)", s)
            if m and int(m.group(2)) <= 3:
                err(f"{qid}: '{s}' is a prefix of a longer date")
        if len(full) != 1:
            err(f"{qid}: date variants disagree or missing: {full}")
            continue
        target = full.pop()
        for s in q["expect_any"]:
            d = parse_date(s)
            if isinstance(d, tuple) and (d[2] != target.day or d[1] != WEEKDAYS[target.weekday()]):
                err(f"{qid}: '{s}' does not match {target}")
        if typ == "event_when":
            for m in ev:
                if m["_t"].date() == target:
                    err(f"{qid}: event date equals date of message {m['id']}")
        if typ in ("first_mention", "last_mention"):
            terms = MENTION_TERMS.get(qid)
            if not terms:
                err(f"{qid}: no mention terms registered")
                continue
            hits = [m for m, low in ALLTEXT if any(t in low for t in terms) and m["_t"] <= now
                    and (q["conversation"] is None or m["conversation"] == q["conversation"])]
            if not hits:
                err(f"{qid}: no message mentions {terms}")
                continue
            pick = hits[0] if typ == "first_mention" else hits[-1]
            if pick["_t"].date() != target:
                err(f"{qid}: scan gives {pick['_t'].date()} ({pick['id']}), expected {target}")
            if pick["id"] not in q["evidence"]:
                err(f"{qid}: scanned message {pick['id']} not in evidence")
            if q["conversation"] is not None:
                allhits = [m for m, low in ALLTEXT if any(t in low for t in terms) and m["_t"] <= now]
                p2 = allhits[0] if typ == "first_mention" else allhits[-1]
                if p2["_t"].date() != target:
                    err(f"{qid}: whole-history scan gives {p2['_t'].date()}, chat scan gives {target}")

    if typ == "how_many":
        digits = [s for s in q["expect_any"] if s.isdigit()]
        words = [s for s in q["expect_any"] if any(s in ws for ws in NUMWORDS.values())]
        if len(set(digits)) != 1 or not words:
            err(f"{qid}: how_many needs one digit and a word form")
        else:
            n = int(digits[0])
            if any(s not in NUMWORDS.get(n, []) for s in words):
                err(f"{qid}: number words disagree with {n}")
            if str(n) not in note:
                err(f"{qid}: note does not state the count {n}")

if errors:
    for e in errors:
        print("ERROR:", e)
    print(f"{len(errors)} problem(s)")
    sys.exit(1)
print(f"messages={len(hist)} sessions={sessions} questions={len(Q)} types={dict(cnt)}")
print("OK")
