"""Journey: a respondent after a closed hearing reads their window to demand a public
hearing, and what an election changes."""

from conftest import cli_report, expected_deadline, fill_date, open_checker, shown_deadline, wait_for_results


def test_respondent_sees_the_public_hearing_demand_deadline(page):
    open_checker(page, "illinois-model-ethics", "violation_date=2026-06-01&received=2026-10-20&view=respondent")
    page.check("#f-hearing_closed-true")
    wait_for_results(page)
    fill_date(page, "e-hearing-concluded", "2026-12-01")
    fill_date(page, "e-recommendation-issued", "2026-12-22")
    report = cli_report("illinois-model-ethics", {
        "violation_date": "2026-06-01", "received": "2026-10-20", "hearing_closed": True,
        "events": {"hearing-concluded": "2026-12-01", "recommendation-issued": "2026-12-22"}})
    # Seven business days after Tue 22 Dec 2026, skipping Christmas and New Year's Day: Mon 4 Jan 2027.
    assert shown_deadline(page, "public-hearing-demand") == expected_deadline(report, "public-hearing-demand")
    assert shown_deadline(page, "public-hearing-demand")["due"] == "2027-01-04"


def test_an_open_hearing_means_no_demand_and_says_why(page):
    open_checker(page, "illinois-model-ethics", "received=2026-10-20&respondent_is_candidate=false")
    page.check("#f-hearing_closed-false")
    wait_for_results(page)
    assert page.locator("li.deadline[data-rule='public-hearing-demand']").count() == 0
    assert "Does not apply" in page.locator(".not-applicable [data-rule='public-hearing-demand']").inner_text()


def test_a_candidate_near_an_election_gets_an_earlier_decision(page):
    open_checker(page, "illinois-model-ethics", "violation_date=2026-06-01&received=2026-10-29")
    page.check("#f-respondent_is_candidate-true")
    wait_for_results(page)
    fill_date(page, "f-election_date", "2026-11-03")
    report = cli_report("illinois-model-ethics", {"violation_date": "2026-06-01", "received": "2026-10-29",
                                                   "respondent_is_candidate": True, "election_date": "2026-11-03"})
    assert shown_deadline(page, "election-decision") == expected_deadline(report, "election-decision")
    assert shown_deadline(page, "election-decision")["due"] == "2026-11-02"
