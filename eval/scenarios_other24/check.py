#!/usr/bin/env python3
"""Validate the other24 held-out set. Prints OK when valid. Stdlib only."""
import json, os, re, sys, datetime as dt
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
H = [json.loads(l) for l in open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") if l.strip()]
Q = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))
BY = {h["id"]: h for h in H}
errors = []
def err(msg): errors.append(msg)

# topic terms for first/last-mention scans, and terms that must never appear
TOPIC = {"z28": ["family tree"], "z29": ["stall"], "z30": ["tote"],
         "z31": ["payment on account"], "z32": ["gazebo"]}
ABSENT = {"z33": ["cymbal"], "z34": ["wifi", "wi-fi", "password"], "z35": ["pension"]}
REFUSAL = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]
TYPES = {"event_when": 5, "follow_up": 5, "what": 4, "last_mention": 3, "who": 3, "how_many": 3,
         "what_did_we_talk_about": 3, "not_in_history": 3, "list": 3, "changed_plan": 3, "where": 3,
         "first_mention": 2}
FIELDS = ["id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"]
MONTHS = {m: i + 1 for i, m in enumerate(["january", "february", "march", "april", "may", "june", "july",
                                          "august", "september", "october", "november", "december"])}
ABBR = {m[:3]: i for m, i in MONTHS.items()}; ABBR["sept"] = 9
WORDS = {1: ["one", "once"], 2: ["two", "twice"], 3: ["three", "thrice"], 4: ["four"], 5: ["five"], 6: ["six"],
         7: ["seven"], 8: ["eight"], 9: ["nine"], 10: ["ten"]}
YEAR = 2026

def ts(s): return dt.datetime.strptime(s, "%Y-%m-%dT%H:%M:%S")

def parse_date(s):
    s = s.lower().strip()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m: return dt.date(*map(int, m.groups()))
    mon = r"(" + "|".join(sorted(list(MONTHS) + list(ABBR), key=len, reverse=True)) + r")"
    wd = r"(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday) (?:the )?)?"
    for pat, order in [(wd + r"(\d{1,2})(?:st|nd|rd|th)?(?: of)? " + mon, "dm"), (wd + mon + r" (\d{1,2})(?:st|nd|rd|th)?", "md")]:
        m = re.fullmatch(pat, s)
        if m:
            a, b = m.groups()
            d, mo = (a, b) if order == "dm" else (b, a)
            mo = MONTHS.get(mo) or ABBR[mo]
            return dt.date(YEAR, mo, int(d))
    return None

# ---- history ----
if not 300 <= len(H) <= 340: err(f"history has {len(H)} messages, want 300-340")
ids = [h["id"] for h in H]
if len(set(ids)) != len(ids): err("duplicate message ids")
for i, h in enumerate(H):
    if set(h) != {"id", "conversation", "speaker", "ts", "text"}: err(f"{h.get('id')}: bad fields")
    if h["id"] != "Z%04d" % (i + 1): err(f"{h['id']}: ids not sequential Z0001..")
    if i and ts(h["ts"]) <= ts(H[i - 1]["ts"]): err(f"{h['id']}: timestamp not strictly increasing")
convs = Counter(h["conversation"] for h in H)
if len(convs) != 4: err(f"want 4 conversations, got {dict(convs)}")
if "Callum" not in {h["speaker"] for h in H}: err("user Callum never speaks")
last = {}
for h in H:
    c = h["conversation"]
    if c in last and ts(h["ts"]) <= last[c]: err(f"{h['id']}: not increasing within {c}")
    last[c] = ts(h["ts"])
sessions = 1 + sum(1 for a, b in zip(H, H[1:]) if ts(b["ts"]) - ts(a["ts"]) > dt.timedelta(hours=2))
if not 45 <= sessions <= 55: err(f"{sessions} sessions, want 45-55")
span = (ts(H[-1]["ts"]) - ts(H[0]["ts"])).days
if not 95 <= span <= 120: err(f"history spans {span} days, want ~3.5 months")

# ---- questions ----
if len(Q) != 40: err(f"{len(Q)} questions, want 40")
qids = [q.get("id") for q in Q]
if len(set(qids)) != len(qids): err("duplicate question ids")
if qids != ["z%02d" % (i + 1) for i in range(len(Q))]: err("question ids not z01..z40")
if Counter(q["type"] for q in Q) != Counter(TYPES): err(f"type counts {Counter(q['type'] for q in Q)}")
if len({q["question"].lower().strip() for q in Q}) != len(Q): err("duplicate question wording")

def msg_match(h, terms): return any(t in h["text"].lower() for t in terms)

for q in Q:
    qid = q["id"]
    if list(q) != FIELDS: err(f"{qid}: fields {list(q)}")
    now = ts(q["now"])
    if q["conversation"] is not None and q["conversation"] not in convs: err(f"{qid}: unknown conversation")
    if q["type"] == "follow_up":
        if not 1 <= len(q["turns"]) <= 2: err(f"{qid}: follow_up needs 1-2 turns")
    elif q["turns"]: err(f"{qid}: only follow_up has turns")
    for e in q["evidence"]:
        if e not in BY: err(f"{qid}: evidence {e} missing"); continue
        if ts(BY[e]["ts"]) > now: err(f"{qid}: evidence {e} after now")
    evtext = " \n ".join(BY[e]["text"].lower() for e in q["evidence"] if e in BY)
    note = q["note"]

    if q["type"] == "not_in_history":
        if q["evidence"] or q["expect_all"]: err(f"{qid}: not_in_history must have no evidence/expect_all")
        if q["expect_any"] != REFUSAL: err(f"{qid}: refusal list differs")
        terms = ABSENT.get(qid)
        if not terms: err(f"{qid}: no ABSENT terms configured"); continue
        for h in H:
            if msg_match(h, terms): err(f"{qid}: term found in {h['id']}")
        continue
    if not q["evidence"]: err(f"{qid}: no evidence")
    if q["type"] in ("list", "what_did_we_talk_about"):
        if q["expect_any"] or not 3 <= len(q["expect_all"]) <= 5: err(f"{qid}: want 3-5 expect_all, no expect_any")
    elif not q["expect_any"] or q["expect_all"]: err(f"{qid}: want expect_any only")

    count = None
    m = re.search(r"Derived count: (\d+)", note)
    if m: count = int(m.group(1))
    dates = set()
    for s in q["expect_any"] + q["expect_all"]:
        if s != s.lower(): err(f"{qid}: expected string not lowercase: {s!r}")
        d = parse_date(s)
        if d:
            dates.add(d)
            if re.fullmatch(r"(?:[a-z]+ )?[a-z]+ [1-3]", s): err(f"{qid}: {s!r} is a prefix of a longer date")
        if s in evtext: continue
        if d and "Derived date" in note and d.isoformat() in note: continue
        if count is not None and (s == str(count) or s in WORDS.get(count, [])): continue
        err(f"{qid}: {s!r} not in evidence and not an explained derived value")
    if len(dates) > 1: err(f"{qid}: date variants disagree {sorted(dates)}")
    date_types = ("event_when", "changed_plan", "first_mention", "last_mention")
    if q["type"] in date_types or (dates and q["type"] == "follow_up"):
        if len(dates) != 1: err(f"{qid}: needs one answer date"); continue
        d = dates.pop()
        if d.isoformat() not in q["expect_any"]: err(f"{qid}: ISO date missing")
        if q["type"] == "event_when":
            if any(BY[e]["ts"][:10] == d.isoformat() for e in q["evidence"]):
                err(f"{qid}: event date equals the date of an evidence message")
        if q["type"] in ("first_mention", "last_mention"):
            terms = TOPIC.get(qid)
            if not terms: err(f"{qid}: no TOPIC terms configured"); continue
            pool = [h for h in H if msg_match(h, terms) and ts(h["ts"]) <= now
                    and (q["conversation"] is None or h["conversation"] == q["conversation"])]
            if not pool: err(f"{qid}: topic never found"); continue
            hit = pool[0] if q["type"] == "first_mention" else pool[-1]
            if hit["ts"][:10] != d.isoformat(): err(f"{qid}: scan says {hit['ts'][:10]}, expected {d}")
            if hit["id"] not in q["evidence"]: err(f"{qid}: scanned message {hit['id']} not in evidence")
        if ts(max(BY[e]["ts"] for e in q["evidence"])) >= now: err(f"{qid}: now not after evidence")
    if q["type"] == "how_many":
        if count is None: err(f"{qid}: note lacks 'Derived count: N'")
        elif str(count) not in q["expect_any"] or not any(w in q["expect_any"] for w in WORDS.get(count, [])):
            err(f"{qid}: how_many needs digit and word")

if errors:
    print("\n".join(errors)); print(f"{len(errors)} problem(s)"); sys.exit(1)
print(f"messages={len(H)} sessions={sessions} questions={len(Q)} conversations={dict(convs)}")
print("OK")
