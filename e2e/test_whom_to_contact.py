"""Whom to contact, in the page (issue 39, item 3): the answer, the printout (print media), the letter and the
box that says the calculator could not start all name the office that receives complaints, as a page cited beside
it gives it, and say what no page gives, in English and Spanish.

The expected words are the procedure's data and the core's sentences, through the command line (cli_report);
what the FEC's page gives is written out by hand (docs/sources.md#contact-pages): the Office of General Counsel,
1050 First Street, NE, Washington, DC 20463, for the U.S. Postal Service, and no telephone, e-mail or hours."""

import re

import pytest

from conftest import LOAD_TIMEOUT_MS, cli_report, open_checker

FEC_FACTS = "violation_date=2026-10-06"


def flat(text):
    return re.sub(r"\s+", " ", text or "").strip()


def office_of(jurisdiction, lang):
    return cli_report(jurisdiction, {}, lang)["jurisdiction"]["filing_office"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_respondent_is_told_where_to_send_a_written_response(page, lang):
    # The FEC respondent "sends the Commission a written response": the answer now says where.
    open_checker(page, ("" if lang == "en" else "es/") + "fec", f"lang={lang}&{FEC_FACTS}", role="respondent")
    office = office_of("fec", lang)
    contact = page.locator("#answer #answer-contact")
    summary = contact.locator("summary")
    assert summary.is_visible()  # one line on the answer, naming the office
    assert flat(summary.inner_text()) == (("Whom to contact: " if lang == "en" else "A quién contactar: ") + office["name"])
    summary.click()  # it opens on the rest
    shown = flat(contact.inner_text())
    by_mail = "By mail:" if lang == "en" else "Por correo postal:"
    assert f"{by_mail} 1050 First Street, NE, Washington, DC 20463" in shown
    assert office["missing_sentence"] in shown and office["not_known"] in shown
    page_cited = contact.locator("a[href='https://www.fec.gov/legal-resources/enforcement/complaints-process/"
                                 "how-to-file-complaint-with-fec/']")
    assert page_cited.inner_text() == "How to file a complaint with the FEC (Federal Election Commission)"
    assert office["sources"][0]["read_on_display"] in shown  # "read on Wednesday, December 2, 2026"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_printout_says_whom_to_contact_and_what_no_page_gives(page, lang):
    open_checker(page, ("" if lang == "en" else "es/") + "dc-bega", f"lang={lang}&violation_date=2026-10-06",
                 role="complainant")
    office = office_of("dc-bega", lang)
    page.emulate_media(media="print")
    printout = page.locator("#printout")
    assert printout.is_visible() and not page.locator("#answer").is_visible()
    text = flat(printout.locator(".printout-office").inner_text())
    assert text.startswith(", ".join([office["name"], *office["address"]]))
    assert ("Telephone: (202) 535-1002." if lang == "en" else "Teléfono: (202) 535-1002.") in text
    assert office["missing_sentence"] in text  # no e-mail address or hours on the Board's pages
    main = office["sources"][0]  # the page the details come from, and the day it was read (the others on screen)
    assert f"{main['url']} ({main['read_on_display']})" in text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_procedure_with_no_page_says_so_on_the_answer_the_printout_and_the_letter(page, lang):
    open_checker(page, ("" if lang == "en" else "es/") + "illinois-model-ethics",
                 f"lang={lang}&violation_date=2026-10-06", role="complainant")
    office = office_of("illinois-model-ethics", lang)
    page.click("#answer-contact summary")
    assert office["not_found"] in flat(page.locator("#answer-contact").inner_text())
    # the letter: the office to give it to, then a line to write its address on, none being known
    letter_to = page.locator("#letter-to")
    assert office["name"] in flat(letter_to.text_content()) and letter_to.locator(".blank-line").count() == 1
    page.emulate_media(media="print")
    assert office["not_found"] in flat(page.locator("#printout .printout-office").inner_text())


def test_the_letter_is_addressed_to_the_office_its_page_gives(page):
    open_checker(page, "fec", FEC_FACTS, role="complainant")
    page.click("#answer-draft")
    letter_to = flat(page.locator("#letter-to").inner_text())
    assert letter_to == ("Federal Election Commission Office of General Counsel, Federal Election Commission "
                         "By mail: 1050 First Street, NE, Washington, DC 20463")
    assert page.locator("#letter-to .blank-line").count() == 0  # the address is known: no line to fill


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_calculator_that_cannot_start_offers_whom_to_contact(page, lang):
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.watch.expect("pyodide.asm.wasm", "Failed to load resource")
    page.goto(("" if lang == "en" else "es/") + "hawaii-ethics/index.html")
    page.wait_for_selector("html[data-failed='network']", timeout=LOAD_TIMEOUT_MS)
    office = office_of("hawaii-ethics", lang)
    box = page.locator("#status-contact")
    assert box.is_visible()
    shown = flat(box.inner_text())
    for expected in (office["name"], "1001 Bishop St. #970", "Honolulu, HI 96813", "(808) 587-0460", office["hours"],
                     office["missing_sentence"]):
        assert expected in shown, expected
    # trying again hides it until the calculator fails again
    page.unroute("**/pyodide.asm.wasm")
    page.click("#try-again")
    assert box.is_hidden()


def test_scripts_that_never_start_still_leave_whom_to_contact(page):
    page.route("**/app.js", lambda route: route.fulfill(status=404, body="gone"))
    page.watch.expect("app.js", "Failed to load resource")
    page.goto("bethel-ethics/index.html")
    notice = page.locator(".scripts-failed-contact")
    notice.wait_for(state="visible", timeout=10_000)
    shown = flat(notice.inner_text())
    office = office_of("bethel-ethics", "en")
    assert office["name"] in shown and "City Hall, 300 Chief Eddie Hoffman Highway" in shown
    assert "This procedure's sources give no telephone number, e-mail address or opening hours for this office." in shown
