#!/usr/bin/env python3
"""Validate the other19 development set. Prints OK when the set is valid."""
import json, os, re, sys, datetime as dt
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
USER = "Lior"
MSG_PREFIX, Q_PREFIX = "C", "c"
TYPE_COUNTS = {"first_mention": 6, "last_mention": 6, "how_many": 6, "where": 6, "what": 6, "list": 4,
               "follow_up": 2, "event_when": 2, "not_in_history": 2}
FIELDS = ["id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"]
REFUSALS = {"does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"}
SESSION_GAP_H = 2.0

# Per-question facts the checker verifies against the history.
# date: the derived date (first/last mention, event_when); terms: regexes scanned case-insensitively
# (within the question's conversation when it names one); count: the derived how_many count.
SPEC = {
    "c01": {"date": "2026-01-19", "terms": [r"towel rail", r"towel radiator"]},
    "c02": {"date": "2026-01-18", "terms": [r"telescope"]},
    "c03": {"date": "2026-01-28", "terms": [r"mexico", r"cdmx"]},
    "c04": {"date": "2026-02-10", "terms": [r"\bsolo\b"]},
    "c05": {"date": "2026-01-12", "terms": [r"quiz"]},
    "c06": {"date": "2026-01-29", "terms": [r"throat", r"cough", r"croaky"]},
    "c07": {"date": "2026-04-24", "terms": [r"minolta", r"camera", r"x-700"]},
    "c08": {"date": "2026-04-09", "terms": [r"speech"]},
    "c09": {"date": "2026-04-20", "terms": [r"\btiles?\b", r"zellige"]},
    "c10": {"date": "2026-04-21", "terms": [r"bake sale"]},
    "c11": {"date": "2026-04-23", "terms": [r"lanternfish"]},
    "c12": {"date": "2026-04-14", "terms": [r"\bavi\b"]},
    "c13": {"count": 4}, "c14": {"count": 3}, "c15": {"count": 3},
    "c16": {"count": 2}, "c17": {"count": 3}, "c18": {"count": 2},
    "c37": {"date": "2026-02-16"},
    "c38": {"date": "2026-04-04"},
    "c39": {"terms": [r"underfloor", r"floor heating", r"heated floor", r"heating under"]},
    "c40": {"terms": [r"tuner", r"tuning", r"piano tun"]},
}
WORDS = {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
         9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]

errors = []
def err(msg):
    errors.append(msg)

def ordn(d):
    return "%d%s" % (d, "th" if 10 <= d % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th"))

def all_forms(d):
    m, mb = MONTHS[d.month - 1], MONTHS[d.month - 1][:3]
    out = set()
    for mm in (m, mb, "sept" if d.month == 9 else mb):
        for dd in (str(d.day), ordn(d.day)):
            out |= {"%s %s" % (mm, dd), "%s %s" % (dd, mm), "%s of %s" % (dd, mm)}
    out.add(d.isoformat())
    return out

def parse_date(s, year):
    s = s.strip().lower()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    s2 = re.sub(r"^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+(the\s+)?", "", s)
    mon = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
    day = r"(\d{1,2})(?:st|nd|rd|th)?"
    for pat, di, mi in ((r"%s\s+%s" % (mon, day), 2, 1), (r"%s(?:\s+of)?\s+%s" % (day, mon), 1, 2)):
        m = re.fullmatch(pat, s2)
        if m:
            mname = m.group(mi)[:3]
            month = [x[:3] for x in MONTHS].index(mname) + 1
            try:
                return dt.date(year, month, int(m.group(di)))
            except ValueError:
                return None
    return None

def main():
    hist = [json.loads(l) for l in open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") if l.strip()]
    qs = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))

    # ---- history
    ids = [m["id"] for m in hist]
    if len(set(ids)) != len(ids):
        err("duplicate message ids")
    for i, m in enumerate(hist, 1):
        if set(m) != {"id", "conversation", "speaker", "ts", "text"}:
            err("bad fields in %s" % m.get("id"))
        if m["id"] != "%s%04d" % (MSG_PREFIX, i):
            err("id %s out of sequence (expected %s%04d)" % (m["id"], MSG_PREFIX, i))
    ts = [dt.datetime.fromisoformat(m["ts"]) for m in hist]
    for a, b, m in zip(ts, ts[1:], hist[1:]):
        if not b > a:
            err("timestamp not strictly increasing at %s" % m["id"])
    convs = Counter(m["conversation"] for m in hist)
    if len(convs) != 4:
        err("expected 4 conversations, got %s" % dict(convs))
    for c in convs:
        speakers = {m["speaker"] for m in hist if m["conversation"] == c}
        if USER not in speakers:
            err("user %s never speaks in %s" % (USER, c))
    if not 300 <= len(hist) <= 340:
        err("message count %d not in 300-340" % len(hist))
    sessions = 1 + sum((b - a).total_seconds() > SESSION_GAP_H * 3600 for a, b in zip(ts, ts[1:]))
    if not 45 <= sessions <= 55:
        err("session count %d not in 45-55" % sessions)
    byid = {m["id"]: m for m in hist}
    year = ts[0].year

    # ---- questions
    qids = [q.get("id") for q in qs]
    if qids != ["%s%02d" % (Q_PREFIX, i) for i in range(1, len(qs) + 1)] or len(qs) != 40:
        err("question ids must be %s01..%s40" % (Q_PREFIX, Q_PREFIX))
    tc = Counter(q["type"] for q in qs)
    if dict(tc) != TYPE_COUNTS:
        err("type counts %s != %s" % (dict(tc), TYPE_COUNTS))
    texts = [q["question"].strip().lower() for q in qs]
    if len(set(texts)) != len(texts):
        err("duplicate question wording")

    for q in qs:
        qid, typ = q["id"], q["type"]
        if list(q) != FIELDS:
            err("%s: fields %s" % (qid, list(q)))
            continue
        spec = SPEC.get(qid, {})
        now = dt.datetime.fromisoformat(q["now"])
        if q["conversation"] is not None and q["conversation"] not in convs:
            err("%s: unknown conversation %s" % (qid, q["conversation"]))
        if typ == "follow_up":
            if not 1 <= len(q["turns"]) <= 2:
                err("%s: follow_up needs 1-2 turns" % qid)
        elif q["turns"]:
            err("%s: only follow_up has turns" % qid)
        ev = []
        for e in q["evidence"]:
            if e not in byid:
                err("%s: evidence %s missing" % (qid, e))
                continue
            ev.append(byid[e])
            if dt.datetime.fromisoformat(byid[e]["ts"]) > now:
                err("%s: evidence %s after now" % (qid, e))
        evtext = " \n ".join(m["text"].lower() for m in ev)
        for s in q["expect_any"] + q["expect_all"]:
            if s != s.lower():
                err("%s: expected string not lowercase: %r" % (qid, s))

        if typ == "not_in_history":
            if q["evidence"]:
                err("%s: not_in_history must have no evidence" % qid)
            if set(q["expect_any"]) != REFUSALS:
                err("%s: not_in_history expect_any must be the refusal list" % qid)
            if not spec.get("terms"):
                err("%s: no terms in SPEC" % qid)
            for t in spec.get("terms", []):
                for m in hist:
                    if re.search(t, m["text"], re.I):
                        err("%s: term %r appears in %s" % (qid, t, m["id"]))
            continue

        if not q["evidence"]:
            err("%s: no evidence" % qid)

        if typ in ("list", "what_did_we_talk_about"):
            if not 3 <= len(q["expect_all"]) <= 5:
                err("%s: expect_all needs 3-5 items" % qid)
            for s in q["expect_all"]:
                if s not in evtext:
                    err("%s: list item %r not in evidence" % (qid, s))
            continue
        if not q["expect_any"]:
            err("%s: empty expect_any" % qid)

        derived_date = dt.date.fromisoformat(spec["date"]) if "date" in spec else None
        if typ in ("first_mention", "last_mention", "event_when"):
            if derived_date is None:
                err("%s: no date in SPEC" % qid)
                continue
            for s in q["expect_any"]:
                d = parse_date(s, year)
                if d is None:
                    err("%s: %r is not a date" % (qid, s))
                elif d != derived_date:
                    err("%s: date variant %r != %s" % (qid, s, derived_date))
                # a variant must not be a substring of some other date's spelling
                day = dt.date(year, 1, 1)
                while day.year == year:
                    if day != derived_date and any(s in f for f in all_forms(day)):
                        err("%s: %r also matches %s" % (qid, s, day))
                        break
                    day += dt.timedelta(days=1)
            if "derived" not in q["note"].lower():
                err("%s: note must explain the derived date" % qid)

        if typ in ("first_mention", "last_mention"):
            scope = [m for m in hist if q["conversation"] in (None, m["conversation"])]
            hits = [m for m in scope if any(re.search(t, m["text"], re.I) for t in spec["terms"])]
            hits = [m for m in hits if dt.datetime.fromisoformat(m["ts"]) <= now]
            if len(hits) < 3:
                err("%s: topic named in only %d messages" % (qid, len(hits)))
                continue
            first, last = hits[0], hits[-1]
            if first["ts"][:10] == last["ts"][:10]:
                err("%s: first and last mention on the same day" % qid)
            days = {m["ts"][:10] for m in hits}
            if len(days) < 3:
                err("%s: topic spread over only %d days" % (qid, len(days)))
            target = first if typ == "first_mention" else last
            if target["ts"][:10] != spec["date"]:
                err("%s: scan gives %s, spec says %s" % (qid, target["ts"][:10], spec["date"]))
            if target["id"] not in q["evidence"]:
                err("%s: evidence lacks the %s message %s" % (qid, typ, target["id"]))

        if typ == "event_when":
            for m in ev:
                if m["ts"][:10] == spec["date"]:
                    err("%s: event date equals the date of evidence %s" % (qid, m["id"]))

        if typ == "how_many":
            n = spec.get("count")
            if n is None:
                err("%s: no count in SPEC" % qid)
                continue
            if set(q["expect_any"]) != {str(n), WORDS[n]}:
                err("%s: expect_any must be [%r, %r]" % (qid, str(n), WORDS[n]))
            if "derived count" not in q["note"].lower() or str(n) not in q["note"]:
                err("%s: note must explain the count" % qid)
            continue

        if typ in ("where", "what", "follow_up"):
            for s in q["expect_any"]:
                if s not in evtext:
                    err("%s: %r not in evidence" % (qid, s))

    if errors:
        for e in errors:
            print("ERROR:", e)
        sys.exit(1)
    print("messages %d, sessions %d, conversations %s" % (len(hist), sessions, dict(convs)))
    print("OK")

if __name__ == "__main__":
    main()
