#!/usr/bin/env python3
"""Validate the held-out scenario set in this folder. Prints OK when valid."""
import collections, datetime as dt, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
HIST = [json.loads(l) for l in open(os.path.join(HERE, "history.jsonl"), encoding="utf-8") if l.strip()]
QS = json.load(open(os.path.join(HERE, "questions.json"), encoding="utf-8"))
USER = "Tomasz"
GROUP = "Thursday Fives"
CONVS = {"Ola", "Kuba", "Gemma", GROUP}
TYPE_COUNTS = {"first_mention": 6, "last_mention": 6, "how_many": 6, "where": 6, "what": 6, "list": 4,
               "follow_up": 2, "event_when": 2, "not_in_history": 2}
REFUSAL = ["does not contain", "no record", "not in", "couldn't find", "can't find", "don't know", "never mentioned"]

# topic terms for first/last-mention questions: (regex, conversation or None for all chats)
TOPICS = {
    "x01": (r"\b(hospital|northgate|ward|fell|hip)\b", "Ola"),
    "x02": (r"\b(kit|shirts?|jerseys?|strip)\b", GROUP),
    "x03": (r"\b(renewal|renew|renewing|tenancy|lease|rent)\b", "Gemma"),
    "x04": (r"\bbabka\b", "Kuba"),
    "x05": (r"\b(birthday|bday)\b", None),
    "x06": (r"\b(test|driving|lessons?|instructor|dvsa|examiner)\b", "Ola"),
    "x07": (r"\b(ashgrove|rehab)\b", None),
    "x08": (r"\b(boiler|hot water|heating|heater|diverter|valve|e119|engineer)\b", None),
    "x09": (r"\b(bake ?-?off|competition|comp|heats?|final|millbrook)\b", "Kuba"),
    "x10": (r"\b(ankle|injury|injured|sprain|strapped)\b", None),
    "x11": (r"\bcarers?\b", "Ola"),
    "x12": (r"\brhys\b", GROUP),
}
# terms that must appear nowhere for not_in_history questions
NIH = {
    "x39": [r"\bwashing machine\b", r"\bwasher\b", r"\bdishwasher\b", r"\bwashing\b"],
    "x40": [r"\bhearing aids?\b", r"\bhearing\b", r"\baudiolog"],
}

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
ABBR = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
        "oct": 10, "nov": 11, "dec": 12}
MONTH_NUM = dict(ABBR, **{m: i + 1 for i, m in enumerate(MONTHS)})
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
WORDS = {1: ["one", "once"], 2: ["two", "twice"], 3: ["three", "thrice"], 4: ["four"], 5: ["five"], 6: ["six"],
         7: ["seven"], 8: ["eight"], 9: ["nine"], 10: ["ten"], 11: ["eleven"], 12: ["twelve"]}
YEAR = 2026
errors = []


def err(msg):
    errors.append(msg)


def ordn(d):
    return str(d) + ("th" if 11 <= d <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th"))


MRE = "|".join(sorted(MONTH_NUM, key=len, reverse=True))
WRE = "|".join(WEEKDAYS)


def parse_date(s):
    """Return (date or None, weekday or None, day) for a date-looking string, or None."""
    s = s.strip().lower()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return dt.date(int(m[1]), int(m[2]), int(m[3])), None, None
    m = re.fullmatch(rf"(?:({WRE}),? )?({MRE}) (\d{{1,2}})(?:st|nd|rd|th)?", s)
    if m:
        return dt.date(YEAR, MONTH_NUM[m[2]], int(m[3])), m[1], None
    m = re.fullmatch(rf"(?:({WRE}),? )?(?:the )?(\d{{1,2}})(?:st|nd|rd|th)? (?:of )?({MRE})", s)
    if m:
        return dt.date(YEAR, MONTH_NUM[m[3]], int(m[2])), m[1], None
    m = re.fullmatch(rf"({WRE}) the (\d{{1,2}})(?:st|nd|rd|th)", s)
    if m:
        return None, m[1], int(m[2])
    return None


def renderings(d):
    m, n, w = MONTHS[d.month - 1], d.day, WEEKDAYS[d.weekday()]
    abbrs = [k for k, v in ABBR.items() if v == d.month]
    out = {d.isoformat(), f"{m} {n}", f"{m} {ordn(n)}", f"{n} {m}", f"{ordn(n)} {m}", f"{ordn(n)} of {m}",
           f"the {ordn(n)} of {m}", f"{w} {n} {m}", f"{w} {m} {n}", f"{w} the {ordn(n)}"}
    for ab in abbrs:
        out |= {f"{ab} {n}", f"{n} {ab}", f"{ab} {ordn(n)}", f"{ordn(n)} {ab}", f"{ordn(n)} of {ab}"}
    return out


ALL_DAYS = [dt.date(YEAR, 1, 1) + dt.timedelta(days=i) for i in range(365)]
RENDER = {d: renderings(d) for d in ALL_DAYS}

# ---------------- history ----------------
ids = [h.get("id") for h in HIST]
if len(set(ids)) != len(ids):
    err("duplicate message ids")
if not 300 <= len(HIST) <= 340:
    err(f"history has {len(HIST)} messages, want 300-340")
prev = None
conv_speakers = collections.defaultdict(set)
last_in_conv = {}
for i, h in enumerate(HIST):
    if set(h) != {"id", "conversation", "speaker", "ts", "text"}:
        err(f"{h.get('id')}: wrong fields {sorted(h)}")
    if h["id"] != "X%04d" % (i + 1):
        err(f"{h['id']}: expected id X{i + 1:04d} (ids must go up in time order)")
    try:
        t = dt.datetime.strptime(h["ts"], "%Y-%m-%dT%H:%M:%S")
    except ValueError:
        err(f"{h['id']}: bad ts {h['ts']}")
        continue
    if prev and t <= prev:
        err(f"{h['id']}: timestamp not strictly increasing")
    if h["conversation"] in last_in_conv and t <= last_in_conv[h["conversation"]]:
        err(f"{h['id']}: timestamp not increasing within conversation")
    last_in_conv[h["conversation"]] = t
    prev = t
    conv_speakers[h["conversation"]].add(h["speaker"])
    if not h["text"].strip():
        err(f"{h['id']}: empty text")
if set(conv_speakers) != CONVS:
    err(f"conversations {sorted(conv_speakers)} != {sorted(CONVS)}")
for c, sp in conv_speakers.items():
    if c == GROUP:
        if USER not in sp or len(sp) != 4:
            err(f"group chat speakers {sorted(sp)}: want the user + 3 others")
    elif sp != {USER, c}:
        err(f"one-to-one chat {c} has speakers {sorted(sp)}")
TS = {h["id"]: dt.datetime.strptime(h["ts"], "%Y-%m-%dT%H:%M:%S") for h in HIST}
BYID = {h["id"]: h for h in HIST}
times = [TS[h["id"]] for h in HIST]
sessions = 1 + sum(1 for a, b in zip(times, times[1:]) if (b - a) > dt.timedelta(hours=2))
if not 45 <= sessions <= 55:
    err(f"{sessions} sessions, want 45-55")
span = (times[-1] - times[0]).days
if not 95 <= span <= 120:
    err(f"history spans {span} days, want about 3.5 months")

# ---------------- questions ----------------
qids = [q.get("id") for q in QS]
if len(QS) != 40:
    err(f"{len(QS)} questions, want 40")
if len(set(qids)) != len(qids):
    err("duplicate question ids")
if sorted(qids) != ["x%02d" % i for i in range(1, 41)]:
    err("question ids must be x01..x40")
cnt = collections.Counter(q.get("type") for q in QS)
if dict(cnt) != TYPE_COUNTS:
    err(f"type counts {dict(cnt)} != {TYPE_COUNTS}")
texts_seen = set()
FIELDS = {"id", "type", "turns", "question", "now", "conversation", "expect_any", "expect_all", "evidence", "note"}
for q in QS:
    qid, typ = q.get("id"), q.get("type")
    if set(q) != FIELDS:
        err(f"{qid}: fields {sorted(q)}")
        continue
    if q["question"].lower() in texts_seen:
        err(f"{qid}: duplicate question text")
    texts_seen.add(q["question"].lower())
    now = dt.datetime.strptime(q["now"], "%Y-%m-%dT%H:%M:%S")
    if q["conversation"] is not None and q["conversation"] not in CONVS:
        err(f"{qid}: unknown conversation {q['conversation']}")
    for e in q["evidence"]:
        if e not in BYID:
            err(f"{qid}: evidence {e} does not exist")
        elif TS[e] > now:
            err(f"{qid}: evidence {e} is after now")
        elif q["conversation"] and BYID[e]["conversation"] != q["conversation"]:
            err(f"{qid}: evidence {e} is not in conversation {q['conversation']}")
    if typ != "not_in_history" and not q["evidence"]:
        err(f"{qid}: no evidence")
    if typ == "follow_up":
        if not 1 <= len(q["turns"]) <= 2:
            err(f"{qid}: follow_up needs 1-2 turns")
    elif q["turns"]:
        err(f"{qid}: only follow_up questions have turns")
    if typ == "list":
        if q["expect_any"] or not 3 <= len(q["expect_all"]) <= 5:
            err(f"{qid}: list wants 3-5 expect_all and no expect_any")
    elif q["expect_all"] or not q["expect_any"]:
        err(f"{qid}: wants expect_any and no expect_all")
    for s in q["expect_any"] + q["expect_all"]:
        if s != s.lower():
            err(f"{qid}: expected string {s!r} is not lowercase")
    note = q["note"].lower()

    if typ == "not_in_history":
        if q["evidence"]:
            err(f"{qid}: not_in_history must have no evidence")
        if q["expect_any"] != REFUSAL:
            err(f"{qid}: not_in_history expect_any must be the refusal list")
        if qid not in NIH:
            err(f"{qid}: no NIH terms defined")
        for pat in NIH.get(qid, []):
            for h in HIST:
                if re.search(pat, h["text"], re.I):
                    err(f"{qid}: NIH term {pat} appears in {h['id']}")
        continue

    ev_text = " \n ".join(BYID[e]["text"].lower() for e in q["evidence"] if e in BYID)
    dates, day_only = set(), []
    for s in q["expect_any"] + q["expect_all"]:
        p = parse_date(s)
        if p:
            d, wd, day = p
            if d is None:
                day_only.append((s, wd, day))
            else:
                if wd and WEEKDAYS[d.weekday()] != wd:
                    err(f"{qid}: {s!r} has the wrong weekday")
                dates.add(d)
                for other, rs in RENDER.items():
                    if other != d and any(s in r for r in rs):
                        err(f"{qid}: {s!r} is also a substring of a rendering of {other}")
    if len(dates) > 1:
        err(f"{qid}: date variants disagree: {sorted(dates)}")
    for s, wd, day in day_only:
        if len(dates) != 1 or next(iter(dates)).day != day or WEEKDAYS[next(iter(dates)).weekday()] != wd:
            err(f"{qid}: {s!r} does not agree with the other date variants")
    the_date = next(iter(dates)) if len(dates) == 1 else None

    count = None
    if typ == "how_many":
        digits = [s for s in q["expect_any"] if s.isdigit()]
        if len(digits) != 1:
            err(f"{qid}: how_many needs exactly one digit answer")
        else:
            count = int(digits[0])
            if not any(w in q["expect_any"] for w in WORDS.get(count, [])):
                err(f"{qid}: how_many needs the count as a word too")
            if not re.search(rf"derived count: {count}\b", note):
                err(f"{qid}: note must say 'Derived count: {count}'")

    for s in q["expect_any"] + q["expect_all"]:
        if s in ev_text:
            continue
        p = parse_date(s)
        if p and the_date is not None:
            if "derived date" in note and the_date.isoformat() in note:
                continue
            err(f"{qid}: derived date {s!r} not explained in note (needs 'Derived date' and {the_date})")
            continue
        if count is not None and (s == str(count) or s in WORDS.get(count, [])):
            continue
        if s in note:
            continue
        err(f"{qid}: expected {s!r} not in evidence and not explained in note")

    if typ in ("first_mention", "last_mention", "event_when") and the_date is None:
        err(f"{qid}: needs a parseable date answer")
    if typ == "event_when" and the_date is not None:
        for e in q["evidence"]:
            if TS[e].date() == the_date:
                err(f"{qid}: event date equals the date of evidence message {e}")
    if typ in ("first_mention", "last_mention"):
        if qid not in TOPICS:
            err(f"{qid}: no topic terms defined")
            continue
        pat, conv = TOPICS[qid]
        if q["conversation"] != conv and not (conv is None):
            err(f"{qid}: topic conversation {conv} != question conversation {q['conversation']}")
        hits = [h for h in HIST if TS[h["id"]] <= now and (conv is None or h["conversation"] == conv)
                and re.search(pat, h["text"], re.I)]
        if len(hits) < 3:
            err(f"{qid}: topic mentioned only {len(hits)} times")
            continue
        first, last = hits[0], hits[-1]
        if (TS[last["id"]] - TS[first["id"]]).days < 14:
            err(f"{qid}: topic does not span weeks")
        if TS[first["id"]].date() == TS[last["id"]].date():
            err(f"{qid}: first and last mention on the same day")
        target = first if typ == "first_mention" else last
        if the_date != TS[target["id"]].date():
            err(f"{qid}: expected {the_date} but scan finds {typ} on {TS[target['id']].date()} ({target['id']})")
        if target["id"] not in q["evidence"]:
            err(f"{qid}: scanned {typ} message {target['id']} not in evidence")

if errors:
    print("\n".join(errors))
    print(f"{len(errors)} problem(s)")
    sys.exit(1)
print(f"messages={len(HIST)} sessions={sessions} span_days={span} questions={len(QS)} types={dict(cnt)}")
print("OK")
