#!/usr/bin/env python3
"""Validate this synthetic scenario set: history.jsonl + questions.json.

Usage: python3 check.py  -> prints OK (exit 0) or the list of problems (exit 1).
Python 3 standard library only.
"""
import datetime as dt
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
YEAR = 2026
START, END = dt.date(2026, 3, 1), dt.date(2026, 6, 20)
USER = "Bram"
MEMBERS = {
    "Fenna": {"Bram", "Fenna"},
    "Kwasi": {"Bram", "Kwasi"},
    "pub quiz 🍺": {"Bram", "Ilona", "Radek", "Saoirse"},
    "Dr Verbeek (dentist)": {"Bram", "Dr Verbeek"},
}
TYPE_COUNTS = {"event_when": 4, "last_mention": 3, "first_mention": 3, "who": 4, "what": 4, "where": 3,
               "how_many": 4, "list": 3, "what_did_we_talk_about": 3, "changed_plan": 4, "follow_up": 3,
               "not_in_history": 2}
REFUSE = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]
DATE_TYPES = {"event_when", "last_mention", "first_mention"}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10, "once": 1, "twice": 2}
SESSION_GAP = dt.timedelta(hours=1)
MSG_RANGE, SESSION_RANGE = (300, 340), (45, 55)

# question id -> (topic terms, conversation scope or None); first/last mention dates are re-derived from these.
TOPIC_TERMS = {
    "q05": ([r"\bknee"], "pub quiz 🍺"),
    "q06": ([r"temporary", r"temp crown"], "Dr Verbeek (dentist)"),
    "q07": ([r"trailer"], "Kwasi"),
    "q08": ([r"varnish"], "Kwasi"),
    "q09": ([r"summer job", r"abroad"], "Fenna"),
    "q10": ([r"charity"], "pub quiz 🍺"),
}
# question id -> list of (regex, conversation scope or None) that must not occur in the history.
ABSENT_TERMS = {
    "q39": [(r"boyfriend", None), (r"girlfriend", None), (r"\bdating\b", None), (r"partner", None),
            (r"\bbf\b", None)],
    "q40": [(r"€", "Dr Verbeek (dentist)"), (r"euro", "Dr Verbeek (dentist)"), (r"\bcost", "Dr Verbeek (dentist)"),
            (r"price", "Dr Verbeek (dentist)"), (r"\bpa(y|id)\b", "Dr Verbeek (dentist)"),
            (r"charge", "Dr Verbeek (dentist)"), (r"\bbill\b", "Dr Verbeek (dentist)"),
            (r"invoice", None), (r"insurance", None), (r"crown.{0,40}(€|euro|cost)", None)],
}
# question id -> date of the session the what_did_we_talk_about question points at (resolved from phrasing + now).
SESSION_DATES = {"q29": "2026-05-09", "q30": "2026-05-26", "q31": "2026-05-10"}

problems = []


def bad(msg):
    problems.append(msg)


def load():
    hist = []
    with open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                try:
                    hist.append(json.loads(line))
                except json.JSONDecodeError as e:
                    bad(f"history line {n}: bad json {e}")
    with open(os.path.join(HERE, "questions.json"), encoding="utf-8") as f:
        qs = json.load(f)
    return hist, qs


def ts(s):
    return dt.datetime.strptime(s, "%Y-%m-%dT%H:%M:%S")


def suffix(d):
    return "th" if 11 <= d <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th")


def standard_forms(d):
    m, ab, n, sf = MONTHS[d.month - 1], MONTHS[d.month - 1][:3], d.day, suffix(d.day)
    return {f"{m} {n}", f"{ab} {n}", f"{n} {m}", f"{n} {ab}", f"{n}{sf} of {m}", f"{m} {n}{sf}", f"{n}{sf} {m}",
            d.isoformat()}


MON_RE = "(" + "|".join(MONTHS + [m[:3] for m in MONTHS] + ["sept"]) + ")"


def month_no(tok):
    tok = tok[:3]
    return [m[:3] for m in MONTHS].index(tok) + 1


def parse_date(s, target=None):
    """Return a date for a date-like expected string, 'weekday-only' tuple, or None if not date-like."""
    s = s.lower().strip()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return dt.date(int(m[1]), int(m[2]), int(m[3]))
    s2 = re.sub(r"^(" + "|".join(WEEKDAYS) + r"),?\s+", "", s)
    wd = s[: len(s) - len(s2)].strip(" ,") or None
    m = re.fullmatch(MON_RE + r"\s+(\d{1,2})(st|nd|rd|th)?", s2) or None
    if m:
        d = dt.date(YEAR, month_no(m[1]), int(m[2]))
    else:
        m = re.fullmatch(r"(\d{1,2})(st|nd|rd|th)?\s+(of\s+)?" + MON_RE, s2)
        if m:
            d = dt.date(YEAR, month_no(m[4]), int(m[1]))
        else:
            m = re.fullmatch(r"the\s+(\d{1,2})(st|nd|rd|th)", s2)
            if m and target is not None and wd:
                d = target if target.day == int(m[1]) else dt.date(YEAR, 1, 1)
            else:
                return None
    if wd and WEEKDAYS[d.weekday()] != wd:
        bad(f"date string '{s}': weekday does not match {d}")
    return d


def count_of(s):
    s = s.lower().strip()
    if s.isdigit():
        return int(s)
    return NUM_WORDS.get(s)


def sessions(hist):
    n, prev = 0, None
    for m in hist:
        if prev is None or m["conversation"] != prev["conversation"] or ts(m["ts"]) - ts(prev["ts"]) > SESSION_GAP:
            n += 1
        prev = m
    return n


def check_history(hist):
    ids = [m["id"] for m in hist]
    if len(set(ids)) != len(ids):
        bad("duplicate message ids")
    for i, m in enumerate(hist, 1):
        if set(m) != {"id", "conversation", "speaker", "ts", "text"}:
            bad(f"{m.get('id')}: wrong fields {sorted(m)}")
        if m["id"] != f"Q{i:04d}":
            bad(f"message {i}: id {m['id']} not in sequence")
        if m["conversation"] not in MEMBERS:
            bad(f"{m['id']}: unknown conversation {m['conversation']}")
        elif m["speaker"] not in MEMBERS[m["conversation"]]:
            bad(f"{m['id']}: {m['speaker']} is not in {m['conversation']}")
        d = ts(m["ts"]).date()
        if not START <= d <= END:
            bad(f"{m['id']}: date {d} outside range")
    for a, b in zip(hist, hist[1:]):
        if ts(b["ts"]) <= ts(a["ts"]):
            bad(f"{b['id']}: timestamp not after {a['id']}")
    if not MSG_RANGE[0] <= len(hist) <= MSG_RANGE[1]:
        bad(f"{len(hist)} messages, expected {MSG_RANGE}")
    ns = sessions(hist)
    if not SESSION_RANGE[0] <= ns <= SESSION_RANGE[1]:
        bad(f"{ns} sessions, expected {SESSION_RANGE}")
    convs = Counter(m["conversation"] for m in hist)
    for c in MEMBERS:
        if not convs[c]:
            bad(f"conversation {c} is empty")
    if not any(m["speaker"] == USER for m in hist):
        bad("user never speaks")
    return ns


def scan(hist, terms, scope, now):
    out = []
    for m in hist:
        if scope and m["conversation"] != scope:
            continue
        if ts(m["ts"]) > now:
            continue
        if any(re.search(t, m["text"], re.I) for t in terms):
            out.append(m)
    return out


def check_questions(hist, qs):
    by_id = {m["id"]: m for m in hist}
    if len(qs) != 40:
        bad(f"{len(qs)} questions, expected 40")
    qids = [q["id"] for q in qs]
    if qids != [f"q{i:02d}" for i in range(1, len(qs) + 1)]:
        bad("question ids not q01..q40 in order")
    tc = Counter(q["type"] for q in qs)
    if dict(tc) != TYPE_COUNTS:
        bad(f"type counts {dict(tc)} != {TYPE_COUNTS}")
    texts = [q["question"].lower().strip() for q in qs]
    if len(set(texts)) != len(texts):
        bad("duplicate question text")
    fields = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"}
    for q in qs:
        qid, typ = q["id"], q["type"]
        if set(q) != fields:
            bad(f"{qid}: wrong fields")
            continue
        now = ts(q["now"])
        if q["conversation"] is not None and q["conversation"] not in MEMBERS:
            bad(f"{qid}: unknown conversation")
        if typ == "follow_up":
            if not 1 <= len(q["turns"]) <= 2:
                bad(f"{qid}: follow_up needs 1-2 turns")
        elif q["turns"]:
            bad(f"{qid}: only follow_up has turns")
        ev = []
        for e in q["evidence"]:
            if e not in by_id:
                bad(f"{qid}: evidence {e} missing")
            else:
                ev.append(by_id[e])
                if ts(by_id[e]["ts"]) > now:
                    bad(f"{qid}: evidence {e} after now")
        if typ == "not_in_history":
            if q["evidence"] or q["expect_any"] != REFUSE or q["expect_all"]:
                bad(f"{qid}: not_in_history must have no evidence and the refusal list")
            if qid not in ABSENT_TERMS:
                bad(f"{qid}: no absent terms registered")
            for rx, scope in ABSENT_TERMS.get(qid, []):
                for m in hist:
                    if (scope is None or m["conversation"] == scope) and re.search(rx, m["text"], re.I):
                        bad(f"{qid}: absent term {rx} found in {m['id']}")
            continue
        if not ev:
            bad(f"{qid}: no evidence")
            continue
        ev_text = [(m["text"] + " " + m["speaker"]).lower() for m in ev]
        derived = "derived" in q["note"].lower()
        if typ in ("list", "what_did_we_talk_about"):
            if q["expect_any"] or not 3 <= len(q["expect_all"]) <= 5:
                bad(f"{qid}: {typ} needs 3-5 expect_all and empty expect_any")
            for s in q["expect_all"]:
                if s != s.lower():
                    bad(f"{qid}: '{s}' not lowercase")
                if not any(s in t for t in ev_text):
                    bad(f"{qid}: expect_all '{s}' not in evidence")
            if typ == "what_did_we_talk_about":
                day = SESSION_DATES.get(qid)
                if not day:
                    bad(f"{qid}: no session date registered")
                for m in ev:
                    if m["ts"][:10] != day or (q["conversation"] and m["conversation"] != q["conversation"]):
                        bad(f"{qid}: evidence {m['id']} not in the {day} session")
            continue
        if q["expect_all"] or not q["expect_any"]:
            bad(f"{qid}: needs expect_any only")
        iso = [s for s in q["expect_any"] if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s)]
        target = dt.date.fromisoformat(iso[0]) if iso else None
        if typ in DATE_TYPES and not target:
            bad(f"{qid}: date question without ISO form")
        if typ == "how_many":
            counts = {count_of(s) for s in q["expect_any"]}
            if None in counts or len(counts) != 1:
                bad(f"{qid}: how_many variants disagree {q['expect_any']}")
            if not any(s.isdigit() for s in q["expect_any"]) or not any(s.isalpha() for s in q["expect_any"]):
                bad(f"{qid}: how_many needs digit and word")
            if not re.search(r"derived count", q["note"], re.I):
                bad(f"{qid}: how_many note must explain the count")
            n = counts.pop() if len(counts) == 1 else None
            if n is not None and not re.search(rf"= {n}\b", q["note"]):
                bad(f"{qid}: note does not state '= {n}'")
        for s in q["expect_any"]:
            if s != s.lower():
                bad(f"{qid}: '{s}' not lowercase")
            d = parse_date(s, target)
            if d is not None and target is not None:
                if d != target:
                    bad(f"{qid}: date variant '{s}' != {target}")
                # no expected date string may be a substring of another date's usual spelling
                day = dt.date(YEAR, 1, 1)
                while day.year == YEAR:
                    if day != target and any(s in f for f in standard_forms(day)):
                        bad(f"{qid}: '{s}' also matches {day}")
                        break
                    day += dt.timedelta(days=1)
            if any(s in t for t in ev_text):
                continue
            if derived and ((d is not None and target is not None and d == target) or
                            (typ == "how_many" and count_of(s) is not None)):
                continue
            bad(f"{qid}: '{s}' not in evidence and not an explained derived value")
        if typ == "event_when" and target:
            for m in ev:
                if ts(m["ts"]).date() == target:
                    bad(f"{qid}: event date equals the date of message {m['id']}")
        if typ == "changed_plan" and len(ev) < 2:
            bad(f"{qid}: changed_plan needs the original and the moved plan as evidence")
        if typ in ("first_mention", "last_mention"):
            if qid not in TOPIC_TERMS:
                bad(f"{qid}: no topic terms registered")
                continue
            terms, scope = TOPIC_TERMS[qid]
            if scope != q["conversation"]:
                bad(f"{qid}: topic scope differs from question conversation")
            hits = scan(hist, terms, scope, now)
            if not hits:
                bad(f"{qid}: no messages for topic terms")
                continue
            m = hits[0] if typ == "first_mention" else hits[-1]
            if ts(m["ts"]).date() != target:
                bad(f"{qid}: scan gives {m['ts'][:10]} ({m['id']}), expected {target}")
            if m["id"] not in q["evidence"]:
                bad(f"{qid}: scanned message {m['id']} not in evidence")
    return tc


def main():
    hist, qs = load()
    ns = check_history(hist)
    tc = check_questions(hist, qs)
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print(f"OK ({len(hist)} messages, {ns} sessions, {len(qs)} questions: {dict(tc)})")


if __name__ == "__main__":
    main()
