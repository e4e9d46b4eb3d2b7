"""Journey: a respondent in Fort Collins enters when the complaint reached them and
when the investigation notice came, and reads their windows and deadlines."""

from conftest import choose_role, cli_report, expected_deadline, fill_date, open_checker, shown_deadline

FACTS = {"violation_date": "2026-05-01", "received": "2026-06-01",
         "events": {"complaint-forwarded": "2026-06-02", "investigation-notice": "2026-07-01"}}


def test_respondent_reads_their_windows_after_an_investigation_notice(page):
    open_checker(page, "fort-collins", "violation_date=2026-05-01&received=2026-06-01")
    fill_date(page, "e-complaint-forwarded", "2026-06-02")
    fill_date(page, "e-investigation-notice", "2026-07-01")
    choose_role(page, "respondent")

    report = cli_report("fort-collins", FACTS)
    # Ten business days after Wed 1 July 2026. Fri 3 July is not a Colorado holiday (4 July, a Saturday, is
    # not moved), but the City closed on that Friday in 2020 and may again: if it is closed, Thu 2 (1), Mon 6 (2)
    # ... Thu 16 July (10); if open, Wed 15 July (10), the safe date.
    assert shown_deadline(page, "additional-information") == expected_deadline(report, "additional-information")
    assert shown_deadline(page, "additional-information")["due"] == "2026-07-16"
    assert next(d for d in report["deadlines"] if d["id"] == "additional-information")["safe_date"] == "2026-07-15"

    windows = {w["id"]: w["status"] for w in report["windows"]}
    for rule_id in ("cure", "pay-fine", "responsive-information"):
        assert page.locator(f"li.window[data-rule='{rule_id}']").get_attribute("data-status") == windows[rule_id]
    assert windows["cure"] == "closed" and windows["pay-fine"] == "open"
    assert "Closed on Wednesday, July 1, 2026" in page.locator("li.window[data-rule='cure']").inner_text()


def test_the_respondent_view_leaves_out_what_only_officials_do(page):
    open_checker(page, "fort-collins", "violation_date=2026-05-01&received=2026-06-01", role="clerk")
    assert page.locator("[data-rule='sufficiency']").count() == 1
    choose_role(page, "respondent")
    assert page.locator("[data-rule='sufficiency']").count() == 0
    assert page.locator("li.deadline[data-rule='preliminary-review-notice']").count() == 1
    assert "role=respondent" in page.url
    # every fact entered is kept
    assert page.input_value("#f-violation_date") == "2026-05-01" and page.input_value("#f-received") == "2026-06-01"
