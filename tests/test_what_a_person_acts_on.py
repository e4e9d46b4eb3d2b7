"""Issue 27's findings, one test each: what a person acts on (the answer's status and words, the clerk's next duty,
the desk's row, the calendar's day and reminders) in the states the table of answers did not list. Every expected
value is worked out by hand from the ordinance and a calendar, with the count beside it; each test failed on the
main branch before the guidance model (d2351a9).

Fort Collins § 7-145 counts in the City's calendar (Colorado legal holidays; the day after Thanksgiving, the Friday
before a Saturday holiday, and Christmas Eve and New Year's Eve from noon are possible closures, not confirmed);
C.R.S. § 2-4-108 would move a last day off a weekend or holiday, but whether it governs the home-rule City is not
confirmed. Illinois counts in the State's calendar; no Illinois law moves a period past an office closure that is
not a legal holiday (5 ILCS 70/1.11 covers weekends and holidays only, and is itself assumed here).
"""

from datetime import date, datetime, timezone
from pathlib import Path

import icalendar
import pytest

from core import evaluate, load_jurisdiction
from core.desk import Complaint, desk, desk_calendar, desk_json
from core.ics import Reminders, calendar_file
from core.report import assess

ROOT = Path(__file__).resolve().parent.parent
FC = load_jurisdiction("fort-collins")
IL = load_jurisdiction("illinois-model-ethics")
CURE = load_jurisdiction(str(ROOT / "tests" / "jurisdictions" / "cure-then-hearing.toml"))
STAMP = datetime(2027, 11, 29, 17, tzinfo=timezone.utc)


def answer(j, facts, today, person, lang="en"):
    return evaluate(j, facts, lang, date.fromisoformat(today))["answers"][person]


def complaint(facts, ident="c1", label="EC-1", **more):
    return Complaint.read({"id": ident, "label": label, "facts": facts, **more})


def events(text):
    return icalendar.Calendar.from_ical(text).walk("VEVENT")


# --- an unsafe plan is not painted green ----------------------------------------------------------------------

def test_a_planned_day_that_holds_only_under_the_extension_is_amber():
    # Violation Tue 12 Oct 2027: Oct 13 is day 1, Oct 31 day 19, Nov 30 day 49, Sat 11 Dec day 60. The safe date is
    # Fri 10 Dec; only § 2-4-108 (not confirmed) carries the last day to Mon 13 Dec, the day the person plans.
    a = answer(FC, {"violation_date": "2027-10-12", "received": "2027-12-13", "complainant_role": "candidate"},
               "2027-11-30", "complainant")
    assert (a["status"], a["date"]) == ("relies", "2027-12-10")
    assert a["sentence"] == ("File by Friday, December 10, 2027. The day you plan, Monday, December 13, 2027, is on "
                             "time only if the weekend and holiday extension (C.R.S. § 2-4-108) applies.")


# --- a last day nothing extends ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, sentence", [
    ("en", "Today, Friday, November 24, 2028, is the last day to file, and it holds only if the office is open today "
           "(Day after Thanksgiving): no law moves it past a closure. The safe date, Wednesday, November 22, 2028, has "
           "passed."),
    ("es", "Hoy, el viernes 24 de noviembre de 2028, es el último día para presentar la queja, y vale solo si la "
           "oficina abre hoy (Día siguiente a Acción de Gracias): ninguna ley lo prorroga por un cierre. La fecha "
           "segura, el miércoles 22 de noviembre de 2028, ya pasó."),
])
def test_a_last_day_no_closure_extends_is_the_last_day_not_a_maybe(lang, sentence):
    # Violation Wed 24 Nov 2027: one year later is Fri 24 Nov 2028, the day after Thanksgiving (Thu 23 Nov 2028), a
    # possible closure. Nothing carries the period past it, so it is the last day whether or not the office opens;
    # the safe date is Wed 22 Nov (Thu 23 is Thanksgiving).
    a = answer(IL, {"violation_date": "2027-11-24"}, "2028-11-24", "complainant", lang)
    assert (a["status"], a["date"], a["sentence"]) == ("relies", "2028-11-24", sentence)


# --- a day certain until noon ---------------------------------------------------------------------------------

def test_a_day_that_is_certain_until_noon_says_file_today_before_noon_and_where():
    # Violation Thu 1 Nov 2029: Nov 2 is day 1, Nov 30 day 29, Mon 31 Dec day 60, New Year's Eve, when City offices
    # may close at noon. Open that morning either way, and inside the period under every reading (the extension, if
    # it applies, would only carry it to Wed 2 Jan 2030): the safe date is Mon 31 Dec, before 12:00 p.m.
    report = evaluate(FC, {"violation_date": "2029-11-01", "complainant_role": "candidate"}, "en", date(2029, 12, 31))
    a = report["answers"]["complainant"]
    assert (a["status"], a["date"]) == ("certain", "2029-12-31")
    assert a["sentence"] == ("File today, Monday, December 31, 2029, before 12:00 p.m.: it is the last day that holds "
                             "under every reading.")
    assert report["filing"]["in_person"] == ("In person, that means before 12:00 p.m. on Monday, December 31, 2029, at "
                                             "the City Clerk's Office, 300 LaPorte Avenue, Fort Collins, Colorado.")
    assert (report["filing"]["safe_until"], report["filing"]["safe_until_display"]) == ("12:00", "before 12:00 p.m.")


# --- the clerk's overdue duty comes first --------------------------------------------------------------------

def test_the_clerks_answer_names_a_passed_duty_before_the_next():
    # Received Mon 22 Nov 2027. (B) three business days: Tue 23 (1), Wed 24 (2), Thu 25 is Thanksgiving, Fri 26 (3):
    # passed by Mon 29. (C)(1) seven business days: Fri 26 (3), Mon 29 (4), Tue 30 (5), Wed 1 (6), Thu 2 Dec (7).
    a = answer(IL, {"received": "2027-11-22", "respondent_is_candidate": False}, "2027-11-29", "clerk")
    assert (a["status"], a["rule"], a["date"]) == ("late", "notice-to-parties", "2027-11-26")
    assert a["sentence"].startswith(
        "Past its last day: to send the notice to the respondent and the confirmation to the complainant, due by "
        "Friday, November 26, 2027; if it has not been done, it is late. Next: to notify both parties of its ruling on "
        "sufficiency and probable cause by Thursday, December 2, 2027.")
    row = next(r for r in desk_json(IL, [complaint({"received": "2027-11-22", "respondent_is_candidate": False})], "en",
                                    date(2027, 11, 29))["rows"] if r["duty"] == "notice-to-parties")
    assert (row["status"], row["date"]) == ("overdue", "2027-11-26")


# --- an hour-counted duty keeps its hour ------------------------------------------------------------------------

def test_an_hour_counted_duty_carries_its_time_in_the_answer_the_desk_and_the_calendar():
    # The meeting Mon 6 Dec 2027 10:00 CST; 48 elapsed hours before it is Sat 4 Dec 10:00 CST (no clock change).
    facts = {"events": {"meeting": "2027-12-06T10:00"}}
    a = answer(IL, facts, "2027-12-01", "clerk")
    assert a["sentence"] == ("The office owes one thing: to give 48 hours' public notice of the meeting by 10:00 a.m. "
                             "CST, Saturday, December 4, 2027.")
    row = desk_json(IL, [complaint(facts)], "en", date(2027, 12, 1))["rows"][0]
    assert (row["duty"], row["display"], row["due_at"]) == ("meeting-notice", "10:00 a.m. CST, Saturday, December 4, "
                                                            "2027", "2027-12-04T10:00-06:00")
    event = events(calendar_file(assess(IL, facts, "en", date(2027, 12, 1)), "clerk", STAMP))[0]
    assert event.decoded("DTSTART").isoformat() == "2027-12-04T10:00:00-06:00"


# --- a duty that exists only on a condition ---------------------------------------------------------------------

def test_a_duty_under_a_condition_no_fact_settles_is_never_certain():
    # Notice served Mon 12 Oct 2026; cure: 30 days to Wed 11 Nov, Veterans Day (§ 2-4-108, assumed, to Thu 12).
    # Hearing: 30 days from the cure period's end, Thu 12 Nov to Sat 12 Dec (to Mon 14 Dec, assumed); from its
    # earliest end, Wed 11 Nov, to Fri 11 Dec: the safe date. It is owed only if the violation is not cured.
    facts = {"received": "2026-10-01", "events": {"notice": "2026-10-12"}}
    a = answer(CURE, facts, "2026-11-20", "clerk")
    assert (a["status"], a["date"]) == ("waiting", "2026-12-11")
    assert a["sentence"] == "If the violation is not cured, the office must hold the hearing by Friday, December 11, 2026."
    row = desk_json(CURE, [complaint(facts)], "en", date(2026, 11, 20))["rows"][0]
    assert (row["certainty"], row["date"]) == ("if", "2026-12-11")
    assert row["certainty_text"].startswith("Only if the violation is not cured.")


# --- a notice due after the event it announces --------------------------------------------------------------------

def test_a_notice_due_after_the_meeting_it_must_announce_is_flagged():
    # Received Mon 22 Nov 2027: (B) Tue 23 (1), Wed 24 (2), Fri 26 (3). The notices must give the meeting's date,
    # time and place; the meeting is Wed 24 Nov 10:00, before their last day.
    facts = {"received": "2027-11-22", "events": {"meeting": "2027-11-24T10:00"}}
    report = evaluate(IL, facts, "en", date(2027, 11, 23))
    assert [(c["kind"], c["rule"], c["date"], c["limit"]) for c in report["conflicts"]] == [
        ("announce-late", "notice-to-parties", "2027-11-24", "2027-11-26")]
    flag = ("The notice must give the date of “Meeting on sufficiency and probable cause”, Wednesday, November 24, "
            "2027, but its last day, Friday, November 26, 2027, is not before that date: send it before then.")
    assert flag in report["answers"]["clerk"]["sentence"]
    assert flag in next(d for d in report["deadlines"] if d["id"] == "notice-to-parties")["warnings"]


# --- the desk on the day at stake ----------------------------------------------------------------------------------

def test_the_desk_lists_prints_and_calendars_the_day_still_at_stake():
    # Received Mon 22 Nov 2027, three working days: Tue 23 (1), Wed 24 (2), Thu 25 Thanksgiving, Fri 26 (3) if the
    # City opens (safe date Wed 24, the last day surely open), else Mon 29 (3). On Mon 29 the safe date has passed, and
    # today may be the last day: the row, the week and the calendar are on Mon 29.
    found = desk(FC, [complaint({"received": "2027-11-22"})], "en", date(2027, 11, 29))
    row = found.rows[0]
    assert (row.deadline.id, row.day, row.status) == ("preliminary-review-notice", date(2027, 11, 29), "this_week")
    text, count = desk_calendar(FC, found, "en", STAMP, Reminders())
    event = events(text)[0]
    assert (count, event.decoded("DTSTART")) == (1, date(2027, 11, 29))
    # Reminders 1 and 3 business days before Mon 29, keeping off Fri 26 (may be closed) and Thu 25 (Thanksgiving):
    # Wed 24, and Wed 24 (1), Tue 23 (2), Mon 22 (3). Mon 22 is the day it was received: not before it. 09:00 MST.
    assert [a.decoded("TRIGGER") for a in event.walk("VALARM")] == [
        datetime(2027, 11, 22, 16, tzinfo=timezone.utc), datetime(2027, 11, 24, 16, tzinfo=timezone.utc)]


def test_no_reminder_comes_before_the_complaint_arrived():
    # The first reminder was Fri 19 Nov 2027, three business days before the safe date Wed 24 Nov, for a
    # complaint received Mon 22 Nov. As of Mon 22: Wed 24 is the day; one business day before is Tue 23; three before
    # is Fri 19, before the complaint, so that reminder is on Mon 22.
    found = desk(FC, [complaint({"received": "2027-11-22"})], "en", date(2027, 11, 22))
    event = events(desk_calendar(FC, found, "en", STAMP, Reminders())[0])[0]
    assert event.decoded("DTSTART") == date(2027, 11, 24)
    assert [a.decoded("TRIGGER") for a in event.walk("VALARM")] == [
        datetime(2027, 11, 22, 16, tzinfo=timezone.utc), datetime(2027, 11, 23, 16, tzinfo=timezone.utc)]


# --- later steps retire earlier duties; the office marks a duty done; a complaint's standing -------------------

def test_a_later_step_recorded_retires_the_earlier_duty_everywhere():
    # Forwarded to the respondent Wed 24 Nov and an investigation begun Fri 26 Nov 2027: the preliminary review is
    # behind the complaint, so its notice is no longer owed on Mon 29.
    facts = {"received": "2027-11-22", "events": {"complaint-forwarded": "2027-11-24",
                                                  "investigation-notice": "2027-11-26"}}
    found = desk(FC, [complaint(facts)], "en", date(2027, 11, 29))
    notice = next(r for r in found.rows if r.deadline.id == "preliminary-review-notice")
    assert notice.status == "done"
    text, count = desk_calendar(FC, found, "en", STAMP, Reminders())
    assert "preliminary-review-notice" not in (text or "")
    clerk = answer(FC, facts, "2027-11-29", "clerk")
    assert (clerk["status"], clerk["sentence"]) == ("nothing", "Nothing dated is due from the office now: its duties "
                                                    "counted so far are done, or behind it now that a later step is "
                                                    "recorded.")


def test_an_illinois_decision_already_issued_is_no_longer_owed():
    # Hearing concluded Wed 1 Dec 2027; (E) 30 days: Fri 31 Dec. A recommendation was issued Fri 10 Dec: the
    # decision is behind the complaint by Wed 15 Dec, and the clerk is not told to make it.
    facts = {"received": "2027-11-01", "events": {"hearing": "2027-11-29T10:00", "hearing-concluded": "2027-12-01",
                                                  "recommendation-issued": "2027-12-10"}}
    clerk = answer(IL, facts, "2027-12-15", "clerk")
    assert "dismiss the complaint, or recommend discipline or a fine" not in clerk["sentence"]


def test_the_office_marks_a_duty_done_and_a_closed_complaint_owes_nothing():
    facts = {"received": "2027-11-22"}
    done = desk_json(FC, [complaint(facts, done={"preliminary-review-notice": "2027-11-23"})], "en", date(2027, 11, 29))
    assert [(r["duty"], r["status"], r["certainty_text"]) for r in done["rows"] if r["date"]] == [
        ("preliminary-review-notice", "done", "Marked done on Tuesday, November 23, 2027.")]
    closed = desk_json(FC, [complaint(facts, standing="dismissed")], "en", date(2027, 11, 29))
    # Its duties stay in sight, retired (issue 39): owed by no one, none can be marked, none goes in a calendar.
    assert [(r["duty"], r["status"], r["can_mark_done"]) for r in closed["rows"]] == [
        ("preliminary-review-notice", "retired", False)]
    assert closed["rows"][0]["certainty_text"] == "The complaint is dismissed on the desk: this duty is no longer owed."
    assert closed["counts"]["overdue"] == closed["counts"]["this_week"] == 0
    assert closed["complaints"][0]["sentence"] == "Dismissed: nothing more is owed on it."


def test_a_day_the_office_records_as_closed_is_confirmed_for_its_own_dates():
    # Received Mon 22 Nov 2027: if the office was closed Fri 26 Nov, the third working day is Mon 29, and that is no
    # longer a reading but the office's own record: the notice is due Mon 29, certain.
    from core.desk import OfficeDays
    found = desk_json(FC, [complaint({"received": "2027-11-22"})], "en", date(2027, 11, 29),
                      OfficeDays.read({"2027-11-26": "closed"}))
    row = found["rows"][0]
    assert (row["date"], row["due"], row["certainty"]) == ("2027-11-29", "2027-11-29", "certain")
    opened = desk_json(FC, [complaint({"received": "2027-11-22"})], "en", date(2027, 11, 29),
                       OfficeDays.read({"2027-11-26": "open"}))
    assert (opened["rows"][0]["date"], opened["rows"][0]["status"]) == ("2027-11-26", "overdue")
