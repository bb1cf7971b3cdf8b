#!/usr/bin/env python3
"""Validate the memlane held-out scenario set scenarios_other59: history.jsonl + questions.json.

Usage: python3 check.py  -> prints OK (exit 0) or the list of problems (exit 1).
Standard library only.
"""
import datetime as dt
import json
import os
import re
import sys
import unicodedata
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
PREFIX = "H"
START, END = dt.date(2026, 7, 1), dt.date(2026, 10, 31)
N_MESSAGES = 385
N_SESSIONS = 58
SESSION_GAP = dt.timedelta(hours=1)
MEMBERS = {
    "Squad": {"Jayden", "Malik", "Deja", "Trey", "Camila"},
    "Malik": {"Jayden", "Malik"},
    "Mom": {"Jayden", "Mom"},
    "Zara": {"Jayden", "Zara"},
}
TYPE_ORDER = ["event_when", "last_mention", "first_mention", "who", "what", "where", "how_many", "list",
              "what_did_we_talk_about", "changed_plan", "follow_up", "not_in_history"]
TYPE_COUNTS = {"event_when": 4, "last_mention": 3, "first_mention": 3, "who": 4, "what": 4, "where": 3,
               "how_many": 4, "list": 3, "what_did_we_talk_about": 3, "changed_plan": 4, "follow_up": 3,
               "not_in_history": 2}
N_QUESTIONS = 40
REFUSE = ["does not contain", "no record", "couldn't find", "no mention", "not mentioned", "nothing about",
          "don't see", "can't find", "no messages"]
DATE_TYPES = {"event_when", "last_mention", "first_mention"}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10, "once": 1, "twice": 2}
# Dates that other date forms are compared against (no form may be a substring of another date's form).
COMPARE_FROM, COMPARE_TO = dt.date(2026, 7, 1), dt.date(2026, 11, 30)

# Topic terms used to re-derive first/last mention dates (scope = the question's conversation, up to `now`).
TOPIC_TERMS = {
    "when was the last time my sister said anything about her speaker": ["speaker", "jbl"],
    "when did the gc last bring up the kaydo show": ["concert", "kaydo"],
    "last time mom said something about my teeth or the dentist": ["dentist", "patel", "filling", "cavit",
                                                                  "floss", "teeth"],
    "when did dej first tell the gc about the job at her work": ["stackhouse", "hiring", "burger", "rico"],
    "when did i first tell leek i was talking to amara": ["amara"],
    "when did mom first say anything about me taking the road test": ["road test", "driving test", "dds",
                                                                     "license"],
}
# Terms that must not occur anywhere in the history for each not_in_history question (regexes).
ABSENT_TERMS = {
    "how much did mom end up paying for my braces": [r"\bbraces?\b", r"orthodont", r"retainer"],
    "when's zee's graduation": [r"graduat", r"commencement", r"\bgrad\b"],
}
# Session date each what_did_we_talk_about question refers to (resolved by hand from the phrasing + now).
SESSION_DATES = {
    "what did me n zee talk about the day after she moved in": "2026-08-16",
    "what was the gc on last tuesday night": "2026-10-27",
    "what did mom n i text about the day her car went into the shop": "2026-09-08",
}
# Counts re-derived from the history: (conversation, regexes, expected number of matching messages).
COUNT_SCAN = {
    "how many times did mom take me out driving before the test":
        ("Mom", [r"parking lot", r"drive around the neighborhood", r"third time out"], 3),
    "how many tix did cam buy for the kaydo show altogether": ("Squad", [r"\b6 total\b"], 1),
}

errors = []


def err(msg):
    errors.append(msg)


def norm(s):
    s = unicodedata.normalize("NFKD", s.lower().replace("\u2019", "'"))
    return "".join(c for c in s if not unicodedata.combining(c))


def loose(s):
    return re.sub(r"[\s\-]+", "", norm(s))


def ordinal(n):
    return f"{n}{'th' if 11 <= n % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def date_forms(d):
    mon, ab, day, o, wd = MONTHS[d.month - 1], MONTHS[d.month - 1][:3], d.day, ordinal(d.day), WEEKDAYS[d.weekday()]
    f = [f"{mon} {day}", f"{day} {mon}", d.isoformat(), f"{ab} {day}", f"{day} {ab}", f"{o} of {mon}",
         f"{o} {mon}", f"{mon} {o}", f"{wd} {mon} {day}", f"{wd} {day} {mon}", f"{wd} the {o}"]
    if d.month == 9:
        f += [f"sept {day}", f"{day} sept", f"sep {day}", f"{day} sep"]
    return f


MON_RE = r"(january|february|march|april|may|june|july|august|september|october|november|december|" \
         r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
DAY_RE = r"(\d{1,2})(?:st|nd|rd|th)?"
WD_RE = r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday)"


def month_index(name):
    return next(i for i, m in enumerate(MONTHS) if m.startswith(name[:3])) + 1


def parse_date(s, year):
    """Parse a date form. Returns (date or None, weekday name or None, is_date_form)."""
    s = norm(s).strip()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        try:
            return dt.date(*map(int, m.groups())), None, True
        except ValueError:
            return None, None, True
    m = re.fullmatch(rf"{WD_RE} the {DAY_RE}", s)
    if m:
        return ("DAYONLY", int(m.group(2))), m.group(1), True
    wd = None
    m = re.fullmatch(rf"{WD_RE},? (.*)", s)
    if m:
        wd, s = m.group(1), m.group(2)
    for pat, order in ((rf"{MON_RE}\.? {DAY_RE}", "md"), (rf"{DAY_RE} (?:of )?{MON_RE}\.?", "dm")):
        m = re.fullmatch(pat, s)
        if m:
            a, b = m.groups()
            mo, d = (a, b) if order == "md" else (b, a)
            try:
                return dt.date(year, month_index(mo), int(d)), wd, True
            except ValueError:
                return None, wd, True
    return None, None, False


def main():
    # ------------------------------------------------------------ history
    hist = []
    with open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                hist.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"history line {n}: bad json ({e})")
    by_id = {}
    good = []
    for i, m in enumerate(hist, 1):
        if set(m) != {"id", "conversation", "speaker", "ts", "text"}:
            err(f"{m.get('id')}: wrong keys {sorted(m)}")
            continue
        if m["id"] in by_id:
            err(f"duplicate message id {m['id']}")
        if m["id"] != f"{PREFIX}{i:04d}":
            err(f"message id {m['id']} out of sequence (expected {PREFIX}{i:04d})")
        by_id[m["id"]] = m
        try:
            m["_t"] = dt.datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%S")
        except ValueError:
            err(f"{m['id']}: bad ts {m['ts']!r}")
            continue
        good.append(m)
        if not START <= m["_t"].date() <= END:
            err(f"{m['id']}: ts {m['ts']} outside {START}..{END}")
        if m["conversation"] not in MEMBERS:
            err(f"{m['id']}: unknown conversation {m['conversation']}")
        elif m["speaker"] not in MEMBERS[m["conversation"]]:
            err(f"{m['id']}: {m['speaker']} is not in {m['conversation']}")
        if not m["text"].strip():
            err(f"{m['id']}: empty text")
    hist = good
    for a, b in zip(hist, hist[1:]):
        if not a["_t"] < b["_t"]:
            err(f"timestamps not strictly increasing: {a['id']} {a['ts']} -> {b['id']} {b['ts']}")
    per_conv = defaultdict(list)
    for m in hist:
        per_conv[m["conversation"]].append(m)
    session_of = {}
    sessions = 0
    for conv, ms in per_conv.items():
        for a, b in zip(ms, ms[1:]):
            if not a["_t"] < b["_t"]:
                err(f"{conv}: {b['id']} not later than {a['id']}")
        prev = None
        for m in ms:
            if prev is None or m["_t"] - prev["_t"] > SESSION_GAP or m["_t"].date() != prev["_t"].date():
                sessions += 1
            session_of[m["id"]] = sessions
            prev = m
        speakers = {m["speaker"] for m in ms}
        if conv in MEMBERS and speakers != MEMBERS[conv]:
            err(f"{conv}: speakers {sorted(speakers)} != members {sorted(MEMBERS[conv])}")
    if set(per_conv) != set(MEMBERS):
        err(f"conversations {sorted(per_conv)} != {sorted(MEMBERS)}")
    if len(hist) != N_MESSAGES:
        err(f"{len(hist)} messages, expected {N_MESSAGES}")
    if sessions != N_SESSIONS:
        err(f"{sessions} sessions, expected {N_SESSIONS}")
    if not 360 <= len(hist) <= 400 or not 45 <= sessions <= 60:
        err(f"{len(hist)} messages / {sessions} sessions outside 360-400 / 45-60")

    def scoped(conv):
        return [m for m in hist if conv is None or m["conversation"] == conv]

    # ------------------------------------------------------------ questions
    qs = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))
    keys = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"}
    if len(qs) != N_QUESTIONS:
        err(f"{len(qs)} questions, expected {N_QUESTIONS}")
    tc = Counter(q.get("type") for q in qs)
    if dict(tc) != TYPE_COUNTS:
        err(f"type counts {dict(tc)} != {TYPE_COUNTS}")
    want_types = [t for t in TYPE_ORDER for _ in range(TYPE_COUNTS[t])]
    for i, q in enumerate(qs, 1):
        if q.get("id") != f"{PREFIX.lower()}{i:02d}":
            err(f"question id {q.get('id')} out of sequence (expected {PREFIX.lower()}{i:02d})")
        if i <= len(want_types) and q.get("type") != want_types[i - 1]:
            err(f"{q.get('id')}: type {q.get('type')} out of order (expected {want_types[i - 1]})")
    for qid, c in Counter(q.get("id") for q in qs).items():
        if c > 1:
            err(f"duplicate question id {qid}")
    for qtext, c in Counter(q.get("question") for q in qs).items():
        if c > 1:
            err(f"duplicate question text {qtext!r}")

    other_dates = [COMPARE_FROM + dt.timedelta(days=k) for k in range((COMPARE_TO - COMPARE_FROM).days + 1)]

    for q in qs:
        qid, typ = q.get("id"), q.get("type")
        if set(q) != keys:
            err(f"{qid}: wrong keys {sorted(q)}")
            continue
        try:
            now = dt.datetime.strptime(q["now"], "%Y-%m-%dT%H:%M:%S")
        except ValueError:
            err(f"{qid}: bad now {q['now']!r}")
            continue
        if q["conversation"] is not None and q["conversation"] not in MEMBERS:
            err(f"{qid}: unknown conversation {q['conversation']}")
        if typ == "follow_up":
            if not q["turns"] or not all(isinstance(t, str) and t.strip() for t in q["turns"]):
                err(f"{qid}: follow_up needs non-empty turns")
        elif q["turns"] != []:
            err(f"{qid}: turns must be [] for {typ}")
        if not q["note"].strip():
            err(f"{qid}: empty note")
        if typ in ("list", "what_did_we_talk_about"):
            if q["expect_any"] or not q["expect_all"]:
                err(f"{qid}: {typ} needs expect_all and empty expect_any")
        elif q["expect_all"] or not q["expect_any"]:
            err(f"{qid}: {typ} needs expect_any and empty expect_all")
        if typ == "what_did_we_talk_about" and not 2 <= len(q["expect_all"]) <= 3:
            err(f"{qid}: what_did_we_talk_about needs 2-3 topic keywords")
        if typ == "list" and len(q["expect_all"]) != 3:
            err(f"{qid}: list needs exactly 3 items")
        if any(e != e.lower() or not e.strip() for e in q["expect_any"] + q["expect_all"]):
            err(f"{qid}: expected substrings must be non-empty lowercase")
        if len(set(q["expect_any"])) != len(q["expect_any"]):
            err(f"{qid}: repeated expect_any entry")

        # evidence
        ev = []
        for eid in q["evidence"]:
            if eid not in by_id or "_t" not in by_id[eid]:
                err(f"{qid}: evidence {eid} does not exist")
                continue
            m = by_id[eid]
            ev.append(m)
            if m["_t"] > now:
                err(f"{qid}: evidence {eid} ({m['ts']}) is after now {q['now']}")
            if q["conversation"] and m["conversation"] != q["conversation"]:
                err(f"{qid}: evidence {eid} is in {m['conversation']}, question scoped to {q['conversation']}")
            if eid not in q["note"]:
                err(f"{qid}: note does not cite evidence {eid}")
        if len(set(q["evidence"])) != len(q["evidence"]):
            err(f"{qid}: repeated evidence id")

        if typ == "not_in_history":
            if q["evidence"]:
                err(f"{qid}: not_in_history must have empty evidence")
            if q["expect_any"] != REFUSE:
                err(f"{qid}: not_in_history expect_any must be the refusal list")
            terms = ABSENT_TERMS.get(q["question"])
            if not terms:
                err(f"{qid}: no ABSENT_TERMS entry in check.py")
            for t in terms or []:
                for m in hist:
                    if re.search(t, norm(m["text"])):
                        err(f"{qid}: absent term /{t}/ occurs in {m['id']}: {m['text']!r}")
            continue
        if not ev:
            err(f"{qid}: needs evidence")
            continue
        blob = "\n".join(f"{m['speaker']}: {m['text']}" for m in ev)
        nblob, lblob = norm(blob), loose(blob)
        ev_dates = sorted({m["_t"].date() for m in ev})
        note = q["note"].lower()

        def literal(s):
            return norm(s) in nblob or loose(s) in lblob

        # ---- dates
        iso = [s for s in q["expect_any"] if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s)]
        target = None
        if len(iso) > 1:
            err(f"{qid}: several ISO dates in expect_any")
        if iso:
            try:
                target = dt.date.fromisoformat(iso[0])
            except ValueError:
                err(f"{qid}: bad ISO date {iso[0]!r}")
        is_date_q = typ in DATE_TYPES or target is not None
        if typ in DATE_TYPES and not target:
            err(f"{qid}: {typ} needs an ISO date variant in expect_any")
        derived = []
        for s in q["expect_any"]:
            d, wd, is_form = parse_date(s, target.year if target else 2026)
            if is_form:
                if target is None:
                    err(f"{qid}: date form {s!r} without an ISO variant")
                    continue
                if isinstance(d, tuple):  # 'thursday the 17th'
                    if d[1] != target.day or wd != WEEKDAYS[target.weekday()]:
                        err(f"{qid}: {s!r} does not match {target} ({WEEKDAYS[target.weekday()]})")
                elif d != target:
                    err(f"{qid}: date variant {s!r} does not match {target}")
                elif wd and wd != WEEKDAYS[target.weekday()]:
                    err(f"{qid}: weekday in {s!r} is wrong for {target} ({WEEKDAYS[target.weekday()]})")
                derived.append(s)
                continue
            if literal(s):
                continue
            if typ == "how_many" and (s.isdigit() or s in NUM_WORDS):
                derived.append(s)
                continue
            err(f"{qid}: expected {s!r} neither in evidence nor a derivable date/count")
        for s in q["expect_all"]:
            if not literal(s):
                err(f"{qid}: expect_all item {s!r} not found in evidence")
        if derived and "derived" not in note:
            err(f"{qid}: derived values {derived} but the note does not say 'derived'")
        if target is not None:
            forms = date_forms(target)
            missing = [f for f in forms if f not in q["expect_any"] and not f.startswith("sep ")
                       and not re.fullmatch(r"\d+ sep", f)]
            if missing:
                err(f"{qid}: date forms missing from expect_any: {missing}")
            if target.isoformat() not in q["note"]:
                err(f"{qid}: note does not state the ISO date {target}")
            for s in q["expect_any"]:
                if not parse_date(s, target.year)[2]:
                    continue
                for od in other_dates:
                    if od == target:
                        continue
                    hit = [f for f in date_forms(od) if s in f]
                    if hit:
                        err(f"{qid}: date form {s!r} is a substring of {hit[0]!r} ({od})")
                        break
        if is_date_q and typ not in DATE_TYPES | {"changed_plan", "follow_up"}:
            err(f"{qid}: dates are only expected for date questions")

        # ---- type-specific semantics
        if typ == "event_when" and target and target in ev_dates:
            err(f"{qid}: event date {target} equals the date an evidence message was sent")
        if typ in ("first_mention", "last_mention") and target:
            want = ev_dates[0] if typ == "first_mention" else ev_dates[-1]
            if want != target:
                err(f"{qid}: {typ} date {target} != evidence date {want}")
            terms = TOPIC_TERMS.get(q["question"])
            if not terms:
                err(f"{qid}: no TOPIC_TERMS entry in check.py")
            else:
                hits = [m for m in scoped(q["conversation"]) if m["_t"] <= now
                        and any(t in norm(m["text"]) for t in terms)]
                got = (hits[0] if typ == "first_mention" else hits[-1])["_t"].date() if hits else None
                if got != target:
                    err(f"{qid}: scanning history for {terms} gives {got}, expected {target}")
                if not any(any(t in norm(m["text"]) for t in terms) for m in ev):
                    err(f"{qid}: evidence does not contain any topic term {terms}")
        if typ == "changed_plan" and len(ev_dates) < 2:
            err(f"{qid}: changed_plan evidence should span the original plan and the change")
        if typ == "what_did_we_talk_about":
            if len({session_of[m["id"]] for m in ev}) != 1:
                err(f"{qid}: evidence must come from one session")
            want = SESSION_DATES.get(q["question"])
            if want is None or ev_dates[0].isoformat() != want:
                err(f"{qid}: evidence date {ev_dates[0]} != referenced session {want}")
        wm = re.search(r"\blast (monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", norm(q["question"]))
        if wm:
            wanted = WEEKDAYS.index(wm.group(1))
            back = (now.weekday() - wanted) % 7 or 7
            day = now.date() - dt.timedelta(days=back)
            if ev_dates != [day]:
                err(f"{qid}: 'last {wm.group(1)}' from {q['now']} is {day}, evidence dates {ev_dates}")
        if typ == "how_many":
            nums = {int(s) for s in q["expect_any"] if s.isdigit()} | \
                   {NUM_WORDS[s] for s in q["expect_any"] if s in NUM_WORDS}
            if len(nums) != 1 or not any(s.isdigit() for s in q["expect_any"]) \
                    or not any(s in NUM_WORDS for s in q["expect_any"]):
                err(f"{qid}: how_many needs one count as digit and word, got {q['expect_any']}")
            else:
                n = nums.pop()
                if n == 2 and "twice" not in q["expect_any"]:
                    err(f"{qid}: a count of 2 needs 'twice' too")
                words = [w for w, v in NUM_WORDS.items() if v == n]
                if not (str(n) in re.findall(r"\d+", blob) or any(re.search(rf"\b{w}\b", nblob) for w in words)
                        or len(ev) == n):
                    err(f"{qid}: count {n} neither stated in evidence nor equal to the number of evidence messages")
                scan = COUNT_SCAN.get(q["question"])
                if scan:
                    conv, pats, expected = scan
                    found = [m for m in scoped(conv) if m["_t"] <= now
                             and any(re.search(p, norm(m["text"])) for p in pats)]
                    if len(found) != expected:
                        err(f"{qid}: history scan for {pats} finds {len(found)} messages, expected {expected}")

    if errors:
        print("\n".join(errors))
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"OK: {len(hist)} messages, {sessions} sessions, {len(qs)} questions "
          f"({', '.join(f'{k} {v}' for k, v in tc.items())})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
