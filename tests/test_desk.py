"""The office's desk in CPython (core/desk.py): which duties it lists, in what order, with what status as of a day,
what moved, the export it writes and the files it refuses, and its calendar read back with icalendar.

Expected dates are worked out by hand (see e2e/test_the_office_desk.py for the same complaints in the browser):

Fort Collins § 7-145 (preliminary review), "within three (3) working days of receipt":
    received Fri 2026-11-20: Mon 23 (1), Tue 24 (2), Wed 25 (3)   -> Wed 2026-11-25
    received Mon 2026-11-30: Tue Dec 1 (1), Wed 2 (2), Thu 3 (3)  -> Thu 2026-12-03
    received Tue 2026-12-01: Wed 2 (1), Thu 3 (2), Fri 4 (3)      -> Fri 2026-12-04
    received Tue 2026-11-24: Wed 25 (1), Thu 26 is Thanksgiving, Fri 27 (2) if the City is open that day (it
        closed in 2020), Mon 30 (3) -> safe date Mon 2026-11-30; if Fri 27 is closed, Tue Dec 1 is day 3.
Illinois (C)(1), "upon not less than 48 hours' public notice": a meeting at 10:00 a.m. Wed 2026-12-09 (CST)
    -> notice by 10:00 a.m. Mon 2026-12-07.
"""

import json
import tomllib
from dataclasses import replace
from datetime import date, datetime, timezone

from pathlib import Path

import icalendar
import pytest

from core.cases import desk_disagreements, run_cases
from core.desk import (MAX_COMPLAINTS, MAX_EXPORT_BYTES, MAX_NOTE, Complaint, DeskFileError, Kept, Malformed, Merged,
                       OfficeDays, desk, desk_calendar,
                       desk_json, export_document, merge, read_export)
from core.ics import Reminders
from core.json_api import Checker
from core.jurisdiction import load_jurisdiction, seed_ids
from core.report import evaluate

ROOT = Path(__file__).resolve().parent.parent
FC = load_jurisdiction("fort-collins")
IL = load_jurisdiction("illinois-model-ethics")
DEC_1 = date(2026, 12, 1)
STAMP = datetime(2026, 12, 1, 17, tzinfo=timezone.utc)


def fc(ident, label, received, **events):
    facts = {"violation_date": "2026-10-01", "received": received}
    if events:
        facts["events"] = {k.replace("_", "-"): v for k, v in events.items()}
    return Complaint.read({"id": ident, "label": label, "facts": facts, "added": "2026-12-01T17:00:00Z",
                           "changed": "2026-12-01T17:00:00Z"})


THREE = [fc("c3", "FC-C", "2026-12-01"), fc("c1", "FC-A", "2026-11-20"), fc("c2", "FC-B", "2026-11-30")]


def rows(found):
    return [(r.complaint.label, r.deadline.id, r.day.isoformat() if r.day else None, r.status) for r in found.rows]


def test_the_office_duties_of_three_complaints_in_date_order_then_what_waits():
    assert rows(desk(FC, THREE, "en", DEC_1)) == [
        ("FC-A", "preliminary-review-notice", "2026-11-25", "overdue"),
        ("FC-B", "preliminary-review-notice", "2026-12-03", "this_week"),
        ("FC-C", "preliminary-review-notice", "2026-12-04", "this_week"),
        ("FC-A", "additional-information", None, "waiting"),
        ("FC-B", "additional-information", None, "waiting"),
        ("FC-C", "additional-information", None, "waiting"),
    ]


@pytest.mark.parametrize("today, status", [
    # "This week" is the calendar week, Monday to Sunday: Thu Dec 3 is in the week of Mon Nov 30 - Sun Dec 6.
    (date(2026, 11, 30), "this_week"),  # Monday of that week
    (date(2026, 11, 29), "later"),      # Sunday before: its week is Mon Nov 23 - Sun Nov 29, Dec 3 is next week
    (date(2026, 11, 27), "later"),      # Fri Nov 27: six days before, but in the week before (a rolling week said this week)
    (date(2026, 12, 3), "this_week"),   # the day itself
    (date(2026, 12, 4), "overdue"),     # the day after the code's last day
])
def test_where_today_falls_decides_the_status(today, status):
    found = desk(FC, [fc("c2", "FC-B", "2026-11-30")], "en", today)
    assert found.rows[0].day == date(2026, 12, 3) and found.rows[0].status == status


def test_a_safe_date_before_the_codes_last_day_says_so_and_is_not_overdue_until_the_last_day():
    # Received Tue Nov 24: safe date Mon Nov 30; Tue Dec 1 only if the office closed on Fri Nov 27.
    found = desk_json(FC, [fc("c4", "FC-D", "2026-11-24")], "en", date(2026, 11, 30))
    row = found["rows"][0]
    assert (row["date"], row["due"], row["certainty"], row["status"]) == ("2026-11-30", "2026-12-01", "safe",
                                                                          "this_week")
    assert row["certainty_text"] == ("The code's last day may be Tuesday, December 1, 2026, if the office is closed on "
                                     "Friday, November 27, 2026 (Day after Thanksgiving).")
    assert desk(FC, [fc("c4", "FC-D", "2026-11-24")], "en", date(2026, 12, 2)).rows[0].status == "overdue"


def test_once_the_safe_date_has_passed_the_row_is_on_the_day_still_at_stake():
    """Issue 27: on Tue Dec 1 the safe date (Mon Nov 30) has passed, but Tue Dec 1 may still be the last day (if the
    office closed on Fri Nov 27). The row is on Dec 1, due this week, and says what that day relies on; it was on
    Nov 30 when the desk last saw it, and says why it moved."""
    seen = desk(FC, [fc("c4", "FC-D", "2026-11-24")], "en", date(2026, 11, 30)).complaints
    found = desk_json(FC, seen, "en", DEC_1)
    row = found["rows"][0]
    assert (row["date"], row["due"], row["certainty"], row["status"]) == ("2026-12-01", "2026-12-01", "relies",
                                                                          "this_week")
    assert row["certainty_text"] == ("The safe date, Monday, November 30, 2026, has passed: this is the latest day "
                                     "still possible, and it holds only if the office is closed on Friday, November 27, "
                                     "2026 (Day after Thanksgiving).")
    assert row["moved"] == "The safe date, Monday, November 30, 2026, has passed: this is the latest day still possible."
    assert row["sequence"] == 1


def test_recording_an_event_dates_its_dependents_and_the_desk_says_what_moved():
    before = desk(FC, [fc("c2", "FC-B", "2026-11-30")], "en", DEC_1)
    seen = before.complaints[0]
    assert seen.dates["additional-information"] == Kept(None)
    recorded = Complaint(seen.id, seen.label, {**seen.facts, "events": {"investigation-notice": "2026-12-02"}},
                         dates=seen.dates)
    after = desk_json(FC, [recorded], "en", date(2026, 12, 2))
    moved = [r for r in after["rows"] if r["duty"] == "additional-information"][0]
    assert (moved["date"], moved["status"], moved["sequence"]) == ("2026-12-16", "later", 1)
    assert moved["moved"] == "Dated since Wednesday, December 2, 2026, when the event it waited on was recorded."
    # A date that moves again says from what; the sequence rises once per move, not per look.
    kept = Complaint.read(after["kept"][0])
    corrected = Complaint(kept.id, kept.label, {**kept.facts, "events": {"investigation-notice": "2026-12-03"}},
                          dates=kept.dates)
    again = desk_json(FC, [corrected], "es", date(2026, 12, 3))
    row = [r for r in again["rows"] if r["duty"] == "additional-information"][0]
    # Thu Dec 3 + 10 business days: Fri 4 (1), Mon 7 … Fri 11 (6), Mon 14 … Thu 17 (10) -> Thu 2026-12-17.
    assert (row["date"], row["sequence"]) == ("2026-12-17", 2)
    assert row["moved"] == "Cambió; antes era el miércoles 16 de diciembre de 2026 (visto el jueves 3 de diciembre de 2026)."
    looked = desk_json(FC, [Complaint.read(again["kept"][0])], "en", date(2026, 12, 4))
    assert [r["sequence"] for r in looked["rows"] if r["duty"] == "additional-information"] == [2]


def test_only_the_next_event_waits_on_the_desk():
    found = desk(IL, [Complaint("e1", "EC-26-1", {"violation_date": "2026-10-01", "received": "2026-11-30"})], "en", DEC_1)
    waiting = [(r.deadline.id, r.deadline.waiting_on) for r in found.rows if r.status == "waiting"]
    # The (G) decision waits on a fact (is the respondent a candidate, and when is the election), with its latest
    # day known (seven days after receipt, Mon Dec 7): dated rows first.
    assert waiting == [("election-decision", "election_date"), ("meeting-notice", "meeting")]


def test_a_complaint_whose_facts_no_longer_read_is_kept_and_named():
    broken = Complaint("c9", "FC-X", {"received": "2026-02-30"})
    found = desk_json(FC, [broken, *THREE], "en", DEC_1)
    line = found["complaints"][0]
    assert line["status"] == "error" and line["sentence"] == "These facts need attention: \"2026-02-30\" is not a real date."
    assert len(found["kept"]) == 4 and len(found["rows"]) == 6


STATUS_WORDS = {
    "en": {"overdue": "Overdue", "this_week": "Due this week", "later": "Later", "waiting": "Waiting on an event"},
    "es": {"overdue": "Vencido", "this_week": "Vence esta semana", "later": "Más adelante", "waiting": "Pendiente de otro paso"},
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_status_is_said_in_words_in_both_languages(lang):
    complaints = [*THREE, fc("c5", "FC-E", "2026-11-30", investigation_notice="2026-12-02")]
    found = desk_json(FC, complaints, lang, DEC_1)
    said = {r["status"]: r["status_text"] for r in found["rows"]}
    assert said == STATUS_WORDS[lang]


# --- the export ---------------------------------------------------------------------------------------

def test_an_export_reads_back_as_the_same_desk():
    found = desk(FC, THREE, "en", DEC_1)
    document = export_document("fort-collins", found.complaints, Reminders((2,), "08:30"), "2026-12-01T17:00:00Z")
    text = json.dumps(document)
    read = read_export(text, "fort-collins", "Campaign finance complaints")
    assert [c.as_json() for c in read.complaints] == [c.as_json() for c in found.complaints]
    assert read.reminders == Reminders((2,), "08:30")
    assert (document["format"], document["version"]) == ("complaint-checker-desk", 2)


def refused(text, lang="en"):
    with pytest.raises(DeskFileError) as caught:
        read_export(text, "fort-collins", "Campaign finance complaints")
    return caught.value.message(lang)


GOOD = json.dumps(export_document("fort-collins", THREE, Reminders(), "2026-12-01T17:00:00Z"))
ONE_BAD = json.dumps(export_document("fort-collins", THREE[:1], Reminders(), "2026-12-01T17:00:00Z")).replace(
    '"c3"', '"C 3"')


@pytest.mark.parametrize("text, sentence", [
    (GOOD[:200], "This file is not a desk export: it is not valid JSON (line 1)."),
    ("[1, 2]", "This file is not a desk export of the Complaint Checker."),
    ("[" * 50_000 + "]" * 50_000, "This file is not a desk export of the Complaint Checker."),  # issue 28: the stack
    (json.dumps({"format": "complaint-checker-desk", "version": 3, "complaints": []}),
     "This desk was exported by a newer version of the checker (format 3); this page reads format 2. "
     "Open the desk on an updated site, then import it."),
    (GOOD.replace('"fort-collins"', '"illinois-model-ethics"', 1),
     'This desk is for the procedure "illinois-model-ethics", not for Campaign finance complaints.'),
    (ONE_BAD, "Complaint 1 in this file cannot be read: its id is missing, or is not lower-case letters, digits and "
              "hyphens."),
    (GOOD.replace('"days": [', '"days": [99, '), "This file's reminders cannot be read."),
    (" " * (MAX_EXPORT_BYTES + 1), f"This file is larger than {MAX_EXPORT_BYTES // 1_000_000} MB, so it is not a desk export."),
    (json.dumps({"format": "complaint-checker-desk", "version": 1, "procedure": "fort-collins",
                 "complaints": [{}] * (MAX_COMPLAINTS + 1)}), f"This file holds more than {MAX_COMPLAINTS} complaints."),
])
def test_a_file_that_is_not_a_desk_of_this_version_is_refused_in_one_sentence(text, sentence):
    assert refused(text) == sentence + " Nothing on the desk was changed."


def office_of(count: int) -> list[dict]:
    """A desk of `count` complaints as the page keeps them: received over a year, with what the desk saw of their
    dates, a few closed, some with a duty marked done."""
    day = lambda n: date.fromordinal(date(2026, 1, 5).toordinal() + n % 330).isoformat()
    return [{"id": f"c{n:06x}", "label": f"2026-EC-{n:04d}", "facts": {"violation_date": day(n), "received": day(n + 20),
             "complainant_role": "registered-elector"}, "added": "2026-12-01T17:00:00.000Z",
             "changed": "2026-12-01T17:00:00.000Z", "standing": "closed" if n % 10 == 0 else "open",
             "done": {"preliminary-review-notice": day(n + 22)} if n % 3 == 0 else {},
             "dates": {"preliminary-review-notice": {"date": day(n + 23), "sequence": n % 2, "was": None, "moved_on": None},
                       "additional-information": {"date": None, "sequence": 0, "was": None, "moved_on": None}}}
            for n in range(count)]


@pytest.mark.parametrize("count", [600, 2000])
def test_a_desk_of_any_size_it_holds_exports_and_reads_back_whole(count):
    """Issue 37: a desk of 600 (two imports of 300) exported all 600, and its own file was refused ("This file holds
    more than 500 complaints"): an office's backup that could not be restored. One limit, the same both ways."""
    checker = Checker(FC)
    kept = office_of(count)
    exported = json.loads(checker.desk_export_json(json.dumps({"complaints": kept}), None, "2026-12-01T17:00:00.000Z"))
    assert exported["ok"] is True and len(json.loads(exported["text"])["complaints"]) == count
    restored = json.loads(checker.desk_import_json(exported["text"], "en", None))
    assert restored["ok"] is True, restored
    assert restored["added"] == count and restored["unreadable"] == []
    assert restored["complaints"] == [Complaint.read(c).as_json() for c in kept]  # whole: nothing lost or changed


def test_an_export_never_writes_a_file_its_import_would_refuse():
    """A desk over the limit (storage altered by hand: the page adds and imports no further) is not exported as a
    file that cannot be read back; the export says why instead."""
    over = [{"id": f"c{n}", "label": f"L{n}", "facts": {}} for n in range(MAX_COMPLAINTS + 1)]
    answer = json.loads(Checker(FC).desk_export_json(json.dumps(over), None, "2026-12-01T17:00:00Z", "es"))
    assert answer == {"ok": False, "error": {"field": "desk", "code": "too_many", "message": (
        f"Este archivo tiene más de {MAX_COMPLAINTS} quejas. No se cambió nada en los expedientes.")}}


def test_refusals_are_worded_in_spanish_too():
    assert refused(ONE_BAD, "es") == (
        "No se puede leer la queja 1 de este archivo: falta su identificador, o no está hecho de minúsculas, cifras "
        "y guiones. No se cambió nada en los expedientes.")


@pytest.mark.parametrize("bad, problem", [
    ('"C 1"', "its id is missing, or is not lower-case letters, digits and hyphens"),
    ('"c3"', "its id is used twice"),
    ('"c1\\n"', "its id is missing, or is not lower-case letters, digits and hyphens"),  # a line break in a UID
])
def test_one_bad_complaint_in_a_file_is_named_and_left_out_and_the_rest_are_read(bad, problem):
    """Issue 28: a file with good complaints and one bad one read as "Imported 2", then showed no rows."""
    found = read_export(GOOD.replace('"c1"', bad), "fort-collins", "Campaign finance complaints")
    assert [c.label for c in found.complaints] == ["FC-C", "FC-B"]
    assert [(u.number, u.label, u.problem.words("en")) for u in found.unreadable] == [(2, "FC-A", problem)]


@pytest.mark.parametrize("kept", ["2026-02-30", "٢٠٢٦-١١-٢٥", "2026-11-25\\n", "2026-11-25 "])
def test_a_kept_date_is_read_with_the_cores_own_rule(kept):
    """Issue 28: `\\d` and `$` let through a February 30, Arabic-Indic digits and a trailing newline."""
    text = GOOD.replace('"dates": {}', '"dates": {"preliminary-review-notice": {"date": "%s", "sequence": 0}}' % kept, 1)
    found = read_export(text, "fort-collins", "Campaign finance complaints")
    assert len(found.complaints) == 2 and found.unreadable[0].problem.words("en") == "the dates it keeps are not dates"


def test_the_worker_doorway_refuses_without_a_traceback_and_a_stored_bad_complaint_leaves_the_others():
    answer = json.loads(Checker(FC).desk_import_json("{", "en"))
    assert answer == {"ok": False, "error": {"field": "desk_file", "code": "not_json", "message":
                      "This file is not a desk export: it is not valid JSON (line 1). Nothing on the desk was changed."}}
    stored = [{"id": "Bad Id", "label": "x", "facts": {}}, THREE[0].as_json()]
    tampered = json.loads(Checker(FC).desk_json(json.dumps(stored), "en", "2026-12-01"))
    assert tampered["ok"] is True and [c["label"] for c in tampered["complaints"]] == ["FC-C"]
    assert tampered["unreadable"] == [{"number": 1, "id": "Bad Id", "label": "x", "problem":
                                       "its id is missing, or is not lower-case letters, digits and hyphens"}]
    assert json.loads(Checker(FC).desk_json(json.dumps({"complaints": 3}), "en", None))["ok"] is False


# --- the import's merge ---------------------------------------------------------------------------------------

def stamped(complaint, changed):
    return Complaint.read({**complaint.as_json(), "changed": changed})


def test_an_import_replaces_a_complaint_only_by_a_copy_changed_later_comparing_instants():
    """Issue 28: "18:30+05:00" (13:30 UTC) is before "16:30Z", though it sorts after it as text."""
    mine = [stamped(THREE[0], "2026-12-01T16:30:00Z")]
    older = stamped(THREE[0], "2026-12-01T18:30:00+05:00")
    newer_copy = stamped(THREE[0], "2026-12-01T12:30:00-05:00")  # 17:30 UTC
    assert merge(mine, [older]) == Merged([], 0, 0, 1)
    assert merge(mine, [newer_copy]) == Merged([newer_copy], 0, 1, 0)
    assert merge(mine, [THREE[1]]) == Merged([THREE[1]], 1, 0, 0)
    undated = Complaint.read({**THREE[0].as_json(), "changed": ""})
    assert merge(mine, [undated]).updated == 0 and merge([undated], [older]).updated == 1


def test_the_worker_merges_an_import_into_the_desk():
    mine = [stamped(THREE[0], "2026-12-01T16:30:00Z")]
    file = json.dumps(export_document("fort-collins", [stamped(THREE[0], "2026-12-01T17:00:00Z"), THREE[1]], Reminders(),
                                      "2026-12-01T17:00:00Z"))
    answer = json.loads(Checker(FC).desk_import_json(file, "en", json.dumps([c.as_json() for c in mine])))
    assert (answer["added"], answer["updated"], answer["same"]) == (1, 1, 0)
    assert [c["id"] for c in answer["write"]] == ["c3", "c1"]


# --- the calendar ------------------------------------------------------------------------------------------

def events_of(text):
    return icalendar.Calendar.from_ical(text).walk("VEVENT")


def test_the_desk_calendar_has_one_event_per_dated_duty_each_named_for_its_complaint_with_reminders():
    text, count = desk_calendar(FC, desk(FC, THREE, "en", DEC_1), "en", STAMP, Reminders())
    events = events_of(text)
    assert count == len(events) == 3
    assert [str(e["UID"]) for e in events] == [f"fort-collins-{c}-preliminary-review-notice@complaint-checker"
                                               for c in ("c1", "c2", "c3")]
    assert [str(e["SUMMARY"]) for e in events] == [
        f"{label} · City Clerk: notify both parties of the preliminary review" for label in ("FC-A", "FC-B", "FC-C")]
    # 3 and 1 business days before, at 09:00 MST (16:00 UTC):
    #   Wed Nov 25 -> Fri Nov 20 (Tue 24 is 1, Mon 23 is 2) and Tue Nov 24;
    #   Thu Dec 3 -> Mon Nov 30 (Wed 2, Tue 1, Mon 30) and Wed Dec 2;
    #   Fri Dec 4 -> Tue Dec 1 and Thu Dec 3.
    triggers = [[a.decoded("TRIGGER") for a in e.walk("VALARM")] for e in events]
    utc = lambda m, d: datetime(2026, m, d, 16, tzinfo=timezone.utc)
    assert triggers == [[utc(11, 20), utc(11, 24)], [utc(11, 30), utc(12, 2)], [utc(12, 1), utc(12, 3)]]
    assert all(a["ACTION"] == "DISPLAY" and a["DESCRIPTION"] for e in events for a in e.walk("VALARM"))


def test_a_reminder_keeps_off_a_day_the_office_may_be_closed_and_never_comes_before_the_complaint():
    # Received Tue Nov 24, safe date Mon Nov 30 (as of Wed Nov 25). One business day before is Wed Nov 25, since Thu
    # 26 is Thanksgiving and Fri 27 may be closed. Three before would be Wed 25 (1), Tue 24 (2), Mon 23 (3): a day
    # before the complaint arrived, so that reminder comes on Tue Nov 24, the day it was received (issue 27).
    found = desk(FC, [fc("c4", "FC-D", "2026-11-24")], "en", date(2026, 11, 25))
    text, _ = desk_calendar(FC, found, "en", STAMP, Reminders())
    event = events_of(text)[0]
    assert event.decoded("DTSTART") == date(2026, 11, 30)
    triggers = [a.decoded("TRIGGER") for a in event.walk("VALARM")]
    assert triggers == [datetime(2026, 11, 24, 16, tzinfo=timezone.utc), datetime(2026, 11, 25, 16, tzinfo=timezone.utc)]


def test_a_timed_duty_is_reminded_before_its_moment_in_the_citys_zone():
    complaint = Complaint("e1", "EC-26-1", {"violation_date": "2026-10-01", "received": "2026-11-30",
                                            "events": {"meeting": "2026-12-09T10:00"}})
    found = desk(IL, [complaint], "en", DEC_1)
    # Mon Dec 7 10:00 CST: 1 business day before is Fri Dec 4, 3 is Wed Dec 2; on the day at 09:00 is before 10:00;
    # on the day at 11:00 would be after the moment, so there is no such reminder.
    text, _ = desk_calendar(IL, found, "en", STAMP, Reminders((3, 1, 0), "09:00"))
    notice = [e for e in events_of(text) if "meeting-notice" in str(e["UID"])][0]
    assert notice.decoded("DTSTART").isoformat() == "2026-12-07T10:00:00-06:00"
    assert [a.decoded("TRIGGER") for a in notice.walk("VALARM")] == [
        datetime(2026, 12, 2, 15, tzinfo=timezone.utc), datetime(2026, 12, 4, 15, tzinfo=timezone.utc),
        datetime(2026, 12, 7, 15, tzinfo=timezone.utc)]
    text, _ = desk_calendar(IL, found, "en", STAMP, Reminders((0,), "11:00"))
    assert [e for e in events_of(text) if "meeting-notice" in str(e["UID"])][0].walk("VALARM") == []


def test_uids_are_stable_and_sequence_rises_only_when_a_date_moved():
    first, _ = desk_calendar(FC, desk(FC, THREE, "en", DEC_1), "en", STAMP, Reminders())
    later, _ = desk_calendar(FC, desk(FC, THREE, "en", date(2026, 12, 2)), "en", datetime(2026, 12, 2, tzinfo=timezone.utc),
                             Reminders())
    assert [str(e["UID"]) for e in events_of(first)] == [str(e["UID"]) for e in events_of(later)]
    assert {int(e["SEQUENCE"]) for e in events_of(first)} == {0}
    moved = Complaint("c2", "FC-B", THREE[2].facts, dates={"preliminary-review-notice": Kept(date(2026, 12, 2), 0)})
    text, _ = desk_calendar(FC, desk(FC, [moved], "en", DEC_1), "en", STAMP, Reminders())
    assert int(events_of(text)[0]["SEQUENCE"]) == 1


def test_two_complaints_files_no_longer_collide():
    """Issue 19: complaints received Fri 2026-11-20 and Sat 2026-11-21 gave identical clerk files but for DTSTAMP."""
    checker = Checker(FC)
    files = [json.loads(checker.calendar_file_json(json.dumps({"violation_date": "2026-10-01", "received": day}), "en",
                                                   "2026-11-22", "clerk", "2026-11-22T17:00:00Z"))
             for day in ("2026-11-20", "2026-11-21")]
    uids = [{str(e["UID"]) for e in events_of(f["ics"])} for f in files]
    assert uids[0] and uids[1] and not uids[0] & uids[1]
    assert all(e.walk("VALARM") for f in files for e in events_of(f["ics"]))


def test_a_checker_file_made_again_after_a_date_moved_replaces_its_event():
    checker = Checker(FC)
    facts = {"violation_date": "2026-10-01", "received": "2026-11-30"}
    first = json.loads(checker.calendar_file_json(json.dumps(facts), "en", "2026-12-01", "complainant", "2026-12-01T17:00:00Z"))
    facts["events"] = {"investigation-notice": "2026-12-02"}
    kept = json.dumps({"dates_by_key": {first["key"]: first["dates"]}})
    second = json.loads(checker.calendar_file_json(json.dumps(facts), "en", "2026-12-02", "complainant",
                                                   "2026-12-02T17:00:00Z", kept))
    assert second["key"] == first["key"]
    info = [int(e["SEQUENCE"]) for e in events_of(second["ics"]) if "additional-information" in str(e["UID"])]
    assert info == [0]  # dated for the first time: nothing to replace
    facts["events"] = {"investigation-notice": "2026-12-03"}
    third = json.loads(checker.calendar_file_json(json.dumps(facts), "en", "2026-12-03", "complainant",
                                                  "2026-12-03T17:00:00Z", json.dumps({"dates_by_key": {first["key"]: second["dates"]}})))
    assert [int(e["SEQUENCE"]) for e in events_of(third["ics"]) if "additional-information" in str(e["UID"])] == [1]


@pytest.mark.parametrize("memory", [None, "str", [1], {"KEY": [1]}, {"KEY": {"additional-information": 7}},
                                    {"KEY": {"preliminary-review-notice": {"date": "2026-02-30"}}}])
def test_a_calendar_memory_that_cannot_be_read_is_set_aside_and_the_file_is_made(memory):
    """Issue 37: a memory of earlier calendar files holding null, "str" or [1] ended every download in
    "python: AttributeError"; one that cannot be read is set aside (said in the answer), and the file is made."""
    checker = Checker(FC)
    facts = json.dumps({"violation_date": "2026-10-01", "received": "2026-11-30"})
    plain = json.loads(checker.calendar_file_json(facts, "en", "2026-12-01", "clerk", "2026-12-01T17:00:00Z"))
    kept = json.dumps({"dates_by_key": json.loads(json.dumps(memory).replace("KEY", plain["key"]))})
    made = json.loads(checker.calendar_file_json(facts, "en", "2026-12-01", "clerk", "2026-12-01T17:00:00Z", kept))
    assert made["ok"] is True and made["set_aside"] is True and plain["set_aside"] is False
    assert made["ics"] == plain["ics"] and made["dates"] == plain["dates"]
    for dates in ("str", [1], {"preliminary-review-notice": 7}):  # the desk's copy of a complaint, damaged
        desk_copy = json.dumps({"key": "c1", "label": "FC-A", "dates": dates})
        made = json.loads(checker.calendar_file_json(facts, "en", "2026-12-01", "clerk", "2026-12-01T17:00:00Z", desk_copy))
        assert made["ok"] is True and made["set_aside"] is True and made["key"] == "c1"


# --- the same dates as the report --------------------------------------------------------------------------------

@pytest.mark.parametrize("jid", seed_ids())
def test_every_worked_case_shows_the_reports_dates_on_the_desk(jid):
    """Each shipped procedure's desk, on its own worked cases: every row the desk shows has the report's date. A
    procedure whose only counted period is the complainant's filing limit (Bethel's) puts nothing dated on the desk."""
    j = load_jurisdiction(jid)
    cases = json.loads((ROOT / "core" / "jurisdictions" / f"{jid}.cases.json").read_text(encoding="utf-8"))
    result = run_cases(j, cases)
    assert result["passed"] == result["total"], [r["problems"] for r in result["results"] if not r["passed"]]
    declared = tomllib.loads((ROOT / "core" / "jurisdictions" / f"{jid}.toml").read_text(encoding="utf-8"))
    counted = [r for r in declared["rules"] if r["kind"] != "filing" and ("count" in r or "counts" in r)]
    assert (result["desk_dates"] > 0) == bool(counted), (result["desk_dates"], [r["id"] for r in counted])


def test_a_desk_date_that_differs_from_the_report_fails_the_case():
    facts = {"violation_date": "2026-10-01", "received": "2026-11-30"}
    report = evaluate(FC, facts)
    for entry in report["deadlines"]:
        if entry["id"] == "preliminary-review-notice":
            entry["safe_date"] = "2026-12-04"
    problems, compared = desk_disagreements(FC, facts, report)
    assert problems == ["desk: preliminary-review-notice: the desk shows 2026-12-03, the report 2026-12-04"]


def test_the_format_documented_in_docs_desk_md_is_the_one_read():
    guide = (ROOT / "docs" / "desk.md").read_text(encoding="utf-8")
    example = guide.split("```json\n")[1].split("```")[0]
    read = read_export(example, "fort-collins", "Campaign finance complaints")
    assert [c.label for c in read.complaints] == ["2026-EC-04"] and read.reminders == Reminders((3, 1), "09:00")
    found = desk_json(FC, read.complaints, "en", date(2026, 12, 2))
    assert {r["duty"]: r["date"] for r in found["rows"]} == {"preliminary-review-notice": "2026-12-03",
                                                            "additional-information": "2026-12-16"}


# --- hostile desk files -------------------------------------------------------------------------------------------

JUNK = [None, "", "x", 0, -1, 10**30, 3.5, True, [], {}, "2026-02-30", "٢٠٢٦-١١-٢٥", "2026-11-25\n", "abc\n",
        "2026-12-01T25:00:00Z", "2026-12-01T10:00:00+05:00", "\u2028", "<b>", "a" * 200, {"date": "2026-13-01"}]


def mutate(value, rng):
    """One part of a desk document replaced by junk, deep inside or at the top."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(sorted(value, key=str))
        return {**value, key: mutate(value[key], rng)}
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        return value[:i] + [mutate(value[i], rng)] + value[i + 1:]
    return rng.choice(JUNK)


def test_a_mutated_desk_file_is_refused_in_one_sentence_or_drawn_with_its_good_complaints():
    import random
    from fuzzing import SEED
    rng = random.Random(f"{SEED}:desk")
    document = json.loads(GOOD)
    document["office_days"] = {"2026-11-27": "closed"}
    for complaint in document["complaints"]:
        complaint["done"] = {"preliminary-review-notice": "2026-11-30"}
    drawn = 0
    for n in range(400):
        text = json.dumps(mutate(document, rng))
        try:
            found = read_export(text, "fort-collins", "Campaign finance complaints")
        except DeskFileError as err:
            assert err.message("en").endswith("Nothing on the desk was changed."), (SEED, n, text)
            continue
        shown = desk_json(FC, found.complaints, "en", DEC_1, found.office_days, found.unreadable)
        assert len(shown["complaints"]) == len(found.complaints), (SEED, n, text)
        desk_calendar(FC, desk(FC, found.complaints, "en", DEC_1, found.office_days), "en", STAMP, Reminders())
        drawn += 1
    assert drawn > 50


def test_the_reminder_to_export_is_worded_by_the_core_on_the_citys_day():
    """Issue 28: desk.js wrote this date with the browser's Intl, though the page promises it never formats one. A
    change at 03:00 UTC on Fri 20 Nov 2026 was made on Thu 19 Nov in Fort Collins (MST, UTC−7); more than seven
    days after it is from Fri 27 Nov."""
    since = datetime(2026, 11, 20, 3, tzinfo=timezone.utc)
    assert desk_json(FC, THREE, "en", date(2026, 11, 26), unexported_since=since)["export_reminder"] is None
    assert desk_json(FC, THREE, "en", date(2026, 11, 27), unexported_since=since)["export_reminder"] == (
        "Changes on this desk since Thursday, November 19, 2026 are in no export. Export the desk to keep a copy.")
    payload = json.dumps({"complaints": [c.as_json() for c in THREE], "unexported_since": "2026-11-20T03:00:00.000Z"})
    assert json.loads(Checker(FC).desk_json(payload, "es", "2026-11-27"))["export_reminder"].startswith(
        "Los cambios en estos expedientes desde el jueves 19 de noviembre de 2026")


# --- issue 39: what a recorded closure changes, the calendar week, retired duties, a note ------------------------

def il(ident, label, received, violation="2027-10-01"):
    return Complaint.read({"id": ident, "label": label, "facts": {"violation_date": violation, "received": received}})


def test_an_illinois_closure_moves_nothing_under_5_ilcs_70_1_11_and_the_row_says_to_act_before_it():
    """Illinois (B), notice to the parties "within three business days after the receipt", counted under 5 ILCS 70/1.11
    (first day excluded, last included, a last day on a Saturday, Sunday or statutory holiday excluded). Received Mon
    2027-11-22: Tue 23 (1), Wed 24 (2), Thu 25 Thanksgiving (205 ILCS 630/17: skipped), Fri 26 (3). The day after
    Thanksgiving is no legal holiday, so the code's last day is Fri 2027-11-26 whether or not the office opens; the
    safe date keeps off the possible closure: Wed 24 (Thu 25 is the holiday). Recording Fri 26 as closed moves
    neither; the row and the day say so, and to act before it."""
    closed = OfficeDays.read({"2027-11-26": "closed"})
    for days in (OfficeDays(), closed):
        found = desk_json(IL, [il("i1", "IL-1", "2027-11-22")], "en", date(2027, 11, 22), days)
        [notice] = [r for r in found["rows"] if r["duty"] == "notice-to-parties"]
        assert (notice["date"], notice["due"]) == ("2027-11-24", "2027-11-26")
    assert notice["certainty_text"] == (
        "The code's last day is Friday, November 26, 2027, a day the office recorded as closed. Under 5 ILCS 70/1.11, "
        "only a Saturday, Sunday or legal holiday carries a last day to the next day; a closure does not, so this date "
        "stands: act by Wednesday, November 24, 2027, before the closure.")
    [day] = found["office_days"]
    assert day["effect"] == (
        "Under 5 ILCS 70/1.11, only a Saturday, Sunday or legal holiday carries a last day to the next day: a closure "
        "that is not a legal holiday moves no date under this procedure. A duty whose last day falls on this day is "
        "still due that day: do it on an earlier day the office is open (the desk's date for it is already before this "
        "day). Complaints on this desk with a last day on it: IL-1.")
    # The sufficiency ruling, seven business days: Tue 23, Wed 24, Fri 26, Mon 29, Tue 30, Wed Dec 1, Thu Dec 2 (7),
    # Fri 26 counted as a business day either way (business days are Monday to Friday except legal holidays).
    [ruling] = [r for r in found["rows"] if r["duty"] == "sufficiency-ruling"]
    assert ruling["date"] == ruling["due"] == "2027-12-02"


def test_a_closure_where_the_law_extends_a_period_past_it_says_so_and_a_weekend_or_holiday_changes_nothing():
    # Fort Collins: C.R.S. § 24-11-110 carries a period past a day the office is closed (the date itself moves: see
    # tests/test_what_a_person_acts_on.py, the third working day after Mon 22 Nov 2027 is Mon 29 if Fri 26 is closed).
    days = OfficeDays.read({"2027-11-26": "closed", "2027-11-27": "closed", "2027-11-25": "closed"})
    found = desk_json(FC, [fc("c1", "FC-A", "2027-11-22")], "en", date(2027, 11, 22), days)
    effects = {d["date"]: d["effect"] for d in found["office_days"]}
    assert effects["2027-11-26"] == (
        "Under C.R.S. § 24-11-110, a period whose last day falls on a day the office is closed runs to the next day it "
        "is open: every date on this desk that ends on this day has been worked out again.")
    assert effects["2027-11-27"].startswith("A Saturday or Sunday")           # Sat 27 Nov 2027
    assert effects["2027-11-25"].startswith("A legal holiday in this procedure's calendar")  # Thanksgiving
    es = desk_json(IL, [il("i1", "IL-1", "2027-11-22")], "es", date(2027, 11, 22), OfficeDays.read({"2027-11-26": "closed"}))
    assert es["office_days"][0]["effect"].startswith("Según 5 ILCS 70/1.11, solo un sábado, un domingo o un feriado legal")


def test_this_week_is_the_calendar_week_and_the_printed_week_is_the_next_when_this_one_is_empty():
    """Issue 39: printed empty when the next duty was the eighth day. As of Tue 2026-12-01 (week Mon Nov 30 - Sun
    Dec 6): received Thu Dec 3 -> Fri 4 (1), Mon 7 (2), Tue 8 (3) -> Tue Dec 8, the eighth day, next week (Dec 7-13).
    Received Wed Dec 9 -> Thu 10, Fri 11, Mon 14 -> Mon Dec 14: the week after, not printed."""
    found = desk_json(FC, [fc("c1", "FC-A", "2026-12-03"), fc("c2", "FC-B", "2026-12-09")], "en", DEC_1)
    dated = [(r["label"], r["date"], r["status"]) for r in found["rows"] if r["date"]]
    assert dated == [("FC-A", "2026-12-08", "later"), ("FC-B", "2026-12-14", "later")]
    week = found["week"]
    assert [(r["label"], r["date"]) for r in week["rows"]] == [("FC-A", "2026-12-08")]
    assert (week["next"], week["first_display"], week["last_display"]) == (
        True, "Monday, December 7, 2026", "Sunday, December 13, 2026")
    # With something due this week (received Mon Nov 30 -> Thu Dec 3), the week is this one, and overdue goes first
    # (received Fri Nov 20 -> Wed Nov 25).
    found = desk_json(FC, THREE, "en", DEC_1)
    assert [(r["label"], r["status"]) for r in found["week"]["rows"]] == [
        ("FC-A", "overdue"), ("FC-B", "this_week"), ("FC-C", "this_week")]
    assert (found["week"]["next"], found["week"]["first_display"]) == (False, "Monday, November 30, 2026")


def test_a_dismissed_complaints_duties_stay_in_sight_retired_and_out_of_the_week_and_the_calendar():
    dismissed = replace(fc("c2", "FC-B", "2026-11-30"), standing="dismissed")
    found = desk_json(FC, [dismissed, fc("c3", "FC-C", "2026-12-01")], "en", DEC_1)
    assert [(r["label"], r["date"], r["status"], r["can_mark_done"]) for r in found["rows"] if r["date"]] == [
        ("FC-C", "2026-12-04", "this_week", True), ("FC-B", "2026-12-03", "retired", False)]
    assert found["counts"]["retired"] == 1 and found["counts"]["this_week"] == 1
    assert [r["label"] for r in found["week"]["rows"]] == ["FC-C"]
    text, count = desk_calendar(FC, desk(FC, [dismissed], "en", DEC_1), "en", STAMP, Reminders())
    assert (text, count) == (None, 0)
    es = desk_json(FC, [dismissed], "es", DEC_1)
    assert es["rows"][0]["certainty_text"] == "La queja figura como desestimada en los expedientes: este deber ya no se debe."


def test_a_note_is_kept_exported_and_read_back_and_an_old_file_without_one_still_imports():
    noted = replace(fc("c1", "FC-A", "2026-11-20"), note="Respondent asked for a copy.\nSent on 23 Nov.")
    text = json.dumps(export_document("fort-collins", [noted, fc("c2", "FC-B", "2026-11-30")], Reminders(),
                                      "2026-12-01T17:00:00Z"))
    back = read_export(text, "fort-collins", "Fort Collins")
    assert [c.note for c in back.complaints] == ["Respondent asked for a copy.\nSent on 23 Nov.", ""]
    assert "note" not in json.loads(text)["complaints"][1]  # optional: a complaint without one writes none
    too_long = {**noted.as_json(), "note": "x" * (MAX_NOTE + 1)}
    with pytest.raises(Malformed) as caught:
        Complaint.read(too_long)
    assert caught.value.words("en") == f"its note is not text of at most {MAX_NOTE} characters"
    assert desk_json(FC, [noted], "en", DEC_1)["complaints"][0]["note"] == noted.note


# --- issue 38: one page at a time, and only what changed worked out again ------------------------------------------

def test_the_desk_is_drawn_one_page_at_a_time_with_counts_and_a_focused_row_opens_its_page():
    many = [fc(f"c{n}", f"2026-EC-{n}", "2026-11-30") for n in range(1, 121)]
    found = desk_json(FC, many, "en", DEC_1, view={})
    # 120 complaints, each a dated review (Thu Dec 3) and a wait on the investigation notice: 240 rows, 5 pages.
    assert found["page"] == {"page": 0, "pages": 5, "from": 1, "to": 50, "total": 240}
    assert len(found["rows"]) == 50 and found["counts"]["this_week"] == 120 and found["counts"]["waiting"] == 120
    # The complaints in the office's order: 2026-EC-2 before 2026-EC-10 (numbers as numbers).
    assert [c["label"] for c in found["complaints"][:3]] == ["2026-EC-1", "2026-EC-2", "2026-EC-3"]
    assert found["complaints_page"] == {"page": 0, "pages": 3, "from": 1, "to": 50, "total": 120}
    # Rows sort by date, then label as text: the waits of 2026-EC-99 are the last rows, on page 5 (index 4).
    focused = desk_json(FC, many, "en", DEC_1, view={"focus": {"complaint": "c99", "duty": "additional-information"}})
    assert focused["page"]["page"] == 4
    assert any(r["complaint"] == "c99" and r["duty"] == "additional-information" for r in focused["rows"])
    assert desk_json(FC, many, "en", DEC_1, view={"page": 99})["page"]["page"] == 4  # past the end: the last page


def test_a_second_look_assesses_only_the_complaint_that_changed_and_draws_what_a_fresh_look_draws(monkeypatch):
    import core.desk as desk_module
    calls = []
    real = desk_module.assess
    monkeypatch.setattr(desk_module, "assess", lambda j, facts, *args: calls.append(facts["received"]) or real(j, facts, *args))
    checker = Checker(FC)
    stored = [fc(f"c{n}", f"FC-{n}", f"2026-11-{n + 10}").as_json() for n in range(1, 6)]
    look = lambda: json.loads(checker.desk_json(json.dumps({"complaints": stored, "view": {}}), "en", "2026-12-01"))
    first = look()
    assert len(calls) == 5 and len(first["changed"]) == 5  # first sighting of each date: all kept
    for kept in first["changed"]:
        next(c for c in stored if c["id"] == kept["id"])["dates"] = kept["dates"]
    calls.clear()
    assert look()["changed"] == [] and calls == []  # nothing changed: nothing assessed
    # One duty marked done (what the assessment reads): that complaint alone is assessed again, and shows it.
    stored[2]["done"] = {"preliminary-review-notice": "2026-12-01"}
    again = look()
    assert calls == ["2026-11-13"]
    fresh = desk_json(FC, [Complaint.read(c) for c in stored], "en", DEC_1, view={})
    assert again["rows"] == fresh["rows"] and again["counts"] == fresh["counts"]
    assert [r["status"] for r in again["rows"] if r["complaint"] == "c3" and r["date"]] == ["done"]
    # Another day, another language, or another record of the office's days: everything afresh.
    calls.clear()
    checker.desk_json(json.dumps({"complaints": stored, "view": {}}), "es", "2026-12-01")
    assert len(calls) == 5


def test_a_first_look_at_a_large_desk_is_worked_out_a_budget_at_a_time_and_ends_as_one_look_would():
    # 25 complaints, 10 assessed a request: 15 then 5 pending, then the whole desk, the same as one look draws it.
    checker = Checker(FC)
    stored = [fc(f"c{n}", f"FC-{n}", f"2026-11-{n + 1:02d}").as_json() for n in range(25)]
    ask = lambda: json.loads(checker.desk_json(json.dumps({"complaints": stored, "view": {"budget": 10}}), "en",
                                               "2026-12-01"))
    assert [(a["pending"], a["total"]) for a in (ask(), ask())] == [(15, 25), (5, 25)]
    last = ask()
    assert "pending" not in last
    whole = desk_json(FC, [Complaint.read(c) for c in stored], "en", DEC_1, view={})
    assert last["rows"] == whole["rows"] and last["counts"] == whole["counts"] and len(last["changed"]) == 25
