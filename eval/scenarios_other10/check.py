#!/usr/bin/env python3
"""Validate the synthetic evaluation set in this folder. Prints OK when valid."""
import json, os, re, sys, datetime as dt
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
PREFIX_MSG, PREFIX_Q = "k", "k"
TYPE_COUNTS = {"event_when": 4, "last_mention": 3, "first_mention": 3, "who": 4, "what": 4, "where": 3,
               "how_many": 4, "list": 3, "what_did_we_talk_about": 3, "changed_plan": 4, "follow_up": 3,
               "not_in_history": 2}
REFUSALS = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]
# topic terms used to scan the history for first/last mentions and absent topics
MENTION_TERMS = {
    "k05": ["generator"],
    "k06": ["boat"],
    "k07": ["hamstring"],
    "k08": ["truck"],
    "k09": ["tournament"],
    "k10": ["invoice"],
}
ABSENT_TERMS = {
    "k39": ["insurance"],
    "k40": ["dentist"],
}
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUMWORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "once": 1, "twice": 2}
SPECIAL_DAYS = {"halloween": (10, 31)}

errors = []
def err(msg):
    errors.append(msg)

def month_of(tok):
    tok = tok.lower().rstrip(".")
    for i, m in enumerate(MONTHS, 1):
        if tok == m or (len(tok) >= 3 and m.startswith(tok)):
            return i
    return None

def parse_date_variant(s, year):
    """Return ('date', date) | ('day', day, weekday|None) | None."""
    s = s.lower().strip()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return ("date", dt.date(int(m[1]), int(m[2]), int(m[3])))
    if s in SPECIAL_DAYS:
        mo, d = SPECIAL_DAYS[s]
        return ("date", dt.date(year, mo, d))
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?(?: of)? ([a-z]+)", s)
    if m and month_of(m[2]):
        return ("date", dt.date(year, month_of(m[2]), int(m[1])))
    m = re.fullmatch(r"([a-z]+) (\d{1,2})(?:st|nd|rd|th)?", s)
    if m and month_of(m[1]):
        return ("date", dt.date(year, month_of(m[1]), int(m[2])))
    m = re.fullmatch(r"([a-z]+) (?:the )?(\d{1,2})(?:st|nd|rd|th)", s)
    if m and m[1] in WEEKDAYS:
        return ("day", int(m[2]), WEEKDAYS.index(m[1]))
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?\s*(?:to|-)\s*(\d{1,2})(?:st|nd|rd|th)?", s)
    if m:
        return ("day", int(m[1]), None)
    return None

HOURWORDS = {w: i for i, w in enumerate(["twelve", "one", "two", "three", "four", "five", "six", "seven",
                                          "eight", "nine", "ten", "eleven"])}

def norm_number_or_time(s):
    """'8500' / '8.5k' -> '8500'; '09:30' / 'half nine' -> '9:30'; else None."""
    s = s.lower().strip().lstrip("£")
    m = re.fullmatch(r"(\d+(?:\.\d+)?)k", s)
    if m:
        return str(int(round(float(m[1]) * 1000)))
    if re.fullmatch(r"\d{4,}", s):
        return s
    m = re.fullmatch(r"0?(\d{1,2}):(\d{2})", s)
    if m:
        return f"{int(m[1])}:{m[2]}"
    m = re.fullmatch(r"half ([a-z]+)", s)
    if m and m[1] in HOURWORDS:
        return f"{HOURWORDS[m[1]] or 12}:30"
    return None

def load():
    hist = []
    with open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                hist.append(json.loads(line))
            except Exception as e:
                err(f"history line {n}: bad json {e}")
    with open(os.path.join(HERE, "questions.json"), encoding="utf-8") as f:
        qs = json.load(f)
    return hist, qs

def main():
    hist, qs = load()
    # ---------------- history ----------------
    ids = [m.get("id") for m in hist]
    if len(ids) != len(set(ids)):
        err("duplicate message ids")
    if not (300 <= len(hist) <= 340):
        err(f"history has {len(hist)} messages (want 300-340)")
    prev_ts, prev_num = None, 0
    last_by_conv = {}
    for m in hist:
        for k in ("id", "conversation", "speaker", "ts", "text"):
            if k not in m:
                err(f"{m.get('id')}: missing field {k}")
        if not re.fullmatch(PREFIX_MSG + r"\d{4}", m["id"]):
            err(f"{m['id']}: bad id format")
        num = int(m["id"][1:])
        if num != prev_num + 1:
            err(f"{m['id']}: ids not consecutive")
        prev_num = num
        ts = dt.datetime.fromisoformat(m["ts"])
        m["_ts"] = ts
        if prev_ts and ts <= prev_ts:
            err(f"{m['id']}: timestamp not strictly increasing")
        c = m["conversation"]
        if c in last_by_conv and ts <= last_by_conv[c]:
            err(f"{m['id']}: timestamp not increasing within {c}")
        last_by_conv[c] = ts
        prev_ts = ts
    convs = Counter(m["conversation"] for m in hist)
    if len(convs) != 4:
        err(f"expected 4 conversations, got {sorted(convs)}")
    # sessions: gap > 2h starts a new session
    sessions = 1
    for a, b in zip(hist, hist[1:]):
        if (b["_ts"] - a["_ts"]).total_seconds() > 7200 or a["conversation"] != b["conversation"] and (b["_ts"] - a["_ts"]).total_seconds() > 1800:
            sessions += 1
    if not (45 <= sessions <= 55):
        err(f"{sessions} sessions (want 45-55)")
    byid = {m["id"]: m for m in hist}

    # ---------------- questions ----------------
    if len(qs) != 40:
        err(f"{len(qs)} questions (want 40)")
    qids = [q.get("id") for q in qs]
    if len(qids) != len(set(qids)):
        err("duplicate question ids")
    if sorted(qids) != [PREFIX_Q + "%02d" % i for i in range(1, 41)]:
        err("question ids must be k01..k40")
    tc = Counter(q["type"] for q in qs)
    if dict(tc) != TYPE_COUNTS:
        err(f"type counts {dict(tc)} != {TYPE_COUNTS}")
    if len(set(q["question"].lower() for q in qs)) != len(qs):
        err("two questions are phrased identically")

    for q in qs:
        qid = q["id"]
        for k in ("id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"):
            if k not in q:
                err(f"{qid}: missing field {k}")
        now = dt.datetime.fromisoformat(q["now"])
        if q["conversation"] is not None and q["conversation"] not in convs:
            err(f"{qid}: unknown conversation {q['conversation']}")
        if q["type"] == "follow_up":
            if not (1 <= len(q["turns"]) <= 2):
                err(f"{qid}: follow_up needs 1-2 turns")
        elif q["turns"]:
            err(f"{qid}: only follow_up questions have turns")
        ev = []
        for e in q["evidence"]:
            if e not in byid:
                err(f"{qid}: evidence {e} does not exist")
                continue
            if byid[e]["_ts"] > now:
                err(f"{qid}: evidence {e} is after now")
            ev.append(byid[e])
        evtext = " \n ".join((m["speaker"] + ": " + m["text"]).lower() for m in ev)
        evnums = re.sub(r"(?<=\d),(?=\d{3})", "", evtext)
        note = q["note"].lower()

        if q["type"] == "not_in_history":
            if q["evidence"]:
                err(f"{qid}: not_in_history must have no evidence")
            if q["expect_any"] != REFUSALS:
                err(f"{qid}: not_in_history expect_any must be the refusal list")
            terms = ABSENT_TERMS.get(qid)
            if not terms:
                err(f"{qid}: no absent terms registered")
            for t in terms or []:
                hits = [m["id"] for m in hist if t.lower() in m["text"].lower()]
                if hits:
                    err(f"{qid}: absent term '{t}' appears in {hits}")
            continue

        if not q["evidence"]:
            err(f"{qid}: no evidence")
        if q["type"] in ("list", "what_did_we_talk_about"):
            if not (3 <= len(q["expect_all"]) <= 5):
                err(f"{qid}: expect_all needs 3-5 items")
            if q["expect_any"]:
                err(f"{qid}: list types use expect_all only")
        else:
            if not q["expect_any"]:
                err(f"{qid}: empty expect_any")
            if q["expect_all"]:
                err(f"{qid}: expect_all only for list types")

        # canonical date (ISO variant) if any
        iso = [s for s in q["expect_any"] if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s)]
        canon = dt.date.fromisoformat(iso[0]) if iso else None
        if len(iso) > 1:
            err(f"{qid}: several ISO dates")
        if q["type"] in ("event_when", "last_mention", "first_mention", "changed_plan") and not canon:
            err(f"{qid}: date question without ISO variant")

        # how_many: digit + word
        if q["type"] == "how_many":
            digits = [s for s in q["expect_any"] if s.isdigit()]
            words = [s for s in q["expect_any"] if s in NUMWORDS]
            if len(digits) != 1 or not words:
                err(f"{qid}: how_many needs one digit and a word")
            else:
                n = int(digits[0])
                if any(NUMWORDS[w] != n for w in words):
                    err(f"{qid}: number words disagree with {n}")
                if "derived count" not in note and digits[0] not in evtext:
                    err(f"{qid}: count not in evidence and note does not explain it")
                if f"= {n}" not in note:
                    err(f"{qid}: note should state the count as '= {n}'")

        for s in q["expect_any"] + q["expect_all"]:
            if s != s.lower():
                err(f"{qid}: expected string '{s}' not lowercase")
            if s.lower() in evtext:
                continue
            # formatting variants of a number or a time that is in the evidence
            t = norm_number_or_time(s)
            if t is not None and (t in evnums or t in evtext):
                continue
            # derived values
            if canon is not None:
                p = parse_date_variant(s, canon.year)
                if p is None:
                    err(f"{qid}: '{s}' not in evidence and not a parseable date")
                    continue
                if p[0] == "date" and p[1] != canon:
                    err(f"{qid}: date variant '{s}' disagrees with {canon}")
                if p[0] == "day":
                    if p[1] != canon.day or (p[2] is not None and p[2] != canon.weekday()):
                        err(f"{qid}: day variant '{s}' disagrees with {canon}")
                if "derived date" not in note or canon.isoformat() not in note:
                    err(f"{qid}: derived date '{s}' not explained in note")
                continue
            if q["type"] == "how_many" and (s.isdigit() or s in NUMWORDS):
                if "derived count" not in note:
                    err(f"{qid}: derived count '{s}' not explained in note")
                continue
            if s in NUMWORDS and s in note:
                continue
            err(f"{qid}: expected '{s}' not found in evidence {q['evidence']}")

        # date variants: also check those that do appear in evidence agree
        if canon is not None:
            for s in q["expect_any"]:
                p = parse_date_variant(s, canon.year)
                if p and p[0] == "date" and p[1] != canon:
                    err(f"{qid}: date variant '{s}' disagrees with {canon}")
                # bare forms must not be a prefix of a different date form (e.g. 'march 1' vs 'march 12')
                m = re.fullmatch(r"([a-z]+) ([123])", s)
                if m and month_of(m[1]):
                    err(f"{qid}: '{s}' is a prefix of longer dates")

        if q["type"] == "event_when":
            for m in ev:
                if m["_ts"].date() == canon:
                    err(f"{qid}: event date equals the date of evidence message {m['id']}")

        if q["type"] in ("first_mention", "last_mention"):
            terms = MENTION_TERMS.get(qid)
            if not terms:
                err(f"{qid}: no mention terms registered")
                continue
            scan = [m for m in hist if m["_ts"] <= now
                    and (q["conversation"] is None or m["conversation"] == q["conversation"])
                    and any(t.lower() in m["text"].lower() for t in terms)]
            if not scan:
                err(f"{qid}: terms {terms} never found")
                continue
            hit = scan[0] if q["type"] == "first_mention" else scan[-1]
            if hit["_ts"].date() != canon:
                err(f"{qid}: scan finds {hit['id']} on {hit['_ts'].date()}, expected {canon}")
            if hit["id"] not in q["evidence"]:
                err(f"{qid}: scanned message {hit['id']} not in evidence")

    if errors:
        for e in errors:
            print("ERROR:", e)
        sys.exit(1)
    print(f"OK ({len(hist)} messages, {sessions} sessions, {len(qs)} questions)")

if __name__ == "__main__":
    main()
