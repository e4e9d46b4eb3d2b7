"""From the answer to a complaint a person can file, and the page's signals around it: the draft is one
Tab press from the answer, the spoken answer carries its status, the tab names the person and the date,
and a calculator that failed to load can be started again.

"Today" is Monday 30 November 2026 in Fort Collins. The dates: a violation on Tue 6 Oct 2026; 60 days
after it end Sat 5 Dec, so the last day is Mon 7 Dec if the weekend extends it, and the safe date is
Fri 4 Dec (§ 7-145(a))."""

import pytest

from conftest import LOAD_TIMEOUT_MS, open_link_in_this_tab, open_on, wait_for_results

TODAY = "2026-11-30T12:00:00-07:00"
ON_TIME = "role=complainant&violation_date=2026-10-06&complainant_role=registered-elector"


def opened(new_page, path):
    return open_on(new_page, path, TODAY)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_draft_is_one_tab_press_from_the_answer(new_page, lang):
    prefix = "" if lang == "en" else "es/"
    page = opened(new_page, f"{prefix}fort-collins/index.html#lang={lang}&{ON_TIME}")
    # The answer says what filing by the safe date means in person, and what the code leaves open.
    in_person = page.locator("#answer-in-person").inner_text()
    assert (("before 5:00 p.m. on Friday, December 4, 2026, at the City Clerk's Office" in in_person
             and "after 5 p.m." in in_person) if lang == "en" else
            ("antes de las 5:00 p. m. del viernes 4 de diciembre de 2026" in in_person and "5 p. m." in in_person))
    page.focus("#answer-how")  # the answer's first link
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "answer-draft"
    assert page.locator("#answer-draft").inner_text() == ("Draft your complaint" if lang == "en"
                                                          else "Prepare el borrador de su queja")
    page.keyboard.press("Enter")
    page.wait_for_function("() => { const box = document.getElementById('draft-heading').getBoundingClientRect();"
                           " return box.top > -2 && box.top < window.innerHeight; }")
    page.wait_for_function("() => window.location.hash.includes('violation_date=2026-10-06')")  # the facts stay
    # Only whoever files is offered it.
    page.click("#who-change")
    page.click("#who-respondent")
    wait_for_results(page)
    assert page.locator("#answer-draft").is_hidden() and page.locator("#draft").is_hidden()


def test_the_spoken_answer_carries_its_status_and_the_tab_names_the_person_and_date(new_page):
    page = opened(new_page, f"fort-collins/index.html#{ON_TIME}")
    assert page.locator("#answer").get_attribute("data-status") == "certain"
    assert page.title().startswith("Complainant, Friday, December 4, 2026 · Fort Collins")
    # On Wed 9 Dec, a complaint received on Mon 7 Dec: on time only if the weekend extends the period (amber).
    page.clock.set_fixed_time("2026-12-09T12:00:00-07:00")
    open_link_in_this_tab(page, ON_TIME + "&received=2026-12-07")
    assert page.locator("#answer").get_attribute("data-status") == "relies"
    spoken = page.locator("#results-announce").text_content()
    status = page.locator("#answer-sentence .answer-status").inner_text()
    assert status and spoken.startswith(status + ". ")
    assert spoken.endswith(page.locator("#answer-sentence").inner_text().split("\n")[-1].removeprefix(status).strip())
    # Received on Tue 8 Dec: late under every reading (red).
    open_link_in_this_tab(page, ON_TIME + "&received=2026-12-08")
    assert page.locator("#answer").get_attribute("data-status") == "late"
    spoken = page.locator("#results-announce").text_content()
    assert spoken.startswith(page.locator("#answer-sentence .answer-status").inner_text() + ". ") and "Late" in spoken


def test_a_killed_wasm_download_offers_try_again_and_it_answers(new_page):
    page = new_page()
    page.clock.set_fixed_time(TODAY)
    killed = []

    def first_attempt_fails(route):
        if not killed:
            killed.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/pyodide.asm.wasm", first_attempt_fails)
    page.watch.expect("pyodide.asm.wasm", "net::ERR_FAILED", "Failed to load", "wasm")
    page.goto(f"fort-collins/index.html#{ON_TIME}")
    page.wait_for_selector("html[data-failed]", timeout=LOAD_TIMEOUT_MS)
    assert page.locator("#try-again").is_visible() and page.locator("#try-again").inner_text() == "Try again"
    page.fill("#f-received", "2026-12-01")  # entered while it was down: kept
    page.click("#try-again")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(page)
    assert page.get_attribute("html", "data-failed") is None and page.locator("#try-again").is_hidden()
    assert page.locator("#answer").get_attribute("data-status") == "certain"
    assert "Tuesday, December 1, 2026" in page.locator("#answer-sentence").inner_text()
