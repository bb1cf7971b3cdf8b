#!/usr/bin/env python3
"""Validate the other56 held-out set. Prints OK when everything holds."""
import collections
import datetime
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
USER = "Walt"
PREFIX_MSG, PREFIX_Q = "E", "e"
GROUP = "Hall Committee"
# one-to-one chats and the other person in each
ONE_TO_ONE = {"Denise": "Denise", "Rollie": "Rollie", "Joanne": "Joanne"}
CONVERSATIONS = set(ONE_TO_ONE) | {GROUP}
GROUP_SIZE = 5
MESSAGE_COUNT = 383
SESSION_COUNT = 54
FIRST_DAY, LAST_DAY = datetime.date(2026, 6, 1), datetime.date(2026, 12, 31)   # dates the set can talk about

TYPE_COUNTS = {
    "event_when": 4, "last_mention": 3, "first_mention": 3, "who": 4, "what": 4, "where": 3,
    "how_many": 4, "list": 3, "what_did_we_talk_about": 3, "changed_plan": 4, "follow_up": 3,
    "not_in_history": 2,
}
REFUSALS = ["does not contain", "no record", "couldn't find", "no mention", "not mentioned", "nothing about",
            "don't see", "can't find", "no messages"]

# topic terms scanned for first/last-mention questions (word-start match; scan limited to the question's
# conversation when it names one)
MENTION_TERMS = {
    "e05": ["arlene", "hip", "surgery", "operation", "cane", "walker"],
    "e06": ["stove", "oven", "burner", "range", "appliance"],
    "e07": ["pumpkin", "cat", "kitty", "her food dish", "collar"],
    "e08": ["thanksgiv", "turkey", "november"],
    "e09": ["splitter", "log split", "splitting", "wood split"],
    "e10": ["quilt", "raffle"],
}
# terms that must appear nowhere in the history for not_in_history questions
ABSENT_TERMS = {
    "e39": ["flu shot", "flu clinic", "influenza", "vaccin", "booster", "pharmac", "drugstore", "immuniz"],
    "e40": ["ice fishing", "ice-fishing", "derby", "auger", "bob house", "ice shack", "tip-up", "tip up"],
}

MONTHS = {"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
          "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
          "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12,
          "dec": 12}
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
WD_ABBR = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5,
           "sun": 6}
WD_ALL = dict(WD_ABBR, **{w: i for i, w in enumerate(WEEKDAYS)})
NUMWORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "once": 1, "twice": 2}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90}

errors = []


def err(msg):
    errors.append(msg)


def year_of(month):
    """The history runs from July to October 2026; every date it talks about is in 2026."""
    return 2026


def word_to_num(s):
    s = s.strip()
    if s in NUMWORDS:
        return NUMWORDS[s]
    if s in TENS:
        return TENS[s]
    m = re.fullmatch(r"([a-z]+)[- ]([a-z]+)", s)
    if m and m.group(1) in TENS and m.group(2) in NUMWORDS and NUMWORDS[m.group(2)] < 10:
        return TENS[m.group(1)] + NUMWORDS[m.group(2)]
    return None


ORD = r"(?:st|nd|rd|th)?"
MON = "(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + ")"
WDP = "(?:(" + "|".join(sorted(WD_ALL, key=len, reverse=True)) + ") )?"


def parse_date(s):
    """Return (date, weekday_index_or_None) for a date string, or None."""
    s = s.strip().lower()
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)", s)
    if m:
        return datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3))), None
    m = re.fullmatch(WDP + MON + r" (\d{1,2})" + ORD, s)
    if m:
        mon = MONTHS[m.group(2)]
        return datetime.date(year_of(mon), mon, int(m.group(3))), WD_ALL.get(m.group(1))
    m = re.fullmatch(WDP + r"(\d{1,2})" + ORD + r" (?:of )?" + MON, s)
    if m:
        mon = MONTHS[m.group(3)]
        return datetime.date(year_of(mon), mon, int(m.group(2))), WD_ALL.get(m.group(1))
    return None


def ordinal(n):
    if 10 <= n % 100 <= 20:
        return "%dth" % n
    return "%d%s" % (n, {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th"))


def date_forms(d):
    """Every way the set might write a date: used to prove no expected form sits inside a wrong date."""
    names = [k for k, v in MONTHS.items() if v == d.month]
    wds = [WEEKDAYS[d.weekday()]] + [k for k, v in WD_ABBR.items() if v == d.weekday()]
    days = [str(d.day), ordinal(d.day)]
    out = {d.isoformat()}
    for mn in names:
        for dy in days:
            base = ["%s %s" % (mn, dy), "%s %s" % (dy, mn), "%s of %s" % (dy, mn)]
            out.update(base)
            for wd in wds:
                out.update("%s %s" % (wd, b) for b in base)
                out.add("%s the %s" % (wd, dy))
    return out


ALL_FORMS = {}
_d = FIRST_DAY
while _d <= LAST_DAY:
    ALL_FORMS[_d] = date_forms(_d)
    _d += datetime.timedelta(days=1)


def main():
    hist_path = os.path.join(HERE, "history.jsonl")
    q_path = os.path.join(HERE, "questions.json")
    msgs = []
    with open(hist_path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                err("blank line %d in history" % i)
                continue
            msgs.append(json.loads(line))

    # ---------- history ----------
    byid = {}
    for i, m in enumerate(msgs, 1):
        if set(m) != {"id", "conversation", "speaker", "ts", "text"}:
            err("bad keys in %s" % m.get("id"))
        if m["id"] != "%s%04d" % (PREFIX_MSG, i):
            err("id out of sequence: %s (expected %s%04d)" % (m["id"], PREFIX_MSG, i))
        if m["id"] in byid:
            err("duplicate id %s" % m["id"])
        byid[m["id"]] = m
        m["_dt"] = datetime.datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%S")
        if not m["text"].strip():
            err("empty text %s" % m["id"])
    if not 360 <= len(msgs) <= 400:
        err("message count %d not in 360-400" % len(msgs))
    if len(msgs) != MESSAGE_COUNT:
        err("message count %d != %d" % (len(msgs), MESSAGE_COUNT))
    for a, b in zip(msgs, msgs[1:]):
        if not a["_dt"] < b["_dt"]:
            err("timestamps not strictly increasing: %s %s" % (a["id"], b["id"]))
    last_in_conv = {}
    for m in msgs:
        c = m["conversation"]
        if c in last_in_conv and not last_in_conv[c] < m["_dt"]:
            err("conversation %s not in order at %s" % (c, m["id"]))
        last_in_conv[c] = m["_dt"]
    convs = collections.OrderedDict()
    for m in msgs:
        convs.setdefault(m["conversation"], set()).add(m["speaker"])
    if set(convs) != CONVERSATIONS:
        err("expected conversations %s, got %s" % (sorted(CONVERSATIONS), list(convs)))
    for c, sp in convs.items():
        if USER not in sp:
            err("user never speaks in %s" % c)
    groups = [c for c, sp in convs.items() if len(sp) > 2]
    if groups != [GROUP] or len(convs[GROUP]) != GROUP_SIZE:
        err("expected exactly one group chat (%s) with %d speakers: %s" %
            (GROUP, GROUP_SIZE, {c: sorted(s) for c, s in convs.items()}))
    for c, sp in convs.items():
        if c != GROUP and sp != {USER, ONE_TO_ONE.get(c)}:
            err("one-to-one chat %s should have %s and %s as its speakers: %s" % (c, USER, ONE_TO_ONE.get(c),
                                                                                sorted(sp)))
        if c != GROUP and ONE_TO_ONE.get(c, "").lower() not in c.lower():
            err("one-to-one chat %s should be named after the other person" % c)
    # sessions: consecutive messages in one conversation with gaps <= 60 minutes
    sessions = 1
    for a, b in zip(msgs, msgs[1:]):
        if b["conversation"] != a["conversation"] or (b["_dt"] - a["_dt"]).total_seconds() > 3600:
            sessions += 1
    if not 40 <= sessions <= 55:
        err("session count %d not in 40-55" % sessions)
    if sessions != SESSION_COUNT:
        err("session count %d != %d" % (sessions, SESSION_COUNT))
    span = (msgs[-1]["_dt"] - msgs[0]["_dt"]).days
    if not 100 <= span <= 130:
        err("history spans %d days, expected about 4 months" % span)
    if not (FIRST_DAY <= msgs[0]["_dt"].date() and msgs[-1]["_dt"].date() <= LAST_DAY):
        err("history outside %s..%s" % (FIRST_DAY, LAST_DAY))

    # ---------- questions ----------
    qs = json.load(open(q_path, encoding="utf-8"))
    if len(qs) != 40:
        err("expected 40 questions, got %d" % len(qs))
    cnt = collections.Counter(q["type"] for q in qs)
    if dict(cnt) != TYPE_COUNTS:
        err("type counts %s != %s" % (dict(cnt), TYPE_COUNTS))
    ids = [q["id"] for q in qs]
    if len(set(ids)) != len(ids):
        err("duplicate question ids")
    if ids != ["%s%02d" % (PREFIX_Q, i) for i in range(1, len(qs) + 1)]:
        err("question ids not %s01..%s%02d in order" % (PREFIX_Q, PREFIX_Q, len(qs)))
    texts = [q["question"].strip().lower() for q in qs]
    if len(set(texts)) != len(texts):
        err("duplicate question wording")
    keys = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all",
            "evidence", "note"}

    for q in qs:
        qid = q["id"]
        if set(q) != keys:
            err("%s: bad keys %s" % (qid, sorted(q)))
            continue
        typ = q["type"]
        now = datetime.datetime.strptime(q["now"], "%Y-%m-%dT%H:%M:%S")
        note = q["note"]
        nl = note.lower()
        if now < msgs[0]["_dt"]:
            err("%s: now before history" % qid)
        if q["conversation"] is not None and q["conversation"] not in convs:
            err("%s: unknown conversation %s" % (qid, q["conversation"]))
        # turns
        if typ == "follow_up":
            if not 1 <= len(q["turns"]) <= 2:
                err("%s: follow_up needs 1-2 turns" % qid)
        elif q["turns"]:
            err("%s: only follow_up questions have turns" % qid)
        # evidence
        ev = []
        for e in q["evidence"]:
            if e not in byid:
                err("%s: evidence %s does not exist" % (qid, e))
            else:
                ev.append(byid[e])
                if byid[e]["_dt"] > now:
                    err("%s: evidence %s is after now" % (qid, e))
                if q["conversation"] is not None and byid[e]["conversation"] != q["conversation"]:
                    err("%s: evidence %s is outside conversation %s" % (qid, e, q["conversation"]))
        if typ == "not_in_history":
            if q["evidence"]:
                err("%s: not_in_history must have no evidence" % qid)
            if q["expect_any"] != REFUSALS or q["expect_all"]:
                err("%s: not_in_history expects the refusal list" % qid)
            terms = ABSENT_TERMS.get(qid)
            if not terms:
                err("%s: no absent terms registered" % qid)
            for t in terms or []:
                for m in msgs:
                    if t.lower() in m["text"].lower() or t.lower() in m["conversation"].lower():
                        err("%s: absent term %r found in %s" % (qid, t, m["id"]))
            continue
        if not ev:
            err("%s: no evidence" % qid)
            continue
        # expected strings
        if typ in ("list", "what_did_we_talk_about"):
            if q["expect_any"] or not 2 <= len(q["expect_all"]) <= 4:
                err("%s: %s needs 2-4 expect_all and empty expect_any" % (qid, typ))
        else:
            if not q["expect_any"] or q["expect_all"]:
                err("%s: needs expect_any only" % qid)
        evtext = " \n ".join((m["speaker"] + ": " + m["text"]).lower() for m in ev)
        iso_in_note = re.findall(r"\b(20\d\d-\d\d-\d\d)\b", note)
        derived = "derived" in nl
        mcount = re.search(r"derived count:\s*(\d+)", nl)
        dates = set()
        for s in q["expect_any"] + q["expect_all"]:
            if s != s.lower() or s != s.strip() or not s:
                err("%s: expected string %r must be lowercase/stripped" % (qid, s))
            pd = parse_date(s)
            if pd:
                d, wd = pd
                dates.add(d)
                if wd is not None and wd != d.weekday():
                    err("%s: weekday in %r does not fit %s" % (qid, s, d))
                # no expected date form may sit inside any form of a different date
                for d2, forms in ALL_FORMS.items():
                    if d2 != d and any(s in f for f in forms):
                        err("%s: %r sits inside a form of the wrong date %s" % (qid, s, d2))
                        break
            if s in evtext:
                continue
            if not derived:
                err("%s: %r not in evidence and note is not 'Derived'" % (qid, s))
                continue
            if pd:
                if pd[0].isoformat() not in iso_in_note:
                    err("%s: derived date %r not explained (ISO date in note)" % (qid, s))
                continue
            num = int(s) if s.isdigit() else word_to_num(s)
            if num is not None and mcount:
                if num != int(mcount.group(1)):
                    err("%s: count %r != derived count %s" % (qid, s, mcount.group(1)))
                continue
            if s in nl:
                continue
            err("%s: expected %r neither in evidence nor explained in note" % (qid, s))
        # date consistency
        if len(dates) > 1:
            err("%s: date variants disagree: %s" % (qid, sorted(dates)))
        if dates:
            d = next(iter(dates))
            if d.isoformat() not in iso_in_note:
                err("%s: ISO date %s missing from note" % (qid, d))
            if d.isoformat() not in q["expect_any"]:
                err("%s: ISO variant missing" % qid)
        if typ in ("event_when", "first_mention", "last_mention") and not dates:
            err("%s: %s needs a date answer" % (qid, typ))
        if typ == "event_when" and dates:
            d = next(iter(dates))
            for m in ev:
                if m["_dt"].date() == d:
                    err("%s: event date equals send date of %s" % (qid, m["id"]))
            if not FIRST_DAY <= d <= LAST_DAY:
                err("%s: event date %s outside the set's range" % (qid, d))
        if typ in ("first_mention", "last_mention"):
            terms = MENTION_TERMS.get(qid)
            if not terms:
                err("%s: no mention terms registered" % qid)
                continue
            pat = re.compile(r"\b(" + "|".join(re.escape(t) for t in terms) + ")", re.I)
            pool = [m for m in msgs if m["_dt"] <= now and
                    (q["conversation"] is None or m["conversation"] == q["conversation"])]
            hits = [m for m in pool if pat.search(m["text"])]
            if not hits:
                err("%s: no message matches %s" % (qid, terms))
                continue
            target = hits[0] if typ == "first_mention" else hits[-1]
            if dates and target["_dt"].date() != next(iter(dates)):
                err("%s: scan says %s (%s), answer says %s" % (qid, target["_dt"].date(), target["id"],
                                                            next(iter(dates))))
            if target["id"] not in q["evidence"]:
                err("%s: scanned message %s missing from evidence" % (qid, target["id"]))
        if typ == "how_many":
            digits = [s for s in q["expect_any"] if s.isdigit()]
            words = [s for s in q["expect_any"] if word_to_num(s) is not None]
            if not digits or not words:
                err("%s: how_many needs digit and word forms" % qid)
            vals = {int(s) for s in digits} | {word_to_num(s) for s in words}
            if len(vals) != 1:
                err("%s: count forms disagree %s" % (qid, vals))
            if not mcount or int(mcount.group(1)) not in vals:
                err("%s: note must state 'Derived count: N' matching" % qid)
        if typ == "what_did_we_talk_about":
            days = {m["_dt"].date() for m in ev}
            if len(days) != 1:
                err("%s: evidence spans several days %s" % (qid, days))
        # "last <weekday>" must point at the evidence day: the most recent such weekday before now's date
        m_rel = re.search(r"\blast (" + "|".join(WEEKDAYS) + r")\b", q["question"].lower())
        if m_rel:
            want = WEEKDAYS.index(m_rel.group(1))
            day = now.date() - datetime.timedelta(days=1)
            while day.weekday() != want:
                day -= datetime.timedelta(days=1)
            if {m["_dt"].date() for m in ev} != {day}:
                err("%s: 'last %s' from %s is %s, evidence is elsewhere" % (qid, m_rel.group(1), now.date(), day))

    if errors:
        for e in errors:
            print("ERROR:", e)
        sys.exit(1)
    print("messages=%d sessions=%d conversations=%s span=%s..%s" % (
        len(msgs), sessions, list(convs), msgs[0]["ts"][:10], msgs[-1]["ts"][:10]))
    print("types=%s" % dict(sorted(cnt.items())))
    print("OK")


if __name__ == "__main__":
    main()
