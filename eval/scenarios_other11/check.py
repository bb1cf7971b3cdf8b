#!/usr/bin/env python3
"""Validate this memlane scenario set: history.jsonl + questions.json (stdlib only).

Usage: python3 check.py  -> prints OK (exit 0) or the list of problems (exit 1).
"""
import calendar
import datetime as dt
import json
import os
import re
import sys
import unicodedata
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
PREFIX, QPREFIX = "n", "n"
START, END = dt.date(2026, 1, 12), dt.date(2026, 4, 30)
MEMBERS = {
    "Kalea": {"Leilani", "Kalea"},
    "Ottilie": {"Leilani", "Ottilie"},
    "Choir altos": {"Leilani", "Bettina", "Sunniva", "Marguerite"},
    "Harlan": {"Leilani", "Harlan"},
}
N_MESSAGES = (300, 340)
N_SESSIONS = (45, 55)
N_QUESTIONS = 40
TYPE_COUNTS = {"event_when": 4, "last_mention": 3, "first_mention": 3, "who": 4, "what": 4, "where": 3,
               "how_many": 4, "list": 3, "what_did_we_talk_about": 3, "changed_plan": 4, "follow_up": 3,
               "not_in_history": 2}
REFUSE = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]
DATE_TYPES = {"event_when", "last_mention", "first_mention"}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10, "eleven": 11, "twelve": 12, "once": 1, "twice": 2}
SESSION_GAP = dt.timedelta(hours=2)

# Regexes (on normalised lowercase text) used to re-derive first/last mention dates, scoped to the question's chat.
TOPIC_TERMS = {
    "n05": [r"boiler", r"\bdewi\b", r"hot water", r"heating", r"valve", r"pressure"],
    "n06": [r"\bcar\b", r"biscuit", r"\bmot\b", r"garage", r"alternator", r"tyre", r"brake", r"insur", r"retest"],
    "n07": [r"garden", r"raised bed", r"seed", r"potato", r"bean", r"chard", r"sweet pea", r"compost", r"\bsow",
            r"planted", r"soil", r"earth them"],
    "n08": [r"\blease\b", r"renew", r"tenancy"],
    "n09": [r"sweet ?peas?"],
    "n10": [r"otter"],
}
# Regexes that must not occur anywhere in the history for each not_in_history question.
ABSENT_TERMS = {
    "n39": [r"graduat", r"ceremon"],
    "n40": [r"deposit", r"moved in\b", r"move-in"],
}
# Session date each what_did_we_talk_about question refers to (resolved by hand from the phrasing + now).
SESSION_DATES = {"n29": "2026-02-13", "n30": "2026-03-08", "n31": "2026-04-12"}
# how_many questions re-derived from the history: (conversation, regex, expected number of matching messages)
COUNT_SCAN = {
    "n22": ("Harlan", r"dewi (came|fitted)", 3),
    "n23": ("Choir altos", r"(can't make|miss(ing)?) (tonight's )?rehearsal", 4),
    "n24": ("Kalea", r"sent you .*50", 3),
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
DAY_RE = r"(\d{1,2})(?:st|nd|rd|th)?"


def month_index(mo):
    return next(i for i, name in enumerate(MONTHS) if name.startswith(mo[:3])) + 1


def parse_date(s, default_year):
    """Date for '2026-03-07', 'march 7', '7 mar', '7th of march', or None. ('saturday the 7th' -> handled apart.)"""
    s = norm(s).strip()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return dt.date(*map(int, m.groups()))
    for pat, order in ((rf"{MON_RE}\.? {DAY_RE}", "md"), (rf"{DAY_RE} (?:of )?{MON_RE}\.?", "dm")):
        m = re.fullmatch(pat, s)
        if m:
            a, b = m.groups()
            mo, d = (a, b) if order == "md" else (b, a)
            return dt.date(default_year, month_index(mo), int(d))
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
    hist = [m for m in hist if "_t" in m]
    for a, b in zip(hist, hist[1:]):
        if not b["_t"] > a["_t"]:
            err(f"timestamps not strictly increasing: {a['id']} {a['ts']} -> {b['id']} {b['ts']}")
    per_conv = defaultdict(list)
    for m in hist:
        per_conv[m["conversation"]].append(m)
    sessions = 0
    for conv, ms in per_conv.items():
        sessions += 1 + sum(1 for a, b in zip(ms, ms[1:])
                            if b["_t"] - a["_t"] > SESSION_GAP or b["_t"].date() != a["_t"].date())
    if set(per_conv) != set(MEMBERS):
        err(f"conversations {sorted(per_conv)} != {sorted(MEMBERS)}")
    if not N_MESSAGES[0] <= len(hist) <= N_MESSAGES[1]:
        err(f"{len(hist)} messages, expected {N_MESSAGES[0]}-{N_MESSAGES[1]}")
    if not N_SESSIONS[0] <= sessions <= N_SESSIONS[1]:
        err(f"{sessions} sessions, expected {N_SESSIONS[0]}-{N_SESSIONS[1]}")

    def scoped(conv, now):
        return [m for m in hist if (conv is None or m["conversation"] == conv) and m["_t"] <= now]

    # ------------------------------------------------------------ questions
    qs = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))
    keys = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"}
    ids = [q.get("id") for q in qs]
    for qid, c in Counter(ids).items():
        if c > 1:
            err(f"duplicate question id {qid}")
    if ids != [f"{QPREFIX}{i:02d}" for i in range(1, len(qs) + 1)]:
        err("question ids are not n01..nNN in order")
    tc = Counter(q.get("type") for q in qs)
    if dict(tc) != TYPE_COUNTS:
        err(f"type counts {dict(tc)} != {TYPE_COUNTS}")
    if len(qs) != N_QUESTIONS:
        err(f"{len(qs)} questions, expected {N_QUESTIONS}")
    texts = Counter(norm(q.get("question", "")) for q in qs)
    for t, c in texts.items():
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
        if typ == "follow_up":
            if not 1 <= len(q["turns"]) <= 2:
                err(f"{qid}: follow_up needs 1-2 earlier turns")
        elif q["turns"]:
            err(f"{qid}: only follow_up questions have turns")
        if not q["note"].strip():
            err(f"{qid}: empty note")
        if typ in ("list", "what_did_we_talk_about"):
            if q["expect_any"] or not 3 <= len(q["expect_all"]) <= 5:
                err(f"{qid}: {typ} needs 3-5 expect_all items and empty expect_any")
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
            terms = ABSENT_TERMS.get(qid)
            if not terms:
                err(f"{qid}: no ABSENT_TERMS entry")
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
            d = parse_date(s, target.year if target else 2026)
            if d is not None:
                if target is None or d != target:
                    err(f"{qid}: date variant {s!r} does not match {target}")
                # a bare form must not be a prefix/suffix of another day of the month ("march 1" vs "march 15",
                # "6 march" vs "16 march")
                if re.fullmatch(rf"{MON_RE}\.? \d", norm(s)) and \
                        d.day * 10 <= calendar.monthrange(d.year, d.month)[1]:
                    err(f"{qid}: {s!r} is a prefix of a later date in the month")
                if re.fullmatch(rf"\d (?:of )?{MON_RE}\.?", norm(s)):
                    err(f"{qid}: {s!r} is a suffix of a two-digit date (e.g. 1{s})")
                if not literal(s):
                    derived.append(s)
                continue
            w = re.fullmatch(r"(\w+day) the (\d{1,2})(?:st|nd|rd|th)", s)
            if w:
                if not target or WEEKDAYS[target.weekday()] != w.group(1) or target.day != int(w.group(2)):
                    err(f"{qid}: {s!r} does not match {target}")
                if not literal(s):
                    derived.append(s)
                continue
            # "saturday 7 february": the weekday keeps the day from matching inside "17 february"
            w = re.fullmatch(r"(\w+day) (\d{1,2}) (\w+)", s)
            if w and target and w.group(3) == target.strftime("%B").lower():
                if WEEKDAYS[target.weekday()] != w.group(1) or target.day != int(w.group(2)):
                    err(f"{qid}: {s!r} does not match {target}")
                if not literal(s):
                    derived.append(s)
                continue
            if literal(s):
                continue
            if typ == "how_many" and (s.isdigit() or s in NUM_WORDS):
                derived.append(s)
                continue
            err(f"{qid}: expected {s!r} neither in evidence nor a derivable date/count")
        if derived and "derived" not in q["note"].lower():
            err(f"{qid}: derived values {derived} but note does not say 'derived'")
        for s in q["expect_all"]:
            if not literal(s):
                err(f"{qid}: expect_all item {s!r} not found in evidence")

        # type-specific semantics
        if typ == "event_when" and target:
            if any(m["_t"].date() == target for m in ev if m["_t"].date() == ev_dates[-1]) and \
                    all(d == target for d in ev_dates):
                err(f"{qid}: event date equals the message date of all evidence (should differ)")
            if target in ev_dates:
                err(f"{qid}: event date {target} equals the date of an evidence message")
        if typ in ("first_mention", "last_mention") and target:
            want = ev_dates[0] if typ == "first_mention" else ev_dates[-1]
            if want != target:
                err(f"{qid}: {typ} date {target} != evidence date {want}")
            terms = TOPIC_TERMS.get(qid)
            if not terms:
                err(f"{qid}: no TOPIC_TERMS entry")
            else:
                hits = [m for m in scoped(q["conversation"], now) if any(re.search(t, norm(m["text"])) for t in terms)]
                got = (hits[0] if typ == "first_mention" else hits[-1])["_t"].date() if hits else None
                if got != target:
                    err(f"{qid}: scanning history for {terms} gives {got}, expected {target}")
                for m in ev:
                    if not any(re.search(t, norm(m["text"])) for t in terms):
                        err(f"{qid}: evidence {m['id']} does not match the topic terms")
        if typ == "changed_plan" and len(ev_dates) < 2:
            err(f"{qid}: changed_plan evidence should span the original plan and the change")
        if typ == "what_did_we_talk_about":
            if len({m["conversation"] for m in ev}) != 1 or len(ev_dates) != 1:
                err(f"{qid}: evidence must come from one session")
            want = SESSION_DATES.get(qid)
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
                if not (str(n) in re.findall(r"\d+", blob) or any(re.search(rf"\b{w}\b", nblob) for w in words)
                        or len(ev) == n):
                    err(f"{qid}: count {n} neither stated in evidence nor equal to the number of evidence messages")
                scan = COUNT_SCAN.get(qid)
                if scan:
                    conv, pat, want = scan
                    found = [m["id"] for m in scoped(conv, now) if re.search(pat, norm(m["text"]))]
                    if len(found) != want or want != n:
                        err(f"{qid}: history scan /{pat}/ finds {len(found)} messages {found}, expected {n}")
                    elif sorted(found) != sorted(q["evidence"]):
                        err(f"{qid}: scan hits {found} differ from evidence {q['evidence']}")

    if errors:
        print("\n".join(errors))
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"OK: {len(hist)} messages, {sessions} sessions, {len(qs)} questions "
          f"({', '.join(f'{k} {v}' for k, v in tc.items())})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
