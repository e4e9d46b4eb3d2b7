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


def test_dates_after_the_pre_election_decision_are_flagged_as_conflicts(page):
    # (G): received Sat 24 Oct 2026, election (as entered) Mon 2 Nov. The decision is due by the day
    # before the election, Sun 1 Nov (seven days after receipt is Sat 31 Oct, moved to Mon 2 Nov;
    # the earlier limit wins). Sufficiency ruling, 7 business days (C-1): Mon 26 (1), Tue 27 (2),
    # Wed 28 (3), Thu 29 (4), Fri 30 (5), Mon 2 Nov (6), Tue 3 Nov general-election day (closed
    # under the file's reading), Wed 4 Nov (7). Hearing date, four weeks (C-2): Sat 24 Oct + 28 days
    # = Sat 21 Nov, moved to Mon 23 Nov. Both fall after Sun 1 Nov, so the page must say so.
    open_checker(page, "illinois-model-ethics", "role=clerk&violation_date=2026-06-01&received=2026-10-24"
                 "&respondent_is_candidate=true&election_date=2026-11-02")
    conflicts = page.locator("section.conflicts")
    conflicts.wait_for()
    text = conflicts.inner_text()
    assert "Wednesday, November 4, 2026 is after Sunday, November 1, 2026" in text
    assert "Monday, November 23, 2026 is after Sunday, November 1, 2026" in text
    ruling = page.locator("li.deadline[data-rule='sufficiency-ruling'] .warning").inner_text()
    assert "Ord. O-16-04 (G)" in ruling and "election day, Monday, November 2, 2026" in ruling
