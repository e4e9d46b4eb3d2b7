"""Journey: the City Clerk enters the day a complaint arrived and sees what is owed,
by when, and how each date was counted."""

from conftest import cli_report, expected_deadline, fill_date, open_checker, shown_deadline


def test_clerk_sees_the_preliminary_review_deadline_and_its_count(page):
    open_checker(page, "fort-collins", "view=officials")
    fill_date(page, "f-violation_date", "2025-11-01")
    fill_date(page, "f-received", "2025-11-25")
    report = cli_report("fort-collins", {"violation_date": "2025-11-01", "received": "2025-11-25"})
    # Wed 26 (1); Thanksgiving and the City's closure on 27 and 28 November; Mon 1 (2); Tue 2 December (3).
    assert shown_deadline(page, "preliminary-review-notice") == expected_deadline(report, "preliminary-review-notice")
    assert shown_deadline(page, "preliminary-review-notice")["due"] == "2025-12-02"

    item = page.locator("li.deadline[data-rule='preliminary-review-notice']")
    item.locator("summary", has_text="How this date was counted").click()
    steps = item.locator("ol li").all_inner_texts()
    assert steps == expected_deadline_steps(report, "preliminary-review-notice")
    assert any("Thursday, November 27, 2025, a legal holiday (Thanksgiving Day)" in s for s in steps)
    assert item.locator("blockquote").inner_text().startswith("The City Clerk, in consultation with the City Attorney")


def test_clerk_view_marks_stages_the_code_sets_no_deadline_for(page):
    open_checker(page, "fort-collins", "view=officials&received=2026-06-01")
    stage = page.locator("li.stage[data-stage='stage-evidentiary-review']")
    assert "No deadline set by the code." in stage.inner_text()
    assert page.locator("li.deadline[data-rule='filing']").count() == 0  # the complainant's, not the clerk's


def expected_deadline_steps(report, rule_id):
    return next(d for d in report["deadlines"] if d["id"] == rule_id)["steps"]
