"""The format expresses what real procedures use (docs/sources.md#other-procedures), without Python:
tests/jurisdictions/patterns.toml is a synthetic procedure with one rule per pattern.
Its calendar is the federal one (a Saturday holiday is observed on Friday). Every
expected date below was worked out by hand with a printed calendar."""

from dataclasses import replace
import pytest

from core import evaluate, load_jurisdiction

PATTERNS = load_jurisdiction("tests/jurisdictions/patterns.toml")


def entry(report, rule_id):
    return next(d for d in report["deadlines"] + report["windows"] if d["id"] == rule_id)


def dates(report, rule_id):
    e = entry(report, rule_id)
    return e["nominal"], e["due"], e["safe_date"]


def not_applicable(report):
    return [n["id"] for n in report["not_applicable"]]


def test_anchored_to_when_the_complainant_knew_or_should_have_known():
    # 30 days after Wed 10 June 2026 is Fri 10 July.
    report = evaluate(PATTERNS, {"discovered": "2026-06-10", "election_date": "2026-11-03"})
    assert dates(report, "filing") == ("2026-07-10", "2026-07-10", "2026-07-10")


def test_two_limits_at_once_whichever_comes_first():
    # 30 days after 20 Dec 2026 is Tue 19 Jan 2027; 60 days after the 3 Nov 2026 election is
    # Sat 2 Jan 2027, which runs to Mon 4 Jan under Town Code § 1-2. The earlier applies. The town's counting
    # rule is confirmed, so the extension is law and Mon 4 Jan is also the safe date.
    report = evaluate(PATTERNS, {"discovered": "2026-12-20", "election_date": "2026-11-03"})
    assert dates(report, "filing") == ("2027-01-02", "2027-01-04", "2027-01-04")
    assert entry(report, "filing")["steps"][-1] == "Limit 2 comes first, so it applies: Monday, January 4, 2027."


def test_one_limit_unknown_is_an_open_question_not_on_time():
    # 30 days after Wed 10 June 2026 is Fri 10 July; the 60-days-after-the-election limit cannot be counted and
    # could be earlier, so there is no last day yet, and a complaint received on 1 July is not "on time".
    report = evaluate(PATTERNS, {"discovered": "2026-06-10", "received": "2026-07-01"})
    filing = entry(report, "filing")
    assert (filing["due"], filing["no_later_than"], filing["waiting_on"]) == (None, "2026-07-10", "election_date")
    assert "election day" in filing["waiting_message"]
    assert report["filing"]["status"] == "unknown"


def test_one_limit_unknown_is_still_late_when_the_known_limit_has_passed():
    # Received Mon 13 July 2026, after Fri 10 July: late whatever the election date turns out to be.
    report = evaluate(PATTERNS, {"discovered": "2026-06-10", "received": "2026-07-13"})
    assert (report["filing"]["status"], report["filing"]["certainty"]) == ("late", "late")


def test_business_days_from_an_event():
    # Wed 25 (1), Thanksgiving, Fri 27 (2), Mon 30 (3), Dec 1-4 (4-7), Mon 7 (8), Tue 8 (9), Wed 9 (10).
    report = evaluate(PATTERNS, {"received": "2026-11-20", "events": {"notice-served": "2026-11-24"}})
    assert entry(report, "response")["due"] == "2026-12-09"


def test_months_from_a_report_keep_the_day_or_take_the_month_end():
    # Two months after 31 Dec 2026 is 28 Feb 2027 (no 31st), a Sunday, so Monday 1 March (confirmed: also safe).
    report = evaluate(PATTERNS, {"received": "2026-12-01", "events": {"report-issued": "2026-12-31"}})
    assert dates(report, "report-review") == ("2027-02-28", "2027-03-01", "2027-03-01")
    assert "That month has no day 31, so its last day is used." in entry(report, "report-review")["steps"]


def test_no_later_than_n_days_before_the_election_moves_back():
    # Ten days before Tue 3 Nov 2026 is Sat 24 Oct, moved back to Fri 23 Oct.
    report = evaluate(PATTERNS, {"election_date": "2026-11-03", "respondent_is_candidate": True})
    assert dates(report, "pre-election-disclosure") == ("2026-10-24", "2026-10-23", "2026-10-23")


@pytest.mark.parametrize("received, fast, due", [
    ("2026-10-01", True, "2026-10-08"),   # 33 days before: five business days, Fri 2 to Thu 8 Oct
    ("2026-09-19", True, "2026-09-25"),   # exactly 45 days before: Mon 21 to Fri 25 Sep
    ("2026-09-18", False, "2026-10-19"),  # 46 days before: 30 days is Sun 18 Oct, runs to Mon 19 Oct
    ("2026-06-01", False, "2026-07-01"),  # long before: 30 days is Wed 1 July
])
def test_a_faster_timeline_close_to_an_election(received, fast, due):
    report = evaluate(PATTERNS, {"received": received, "election_date": "2026-11-03"})
    used, unused = ("hearing-fast", "hearing-normal") if fast else ("hearing-normal", "hearing-fast")
    assert entry(report, used)["due"] == due
    assert unused in not_applicable(report)


def test_without_the_election_date_both_timelines_are_shown_as_conditional():
    report = evaluate(PATTERNS, {"received": "2026-10-01"})
    assert entry(report, "hearing-normal")["applies"] == entry(report, "hearing-fast")["applies"] == "unknown"
    assert entry(report, "hearing-normal")["condition"] == (
        "Only if the day the City Clerk receives the complaint is not within the 45 days before election day.")


def test_a_clock_that_starts_when_the_cure_period_ends():
    # Cure: 15 days after Tue 24 Nov 2026 is Wed 9 Dec. Decision: 10 days later is Sat 19 Dec -> Mon 21 Dec, under
    # the town's confirmed rule: the safe date too.
    report = evaluate(PATTERNS, {"received": "2026-11-20", "events": {"notice-served": "2026-11-24"}})
    assert entry(report, "cure-period")["due"] == "2026-12-09"
    assert dates(report, "cure-decision") == ("2026-12-19", "2026-12-21", "2026-12-21")
    waiting = evaluate(PATTERNS, {"received": "2026-11-20"})
    assert entry(waiting, "cure-decision")["waiting_on"] == "deadline:cure-period"
    assert entry(waiting, "cure-decision")["waiting_label"] == "the deadline “Respondent may cure”"


def test_a_clock_that_starts_when_a_rolled_cure_period_ends_is_safe_from_the_unmoved_day():
    # Notice served Fri 27 Nov 2026. Cure: 15 days later is Sat 12 Dec, which runs to Mon 14 Dec (the extension is
    # assumed here, not confirmed); its safe date is Fri 11 Dec. Decision: 10 days after Mon 14 Dec is Thu 24 Dec
    # (open; Christmas is Fri 25 Dec). Counted from the cure period's earliest possible end, Sat 12 Dec, it is Tue
    # 22 Dec, a business day: the latest day that holds whether or not the cure period was extended. (Counting
    # from its safe date, Fri 11 Dec, would give Mon 21 Dec: earlier than any reading needs.)
    assumed = replace(PATTERNS, counting=replace(PATTERNS.counting, status="assumed"))
    report = evaluate(assumed, {"received": "2026-11-20", "events": {"notice-served": "2026-11-27"}})
    assert dates(report, "cure-period") == ("2026-12-12", "2026-12-14", "2026-12-11")
    assert dates(report, "cure-decision") == ("2026-12-24", "2026-12-24", "2026-12-22")
    assert ("The safe date is counted from the earliest day the deadline “Respondent may cure” can end under any "
            "reading, Saturday, December 12, 2026, as well as from its last day under the stated reading, Monday, "
            "December 14, 2026; the earlier gives Tuesday, December 22, 2026.") in entry(report, "cure-decision")["steps"]


def test_clock_hours_across_the_spring_change():
    # 01:00 EDT on Mon 9 March 2026 is 05:00 UTC; 24 hours earlier is 00:00 EST on Sun 8 March (25 on the wall clock).
    report = evaluate(PATTERNS, {"events": {"meeting": "2026-03-09T01:00"}})
    assert entry(report, "meeting-notice")["due_at"] == "2026-03-08T00:00-05:00"


def test_a_condition_on_a_fact_the_procedure_declares():
    facts = {"received": "2026-11-20", "events": {"decision-issued": "2026-12-01"}}
    assert entry(evaluate(PATTERNS, facts | {"session_closed": True}), "closed-session-appeal")["due"] == "2026-12-08"
    assert "closed-session-appeal" in not_applicable(evaluate(PATTERNS, facts | {"session_closed": False}))


def test_a_window_closes_on_its_event():
    report = evaluate(PATTERNS, {"received": "2026-11-20", "events": {"notice-served": "2026-11-24",
                                                                     "decision-issued": "2026-12-01"}})
    assert (entry(report, "settlement")["status"], entry(report, "settlement")["closed"]) == ("closed", "2026-12-01")
