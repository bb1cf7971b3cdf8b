#!/usr/bin/env python3
"""Validate the memlane held-out scenario set "other61" (user: Mateus): history.jsonl + questions.json.

Usage: python3 check.py  -> prints OK (exit 0) or the list of problems (exit 1). Standard library only.
"""
import datetime as dt
import json
import os
import re
import sys
import unicodedata
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- expected shape of the set
PREFIX = "J"
USER = "Mateus"
START, END = dt.date(2026, 7, 1), dt.date(2026, 10, 31)
N_MESSAGES = 393
N_SESSIONS = 55
SESSION_GAP = dt.timedelta(hours=1)          # a longer gap inside one conversation starts a new session
MEMBERS = {
    "Pelada de Quinta": {"Mateus", "Rafa", "Duda", "Tomás", "Lukas"},
    "Inês": {"Mateus", "Inês"},
    "Carol": {"Mateus", "Carol"},
    "Grace": {"Mateus", "Grace"},
}
TYPE_ORDER = ["event_when", "last_mention", "first_mention", "who", "what", "where", "how_many", "list",
              "what_did_we_talk_about", "changed_plan", "follow_up", "not_in_history"]
TYPE_COUNTS = {"event_when": 4, "last_mention": 3, "first_mention": 3, "who": 4, "what": 4, "where": 3,
               "how_many": 4, "list": 3, "what_did_we_talk_about": 3, "changed_plan": 4, "follow_up": 3,
               "not_in_history": 2}
DEFAULT_NOW = "2026-11-02T09:00:00"
REFUSE = ["does not contain", "no record", "couldn't find", "no mention", "not mentioned", "nothing about",
          "don't see", "can't find", "no messages"]
DATE_TYPES = {"event_when", "last_mention", "first_mention"}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10, "once": 1, "twice": 2}
# Dates that a date answer must not be confused with: the history period plus the month after it.
CONFUSABLE = (dt.date(2026, 7, 1), dt.date(2026, 11, 30))

# Topic terms used to re-derive first/last mention dates (scope = the question's conversation, up to `now`).
TOPIC_TERMS = {
    "j05": ["boiler", "esquentador", "plumber", "canalizador", "joaquim"],
    "j06": ["drill", "furadeira", "berbequim"],
    "j07": ["expense", "reimburs", "receipt", "claim"],
    "j08": ["viagem", "trip", "ubatuba", "paraty"],
    "j09": ["wedding", "casamento", "casar"],
    "j10": ["berlin", "conference", "devflow"],
}
# Terms (regex on accent-stripped lowercase text) that must not occur anywhere for not_in_history questions.
ABSENT_TERMS = {
    "j39": [r"dentist", r"\btooth", r"\bteeth\b", r"\bdentes?\b", r"\bmolar", r"\bsiso\b"],
    "j40": [r"\bgym", r"ginasio", r"membership", r"\bacademia\b", r"mensalidade", r"\bworkout"],
}
# Session each what_did_we_talk_about question refers to (resolved by hand from the phrasing and `now`).
SESSION_DATES = {
    "j29": ("Inês", "2026-10-27"),              # "last tuesday evening" from Monday 2026-11-02
    "j30": ("Pelada de Quinta", "2026-09-20"),  # the day after the wedding (Saturday 2026-09-19)
    "j31": ("Carol", "2026-09-14"),             # mum's 60th: "a mãe faz 60 dia 14 de setembro"
}
# how_many re-derivation: number of distinct sessions in scope whose text contains one of the terms.
COUNT_SCAN = {"j25": (["esqueci"], 2)}

errors = []


def err(msg):
    errors.append(msg)


def norm(s):
    s = unicodedata.normalize("NFKD", s.lower().replace("\u2019", "'"))
    return "".join(c for c in s if not unicodedata.combining(c))


def loose(s):
    return re.sub(r"[\s\-]+", "", norm(s))


def ordinal(d):
    return f"{d}{'th' if 11 <= d % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(d % 10, 'th')}"


def date_forms(d):
    """The canonical spellings of a date used in expect_any."""
    mon, ab, day, wd = MONTHS[d.month - 1], MONTHS[d.month - 1][:3], d.day, WEEKDAYS[d.weekday()]
    f = [f"{mon} {day}", f"{day} {mon}", d.isoformat(), f"{ab} {day}", f"{day} {ab}", f"{ordinal(day)} of {mon}",
         f"{ordinal(day)} {mon}", f"{mon} {ordinal(day)}", f"{wd} {mon} {day}", f"{wd} {day} {mon}",
         f"{wd} the {ordinal(day)}"]
    if d.month == 9:
        f += [f"sept {day}", f"{day} sept"]
    return f


MON_RE = (r"(january|february|march|april|may|june|july|august|september|october|november|december|"
          r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)")
DAY_RE = r"(\d{1,2})(st|nd|rd|th)?"
WD_RE = r"(?:(monday|tuesday|wednesday|thursday|friday|saturday|sunday),? )?"


def parse_date(s, year, target=None):
    """Parse one date form. Returns (date, weekday-or-None) or None if s is not a date form.
    'wednesday the 11th' has no month: it is resolved against the month of `target`."""
    s = norm(s).strip()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        try:
            return dt.date(*map(int, m.groups())), None
        except ValueError:
            return "bad", None
    m = re.fullmatch(r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday) the " + DAY_RE, s)
    if m:
        wd, day, suf = m.group(1), int(m.group(2)), m.group(3)
        if suf is None or suf != ordinal(day)[-2:]:
            return "bad", wd
        if target is None:
            return "bad", wd
        try:
            return dt.date(target.year, target.month, day), wd
        except ValueError:
            return "bad", wd
    for pat, order in ((WD_RE + MON_RE + r"\.? " + DAY_RE, "md"), (WD_RE + DAY_RE + r" (?:of )?" + MON_RE, "dm")):
        m = re.fullmatch(pat, s)
        if m:
            g = m.groups()
            if order == "md":
                wd, mo, day, suf = g
            else:
                wd, day, suf, mo = g
            day = int(day)
            if suf is not None and suf != ordinal(day)[-2:]:
                return "bad", wd
            mi = next(i for i, name in enumerate(MONTHS) if name.startswith(mo[:3])) + 1
            try:
                return dt.date(year, mi, day), wd
            except ValueError:
                return "bad", wd
    return None


def main():
    # ------------------------------------------------------------ history
    hist = []
    with open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err(f"history line {n}: empty line")
                continue
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
            if not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}", m["ts"]):
                raise ValueError
            m["_t"] = dt.datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%S")
        except ValueError:
            err(f"{m['id']}: bad ts {m['ts']!r} (ISO without zone expected)")
            continue
        good.append(m)
        if not START <= m["_t"].date() <= END:
            err(f"{m['id']}: ts {m['ts']} outside {START}..{END}")
        if m["conversation"] not in MEMBERS:
            err(f"{m['id']}: unknown conversation {m['conversation']!r}")
        elif m["speaker"] not in MEMBERS[m["conversation"]]:
            err(f"{m['id']}: {m['speaker']} is not a member of {m['conversation']}")
        if not isinstance(m["text"], str) or not m["text"].strip():
            err(f"{m['id']}: empty text")
    hist = good
    for a, b in zip(hist, hist[1:]):
        if not a["_t"] < b["_t"]:
            err(f"timestamps not strictly increasing: {a['id']} {a['ts']} -> {b['id']} {b['ts']}")
    per_conv = defaultdict(list)
    for m in hist:
        per_conv[m["conversation"]].append(m)
    sessions = 0
    session_of = {}
    for conv, ms in per_conv.items():
        for a, b in zip(ms, ms[1:]):
            if not a["_t"] < b["_t"]:
                err(f"{conv}: {b['id']} not later than {a['id']}")
        sessions += 1
        session_of[ms[0]["id"]] = (conv, sessions)
        for a, b in zip(ms, ms[1:]):
            if b["_t"] - a["_t"] > SESSION_GAP:
                sessions += 1
            session_of[b["id"]] = (conv, sessions)
        speakers = {m["speaker"] for m in ms}
        if conv in MEMBERS and speakers != MEMBERS[conv]:
            err(f"{conv}: speakers {sorted(speakers)} != members {sorted(MEMBERS[conv])}")
    if set(per_conv) != set(MEMBERS):
        err(f"conversations {sorted(per_conv)} != {sorted(MEMBERS)}")
    for conv, mem in MEMBERS.items():
        if conv != "Pelada de Quinta" and mem != {USER, conv}:
            err(f"one-to-one chat {conv} must hold exactly {USER} and {conv}")
    if len(hist) != N_MESSAGES:
        err(f"{len(hist)} messages, expected {N_MESSAGES}")
    if not 360 <= len(hist) <= 400:
        err(f"{len(hist)} messages, outside 360-400")
    if sessions != N_SESSIONS:
        err(f"{sessions} sessions, expected {N_SESSIONS}")
    if not 45 <= sessions <= 60:
        err(f"{sessions} sessions, outside 45-60")

    def scoped(conv):
        return [m for m in hist if conv is None or m["conversation"] == conv]

    # ------------------------------------------------------------ questions
    qs = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))
    keys = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"}
    tc = Counter(q.get("type") for q in qs)
    if dict(tc) != TYPE_COUNTS:
        err(f"type counts {dict(tc)} != {TYPE_COUNTS}")
    if len(qs) != sum(TYPE_COUNTS.values()):
        err(f"{len(qs)} questions, expected {sum(TYPE_COUNTS.values())}")
    for i, q in enumerate(qs, 1):
        if q.get("id") != f"{PREFIX.lower()}{i:02d}":
            err(f"question id {q.get('id')} out of sequence (expected {PREFIX.lower()}{i:02d})")
    order = [TYPE_ORDER.index(q.get("type")) if q.get("type") in TYPE_ORDER else -1 for q in qs]
    if order != sorted(order) or -1 in order:
        err("questions are not grouped in the type order " + ", ".join(TYPE_ORDER))
    nows = Counter(q.get("now") for q in qs)
    if nows[DEFAULT_NOW] * 2 <= len(qs):
        err(f"most questions should have now = {DEFAULT_NOW}")
    named = sum(1 for q in qs if q.get("conversation"))
    if not (named * 2 > len(qs) and named < len(qs)):
        err(f"{named} questions name a conversation: most should, some should be null")

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
            if eid not in by_id or "_t" not in by_id[eid]:
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
        for eid in q["evidence"]:
            if eid not in q["note"]:
                err(f"{qid}: note does not quote evidence {eid}")
        for eid in re.findall(rf"\b{PREFIX}\d{{4}}\b", q["note"]):
            if eid not in by_id:
                err(f"{qid}: note cites unknown message {eid}")

        if typ == "not_in_history":
            if q["evidence"]:
                err(f"{qid}: not_in_history must have empty evidence")
            if q["expect_any"] != REFUSE:
                err(f"{qid}: not_in_history expect_any must be the refusal list")
            terms = ABSENT_TERMS.get(qid)
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

        # ---------------- dates in expect_any
        iso = [s for s in q["expect_any"] if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s)]
        target = None
        if len(iso) > 1:
            err(f"{qid}: several ISO dates in expect_any")
        if iso:
            try:
                target = dt.date.fromisoformat(iso[0])
            except ValueError:
                err(f"{qid}: bad ISO date {iso[0]}")
        if typ in DATE_TYPES and not target:
            err(f"{qid}: {typ} needs an ISO date variant in expect_any")
        derived = []
        for s in q["expect_any"]:
            p = parse_date(s, target.year if target else now.year, target)
            if p is not None:
                d, wd = p
                if target is None or d == "bad" or d != target:
                    err(f"{qid}: date variant {s!r} does not match {target}")
                elif wd and WEEKDAYS[target.weekday()] != wd:
                    err(f"{qid}: {s!r}: {target} is a {WEEKDAYS[target.weekday()]}")
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
            err(f"{qid}: derived values {derived} but the note does not say 'derived'")
        if target:
            want_forms = date_forms(target)
            missing = [f for f in want_forms if f not in q["expect_any"]]
            if missing:
                err(f"{qid}: missing date forms {missing}")
            if target.isoformat() not in q["note"]:
                err(f"{qid}: note does not state the ISO date {target.isoformat()}")
            # no form may be a substring of a form of a different (confusable) date
            d = CONFUSABLE[0]
            while d <= CONFUSABLE[1]:
                if d != target:
                    for g in date_forms(d):
                        for s in q["expect_any"]:
                            if parse_date(s, target.year, target) is not None and norm(s) in g:
                                err(f"{qid}: date form {s!r} is a substring of {g!r} ({d})")
                d += dt.timedelta(days=1)
        for s in q["expect_all"]:
            if not literal(s):
                err(f"{qid}: expect_all item {s!r} not found in evidence")

        # ---------------- "last <weekday>" in the question
        for wd in re.findall(r"\blast (monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
                             norm(q["question"])):
            back = (now.date().weekday() - WEEKDAYS.index(wd)) % 7 or 7
            day = now.date() - dt.timedelta(days=back)
            if ev_dates != [day]:
                err(f"{qid}: 'last {wd}' from {now.date()} is {day}, evidence is on {ev_dates}")

        # ---------------- type-specific semantics
        if typ == "event_when" and target and any(d == target for d in ev_dates):
            err(f"{qid}: event date {target} equals the sending date of some evidence (must differ)")
        if typ in ("first_mention", "last_mention") and target:
            want = ev_dates[0] if typ == "first_mention" else ev_dates[-1]
            if want != target:
                err(f"{qid}: {typ} date {target} != evidence date {want}")
            terms = TOPIC_TERMS.get(qid)
            if not terms:
                err(f"{qid}: no TOPIC_TERMS entry in check.py")
            else:
                hits = [m for m in scoped(q["conversation"]) if m["_t"] <= now
                        and any(t in norm(m["text"]) for t in terms)]
                got = (hits[0] if typ == "first_mention" else hits[-1])["_t"].date() if hits else None
                if got != target:
                    err(f"{qid}: scanning history for {terms} gives {got}, expected {target}")
                if not any(any(t in norm(m["text"]) for t in terms) for m in ev):
                    err(f"{qid}: no evidence message contains a topic term {terms}")
        if typ == "changed_plan" and len(ev_dates) < 2:
            err(f"{qid}: changed_plan evidence should span the original plan and the change")
        if typ == "what_did_we_talk_about":
            sess = {session_of.get(m["id"]) for m in ev}
            if len(sess) != 1:
                err(f"{qid}: evidence must come from one session")
            want = SESSION_DATES.get(qid)
            if want is None or (ev[0]["conversation"], ev_dates[0].isoformat()) != want:
                err(f"{qid}: evidence {ev[0]['conversation']} {ev_dates[0]} != referenced session {want}")
        if typ == "how_many":
            nums = {int(s) for s in q["expect_any"] if s.isdigit()} | \
                   {NUM_WORDS[s] for s in q["expect_any"] if s in NUM_WORDS}
            if len(nums) != 1 or not any(s.isdigit() for s in q["expect_any"]) \
                    or not any(s in NUM_WORDS for s in q["expect_any"]):
                err(f"{qid}: how_many needs one count as digit and word, got {q['expect_any']}")
            else:
                n = nums.pop()
                if n == 2 and "twice" not in q["expect_any"]:
                    err(f"{qid}: a count of 2 must also list 'twice'")
                if "derived" not in q["note"].lower() and str(n) not in re.findall(r"\d+", blob):
                    err(f"{qid}: count {n} must be stated in evidence or explained as derived in the note")
                if len(ev) != n and str(n) not in re.findall(r"\d+", blob):
                    err(f"{qid}: count {n} neither stated in evidence nor equal to the number of evidence messages")
                scan = COUNT_SCAN.get(qid)
                if scan:
                    ss = {session_of[m["id"]] for m in scoped(q["conversation"])
                          if m["_t"] <= now and any(t in norm(m["text"]) for t in scan[0])}
                    if len(ss) != scan[1] or scan[1] != n:
                        err(f"{qid}: history scan finds {len(ss)} sessions for {scan[0]}, expected {n}")

    if errors:
        print("\n".join(errors))
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"OK: {len(hist)} messages, {sessions} sessions, {len(qs)} questions "
          f"({', '.join(f'{k} {v}' for k, v in tc.items())})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
