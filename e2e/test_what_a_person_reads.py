"""What the page says around the answer, for the person asking: hints written for them, a missing fact
asked for with a link to its field, their own next step before the dates that have passed, their options
in the printout, and a calendar message that speaks to the facts they entered.

Dates are worked out by hand in each test; "today" is Monday 30 November 2026 in the city.
"""

import io
import re
import unicodedata

from pypdf import PdfReader

from conftest import LOAD_TIMEOUT_MS, open_link_in_this_tab, open_on, wait_for_results

TODAY = "2026-11-30T12:00:00-07:00"


def open_page(new_page, path):
    return open_on(new_page, path, TODAY)


def flat(text):
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip()


def test_the_receipt_hint_speaks_to_the_person_asking(new_page):
    page = open_page(new_page, "fort-collins/index.html#role=complainant")
    assert "the day you plan to file" in page.inner_text("#f-received-hint")
    for role, words in (("respondent", "the complaint about you"), ("clerk", "the office received")):
        page.click("#who-change")
        page.click(f"#who-{role}")
        wait_for_results(page)
        hint = page.inner_text("#f-received-hint")
        assert words in hint and "plan" not in hint and "filed yet" not in hint


def test_a_fact_the_answer_asks_for_is_a_link_that_takes_the_focus_to_its_field(new_page):
    # 60 days after Tue 6 Oct 2026 end Sat 5 Dec; safe Fri 4 Dec. Who is filing is not said.
    page = open_page(new_page, "fort-collins/index.html#role=complainant&violation_date=2026-10-06")
    assert page.get_attribute("#answer", "data-status") == "waiting"
    link = page.locator("#answer-asks a")
    assert link.inner_text() == "Who is filing?"
    link.click()
    assert page.evaluate("() => document.activeElement.name") == "complainant_role"
    page.check("#f-role-candidate")
    wait_for_results(page)
    assert page.get_attribute("#answer", "data-status") == "certain"
    assert page.locator("#answer-asks").is_hidden()


def test_the_respondent_sees_their_options_in_the_printout_and_why_no_calendar_date(new_page):
    # Forwarded Mon 23 Nov 2026: paying the fine, responsive information and a cure are open; nothing is dated.
    page = open_page(new_page, "fort-collins/index.html#role=respondent&event.complaint-forwarded=2026-11-23")
    text = flat(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(page.pdf(format="Letter"))).pages))
    assert "What you may do" in text
    for title in ("Respondent may pay the presumptive fine", "Respondent may send responsive information to the City Clerk",
                  "Respondent may provide evidence of a cure"):
        assert title in text
    assert "Closes when an investigation begins, which may be before" in text
    page.click("#calendar-button")
    page.wait_for_selector("#keep-status:has-text('nothing to put in a calendar')")
    status = page.inner_text("#keep-status")
    assert "enter the facts" not in status
    assert status.endswith("You may provide evidence of a cure now, but only while it is still before an investigation "
                           "begins: that can happen before you are told of it, so do not wait.")


def test_the_respondents_own_next_step_comes_before_the_dates_that_have_passed(new_page):
    # Received Tue 10 Nov 2026. (B) notice: Wed 11 (1), Thu 12 (2), Fri 13 Nov (3) — passed. (C)(1) ruling: seven
    # business days, Thu 19 Nov — passed. (C)(2) hearing: four weeks, Tue 8 Dec. (F): a demand within seven business
    # days of the recommendation of Tue 24 Nov: Wed 25 (1), Thu 26 Thanksgiving, Fri 27 (2), Mon 30 (3) … Fri 4 Dec (7).
    page = open_page(new_page, "illinois-model-ethics/index.html#role=respondent&received=2026-11-10&hearing_closed=true"
                               "&event.recommendation-issued=2026-11-24")
    assert page.locator(".yours li.item").evaluate_all("nodes => nodes.map(n => n.dataset.rule)") == ["public-hearing-demand"]
    printed = page.locator("#printout .printout-date").evaluate_all("nodes => nodes.map(n => n.dataset.rule)")
    assert printed == ["public-hearing-demand"]  # their own step, first, and the only date still to act on
    # The recommendation was issued on Tue 24 Nov: the notice, the ruling, the hearing and the decision (and the (G)
    # decision before an election) are behind the complaint.
    done = page.locator("#printout .printout-done [data-rule]").evaluate_all("nodes => nodes.map(n => n.dataset.rule)")
    assert set(done) == {"notice-to-parties", "sufficiency-ruling", "hearing-date", "decision", "election-decision"}


def test_another_link_opened_in_the_same_tab_shows_its_own_facts(new_page):
    page = open_page(new_page, "fort-collins/index.html#role=clerk&received=2026-11-25&violation_date=2026-10-06")
    open_link_in_this_tab(page, "role=complainant&violation_date=2026-10-01&complainant_role=candidate")
    assert page.get_attribute("html", "data-role") == "complainant"
    assert page.input_value("#f-received") == "" and page.input_value("#f-violation_date") == "2026-10-01"
    assert page.is_checked("#f-role-candidate")
    # 60 days after Thu 1 Oct 2026: Mon 30 Nov, today, a business day
    assert page.locator("#answer-sentence").inner_text().endswith(
        "File today, Monday, November 30, 2026: it is the last day to file.")


def test_an_anchor_on_the_page_keeps_the_facts_in_the_address_bar(new_page):
    page = open_page(new_page, "fort-collins/index.html#role=clerk&received=2026-11-25")
    page.click("a.skip-to-answer, a[href='#answer']")
    assert page.input_value("#f-received") == "2026-11-25" and page.get_attribute("html", "data-role") == "clerk"
    assert "received=2026-11-25" in page.url and "role=clerk" in page.url
    page.reload()
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(page)
    assert page.input_value("#f-received") == "2026-11-25"


def test_a_code_with_no_time_limit_shows_the_reading_that_rests_on_beside_it(new_page):
    """Carol Stream's three complaint sections set no time limit, but the rest of its ethics article could not be
    read: the filing card says both, the second open beside the first, in each language."""
    page = open_page(new_page, "carol-stream-ethics/index.html#role=complainant&violation_date=2026-10-01&received=2026-11-30")
    card = page.locator(".card.filing")
    assert flat(card.locator(".status-line").inner_text()) == (
        "Carol Stream Code § 1-8-11(A) sets no time limit for filing a complaint: a complaint may be filed at any time.")
    reading = card.locator("details[open]")
    assert "The rest of Article 8 was not read; no time limit is known from it." in flat(reading.inner_text())
    page = open_page(new_page, "es/carol-stream-ethics/index.html#role=complainant&violation_date=2026-10-01&received=2026-11-30")
    reading = page.locator(".card.filing details[open]")
    assert "No se leyó el resto del artículo 8; no se conoce ningún plazo en él." in flat(reading.inner_text())
