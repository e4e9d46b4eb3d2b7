"""The report explains itself: every date with its steps, assumptions and source,
a safe date where the law is unclear, and nothing computed from a hidden clock."""

import copy
import json
import re
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import evaluate, load_jurisdiction

FORT_COLLINS = load_jurisdiction("fort-collins")
ILLINOIS = load_jurisdiction("illinois-model-ethics")


def deadline(report, rule_id):
    return next(d for d in report["deadlines"] if d["id"] == rule_id)


def test_crs_2_4_108_extension_is_explained_with_its_citation_and_a_safe_date():
    report = evaluate(FORT_COLLINS, {"violation_date": "2026-05-05", "received": "2026-07-06"})
    filing = report["filing"]
    assert filing["steps"] == [
        "Start: Tuesday 2026-05-05, the date of the alleged violation. That day is not counted.",
        "Count 60 calendar days after it: day 60 is Saturday 2026-07-04.",
        "Saturday 2026-07-04 is a weekend day and a legal holiday (Independence Day), so under "
        "C.R.S. § 2-4-108 the period runs to the next business day: Monday 2026-07-06.",
        "Safe date: Friday 2026-07-03, the last business day on or before Saturday 2026-07-04. "
        "It does not rely on any extension.",
    ]
    assert any("home-rule" in a for a in filing["assumptions"])
    assert "2026-07-03" in filing["warning"]


def test_business_day_counts_say_which_days_were_skipped_and_why():
    report = evaluate(FORT_COLLINS, {"violation_date": "2025-11-01", "received": "2025-11-25"})
    steps = deadline(report, "preliminary-review-notice")["steps"]
    assert steps[1] == "Count 3 working days after it: Wed 2025-11-26 (1), Mon 2025-12-01 (2), Tue 2025-12-02 (3)."
    assert "Thu 2025-11-27 (Thanksgiving Day)" in steps[2]
    assert "Fri 2025-11-28 (Day after Thanksgiving (City offices closed))" in steps[2]
    assert any("“working day”" in a for a in deadline(report, "preliminary-review-notice")["assumptions"])


def test_hour_rules_explain_the_clock_change_and_give_the_offset():
    report = evaluate(ILLINOIS, {"received": "2027-03-01", "events": {"meeting": "2027-03-15T10:00"}})
    notice = deadline(report, "meeting-notice")
    assert notice["due_at"] == "2027-03-13T09:00-06:00"
    assert notice["steps"][0] == ("Start: Monday 2027-03-15 10:00 CDT (UTC-05:00), the date of “Meeting on "
                                  "sufficiency and probable cause”.")
    assert notice["steps"][-1] == "The clocks change in between, so on the wall clock that is 49 hours."


def test_a_meeting_given_only_as_a_date_says_what_time_was_assumed():
    report = evaluate(ILLINOIS, {"received": "2026-06-01", "events": {"meeting": "2026-06-10"}})
    assert any("00:00" in a for a in deadline(report, "meeting-notice")["assumptions"])


def test_a_time_that_happens_twice_says_which_one_was_used():
    report = evaluate(ILLINOIS, {"received": "2026-10-20", "events": {"meeting": "2026-11-01T01:30"}})
    assert any("happens twice" in a for a in deadline(report, "meeting-notice")["assumptions"])


def test_g_two_limits_show_both_counts_and_which_one_applies():
    report = evaluate(ILLINOIS, {"received": "2026-10-29", "respondent_is_candidate": True,
                                 "election_date": "2026-11-03"})
    entry = deadline(report, "election-decision")
    assert entry["due"] == "2026-11-02"
    assert entry["steps"][0] == "Limit 1:" and "Limit 2:" in entry["steps"]
    assert entry["steps"][-1] == "The earliest of these limits applies: Monday 2026-11-02."


def test_g_an_unknown_election_date_is_an_open_question_not_a_silent_guess():
    report = evaluate(ILLINOIS, {"received": "2026-10-29", "respondent_is_candidate": True})
    entry = deadline(report, "election-decision")
    assert entry["applies"] == "unknown"
    assert entry["due"] == "2026-11-05"
    assert any("could make this deadline earlier" in a for a in entry["assumptions"])
    assert any("Applies only if" in a for a in entry["assumptions"])


def test_every_entry_carries_its_version_and_views():
    report = evaluate(ILLINOIS, {"violation_date": "2026-06-01"})
    filing = deadline(report, "filing")
    assert filing["version"] == {"effective": "2004-04-20", "repealed": None, "chosen_by": "violation_date",
                                 "date": "2026-06-01"}
    assert filing["views"] == ["complainant"]
    assert deadline(report, "notice-to-parties")["views"] == ["complainant", "respondent", "officials"]


def test_the_report_says_it_is_not_legal_advice_and_whom_to_contact():
    for jurisdiction in (FORT_COLLINS, ILLINOIS):
        report = evaluate(jurisdiction, {})
        assert "not legal advice" in report["disclaimer"]
        assert jurisdiction.contact in report["disclaimer"]


def test_calendar_assumptions_are_stated_with_their_citations():
    assumptions = evaluate(FORT_COLLINS, {})["assumptions"]
    assert any("C.R.S. § 24-11-101" in a and "Saturday is not moved" in a for a in assumptions)
    assert any("Cesar Chavez" in a for a in assumptions)


def test_evaluate_is_pure_same_answer_and_input_untouched():
    facts = {"violation_date": "2026-05-05", "events": {"complaint-forwarded": "2026-07-01"},
             "contents": ["evidence"], "received": "2026-06-01"}
    before = copy.deepcopy(facts)
    first = evaluate(FORT_COLLINS, facts)
    assert evaluate(FORT_COLLINS, facts) == first
    assert facts == before
    json.dumps(first)  # plain JSON, nothing else


def test_the_core_reads_no_clock():
    source = "\n".join(p.read_text() for p in Path(__file__).parent.parent.joinpath("core").glob("*.py"))
    assert not re.search(r"\b(today|now|utcnow|time\.time)\(", source)


@settings(max_examples=150, deadline=None)
@given(violation=st.dates(min_value=date(2025, 3, 4), max_value=date(2030, 6, 30)),
       first=st.integers(min_value=0, max_value=120), extra=st.integers(min_value=0, max_value=120))
def test_receiving_later_never_turns_late_into_timely(violation, first, extra):
    for jurisdiction in (FORT_COLLINS, ILLINOIS):
        early = violation + timedelta(days=first * 3)
        later = early + timedelta(days=extra)
        if later > jurisdiction.supported_to:
            continue
        status = lambda received: evaluate(jurisdiction, {"violation_date": violation.isoformat(),
                                                          "received": received.isoformat()})["filing"]["status"]
        if status(early) == "late":
            assert status(later) == "late"


@pytest.mark.parametrize("jurisdiction", [FORT_COLLINS, ILLINOIS], ids=lambda j: j.id)
def test_stages_without_a_deadline_say_so(jurisdiction):
    report = evaluate(jurisdiction, {})
    for stage in report["stages"]:
        assert stage["deadlines"] or stage["deadline_note"] == "No deadline set by the code."
