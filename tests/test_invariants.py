"""What a person acts on, checked by what must hold in every state, not only in the states someone listed.

Thousands of (facts, today, planned day) are drawn for each shipped procedure and each test procedure (shapes,
chains, a condition no fact settles, amendments, patterns), in English and Spanish, with today placed on each
side of the dates that matter (the day before a safe date, on it, after it, on a last day, after it). Every
state is assessed once, and its answers, the office's desk and the calendar files are held to these properties:

    green       a certain answer's date holds under every reading (on or before the day that holds whichever way
                the readings go, on a day the office is surely open, or before the time it names), and no fact not
                given could bring an earlier one; a planned filing day shown green is on or before the safe date
    today       no day is shown as the one to act on before today unless it is marked passed or done; once a safe
                date has passed, the day shown is the latest still possible, and the sentence names it and what
                it relies on
    overdue     the clerk's sentence names every duty past its last day and not recorded as done (or owed under a
                condition no fact settles) before the next one
    condition   a duty that exists only on a condition is never certain, and an answer that leads with one names
                the condition
    hours       an hour-counted duty's sentence, desk row and calendar event carry its time; and a duty whose rule
                counts in hours or ends its last day at a time of day (`ends_at`) has a moment, at that time, on its
                day at stake (taken from the rule, never from the model's own output)
    done        a duty whose own act is recorded (`done_when`), or whose procedure has reached a later stage, is never
                shown as due: done in the model, and in no answer as something to act on
    defect      a complaint that lacks a required item is never green, and the complainant's answer names each item
    steps       every live step of a person is named: once a complaint is filed on time, the complainant's next dated
                step; and each duty the text gives with no period, once what calls for it has come
    late        never late before the last day under the procedure's own counting: a late answer, or a duty past
                its last day, has today (or the day received) after that last day
    reminders   a reminder is never before the day its duty's count starts from, never after its day (never at or
                after its moment), and never on a day the office is or may be closed
    agree       the desk's row and the checker's answer give the same day, and the same certainty, for the same
                facts and today
    announce    a notice that must announce an event's date is flagged when its last day is not before that event
    tense       no date after today is put in the past tense ("was …", "…, has passed"), in any answer or in the
                filing's warning for a planned day
    plan        a planned day after the last day, before that last day has passed, is said to be too late (plan_late)
                with a day to file by that is not before today; no answer says so once a last day has passed
    next        a respondent with nothing due is told the procedure's next dated step that concerns them, still
                ahead and owed whatever the facts, whose count has started (not a limit from the violation)

Each property is shown to catch a mutation of the code that keeps it (test_each_property_catches_its_mutation).
The states drawn are 3,000 a run shared out over the procedures (150 each at today's 20, never fewer than 25 each
in a larger library); in CI each commit draws its own. COMPLAINT_CHECKER_STATES sets the number per procedure, for a
longer run; every failure names the state, so it can be replayed.
"""

import os
import random
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from core import load_jurisdiction, seed_ids
from core.describing import readings, task
from core.desk import Complaint, desk
from core.facts import InputError
from core.audience import people
from core import report_json
from core.guidance import AFTER, BETWEEN, CERTAIN, DONE, IF, ON_LAST, PASSED, RELIES, Stages
from core.situation import as_day
from core.ics import Reminders, calendar_file, complaint_key, dated_entries, uid
from core.report import assess
from core.wording import day_in_text, format_day, format_moment, moment_in_text, say
from fuzzing import SEED
from scripts.report_snapshot import drawn_facts

ROOT = Path(__file__).resolve().parent.parent
# Every shipped procedure, found rather than listed, and the test procedures of every shape.
PROCEDURES = seed_ids() + [str(ROOT / "tests" / "jurisdictions" / f"{n}.toml") for n in (
    "shapes", "cure-then-hearing", "patterns", "amended", "format-1-example-city", "federal-style", "later-of",
    "discovery", "continuing", "statute-shapes")]
SHAPES = str(ROOT / "tests" / "jurisdictions" / "statute-shapes.toml")
# The states drawn over the whole library: 150 a procedure at today's 20 (3,000 a run), shared out as the library
# grows but never fewer than STATES_FLOOR a procedure, so that this test's time grows little with the library (one
# process: 14 s at today's, 25 s at 200 procedures, where 150 each took 70 s) while every procedure is still drawn;
# each commit draws its own (its seed), so over commits each procedure meets more. COMPLAINT_CHECKER_STATES sets the number per procedure instead, for a longer run.
LIBRARY_STATES, STATES_FLOOR = 3000, 25
STATES = int(os.environ.get("COMPLAINT_CHECKER_STATES") or max(STATES_FLOOR, LIBRARY_STATES // len(PROCEDURES)))
STAMP = datetime(2027, 1, 1, 12)
LOADED: dict[str, object] = {}

# The issue's own states, always among those drawn: each finding is a state some property covers.
FINDINGS = [
    ("fort-collins", {"violation_date": "2027-10-12", "received": "2027-12-13", "complainant_role": "candidate"},
     "2027-11-30"),
    ("illinois-model-ethics", {"violation_date": "2027-11-24"}, "2028-11-24"),
    ("fort-collins", {"violation_date": "2029-11-01", "complainant_role": "candidate"}, "2029-12-31"),
    ("illinois-model-ethics", {"received": "2027-11-22", "respondent_is_candidate": False}, "2027-11-29"),
    ("illinois-model-ethics", {"events": {"meeting": "2027-12-06T10:00"}}, "2027-12-01"),
    ("illinois-model-ethics", {"received": "2027-11-22", "events": {"meeting": "2027-11-24T10:00"}}, "2027-11-23"),
    ("fort-collins", {"received": "2027-11-22"}, "2027-11-29"),
    ("fort-collins", {"received": "2027-11-22"}, "2027-11-22"),
    (str(ROOT / "tests" / "jurisdictions" / "cure-then-hearing.toml"),
     {"received": "2026-10-01", "events": {"notice": "2026-10-12"}}, "2026-11-20"),
    ("fort-collins", {"violation_date": "2026-10-06", "received": "2026-12-08", "complainant_role": "candidate"},
     "2026-11-20"),
    # The shapes of time limits: a last day moved back before an election, a filing on a day no one may file,
    # past the limit known so far while the other is not, days added after service by mail, 15 to 30 days of
    # conciliation before an election.
    (str(ROOT / "tests" / "jurisdictions" / "later-of.toml"),
     {"violation_date": "2026-03-02", "election_date": "2028-03-07"}, "2028-03-01"),
    (str(ROOT / "tests" / "jurisdictions" / "later-of.toml"),
     {"violation_date": "2026-03-02", "election_date": "2028-03-07", "received": "2028-03-03"}, "2028-03-01"),
    (str(ROOT / "tests" / "jurisdictions" / "later-of.toml"),
     {"violation_date": "2026-03-02", "received": "2028-05-01"}, "2028-05-02"),
    (str(ROOT / "tests" / "jurisdictions" / "federal-style.toml"),
     {"received": "2026-04-01", "served_by_mail": True, "events": {"notification": "2026-04-06"}}, "2026-04-24"),
    (str(ROOT / "tests" / "jurisdictions" / "federal-style.toml"),
     {"received": "2026-04-01", "election_date": "2026-10-06", "events": {"probable-cause": "2026-09-01"}},
     "2026-09-20"),
    # What the law gives, as statutes write it: a period ending at 4:30 p.m., a notarization missing, a petition after
    # a dismissal, duties with no period, a Saturday moved only under a reading, a recorded later stage.
    ("hawaii-election-contest", {"election_date": "2028-11-07", "complainant_role": "candidate"}, "2028-11-20"),
    (SHAPES, {"election_date": "2026-11-03", "received": "2026-11-10", "complainant_role": "candidate"}, "2026-11-12"),
    (SHAPES, {"election_date": "2026-11-03", "received": "2026-11-10", "complainant_role": "candidate",
              "events": {"dismissal": "2027-01-12"}}, "2027-02-01"),
    (SHAPES, {"election_date": "2027-06-06", "complainant_role": "candidate"}, "2027-06-26"),
    ("fec", {"violation_date": "2026-01-05", "received": "2026-02-02",
             "contents": ["in-writing", "signed-sworn", "penalty-of-perjury"]}, "2026-02-10"),
    ("bethel-ethics", {"violation_date": "2026-11-05", "received": "2026-11-20"}, "2026-11-23"),
    ("hawaii-ethics", {"received": "2030-04-01", "events": {"charge-served": "2030-05-06"}}, "2030-05-27"),
    ("fec", {"received": "2026-02-02", "events": {"probable-cause": "2026-12-01"}}, "2026-12-02"),
    # Issue 39: a planned day on time only under a reading, ten days before the safe date; the respondent of an
    # Illinois complaint received Mon 2 Aug 2027, on Fri 6 Aug, with the ruling on sufficiency due Wed 11 Aug.
    ("fort-collins", {"violation_date": "2027-10-12", "received": "2027-12-14", "complainant_role": "candidate"},
     "2027-11-30"),
    ("illinois-model-ethics", {"received": "2027-08-02"}, "2027-08-06"),
]


def jurisdiction(name):
    if name not in LOADED:
        LOADED[name] = load_jurisdiction(name)
    return LOADED[name]


def drawn_states(name: str, n: int, seed) -> list[tuple[dict, date | None, str]]:
    """(facts, today, language): plausible facts, and today on each side of the dates that matter."""
    j, rng = jurisdiction(name), random.Random(f"{seed}:{name}")
    states = []
    while len(states) < n:
        facts, _ = drawn_facts(j, rng)
        if rng.random() < 0.3 and facts.get("received"):  # a day the person plans to file
            facts = {**facts}
            today = date.fromisoformat(facts["received"]) - timedelta(days=rng.randint(1, 40))
        else:
            try:
                plain = assess(j, facts)
            except InputError:
                continue
            days = [day for d in plain.deadlines.values() for day in (d.safe, d.due, d.certain) if day]
            if days and rng.random() < 0.9:
                today = rng.choice(days) + timedelta(days=rng.choice([-1, 0, 0, 1, 2]))
            else:
                today = None if rng.random() < 0.3 else j.supported_from + timedelta(days=rng.randint(0, 900))
        states.append((facts, today, "es" if rng.random() < 0.25 else "en"))
    return states


def states_of(name: str) -> list[tuple[dict, date | None, str]]:
    found = [(f, date.fromisoformat(t), "en") for n, f, t in FINDINGS if n == name]
    found += [(f, date.fromisoformat(t), "es") for n, f, t in FINDINGS if n == name]
    return found + drawn_states(name, STATES, SEED)


# --- the properties -----------------------------------------------------------------------------------------

def violations(name: str, facts: dict, today: date | None, lang: str) -> list[tuple[str, str]]:
    """Every property a state breaks, as (property, what)."""
    j = jurisdiction(name)
    try:
        a = assess(j, facts, lang, today)
    except InputError:
        return []
    found = []
    s, g, answers = a.situation, a.guidance, a.answers
    calendar = s.j.calendar

    def fail(prop, what):
        found.append((prop, what))

    # green
    for person, answer in answers.items():
        if answer.status != "certain" or answer.day is None or answer.rule not in a.deadlines:
            continue
        d = a.deadlines[answer.rule]
        if d.certain and answer.day > d.certain:
            fail("green", f"{person}: {answer.day} is after the day that holds under every reading, {d.certain}")
        until = calendar.open_until(answer.day) if calendar.covers(answer.day) else ""
        if not answer.moment and until != "" and not (until and until == d.safe_until):
            fail("green", f"{person}: {answer.day} is not surely open")
        if answer.asks:
            fail("green", f"{person}: green while asking for {answer.asks}")
        if person == "complainant" and a.filing.planned and d.safe and a.filing.received > d.safe:
            fail("green", f"a planned day {a.filing.received} after the safe date {d.safe} is green")
        if person == "clerk":
            earlier = [u.id for u in g.of("clerk") if u.conditional and u.day and u.sure in (IF,) and u.day < answer.day]
            if earlier:
                fail("green", f"clerk: a duty under a condition comes earlier: {earlier}")

    # today
    for u in g.duties.values():
        if today and u.day and u.day < today and u.sure not in (PASSED, DONE):
            fail("today", f"{u.id}: {u.day} is before today and shown as {u.sure}")
        if u.where in (BETWEEN, ON_LAST) and u.sure in (RELIES, IF) and u.day != u.deadline.due:
            fail("today", f"{u.id}: its safe date passed, but the day shown is {u.day}, not the last day")
    for person, answer in answers.items():
        u = g.duties.get(answer.rule)
        if u is None or u.where not in (BETWEEN, ON_LAST) or u.sure not in (RELIES, IF) or answer.status != "relies":
            continue
        if person == "complainant" and a.filing.received and not a.filing.planned:
            continue  # the answer is about the day it was received, not about today
        reasons = readings(s.j, u.deadline, lang) or ""
        if day_words(u.deadline.due, lang) not in answer.sentence:
            fail("today", f"{person}: the latest day still possible is not named")
        if not u.open_only and reasons and reasons not in answer.sentence:
            fail("today", f"{person}: what the latest day relies on is not said")

    # overdue
    clerk = answers["clerk"].sentence
    owed = [u for u in g.of("clerk") if u.sure == PASSED and (not on_a_condition(u.deadline) or u.deadline.applies == "yes")]
    nxt = [u for u in g.of("clerk") if u.sure in (CERTAIN, RELIES)]
    for u in owed:
        words = task(u.rule, lang)
        if words not in clerk:
            fail("overdue", f"the clerk is not told of {u.id}, past its last day")
        elif nxt and task(nxt[0].rule, lang) in clerk and clerk.index(words) > clerk.index(task(nxt[0].rule, lang)):
            fail("overdue", f"{u.id} comes after the next duty")

    # condition
    for u in g.duties.values():
        if on_a_condition(u.deadline) and u.sure == CERTAIN:
            fail("condition", f"{u.id} exists only on a condition but is certain")
    for person in ("respondent", "clerk"):
        u = g.duties.get(answers[person].rule)
        if u and u.conditional and u.sure in (IF,) and answers[person].sentence.find(task(u.rule, lang)) >= 0:
            clause = condition_words(s, u, lang)
            if clause and clause not in answers[person].sentence:
                fail("condition", f"{person}: the answer leads with {u.id} without its condition")

    # hours, reminders, agree (the office's desk and calendar file)
    found_desk = desk(j, [Complaint("c1", "C-1", facts)], lang, today)
    rows = {r.deadline.id: r for r in found_desk.rows}
    for u in g.duties.values():
        if not u.moment or u.sure == DONE:
            continue
        if answers["clerk"].rule == u.id and moment_in_text(u.moment, lang) not in clerk:
            fail("hours", f"clerk: {u.id} is named without its time")
        if u.id in rows:
            from core.desk import row_json
            if format_moment(u.moment, lang) != row_json(rows[u.id], found_desk.assessments["c1"])["display"]:
                fail("hours", f"desk: {u.id} is shown without its time")
    text = calendar_file(a, "clerk", STAMP, reminders=Reminders((3, 1, 0), "09:00")).replace("\r\n ", "")
    for u in dated_entries(a, "clerk"):
        event = text.split(f"UID:{uid(s.j.id, complaint_key(a), u.id)}")[1].split("END:VEVENT")[0]
        if u.moment and f"DTSTART;TZID={s.j.timezone}:{u.moment:%Y%m%dT%H%M%S}" not in event:
            fail("hours", f"calendar: {u.id} has no time")
        for line in event.split("\r\n"):
            if not line.startswith("TRIGGER;VALUE=DATE-TIME:"):
                continue
            moment = datetime.strptime(line.split(":", 1)[1], "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc)
            day = moment.astimezone(s.zone).date()
            if u.starts and day < u.starts:
                fail("reminders", f"{u.id}: a reminder on {day}, before its count starts on {u.starts}")
            if day > u.day:
                fail("reminders", f"{u.id}: a reminder on {day}, after its day {u.day}")
            if calendar.covers(day) and not calendar.is_business_day(day):
                fail("reminders", f"{u.id}: a reminder on {day}, a day the office is or may be closed")
            if u.moment and moment >= u.moment:
                fail("reminders", f"{u.id}: a reminder at or after its moment")
    answer = answers["clerk"]
    if answer.rule in rows and answer.status in ("certain", "relies", "late"):
        row = rows[answer.rule]
        if row.day != answer.day:
            fail("agree", f"{answer.rule}: the desk shows {row.day}, the answer {answer.day}")
        expected = {"certain": (CERTAIN, "safe"), "relies": (RELIES,), "late": (PASSED,)}[answer.status]
        from core.desk import certainty_of
        if certainty_of(row.duty) not in expected:
            fail("agree", f"{answer.rule}: the desk says {certainty_of(row.duty)}, the answer {answer.status}")

    # hours, from the rule: a count in hours, or one that ends its last day at a time, gives the duty its moment
    for u in g.duties.values():
        d = u.deadline
        if u.sure == DONE or u.day is None or d.chosen is None or not d.due:
            continue
        count = d.rule.counts[d.chosen]
        if count.period.unit != "hours" and not (count.ends_at and not d.ended_early):
            continue
        if u.moment is None:
            fail("hours", f"{u.id}: its rule sets a time, but the duty has no moment")
        elif u.moment.date() != u.day or (count.ends_at and u.moment.strftime("%H:%M") > count.ends_at):
            fail("hours", f"{u.id}: the moment {u.moment} is not on its day {u.day}, by {count.ends_at}")

    # done: from the facts, not the model: the duty's own act recorded, or an event of a later stage
    happened = {e: as_day(v) for e, v in s.facts.events.items() if today is None or as_day(v) <= today}
    stages = Stages.of(s.j)
    for u in g.duties.values():
        mine = stages.of_rule.get(u.id)
        acted = u.rule.done_when in happened
        later = mine is not None and any(stages.later(e, mine) for e in happened)
        if (acted or later) and u.sure != DONE:
            fail("done", f"{u.id}: its act or a later stage is recorded, but it is shown as {u.sure}")
        if u.sure == DONE:
            for person, answer in answers.items():
                if answer.rule == u.id and answer.status in ("certain", "relies", "late") and not (
                        person == "complainant" and a.filing.received):  # on time or not: about the day received
                    fail("done", f"{person}: leads with {u.id}, which is done, as {answer.status}")

    # defect
    missing = a.contents.missing or ()
    if missing and answers["complainant"].status != "barred":  # one who may not file is told so, and only that
        complainant = answers["complainant"]
        if complainant.status == "certain":
            fail("defect", f"green while the complaint lacks {list(missing)}")
        labels = {item.id: item.label for item in s.j.contents}
        for item in missing:
            if labels[item] not in complainant.sentence:
                fail("defect", f"the answer does not name the missing “{labels[item]}”")

    # steps
    f = a.filing
    filed = f.received and not f.planned and f.status == "timely"
    live = [u for u in g.of("complainant") if u.rule.kind != "filing" and u.deadline.due
            and u.sure in (CERTAIN, RELIES, IF)]
    if filed and live and answers["complainant"].status != "barred" and \
            task(live[0].rule, lang) not in answers["complainant"].sentence:
        fail("steps", f"complainant: the next step, {live[0].id}, is not named")
    for rule_id in s.j.rule_ids():
        rule = s.in_force(rule_id).rule
        if rule is None or not rule.upon or s.applies(rule) == "no":
            continue
        value = happened.get(rule.upon) if s.j.event(rule.upon) else s.facts.get(rule.upon)
        came = value is not None and (today is None or as_day(value) <= today)
        mine = stages.of_rule.get(rule_id)
        behind = mine is not None and any(stages.later(e, mine) for e in happened)
        if rule.done_when in happened:
            continue  # its act is recorded: done
        for person in people(s.sides, rule.actor, ()).acts:
            if person == "clerk" and rule.kind == "option":
                continue  # what an official may do is not the office's to act on
            if came and not behind and task(rule, lang) not in answers[person].sentence:
                fail("steps", f"{person}: {rule_id}, owed with no period since {rule.upon}, is not named")

    # late: never before the last day the procedure's own counting gives
    d = f.deadline
    if answers["complainant"].status == "late" and d and d.due and not f.no_limit:
        day = f.received or today
        closed = d.closed and f.received and d.closed[0] <= f.received <= d.closed[1]
        if day is not None and day <= d.due and not closed and not (d.no_later_than and day > d.no_later_than):
            fail("late", f"complainant: late on {day}, though the last day is {d.due}")
    for u in g.duties.values():
        last = u.deadline.due or u.deadline.no_later_than
        if u.sure == PASSED and today and last and today <= last:
            fail("late", f"{u.id}: passed on {today}, though its last day is {last}")

    # tense: a date after today is never in the past tense, in what each person reads or in the filing's card
    if today:
        texts = [t for answer in answers.values() for t in (answer.sentence, answer.detail) if t]
        if f.planned and f.certainty == "relies":
            texts.append(report_json._filing(a).get("warning") or "")
        later = {day for dl in a.deadlines.values() for day in (dl.safe, dl.due, dl.certain, dl.nominal)
                 if day and day > today}
        for day in later:
            words = day_in_text(day, lang)
            past = ([f"was {words}", f"{words}, has passed", f"{words} has passed"] if lang == "en" else
                    [f"fue {words}", f"era {words}", f"{words}, ya pasó"])
            for text in texts:
                if any(p in text for p in past):
                    fail("tense", f"{day}, after today {today}, is in the past tense: {text}")

    # plan: a planned day after the last day, which has not passed, is too late, with a day to file by from today
    u = g.duties.get(f.rule)
    complainant = answers["complainant"]
    too_late = f.planned and f.plan == "late" and u is not None and u.where != AFTER and complainant.status == "late"
    if too_late:
        by = u.day
        if not complainant.plan_late:
            fail("plan", "a planned day after the last day is not said to be too late")
        if by is None or by < today or day_in_text(by, lang) not in complainant.sentence:
            fail("plan", f"a planned day too late names no day to file by from today ({by})")
    elif complainant.plan_late:
        fail("plan", "an answer says a planned day is too late, though it is not, or a last day has passed")

    # next: a respondent with nothing due reads the procedure's next dated step that concerns them
    respondent = answers["respondent"]
    coming = sorted((u for u in g.duties.values() if "respondent" in u.concerns and "respondent" not in u.acts
                     and u.rule.kind != "filing" and u.day and u.sure in (CERTAIN, RELIES)
                     and not any(c.anchor == "violation_date" for c in u.rule.counts)
                     and not (today and u.starts and u.starts > today)), key=lambda u: u.day)
    nothing_due = respondent.status == "nothing" or respondent.sentence.startswith(say("answer_undated_lead", lang))
    if coming and nothing_due:
        said = " ".join(t for t in (respondent.sentence, respondent.detail) if t)
        first = [u for u in coming if u.day == coming[0].day]
        if not any(task(u.rule, lang) in said for u in first):
            fail("next", f"respondent: nothing due, and the next step, {coming[0].id}, is not named")

    # announce
    kinds = {(c.kind, c.rule) for c in a.conflicts}
    for d in a.deadlines.values():
        event = s.facts.events.get(d.rule.announces) if d.rule.announces else None
        if event is not None and d.due and (d.due_at.date() if d.due_at else d.due) >= \
                (event.date() if isinstance(event, datetime) else event):
            if ("announce-late", d.id) not in kinds:
                fail("announce", f"{d.id} is due on or after the event it announces, unflagged")
    return found


def day_words(day: date, lang: str) -> str:
    """A date as any sentence writes it, without the weekday and its article: 'November 24, 2028'."""
    return format_day(day, lang).split(", ", 1)[1]


def condition_words(s, u, lang: str) -> str:
    from core.describing import condition_clause
    return condition_clause(s.j, u.rule, lang) or ""


def on_a_condition(d) -> bool:
    """The property's own reading of "exists only on a condition": a fact not given decides it, or the rule states
    a condition in words and no fact settles it."""
    return d.applies == "unknown" or bool(d.rule.condition and not (d.rule.applies_when or d.rule.applies_unless))


# --- every state -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", PROCEDURES, ids=lambda n: Path(n).stem)
def test_every_property_holds_in_every_drawn_state(name):
    broken = []
    for facts, today, lang in states_of(name):
        for prop, what in violations(name, facts, today, lang):
            broken.append(f"{prop}: {what} — replay: {name} {facts} today={today} lang={lang}")
    assert not broken, f"{len(broken)} broken (seed {SEED}):\n" + "\n".join(broken[:10])


# --- each property catches a mutation of the code that keeps it ------------------------------------------------

def _plan_always_green(monkeypatch):
    import core.answers as answers
    real = answers._plan
    monkeypatch.setattr(answers, "_plan", lambda ctx, f, u: (real(ctx, f, u)[0], "certain"))


def _safe_date_kept_after_it_passed(monkeypatch):
    import core.guidance as guidance
    real = guidance.stake

    def stale(d, today):
        sure, day, where = real(d, today)
        return (sure, d.safe, where) if where in (guidance.BETWEEN, guidance.ON_LAST) else (sure, day, where)
    monkeypatch.setattr(guidance, "stake", stale)


def _overdue_left_out(monkeypatch):
    import core.answers as answers
    monkeypatch.setattr(answers, "PASSED", "no duty is ever this")


def _own_condition_ignored(monkeypatch):
    import core.guidance as guidance
    monkeypatch.setattr(guidance, "is_conditional", lambda d: d.applies == "unknown")


def _time_dropped(monkeypatch):
    import core.answers as answers
    monkeypatch.setattr(answers.Asking, "at", lambda self, u: u.day)


def _reminders_from_the_safe_date_alone(monkeypatch):
    import core.ics as ics
    from dataclasses import replace
    real = ics.reminder_days
    monkeypatch.setattr(ics, "reminder_days", lambda calendar, duty, days: real(calendar, replace(duty, starts=None), days))


def _desk_on_the_safe_date(monkeypatch):
    import core.desk as desk_module
    from dataclasses import replace
    real = desk_module.DeskRow.__init__

    def init(self, complaint, duty, status, kept):
        if duty.deadline.safe and duty.sure in (CERTAIN, RELIES):
            duty = replace(duty, day=duty.deadline.safe)
        real(self, complaint, duty, status, kept)
    monkeypatch.setattr(desk_module.DeskRow, "__init__", init)


def _announce_unchecked(monkeypatch):
    import core.conflicts as conflicts
    real = conflicts.find_conflicts

    def without(situation, deadlines):
        found, warnings = real(situation, deadlines)
        return [c for c in found if c.kind != "announce-late"], warnings
    monkeypatch.setattr(conflicts, "find_conflicts", without)
    import core.report as report
    monkeypatch.setattr(report, "find_conflicts", without)


def _ends_at_dropped(monkeypatch):
    import core.guidance as guidance
    import core.report as report
    from dataclasses import replace
    real = guidance.guidance

    def without(s, deadlines, done=None, conflicts=()):
        return real(s, {k: replace(d, ends_at="", due_at=None) if d.ends_at else d for k, d in deadlines.items()},
                    done, conflicts)
    monkeypatch.setattr(report, "guidance", without)


def _nothing_retired(monkeypatch):
    import core.guidance as guidance
    monkeypatch.setattr(guidance, "retirement", lambda s, stages, d, done: None)


def _defects_unsaid(monkeypatch):
    import core.answers as answers
    monkeypatch.setattr(answers, "_with_defects", lambda ctx, answer: answer)


def _steps_unsaid(monkeypatch):
    import core.answers as answers
    monkeypatch.setattr(answers, "_with_undated", lambda ctx, answer, person: answer)


def _late_on_the_last_day(monkeypatch):
    import core.guidance as guidance
    real = guidance.position
    monkeypatch.setattr(guidance, "position", lambda today, safe, due: (
        guidance.AFTER if real(today, safe, due) == guidance.ON_LAST else real(today, safe, due)))


def _safe_date_always_past(monkeypatch):
    monkeypatch.setattr(report_json, "_relies_key", lambda a: "assume_extension_needed")


def _plan_too_late_without_a_day(monkeypatch):
    import core.answers as answers
    real = answers._with_plan
    monkeypatch.setattr(answers, "_with_plan", lambda ctx, f, lead, plan: (
        "Your planned day is too late." if f.plan == "late" else real(ctx, f, lead, plan)))


def _next_step_unsaid(monkeypatch):
    import core.answers as answers
    monkeypatch.setattr(answers, "_with_next_of_others", lambda ctx, answer: answer)


MUTATIONS = {
    "green": _plan_always_green,
    "today": _safe_date_kept_after_it_passed,
    "overdue": _overdue_left_out,
    "condition": _own_condition_ignored,
    "hours": _time_dropped,
    "reminders": _reminders_from_the_safe_date_alone,
    "agree": _desk_on_the_safe_date,
    "announce": _announce_unchecked,
    "done": _nothing_retired,
    "defect": _defects_unsaid,
    "steps": _steps_unsaid,
    "late": _late_on_the_last_day,
    "tense": _safe_date_always_past,
    "plan": _plan_too_late_without_a_day,
    "next": _next_step_unsaid,
}
# A second mutation of a property: "hours" catches the time dropped from the sentence, and from the model.
MORE_MUTATIONS = {"hours, from the rule": ("hours", _ends_at_dropped)}


@pytest.mark.parametrize("prop", [*MUTATIONS, *MORE_MUTATIONS])
def test_each_property_catches_its_mutation(prop, monkeypatch):
    prop, mutation = MORE_MUTATIONS.get(prop, (prop, MUTATIONS.get(prop)))
    mutation(monkeypatch)
    caught = [(name, f, t) for name, f, t in FINDINGS
              if any(p == prop for p, _ in violations(name, f, date.fromisoformat(t), "en"))]
    if not caught:  # a few drawn states as well, for properties no finding reaches
        caught = [(name, f, t) for name in PROCEDURES[:2] for f, t, lang in drawn_states(name, 60, "mutation")
                  if any(p == prop for p, _ in violations(name, f, t, lang))]
    assert caught, f"the mutation of “{prop}” went unnoticed"


def test_the_properties_hold_for_the_findings_without_a_mutation():
    for name, facts, today in FINDINGS:
        for lang in ("en", "es"):
            assert violations(name, facts, date.fromisoformat(today), lang) == [], (name, facts, today, lang)
