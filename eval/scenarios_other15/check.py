#!/usr/bin/env python3
"""Validate the other15 synthetic evaluation set. Prints OK when everything holds."""
import json, os, re, sys, datetime as dt

HERE = os.path.dirname(os.path.abspath(__file__))
errors = []
def err(msg):
    errors.append(msg)

H = [json.loads(l) for l in open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") if l.strip()]
Q = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))
byid = {}
USER = "Noor"
CONVS = {"Idris", "Sakura", "flat 3/2", "Ms Achebe (vet)"}
TYPE_COUNTS = {"event_when": 4, "last_mention": 3, "first_mention": 3, "who": 4, "what": 4, "where": 3,
               "how_many": 4, "list": 3, "what_did_we_talk_about": 3, "changed_plan": 4, "follow_up": 3,
               "not_in_history": 2}
# topic terms used to scan the history for first/last mention questions
TOPICS = {
    "j05": ["leak", "drip", "ceiling", "plumber"],
    "j06": ["dougie"],
    "j07": ["speech"],
    "j08": ["cough"],
    "j09": ["party"],
    "j10": ["ceilidh", "hairst"],
}
# terms that must appear nowhere for not_in_history questions
ABSENT = {
    "j39": ["best man"],
    "j40": ["teeth", "tooth", "dental"],
}
REFUSALS = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]

# ---------------------------------------------------------------- history
def ts(s):
    return dt.datetime.strptime(s, "%Y-%m-%dT%H:%M:%S")

prev = None
last_in_conv = {}
for n, m in enumerate(H, 1):
    for k in ("id", "conversation", "speaker", "ts", "text"):
        if k not in m:
            err(f"history line {n}: missing {k}")
    if m["id"] in byid:
        err(f"duplicate message id {m['id']}")
    byid[m["id"]] = m
    if m["id"] != f"J{n:04d}":
        err(f"id {m['id']} out of sequence (expected J{n:04d})")
    t = ts(m["ts"])
    if prev and t <= prev:
        err(f"{m['id']}: timestamp not strictly increasing")
    prev = t
    c = m["conversation"]
    if c in last_in_conv and t <= last_in_conv[c]:
        err(f"{m['id']}: timestamp not increasing within {c}")
    last_in_conv[c] = t
    if c not in CONVS:
        err(f"{m['id']}: unknown conversation {c}")
    if not m["text"].strip():
        err(f"{m['id']}: empty text")

if set(m["conversation"] for m in H) != CONVS:
    err("conversations differ from the expected four")
speakers = {}
for m in H:
    speakers.setdefault(m["conversation"], set()).add(m["speaker"])
for c, s in speakers.items():
    if USER not in s:
        err(f"{USER} never speaks in {c}")
if speakers.get("flat 3/2") != {"Noor", "Callum", "Berit", "Oye"}:
    err(f"flat 3/2 speakers: {speakers.get('flat 3/2')}")
if not 300 <= len(H) <= 340:
    err(f"message count {len(H)} outside 300-340")

sessions = 0
p = None
for m in H:
    t = ts(m["ts"])
    if p is None or (t - p).total_seconds() > 3600:
        sessions += 1
    p = t
if not 45 <= sessions <= 55:
    err(f"session count {sessions} outside 45-55")

# ---------------------------------------------------------------- date helpers
MONTHS = {"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
          "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sept": 9, "sep": 9,
          "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12}
WEEKDAYS = {"monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2, "wed": 2, "thursday": 3,
            "thu": 3, "thurs": 3, "friday": 4, "fri": 4, "saturday": 5, "sat": 5, "sunday": 6, "sun": 6}
NUMWORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirty": 30}

def parse_date(s, target):
    """Return (ok, unsafe_reason) checking whether s denotes target (a date)."""
    s = s.strip().lower()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return dt.date(int(m[1]), int(m[2]), int(m[3])) == target, None
    toks = re.findall(r"[a-z]+|\d+(?:st|nd|rd|th)?", s)
    month = wd = day = None
    day_pos = month_pos = wd_pos = None
    for i, tk in enumerate(toks):
        if tk in MONTHS and month is None:
            month, month_pos = MONTHS[tk], i
        elif tk in WEEKDAYS and wd is None:
            wd, wd_pos = WEEKDAYS[tk], i
        elif re.fullmatch(r"\d+(?:st|nd|rd|th)?", tk) and day is None:
            day, day_pos, suffixed = int(re.match(r"\d+", tk).group()), i, not tk.isdigit()
        elif tk not in ("the", "of"):
            return False, f"unparseable token {tk!r}"
    if day is None:
        return False, "no day"
    if month is None and wd is None:
        return False, "no month or weekday"
    ok = day == target.day
    if month is not None:
        ok = ok and month == target.month
    if wd is not None:
        ok = ok and wd == target.weekday()
    unsafe = None
    if day < 10 and month is not None and day_pos < month_pos and wd is None:
        unsafe = "single-digit day before month (substring of a two-digit date)"
    if day <= 3 and month is not None and day_pos > month_pos and not suffixed:
        unsafe = "prefix of a longer date"
    if month is None and wd_pos is not None and day_pos < wd_pos:
        unsafe = "day before weekday"
    return ok, unsafe

def note_date(note):
    ds = re.findall(r"\d{4}-\d{2}-\d{2}", note)
    return dt.date.fromisoformat(ds[-1]) if ds else None

def matches(text, terms):
    t = text.lower()
    return any(x in t for x in terms)

# ---------------------------------------------------------------- questions
qids = set()
counts = {}
texts = set()
for q in Q:
    qid = q["id"]
    for k in ("id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"):
        if k not in q:
            err(f"{qid}: missing field {k}")
    if qid in qids:
        err(f"duplicate question id {qid}")
    qids.add(qid)
    if not re.fullmatch(r"j\d{2}", qid):
        err(f"{qid}: bad id")
    if q["question"].lower() in texts:
        err(f"{qid}: duplicate question text")
    texts.add(q["question"].lower())
    counts[q["type"]] = counts.get(q["type"], 0) + 1
    now = ts(q["now"])
    if q["conversation"] is not None and q["conversation"] not in CONVS:
        err(f"{qid}: unknown conversation")
    if (q["type"] == "follow_up") != bool(q["turns"]):
        err(f"{qid}: turns only (and always) for follow_up")
    if q["type"] == "follow_up" and not 1 <= len(q["turns"]) <= 2:
        err(f"{qid}: follow_up needs 1-2 turns")
    ev = []
    for e in q["evidence"]:
        if e not in byid:
            err(f"{qid}: evidence {e} does not exist")
            continue
        ev.append(byid[e])
        if ts(byid[e]["ts"]) > now:
            err(f"{qid}: evidence {e} is later than now")
    evtext = " \n ".join(m["text"].lower() for m in ev)
    note = q["note"]
    derived = "derived" in note.lower()

    if q["type"] == "not_in_history":
        if q["evidence"] or q["expect_all"]:
            err(f"{qid}: not_in_history must have no evidence / expect_all")
        if sorted(q["expect_any"]) != sorted(REFUSALS):
            err(f"{qid}: refusal list differs")
        terms = ABSENT.get(qid)
        if not terms:
            err(f"{qid}: no absent terms registered")
        else:
            for m in H:
                if matches(m["text"], terms):
                    err(f"{qid}: term found in {m['id']}: {m['text']}")
        continue

    if not q["evidence"]:
        err(f"{qid}: no evidence")

    if q["type"] in ("list", "what_did_we_talk_about"):
        if q["expect_any"] or not 3 <= len(q["expect_all"]) <= 5:
            err(f"{qid}: list types need 3-5 expect_all and no expect_any")
        for s in q["expect_all"]:
            if s.lower() not in evtext:
                err(f"{qid}: expect_all {s!r} not in evidence")
        if q["type"] == "what_did_we_talk_about":
            days = {byid[e]["ts"][:10] for e in q["evidence"]}
            if len(days) != 1:
                err(f"{qid}: evidence spans several days {days}")
        continue

    if q["expect_all"] or not q["expect_any"]:
        err(f"{qid}: needs expect_any and empty expect_all")

    date_q = q["type"] in ("event_when", "first_mention", "last_mention") or (
        q["type"] == "changed_plan" and "derived date" in note.lower())
    if date_q:
        target = note_date(note)
        if target is None or not derived:
            err(f"{qid}: date question needs a 'Derived date' note with an ISO date")
            continue
        if target > now.date() and q["type"] in ("first_mention", "last_mention"):
            err(f"{qid}: mention date after now")
        if target.isoformat() not in q["expect_any"]:
            err(f"{qid}: ISO form missing from expect_any")
        for s in q["expect_any"]:
            ok, unsafe = parse_date(s, target)
            if not ok:
                err(f"{qid}: {s!r} does not denote {target}")
            if unsafe:
                err(f"{qid}: {s!r} unsafe: {unsafe}")
        if q["type"] == "event_when":
            for m in ev:
                if m["ts"][:10] == target.isoformat():
                    err(f"{qid}: event date equals date of evidence {m['id']}")
        if q["type"] in ("first_mention", "last_mention"):
            terms = TOPICS.get(qid)
            if not terms:
                err(f"{qid}: no topic terms registered")
                continue
            scope = [m for m in H if q["conversation"] in (None, m["conversation"]) and ts(m["ts"]) <= now]
            hits = [m for m in scope if matches(m["text"], terms)]
            if not hits:
                err(f"{qid}: topic never found")
                continue
            want = hits[0] if q["type"] == "first_mention" else hits[-1]
            if want["ts"][:10] != target.isoformat():
                err(f"{qid}: scan gives {want['ts'][:10]} ({want['id']}), note says {target}")
            if want["id"] not in q["evidence"]:
                err(f"{qid}: scanned message {want['id']} not in evidence")
        continue

    if q["type"] == "how_many":
        m = re.search(r"derived count:\s*(\d+)", note.lower())
        if not m:
            err(f"{qid}: how_many note needs 'Derived count: N'")
            continue
        n = int(m.group(1))
        words = [w for w, v in NUMWORDS.items() if v == n]
        if str(n) not in q["expect_any"] or not any(w in q["expect_any"] for w in words):
            err(f"{qid}: expect_any needs {n} as digit and word")
        for s in q["expect_any"]:
            if s != str(n) and s not in words:
                err(f"{qid}: unexpected how_many answer {s!r}")
        continue

    for s in q["expect_any"]:
        if s.lower() in evtext:
            continue
        if s.lower() in NUMWORDS and str(NUMWORDS[s.lower()]) in q["expect_any"] and derived:
            continue
        err(f"{qid}: expect_any {s!r} not in evidence and not an explained derived value")

for t, c in TYPE_COUNTS.items():
    if counts.get(t, 0) != c:
        err(f"type {t}: {counts.get(t, 0)} questions, expected {c}")
if len(Q) != 40:
    err(f"{len(Q)} questions, expected 40")

if errors:
    print("\n".join(errors))
    print(f"{len(errors)} problem(s)")
    sys.exit(1)
print(f"{len(H)} messages, {sessions} sessions, {len(Q)} questions")
print("OK")
