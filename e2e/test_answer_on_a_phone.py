"""The answer on a phone's first screen (issue 39). On a common phone (375×667) and a narrow one (320×700), once a
person has entered the facts that decide their answer, the answer's first lines are on the first screen, for each
person (complainant, respondent, clerk), on four procedures, in English and Spanish. The questions stay one step away
("Change the facts"), and the page's own order, which a screen reader and the keyboard follow, stays the questions
and then the answer.

What is measured is where the answer is, not what it says (the sentences are worked out in test_answer_first.py and
the worked cases): every date each person is asked is Monday 2 November 2026, four weeks before "today", Monday
30 November, and whoever files says they are a registered elector where the answer waits for who files. The
first screen is the viewport's height at the top of the page: the answer's status line and the first line of its
sentence are within it.
"""

import pytest

from conftest import LOAD_TIMEOUT_MS, wait_for_results
from sampling import full_matrix

TODAY = "2026-11-30T12:00:00-07:00"
SCREENS = {"375x667": {"width": 375, "height": 667}, "320x700": {"width": 320, "height": 700}}
PROCEDURES = ("fort-collins", "illinois-model-ethics", "fec", "dc-bega")
PEOPLE = ("complainant", "respondent", "clerk")
DATE, MOMENT = "2026-11-02", "2026-11-02T10:00"
CHANGE = {"en": "Change the facts", "es": "Cambiar los datos"}


def enter_the_deciding_facts(page):
    """Every date the person is asked first, and who files where the answer waits for it."""
    for field in page.locator("#deciding input[type='date']:visible, #deciding input[type='datetime-local']:visible").all():
        field.fill(DATE if field.get_attribute("type") == "date" else MOMENT)
        wait_for_results(page)
    roles = page.locator("#facts input[name='complainant_role']")
    if page.get_attribute("#answer", "data-status") == "waiting" and roles.count():
        # Fort Collins: only an elector or a candidate may file, so the answer waits for who files (below the dates)
        elector = page.locator("#f-role-registered-elector")
        (elector if elector.count() else roles.first).check()
        wait_for_results(page)


def answer_on_first_screen(page, screen):
    """How far below the first screen the answer's first two lines end (0 or less: they are on it)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    box = page.locator("#answer-sentence").bounding_box()
    line = page.eval_on_selector("#answer-sentence", "node => parseFloat(getComputedStyle(node).lineHeight)")
    assert box["y"] >= 0
    return box["y"] + min(box["height"], 2 * line) - screen["height"]


def journeys() -> list[tuple[str, str, str]]:
    """Every person on each of the four procedures on both screens, each screen in both languages (the languages
    alternate over the procedures, so each screen meets each language twice); with the full browser matrix
    (COMPLAINT_CHECKER_FULL_BROWSER=1, e2e/sampling.py), every procedure on every screen in both languages."""
    every = [(screen, jurisdiction, lang) for screen in SCREENS for jurisdiction in PROCEDURES for lang in ("en", "es")]
    if full_matrix():
        return every
    return [(screen, jurisdiction, ("en", "es")[(s + j) % 2]) for s, screen in enumerate(SCREENS)
            for j, jurisdiction in enumerate(PROCEDURES)]


@pytest.mark.parametrize("screen, jurisdiction, lang", journeys())
def test_each_person_reads_the_answer_on_a_phones_first_screen(new_page, screen, jurisdiction, lang):
    viewport = SCREENS[screen]
    page = new_page(viewport=viewport)
    page.clock.set_fixed_time(TODAY)
    page.goto(("" if lang == "en" else "es/") + f"{jurisdiction}/index.html")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    for n, person in enumerate(PEOPLE):
        if n:  # a link naming no one and no fact: the page asks who is asking again, with no fact kept
            page.evaluate(f"() => {{ window.location.hash = 'lang={lang}'; }}")
            page.wait_for_selector("#facts", state="hidden")
        page.click(f"#who-{person}")
        wait_for_results(page)
        enter_the_deciding_facts(page)
        assert page.get_attribute("#answer", "data-status") != "waiting", person
        below = answer_on_first_screen(page, viewport)
        assert below <= 0, f"{person}: the answer's first lines end {below:.0f} px below the first screen"
        assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"], person
        # The page's order is unchanged: the questions, then the answer (what a screen reader reads, and Tab follows).
        assert page.evaluate("() => Boolean(document.getElementById('deciding').compareDocumentPosition("
                             "document.getElementById('answer')) & Node.DOCUMENT_POSITION_FOLLOWING)")
        # The questions are one step away: the link leads to them, and the next Tab is in the first of them.
        change = page.locator(".change-facts a")
        assert change.is_visible() and change.inner_text() == CHANGE[lang]
        change.click()
        first = page.locator("#deciding .field").first.bounding_box()
        assert 0 <= first["y"] < viewport["height"], person
        page.keyboard.press("Tab")
        assert page.evaluate("() => Boolean(document.activeElement.closest('#deciding'))"), person


def test_before_an_answer_and_on_a_desktop_the_questions_come_first(new_page):
    # Nothing entered yet: the questions lead, as the page reads; on a desktop the answer is beside them, and the
    # link back to the questions is not shown (they are on the screen with it).
    page = new_page(viewport=SCREENS["375x667"])
    page.clock.set_fixed_time(TODAY)
    page.goto("fort-collins/index.html#role=complainant")  # the answer waits for the date of the violation
    wait_for_results(page)
    assert page.get_attribute("#answer", "data-status") == "waiting"
    deciding, answer = (page.locator(s).bounding_box() for s in ("#deciding", "#answer"))
    assert deciding["y"] < answer["y"] and page.locator(".change-facts a").is_hidden()
    page = new_page(viewport={"width": 1280, "height": 800})
    page.clock.set_fixed_time(TODAY)
    page.goto(f"fec/index.html#role=respondent&event.notification={DATE}")
    wait_for_results(page)
    assert page.get_attribute("#answer", "data-status") != "waiting"
    assert page.locator(".change-facts a").is_hidden() and page.locator(".skip-to-answer a").is_visible()
