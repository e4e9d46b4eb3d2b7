"""Something to keep, in English and Spanish: a calendar file read back with an independent
parser (icalendar), a printout printed to PDF and read back with pypdf, a draft complaint
(Fort Collins) or the ordinance's checklist (Illinois), and a link that says what it holds.
Each is checked against the report the core gives for the same facts, in the same language.

Dates, worked by hand ("today" is Monday, November 30, 2026):
  Fort Collins, complainant: violation Tue 6 Oct 2026; 60 days end Sat 5 Dec; safe date Fri 4 Dec.
  Fort Collins, clerk: received Mon 30 Nov; three working days: Tue 1, Wed 2, Thu 3 Dec.
  Illinois, respondent: recommendation Tue 24 Nov; seven business days, Thanksgiving (Thu 26) skipped: Fri 4 Dec.
  Illinois, clerk: received Fri 20 Nov, meeting Mon 23 Nov 10:00 CST; 48 elapsed hours before it,
  Sat 21 Nov 10:00 CST; (B) three business days, Wed 25 Nov; (C)(1) seven, Wed 2 Dec; (C)(2) four weeks, Fri 18 Dec.
"""

import io
import json
import re
import unicodedata
import urllib.parse
from datetime import date, datetime

import icalendar
import pytest
from pypdf import PdfReader

from conftest import LOAD_TIMEOUT_MS, cli_report, open_link_in_this_tab, wait_for_results
from core import load_jurisdiction
from core.localize import localized

TODAY = "2026-11-30T12:00:00-07:00"
CASES = {
    ("fort-collins", "complainant"): {"violation_date": "2026-10-06", "complainant_role": "registered-elector",
                                      "contents": ["violator-name", "provision"]},
    ("fort-collins", "clerk"): {"violation_date": "2026-10-06", "received": "2026-11-30"},
    ("illinois-model-ethics", "respondent"): {"hearing_closed": True, "events": {"recommendation-issued": "2026-11-24"}},
    ("illinois-model-ethics", "clerk"): {"violation_date": "2026-06-01", "received": "2026-11-20",
                                         "events": {"meeting": "2026-11-23T10:00"}},
}
HAND_WORKED = {  # rule -> the date (or moment) worked out above
    ("fort-collins", "complainant"): {"filing": "2026-12-04"},
    ("fort-collins", "clerk"): {"preliminary-review-notice": "2026-12-03"},
    ("illinois-model-ethics", "respondent"): {"public-hearing-demand": "2026-12-04"},
    # (the notices to the parties, due Wed 25 Nov, are behind the complaint once the meeting of Mon 23 Nov was held)
    ("illinois-model-ethics", "clerk"): {"meeting-notice": "2026-11-21T10:00-06:00",
                                         "sufficiency-ruling": "2026-12-02", "hearing-date": "2026-12-18"},
}
SPANISH_MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
                  "noviembre", "diciembre"]


def fragment(role, facts, lang):
    params = {"lang": lang, "role": role}
    for key, value in facts.items():
        if key == "events":
            params.update({f"event.{k}": v for k, v in value.items()})
        elif key == "contents":
            params[key] = ",".join(value)
        else:
            params[key] = str(value).lower() if isinstance(value, bool) else value
    return urllib.parse.urlencode(params)


def open_case(new_page, jurisdiction, role, lang, **context):
    page = new_page(**context)
    page.clock.set_fixed_time(TODAY)
    prefix = "" if lang == "en" else f"{lang}/"
    page.goto(f"{prefix}{jurisdiction}/index.html#{fragment(role, CASES[(jurisdiction, role)], lang)}")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(page)
    return page, cli_report(jurisdiction, CASES[(jurisdiction, role)], lang, "2026-11-30")


def mine(report, role):
    return [d for d in report["deadlines"] if role in d["concerns"]]


def dated(report, role):
    # a duty done, or behind the complaint (Illinois: the notices, once the meeting has been held), has no event
    return [d for d in mine(report, role) if (d["due"] or d["due_at"]) and d["stake"]["sure"] != "done"]


def flat(text):
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip()


# --- Spanish, and the language in the link ---------------------------------------------------------

@pytest.mark.parametrize("jurisdiction, role", [("fort-collins", "clerk"), ("illinois-model-ethics", "respondent")])
def test_the_spanish_checker_answers_in_spanish_and_the_switch_keeps_the_facts(new_page, jurisdiction, role):
    page, report = open_case(new_page, jurisdiction, role, "es")
    assert page.get_attribute("html", "lang") == "es"
    sentence = page.locator("#answer-sentence").inner_text().split("\n")[-1]
    assert sentence == report["answers"][role]["sentence"]
    # a date inside a sentence, as Spanish writes it there: its article, no comma after the weekday
    assert re.search(r"el (lunes|martes|miércoles|jueves|viernes) \d{1,2} de (noviembre|diciembre) de 2026", sentence)
    assert "lang=es" in page.url
    assert page.locator("#who-chosen-text").inner_text().startswith("Respuesta para")
    # The ordinance quoted in the results stays English, marked as such.
    assert page.locator("#results blockquote[lang='en']").count() >= 1
    page.click("a.language-switch[data-lang='en']")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(page)
    english = cli_report(jurisdiction, CASES[(jurisdiction, role)], "en", "2026-11-30")
    assert page.get_attribute("html", "lang") == "en" and "/es/" not in page.url
    assert page.locator("#answer-sentence").inner_text().split("\n")[-1] == english["answers"][role]["sentence"]
    assert page.get_attribute("#answer", "data-date") == report["answers"][role]["date"]


def test_a_link_asking_for_spanish_opens_the_spanish_page_with_the_same_facts(new_page):
    page = new_page()
    page.clock.set_fixed_time(TODAY)
    page.goto("fort-collins/index.html#" + fragment("clerk", CASES[("fort-collins", "clerk")], "es"))
    page.wait_for_url("**/es/fort-collins/index.html#*")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(page)
    assert page.input_value("#f-received") == "2026-11-30"
    assert page.get_attribute("#answer", "data-date") == "2026-12-03"
    assert "el jueves 3 de diciembre de 2026" in page.locator("#answer-sentence").inner_text()


# --- what a person keeps: the calendar file and the printout, from one page ---------------------------

@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("jurisdiction", sorted({j for j, _ in CASES}))
def test_the_calendar_file_and_the_printout_hold_what_the_person_needs(new_page, jurisdiction, lang):
    # Each person's case in turn, the second one's link opened in the same tab, as a clerk answering two calls.
    roles = [r for j, r in CASES if j == jurisdiction]
    page, report = open_case(new_page, jurisdiction, roles[0], lang)
    for n, role in enumerate(roles):
        if n:
            open_link_in_this_tab(page, fragment(role, CASES[(jurisdiction, role)], lang))
            report = cli_report(jurisdiction, CASES[(jurisdiction, role)], lang, "2026-11-30")
        calendar_file_holds_every_date_of_the_person_as_the_report_has_it(page, report, jurisdiction, role, lang)
        printout_fits_two_letter_pages_and_holds_what_the_person_needs(page, report, role)


def calendar_file_holds_every_date_of_the_person_as_the_report_has_it(page, report, jurisdiction, role, lang):
    with page.expect_download() as caught:
        page.click("#calendar-button")
    download = caught.value
    # Named for the complaint: the day it was received, or of the violation, or else the first other day its facts
    # give, an event's included (Illinois' respondent: the recommendation of Tue 24 Nov), never a hash (issue 39).
    facts = CASES[(jurisdiction, role)]
    days = [facts.get("received"), facts.get("violation_date"), *facts.values(), *(facts.get("events") or {}).values()]
    day = next((v for v in days if isinstance(v, str) and re.match(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", v)), None)
    which = re.escape(day[:10]) if day else "complaint"
    assert (jurisdiction, role) != ("illinois-model-ethics", "respondent") or which == re.escape("2026-11-24")
    assert re.fullmatch(rf"{jurisdiction}-{role}-{which}-{lang}\.ics", download.suggested_filename), download.suggested_filename
    raw = open(download.path(), "rb").read()
    assert b"\r\n" in raw and all(len(line) <= 75 for line in raw.split(b"\r\n"))  # RFC 5545 line folding
    calendar = icalendar.Calendar.from_ical(raw)
    # Each UID names the procedure, the complaint and the duty (core/ics.py): one complaint per file, so one key.
    uids = [str(e["UID"]) for e in calendar.walk("VEVENT")]
    keys = {re.fullmatch(rf"{jurisdiction}-(c[0-9a-f]{{12}})-.+@complaint-checker", uid).group(1) for uid in uids}
    assert len(keys) == 1 and len(set(uids)) == len(uids)
    events = {str(e["UID"]): e for e in calendar.walk("VEVENT")}
    expected = dated(report, role)
    assert len(events) == len(expected) > 0
    assert all(e.walk("VALARM") for e in events.values())
    actors = report["jurisdiction"]["actors"]
    for entry in expected:
        event = events[f"{jurisdiction}-{next(iter(keys))}-{entry['id']}@complaint-checker"]
        start = event.decoded("DTSTART")
        if entry["due_at"]:  # a timed event, in the city's zone, at the very moment the report gives
            assert isinstance(start, datetime) and start == datetime.fromisoformat(entry["due_at"])
            assert str(start.tzinfo) in (report["jurisdiction"]["timezone"], "CST", "CDT")
        else:  # an all-day event on the day at stake (the safe date, while it is ahead)
            assert start == date.fromisoformat(entry["stake"]["day"])
            assert (event.decoded("DTEND") - start).days == 1
        summary, description = str(event["SUMMARY"]), str(event["DESCRIPTION"])
        assert summary.startswith(actors[entry["actor"]]["label"] + ": ")
        assert entry["cite"] in description and entry["text"] in description
        if not entry["due_at"] and entry["safe_date"] != entry["due"]:  # where the safe date differs, the later day is said
            day = date.fromisoformat(entry["due"])
            assert (entry["display"]["due"] if lang == "en" else f"{day.day} de {SPANISH_MONTHS[day.month - 1]}") in description
    worked = HAND_WORKED[(jurisdiction, role)]
    for rule_id, when in worked.items():
        entry = next(d for d in expected if d["id"] == rule_id)
        assert (entry["due_at"] or entry["stake"]["day"]) == when
    assert fill_status(page).startswith("The calendar file" if lang == "en" else "El archivo de calendario")


def fill_status(page):
    return page.locator("#keep-status").inner_text()


def printout_fits_two_letter_pages_and_holds_what_the_person_needs(page, report, role):
    assert page.locator("#print-button").is_visible()
    reader = PdfReader(io.BytesIO(page.pdf(format="Letter")))
    assert 1 <= len(reader.pages) <= 2
    # and no nearly empty last page: a second page holds at least a quarter of what the first does
    sizes = [len(p.extract_text()) for p in reader.pages]
    assert len(sizes) == 1 or sizes[-1] >= sizes[0] / 4, (sizes, reader.pages[-1].extract_text(), role)
    text = flat(" ".join(p.extract_text() for p in reader.pages))
    answer = report["answers"][role]
    assert flat(answer["sentence"]) in text
    for shown in report["facts"]["display"].values():  # the facts entered
        assert flat(shown) in text
    for entry in dated(report, role):  # the dates, their citations, and every step of the count, unfolded
        assert flat(entry["title"]) in text and entry["cite"] in text
        for step in entry["steps"]:
            assert flat(step) in text
    assert flat(report["disclaimer"]) in text
    office = report["jurisdiction"]["filing_office"]
    if office:  # the office, its address, hours and telephone; and, for whoever files, what "by" means in person
        assert flat(", ".join([office["name"], *office["address"]])) in text
        # (what no page gives, or that none was found, is checked in the page: e2e/test_whom_to_contact.py)
        assert all(flat(office[key]) in text for key in ("hours", "phone") if office[key])
        if role == "complainant" and report["filing"]["in_person"]:
            assert flat(report["filing"]["in_person"]) in text
    if report["jurisdiction"]["contact_url"]:
        assert report["jurisdiction"]["contact_url"] in text
    for absent in ("Skip to the main content", "Verify this calculator", "Verificar"):  # the page's chrome is not printed
        assert absent not in text
    if len(reader.pages) == 2:  # no blank half-page: the first page is filled to its foot
        assert lowest_text(reader.pages[0]) < 0.25 * float(reader.pages[0].mediabox.height)


def lowest_text(pdf_page):
    heights = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            heights.append(tm[5] * cm[3] + cm[5])

    pdf_page.extract_text(visitor_text=visit)
    return min(heights)


CALENDAR_MEMORY = "complaint-checker:calendars:fort-collins"


def test_a_calendar_memory_that_cannot_be_read_is_named_and_set_aside_never_blocking_a_download(new_page):
    """Issue 37: this device's memory of earlier calendar files holding null, "str" or [1] (storage damaged, or edited
    by hand) made every calendar download fail ("python: AttributeError…") until the site's data was cleared."""
    page, _ = open_case(new_page, "fort-collins", "clerk", "en")

    def make_calendar_file():
        page.evaluate("() => { document.getElementById('keep-status').textContent = ''; }")
        with page.expect_download() as caught:
            page.click("#calendar-button")
            page.wait_for_function("() => document.getElementById('keep-status').textContent !== ''")
            said = fill_status(page)
            assert said.startswith("The calendar file fort-collins-clerk-2026-11-30-en.ics is ready"), said
        assert caught.value.suggested_filename == "fort-collins-clerk-2026-11-30-en.ics"
        return said

    key = "c0"
    for damaged in ["null", '"str"', "[1]", "{not json", '{"c0": [1], "KEY": {"preliminary-review-notice": 7}}']:
        page.evaluate("([name, value]) => localStorage.setItem(name, value)", [CALENDAR_MEMORY, damaged.replace("KEY", key)])
        said = make_calendar_file()
        assert ("What this device kept of earlier calendar files could not be read, so it was set aside: an event "
                "whose date has moved since an earlier file may not replace that one in a calendar program.") in said
        # What is kept now can be read: the dates this file's events have, under its complaint's key.
        kept = json.loads(page.evaluate("(name) => localStorage.getItem(name)", CALENDAR_MEMORY))
        key = next(k for k in kept if k != "c0")
        assert kept[key]["preliminary-review-notice"]["date"] == "2026-12-03"
    # Set aside once, the memory can be read again: the next file says nothing of it.
    assert "set aside" not in make_calendar_file()


# --- the draft complaint and the checklist ------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_fort_collins_draft_follows_the_code_flags_what_is_missing_and_saves(new_page, lang):
    page, report = open_case(new_page, "fort-collins", "complainant", lang)
    draft = page.locator("#draft")
    assert draft.is_visible()
    assert page.locator("#draft-deadline").inner_text() == report["answers"]["complainant"]["sentence"]
    assert draft.locator(".form-link a").get_attribute("href") == report["jurisdiction"]["complaint_form"]["url"]
    order = draft.locator(".draft-item").evaluate_all("nodes => nodes.map(n => n.dataset.item)")
    assert order == [item["id"] for item in report["contents"]["items"]]  # the code's order
    assert order == ["violator-name", "provision", "statement", "evidence", "witnesses", "complainant-contact"]
    # the checklist already says the complaint names the violator and the provision: only the other four are missing
    assert draft.locator(".draft-item[data-missing='true']").evaluate_all("nodes => nodes.map(n => n.dataset.item)") == [
        "statement", "evidence", "witnesses", "complainant-contact"]
    page.fill("#f-about", "Pat Example")
    assert page.input_value("#d-violator-name") == "Pat Example"  # what the person entered starts the draft
    page.fill("#d-statement", "Mailers paid for by an unregistered committee.")
    page.fill("#d-witnesses", "Sam Witness, 970-555-0100")
    wait_for_results(page)
    assert page.is_checked("#f-content-statement") and page.is_checked("#f-content-witnesses")
    missing = draft.locator(".draft-item[data-missing='true']").evaluate_all("nodes => nodes.map(n => n.dataset.item)")
    assert missing == ["evidence", "complainant-contact"]
    page.uncheck("#f-content-provision")  # no longer said to be in the complaint, and not written here: missing again
    wait_for_results(page)
    missing = draft.locator(".draft-item[data-missing='true']").evaluate_all("nodes => nodes.map(n => n.dataset.item)")
    assert missing == ["provision", "evidence", "complainant-contact"]
    for item in missing:
        assert page.locator(f"#d-{item}-missing").is_visible()
    # None of it went into the link.
    assert "Example" not in page.url and "Mailers" not in page.url and "draft." not in page.url

    # Above the letter, on screen only: the last day, and what it means in person, from the office's own hours.
    # (60 days after Tue 6 Oct 2026 end Sat 5 Dec; the safe date is Fri 4 Dec; the office closes at 17:00.)
    assert page.locator("#draft-in-person").inner_text() == report["filing"]["in_person"]
    assert ("before 5:00 p.m. on Friday, December 4, 2026" if lang == "en"
            else "antes de las 5:00 p. m. del viernes 4 de diciembre de 2026") in report["filing"]["in_person"]

    # The letter as a file: addressee, title, who is filing, each item in the code's order (a line to fill where
    # one is empty), signature and date lines, the City's form; no instructions and no deadline sentence.
    with page.expect_download() as caught:
        page.click("#draft-save")
    saved = open(caught.value.path(), encoding="utf-8").read()
    assert caught.value.suggested_filename == "fort-collins-complaint-draft.txt"
    letter_holds_what_the_code_requires(saved, report, lang)
    # three empty items; signature, printed name, date signed
    assert saved.count("________________________________") == 3 + 3
    # how to reach the office, on the letter and beside the answer (issue 28)
    assert ("Telephone: 970.221.6515." if lang == "en" else "Teléfono: 970.221.6515.") in saved
    assert "970.221.6515" in page.locator("#answer-in-person").inner_text()

    # Printed, the letter alone: read back with an independent parser.
    page.evaluate("() => { document.documentElement.dataset.print = 'draft'; }")
    printed = flat(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(page.pdf(format="Letter"))).pages))
    letter_holds_what_the_code_requires(printed, report, lang)
    assert "Mailers paid for by an unregistered committee." in printed and "Pat Example" in printed

    # A reload, and then a new tab, keep every word: on this device, until cleared.
    page.evaluate("() => { delete document.documentElement.dataset.print; }")
    page.reload()
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    assert page.input_value("#d-statement") == "Mailers paid for by an unregistered committee."
    assert page.input_value("#f-about") == "Pat Example"
    again = page.context.new_page()
    again.goto(page.url)
    again.wait_for_selector("#d-statement")
    again.wait_for_function("() => document.getElementById('d-statement').value !== ''")
    assert again.input_value("#d-statement") == "Mailers paid for by an unregistered committee."
    again.close()
    # Clearing asks first, then empties the letter here and on this device.
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#draft-clear")
    assert page.input_value("#d-statement") == "" and page.input_value("#d-witnesses") == ""
    assert page.locator("#draft-status").inner_text() == ("The draft is cleared from this device." if lang == "en"
                                                          else "El borrador se borró de este dispositivo.")
    page.reload()
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    assert page.input_value("#d-statement") == ""


def letter_holds_what_the_code_requires(text, report, lang):
    flat_text = flat(text)
    office = report["jurisdiction"]["filing_office"]
    for line in [report["jurisdiction"]["actors"]["clerk"]["label"], office["name"], *office["address"]]:
        assert line in flat_text, line
    statement = {"en": "I am a registered elector in the City of Fort Collins.",
                 "es": "Soy elector registrado en la Ciudad de Fort Collins."}[lang]
    assert statement in flat_text
    # each item under the heading the letter gives it (its label, or the file's heading where the label speaks
    # to the filer: "Your name, …")
    j = localized(load_jurisdiction("fort-collins"), lang)
    assert [item.id for item in j.contents] == [item["id"] for item in report["contents"]["items"]]
    labels = [flat(item.heading or item.label) for item in j.contents]
    at = [flat_text.index(label) for label in labels]
    assert at == sorted(at), labels  # every required item, in the code's order
    assert ("Signature:" if lang == "en" else "Firma:") in flat_text
    assert ("Date signed:" if lang == "en" else "Fecha de la firma:") in flat_text
    assert report["jurisdiction"]["complaint_form"]["url"] in flat_text.replace(" ", "")  # a long address wraps
    # none of the page's own words: its instructions, the "still missing" marks, the deadline line above the letter
    for absent in ("Still missing", "Falta todavía", "stays on this device", "se queda en este dispositivo",
                   flat(report["answers"]["complainant"]["sentence"]), "Print the draft", "Imprimir"):
        assert absent not in flat_text, absent


@pytest.mark.parametrize("lang", ["en", "es"])
def test_illinois_lists_what_the_ordinance_asks_of_a_complaint_with_its_source(new_page, lang):
    page = new_page()
    page.clock.set_fixed_time(TODAY)
    prefix = "" if lang == "en" else "es/"
    page.goto(f"{prefix}illinois-model-ethics/index.html#lang={lang}&role=complainant&violation_date=2025-12-05")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(page)
    report = cli_report("illinois-model-ethics", {"violation_date": "2025-12-05"}, lang, "2026-11-30")
    checklist = page.locator("#draft .checklist")
    assert checklist.locator("li").count() == 3
    cites = checklist.locator(".cite a").evaluate_all("nodes => nodes.map(n => n.getAttribute('href'))")
    assert cites == ["law.html#A", "law.html#I"]
    text = checklist.inner_text()
    assert "Complaints alleging a violation of this chapter shall be filed with the ethics commission." in text
    assert "must be filed within one year after the alleged violation" in text
    assert page.locator("#checklist-deadline").inner_text() == report["answers"]["complainant"]["sentence"]
    assert "el viernes 4 de diciembre de 2026" in text if lang == "es" else "Friday, December 4, 2026" in text
    # And a letter to the commission, saying plainly that the ordinance lists no required contents: the person's
    # complaint and how to reach them, a space for the commission's address (the ordinance gives none), and lines
    # to sign and date.
    assert ("lists no required contents" if lang == "en" else "no enumera un contenido obligatorio") in \
        page.locator("#draft .draft-guide").inner_text()
    assert page.locator("#letter-to").inner_text().startswith(report["jurisdiction"]["actors"]["commission"]["label"])
    assert page.locator("#letter-to .blank-line").count() == 1
    assert page.locator("#letter .draft-item").evaluate_all("nodes => nodes.map(n => n.dataset.item)") == [
        "complaint", "complainant-contact"]
    page.fill("#d-complaint", "A trustee voted on a contract with his own firm.")
    with page.expect_download() as caught:
        page.click("#draft-save")
    saved = open(caught.value.path(), encoding="utf-8").read().splitlines()
    # the commission, whom to give it to (the municipal clerk: no page names the municipality's office), then a line
    # to write its address on: the ordinance gives none
    commission = report["jurisdiction"]["actors"]["commission"]["label"]
    assert saved[saved.index(commission) + 1] == report["jurisdiction"]["filing_office"]["name"]
    assert saved[saved.index(commission) + 2] == "________________________________"
    assert "A trustee voted on a contract with his own firm." in saved
    # The letter is filed under (A), which says where complaints are filed, not under (I), the time limit (issue 28).
    cite = "Ord. O-16-04 (A)"
    assert cite in page.inner_text("#letter-title") and "(I)" not in page.inner_text("#letter-title")
    assert any(cite in line for line in saved) and not any("Ord. O-16-04 (I)" in line for line in saved)
    page.evaluate("() => { document.documentElement.dataset.print = 'draft'; }")
    printed = flat(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(page.pdf(format="Letter"))).pages))
    assert "A trustee voted on a contract with his own firm." in printed
    assert ("Signature:" if lang == "en" else "Firma:") in printed
    assert flat(report["answers"]["complainant"]["sentence"]) not in printed


# --- the share link -------------------------------------------------------------------------------

def test_the_share_link_says_what_it_holds_and_leaves_out_free_text_unless_asked(new_page, browser, base_url):
    page = new_page()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.clock.set_fixed_time(TODAY)
    page.goto("fort-collins/index.html#" + fragment("complainant", CASES[("fort-collins", "complainant")], "en"))
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(page)
    assert "Nothing is sent anywhere" in page.locator("#share-explain").inner_text()
    page.fill("#f-about", "Pat Example")
    page.fill("#d-statement", "Mailers.")
    wait_for_results(page)
    page.click("#copy-link")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == page.input_value("#share-url") == page.url
    assert "violation_date=2026-10-06" in copied and "Pat" not in copied and "Mailers" not in copied
    assert page.locator("#keep-status").inner_text() == "The link is copied. Paste it wherever you want to keep it."

    page.check("#share-free-text")
    page.click("#copy-link")
    shared = page.evaluate("() => navigator.clipboard.readText()")
    assert "about=Pat+Example" in shared and "draft.statement=Mailers." in shared

    # Someone else opens it: the same facts, the same answer, and the words the person chose to share.
    other = new_page()
    other.clock.set_fixed_time(TODAY)
    other.goto(shared)
    other.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(other)
    assert other.input_value("#f-about") == "Pat Example" and other.input_value("#d-statement") == "Mailers."
    assert other.get_attribute("#answer", "data-date") == "2026-12-04"
    assert other.is_checked("#share-free-text")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_shared_link_never_replaces_the_letter_kept_on_this_device_without_asking(new_page, lang):
    """Issue 28: opening a link made with "include my words" filled the draft from the link, and the first keystroke
    replaced the letter kept on this device, without asking. (axe finds nothing in the choice, in either language.)"""
    from test_accessibility import violations
    page = new_page(bypass_csp=True)
    page.clock.set_fixed_time(TODAY)
    prefix = "es/" if lang == "es" else ""
    page.goto(f"{prefix}fort-collins/index.html#lang={lang}&role=complainant&violation_date=2026-10-06")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    page.fill("#d-statement", "My own letter, kept here.")
    key = "complaint-checker:fort-collins"
    kept = lambda: page.evaluate("(k) => JSON.parse(localStorage.getItem(k)).texts['d-statement']", key)
    assert kept() == "My own letter, kept here."
    # A link from someone else, with their words, opened in the same browser (another tab).
    page = page.context.new_page()
    page.clock.set_fixed_time(TODAY)
    page.goto(f"{prefix}fort-collins/index.html#lang={lang}&role=complainant&violation_date=2026-10-06&share=words"
              "&draft.statement=Their+words.")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    assert page.input_value("#d-statement") == "Their words." and page.is_visible("#words-choice")
    assert violations(page) == []
    page.type("#d-statement", " And more.")  # a keystroke does not replace what this device keeps
    assert kept() == "My own letter, kept here."
    page.click("#words-keep-device")
    assert page.input_value("#d-statement") == "My own letter, kept here." and page.is_hidden("#words-choice")
    assert kept() == "My own letter, kept here."
    assert page.locator("#keep-status").inner_text() == ("The words kept on this device are back; the link's were not "
                                                        "kept." if lang == "en" else "Volvió el texto guardado en este "
                                                        "dispositivo; el del enlace no se guardó.")
