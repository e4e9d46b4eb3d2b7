"""What a person acts on, in the page (issue 27): the amber plan, the clerk's overdue notice first, and the desk's row
on the day actually at stake, then marked done, and a day the office records as closed. Every date is worked out
by hand (tests/test_what_a_person_acts_on.py has the same states in CPython, with the arithmetic):

Fort Collins § 7-145(a), violation Tue 12 Oct 2027: day 60 is Sat 11 Dec; the safe date is Fri 10 Dec; only
C.R.S. § 2-4-108 (not confirmed for the City) carries it to Mon 13 Dec, the day the person plans to file.
Illinois (B), received Mon 22 Nov 2027: Tue 23 (1), Wed 24 (2), Thu 25 Thanksgiving, Fri 26 (3): passed by Mon 29.
Fort Collins, preliminary review, received Mon 22 Nov 2027: Tue 23 (1), Wed 24 (2), Thu 25 Thanksgiving; Fri 26
(3) if the City opens (so the safe date is Wed 24), else Mon 29 (3). On Mon 29 the day still at stake is Mon 29.
"""

import icalendar

from conftest import LOAD_TIMEOUT_MS
from test_the_office_desk import add_from_checker, download, duties, wait_for_desk


def at(new_page, path, now):
    page = new_page()
    page.clock.set_fixed_time(now)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(path)
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector("#results[data-state='done']", timeout=LOAD_TIMEOUT_MS)
    return page


def test_a_plan_that_holds_only_under_a_reading_is_amber_and_an_error_keeps_nothing_of_it(new_page):
    page = at(new_page, "fort-collins/index.html#role=complainant&violation_date=2027-10-12&received=2027-12-13"
                        "&complainant_role=candidate", "2027-11-30T10:00:00-07:00")
    assert page.get_attribute("#answer", "data-status") == "relies"
    assert " ".join(page.inner_text("#answer-sentence").split()) == (
        "Relies on a point that is not confirmed File by Friday, December 10, 2027. The day you plan, Monday, "
        "December 13, 2027, is on time only if the weekend and holiday extension (C.R.S. § 2-4-108) applies.")
    # File by Fri 10 Dec, in person before 5:00 p.m. Then a violation date the procedure does not cover (2035): an
    # error, and neither that in-person line nor anything else of the answer stays.
    assert page.is_visible("#answer-in-person") and "before 5:00 p.m." in page.inner_text("#answer-in-person")
    before = page.get_attribute("#results", "data-answered")
    page.fill("#f-violation_date", "2035-01-01")
    page.wait_for_selector(f"#results[data-state='done']:not([data-answered='{before}'])", timeout=LOAD_TIMEOUT_MS)
    assert page.get_attribute("#answer", "data-status") == "error"
    assert page.is_hidden("#answer-in-person") and page.text_content("#answer-in-person") == ""
    assert page.is_hidden("#answer-asks") and page.is_hidden("#answer-detail")


def test_the_clerk_reads_the_overdue_notice_first(new_page):
    page = at(new_page, "illinois-model-ethics/index.html#role=clerk&received=2027-11-22&respondent_is_candidate=false",
              "2027-11-29T10:00:00-06:00")
    assert page.get_attribute("#answer", "data-status") == "late"
    sentence = " ".join(page.inner_text("#answer-sentence").split())
    assert sentence.startswith("Late: a last day has passed Past its last day: to send the notice to the respondent and the "
                               "confirmation to the complainant, due by Friday, November 26, 2027; if it has not been "
                               "done, it is late. Next: to notify both parties of its ruling")


def test_the_desk_row_is_on_the_day_at_stake_and_the_office_can_mark_it_done_or_record_the_day(new_page):
    page = at(new_page, "fort-collins/index.html#role=clerk", "2027-11-29T10:00:00-07:00")
    add_from_checker(page, "2027-11-22", "FC-27", violation="2027-11-01")
    page.click("#answer-desk")
    wait_for_desk(page)
    # The safe date (Wed 24) has passed; today may be the last day, if the City closed on Fri 26.
    assert duties(page)[0] == ["FC-27", "preliminary-review-notice", "2027-11-29", "this_week"]
    row = page.locator("#desk-duties tr[data-duty='preliminary-review-notice']")
    assert "holds only if the office is closed on Friday, November 26, 2027" in row.inner_text()
    ics = download(page, "#desk-calendar")
    event = icalendar.Calendar.from_ical(open(ics.path(), "rb").read()).walk("VEVENT")[0]
    assert str(event.decoded("DTSTART")) == "2027-11-29"

    # The office says it was closed on Fri 26 Nov: Mon 29 is then the last day, certain.
    page.fill("#desk-day", "2027-11-26")
    page.check("#desk-day-closed")
    page.click("#desk-day-record")
    page.wait_for_function("() => document.getElementById('desk-message-text').textContent.startsWith('Recorded')")
    wait_for_desk(page)
    assert "Closed on Friday, November 26, 2027" in page.inner_text("#desk-days-list")
    assert "Certain: this is the code's last day" in row.inner_text()

    # Marked done: it leaves the week and the calendar, and can be taken back.
    row.get_by_role("button", name="Mark done: notify both parties of the preliminary review, for FC-27").click()
    page.wait_for_function("() => document.getElementById('desk-message-text').textContent.startsWith('Marked done')")
    wait_for_desk(page)
    assert page.get_attribute("#desk-duties tr[data-duty='preliminary-review-notice']", "data-status") == "done"
    assert "Marked done on Monday, November 29, 2027." in row.inner_text()
    page.click("#desk-calendar")
    page.wait_for_function("() => document.getElementById('desk-message-text').textContent.includes('nothing to put')")
    row.get_by_role("button", name="Not done after all: notify both parties of the preliminary review, for FC-27").click()
    page.wait_for_function("() => document.getElementById('desk-message-text').textContent.includes('owed again')")
    wait_for_desk(page)
    assert page.get_attribute("#desk-duties tr[data-duty='preliminary-review-notice']", "data-status") == "this_week"

    # Dismissed, once Save is pressed (issue 39): nothing more is owed on it; its dated duty stays in sight, retired.
    page.select_option("#desk-complaints select[data-standing]", "dismissed")
    page.click("#desk-complaints button[data-save]")
    page.wait_for_function("() => document.getElementById('desk-message-text').textContent.startsWith('Saved “FC-27”')")
    wait_for_desk(page)
    assert [d[3] for d in duties(page) if d[0] == "FC-27"] == ["retired"]
    assert "Dismissed: nothing more is owed on it." in page.inner_text("#desk-complaints")


def test_the_desks_new_states_in_spanish_have_no_accessibility_violations(new_page):
    """A duty marked done, a day recorded as closed, where a complaint stands, and a stored complaint that cannot be
    read: axe finds nothing, in Spanish, on a phone."""
    from test_accessibility import PHONE, violations
    page = new_page(viewport=PHONE, bypass_csp=True)
    page.clock.set_fixed_time("2027-11-29T10:00:00-07:00")
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto("es/fort-collins/index.html#lang=es&role=clerk&violation_date=2027-11-01&received=2027-11-22")
    page.wait_for_selector("#results[data-state='done']", timeout=LOAD_TIMEOUT_MS)
    page.fill("#desk-label", "FC-ES")
    page.click("#desk-add-button")
    page.wait_for_function("() => document.getElementById('desk-add-status').textContent.includes('FC-ES')")
    page.evaluate("""() => new Promise((resolve) => {
        const open = indexedDB.open('complaint-checker-desk');
        open.onsuccess = () => { const tx = open.result.transaction('complaints', 'readwrite');
          tx.objectStore('complaints').put({procedure: 'fort-collins', id: 'Mal', label: 'FC-MAL', facts: {},
            added: '', changed: '', dates: {}, revision: 1}); tx.oncomplete = resolve; };
    })""")
    page.goto("es/fort-collins/desk.html")
    page.wait_for_selector("#desk[data-state='done']", timeout=LOAD_TIMEOUT_MS)
    page.fill("#desk-day", "2027-11-26")
    page.click("#desk-day-record")
    page.wait_for_function("() => document.getElementById('desk-message-text').textContent.startsWith('Anotado')")
    page.wait_for_selector("#desk[data-state='done']", timeout=LOAD_TIMEOUT_MS)
    page.locator("#desk-duties button[data-done]").first.click()
    page.wait_for_function("() => document.getElementById('desk-message-text').textContent.startsWith('Marcado')")
    page.wait_for_selector("#desk-duties tr[data-status='done']", timeout=LOAD_TIMEOUT_MS)
    assert page.is_visible("#desk-unreadable") and "Cerró el" in page.inner_text("#desk-days-list")
    assert violations(page) == []
