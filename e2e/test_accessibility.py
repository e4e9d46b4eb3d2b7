"""axe-core (the npm package, pinned in package.json) finds no WCAG 2.1 A or AA violation in
any state of any page: each role, empty, partial, with errors, with results (on time, late,
relying on an unconfirmed reading), every step shown, the draft, a loading failure, in
English and Spanish, on a desktop and a phone.

axe is injected into the page under test, so these pages are opened with the policy
bypassed (the policy itself is tested in test_policy_and_origin.py)."""

from pathlib import Path

import pytest

from conftest import LOAD_TIMEOUT_MS, open_link_in_this_tab, wait_for_results

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
TODAY = "2026-11-30T12:00:00-07:00"
PHONE = {"width": 390, "height": 844}


def violations(page):
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
        return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    }""")
    return found


def opened(new_page, path, viewport=None, ready=True):
    assert AXE.is_file(), "axe-core is missing: run the README's test command (it runs npm ci)"
    page = new_page(viewport=viewport, bypass_csp=True)
    page.clock.set_fixed_time(TODAY)
    page.goto(path)
    if ready:
        page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
        if page.get_attribute("html", "data-role"):
            wait_for_results(page)
    return page


STATIC = ["index.html", "fort-collins/law.html", "illinois-model-ethics/law.html",
          "es/index.html", "es/fort-collins/law.html", "es/illinois-model-ethics/law.html"]


@pytest.mark.parametrize("path", STATIC)
def test_static_pages(new_page, path):
    page = opened(new_page, path, ready=False)
    assert violations(page) == []


def test_the_verify_page_after_its_checks(new_page):
    # One procedure's checks, as its pages link here: the page's every part (the others' sections are hidden, and
    # the same as this one's; e2e/test_verify_page.py runs every procedure's).
    page = opened(new_page, "verify.html#procedure=fort-collins")
    page.wait_for_selector("#verify-fort-collins[data-state='done']")
    assert page.locator("#verify-scope").is_visible()
    assert violations(page) == []


CHECKER_STATES = {
    "no role yet": "fort-collins/index.html",
    "complainant, empty": "fort-collins/index.html#role=complainant",
    "respondent, empty": "illinois-model-ethics/index.html#role=respondent",
    "clerk, empty": "fort-collins/index.html#role=clerk",
    "complainant, partial": "fort-collins/index.html#role=complainant&violation_date=2026-10-06",
    "complainant, on time": "fort-collins/index.html#role=complainant&violation_date=2026-10-06&received=2026-11-30"
                            "&complainant_role=registered-elector&contents=violator-name",
    "complainant, relies on a reading": "illinois-model-ethics/index.html#role=complainant&violation_date=2025-12-05&received=2026-12-07",
    "complainant, late": "fort-collins/index.html#role=complainant&violation_date=2026-10-06&received=2026-12-08",
    "complainant, errors": "fort-collins/index.html#role=complainant&violation_date=2026-13-45&received=2026-05-05&bogus=1",
    "respondent, results": "illinois-model-ethics/index.html#role=respondent&hearing_closed=true&event.recommendation-issued=2026-11-24",
    "clerk, results, every step": "illinois-model-ethics/index.html#role=clerk&received=2026-11-20&event.meeting=2026-11-23T10:00&everything=1",
    "Spanish, respondent": "es/fort-collins/index.html#lang=es&role=respondent&event.complaint-forwarded=2026-11-23",
    "Spanish, complainant, late": "es/fort-collins/index.html#lang=es&role=complainant&violation_date=2026-10-06&received=2026-12-08",
    # the letter's blocks to complete: a declaration under penalty of perjury, an oath, the notary's part
    "complainant, a sworn and notarized letter": "fec/index.html#role=complainant&violation_date=2026-10-06",
}


# Each page opens once; its states are opened in turn as links in the same tab (the page follows the fragment).
PAGES = {}
for name, link in CHECKER_STATES.items():
    PAGES.setdefault(link.split("#")[0], []).append(name)


@pytest.mark.parametrize("path", PAGES)
def test_checker_states(new_page, path):
    page = opened(new_page, CHECKER_STATES[PAGES[path][0]])
    found = {}
    for n, state in enumerate(PAGES[path]):
        if n:
            open_link_in_this_tab(page, CHECKER_STATES[state].partition("#")[2])
        found[state] = violations(page)
    assert found == {state: [] for state in PAGES[path]}


def test_a_phone_with_results_and_the_draft_filled_in(new_page):
    page = opened(new_page, "fort-collins/index.html#role=complainant&violation_date=2026-10-06", viewport=PHONE)
    page.fill("#d-statement", "Mailers.")
    page.check("#share-free-text")
    wait_for_results(page)
    assert violations(page) == []


def test_while_loading_and_after_a_loading_failure(new_page):
    page = new_page(bypass_csp=True)
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.watch.expect("pyodide.asm.wasm", "Failed to load resource")
    page.goto("illinois-model-ethics/index.html#role=clerk&received=2026-11-20")
    assert violations(page) == []  # loading
    page.wait_for_selector("html[data-failed]", timeout=LOAD_TIMEOUT_MS)
    assert violations(page) == []
