#!/usr/bin/env python3
"""Validate the other13 evaluation set. Prints OK when everything passes."""
import datetime as dt
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
YEAR = 2027
PREFIX = "v"

TYPE_COUNTS = {"event_when": 4, "last_mention": 3, "first_mention": 3, "who": 4, "what": 4, "where": 3,
               "how_many": 4, "list": 3, "what_did_we_talk_about": 3, "changed_plan": 4, "follow_up": 3,
               "not_in_history": 2}
DATE_TYPES = {"event_when", "first_mention", "last_mention"}
REFUSALS = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]

# topic terms used to scan the history for first/last mention questions (regex, case-insensitive)
TOPIC = {
    "v05": [r"\bbamse\b"],
    "v06": [r"\bessays?\b"],
    "v07": [r"\bt-?shirts?\b", r"\bt shirts?\b", r"\bmerch\b"],
    "v08": [r"\bdemos?\b"],
    "v09": [r"\bboiler\b"],
    "v10": [r"\b80th\b", r"\beighty\b", r"\beightieth\b", r"\bturning 80\b"],
}
# terms that must appear nowhere for not_in_history questions
ABSENT = {
    "v39": [r"saddle"],
    "v40": [r"edinburgh", r"embra"],
}

MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"], 1)}
for k, v in list(MONTHS.items()):
    MONTHS[k[:3]] = v
MONTHS["sept"] = 9
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUMWORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "once": 1,
            "twice": 2}
MON_RE = "|".join(sorted(MONTHS, key=len, reverse=True))
ORD = r"(?:st|nd|rd|th)?"

errors = []


def err(msg):
    errors.append(msg)


def parse_date(s):
    """Return ('date', date) | ('day', weekday, day) | ('weekday', weekday) | None."""
    s = s.strip().lower()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return ("date", dt.date(int(m[1]), int(m[2]), int(m[3])))
    m = re.fullmatch(r"(\d{1,2})%s (?:of )?(%s)" % (ORD, MON_RE), s)
    if m:
        return ("date", dt.date(YEAR, MONTHS[m[2]], int(m[1])))
    m = re.fullmatch(r"(%s) (\d{1,2})%s" % (MON_RE, ORD), s)
    if m:
        return ("date", dt.date(YEAR, MONTHS[m[1]], int(m[2])))
    m = re.fullmatch(r"(%s) the (\d{1,2})%s" % ("|".join(WEEKDAYS), ORD), s)
    if m:
        return ("day", WEEKDAYS.index(m[1]), int(m[2]))
    m = re.fullmatch(r"(%s)(?: (?:morning|afternoon|evening|night))?" % "|".join(WEEKDAYS), s)
    if m:
        return ("weekday", WEEKDAYS.index(m[1]))
    return None


def main():
    hist = [json.loads(l) for l in open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") if l.strip()]
    qs = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))
    by_id = {}
    for m in hist:
        for f in ("id", "conversation", "speaker", "ts", "text"):
            if f not in m:
                err("message missing %s: %r" % (f, m))
        if m["id"] in by_id:
            err("duplicate message id %s" % m["id"])
        by_id[m["id"]] = m
        m["_t"] = dt.datetime.fromisoformat(m["ts"])
    if not 300 <= len(hist) <= 340:
        err("history has %d messages" % len(hist))
    for i, m in enumerate(hist, 1):
        if m["id"] != "%s%04d" % (PREFIX, i):
            err("id out of order: %s at position %d" % (m["id"], i))
    for a, b in zip(hist, hist[1:]):
        if not a["_t"] < b["_t"]:
            err("timestamps not strictly increasing: %s %s" % (a["id"], b["id"]))
    last_in_conv = {}
    for m in hist:
        c = m["conversation"]
        if c in last_in_conv and not last_in_conv[c] < m["_t"]:
            err("timestamps not increasing in conversation %s at %s" % (c, m["id"]))
        last_in_conv[c] = m["_t"]
    convs = Counter(m["conversation"] for m in hist)
    if len(convs) != 4:
        err("expected 4 conversations, got %s" % dict(convs))

    # questions
    qids = [q["id"] for q in qs]
    if len(qids) != len(set(qids)):
        err("duplicate question ids")
    if qids != ["%s%02d" % (PREFIX, i) for i in range(1, len(qs) + 1)]:
        err("question ids not v01..vNN in order")
    tc = Counter(q["type"] for q in qs)
    if dict(tc) != TYPE_COUNTS:
        err("type counts %s != %s" % (dict(tc), TYPE_COUNTS))
    phrasings = Counter(q["question"].strip().lower() for q in qs)
    for p, n in phrasings.items():
        if n > 1:
            err("question repeated: %r" % p)

    for q in qs:
        qid, typ = q["id"], q["type"]
        for f in ("id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"):
            if f not in q:
                err("%s missing field %s" % (qid, f))
        now = dt.datetime.fromisoformat(q["now"])
        if q["conversation"] is not None and q["conversation"] not in convs:
            err("%s unknown conversation %r" % (qid, q["conversation"]))
        if typ == "follow_up":
            if not 1 <= len(q["turns"]) <= 2:
                err("%s follow_up needs 1-2 turns" % qid)
        elif q["turns"]:
            err("%s has turns but is not follow_up" % qid)
        for e in q["evidence"]:
            if e not in by_id:
                err("%s evidence %s missing" % (qid, e))
            elif by_id[e]["_t"] > now:
                err("%s evidence %s is after now" % (qid, e))
        note = q["note"].lower()
        evtext = " \n ".join(by_id[e]["text"].lower() for e in q["evidence"] if e in by_id)

        if typ == "not_in_history":
            if q["evidence"]:
                err("%s not_in_history must have no evidence" % qid)
            if q["expect_any"] != REFUSALS:
                err("%s refusal list differs" % qid)
            terms = ABSENT.get(qid)
            if not terms:
                err("%s has no ABSENT terms" % qid)
            for t in terms or []:
                for m in hist:
                    if re.search(t, m["text"], re.I):
                        err("%s term %r appears in %s" % (qid, t, m["id"]))
            continue
        if not q["evidence"]:
            err("%s has no evidence" % qid)

        if typ in ("list", "what_did_we_talk_about"):
            if q["expect_any"] or not 3 <= len(q["expect_all"]) <= 5:
                err("%s expect_all must hold 3-5 items and expect_any be empty" % qid)
        elif not q["expect_any"] or q["expect_all"]:
            err("%s expect_any must be set and expect_all empty" % qid)

        derived = "derived" in note
        # every expected string must be in the evidence, or be a derived value explained in the note
        for s in q["expect_any"] + q["expect_all"]:
            sl = s.lower()
            if sl in evtext:
                continue
            pd = parse_date(sl)
            if not derived:
                err("%s expected %r not in evidence and note is not 'Derived'" % (qid, s))
                continue
            if pd and pd[0] == "date":
                if pd[1].isoformat() not in note:
                    err("%s derived date %r not explained in note" % (qid, s))
            elif pd:
                pass  # checked against the full date below
            elif typ == "how_many":
                n = NUMWORDS.get(sl, int(sl) if sl.isdigit() else None)
                if n is None or str(n) not in note:
                    err("%s derived count %r not explained in note" % (qid, s))
            elif sl not in note:
                err("%s derived value %r not explained in note" % (qid, s))

        # date agreement
        parsed = [(s, parse_date(s)) for s in q["expect_any"]]
        full = {p[1] for s, p in parsed if p and p[0] == "date"}
        if typ in DATE_TYPES and len(full) != 1:
            err("%s date variants disagree or missing: %s" % (qid, full))
        if len(full) > 1:
            err("%s date variants disagree: %s" % (qid, full))
        if len(full) == 1:
            d = next(iter(full))
            for s, p in parsed:
                if p and p[0] == "day" and (p[1] != d.weekday() or p[2] != d.day):
                    err("%s variant %r does not match %s" % (qid, s, d))
                if p and p[0] == "weekday" and p[1] != d.weekday():
                    err("%s variant %r does not match %s" % (qid, s, d))
            # no bare variant may be a prefix of a different date's form
            for s, p in parsed:
                m = re.fullmatch(r"(%s) (\d)" % MON_RE, s.lower())
                if m and int(m[2]) <= 3:
                    err("%s variant %r is a prefix of a later date" % (qid, s))
            if typ == "event_when":
                for e in q["evidence"]:
                    if by_id[e]["_t"].date() == d:
                        err("%s event date equals send date of %s" % (qid, e))
            if typ in ("first_mention", "last_mention"):
                terms = TOPIC.get(qid)
                if not terms:
                    err("%s has no TOPIC terms" % qid)
                    continue
                hits = [m for m in hist
                        if (q["conversation"] is None or m["conversation"] == q["conversation"])
                        and m["_t"] <= now and any(re.search(t, m["text"], re.I) for t in terms)]
                if not hits:
                    err("%s topic never found" % qid)
                    continue
                target = hits[0] if typ == "first_mention" else hits[-1]
                if target["_t"].date() != d:
                    err("%s scan says %s (%s), expected %s" % (qid, target["_t"].date(), target["id"], d))
                if target["id"] not in q["evidence"]:
                    err("%s evidence lacks scanned message %s" % (qid, target["id"]))

        if typ == "how_many":
            digits = [s for s in q["expect_any"] if s.isdigit()]
            words = [s for s in q["expect_any"] if s.lower() in NUMWORDS]
            if len(digits) != 1 or not words or any(NUMWORDS[w.lower()] != int(digits[0]) for w in words):
                err("%s how_many needs one digit and matching word(s)" % qid)
            elif digits[0] not in note:
                err("%s how_many note does not state the count" % qid)

    if errors:
        for e in errors:
            print("ERROR:", e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
