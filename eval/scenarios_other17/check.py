#!/usr/bin/env python3
"""Validate the other17 scenario set: history.jsonl + questions.json.

Usage: python3 check.py  -> prints OK (exit 0) or the list of problems (exit 1).
"""
import datetime as dt
import json
import os
import re
import sys
import unicodedata
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
START, END = dt.date(2025, 3, 1), dt.date(2025, 6, 14)
MSG_PREFIX, Q_PREFIX = "B", "b"
N_QUESTIONS = 40
MSG_RANGE = (300, 340)
SESSION_RANGE = (45, 55)
MEMBERS = {
    "Kamau": {"Wanjiru", "Kamau"},
    "Imogen": {"Wanjiru", "Imogen"},
    "Baba's 70th": {"Wanjiru", "Kamau", "Njeri", "Declan"},
    "Gareth": {"Wanjiru", "Gareth"},
}
TYPE_COUNTS = {"where": 8, "what": 8, "list": 7, "how_many": 6, "follow_up": 5, "who": 2, "event_when": 2,
               "not_in_history": 2}
REFUSE = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]
DATE_TYPES = {"event_when", "last_mention", "first_mention"}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10, "once": 1, "twice": 2, "fifty-two": 52, "fifty two": 52}
SESSION_GAP = dt.timedelta(hours=2)

# Topic terms used to re-derive first/last mention dates (none in this set, kept for the shared format).
TOPIC_TERMS = {}
# Terms that must not occur anywhere in the history for each not_in_history question.
ABSENT_TERMS = {
    "how much did the boat survey cost us?": [r"survey"],
    "what's imogen's swim coach called?": [r"\bcoach\b", r"\bcoache[sd]\b", r"coaching", r"instructor", r"trainer"],
}
# Count re-derived from the history: distinct (conversation, day) sessions in the given conversation whose text
# matches any term (the Imogen chat retells the 03-22 cut-out, so the scan is limited to the Kamau chat).
COUNT_SCAN = {
    # days Wanjiru and Kamau were at the boat in March: the Kamau-chat debriefs of 03-01, 03-08 and 03-22
    "how many days did kamau and i actually get down to the boat in march?":
        ([r"carpet's out", r"sat 8th", r"back to bare wood"], 3, "Kamau"),
    # engine cut-outs reported in the Kamau chat
    "how many times did the engine conk out on us before gareth sorted it?":
        ([r"engine died", r"she cut out"], 3, "Kamau"),
}

errors = []


def err(msg):
    errors.append(msg)


def norm(s):
    s = unicodedata.normalize("NFKD", s.lower().replace("\u2019", "'"))
    return "".join(c for c in s if not unicodedata.combining(c))


def loose(s):
    return re.sub(r"[\s\-]+", "", norm(s))


MON_RE = r"(january|february|march|april|may|june|july|august|september|october|november|december|" \
         r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"


def month_index(mo):
    return next(i for i, name in enumerate(MONTHS) if name.startswith(mo[:3])) + 1


def parse_date(s, default_year):
    """Return a date for '2025-04-29', 'april 29', '29 apr', '29th of april'; else None."""
    s = norm(s).strip()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return dt.date(*map(int, m.groups()))
    day = r"(\d{1,2})(?:st|nd|rd|th)?"
    for pat, order in ((rf"{MON_RE}\.? {day}", "md"), (rf"{day} (?:of )?{MON_RE}\.?", "dm")):
        m = re.fullmatch(pat, s)
        if m:
            a, b = m.groups()
            mo, d = (a, b) if order == "md" else (b, a)
            return dt.date(default_year, month_index(mo), int(d))
    return None


def weekday_form(s):
    """'tuesday 29th' / 'tuesday the 29th' -> (weekday, day) or None."""
    m = re.fullmatch(r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday) (?:the )?(\d{1,2})(?:st|nd|rd|th)",
                     norm(s).strip())
    return (m.group(1), int(m.group(2))) if m else None


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
    for i, m in enumerate(hist, 1):
        if set(m) != {"id", "conversation", "speaker", "ts", "text"}:
            err(f"{m.get('id')}: wrong keys {sorted(m)}")
            continue
        if m["id"] in by_id:
            err(f"duplicate message id {m['id']}")
        if m["id"] != f"{MSG_PREFIX}{i:04d}":
            err(f"message id {m['id']} out of sequence (expected {MSG_PREFIX}{i:04d})")
        by_id[m["id"]] = m
        m["_t"] = dt.datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%S")
        if not START <= m["_t"].date() <= END:
            err(f"{m['id']}: ts {m['ts']} outside {START}..{END}")
        if m["conversation"] not in MEMBERS:
            err(f"{m['id']}: unknown conversation {m['conversation']}")
        elif m["speaker"] not in MEMBERS[m["conversation"]]:
            err(f"{m['id']}: {m['speaker']} is not in {m['conversation']}")
        if not m["text"].strip():
            err(f"{m['id']}: empty text")
    if any(a["_t"] >= b["_t"] for a, b in zip(hist, hist[1:])):
        err("history timestamps are not strictly increasing")
    per_conv = defaultdict(list)
    for m in hist:
        per_conv[m["conversation"]].append(m)
    sessions = 0
    for conv, ms in per_conv.items():
        for a, b in zip(ms, ms[1:]):
            if b["_t"] < a["_t"]:
                err(f"{conv}: {b['id']} earlier than {a['id']}")
        sessions += 1 + sum(1 for a, b in zip(ms, ms[1:])
                            if b["_t"] - a["_t"] > SESSION_GAP or b["_t"].date() != a["_t"].date())
    if set(per_conv) != set(MEMBERS):
        err(f"conversations {sorted(per_conv)} != {sorted(MEMBERS)}")
    if not MSG_RANGE[0] <= len(hist) <= MSG_RANGE[1]:
        err(f"{len(hist)} messages, expected {MSG_RANGE[0]}-{MSG_RANGE[1]}")
    if not SESSION_RANGE[0] <= sessions <= SESSION_RANGE[1]:
        err(f"{sessions} sessions, expected {SESSION_RANGE[0]}-{SESSION_RANGE[1]}")

    def scoped(conv):
        return [m for m in hist if conv is None or m["conversation"] == conv]

    # ------------------------------------------------------------ questions
    qs = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))
    keys = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"}
    ids = [q.get("id") for q in qs]
    for qid, c in Counter(ids).items():
        if c > 1:
            err(f"duplicate question id {qid}")
    if ids != [f"{Q_PREFIX}{i:02d}" for i in range(1, len(qs) + 1)]:
        err("question ids are not b01..bNN in order")
    tc = Counter(q.get("type") for q in qs)
    if dict(tc) != TYPE_COUNTS:
        err(f"type counts {dict(tc)} != {TYPE_COUNTS}")
    if len(qs) != N_QUESTIONS:
        err(f"{len(qs)} questions, expected {N_QUESTIONS}")
    texts = Counter(norm(q.get("question", "")) for q in qs)
    for t, c in texts.items():
        if c > 1:
            err(f"question asked {c} times: {t!r}")

    for q in qs:
        qid, typ = q.get("id"), q.get("type")
        if set(q) != keys:
            err(f"{qid}: wrong keys {sorted(q)}")
            continue
        now = dt.datetime.strptime(q["now"], "%Y-%m-%dT%H:%M:%S")
        if q["conversation"] is not None and q["conversation"] not in MEMBERS:
            err(f"{qid}: unknown conversation {q['conversation']}")
        if (typ == "follow_up") != bool(q["turns"]):
            err(f"{qid}: turns must be non-empty exactly for follow_up")
        if typ == "follow_up" and not 1 <= len(q["turns"]) <= 2:
            err(f"{qid}: follow_up needs 1-2 earlier turns")
        if not q["note"].strip():
            err(f"{qid}: empty note")
        if typ in ("list", "what_did_we_talk_about"):
            if q["expect_any"] or not q["expect_all"]:
                err(f"{qid}: {typ} needs expect_all and empty expect_any")
            if typ == "list" and not 3 <= len(q["expect_all"]) <= 5:
                err(f"{qid}: list needs 3-5 items")
        elif q["expect_all"] or not q["expect_any"]:
            err(f"{qid}: {typ} needs expect_any and empty expect_all")
        if any(e != e.lower() for e in q["expect_any"] + q["expect_all"]):
            err(f"{qid}: expected substrings must be lowercase")

        # evidence
        ev = []
        for eid in q["evidence"]:
            if eid not in by_id:
                err(f"{qid}: evidence {eid} does not exist")
                continue
            m = by_id[eid]
            ev.append(m)
            if m["_t"] > now:
                err(f"{qid}: evidence {eid} ({m['ts']}) is after now {q['now']}")
            if q["conversation"] and m["conversation"] != q["conversation"]:
                err(f"{qid}: evidence {eid} is in {m['conversation']}, question scoped to {q['conversation']}")
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

        def literal(s):
            return norm(s) in nblob or loose(s) in lblob

        # dates named by expect_any: all must agree on one ISO date
        iso = [s for s in q["expect_any"] if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s)]
        target = dt.date.fromisoformat(iso[0]) if iso else None
        if len(iso) > 1:
            err(f"{qid}: several ISO dates in expect_any")
        if typ in DATE_TYPES and not target:
            err(f"{qid}: {typ} needs an ISO date variant in expect_any")
        derived = []
        for s in q["expect_any"]:
            # a bare 'month d' with a one-digit day is a prefix of 'month 1x' / 'month 2x' etc.
            if re.fullmatch(rf"{MON_RE} \d", norm(s)):
                err(f"{qid}: {s!r} is a prefix of longer wrong dates")
            if literal(s):
                continue
            d = parse_date(s, target.year if target else START.year)
            if d is not None:
                if target is None or d != target:
                    err(f"{qid}: date variant {s!r} does not match {target}")
                derived.append(s)
                continue
            w = weekday_form(s)
            if w:
                if not target or WEEKDAYS[target.weekday()] != w[0] or target.day != w[1]:
                    err(f"{qid}: {s!r} does not match {target}")
                derived.append(s)
                continue
            if typ == "how_many" and (s.isdigit() or s in NUM_WORDS):
                derived.append(s)
                continue
            t = re.fullmatch(r"(\d{1,2}):(\d{2})", s)
            if t and any(int(h) % 12 == int(t.group(1)) % 12 and mi == t.group(2)
                         for h, mi in re.findall(r"(\d{1,2}):(\d{2})", blob)):
                derived.append(s)
                continue
            err(f"{qid}: expected {s!r} neither in evidence nor a derivable date/count/time")
        if derived and any(parse_date(s, 2025) or weekday_form(s) or s.isdigit() or s in NUM_WORDS for s in derived) \
                and "derived" not in q["note"].lower():
            err(f"{qid}: derived values {derived} but note does not say 'derived'")
        for s in q["expect_all"]:
            if not literal(s):
                err(f"{qid}: expect_all item {s!r} not found in evidence")

        # type-specific semantics
        if typ == "event_when" and target and all(d == target for d in ev_dates):
            err(f"{qid}: event date equals the message date of all evidence (should differ)")
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
        if typ == "how_many":
            nums = {int(s) for s in q["expect_any"] if s.isdigit()} | \
                   {NUM_WORDS[s] for s in q["expect_any"] if s in NUM_WORDS}
            if len(nums) != 1 or not any(s.isdigit() for s in q["expect_any"]) \
                    or not any(s in NUM_WORDS for s in q["expect_any"]):
                err(f"{qid}: how_many needs one count as digit and word, got {q['expect_any']}")
            else:
                n = nums.pop()
                words = [w for w, v in NUM_WORDS.items() if v == n]
                stated = str(n) in re.findall(r"\d+", blob) or any(re.search(rf"\b{w}\b", nblob) for w in words)
                summed = re.search(rf"derived count:.*=\s*{n}\b", q["note"].lower())
                if not (stated or len(ev) == n or summed):
                    err(f"{qid}: count {n} not stated, not the number of evidence messages, "
                        f"and no 'Derived count: ... = {n}' in the note")
                scan = COUNT_SCAN.get(q["question"])
                if scan:
                    sess = {(m["conversation"], m["_t"].date()) for m in scoped(scan[2])
                            if m["_t"] <= now and any(re.search(t, norm(m["text"])) for t in scan[0])}
                    if len(sess) != scan[1] or scan[1] != n:
                        err(f"{qid}: history scan finds {len(sess)} sessions for {scan[0]}, expected {n}")

    if errors:
        print("\n".join(errors))
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"OK: {len(hist)} messages, {sessions} sessions, {len(qs)} questions "
          f"({', '.join(f'{k} {v}' for k, v in tc.items())})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
