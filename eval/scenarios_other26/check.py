#!/usr/bin/env python3
"""Validate this synthetic set (history.jsonl + questions.json). Prints OK when valid. stdlib only."""
import datetime as dt
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ERR = []


def err(msg):
    ERR.append(msg)


EXPECTED_TYPES = {"event_when": 4, "last_mention": 3, "first_mention": 3, "who": 4, "what": 4, "where": 3,
                  "how_many": 4, "list": 3, "what_did_we_talk_about": 3, "changed_plan": 4, "follow_up": 3,
                  "not_in_history": 2}
REFUSALS = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know",
            "never mentioned"]
MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"], 1)}
for _k, _v in list(MONTHS.items()):
    MONTHS[_k[:3]] = _v
MONTHS["sept"] = 9
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUMWORDS = {"one": 1, "once": 1, "two": 2, "twice": 2, "three": 3, "thrice": 3, "four": 4, "five": 5,
            "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
ORDWORDS = {"first": 1, "second": 2, "third": 3}

# ---------------------------------------------------------------- history
hist = []
with open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") as f:
    for n, line in enumerate(f, 1):
        line = line.strip()
        if not line:
            continue
        try:
            m = json.loads(line)
        except ValueError as e:
            err("history line %d: bad json (%s)" % (n, e))
            continue
        if set(m) != {"id", "conversation", "speaker", "ts", "text"}:
            err("history line %d: wrong fields %s" % (n, sorted(m)))
        hist.append(m)

by_id = {}
for i, m in enumerate(hist, 1):
    if m["id"] in by_id:
        err("duplicate message id " + m["id"])
    by_id[m["id"]] = m
    if m["id"] != "U%04d" % i:
        err("message id %s out of sequence (expected U%04d)" % (m["id"], i))
    try:
        m["_t"] = dt.datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%S")
    except ValueError:
        err("bad ts " + m["ts"])
        m["_t"] = dt.datetime(1970, 1, 1)

for a, b in zip(hist, hist[1:]):
    if not a["_t"] < b["_t"]:
        err("timestamps not strictly increasing at %s -> %s" % (a["id"], b["id"]))
last_by_conv = {}
for m in hist:
    c = m["conversation"]
    if c in last_by_conv and not last_by_conv[c] < m["_t"]:
        err("timestamps not increasing within %s at %s" % (c, m["id"]))
    last_by_conv[c] = m["_t"]

convs = Counter(m["conversation"] for m in hist)
if len(convs) != 4:
    err("expected 4 conversations, got %s" % dict(convs))
if not 300 <= len(hist) <= 340:
    err("history has %d messages (want 300-340)" % len(hist))
sessions = 1 + sum((b["_t"] - a["_t"]).total_seconds() > 3600 for a, b in zip(hist, hist[1:]))
if not 45 <= sessions <= 55:
    err("history has %d sessions (want 45-55)" % sessions)
if "Tobias" not in {m["speaker"] for m in hist}:
    err("user Tobias never speaks")

# ---------------------------------------------------------------- helpers
def low(s):
    return s.lower().replace("\u2019", "'")


def parse_date(s, year=2026):
    """Return (month or None, day, weekday or None) or a full date for ISO; None if not a date."""
    s = low(s).strip()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    toks = re.findall(r"[a-z]+|\d+", s)
    month = day = wd = None
    for t in toks:
        if t in MONTHS:
            month = MONTHS[t]
        elif t in WEEKDAYS:
            wd = WEEKDAYS.index(t)
        elif t in ORDWORDS:
            day = ORDWORDS[t]
        elif t.isdigit() and 1 <= int(t) <= 31:
            day = int(t)
        elif t in ("st", "nd", "rd", "th", "of", "the"):
            pass
        else:
            return None
    if day is None or (month is None and wd is None):
        return None
    return (month, day, wd)


def date_matches(p, d):
    if isinstance(p, dt.date):
        return p == d
    month, day, wd = p
    if day != d.day:
        return False
    if month is not None and month != d.month:
        return False
    if wd is not None and wd != d.weekday():
        return False
    return True


def note_dates(note):
    return [dt.date(int(a), int(b), int(c)) for a, b, c in re.findall(r"(\d{4})-(\d{2})-(\d{2})", note)]


def terms_of(note):
    m = re.search(r"Terms:\s*(.*)$", note)
    if not m:
        return []
    return [t.lower() for t in re.findall(r"'([^']+)'", m.group(1))]


def as_number(s):
    s = low(s).strip()
    if s.isdigit():
        return int(s)
    return NUMWORDS.get(s)


# ---------------------------------------------------------------- questions
with open(os.path.join(HERE, "questions.json"), encoding="utf-8") as f:
    qs = json.load(f)
FIELDS = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"}
if len(qs) != 40:
    err("expected 40 questions, got %d" % len(qs))
tc = Counter(q.get("type") for q in qs)
if dict(tc) != EXPECTED_TYPES:
    err("type counts %s != %s" % (dict(tc), EXPECTED_TYPES))
seen = set()
texts = set()
for n, q in enumerate(qs, 1):
    qid = q.get("id")
    if set(q) != FIELDS:
        err("%s: wrong fields %s" % (qid, sorted(q)))
        continue
    if qid in seen:
        err("duplicate question id " + qid)
    seen.add(qid)
    if qid != "u%02d" % n:
        err("%s: question id out of sequence" % qid)
    if low(q["question"]) in texts:
        err("%s: duplicate question text" % qid)
    texts.add(low(q["question"]))
    t = q["type"]
    try:
        now = dt.datetime.strptime(q["now"], "%Y-%m-%dT%H:%M:%S")
    except ValueError:
        err("%s: bad now" % qid)
        continue
    if q["conversation"] is not None and q["conversation"] not in convs:
        err("%s: unknown conversation %r" % (qid, q["conversation"]))
    if (t == "follow_up") != bool(q["turns"]):
        err("%s: turns must be non-empty exactly for follow_up" % qid)
    if t == "follow_up" and not 1 <= len(q["turns"]) <= 2:
        err("%s: follow_up needs 1-2 turns" % qid)
    ev = []
    for e in q["evidence"]:
        if e not in by_id:
            err("%s: evidence %s does not exist" % (qid, e))
        else:
            ev.append(by_id[e])
            if by_id[e]["_t"] > now:
                err("%s: evidence %s is after now" % (qid, e))
    if t == "not_in_history":
        if ev or q["expect_all"] or q["expect_any"] != REFUSALS:
            err("%s: not_in_history must have no evidence, no expect_all and the refusal list" % qid)
        terms = terms_of(q["note"])
        if not terms:
            err("%s: not_in_history note needs Terms:" % qid)
        for term in terms:
            for m in hist:
                if term in low(m["text"]):
                    err("%s: term %r appears in %s" % (qid, term, m["id"]))
        continue
    if not ev:
        err("%s: no evidence" % qid)
        continue
    if t in ("list", "what_did_we_talk_about"):
        if q["expect_any"] or not 3 <= len(q["expect_all"]) <= 5:
            err("%s: list-like question needs 3-5 expect_all and no expect_any" % qid)
    else:
        if q["expect_all"] or not q["expect_any"]:
            err("%s: needs expect_any and no expect_all" % qid)
    hay = " \n ".join(low(m["speaker"] + ": " + m["text"]) for m in ev)
    hay_time = hay.replace(":", ".")
    note = q["note"]
    nd = note_dates(note)
    derived = "derived" in note.lower()
    parsed_dates = []
    for s in q["expect_any"] + q["expect_all"]:
        if s != s.lower():
            err("%s: expected string %r not lowercase" % (qid, s))
        p = parse_date(s)
        if p is not None:
            parsed_dates.append((s, p))
        if low(s) in hay:
            continue
        if p is not None:
            if not derived or not any(date_matches(p, d) for d in nd):
                err("%s: date %r not in evidence and not explained as derived in note" % (qid, s))
            continue
        if t == "how_many" and as_number(s) is not None:
            continue  # checked below
        if re.fullmatch(r"\d{1,2}[:.]\d{2}", s) and s.replace(":", ".") in hay_time:
            continue
        if derived and low(s) in low(note):
            continue
        err("%s: expected %r not found in evidence nor explained in note" % (qid, s))
    # date variants agree
    if parsed_dates:
        if not nd:
            err("%s: date answers but no ISO date in note" % qid)
        else:
            target = None
            for s, p in parsed_dates:
                if isinstance(p, dt.date):
                    target = p
            if target is None:
                err("%s: date answers need an ISO variant" % qid)
            else:
                for s, p in parsed_dates:
                    if not date_matches(p, target):
                        err("%s: date variant %r disagrees with %s" % (qid, s, target))
                # bare prefix guard: e.g. 'april 1' would prefix 'april 1x'
                for s in q["expect_any"]:
                    if re.fullmatch(r"[a-z]+ \d", s) or re.fullmatch(r"\d [a-z]+", s):
                        err("%s: ambiguous single-digit date form %r" % (qid, s))
                if t == "event_when":
                    for m in ev:
                        if m["_t"].date() == target:
                            err("%s: event date equals message date of %s" % (qid, m["id"]))
                if t in ("first_mention", "last_mention"):
                    terms = terms_of(note)
                    if not terms:
                        err("%s: mention question needs Terms: in note" % qid)
                    hits = [m for m in hist if m["_t"] <= now
                            and (q["conversation"] is None or m["conversation"] == q["conversation"])
                            and any(term in low(m["text"]) for term in terms)]
                    if not hits:
                        err("%s: no history message matches terms %s" % (qid, terms))
                    else:
                        scan = (hits[0] if t == "first_mention" else hits[-1])["_t"].date()
                        if scan != target:
                            err("%s: scan gives %s but expected %s" % (qid, scan, target))
                        if (hits[0] if t == "first_mention" else hits[-1])["id"] not in q["evidence"]:
                            err("%s: scanned message not in evidence" % qid)
    elif t in ("event_when", "first_mention", "last_mention"):
        err("%s: %s needs date answers" % (qid, t))
    if t == "how_many":
        m = re.search(r"Derived count:\s*(\d+)", note)
        if not m:
            err("%s: how_many note must start with 'Derived count: N'" % qid)
        else:
            c = int(m.group(1))
            nums = [as_number(s) for s in q["expect_any"]]
            if any(x != c for x in nums):
                err("%s: count forms %s disagree with %d" % (qid, q["expect_any"], c))
            if not any(s.isdigit() for s in q["expect_any"]) or all(s.isdigit() for s in q["expect_any"]):
                err("%s: need the count as digit and as word" % qid)
    if t == "changed_plan" and len(ev) < 2:
        err("%s: changed_plan needs the original and the changed plan as evidence" % qid)

if ERR:
    for e in ERR:
        print("ERROR:", e)
    sys.exit(1)
print("OK (%d messages, %d sessions, %d questions)" % (len(hist), sessions, len(qs)))
