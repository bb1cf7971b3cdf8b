#!/usr/bin/env python3
"""Validate the other23 evaluation set (history.jsonl + questions.json). Prints OK when valid."""
import datetime
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# topic terms scanned (whole words, case-insensitive) for first/last mention and not_in_history questions
TERMS = {
    "y19": ["heater"],
    "y20": ["nappies", "nappy"],
    "y21": ["cake"],
    "y22": ["van", "vans", "campervan"],
    "y23": ["easter egg"],
    "y33": ["raffle"],
    "y34": ["awning"],
    "y35": ["wifi", "wi-fi", "password"],
}

TYPE_COUNTS = {"event_when": 5, "follow_up": 5, "what": 4, "last_mention": 3, "who": 3,
               "how_many": 3, "what_did_we_talk_about": 3, "not_in_history": 3, "list": 3,
               "changed_plan": 3, "where": 3, "first_mention": 2}
FIELDS = ["id", "type", "turns", "question", "now", "conversation", "expect_any",
          "expect_all", "evidence", "note"]
REFUSE = ["does not contain", "no record", "not in", "couldn't find", "can't find",
          "don't know", "never mentioned"]
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUMWORDS = {"zero": 0, "one": 1, "once": 1, "two": 2, "twice": 2, "three": 3, "thrice": 3,
            "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
            "eleven": 11, "twelve": 12}
YEAR = 2026

errors = []
def err(msg):
    errors.append(msg)


def month_index(tok):
    for i, m in enumerate(MONTHS):
        if tok == m or (len(tok) >= 3 and m.startswith(tok)):
            return i + 1
    return None


def parse_date(s):
    """Return (date or None, weekday or None, day) for a date-like expected string; None if not date-like."""
    s = s.strip().lower()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return datetime.date(int(m[1]), int(m[2]), int(m[3]))
    m = re.fullmatch(r"([a-z]+) (\d{1,2})(?:st|nd|rd|th)?", s)
    if m and month_index(m[1]):
        return datetime.date(YEAR, month_index(m[1]), int(m[2]))
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?(?: of)? ([a-z]+)", s)
    if m and month_index(m[2]):
        return datetime.date(YEAR, month_index(m[2]), int(m[1]))
    m = re.fullmatch(r"([a-z]+) the (\d{1,2})(?:st|nd|rd|th)", s)
    if m and m[1] in WEEKDAYS:
        return ("weekday", WEEKDAYS.index(m[1]), int(m[2]))
    return None


def parse_time(s):
    s = s.strip().lower()
    m = re.fullmatch(r"(\d{1,2})[:.](\d{2})(?:\s*[ap]m)?", s)
    if m:
        return (int(m[1]) % 12, int(m[2]))
    m = re.fullmatch(r"half ([a-z]+)", s)
    if m and m[1] in NUMWORDS:
        return (NUMWORDS[m[1]] % 12, 30)
    return None


def note_date(note):
    m = re.search(r"->\s*(\d{4}-\d{2}-\d{2})\s*\.?\s*$", note) or re.findall(r"->\s*(\d{4}-\d{2}-\d{2})", note)
    if isinstance(m, list):
        return datetime.date.fromisoformat(m[-1]) if m else None
    return datetime.date.fromisoformat(m[1]) if m else None


def term_regex(terms):
    return re.compile(r"\b(?:%s)\b" % "|".join(re.escape(t) for t in terms), re.I)


def main():
    hist = []
    with open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                hist.append(json.loads(line))
            except ValueError as e:
                err("history line %d: bad json (%s)" % (n, e))
    with open(os.path.join(HERE, "questions.json"), encoding="utf-8") as f:
        qs = json.load(f)

    # ---- history
    byid = {}
    prev = None
    prev_conv = {}
    for i, m in enumerate(hist, 1):
        for k in ("id", "conversation", "speaker", "ts", "text"):
            if k not in m:
                err("message %d lacks %s" % (i, k))
        if m["id"] in byid:
            err("duplicate message id %s" % m["id"])
        if m["id"] != "Y%04d" % i:
            err("message id %s out of sequence (expected Y%04d)" % (m["id"], i))
        byid[m["id"]] = m
        ts = datetime.datetime.fromisoformat(m["ts"])
        m["_ts"] = ts
        if prev and ts <= prev:
            err("timestamp not strictly increasing at %s" % m["id"])
        pc = prev_conv.get(m["conversation"])
        if pc and ts <= pc:
            err("timestamp not increasing within conversation at %s" % m["id"])
        prev, prev_conv[m["conversation"]] = ts, ts
    convs = sorted(set(m["conversation"] for m in hist))
    if len(convs) != 4:
        err("expected 4 conversations, got %s" % convs)
    if not 300 <= len(hist) <= 340:
        err("history has %d messages (want 300-340)" % len(hist))
    sessions = 0
    last = None
    for m in hist:
        if last is None or m["conversation"] != last["conversation"] or \
                (m["_ts"] - last["_ts"]) > datetime.timedelta(hours=1):
            sessions += 1
        last = m
    if not 45 <= sessions <= 55:
        err("history has %d sessions (want 45-55)" % sessions)

    # ---- questions
    if len(qs) != 40:
        err("expected 40 questions, got %d" % len(qs))
    counts = {}
    seen = set()
    for n, x in enumerate(qs, 1):
        qid = x.get("id")
        for k in FIELDS:
            if k not in x:
                err("%s: missing field %s" % (qid, k))
        if qid in seen:
            err("duplicate question id %s" % qid)
        seen.add(qid)
        if qid != "y%02d" % n:
            err("question id %s out of sequence" % qid)
        t = x["type"]
        counts[t] = counts.get(t, 0) + 1
        now = datetime.datetime.fromisoformat(x["now"])
        if x["conversation"] is not None and x["conversation"] not in convs:
            err("%s: unknown conversation %r" % (qid, x["conversation"]))
        if (t == "follow_up") != bool(x["turns"]):
            err("%s: turns must be non-empty exactly for follow_up" % qid)
        if t == "follow_up" and not 1 <= len(x["turns"]) <= 2:
            err("%s: follow_up needs 1-2 turns" % qid)
        for e in x["evidence"]:
            if e not in byid:
                err("%s: evidence %s does not exist" % (qid, e))
            elif byid[e]["_ts"] > now:
                err("%s: evidence %s is after now" % (qid, e))
        ev = [byid[e] for e in x["evidence"] if e in byid]
        evtext = " \n ".join(m["text"].lower() for m in ev)
        note = x["note"]
        ndate = note_date(note)

        if t == "not_in_history":
            if x["evidence"]:
                err("%s: not_in_history must have no evidence" % qid)
            if x["expect_any"] != REFUSE:
                err("%s: not_in_history expect_any must be the refusal list" % qid)
            terms = TERMS.get(qid)
            if not terms:
                err("%s: no topic terms registered" % qid)
            else:
                rx = term_regex(terms)
                for m in hist:
                    if rx.search(m["text"]):
                        err("%s: term found in %s: %r" % (qid, m["id"], m["text"]))
            continue

        if not x["evidence"]:
            err("%s: no evidence" % qid)
        if t in ("list", "what_did_we_talk_about"):
            if not 3 <= len(x["expect_all"]) <= 5 or x["expect_any"]:
                err("%s: needs 3-5 expect_all and empty expect_any" % qid)
        else:
            if not x["expect_any"] or x["expect_all"]:
                err("%s: needs expect_any and empty expect_all" % qid)

        for s in x["expect_any"] + x["expect_all"]:
            if s != s.lower():
                err("%s: expected string not lowercase: %r" % (qid, s))
            if s in evtext:
                found_literal = True
            else:
                found_literal = False
            d = parse_date(s)
            if d is not None:
                if ndate is None:
                    if not found_literal:
                        err("%s: date %r without a derived date in the note" % (qid, s))
                    continue
                if isinstance(d, tuple):
                    if ndate.weekday() != d[1] or ndate.day != d[2]:
                        err("%s: %r disagrees with note date %s" % (qid, s, ndate))
                elif d != ndate:
                    err("%s: %r disagrees with note date %s" % (qid, s, ndate))
                if not isinstance(d, tuple) and d.day < 10 and not s[0].isdigit() and re.fullmatch(r"[a-z]+ \d", s):
                    err("%s: %r is a prefix of a longer date" % (qid, s))
                continue
            if found_literal:
                continue
            tm = parse_time(s)
            if tm is not None:
                times = [parse_time(a + ":" + b) for a, b in re.findall(r"(\d{1,2})[:.](\d{2})", evtext)]
                if tm not in times or "variant" not in note.lower():
                    err("%s: time %r not backed by evidence/note" % (qid, s))
                continue
            if t == "how_many":
                mc = re.search(r"derived count:\s*(\d+)", note.lower())
                val = int(s) if s.isdigit() else NUMWORDS.get(s)
                if not mc or val is None or val != int(mc[1]):
                    err("%s: count %r not explained by note" % (qid, s))
                continue
            err("%s: %r not found in evidence and not a derived value" % (qid, s))

        if t == "how_many":
            mc = re.search(r"derived count:\s*(\d+)", note.lower())
            vals = {int(s) if s.isdigit() else NUMWORDS.get(s) for s in x["expect_any"]}
            if not mc or vals != {int(mc[1])} or not any(s.isdigit() for s in x["expect_any"]) \
                    or all(s.isdigit() for s in x["expect_any"]):
                err("%s: how_many needs the count as a digit and a word, matching the note" % qid)
            elif len(x["evidence"]) != int(mc[1]):
                err("%s: expected one evidence message per counted item" % qid)

        if t in ("event_when", "first_mention", "last_mention", "changed_plan") and ndate is None \
                and any(parse_date(s) for s in x["expect_any"]):
            err("%s: dated answer needs '-> YYYY-MM-DD' in the note" % qid)
        if t == "event_when":
            if ndate is None:
                err("%s: event_when needs a derived date" % qid)
            for m in ev:
                if m["_ts"].date() == ndate:
                    err("%s: event date equals the date of evidence message %s" % (qid, m["id"]))
        if t in ("first_mention", "last_mention"):
            terms = TERMS.get(qid)
            if not terms:
                err("%s: no topic terms registered" % qid)
                continue
            rx = term_regex(terms)
            pool = [m for m in hist if m["_ts"] <= now and
                    (x["conversation"] is None or m["conversation"] == x["conversation"])]
            hits = [m for m in pool if rx.search(m["text"])]
            if not hits:
                err("%s: topic terms never found" % qid)
                continue
            target = hits[0] if t == "first_mention" else hits[-1]
            if target["_ts"].date() != ndate:
                err("%s: scan gives %s (%s), note says %s" % (qid, target["_ts"].date(), target["id"], ndate))
            if target["id"] not in x["evidence"]:
                err("%s: scanned message %s not in evidence" % (qid, target["id"]))

    if counts != TYPE_COUNTS:
        err("type counts %s differ from %s" % (counts, TYPE_COUNTS))

    if errors:
        for e in errors:
            print("ERROR:", e)
        print("%d error(s)" % len(errors))
        return 1
    print("messages: %d, sessions: %d, conversations: %s" % (len(hist), sessions, ", ".join(convs)))
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
