"""Journey: a resident checks an ethics complaint under the Illinois model ordinance."""

from conftest import cli_report, fill_date, open_checker


def test_complainant_filing_on_the_extended_day_is_warned(page):
    page.clock.set_fixed_time("2026-12-02T12:00:00-06:00")  # a day before the planned one, whatever the year now
    open_checker(page, "illinois-model-ethics")
    fill_date(page, "f-violation_date", "2026-02-12")
    fill_date(page, "f-received", "2027-02-16")
    report = cli_report("illinois-model-ethics", {"violation_date": "2026-02-12", "received": "2027-02-16"})
    filing = page.locator(".card.filing")
    times = filing.locator("time").evaluate_all("nodes => nodes.map(n => n.getAttribute('datetime'))")
    # One year after is Fri 12 Feb 2027 (Lincoln's Birthday); Presidents Day follows; Tue 16 Feb; safe Thu 11 Feb.
    assert times[:3] == [report["filing"]["safe_date"], report["filing"]["deadline"], report["filing"]["nominal"]] \
        == ["2027-02-11", "2027-02-16", "2027-02-12"]
    assert filing.locator(".status-line").get_attribute("data-status") == "timely"
    # Tue 16 Feb 2027 is after today (Wednesday 2 December 2026): a planned day, on time only under the
    # reading that moves the last day off Lincoln's Birthday and Presidents Day
    assert "Your planned day is on time only if a point not yet confirmed holds." in filing.inner_text()


def test_anyone_may_file_and_no_contents_are_listed(page):
    open_checker(page, "illinois-model-ethics", "violation_date=2028-02-29")
    assert page.locator("#f-complainant_role").count() == 0
    assert page.locator(".card.eligibility .status-line").inner_text() == "Yes, you may file."
    assert "does not list required contents" in page.locator(".card.contents").inner_text()
    assert page.locator(".card.filing time").first.get_attribute("datetime") == "2029-02-28"
