"""The complaint letter, in the browser, in English and Spanish (issue 39, items 4 and 5): printed to PDF by
Chromium and read back with pypdf, a typical case is one Letter page holding the blocks its law asks for (the
FEC's declaration under penalty of perjury, oath and notary's part: 52 U.S.C. § 30109(a)(1), "signed and sworn to
by the person filing such complaint, shall be notarized, and shall be made under penalty of perjury"); the saved
file holds the same; the Spanish letter describes the filer in the gender they choose, and keeps the choice; the
procedure's eligibility note is under "May you file?".

A typical case: a complaint of about a hundred words, and a name, address and telephone number.
"""

import io
import re
import unicodedata

import pytest
from pypdf import PdfReader

from conftest import LOAD_TIMEOUT_MS, cli_report, wait_for_results
from core import load_jurisdiction
from core.localize import localized

TODAY = "2026-11-30T12:00:00-05:00"
COMPLAINT = ("On October 6, 2026, the Committee to Elect Pat Example mailed about 4,000 flyers to voters in the "
             "district. The flyers carry no statement of who paid for them. The committee's report for the quarter "
             "lists no expense for printing or postage, although the printer's invoice, which I attach, shows "
             "$6,200 paid by the committee's treasurer. I believe the committee failed to report the expense and "
             "to include the required disclaimer. Copies of two flyers and the invoice are attached.")
CONTACT = "Sam Complainant, 1200 Main Street, Springfield, IL 62701. Telephone 217-555-0100."
FORT_COLLINS = {  # each item of § 7-145(a)(1), as a typical complaint writes it
    "violator-name": "The Committee to Elect Pat Example",
    "provision": "City Code § 7-141 (disclosure of contributions and expenditures)",
    "statement": COMPLAINT,
    "evidence": "Two of the flyers, and the printer's invoice (attached).",
    "witnesses": "Lee Neighbor, who received a flyer: 970-555-0101.",
    "complainant-contact": CONTACT,
}


def flat(text):
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip()


def open_letter(new_page, procedure, lang, facts):
    page = new_page()
    page.clock.set_fixed_time(TODAY)
    prefix = "" if lang == "en" else f"{lang}/"
    page.goto(f"{prefix}{procedure}/index.html#lang={lang}&role=complainant&{facts}")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(page)
    assert page.locator("#draft").is_visible()
    return page


def printed(page):
    """The letter alone, as Chromium prints it on Letter paper: its pages' text."""
    page.evaluate("() => { document.documentElement.dataset.print = 'draft'; }")
    pages = [flat(p.extract_text()) for p in PdfReader(io.BytesIO(page.pdf(format="Letter"))).pages]
    page.evaluate("() => { delete document.documentElement.dataset.print; }")
    return pages


def in_order(text, said):
    """Where each of `said` is in `text`: each must be there, in this order."""
    missing = [words for words in said if flat(words) not in text]
    assert not missing, f"{missing} not in {text}"
    at = [text.index(flat(words)) for words in said]
    assert at == sorted(at), said


def saved(page):
    with page.expect_download() as caught:
        page.click("#draft-save")
    return open(caught.value.path(), encoding="utf-8").read()


BLOCKS = {  # the FEC's blocks, in the letter's words, in the order signed
    "en": ["Declaration under penalty of perjury (52 U.S.C. § 30109(a)(1))",
           "I certify under penalty of perjury that what this complaint states is true and correct.",
           "Verification under oath (52 U.S.C. § 30109(a)(1))",
           "I swear (or affirm) that I have read this complaint and that what it states is true.",
           "Signature:", "Printed name:", "Date signed:",
           "For the notary public (52 U.S.C. § 30109(a)(1))", "Sworn at (state and county):",
           "Sworn to (or affirmed) and signed before me by the person whose printed name appears above.",
           "Signature of notary public:", "My commission expires:", "(Seal)"],
    "es": ["Declaración bajo pena de perjurio (52 U.S.C. § 30109(a)(1))",
           "Certifico bajo pena de perjurio que lo que afirma esta queja es verdadero y correcto.",
           "Verificación bajo juramento (52 U.S.C. § 30109(a)(1))",
           "Juro (o afirmo) que he leído esta queja y que lo que afirma es verdadero.",
           "Firma:", "Nombre en letra de molde:", "Fecha de la firma:",
           "Para el notario público (notary public) (52 U.S.C. § 30109(a)(1))", "Jurado en (estado y condado):",
           "Jurado (o afirmado) y firmado ante mí por la persona cuyo nombre en letra de molde figura arriba.",
           "Firma del notario público:", "Mi nombramiento vence el:", "(Sello)"],
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_fec_letter_prints_on_one_page_with_its_perjury_oath_and_notary_blocks(new_page, lang):
    page = open_letter(new_page, "fec", lang, "violation_date=2026-10-06&complainant_role=any-person")
    report = cli_report("fec", {"violation_date": "2026-10-06", "complainant_role": "any-person"}, lang, "2026-11-30")
    # The procedure's note on who may file is under "May you file?" (it was only in the report).
    assert report["eligibility"]["note"]
    assert flat(report["eligibility"]["note"]) in flat(page.locator("#results .eligibility").inner_text())
    # No words are asked under "Notarized" or "Made under penalty of perjury": those are blocks to complete.
    assert page.locator("#letter textarea").evaluate_all("nodes => nodes.map(n => n.dataset.draft)") == [
        "complaint", "complainant-contact"]
    page.fill("#d-complaint", COMPLAINT)
    page.fill("#d-complainant-contact", CONTACT)
    [text] = printed(page)  # one page
    statement = localized(load_jurisdiction("fec"), lang).role("any-person").statement
    in_order(text, [statement, COMPLAINT, CONTACT, *BLOCKS[lang]])  # who files, the complaint, then each block
    # the law's words are on the screen, beside each block; on paper, its citation only
    assert "section 1001 of title 18" not in text
    assert "section 1001 of title 18" in page.locator("#letter [data-formality='penalty-of-perjury']").inner_text()
    # The file holds the same blocks, each line to fill a rule.
    file = flat(saved(page))
    in_order(file, BLOCKS[lang])
    blank = "________________________________"
    for line in ((BLOCKS[lang][4], blank), (BLOCKS[lang][8], blank), (BLOCKS[lang][11], blank)):
        assert f"{line[0]} {line[1]}" in file, line
    assert "section 1001 of title 18" not in file


@pytest.mark.parametrize("procedure, lang, facts, said", [
    # D.C. Code § 1-1162.13(b)(4): "A verification of the complaint under oath"
    ("dc-bega", "es", "discovered=2026-10-01", ["Verificación bajo juramento", "Juro (o afirmo)"]),
    # Carol Stream § 1-8-11(A): "shall contain the following certification: The undersigned, ______, hereby certify"
    ("carol-stream-ethics", "en", "violation_date=2026-10-06",
     ["Certification", "The undersigned, ________________, hereby certify and affirm that I have read the complaint"]),
])
def test_a_typical_letter_prints_on_one_page_with_the_blocks_its_law_asks_for(new_page, procedure, lang, facts, said):
    page = open_letter(new_page, procedure, lang, facts)
    for field in page.locator("#letter textarea").all():
        field.fill(CONTACT if "contact" in (field.get_attribute("data-draft") or "") else COMPLAINT[:300])
    [text] = printed(page)
    for words in said + [COMPLAINT[:300]]:
        assert flat(words) in text, words
    assert ("Printed name:" if lang == "en" else "Nombre en letra de molde:") in text


def test_the_spanish_letter_describes_the_filer_in_the_gender_they_choose_and_keeps_it(new_page):
    page = open_letter(new_page, "fort-collins", "es", "violation_date=2026-10-06&complainant_role=registered-elector")
    statement = page.locator("#letter-statement")
    choice = page.locator("#letter-gender")
    assert choice.is_visible() and page.is_checked("#letter-gender-masculine")
    assert statement.inner_text() == "Soy elector registrado en la Ciudad de Fort Collins."
    page.check("#letter-gender-feminine")
    assert statement.inner_text() == "Soy electora registrada en la Ciudad de Fort Collins."
    page.check("#f-role-candidate")
    wait_for_results(page)
    assert statement.inner_text() == "Soy candidata."
    # kept on this device, like the letter's words
    page.reload()
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(page)
    assert page.is_checked("#letter-gender-feminine")
    assert statement.inner_text() == "Soy candidata."
    # A typical case, every item written, prints on one page, in the chosen words.
    for item, words in FORT_COLLINS.items():
        page.fill(f"#d-{item}", words)
    [text] = printed(page)
    for words in FORT_COLLINS.values():
        assert flat(words) in text
    assert "Soy candidata." in text and "candidato" not in text
    page.check("#letter-gender-masculine")
    assert statement.inner_text() == "Soy candidato."
    assert "Soy candidato." in saved(page)


def test_an_english_letter_offers_no_gender_to_choose_and_prints_on_one_page(new_page):
    page = open_letter(new_page, "fort-collins", "en", "violation_date=2026-10-06&complainant_role=candidate")
    assert page.locator("#letter-gender").count() == 0
    assert page.locator("#letter-statement").inner_text() == "I am a candidate."
    for item, words in FORT_COLLINS.items():
        page.fill(f"#d-{item}", words)
    [text] = printed(page)
    in_order(text, ["I am a candidate.", *FORT_COLLINS.values(), "Signature:", "Printed name:", "Date signed:"])
    # the headings do not speak to the filer: "Your name, address and telephone number" is the complainant's
    assert "Name, address and telephone number of the complainant" in text and "Your " not in text
