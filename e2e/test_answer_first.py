"""The answer first, for each person: whoever asks chooses who they are, enters the facts they
know in the order they know them, and reads one sentence for them, in the first screen, on
a phone and on a desktop, in the colour of its certainty, with dates written one way.

Every expected sentence and date below is worked out by hand from the ordinance and a
calendar, with the count beside it; "today" is Monday, November 30, 2026 in the city.
"""

import re
import time

import pytest

from conftest import LOAD_TIMEOUT_MS, wait_for_results

TODAY = "2026-11-30T12:00:00-07:00"  # noon in Denver (and 1 p.m. in Chicago) on Monday 30 November 2026
PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 800}
COLOURS = {"certain": "rgb(30, 107, 52)", "relies": "rgb(122, 77, 0)", "late": "rgb(164, 38, 44)"}
WRITTEN_DATE = re.compile(r"(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), "
                          r"(January|February|March|April|May|June|July|August|September|October|November|December) "
                          r"\d{1,2}, \d{4}")

JOURNEYS = {
    # Fort Collins, § 7-145(a): "no later than 60 days after". Tue 6 Oct 2026 + 60 days: 25 days to Sat 31 Oct,
    # 30 in November (55), 5 in December (60) = Sat 5 Dec. The last business day on or before it is Fri 4 Dec
    # (the safe date); C.R.S. § 2-4-108 would carry the day to Mon 7 Dec, if it governs a home-rule city.
    ("fort-collins", "complainant"): {
        "fields": {"f-violation_date": "2026-10-06", "f-role-registered-elector": True},
        "sentence": "File by Friday, December 4, 2026.", "date": "2026-12-04", "status": "certain",
        "detail": "The period (60 calendar days after the date of the alleged violation) ends on Saturday, December 5, "
                  "2026, a weekend day; the last day moves to Monday, December 7, 2026 only if the weekend and holiday "
                  "extension (C.R.S. § 2-4-108) applies, which is not confirmed."},
    # § 7-145 (investigation): additional information within ten working days of the notice of Mon 30 Nov:
    # Tue 1–Fri 4 Dec (4), Mon 7–Fri 11 (9), Mon 14 Dec (10). No holiday or possible closure in between.
    ("fort-collins", "respondent"): {
        "fields": {"e-complaint-forwarded": "2026-11-23", "e-investigation-notice": "2026-11-30"},
        "sentence": "Your next deadline: get any additional information to the City Clerk by Monday, December 14, 2026.",
        "date": "2026-12-14", "status": "certain", "detail": None},
    # § 7-145 (preliminary review): within three working days of receipt on Wed 25 Nov. Thu 26 is Thanksgiving.
    # Fri 27 may or may not be a City closure: open, it is day 1, so Mon 30 (2) and Tue 1 Dec (3), the safe date;
    # closed, Mon 30 (1), Tue 1 (2), Wed 2 Dec (3).
    ("fort-collins", "clerk"): {
        "fields": {"f-received": "2026-11-25"},
        "sentence": "The office owes one thing: to notify both parties of the preliminary review by Tuesday, December 1, 2026.",
        "date": "2026-12-01", "status": "certain",
        "detail": "The code's last day may be Wednesday, December 2, 2026, if the office is closed on "
                  "Friday, November 27, 2026 (Day after Thanksgiving)."},
    # Ord. O-16-04 (I): "within one year after". Fri 5 Dec 2025 + one year = Sat 5 Dec 2026; safe Fri 4 Dec;
    # 5 ILCS 70/1.11 (assumed) would carry it to Mon 7 Dec. Mon 7 Dec, a week ahead, is the day the person plans
    # to file: the safe date leads, and the plan is on time only under that reading, so the answer is amber.
    ("illinois-model-ethics", "complainant"): {
        "fields": {"f-violation_date": "2025-12-05", "f-received": "2026-12-07"},
        "sentence": "File by Friday, December 4, 2026. The day you plan, Monday, December 7, 2026, is on time only if "
                    "the weekend and holiday extension (5 ILCS 70/1.11) applies.",
        "date": "2026-12-04", "status": "relies",
        "detail": "The period (one year after the date of the alleged violation) ends on Saturday, December 5, 2026, "
                  "a weekend day; the last day moves to Monday, December 7, 2026 only if the weekend and holiday "
                  "extension (5 ILCS 70/1.11) applies, which is not confirmed."},
    # (F): a demand within seven business days after the recommendation of Tue 24 Nov: Wed 25 (1), Thu 26 is
    # Thanksgiving, Fri 27 (2), Mon 30 (3), Tue 1 (4), Wed 2 (5), Thu 3 (6), Fri 4 Dec (7).
    ("illinois-model-ethics", "respondent"): {
        "fields": {"f-hearing_closed-true": True, "e-recommendation-issued": "2026-11-24"},
        "sentence": "Your next deadline: file a written demand for a public hearing by Friday, December 4, 2026.",
        "date": "2026-12-04", "status": "certain", "detail": None},
    # (B) three business days after receipt on Wed 25 Nov: Thu 26 Thanksgiving, Fri 27 (1), Mon 30 (2), Tue 1 Dec (3).
    # Also owed: the (C)(1) ruling, seven business days (Mon 7 Dec); and only if the complaint is found sufficient, the
    # (C)(2) hearing, four weeks (Wed 23 Dec). The respondent is not a candidate, so (G) does not apply.
    ("illinois-model-ethics", "clerk"): {
        "fields": {"f-received": "2026-11-25", "f-respondent_is_candidate-false": True},
        "sentence": "The office owes 2 things; the next is to send the notice to the respondent and the confirmation "
                    "to the complainant by Tuesday, December 1, 2026. If the complaint is found sufficient to allege a "
                    "violation of § 103.10 and there is probable cause, it must also hold the hearing by Wednesday, "
                    "December 23, 2026.",
        "date": "2026-12-01", "status": "certain", "detail": None},
}


def open_as_of_today(new_page, viewport, jurisdiction, fragment="", timezone=None, now=TODAY):
    page = new_page(viewport=viewport, timezone=timezone)
    page.clock.set_fixed_time(now)
    page.goto(f"{jurisdiction}/index.html" + (f"#{fragment}" if fragment else ""))
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    return page


def enter(page, fields):
    for field, value in fields.items():
        if value is True:
            page.check(f"#{field}")
        else:
            page.fill(f"#{field}", value)
        wait_for_results(page)


def answer_of(page):
    return {"sentence": page.locator("#answer-sentence").inner_text().split("\n")[-1].strip(),
            "date": page.get_attribute("#answer", "data-date"),
            "status": page.get_attribute("#answer", "data-status"),
            "spoken": page.locator("#results-announce").text_content(),
            "label": page.locator("#answer-sentence .answer-status").inner_text(),
            "colour": page.eval_on_selector("#answer", "node => getComputedStyle(node).borderLeftColor"),
            "detail": page.locator("#answer-detail").inner_text() if page.locator("#answer-detail").is_visible() else None}


def in_first_screen(page, selector, viewport, lines=None):
    """The element is in the first screen: whole, or with `lines`, at least its first lines (where an answer
    leads with the date to act by and explains after it)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    box = page.locator(selector).bounding_box()
    if box is None or box["y"] < 0:
        return False
    if lines:
        line = page.eval_on_selector(selector, "node => parseFloat(getComputedStyle(node).lineHeight)")
        return box["y"] + min(box["height"], lines * line) <= viewport["height"]
    return box["y"] + box["height"] <= viewport["height"]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("jurisdiction", sorted({j for j, _ in JOURNEYS}))
def test_each_person_reads_their_answer_in_the_first_screen(new_page, jurisdiction, viewport):
    # Each person in turn; after the first, the tab opens a link that names no one and no fact, so the
    # page starts again from "who is asking?", as on a first visit.
    page = open_as_of_today(new_page, viewport, jurisdiction)
    for n, role in enumerate(r for j, r in JOURNEYS if j == jurisdiction):
        if n:
            page.evaluate("() => { window.location.hash = 'lang=en'; }")
            page.wait_for_selector("#facts", state="hidden")
        person_reads_their_answer_in_the_first_screen(page, JOURNEYS[(jurisdiction, role)], role, viewport)


def person_reads_their_answer_in_the_first_screen(page, case, role, viewport):
    assert page.locator("#facts").is_hidden()  # no role in the link: the page asks who is asking first
    page.click(f"#who-{role}")
    enter(page, case["fields"])

    answer = answer_of(page)
    assert answer["sentence"] == case["sentence"]
    assert answer["date"] == case["date"]
    assert answer["status"] == case["status"] and answer["colour"] == COLOURS[case["status"]]
    # the polite live region says the same sentence, after its status
    assert answer["spoken"] == (f"{answer['label']}. " if answer["label"] else "") + case["sentence"]
    assert answer["detail"] == case["detail"]
    assert in_first_screen(page, "#answer-sentence", viewport, lines=2)
    assert f"role={role}" in page.url

    # One way to write a date, everywhere on the page: never ISO, never a zone name like America/Chicago.
    text = page.locator("main").inner_text()
    assert WRITTEN_DATE.search(answer["sentence"])
    assert not re.search(r"\b\d{4}-\d{2}-\d{2}\b", text)
    assert "America/" not in text and "UTC" not in text
    assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]


def test_a_late_filer_is_told_what_they_can_still_do_and_whom_to_ask(new_page):
    # 60 days after Tue 6 Oct 2026 end Sat 5 Dec, extended at most to Mon 7 Dec; Tue 8 Dec is late under every reading.
    page = open_as_of_today(new_page, PHONE, "fort-collins", "role=complainant&violation_date=2026-10-06&received=2026-12-08",
                            now="2026-12-09T12:00:00-07:00")
    wait_for_results(page)
    answer = answer_of(page)
    assert answer["sentence"] == ("Late: the complaint was received on Tuesday, December 8, 2026, after the last day, "
                                  "Monday, December 7, 2026.")
    assert answer["status"] == "late" and answer["colour"] == COLOURS["late"]
    assert "what you can still do" in answer["detail"]
    contact = page.locator("#answer-detail a")
    assert contact.inner_text() == "the Fort Collins City Clerk's Office or your own lawyer"
    assert contact.get_attribute("href") == "https://www.fcgov.com/cityclerk/"
    # and wherever the page says whom to ask, that is a link too
    assert page.locator("#results-disclaimer a").get_attribute("href") == "https://www.fcgov.com/cityclerk/"


def test_passed_dates_are_marked_as_passed(new_page):
    # Received Wed 25 Nov 2026; the Clerk's three working days ended by Tue 1 Dec at the latest. As of
    # Wednesday 2 December, the preliminary-review date is behind us.
    page = open_as_of_today(new_page, DESKTOP, "fort-collins", "role=clerk&received=2026-11-25",
                            now="2026-12-03T12:00:00-07:00")
    wait_for_results(page)
    item = page.locator("li.deadline[data-rule='preliminary-review-notice']")
    assert "(passed)" in item.locator(".due").first.inner_text()


def test_today_is_the_citys_today_whatever_the_browsers_time_zone(new_page):
    # 23:30 on Monday 30 November in Denver is 01:30 on Tuesday 1 December in New York, where the browser is.
    # 60 days after Thu 1 Oct 2026: 30 in October, 30 in November = Mon 30 Nov, the last day. Filed "today"
    # in Fort Collins, the complaint is on time; with the browser's date it would be a day late.
    page = open_as_of_today(new_page, DESKTOP, "fort-collins",
                            "role=complainant&violation_date=2026-10-01&complainant_role=candidate",
                            timezone="America/New_York", now="2026-12-01T06:30:00Z")
    assert page.evaluate("() => new Date().getDate()") == 1  # the browser thinks it is December 1
    page.click("#use-today")
    wait_for_results(page)
    assert page.input_value("#f-received") == "2026-11-30"
    answer = answer_of(page)
    assert answer["status"] == "certain"
    assert answer["sentence"] == "On time: received today, Monday, November 30, 2026, within the period under every reading."


def tab_until_in_answer(page, presses=3):
    """Tab up to `presses` times; how many it took to reach the answer panel, or None."""
    for count in range(1, presses + 1):
        page.keyboard.press("Tab")
        if page.evaluate("() => Boolean(document.activeElement.closest('#answer'))"):
            return count
    return None


# Every deciding field, in the order the page asks for them, typed with the keyboard alone.
KEYBOARD = {
    # 60 days after Tue 6 Oct 2026 end Sat 5 Dec (safe Fri 4 Dec); received today, Mon 30 Nov, is within them. Who is
    # filing is not said, and only electors and candidates may: the answer says so, and asks.
    ("fort-collins", "complainant"): ({"f-violation_date": "2026-10-06", "f-received": "2026-11-30"},
                                      "On time: received today, Monday, November 30, 2026, within the period under every "
                                      "reading. Only a registered elector in the City or a candidate may file: say which "
                                      "you are."),
    ("illinois-model-ethics", "complainant"): (JOURNEYS[("illinois-model-ethics", "complainant")]["fields"],
                                               JOURNEYS[("illinois-model-ethics", "complainant")]["sentence"]),
    # (B) within three business days of Wed 25 Nov 2026: Fri 27 (1), Mon 30 (2), Tue 1 Dec (3). Nothing says whether the
    # respondent is a candidate, so (G) may apply: a decision seven days after filing, Wed 2 Dec.
    ("illinois-model-ethics", "clerk"): ({"f-received": "2026-11-25"},
                                         "The office owes 2 things; the next is to send the notice to the respondent and "
                                         "the confirmation to the complainant by Tuesday, December 1, 2026. If the "
                                         "respondent is a candidate and the day the Ethics commission receives the "
                                         "complaint is within the 60 days before election day, it must also render its "
                                         "decision by Wednesday, December 2, 2026 at the latest. To know, answer “Is the "
                                         "respondent a candidate in an election?” and enter election day."),
    **{key: (case["fields"], case["sentence"]) for key, case in JOURNEYS.items()
       if key[1] != "complainant" and key != ("illinois-model-ethics", "clerk")},
}


def focus_reaches(page, field, seconds=5):
    """Whether the focus is on `field` within a few seconds: the page moves it once it has drawn the form,
    which a busy machine may not have done by the time the key press returns."""
    deadline = time.monotonic() + seconds
    while page.evaluate("() => document.activeElement.id") != field:
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(50)
    return True


@pytest.mark.parametrize("jurisdiction, role", list(KEYBOARD), ids=[f"{j}-{r}" for j, r in KEYBOARD])
def test_a_keyboard_alone_reaches_the_answer_within_three_tabs_of_the_last_field(new_page, jurisdiction, role):
    fields, sentence = KEYBOARD[(jurisdiction, role)]
    page = open_as_of_today(new_page, DESKTOP, jurisdiction)
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.textContent") == "Skip to the main content"
    page.keyboard.press("Enter")
    # From the main content, Tab to this person's button and press it: the first question takes the focus.
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id") == f"who-{role}":
            break
    page.keyboard.press("Enter")
    wait_for_results(page)
    for field, value in fields.items():
        assert focus_reaches(page, field)  # the form asks in the order they know
        if value is True:
            page.keyboard.press("Space")
        else:
            year, month, day = value.split("-")
            page.keyboard.type(month + day + year)  # the date field's own parts: month, day, year
        wait_for_results(page)
        if field != list(fields)[-1]:
            while page.evaluate("() => document.activeElement.id") == field or \
                    page.evaluate("() => document.activeElement.type") == "radio":  # the rest of a field or group
                page.keyboard.press("Tab")
    # The last field is filled; the answer is at most three Tab presses on (a date field's own calendar
    # button in Chromium takes one of them).
    assert tab_until_in_answer(page) is not None
    assert page.evaluate("() => document.activeElement.getAttribute('aria-describedby')") == "answer-sentence"
    assert answer_of(page)["sentence"] == sentence


def test_changing_who_is_asking_keeps_every_fact_and_answers_the_new_person(new_page):
    page = open_as_of_today(new_page, PHONE, "illinois-model-ethics",
                            "role=complainant&violation_date=2025-12-05&received=2026-11-20&hearing_closed=true"
                            "&event.recommendation-issued=2026-11-24")
    wait_for_results(page)
    assert answer_of(page)["sentence"] == ("On time: received on Friday, November 20, 2026, within the period "
                                           "under every reading.")
    page.click("#who-change")
    page.click("#who-respondent")
    wait_for_results(page)
    assert answer_of(page)["sentence"] == JOURNEYS[("illinois-model-ethics", "respondent")]["sentence"]
    assert page.input_value("#f-violation_date") == "2025-12-05" and page.input_value("#f-received") == "2026-11-20"
    assert page.is_checked("#f-hearing_closed-true")
    # the respondent's own deadline leads the results; the complainant's cards are gone
    assert page.locator(".yours li.deadline").first.get_attribute("data-rule") == "public-hearing-demand"
    assert page.locator(".card.filing").count() == 0
    page.click("#who-change")
    page.click("#who-clerk")
    wait_for_results(page)
    # received Fri 20 Nov; a recommendation issued Tue 24 Nov: the notice, the ruling, the hearing and the decision are
    # behind the complaint, and what comes next waits on a demand for a public hearing.
    assert answer_of(page)["sentence"] == ("Nothing is due from the office yet. Its next duty, to hold the public "
                                           "hearing, comes after the date of “Demand for a public hearing received”.")


def test_links_made_before_the_person_first_page_still_open(new_page):
    page = open_as_of_today(new_page, DESKTOP, "fort-collins", "violation_date=2026-10-06&view=officials&received=2026-11-25")
    wait_for_results(page)
    assert page.get_attribute("html", "data-role") == "clerk"
    assert answer_of(page)["sentence"] == JOURNEYS[("fort-collins", "clerk")]["sentence"]


def test_every_provision_has_a_place_and_terms_are_explained(new_page):
    page = open_as_of_today(new_page, DESKTOP, "fort-collins", "role=respondent&event.complaint-forwarded=2026-11-23")
    wait_for_results(page)
    page.check("#show-everything")
    text = page.locator("#results").inner_text()
    for title in ("The City's complaint form", "A dismissed complaint stops at that stage", "Who pays a penalty"):
        assert title in text
    assert page.locator("#results a[href^='https://www.fcgov.com']").count() >= 1  # the City's own form
    glossary = page.locator(".glossary").inner_text()
    for term in ("cure", "presumptive fine", "amicus curiae brief"):
        assert term in glossary
