"""Journey: the commission's clerk schedules the sufficiency meeting and checks the
notices owed, including the 48 hours' notice across a clock change."""

from conftest import cli_report, expected_deadline, fill_date, open_checker, shown_deadline


def test_clerk_sees_notices_owed_and_the_48_hour_notice_across_daylight_saving(page):
    open_checker(page, "illinois-model-ethics", "view=officials&violation_date=2026-06-01")
    fill_date(page, "f-received", "2026-10-20")
    fill_date(page, "e-meeting", "2026-11-02T10:00")
    report = cli_report("illinois-model-ethics", {"violation_date": "2026-06-01", "received": "2026-10-20",
                                                   "events": {"meeting": "2026-11-02T10:00"}})
    for rule_id in ("notice-to-parties", "sufficiency-ruling", "hearing-date", "meeting-notice"):
        assert shown_deadline(page, rule_id) == expected_deadline(report, rule_id), rule_id
    # 10:00 CST on 2 Nov minus 48 elapsed hours is 11:00 CDT on Sat 31 Oct (clocks went back on 1 Nov).
    assert shown_deadline(page, "meeting-notice")["due_at"] == "2026-10-31T11:00-05:00"
    notice = page.locator("li.deadline[data-rule='meeting-notice'] .due").inner_text()
    assert "11:00 a.m. CDT, Saturday, October 31, 2026" in notice


def test_deadlines_waiting_on_events_say_what_they_wait_for(page):
    open_checker(page, "illinois-model-ethics", "view=officials&received=2026-10-20")
    assert shown_deadline(page, "decision")["waiting"]
    assert "The hearing (or last recessed hearing) concluded" in page.locator(
        "li.deadline[data-rule='decision'] .due").inner_text()
