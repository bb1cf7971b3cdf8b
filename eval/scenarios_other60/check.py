#!/usr/bin/env python3
"""Validate the memlane "other60" scenario set (user: Siobhán): history.jsonl + questions.json.

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
PREFIX = "I"                       # message ids: I0001, I0002, ...
QPREFIX = "i"                      # question ids: i01 .. i40
START, END = dt.date(2026, 7, 1), dt.date(2026, 10, 31)
N_MESSAGES = 387
N_SESSIONS = 58
SESSION_GAP = dt.timedelta(hours=1)   # a longer gap inside one conversation starts a new session
USER = "Siobhán"
MEMBERS = {
    "Fiona": {"Siobhán", "Fiona"},
    "Declan": {"Siobhán", "Declan"},
    "Maura": {"Siobhán", "Maura"},
    "Book Club": {"Siobhán", "Bernie", "Gráinne", "Pat", "Noel"},
}
TYPE_ORDER = [("event_when", 4), ("last_mention", 3), ("first_mention", 3), ("who", 4), ("what", 4), ("where", 3),
              ("how_many", 4), ("list", 3), ("what_did_we_talk_about", 3), ("changed_plan", 4), ("follow_up", 3),
              ("not_in_history", 2)]
TYPE_COUNTS = dict(TYPE_ORDER)
N_QUESTIONS = sum(TYPE_COUNTS.values())
DEFAULT_NOW = "2026-11-02T09:00:00"
REFUSE = ["does not contain", "no record", "couldn't find", "no mention", "not mentioned", "nothing about",
          "don't see", "can't find", "no messages"]
DATE_TYPES = {"event_when", "last_mention", "first_mention"}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10, "once": 1, "twice": 2}
# Dates against which "is this date form a substring of another date's form?" is tested: the history window
# widened by a month on each side (the dates an answer about this history could plausibly name).
CLASH_WINDOW = (dt.date(2026, 6, 1), dt.date(2026, 11, 30))

# Topic terms (regexes, matched on lowercased accent-stripped text) used to re-derive first/last mention dates,
# scanned within the question's conversation (or the whole history when it is null), up to `now`.
TOPIC_TERMS = {
    "i05": [r"\bdish\b", r"casserole", r"le creuset"],
    "i06": [r"colette", r"librar"],
    "i07": [r"\bhip\b", r"physio", r"consultant", r"hegarty"],
    "i08": [r"christen", r"baptism", r"fr lynch", r"godmother", r"godfather"],
    "i09": [r"kilkenny", r"\bcoach\b", r"outing"],
    "i10": [r"collection", r"retir", r"whip", r"kitty", r"\bpresent\b"],
}
# Terms that must not occur anywhere in the history for each not_in_history question.
ABSENT_TERMS = {
    "i39": [r"\bvets?\b", r"veterin", r"\bcats?\b", r"kitten"],
    "i40": [r"plumb", r"boiler", r"heating"],
}
# Session date (conversation, date) that each what_did_we_talk_about question refers to, resolved by hand.
SESSION_DATES = {
    "i29": ("Fiona", "2026-10-27"),     # "last Tuesday evening" from Mon 2026-11-02
    "i30": ("Maura", "2026-10-18"),     # day after the Kilkenny trip (Sat 2026-10-17)
    "i31": ("Declan", "2026-08-13"),    # evening Fiona said the christening was moved (Fiona 2026-08-13)
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
    suf = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def date_forms(d):
    """All the written forms of a date that this set uses (and that an answer may use)."""
    mo, ab, n, w = MONTHS[d.month - 1], MONTHS[d.month - 1][:3], d.day, WEEKDAYS[d.weekday()]
    out = [f"{mo} {n}", f"{n} {mo}", d.isoformat(), f"{ab} {n}", f"{n} {ab}", f"{ordinal(n)} of {mo}",
           f"{ordinal(n)} {mo}", f"{mo} {ordinal(n)}", f"{w} {mo} {n}", f"{w} {n} {mo}", f"{w} the {ordinal(n)}"]
    if d.month == 9:
        out += [f"sept {n}", f"{n} sept"]
    return out


MON_RE = r"(january|february|march|april|may|june|july|august|september|october|november|december|" \
         r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
DAY_RE = r"(\d{1,2})(?:st|nd|rd|th)?"
WD_RE = r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday)"


def month_index(name):
    return next(i for i, m in enumerate(MONTHS) if m.startswith(name[:3])) + 1


def parse_date(s, year):
    """Return (date or None, weekday or None, day or None) for a date form; None if s is not a date form."""
    s = norm(s).strip()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return dt.date(*map(int, m.groups())), None, None
    wd = None
    m = re.fullmatch(rf"{WD_RE} the {DAY_RE}", s)
    if m:
        return None, m.group(1), int(m.group(2))
    m = re.fullmatch(rf"{WD_RE} (.*)", s)
    if m:
        wd, s = m.group(1), m.group(2)
    for pat, order in ((rf"{MON_RE}\.? {DAY_RE}", "md"), (rf"{DAY_RE} (?:of )?{MON_RE}\.?", "dm")):
        m = re.fullmatch(pat, s)
        if m:
            a, b = m.groups()
            mo, d = (a, b) if order == "md" else (b, a)
            try:
                return dt.date(year, month_index(mo), int(d)), wd, None
            except ValueError:
                return None
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
        try:
            m["_t"] = dt.datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%S")
        except ValueError:
            err(f"{m['id']}: bad ts {m['ts']!r}")
            m["_t"] = dt.datetime(2000, 1, 1)
        if not START <= m["_t"].date() <= END:
            err(f"{m['id']}: ts {m['ts']} outside {START}..{END}")
        if m["conversation"] not in MEMBERS:
            err(f"{m['id']}: unknown conversation {m['conversation']!r}")
        elif m["speaker"] not in MEMBERS[m["conversation"]]:
            err(f"{m['id']}: {m['speaker']} is not in {m['conversation']}")
        if not m["text"].strip():
            err(f"{m['id']}: empty text")
    hist = [m for m in hist if "_t" in m]
    for a, b in zip(hist, hist[1:]):
        if not a["_t"] < b["_t"]:
            err(f"timestamps not strictly increasing: {a['id']} {a['ts']} -> {b['id']} {b['ts']}")
    per_conv = defaultdict(list)
    for m in hist:
        per_conv[m["conversation"]].append(m)
    sessions = []
    for conv, ms in per_conv.items():
        for a, b in zip(ms, ms[1:]):
            if not a["_t"] < b["_t"]:
                err(f"{conv}: {b['id']} not later than {a['id']}")
        cur = [ms[0]]
        for a, b in zip(ms, ms[1:]):
            if b["_t"] - a["_t"] > SESSION_GAP:
                sessions.append(cur)
                cur = []
            cur.append(b)
        sessions.append(cur)
    session_of = {m["id"]: k for k, s in enumerate(sessions) for m in s}
    if set(per_conv) != set(MEMBERS):
        err(f"conversations {sorted(per_conv)} != {sorted(MEMBERS)}")
    for conv, ms in per_conv.items():
        if conv in MEMBERS and {m["speaker"] for m in ms} != MEMBERS[conv]:
            err(f"{conv}: speakers {sorted({m['speaker'] for m in ms})} != {sorted(MEMBERS[conv])}")
    if len(hist) != N_MESSAGES:
        err(f"{len(hist)} messages, expected exactly {N_MESSAGES}")
    if not 360 <= len(hist) <= 400:
        err(f"{len(hist)} messages, outside 360-400")
    if len(sessions) != N_SESSIONS:
        err(f"{len(sessions)} sessions, expected exactly {N_SESSIONS}")
    if not 45 <= len(sessions) <= 60:
        err(f"{len(sessions)} sessions, outside 45-60")

    def scoped(conv):
        return [m for m in hist if conv is None or m["conversation"] == conv]

    # ------------------------------------------------------------ questions
    qs = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))
    keys = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"}
    ids = [q.get("id") for q in qs]
    for qid, c in Counter(ids).items():
        if c > 1:
            err(f"duplicate question id {qid}")
    if ids != [f"{QPREFIX}{k:02d}" for k in range(1, len(qs) + 1)]:
        err("question ids are not i01, i02, ... in sequence")
    if len(qs) != N_QUESTIONS:
        err(f"{len(qs)} questions, expected {N_QUESTIONS}")
    tc = Counter(q.get("type") for q in qs)
    if dict(tc) != TYPE_COUNTS:
        err(f"type counts {dict(tc)} != {TYPE_COUNTS}")
    want_order = [t for t, n in TYPE_ORDER for _ in range(n)]
    if [q.get("type") for q in qs] != want_order:
        err("question types are not in the required order")
    n_default_now = sum(1 for q in qs if q.get("now") == DEFAULT_NOW)
    if n_default_now <= len(qs) // 2:
        err(f"only {n_default_now} questions use now={DEFAULT_NOW}; most should")
    n_named = sum(1 for q in qs if q.get("conversation"))
    if not len(qs) // 2 < n_named < len(qs):
        err(f"{n_named} questions name a conversation; most (not all) should")

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
            err(f"{qid}: unknown conversation {q['conversation']!r}")
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
        if typ == "list" and len(q["expect_all"]) != 3:
            err(f"{qid}: list needs exactly 3 items")
        if any(e != e.lower() or not e.strip() for e in q["expect_any"] + q["expect_all"]):
            err(f"{qid}: expected substrings must be non-empty lowercase")

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

        # "last <weekday>" in the question must point, from now, at the day of the evidence
        for wname in re.findall(rf"\blast {WD_RE}", norm(q["question"])):
            back = (now.weekday() - WEEKDAYS.index(wname)) % 7 or 7
            day = now.date() - dt.timedelta(days=back)
            if not ev or any(m["_t"].date() != day for m in ev):
                err(f"{qid}: 'last {wname}' from {q['now']} is {day}, evidence days are "
                    f"{sorted({m['_t'].date().isoformat() for m in ev})}")

        if typ == "not_in_history":
            if q["evidence"]:
                err(f"{qid}: not_in_history must have empty evidence")
            if q["expect_any"] != REFUSE:
                err(f"{qid}: not_in_history expect_any must be the refusal list")
            terms = ABSENT_TERMS.get(qid)
            if not terms:
                err(f"{qid}: no ABSENT_TERMS entry in check.py")
            if terms and not any(re.search(t, norm(q["question"])) for t in terms):
                err(f"{qid}: none of the absent terms {terms} occurs in the question itself")
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

        # ---- dates named by expect_any: all must agree on one ISO date, its weekday, and the note
        iso = [s for s in q["expect_any"] if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s)]
        target = dt.date.fromisoformat(iso[0]) if iso else None
        if len(iso) > 1:
            err(f"{qid}: several ISO dates in expect_any")
        if typ in DATE_TYPES and not target:
            err(f"{qid}: {typ} needs an ISO date variant in expect_any")
        date_strings = []
        derived = []
        for s in q["expect_any"]:
            p = parse_date(s, target.year if target else START.year)
            if p is not None:
                date_strings.append(s)
                d, wd, day = p
                if target is None:
                    err(f"{qid}: date variant {s!r} without an ISO variant")
                elif d is not None and d != target:
                    err(f"{qid}: date variant {s!r} is {d}, not {target}")
                elif day is not None and day != target.day:
                    err(f"{qid}: date variant {s!r} does not match day {target.day}")
                if target is not None and wd is not None and wd != WEEKDAYS[target.weekday()]:
                    err(f"{qid}: {s!r} names {wd} but {target} is a {WEEKDAYS[target.weekday()]}")
                derived.append(s)
                continue
            if literal(s):
                continue
            if typ == "how_many" and (s.isdigit() or s in NUM_WORDS):
                derived.append(s)
                continue
            err(f"{qid}: expected {s!r} neither in evidence nor a derivable date/count")
        if target:
            need = set(date_forms(target))
            missing = sorted(need - set(q["expect_any"]))
            if missing:
                err(f"{qid}: date forms missing: {missing}")
            if target.isoformat() not in q["note"]:
                err(f"{qid}: note does not state the ISO date {target}")
            # no date form may be a substring of a form of a different date
            other_forms = []
            d = CLASH_WINDOW[0]
            while d <= CLASH_WINDOW[1]:
                if d != target:
                    other_forms += [(d, g) for g in date_forms(d)]
                d += dt.timedelta(days=1)
            for s in date_strings:
                for d2, g in other_forms:
                    if norm(s) in g:
                        err(f"{qid}: date form {s!r} is a substring of {g!r} ({d2})")
                        break
        if derived and "derived" not in q["note"].lower():
            err(f"{qid}: derived values {derived} but the note does not say 'derived'")
        for s in q["expect_all"]:
            if not literal(s):
                err(f"{qid}: expect_all item {s!r} not found in evidence")

        # ---- type-specific semantics
        if typ == "event_when" and target and any(d == target for d in ev_dates):
            err(f"{qid}: event date {target} equals the send date of some evidence (should differ)")
        if typ == "event_when" and target and not re.search(r"\b(yesterday|last night|tomorrow|tmrw|on the|"
                                                            r"monday|tuesday|wednesday|thursday|friday|"
                                                            r"saturday|sunday|\d)", nblob):
            err(f"{qid}: evidence has no relative/explicit date wording for the event")
        if typ in ("first_mention", "last_mention") and target:
            want = ev_dates[0] if typ == "first_mention" else ev_dates[-1]
            if want != target:
                err(f"{qid}: {typ} date {target} != evidence date {want}")
            terms = TOPIC_TERMS.get(qid)
            if not terms:
                err(f"{qid}: no TOPIC_TERMS entry in check.py")
            else:
                hits = [m for m in scoped(q["conversation"]) if m["_t"] <= now
                        and any(re.search(t, norm(m["text"])) for t in terms)]
                got = (hits[0] if typ == "first_mention" else hits[-1])["_t"].date() if hits else None
                if got != target:
                    err(f"{qid}: scanning history for {terms} gives {got}, expected {target}")
                edge = hits[0] if typ == "first_mention" else hits[-1]
                if hits and edge["id"] not in q["evidence"]:
                    err(f"{qid}: the {typ} message {edge['id']} is not in the evidence")
        if typ == "changed_plan" and len(ev_dates) < 2:
            err(f"{qid}: changed_plan evidence should span the original plan and the change")
        if typ == "what_did_we_talk_about":
            if len({session_of[m["id"]] for m in ev}) != 1:
                err(f"{qid}: evidence must come from one session")
            want = SESSION_DATES.get(qid)
            got = (ev[0]["conversation"], ev_dates[0].isoformat())
            if want is None or got != want or len(ev_dates) != 1:
                err(f"{qid}: evidence session {got} != referenced session {want}")
        if typ == "how_many":
            digits = [s for s in q["expect_any"] if s.isdigit()]
            words = [s for s in q["expect_any"] if s in NUM_WORDS]
            nums = {int(s) for s in digits} | {NUM_WORDS[s] for s in words}
            if len(nums) != 1 or not digits or not words:
                err(f"{qid}: how_many needs one count as digit and word, got {q['expect_any']}")
            else:
                n = nums.pop()
                if n == 2 and "twice" not in q["expect_any"]:
                    err(f"{qid}: a count of 2 must also list 'twice'")
                spelled = [w for w, v in NUM_WORDS.items() if v == n]
                if not (str(n) in re.findall(r"\d+", blob) or any(re.search(rf"\b{w}\b", nblob) for w in spelled)
                        or len(ev) == n):
                    err(f"{qid}: count {n} neither stated in evidence nor equal to the number of evidence messages")
                m = re.search(r"derived count: (\d+)", q["note"].lower())
                if not m:
                    err(f"{qid}: how_many note must state 'Derived count: N' and explain it")
                elif int(m.group(1)) != n:
                    err(f"{qid}: note derives {m.group(1)} but expect_any says {n}")
        if typ == "follow_up" and not all(isinstance(t, str) and t.strip() for t in q["turns"]):
            err(f"{qid}: turns must be non-empty strings")

    if errors:
        print("\n".join(errors))
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"OK: {len(hist)} messages, {len(sessions)} sessions, {len(qs)} questions "
          f"({', '.join(f'{k} {v}' for k, v in tc.items())})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
