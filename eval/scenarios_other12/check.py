#!/usr/bin/env python3
"""Validate the other12 scenario set: history.jsonl + questions.json.

Usage: python3 check.py  -> prints OK (exit 0) or the list of problems (exit 1).
"""
import datetime as dt
import json
import os
import re
import sys
import unicodedata
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
START, END = dt.date(2027, 1, 4), dt.date(2027, 4, 20)
MEMBERS = {
    "Joaquim": {"Ines", "Joaquim"},
    "Wren": {"Ines", "Wren"},
    "Book club": {"Ines", "Dervla", "Kofi", "Hattie"},
    "Sully": {"Ines", "Sully"},
}
TYPE_COUNTS = {"event_when": 3, "last_mention": 4, "first_mention": 5, "who": 3, "what": 3, "where": 2,
               "how_many": 5, "list": 5, "what_did_we_talk_about": 2, "changed_plan": 3, "follow_up": 3,
               "not_in_history": 2}
REFUSE = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]
DATE_TYPES = {"event_when", "last_mention", "first_mention", "changed_plan"}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10, "once": 1, "twice": 2}
SESSION_GAP = dt.timedelta(hours=2)

# Topic regexes used to re-derive first/last mention dates (scope = the question's conversation, or all).
TOPIC_TERMS = {
    "r04": [r"roundabout", r"gyratory"],
    "r05": [r"crutch", r"\bsticks?\b", r"zimmer", r"\bframe\b", r"walker"],
    "r06": [r"\bmocks?\b", r"practice test", r"run[- ]through", r"dry run"],
    "r07": [r"\bmov(e|ed|es|ing)\b", r"\bbox(es)?\b", r"unpack", r"\bvan\b", r"\bkeys\b", r"new house", r"new place",
            r"chapel allerton", r"get out", r"we're in", r"selling the flat", r"got the house"],
    "r08": [r"greenhouse", r"glass ?house"],
    "r09": [r"\btests?\b", r"practical", r"\bexam"],
    "r10": [r"\bhens?\b", r"bachelorette"],
    "r11": [r"\bhip\b", r"\bop\b", r"operation", r"surgery", r"hospital", r"replacement"],
    "r12": [r"\btalk\b", r"oduya", r"library", r"signing"],
}
# Terms that must not occur anywhere in the history for each not_in_history question.
ABSENT_TERMS = {
    "r39": [r"\bdogs?\b", r"pupp", r"\bpup\b", r"doggo"],
    "r40": [r"theory", r"hazard perception"],
}
# Session (conversation, date) each what_did_we_talk_about question refers to.
SESSION_DATES = {"r31": ("Wren", "2027-02-20"), "r32": ("Book club", "2027-03-12")}
# how_many: regex scans whose number of distinct days (in scope) must equal the count; plus the event list.
COUNT_SCAN = {
    "r21": ("Joaquim", [r"physio"], [r"letter"]),                 # one report per attended session
    "r22": ("Sully", [r"\d minors"], []),                         # one result message per mock
    "r23": ("Sully", [r"cancel|calling today off|thursday's off"], [r"cancellations|cancellation just|cancelled, 'examiner"]),
    "r24": ("Wren", [r"viewing (number )?\d"], []),
    "r25": ("Book club", [r"soup was unreal|brass heron|jollof"], []),
}

errors = []


def err(msg):
    errors.append(msg)


def norm(s):
    s = unicodedata.normalize("NFKD", s.lower().replace("\u2019", "'"))
    return "".join(c for c in s if not unicodedata.combining(c))


def ordinal(d):
    return "%d%s" % (d, "th" if 11 <= d <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th"))


def date_forms(d):
    m = MONTHS[d.month - 1]
    return {f"{m} {d.day}", f"{d.day} {m}", d.isoformat(), f"{m[:3]} {d.day}", f"{d.day} {m[:3]}",
            f"{ordinal(d.day)} of {m}", f"{m} {ordinal(d.day)}", f"{ordinal(d.day)} {m}"}


ALL_2027 = [dt.date(2027, 1, 1) + dt.timedelta(days=i) for i in range(365)]


def parse_date_variant(s, ref):
    """Return the date that s denotes (using ref for weekday+day forms), or None."""
    s = norm(s).strip()
    for d in ALL_2027:
        if s in date_forms(d):
            return d
    m = re.fullmatch(r"(%s) (\d{1,2})(st|nd|rd|th)?" % "|".join(WEEKDAYS), s)
    if m and ref and int(m.group(2)) == ref.day and WEEKDAYS[ref.weekday()] == m.group(1):
        return ref
    return None


def main():
    hist_path, q_path = os.path.join(HERE, "history.jsonl"), os.path.join(HERE, "questions.json")
    msgs = [json.loads(l) for l in open(hist_path, encoding="utf-8") if l.strip()]
    qs = json.load(open(q_path, encoding="utf-8"))
    by_id = {}
    for m in msgs:
        if set(m) != {"id", "conversation", "speaker", "ts", "text"}:
            err(f"{m.get('id')}: bad fields {sorted(m)}")
        if m["id"] in by_id:
            err(f"duplicate message id {m['id']}")
        by_id[m["id"]] = m
        if m["conversation"] not in MEMBERS:
            err(f"{m['id']}: unknown conversation {m['conversation']}")
        elif m["speaker"] not in MEMBERS[m["conversation"]]:
            err(f"{m['id']}: {m['speaker']} not in {m['conversation']}")
    for n, m in enumerate(msgs, 1):
        if m["id"] != "r%04d" % n:
            err(f"message {n} has id {m['id']}")
    ts = [dt.datetime.fromisoformat(m["ts"]) for m in msgs]
    for a, b, m in zip(ts, ts[1:], msgs[1:]):
        if b <= a:
            err(f"{m['id']}: timestamp not strictly increasing")
    if ts[0].date() < START or ts[-1].date() > END:
        err("history outside the declared period")
    if not 300 <= len(msgs) <= 340:
        err(f"{len(msgs)} messages, want 300-340")
    sessions, last = 0, {}
    for m, t in zip(msgs, ts):
        c = m["conversation"]
        if c not in last or t - last[c] > SESSION_GAP:
            sessions += 1
        last[c] = t
    if not 45 <= sessions <= 55:
        err(f"{sessions} sessions, want 45-55")

    def scope(conv):
        return [m for m in msgs if conv is None or m["conversation"] == conv]

    # questions
    qids = [q["id"] for q in qs]
    if qids != ["r%02d" % i for i in range(1, 41)]:
        err("question ids must be r01..r40 in order")
    if Counter(q["type"] for q in qs) != Counter(TYPE_COUNTS):
        err(f"type counts {Counter(q['type'] for q in qs)}")
    if len({norm(q["question"]) for q in qs}) != len(qs):
        err("duplicate question text")
    for q in qs:
        qid, typ = q["id"], q["type"]
        need = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence",
                "note"}
        if set(q) != need:
            err(f"{qid}: fields {sorted(q)}")
            continue
        now = dt.datetime.fromisoformat(q["now"])
        if q["conversation"] is not None and q["conversation"] not in MEMBERS:
            err(f"{qid}: unknown conversation")
        if (typ == "follow_up") != bool(q["turns"]) or len(q["turns"]) > 2:
            err(f"{qid}: turns only (1-2) for follow_up")
        ev = []
        for e in q["evidence"]:
            if e not in by_id:
                err(f"{qid}: evidence {e} missing")
                continue
            ev.append(by_id[e])
            if dt.datetime.fromisoformat(by_id[e]["ts"]) > now:
                err(f"{qid}: evidence {e} after now")
            if q["conversation"] and by_id[e]["conversation"] != q["conversation"]:
                err(f"{qid}: evidence {e} outside conversation {q['conversation']}")
        if typ == "not_in_history":
            if ev or q["expect_all"] or q["expect_any"] != REFUSE:
                err(f"{qid}: not_in_history must have no evidence and the refusal list")
            for pat in ABSENT_TERMS.get(qid, []) or [None]:
                if pat is None:
                    err(f"{qid}: no ABSENT_TERMS")
                    continue
                for m in msgs:
                    if re.search(pat, norm(m["text"])):
                        err(f"{qid}: absent term {pat!r} found in {m['id']}")
            continue
        if not ev:
            err(f"{qid}: no evidence")
        if typ in ("list", "what_did_we_talk_about"):
            if q["expect_any"] or not 3 <= len(q["expect_all"]) <= 5:
                err(f"{qid}: list types need 3-5 expect_all and no expect_any")
        elif not q["expect_any"] or q["expect_all"]:
            err(f"{qid}: needs expect_any only")
        ev_text = " \n ".join(norm(m["speaker"] + ": " + m["text"]) for m in ev)  # speaker names count
        dm = re.search(r"Derived date: (\d{4}-\d{2}-\d{2})", q["note"])
        cm = re.search(r"Derived count: (\d+)", q["note"])
        ddate = dt.date.fromisoformat(dm.group(1)) if dm else None
        if typ in DATE_TYPES and not ddate:
            err(f"{qid}: date question without 'Derived date:' in note")
        if typ == "how_many" and not cm:
            err(f"{qid}: how_many without 'Derived count:' in note")
        for s in q["expect_any"] + q["expect_all"]:
            ns = norm(s)
            if ns != s:
                err(f"{qid}: expected string not lowercase/normalised: {s!r}")
            if ns in ev_text:
                continue
            if ddate and parse_date_variant(s, ddate) == ddate:
                continue
            if cm and (ns == cm.group(1) or NUM_WORDS.get(ns) == int(cm.group(1))):
                continue
            err(f"{qid}: expected {s!r} not in evidence and not an explained derived value")
        if ddate:
            for s in q["expect_any"]:
                got = parse_date_variant(s, ddate)
                if got != ddate:
                    err(f"{qid}: date variant {s!r} does not denote {ddate}")
                # no variant may be a substring of a form of another date
                for d in ALL_2027:
                    if d != ddate and any(norm(s) in f for f in date_forms(d)):
                        err(f"{qid}: variant {s!r} also matches {d}")
                        break
        if typ == "how_many" and cm:
            n = int(cm.group(1))
            words = [w for w, v in NUM_WORDS.items() if v == n]
            if str(n) not in q["expect_any"] or not any(w in q["expect_any"] for w in words):
                err(f"{qid}: how_many needs the count as digit and word")
            if qid in COUNT_SCAN:
                conv, pats, excl = COUNT_SCAN[qid]
                hits = [m for m in scope(conv) if any(re.search(p, norm(m["text"])) for p in pats)
                        and not any(re.search(p, norm(m["text"])) for p in excl)
                        and dt.datetime.fromisoformat(m["ts"]) <= now]
                days = {m["ts"][:10] for m in hits}
                if len(days) != n:
                    err(f"{qid}: count scan finds {len(days)} days {sorted(days)}, want {n}")
                if not {m["id"] for m in hits} <= set(q["evidence"]):
                    err(f"{qid}: scanned event messages not all in evidence")
            else:
                err(f"{qid}: no COUNT_SCAN")
        if typ == "event_when" and ddate:
            if any(m["ts"][:10] == ddate.isoformat() for m in ev):
                err(f"{qid}: event date equals a telling message's date")
        if typ in ("first_mention", "last_mention"):
            pats = TOPIC_TERMS.get(qid)
            if not pats:
                err(f"{qid}: no TOPIC_TERMS")
                continue
            hits = [m for m in scope(q["conversation"]) if any(re.search(p, norm(m["text"])) for p in pats)
                    and dt.datetime.fromisoformat(m["ts"]) <= now]
            if not hits:
                err(f"{qid}: topic never found")
                continue
            pick = hits[0] if typ == "first_mention" else hits[-1]
            if pick["ts"][:10] != (ddate.isoformat() if ddate else None):
                err(f"{qid}: scan gives {pick['ts'][:10]} ({pick['id']}), note says {ddate}")
            if pick["id"] not in q["evidence"]:
                err(f"{qid}: scanned mention {pick['id']} not in evidence")
        if typ == "what_did_we_talk_about":
            conv, day = SESSION_DATES[qid]
            for m in ev:
                if m["conversation"] != conv or m["ts"][:10] != day:
                    err(f"{qid}: evidence {m['id']} not in session {conv} {day}")
        if typ == "changed_plan" and len({m["ts"][:10] for m in ev}) < 2:
            err(f"{qid}: changed_plan needs evidence from at least two days")

    if errors:
        print("\n".join(errors))
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
