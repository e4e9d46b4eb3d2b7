"""Bad input gets a message next to the field, naming what is wrong; what the person
typed stays where it was; the page never breaks."""

from conftest import open_checker, wait_for_results


def field_error(page, field_id):
    node = page.locator(f"#{field_id}-error")
    return node.inner_text() if node.is_visible() else ""


def test_received_before_the_violation_is_explained_next_to_the_field(page):
    open_checker(page, "fort-collins", "violation_date=2026-06-05")
    page.fill("#f-received", "2026-06-04")
    wait_for_results(page)
    # the same way of writing a date as everywhere else, never ISO
    assert field_error(page, "f-received") == ("Thursday, June 4, 2026 is before the alleged violation (Friday, June 5, 2026); "
                                               "a complaint cannot be filed before it")
    assert page.get_attribute("#f-received", "aria-invalid") == "true"
    assert page.locator("#error-summary a[href='#f-received']").count() == 1
    assert page.input_value("#f-received") == "2026-06-04"
    assert page.input_value("#f-violation_date") == "2026-06-05"


def test_a_date_outside_the_supported_range(page):
    # Illinois takes violations from Sunday 1 January 2023 to Wednesday 31 December 2036, and later dates (the
    # complaint received, each step, the election) as far as its calendar covers: Friday 31 December 2038.
    open_checker(page, "illinois-model-ethics")
    page.fill("#f-violation_date", "2037-01-02")
    wait_for_results(page)
    assert field_error(page, "f-violation_date") == ("Friday, January 2, 2037 is outside the supported range, "
                                                     "Sunday, January 1, 2023 to Wednesday, December 31, 2036")
    # the answer names the field in words, never as the key the core uses
    assert page.locator("#answer-sentence").inner_text() == (
        "Date of the alleged violation: Friday, January 2, 2037 is outside the supported range, Sunday, January 1, "
        "2023 to Wednesday, December 31, 2036")
    # a later date may go as far as the calendar covers (2038): an election in 2037 is counted
    page.fill("#f-violation_date", "2036-12-01")
    page.fill("#f-election_date", "2037-11-03")
    wait_for_results(page)
    assert field_error(page, "f-election_date") == ""
    page.fill("#f-election_date", "2039-11-08")
    wait_for_results(page)
    assert field_error(page, "f-election_date") == ("Tuesday, November 8, 2039 is outside the supported range, "
                                                    "Sunday, January 1, 2023 to Friday, December 31, 2038")
    assert page.locator("#supported-range").inner_text().startswith(
        "This checker works with violations from Sunday, January 1, 2023 to Wednesday, December 31, 2036, and with "
        "the dates that follow them (the complaint received, each step) up to Friday, December 31, 2038.")


def test_a_half_typed_date_is_flagged_and_kept(page):
    open_checker(page, "fort-collins")
    page.click("#f-violation_date")
    page.keyboard.type("0305")  # month and day, no year yet
    page.focus("#f-received")
    page.wait_for_selector("#f-violation_date-error:visible")
    # the format the field itself shows in this browser (en-US: month, day, year), not the ISO one
    assert field_error(page, "f-violation_date") == "This date is not complete: write it in full, as mm/dd/yyyy."


def test_a_bad_value_in_a_link_is_reported_and_the_rest_still_works(page):
    open_checker(page, "fort-collins", "violation_date=2026-13-45&received=2026-05-05&bogus=1&complainant_role=mayor")
    assert "“2026-13-45”" in field_error(page, "f-violation_date")
    assert "“mayor”" in field_error(page, "f-complainant_role")
    assert "ignored" in page.locator("#error-summary").inner_text()
    assert page.input_value("#f-received") == "2026-05-05"
    page.fill("#f-violation_date", "2026-03-06")
    wait_for_results(page)
    assert field_error(page, "f-violation_date") == ""
    assert page.locator(".card.filing .status-line").get_attribute("data-status") == "timely"
