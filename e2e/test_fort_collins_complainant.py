"""Journey: an elector in Fort Collins checks whether they may file, whether they are
on time, and what their complaint still lacks."""

from conftest import cli_report, fill_date, open_checker, wait_for_results

FACTS = {"violation_date": "2026-05-05", "received": "2026-07-06", "complainant_role": "registered-elector",
         "contents": ["violator-name", "provision", "statement", "evidence"]}


def shown_times(locator):
    return locator.locator("time").evaluate_all("nodes => nodes.map(n => n.getAttribute('datetime'))")


def test_complainant_checks_timeliness_and_contents(page):
    open_checker(page, "fort-collins")
    fill_date(page, "f-violation_date", FACTS["violation_date"])
    fill_date(page, "f-received", FACTS["received"])
    page.check("#f-role-registered-elector")
    wait_for_results(page)
    for item in FACTS["contents"]:
        page.check(f"#f-content-{item}")
        wait_for_results(page)

    report = cli_report("fort-collins", FACTS)
    filing = page.locator(".card.filing")
    assert filing.locator(".status-line").get_attribute("data-status") == report["filing"]["status"] == "timely"
    # Day 60 is Saturday 4 July 2026; it runs to Monday 6 July; the safe date, shown first, is Thursday 2 July
    # (the City closed on the Friday before a Saturday Independence Day in 2020, and may again).
    assert shown_times(filing) == [report["filing"]["safe_date"], report["filing"]["deadline"],
                                   report["filing"]["nominal"]] == ["2026-07-02", "2026-07-06", "2026-07-04"]
    assert "On time only under a reading that is not confirmed" in filing.inner_text()

    missing = page.locator(".card.contents li").evaluate_all("nodes => nodes.map(n => n.dataset.item)")
    assert missing == report["contents"]["missing"] == ["witnesses", "complainant-contact"]
    assert page.locator(".card.eligibility .status-line").inner_text() == "Yes, you may file."


def test_a_late_complaint_from_someone_not_allowed_to_file(page):
    open_checker(page, "fort-collins", "violation_date=2026-03-06&received=2026-05-06&complainant_role=other")
    assert page.locator(".card.filing .status-line").get_attribute("data-status") == "late"
    assert page.locator(".card.eligibility .status-line").inner_text() == "No, not under this procedure."


def test_the_citation_opens_the_paragraph_of_law(page):
    open_checker(page, "fort-collins", "violation_date=2026-03-06")
    page.locator(".card.filing .cite a").click()
    page.wait_for_url("**/fort-collins/law.html#a")
    paragraph = page.locator("section#a")
    assert "no later than 60 days after the alleged violation has occurred" in paragraph.inner_text()


def test_the_state_survives_a_reload(page):
    open_checker(page, "fort-collins")
    fill_date(page, "f-violation_date", "2026-03-06")
    page.check("#f-content-evidence")
    wait_for_results(page)
    page.reload()
    page.wait_for_selector("html[data-ready]")
    wait_for_results(page)
    assert page.input_value("#f-violation_date") == "2026-03-06"
    assert page.is_checked("#f-content-evidence")
    assert page.locator(".card.filing time").first.get_attribute("datetime") == "2026-05-05"
