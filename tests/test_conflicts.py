"""Conflicts are flagged, never silently accepted: a date after the deadline that governs
it (Illinois (G)), and a recorded event after the deadline that binds it. Dates worked
out by hand from the ordinance and a 2026 calendar."""

from core import evaluate, load_jurisdiction

ILLINOIS = load_jurisdiction("illinois-model-ethics")
G_FACTS = {"violation_date": "2026-06-01", "received": "2026-10-24", "respondent_is_candidate": True,
           "election_date": "2026-11-02"}


def deadline(report, rule_id):
    return next(d for d in report["deadlines"] if d["id"] == rule_id)


def test_g_flags_every_date_after_the_pre_election_decision():
    # (G) decision: Sun 1 Nov (the day before the 2 Nov election). Sufficiency ruling: 7 business days after
    # Sat 24 Oct: Mon 26 (1) ... Fri 30 (5), Mon 2 Nov (6), Tue 3 Nov election day (closure not confirmed),
    # Wed 4 Nov (7). Hearing: four weeks after Sat 24 Oct is Sat 21 Nov, running to Mon 23 Nov.
    # Notice to the parties: Mon 26 (1), Tue 27 (2), Wed 28 Oct (3), before (G): no warning.
    report = evaluate(ILLINOIS, G_FACTS)
    found = {(c["rule"], c["date"], c["limit"]) for c in report["conflicts"] if c["kind"] == "after-governing"}
    assert found == {("sufficiency-ruling", "2026-11-04", "2026-11-01"), ("hearing-date", "2026-11-23", "2026-11-01")}
    ruling = deadline(report, "sufficiency-ruling")
    assert ruling["warnings"] == [
        "Wednesday, November 4, 2026 is after Sunday, November 1, 2026, the deadline under “Decision before the "
        "election (respondent is a candidate)” (Ord. O-16-04 (G)), and on or after election day, Monday, November 2, "
        "2026."]
    assert deadline(report, "notice-to-parties")["warnings"] == []


def test_g_tells_a_decision_still_waiting_on_the_hearing_that_it_is_due_before_the_election():
    report = evaluate(ILLINOIS, G_FACTS)
    decision = deadline(report, "decision")
    assert decision["due"] is None and decision["waiting_on"] == "hearing-concluded"
    assert decision["warnings"] == ["When “Decision before the election (respondent is a candidate)” (Ord. O-16-04 "
                                    "(G)) applies, this must come by Sunday, November 1, 2026, whatever the other "
                                    "dates."]


def test_without_g_nothing_is_flagged():
    # The same complaint against someone who is not a candidate: (G) does not apply.
    report = evaluate(ILLINOIS, G_FACTS | {"respondent_is_candidate": False})
    assert report["conflicts"] == []
    assert all(d["warnings"] == [] for d in report["deadlines"])


def test_a_meeting_recorded_after_the_rulings_deadline_is_flagged():
    # Received Mon 1 June 2026: the ruling is due 7 business days later, Jun 2 (1), 3, 4, 5, 8, 9, Wed 10 June (7).
    # A meeting on Thu 11 June comes after it.
    report = evaluate(ILLINOIS, {"violation_date": "2026-05-01", "received": "2026-06-01",
                                 "events": {"meeting": "2026-06-11T18:00"}})
    assert [(c["kind"], c["event"], c["rule"], c["date"], c["limit"]) for c in report["conflicts"]] == [
        ("event-after-deadline", "meeting", "sufficiency-ruling", "2026-06-11", "2026-06-10")]
    assert deadline(report, "sufficiency-ruling")["warnings"] == [
        "“Meeting on sufficiency and probable cause” on Thursday, June 11, 2026 is after Wednesday, June 10, 2026, "
        "the last day for “Commission's ruling on sufficiency and probable cause” (Ord. O-16-04 (C)(1))."]


def test_a_meeting_on_the_rulings_last_day_is_not_flagged():
    report = evaluate(ILLINOIS, {"violation_date": "2026-05-01", "received": "2026-06-01",
                                 "events": {"meeting": "2026-06-10T09:00"}})
    assert report["conflicts"] == []


def test_a_hearing_after_four_weeks_is_flagged_with_the_condition_it_depends_on():
    # Received Mon 1 June 2026: four weeks later is Mon 29 June. A hearing on Tue 30 June is after it; the
    # four-week rule applies only to § 103.10 complaints with probable cause, and the flag says so.
    report = evaluate(ILLINOIS, {"violation_date": "2026-05-01", "received": "2026-06-01",
                                 "events": {"hearing": "2026-06-30T10:00"}})
    [conflict] = report["conflicts"]
    assert (conflict["rule"], conflict["date"], conflict["limit"]) == ("hearing-date", "2026-06-30", "2026-06-29")
    assert conflict["message"].endswith("That deadline applies only in some cases: Only if the complaint is found "
                                        "sufficient to allege a violation of § 103.10 and there is probable cause.")
