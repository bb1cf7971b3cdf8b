#!/usr/bin/env python3
"""Validate the held-out set in this folder. Prints OK when everything checks out (stdlib only)."""
import collections
import datetime as dt
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
YEAR = 2025
USER = "Noor"
MSG_PREFIX, Q_PREFIX = "F", "f"
TYPE_COUNTS = {"first_mention": 6, "last_mention": 6, "how_many": 6, "where": 6, "what": 6, "list": 4,
               "follow_up": 2, "event_when": 2, "not_in_history": 2}
FIELDS = ["id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"]
REFUSALS = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]

# topic terms for first/last-mention questions (regex, case-insensitive); scope = the question's conversation
TOPICS = {
    "f01": r"montreal",
    "f02": r"\bbrak(e|es|ing)\b|grinding",
    "f03": r"glaz",
    "f04": r"charity|aldhelm|church hall",
    "f05": r"\bmot\b",
    "f06": r"send-off|send off|leaving (do|drinks|party)|farewell",
    "f07": r"gaggia|espresso|coffee machine",
    "f08": r"alternator|battery light",
    "f09": r"\bflags?\b",
    "f10": r"\baya\b|niece|\bbaby\b|auntie",
    "f11": r"crack",
    "f12": r"accordion",
}
# terms that must appear nowhere in the history for not_in_history questions
ABSENT = {
    "f39": r"\btyres?\b|\btires?\b|puncture",
    "f40": r"girlfriend|boyfriend|\bgf\b|\bpartner\b|\bwife\b|\bhusband\b|dating",
}

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
MON = {m: i + 1 for i, m in enumerate(MONTHS)}
MON.update({m[:3]: i + 1 for i, m in enumerate(MONTHS)})
MON["sept"] = 9
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUMWORDS = {1: ["one", "once"], 2: ["two", "twice"], 3: ["three", "thrice"], 4: ["four"], 5: ["five"], 6: ["six"],
            7: ["seven"], 8: ["eight"], 9: ["nine"], 10: ["ten"], 11: ["eleven"], 12: ["twelve"]}

errors = []


def err(msg):
    errors.append(msg)


def parse_date_variant(s):
    """Return (date or None, day, weekday) for strings that look like dates; None if not a date string."""
    s = s.strip().lower()
    mp = "|".join(sorted(MON, key=len, reverse=True))
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))), None
    m = re.fullmatch(r"(?:(%s) )?(%s) (\d{1,2})(?:st|nd|rd|th)?" % ("|".join(WEEKDAYS), mp), s)
    if m:
        return dt.date(YEAR, MON[m.group(2)], int(m.group(3))), m.group(1)
    m = re.fullmatch(r"(?:(%s) )?(?:the )?(\d{1,2})(?:st|nd|rd|th)?(?: of)? (%s)" % ("|".join(WEEKDAYS), mp), s)
    if m:
        return dt.date(YEAR, MON[m.group(3)], int(m.group(2))), m.group(1)
    m = re.fullmatch(r"(%s) the (\d{1,2})(?:st|nd|rd|th)" % "|".join(WEEKDAYS), s)
    if m:
        return ("day", int(m.group(2))), m.group(1)
    return None


def main():
    # ---------------- history ----------------
    hist = []
    with open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err("history line %d is empty" % n)
                continue
            m = json.loads(line)
            if list(m) != ["id", "conversation", "speaker", "ts", "text"]:
                err("history line %d has fields %s" % (n, list(m)))
            hist.append(m)
    byid = {}
    for m in hist:
        if not re.fullmatch(MSG_PREFIX + r"\d{4}", m["id"]):
            err("bad message id %s" % m["id"])
        if m["id"] in byid:
            err("duplicate message id %s" % m["id"])
        byid[m["id"]] = m
        m["_t"] = dt.datetime.fromisoformat(m["ts"])
    if not 300 <= len(hist) <= 340:
        err("history has %d messages (want 300-340)" % len(hist))
    for a, b in zip(hist, hist[1:]):
        if not b["_t"] > a["_t"]:
            err("timestamps not strictly increasing at %s" % b["id"])
        if not b["id"] > a["id"]:
            err("ids not increasing at %s" % b["id"])
    last_in_conv = {}
    for m in hist:
        c = m["conversation"]
        if c in last_in_conv and not m["_t"] > last_in_conv[c]:
            err("timestamps not increasing within %s at %s" % (c, m["id"]))
        last_in_conv[c] = m["_t"]
    convs = collections.Counter(m["conversation"] for m in hist)
    if len(convs) != 4:
        err("want 4 conversations, got %s" % dict(convs))
    members = collections.defaultdict(set)
    for m in hist:
        members[m["conversation"]].add(m["speaker"])
    groups = [c for c, s in members.items() if len(s) > 2]
    if len(groups) != 1 or len(members[groups[0]]) != 4:
        err("want exactly one group chat with 4 members: %s" % dict(members))
    for c, s in members.items():
        if USER not in s:
            err("user %s not in %s" % (USER, c))
        if c not in groups and s != {USER, c}:
            err("one-to-one chat %s should be named after the other person: %s" % (c, s))
    sessions = 1 + sum(1 for a, b in zip(hist, hist[1:]) if (b["_t"] - a["_t"]).total_seconds() > 3600)
    if not 45 <= sessions <= 55:
        err("%d sessions (want 45-55)" % sessions)
    span = (hist[-1]["_t"] - hist[0]["_t"]).days
    if not 95 <= span <= 115:
        err("history spans %d days (want about 3.5 months)" % span)

    # ---------------- questions ----------------
    with open(os.path.join(HERE, "questions.json"), encoding="utf-8") as f:
        qs = json.load(f)
    if len(qs) != 40:
        err("want 40 questions, got %d" % len(qs))
    counts = collections.Counter(q["type"] for q in qs)
    if dict(counts) != TYPE_COUNTS:
        err("type counts %s != %s" % (dict(counts), TYPE_COUNTS))
    seen_q, seen_text = set(), set()
    for i, q in enumerate(qs, 1):
        qid = q.get("id")
        if list(q) != FIELDS:
            err("%s: fields %s" % (qid, list(q)))
            continue
        if qid != "%s%02d" % (Q_PREFIX, i):
            err("question %d has id %s" % (i, qid))
        if qid in seen_q:
            err("duplicate question id %s" % qid)
        seen_q.add(qid)
        qt = q["question"].strip().lower()
        if qt in seen_text:
            err("%s: duplicate question text" % qid)
        seen_text.add(qt)
        now = dt.datetime.fromisoformat(q["now"])
        if q["conversation"] is not None and q["conversation"] not in convs:
            err("%s: unknown conversation %s" % (qid, q["conversation"]))
        if q["type"] == "follow_up":
            if not 1 <= len(q["turns"]) <= 2:
                err("%s: follow_up needs 1-2 turns" % qid)
        elif q["turns"]:
            err("%s: only follow_up questions have turns" % qid)
        ev = []
        for e in q["evidence"]:
            if e not in byid:
                err("%s: evidence %s does not exist" % (qid, e))
                continue
            ev.append(byid[e])
            if byid[e]["_t"] > now:
                err("%s: evidence %s is after now" % (qid, e))
        if len(set(q["evidence"])) != len(q["evidence"]):
            err("%s: repeated evidence id" % qid)
        note = q["note"].lower()
        evtext = " \n ".join(m["text"].lower() for m in ev)

        if q["type"] == "not_in_history":
            if q["evidence"] or q["expect_all"] or q["expect_any"] != REFUSALS:
                err("%s: not_in_history must have no evidence and the refusal list" % qid)
            rx = ABSENT.get(qid)
            if not rx:
                err("%s: no ABSENT terms registered" % qid)
            else:
                for m in hist:
                    if re.search(rx, m["text"], re.I):
                        err("%s: absent term found in %s: %s" % (qid, m["id"], m["text"]))
            continue

        if not ev:
            err("%s: no evidence" % qid)
        if q["type"] == "list":
            if q["expect_any"] or not 3 <= len(q["expect_all"]) <= 5:
                err("%s: list needs 3-5 expect_all and no expect_any" % qid)
        elif not q["expect_any"] or q["expect_all"]:
            err("%s: needs expect_any only" % qid)

        # derived date from note
        iso = re.findall(r"->\s*(\d{4}-\d{2}-\d{2})", q["note"])
        note_date = dt.date.fromisoformat(iso[-1]) if iso else None
        date_strings = []
        for s in q["expect_any"] + q["expect_all"]:
            if s != s.lower():
                err("%s: expected string not lowercase: %r" % (qid, s))
            pd = parse_date_variant(s)
            if pd is not None:
                date_strings.append((s, pd))
                d, wd = pd
                # prefix rule: 'march 1' could be a prefix of 'march 1x'
                if re.fullmatch(r"[a-z]+ [1-3]", s) and s.split()[0] in MON:
                    err("%s: %r is a prefix of longer dates" % (qid, s))
                if note_date is None or "derived date" not in note:
                    if s not in evtext:
                        err("%s: date %r neither in evidence nor derived in note" % (qid, s))
                    continue
                if isinstance(d, tuple):
                    if d[1] != note_date.day:
                        err("%s: %r day != note date %s" % (qid, s, note_date))
                elif d != note_date:
                    err("%s: %r != note date %s" % (qid, s, note_date))
                if wd and WEEKDAYS[note_date.weekday()] != wd:
                    err("%s: %r weekday wrong for %s" % (qid, s, note_date))
                continue
            if s in evtext:
                continue
            if q["type"] == "how_many":
                continue  # checked below
            if s in note:
                continue  # derived/variant value explained in the note
            err("%s: expected %r not in evidence or note" % (qid, s))

        if q["type"] in ("first_mention", "last_mention", "event_when"):
            if note_date is None or len(date_strings) < 4:
                err("%s: needs a derived date in the note and several date variants" % qid)
        if q["type"] == "event_when" and note_date:
            for m in ev:
                if m["_t"].date() == note_date:
                    err("%s: event date equals the date of message %s" % (qid, m["id"]))

        if q["type"] == "how_many":
            m = re.search(r"derived count: (\d+)", note)
            if not m:
                err("%s: note lacks 'Derived count: N'" % qid)
            else:
                n = int(m.group(1))
                if str(n) not in q["expect_any"]:
                    err("%s: count digit missing" % qid)
                if not any(w in q["expect_any"] for w in NUMWORDS.get(n, [])):
                    err("%s: count word missing" % qid)
                for s in q["expect_any"]:
                    if s != str(n) and s not in NUMWORDS.get(n, []):
                        err("%s: %r is not the count %d" % (qid, s, n))

        if q["type"] in ("first_mention", "last_mention"):
            rx = TOPICS.get(qid)
            if not rx:
                err("%s: no TOPICS terms registered" % qid)
                continue
            scope = [m for m in hist if q["conversation"] in (None, m["conversation"])
                     and m["_t"] <= now and re.search(rx, m["text"], re.I)]
            if len(scope) < 3:
                err("%s: topic mentioned in only %d messages" % (qid, len(scope)))
                continue
            if (scope[-1]["_t"] - scope[0]["_t"]).days < 14:
                err("%s: topic mentions span less than two weeks" % qid)
            if scope[0]["_t"].date() == scope[-1]["_t"].date():
                err("%s: first and last mention on the same day" % qid)
            target = scope[0] if q["type"] == "first_mention" else scope[-1]
            if note_date != target["_t"].date():
                err("%s: scan gives %s (%s) but note says %s" % (qid, target["_t"].date(), target["id"], note_date))
            if target["id"] not in q["evidence"]:
                err("%s: scanned %s message %s not in evidence" % (qid, q["type"], target["id"]))

    latest_ev = max(byid[e]["_t"] for q in qs for e in q["evidence"] if e in byid)
    if max(dt.datetime.fromisoformat(q["now"]) for q in qs) < latest_ev:
        err("no question's now is after the latest evidence")

    if errors:
        for e in errors:
            print("ERROR:", e)
        sys.exit(1)
    print("messages %d, sessions %d, conversations %s" % (len(hist), sessions, dict(convs)))
    print("types %s" % dict(counts))
    print("OK")


if __name__ == "__main__":
    main()
