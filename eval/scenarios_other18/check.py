#!/usr/bin/env python3
"""Validate the memlane held-out set other18: history.jsonl + questions.json.

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
START, END = dt.date(2025, 2, 24), dt.date(2025, 6, 10)
PREFIX = "M"
YEAR = 2025
MEMBERS = {
    "Priya": {"Ravi", "Priya"},
    "Sunil": {"Ravi", "Sunil"},
    "Gaz's stag": {"Ravi", "Callum", "Josh", "Niall"},
    "Fiona": {"Ravi", "Fiona"},
}
TYPE_COUNTS = {"where": 8, "what": 8, "list": 7, "how_many": 6, "follow_up": 5, "who": 2, "event_when": 2,
               "not_in_history": 2}
REFUSE = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]
DATE_TYPES = {"event_when", "last_mention", "first_mention"}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10, "eleven": 11, "twelve": 12, "once": 1, "twice": 2}
SESSION_GAP = dt.timedelta(hours=2)

# Topic terms used to re-derive first/last mention dates (this set has no first/last-mention questions).
TOPIC_TERMS = {}
# Terms that must not occur anywhere in the history for each not_in_history question.
ABSENT_TERMS = {
    "how much is mabel's pet insurance a month?": [r"insur", r"premium", r"a month\b.*£", r"per month"],
    "where's gaz's wedding reception being held": [r"\breception\b", r"venue", r"church", r"registry", r"hotel",
                                                   r"ceremony"],
}
# Session date that each what_did_we_talk_about question refers to (none in this set).
SESSION_DATES = {}
# how_many counts that are not stated in one message: the evidence ids that are counted (one per occasion/thing).
COUNTED = {
    "how many of our sunday games have actually gone ahead this season?": ["M0243", "M0259", "M0275", "M0304"],
    "how many times has mabel escaped from the garden": ["M0074", "M0201"],
    "how many vet appointments has mabel had": ["M0031", "M0155", "M0284"],
}
# how_many totals summed from several messages: (message id, number stated in it).
SUMMED = {
    "how many bags of compost did the beds take altogether": [("M0125", 4), ("M0135", 3)],
}
# Re-derive some counts from the history: (terms, scope conversation, expected number of distinct days).
COUNT_SCAN = {
    "how many vet appointments has mabel had": ([r"\bthe vets\b"], None, 3),
    "how many times has mabel escaped from the garden": ([r"got out of the garden", r"did a runner"], None, 2),
}

errors = []


def err(msg):
    errors.append(msg)


def norm(s):
    s = unicodedata.normalize("NFKD", s.lower().replace("\u2019", "'"))
    return "".join(c for c in s if not unicodedata.combining(c))


def loose(s):
    return re.sub(r"[\s\-]+", "", norm(s))


def parse_date(s, default_year):
    """Return a date for strings like '2024-11-21', 'november 21', '21 nov', '21st of november'; else None."""
    s = norm(s).strip()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return dt.date(*map(int, m.groups()))
    mon = r"(january|february|march|april|may|june|july|august|september|october|november|december|" \
          r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
    day = r"(\d{1,2})(?:st|nd|rd|th)?"
    for pat, order in ((rf"{mon}\.? {day}", "md"), (rf"{day} (?:of )?{mon}\.?", "dm")):
        m = re.fullmatch(pat, s)
        if m:
            a, b = m.groups()
            mo, d = (a, b) if order == "md" else (b, a)
            mi = next(i for i, name in enumerate(MONTHS) if name.startswith(mo[:3])) + 1
            return dt.date(default_year, mi, int(d))
    return None


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
        if m["id"] != f"{PREFIX}{i:04d}":
            err(f"message id {m['id']} out of sequence (expected {PREFIX}{i:04d})")
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
    if not 300 <= len(hist) <= 340:
        err(f"{len(hist)} messages, expected 300-340")
    if not 45 <= sessions <= 55:
        err(f"{sessions} sessions, expected 45-55")

    def scoped(conv):
        return [m for m in hist if conv is None or m["conversation"] == conv]

    # ------------------------------------------------------------ questions
    qs = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))
    keys = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"}
    ids = [q.get("id") for q in qs]
    for qid, c in Counter(ids).items():
        if c > 1:
            err(f"duplicate question id {qid}")
    tc = Counter(q.get("type") for q in qs)
    if dict(tc) != TYPE_COUNTS:
        err(f"type counts {dict(tc)} != {TYPE_COUNTS}")
    if len(qs) != 40:
        err(f"{len(qs)} questions, expected 40")
    for n, q in enumerate(qs, 1):
        if q.get("id") != f"{PREFIX.lower()}{n:02d}":
            err(f"question {n} has id {q.get('id')}, expected {PREFIX.lower()}{n:02d}")
    seen_q = Counter(norm(q.get("question", "")) for q in qs)
    for t, c in seen_q.items():
        if c > 1:
            err(f"question text repeated: {t!r}")

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
        if not q["note"].strip():
            err(f"{qid}: empty note")
        if typ in ("list", "what_did_we_talk_about"):
            if q["expect_any"] or not q["expect_all"]:
                err(f"{qid}: {typ} needs expect_all and empty expect_any")
        elif q["expect_all"] or not q["expect_any"]:
            err(f"{qid}: {typ} needs expect_any and empty expect_all")
        if typ == "what_did_we_talk_about" and not 2 <= len(q["expect_all"]) <= 3:
            err(f"{qid}: what_did_we_talk_about needs 2-3 topic keywords")
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
            if literal(s):
                continue
            d = parse_date(s, target.year if target else YEAR)
            if d is not None:
                if target is None or d != target:
                    err(f"{qid}: date variant {s!r} does not match {target}")
                derived.append(s)
                continue
            if typ == "how_many" and (s.isdigit() or s in NUM_WORDS):
                derived.append(s)
                continue
            if typ == "follow_up" and s in NUM_WORDS and str(NUM_WORDS[s]) in q["expect_any"]:
                derived.append(s)
                continue
            w = re.fullmatch(r"(\w+day) the (\d{1,2})(?:st|nd|rd|th)", s)
            if w and target:
                derived.append(s)  # checked against the target date below
                continue
            t = re.fullmatch(r"(\d{1,2}):(\d{2})", s)
            if t and any(int(h) % 12 == int(t.group(1)) % 12 and mi == t.group(2)
                         for h, mi in re.findall(r"(\d{1,2}):(\d{2})", blob)):
                derived.append(s)
                continue
            if s in ("yes", "no") and re.match(r"(did|does|do|is|was|were|are|has|have|can|will)\b", q["question"]):
                derived.append(s)
                continue
            if re.search(r"variant:.*\"" + re.escape(s) + r"\"", q["note"], re.I):
                continue  # paraphrase explained in the note
            err(f"{qid}: expected {s!r} neither in evidence nor a derivable date/count/time/yes-no")
        if derived and "derived" not in q["note"].lower() and "variant" not in q["note"].lower():
            # yes/no and 12h-time variants must at least be explained in the note
            if any(parse_date(s, YEAR) or s.isdigit() or s in NUM_WORDS for s in derived):
                err(f"{qid}: derived values {derived} but note does not say 'derived'")
        for s in q["expect_all"]:
            if not literal(s):
                err(f"{qid}: expect_all item {s!r} not found in evidence")
        # weekday phrases like 'thursday the 21st' must agree with the target date
        for s in q["expect_any"]:
            w = re.fullmatch(r"(\w+day) the (\d{1,2})(?:st|nd|rd|th)", s)
            if w and target and (WEEKDAYS[target.weekday()] != w.group(1) or target.day != int(w.group(2))):
                err(f"{qid}: {s!r} does not match {target} ({WEEKDAYS[target.weekday()]})")

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
        if typ == "changed_plan" and len(ev_dates) < 2:
            err(f"{qid}: changed_plan evidence should span the original plan and the change")
        if typ == "what_did_we_talk_about":
            if len({m["conversation"] for m in ev}) != 1 or len(ev_dates) != 1:
                err(f"{qid}: evidence must come from one session")
            want = SESSION_DATES.get(q["question"])
            if want is None or ev_dates[0].isoformat() != want:
                err(f"{qid}: evidence date {ev_dates[0]} != referenced session {want}")
        if typ == "how_many":
            nums = {int(s) for s in q["expect_any"] if s.isdigit()} | \
                   {NUM_WORDS[s] for s in q["expect_any"] if s in NUM_WORDS}
            if len(nums) != 1 or not any(s.isdigit() for s in q["expect_any"]) \
                    or not any(s in NUM_WORDS for s in q["expect_any"]):
                err(f"{qid}: how_many needs one count as digit and word, got {q['expect_any']}")
            else:
                n = nums.pop()
                words = [w for w, v in NUM_WORDS.items() if v == n]
                counted = COUNTED.get(q["question"])
                summed = SUMMED.get(q["question"])
                if summed is not None:
                    if sum(k for _, k in summed) != n or "derived" not in q["note"].lower():
                        err(f"{qid}: SUMMED parts do not add up to {n} (or note lacks 'derived')")
                    for mid, k in summed:
                        if mid not in q["evidence"] or str(k) not in re.findall(r"\d+", by_id[mid]["text"]):
                            err(f"{qid}: SUMMED part {mid}={k} not stated in that evidence message")
                elif counted is not None:
                    if len(counted) != n or not set(counted) <= set(q["evidence"]):
                        err(f"{qid}: COUNTED {counted} must be {n} ids inside the evidence")
                    if "derived" not in q["note"].lower():
                        err(f"{qid}: counted answer needs 'derived' in the note")
                elif not (str(n) in re.findall(r"\d+", blob) or any(re.search(rf"\b{w}\b", nblob) for w in words)
                          or len(ev) == n):
                    err(f"{qid}: count {n} neither stated in evidence nor equal to the number of evidence messages")
                scan = COUNT_SCAN.get(q["question"])
                if scan:
                    terms, conv, want = scan
                    days = {m["_t"].date() for m in scoped(conv)
                            if m["_t"] <= now and any(re.search(t, norm(m["text"])) for t in terms)}
                    if len(days) != want or want != n:
                        err(f"{qid}: history scan finds {len(days)} days for {terms}, expected {n}")

    if errors:
        print("\n".join(errors))
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"OK: {len(hist)} messages, {sessions} sessions, {len(qs)} questions "
          f"({', '.join(f'{k} {v}' for k, v in tc.items())})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
