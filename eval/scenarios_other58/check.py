#!/usr/bin/env python3
"""Validate the memlane development scenario set 'other58' (user: Rosa): history.jsonl + questions.json.

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

# ------------------------------------------------------------------ expected shape of the set
MSG_PREFIX, Q_PREFIX = "G", "g"
START, END = dt.date(2026, 7, 1), dt.date(2026, 10, 31)
N_MESSAGES = 387            # exact; must also lie in 360..400
N_SESSIONS = 57             # exact; must also lie in 45..60
SESSION_GAP = dt.timedelta(hours=1)   # a gap longer than this starts a new session
MEMBERS = {
    "Joy": {"Rosa", "Joy"},
    "Simon": {"Rosa", "Simon"},
    "Nena": {"Rosa", "Nena"},
    "Himig Choir": {"Rosa", "Bernadette", "Marites", "Jun", "Lovely"},
}
GROUP = "Himig Choir"
TYPE_ORDER = [("event_when", 4), ("last_mention", 3), ("first_mention", 3), ("who", 4), ("what", 4),
              ("where", 3), ("how_many", 4), ("list", 3), ("what_did_we_talk_about", 3), ("changed_plan", 4),
              ("follow_up", 3), ("not_in_history", 2)]
N_QUESTIONS = sum(n for _, n in TYPE_ORDER)
DEFAULT_NOW = "2026-11-02T09:00:00"
REFUSE = ["does not contain", "no record", "couldn't find", "no mention", "not mentioned", "nothing about",
          "don't see", "can't find", "no messages"]
DATE_TYPES = {"event_when", "last_mention", "first_mention"}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10, "eleven": 11, "twelve": 12, "once": 1, "twice": 2}

# Topic terms (regexes, matched on lowercased text) used to re-derive first/last mention dates by scanning the
# history (scope = the question's conversation, or all of it when conversation is null; only messages <= now).
TOPIC_TERMS = {
    "when did joy last say anything about her wedding dress?": [r"\bgowns?\b", r"\bdress\b", r"wedding dress"],
    "when was my rice cooker last talked about?": [r"rice ?-?cooker"],
    "when did simon and i last talk about sir's hearing aids?": [r"hearing", r"audiolog"],
    "when did nena first tell me her employer might be moved into a care home?": [r"care ?home", r"nursing home"],
    "when did someone first bring up sending a balikbayan box in the choir group?": [r"balikbayan", r"\bbox(es)?\b"],
    "when did i first tell simon that my daughter is getting married?": [r"wedding", r"married", r"\bkasal"],
}
# Terms (regexes) that must not occur anywhere in the history for each not_in_history question.
ABSENT_TERMS = {
    "what did simon say when i asked him for a pay rise?": [r"pay ?rise", r"\braises?\b", r"salary", r"sweldo",
                                                            r"sahod", r"\bwages?\b", r"increment"],
    "which resort are joy and pao going to for their honeymoon?": [r"honeymoon", r"resort", r"hotel",
                                                                  r"\bairbnb", r"staycation"],
}
# Session date each what_did_we_talk_about question refers to (resolved by hand from the phrasing and `now`).
SESSION_DATES = {
    "what did simon and i talk about the morning after sir fell?": "2026-08-23",
    "what was the choir group chatting about last tuesday evening?": "2026-10-13",
    "what did joy and i talk about on the 6th of september?": "2026-09-06",
}

errors = []


def err(msg):
    errors.append(msg)


def norm(s):
    s = unicodedata.normalize("NFKD", s.lower().replace("\u2019", "'").replace("\u2018", "'"))
    return "".join(c for c in s if not unicodedata.combining(c))


def loose(s):
    return re.sub(r"[\s\-]+", "", norm(s))


def ordinal(d):
    return f"{d}{'th' if 11 <= d <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(d % 10, 'th')}"


def date_forms(d):
    """The date forms every date answer must list (all lowercase)."""
    mo, o, w = MONTHS[d.month - 1], ordinal(d.day), WEEKDAYS[d.weekday()]
    ab = mo[:3]
    f = [f"{mo} {d.day}", f"{d.day} {mo}", d.isoformat(), f"{ab} {d.day}", f"{d.day} {ab}", f"{o} of {mo}",
         f"{o} {mo}", f"{mo} {o}", f"{w} {mo} {d.day}", f"{w} {d.day} {mo}", f"{w} the {o}"]
    if d.month == 9:
        f += [f"sept {d.day}", f"{d.day} sept"]
    return f


MON_RE = r"(january|february|march|april|may|june|july|august|september|october|november|december|" \
         r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
DAY_RE = r"(\d{1,2})(st|nd|rd|th)?"
WD_RE = r"(?:(monday|tuesday|wednesday|thursday|friday|saturday|sunday),? )?"


def month_index(tok):
    return next(i for i, name in enumerate(MONTHS) if name.startswith(tok[:3])) + 1


def parse_date(s, year):
    """Parse a date form. Returns (date or None, weekday or None, ok_suffix) or None if s is not a date form.
    For 'weekday the Nth' the date is None (checked against the target separately)."""
    s = norm(s).strip()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        try:
            return dt.date(*map(int, m.groups())), None, True
        except ValueError:
            return None, None, False
    m = re.fullmatch(WD_RE + MON_RE + r"\.? " + DAY_RE, s)
    if m:
        wd, mo, d, suf = m.groups()
        try:
            dd = dt.date(year, month_index(mo), int(d))
        except ValueError:
            return None, wd, False
        return dd, wd, suf is None or suf == ordinal(int(d))[-2:]
    m = re.fullmatch(WD_RE + DAY_RE + r" (?:of )?" + MON_RE + r"\.?", s)
    if m:
        wd, d, suf, mo = m.groups()
        try:
            dd = dt.date(year, month_index(mo), int(d))
        except ValueError:
            return None, wd, False
        return dd, wd, suf is None or suf == ordinal(int(d))[-2:]
    m = re.fullmatch(r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday) the " + DAY_RE, s)
    if m:
        return ("the", int(m.group(2))), m.group(1), m.group(3) is None or m.group(3) == ordinal(int(m.group(2)))[-2:]
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
        if m["id"] != f"{MSG_PREFIX}{i:04d}":
            err(f"message id {m['id']} out of sequence (expected {MSG_PREFIX}{i:04d})")
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
            err(f"{m['id']}: unknown conversation {m['conversation']!r}")
        elif m["speaker"] not in MEMBERS[m["conversation"]]:
            err(f"{m['id']}: {m['speaker']} is not in {m['conversation']}")
        if not m["text"].strip():
            err(f"{m['id']}: empty text")
    hist = good
    for a, b in zip(hist, hist[1:]):
        if not b["_t"] > a["_t"]:
            err(f"timestamps not strictly increasing: {a['id']} {a['ts']} -> {b['id']} {b['ts']}")
    per_conv = defaultdict(list)
    for m in hist:
        per_conv[m["conversation"]].append(m)
    session_of = {}
    sessions = 0
    for conv, ms in per_conv.items():
        spoke = {m["speaker"] for m in ms}
        if conv in MEMBERS and spoke != MEMBERS[conv]:
            err(f"{conv}: speakers {sorted(spoke)} != {sorted(MEMBERS[conv])}")
        prev = None
        for m in ms:
            if prev is not None and not m["_t"] > prev["_t"]:
                err(f"{conv}: {m['id']} not later than {prev['id']}")
            if prev is None or m["_t"] - prev["_t"] > SESSION_GAP:
                sessions += 1
            session_of[m["id"]] = sessions
            prev = m
    if set(per_conv) != set(MEMBERS):
        err(f"conversations {sorted(per_conv)} != {sorted(MEMBERS)}")
    if len([c for c, mem in MEMBERS.items() if len(mem) == 5]) != 1 or len(MEMBERS[GROUP]) != 5:
        err("expected exactly one group chat with 5 speakers")
    for c, mem in MEMBERS.items():
        if c != GROUP and mem != {"Rosa", c}:
            err(f"one-to-one chat {c} must hold exactly Rosa and {c}")
    if len(hist) != N_MESSAGES or not 360 <= len(hist) <= 400:
        err(f"{len(hist)} messages, expected {N_MESSAGES} (360-400)")
    if sessions != N_SESSIONS or not 45 <= sessions <= 60:
        err(f"{sessions} sessions, expected {N_SESSIONS} (45-60)")

    def scoped(conv):
        return [m for m in hist if conv is None or m["conversation"] == conv]

    # all date forms of every day around the history, for the substring check
    window = [START - dt.timedelta(days=31) + dt.timedelta(days=k)
              for k in range((END - START).days + 63)]
    forms_by_date = {d: date_forms(d) for d in window}

    # ------------------------------------------------------------ questions
    qs = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))
    keys = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"}
    if len(qs) != N_QUESTIONS:
        err(f"{len(qs)} questions, expected {N_QUESTIONS}")
    want_types = [t for t, n in TYPE_ORDER for _ in range(n)]
    for i, q in enumerate(qs):
        if q.get("id") != f"{Q_PREFIX}{i + 1:02d}":
            err(f"question #{i + 1}: id {q.get('id')} (expected {Q_PREFIX}{i + 1:02d})")
        if i < len(want_types) and q.get("type") != want_types[i]:
            err(f"{q.get('id')}: type {q.get('type')} out of order (expected {want_types[i]})")
    for qid, c in Counter(q.get("id") for q in qs).items():
        if c > 1:
            err(f"duplicate question id {qid}")
    tc = Counter(q.get("type") for q in qs)
    if dict(tc) != dict(TYPE_ORDER):
        err(f"type counts {dict(tc)} != {dict(TYPE_ORDER)}")
    convs = Counter(q.get("conversation") for q in qs)
    if convs[None] < 1 or convs[None] * 2 >= len(qs):
        err(f"{convs[None]} questions have conversation null; want some, but fewer than half")
    if sum(q.get("now") == DEFAULT_NOW for q in qs) * 2 <= len(qs):
        err(f"most questions should use now = {DEFAULT_NOW}")
    for key in list(TOPIC_TERMS) + list(ABSENT_TERMS) + list(SESSION_DATES):
        if not any(norm(q.get("question", "")) == key for q in qs):
            err(f"check.py table entry {key!r} matches no question")

    for q in qs:
        qid, typ = q.get("id"), q.get("type")
        if set(q) != keys:
            err(f"{qid}: wrong keys {sorted(q)}")
            continue
        qtext = norm(q["question"])
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
                err(f"{qid}: {typ} needs expect_all and an empty expect_any")
        elif q["expect_all"] or not q["expect_any"]:
            err(f"{qid}: {typ} needs expect_any and an empty expect_all")
        if typ == "list" and len(q["expect_all"]) != 3:
            err(f"{qid}: list needs exactly 3 items")
        if typ == "what_did_we_talk_about" and not 2 <= len(q["expect_all"]) <= 3:
            err(f"{qid}: what_did_we_talk_about needs 2-3 topic keywords")
        if any(e != e.lower() or not e.strip() for e in q["expect_any"] + q["expect_all"]):
            err(f"{qid}: expected substrings must be non-empty and lowercase")

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

        # "last <weekday>" in the question (or its turns) must point at the evidence day
        for text in [q["question"]] + q["turns"]:
            for wd in re.findall(r"\blast (monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", norm(text)):
                back = (now.weekday() - WEEKDAYS.index(wd)) % 7 or 7
                day = now.date() - dt.timedelta(days=back)
                if not ev or any(m["_t"].date() != day for m in ev):
                    err(f"{qid}: 'last {wd}' from {now.date()} is {day}, evidence dates "
                        f"{sorted({m['ts'][:10] for m in ev})}")

        if typ == "not_in_history":
            if q["evidence"]:
                err(f"{qid}: not_in_history must have empty evidence")
            if q["expect_any"] != REFUSE:
                err(f"{qid}: not_in_history expect_any must be the refusal list")
            terms = ABSENT_TERMS.get(qtext)
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
        note = q["note"]

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
                err(f"{qid}: bad ISO date {iso[0]}")
        if typ in DATE_TYPES and not target:
            err(f"{qid}: {typ} needs an ISO date variant in expect_any")
        derived = []
        for s in q["expect_any"]:
            p = parse_date(s, target.year if target else now.year)
            if p is not None:
                d, wd, ok = p
                if not ok:
                    err(f"{qid}: malformed date form {s!r}")
                if target is None:
                    err(f"{qid}: date form {s!r} but no ISO date in expect_any")
                    continue
                if isinstance(d, tuple):
                    if d[1] != target.day:
                        err(f"{qid}: {s!r} does not match {target}")
                elif d != target:
                    err(f"{qid}: date variant {s!r} does not match {target}")
                if wd and wd != WEEKDAYS[target.weekday()]:
                    err(f"{qid}: {s!r}: {target} is a {WEEKDAYS[target.weekday()]}")
                # no form may be a substring of a form of a different date
                for od, ofs in forms_by_date.items():
                    if od != target and any(s in f for f in ofs):
                        err(f"{qid}: date form {s!r} is a substring of a form of {od}")
                        break
                if not literal(s):
                    derived.append(s)
                continue
            if literal(s):
                continue
            if typ == "how_many" and (s.isdigit() or s in NUM_WORDS):
                derived.append(s)
                continue
            err(f"{qid}: expected {s!r} is neither in the evidence nor a derived date/count")
        if target:
            missing = [f for f in date_forms(target) if f not in q["expect_any"]]
            if missing:
                err(f"{qid}: missing date forms {missing}")
            if target.isoformat() not in note:
                err(f"{qid}: note must state the ISO date {target}")
        if derived and "derived" not in note.lower():
            err(f"{qid}: derived values {derived} but the note does not say 'derived'")
        for s in q["expect_all"]:
            if not literal(s):
                err(f"{qid}: expect_all item {s!r} not found in evidence")

        # ---- type-specific semantics
        if typ == "event_when" and target and any(d == target for d in ev_dates):
            err(f"{qid}: event date {target} equals the date an evidence message was sent")
        if typ in ("first_mention", "last_mention") and target:
            want = ev_dates[0] if typ == "first_mention" else ev_dates[-1]
            if want != target:
                err(f"{qid}: {typ} date {target} != evidence date {want}")
            terms = TOPIC_TERMS.get(qtext)
            if not terms:
                err(f"{qid}: no TOPIC_TERMS entry in check.py")
            else:
                hits = [m for m in scoped(q["conversation"]) if m["_t"] <= now
                        and any(re.search(t, norm(m["text"])) for t in terms)]
                got = (hits[0] if typ == "first_mention" else hits[-1])["_t"].date() if hits else None
                if got != target:
                    err(f"{qid}: scanning history for {terms} gives {got}, expected {target}")
        if typ == "changed_plan" and len(ev_dates) < 2:
            err(f"{qid}: changed_plan evidence should span the original plan and the change")
        if typ == "what_did_we_talk_about":
            if len({session_of[m["id"]] for m in ev}) != 1:
                err(f"{qid}: evidence must come from one session")
            want = SESSION_DATES.get(qtext)
            if want is None or ev_dates[0].isoformat() != want:
                err(f"{qid}: evidence date {ev_dates[0]} != referenced session {want}")
        if typ == "how_many":
            digits = {int(s) for s in q["expect_any"] if s.isdigit()}
            words = {NUM_WORDS[s] for s in q["expect_any"] if s in NUM_WORDS}
            if len(digits) != 1 or digits != words:
                err(f"{qid}: how_many needs one count as digit and word, got {q['expect_any']}")
            else:
                n = digits.pop()
                if n == 2 and "twice" not in q["expect_any"]:
                    err(f"{qid}: count 2 needs 'twice' as well")
                if not re.search(rf"\bcount {n}\b", note.lower()) and not re.search(rf"\b{n}\b", nblob):
                    err(f"{qid}: note must explain the count ('derived count {n}')")
                if len(ev) < 2:
                    err(f"{qid}: a count should be spread over several messages")

    if errors:
        print("\n".join(errors))
        print(f"{len(errors)} problem(s)")
        return 1
    print(f"OK: {len(hist)} messages, {sessions} sessions, {len(qs)} questions "
          f"({', '.join(f'{k} {v}' for k, v in tc.items())})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
