"""The report explains itself: every date with its steps, assumptions and source,
a safe date where the law is unclear, and nothing computed from a hidden clock."""

import copy
from dataclasses import replace
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
        "Start: Tuesday, May 5, 2026, the date of the alleged violation. That day is not counted.",
        "Count 60 calendar days after it: day 60 is Saturday, July 4, 2026.",
        "Saturday, July 4, 2026 is a weekend day and a legal holiday (Independence Day). If C.R.S. § 2-4-108 "
        "applies (this is assumed, not confirmed), the period runs to the next business day: Monday, July 6, 2026.",
        # Friday July 3 is the Friday before a Saturday holiday: the City closed it in 2020 (not confirmed for
        # 2026), so the last day the office is surely open is Thursday July 2.
        "Safe date: Thursday, July 2, 2026, the last day the office is certainly open on or before Saturday, "
        "July 4, 2026. It does not rely on any extension or on any closure that is not confirmed.",
    ]
    assert any("home-rule" in a for a in filing["assumptions"])
    assert (filing["certainty"], filing["certain"]) == ("relies", "2026-07-04")
    assert "Thursday, July 2, 2026" in filing["warning"]


def test_business_day_counts_say_which_days_were_skipped_and_why():
    report = evaluate(FORT_COLLINS, {"violation_date": "2025-11-01", "received": "2025-11-25"})
    steps = deadline(report, "preliminary-review-notice")["steps"]
    # Wed 26 (1); Thu 27 Thanksgiving; Fri 28 the announced 2025 closure; Sat, Sun; Mon 1 Dec (2); Tue 2 Dec (3).
    assert steps[1] == ("Count 3 working days after it: Wednesday, November 26, 2025 (1); Monday, December 1, 2025 "
                        "(2); Tuesday, December 2, 2025 (3).")
    assert "Thursday, November 27, 2025, a legal holiday (Thanksgiving Day)" in steps[2]
    assert "Friday, November 28, 2025, an office closure (Day after Thanksgiving (City offices closed))" in steps[2]
    assert any("“working day”" in a for a in deadline(report, "preliminary-review-notice")["assumptions"])


def test_hour_rules_explain_the_clock_change_and_give_the_offset():
    report = evaluate(ILLINOIS, {"received": "2027-03-01", "events": {"meeting": "2027-03-15T10:00"}})
    notice = deadline(report, "meeting-notice")
    assert notice["due_at"] == "2027-03-13T09:00-06:00"
    assert notice["steps"][0] == ("Start: 10:00 a.m. CDT, Monday, March 15, 2027, the date of “Meeting on "
                                  "sufficiency and probable cause”.")
    assert notice["steps"][1] == "48 elapsed hours before it is 9:00 a.m. CST, Saturday, March 13, 2027."
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
    # Limit 1: 7 days after Thu 29 Oct is Thu 5 Nov. Limit 2: the day before the Tue 3 Nov election is Mon 2 Nov.
    assert (entry["nominal"], entry["due"], entry["safe_date"]) == ("2026-11-02", "2026-11-02", "2026-11-02")
    assert entry["limits"] == [
        {"from": "received", "nominal": "2026-11-05", "due": "2026-11-05", "safe_date": "2026-11-05"},
        {"from": "election_date", "nominal": "2026-11-02", "due": "2026-11-02", "safe_date": "2026-11-02"}]
    assert entry["steps"][0] == "Limit 1:" and "Limit 2:" in entry["steps"]
    assert entry["steps"][-1] == "Limit 2 comes first, so it applies: Monday, November 2, 2026."


def test_g_a_chosen_limit_keeps_its_own_last_day_and_never_shows_an_extension_that_did_not_happen():
    # Received Sat 24 Oct 2026, election Mon 2 Nov. Limit 1: 7 days is Sat 31 Oct, rolled to Mon 2 Nov.
    # Limit 2: the day before the election is Sun 1 Nov, not moved. Limit 2 applies: nominal and due are both
    # Sun 1 Nov (before, the report paired limit 1's Sat 31 Oct with limit 2's Sun 1 Nov). Safe: Fri 30 Oct.
    report = evaluate(ILLINOIS, {"received": "2026-10-24", "respondent_is_candidate": True,
                                 "election_date": "2026-11-02"})
    entry = deadline(report, "election-decision")
    assert (entry["nominal"], entry["due"], entry["safe_date"]) == ("2026-11-01", "2026-11-01", "2026-10-30")


def test_g_an_unknown_election_date_is_an_open_question_not_a_silent_guess():
    report = evaluate(ILLINOIS, {"received": "2026-10-29", "respondent_is_candidate": True})
    entry = deadline(report, "election-decision")
    assert entry["applies"] == "unknown"
    # Limit 1 (7 days after Thu 29 Oct) is Thu 5 Nov; limit 2 cannot be counted without the election date.
    assert (entry["due"], entry["no_later_than"], entry["waiting_on"]) == (None, "2026-11-05", "election_date")
    assert entry["waiting_message"] == ("Not known yet: election day. The limit counted from it may be earlier than "
                                        "Thursday, November 5, 2026, the last day under the other limit.")
    assert any("applies only in some cases" in a for a in entry["assumptions"])


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
    source = "\n".join(p.read_text() for p in Path(__file__).parent.parent.joinpath("core").rglob("*.py"))
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


PATTERNS = load_jurisdiction(str(Path(__file__).parent / "jurisdictions" / "patterns.toml"))


def test_a_deadline_waiting_on_another_asks_for_the_fact_that_can_be_entered():
    # (f): the board decides ten days after the cure period ends, which runs 15 days from the notice served.
    decision = deadline(evaluate(PATTERNS, {"received": "2026-03-02"}), "cure-decision")
    assert decision["waiting_on"] == "deadline:cure-period"
    assert decision["waiting_prompt"] == ("It is counted from the deadline “Respondent may cure”: to see this date, "
                                          "enter the date of “Notice served on the respondent” above.")
    filing = deadline(evaluate(PATTERNS, {}), "filing")  # two limits, both waiting: both facts are asked for
    assert filing["waiting_prompt"] == ("To see this date, enter “The day the complainant knew or should have known "
                                        "of the violation” and enter election day above.")


def test_a_condition_that_a_fact_is_false_is_worded_from_its_question_never_as_not_colon():
    appeal = next(r for r in PATTERNS.rules if r.id == "closed-session-appeal")  # applies_when session_closed = true
    rule = replace(appeal, applies_when=(), applies_unless=appeal.applies_when)
    other = replace(PATTERNS, rules=tuple(rule if r.id == rule.id else r for r in PATTERNS.rules))
    from core.describing import condition_text
    assert condition_text(other, rule) == "Only if the answer to “Was the decision made in a closed session?” is no."
    from core.describing import describe
    from core.model import Condition
    assert describe(ILLINOIS, Condition(fact="respondent_is_candidate", equals=False)) == "the respondent is not a candidate"


def test_a_warning_never_calls_a_closed_holiday_the_day_that_holds_under_every_reading():
    # Violation Mon 26 Oct 2026: day 60 is Fri 25 Dec, Christmas. Thu 24 may close at noon (Christmas Eve), but the
    # office is surely open that morning, so the safe date is Thu 24 Dec before 12:00 p.m.; C.R.S. § 2-4-108 (not
    # confirmed for the City) would carry the last day to Mon 28 Dec.
    filing = evaluate(FORT_COLLINS, {"violation_date": "2026-10-26", "received": "2026-12-28"})["filing"]
    assert filing["warning"] == (
        "On time only under a reading that is not confirmed: the safe date was Thursday, December 24, 2026, before "
        "12:00 p.m. The period "
        "(60 calendar days after the date of the alleged violation) ends on Friday, December 25, 2026, a legal holiday "
        "(Christmas Day); the last day moves to Monday, December 28, 2026 only if the weekend and holiday extension "
        "(C.R.S. § 2-4-108) applies, which is not confirmed.")


def test_every_entry_says_who_acts_and_whom_it_concerns_in_the_names_of_the_people_who_ask():
    report = evaluate(ILLINOIS, {"received": "2026-10-20", "events": {"recommendation-issued": "2026-11-10"}})
    notice = deadline(report, "notice-to-parties")
    assert (notice["acts"], notice["concerns"]) == (["clerk"], ["complainant", "respondent", "clerk"])
    demand = deadline(report, "public-hearing-demand")
    assert (demand["acts"], demand["concerns"]) == (["respondent"], ["respondent", "clerk"])
    cure = next(w for w in evaluate(FORT_COLLINS, {})["windows"] if w["id"] == "cure")
    assert (cure["acts"], cure["closes_when"]) == (["respondent"], "an investigation begins")
    for entry in report["deadlines"] + report["provisions"]:
        assert entry["views"] == [{"clerk": "officials"}.get(p, p) for p in entry["concerns"]]  # schema 1's names


def test_special_counsel_is_never_ruled_out_by_candidacy_alone():
    # § 7-145: special counsel when the respondent is a candidate "or if the City Clerk … determines internal review
    # of the complaint may raise conflict concerns", which the checker is never told.
    def counsel(facts):
        return next(p for p in evaluate(FORT_COLLINS, facts)["provisions"] if p["id"] == "special-counsel")
    assert counsel({"respondent_is_candidate": True})["applies"] == "yes"
    assert counsel({"respondent_is_candidate": False})["applies"] == "unknown"
    assert counsel({})["condition"] == (
        "Only if the respondent is a candidate for an elected position for municipal office, or if the City Clerk, in "
        "consultation with the City Attorney, finds that internal review of the complaint may raise conflict concerns "
        "(which this checker cannot know).")
