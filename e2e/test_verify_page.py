"""The verify page runs the published worked cases in the visitor's browser. Its
results must equal CPython's, case for case: the third runtime of one set of cases."""

import json

import pytest

from conftest import LOAD_TIMEOUT_MS, browser_procedures

from core.jurisdiction import cases_path
from core import load_jurisdiction
from core.cases import run_cases



def test_every_published_case_passes_in_the_browser_with_the_same_answers_as_cpython(page, site_dir):
    # An address naming a procedure the site does not have runs them all, and says so.
    page.goto("verify.html#procedure=springfield")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    assert page.locator("#verify-scope-text").inner_text() == (
        "This site has no procedure called “springfield”, so every procedure's worked cases are run below.")
    assert page.locator("section.verify-procedure:visible").count() == len(browser_procedures())
    manifest = json.loads((site_dir / "manifest.json").read_text())
    for jurisdiction_id in browser_procedures():  # every procedure in the site (the sample, or all)
        section = page.locator(f"#verify-{jurisdiction_id}")
        jurisdiction = load_jurisdiction(jurisdiction_id)
        expected = run_cases(jurisdiction, json.loads(cases_path(jurisdiction_id).read_text()))
        assert section.get_attribute("data-state") == "done"
        assert int(section.get_attribute("data-passed")) == int(section.get_attribute("data-total")) == expected["total"]
        assert section.get_attribute("data-digest") == expected["digest"]
        # The office's desk path is covered: each case's dates, read through it in the browser, are the report's.
        assert int(section.get_attribute("data-desk-dates")) == expected["desk_dates"]
        if expected["desk_dates"]:  # (Bethel's office has no counted period: nothing dated on its desk)
            assert f"desk shows {expected['desk_dates']} of their dates, each the same as the report" in section.inner_text()
        assert section.locator("tbody tr.pass").count() == expected["total"]
        assert jurisdiction.digest in section.inner_text()
        assert section.locator(f"time[datetime='{manifest['build_date']}']").count() == 1
    assert "All worked cases pass." in page.locator("#status-text").inner_text()


def test_the_verify_page_says_what_it_proves_and_what_it_cannot(page):
    page.goto("verify.html")
    assert "these rules, run by this runtime in your browser, give the published answers" in page.locator("#verify-proves").inner_text()
    assert "that this page itself was not altered on the server" in page.locator("#verify-cannot").inner_text()
    assert page.locator("#verify-cannot a").get_attribute("href") == "manifest.json"


ONLY = {"en": ("This runs the worked cases of Fort Collins, Colorado only.", "All worked cases pass. {n} of {n} worked "
                                                                             "cases pass."),
        "es": ("Aquí se ejecutan solo los casos resueltos de Fort Collins, Colorado.",
               "Todos los casos resueltos son correctos. {n} de {n} casos resueltos son correctos.")}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_procedures_pages_link_to_its_own_checks_and_they_run_alone(page, lang):
    """A site of many procedures: each one's pages link to its own worked cases (verify.html#procedure=ID), and
    only those run; every other procedure's section is hidden, and a link runs them all."""
    page.goto(("es/" if lang == "es" else "") + "fort-collins/law.html")
    page.click("nav a[href$='verify.html#procedure=fort-collins']")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    expected = run_cases(load_jurisdiction("fort-collins"), json.loads(cases_path("fort-collins").read_text()))
    section = page.locator("#verify-fort-collins")
    assert section.get_attribute("data-state") == "done"
    assert int(section.get_attribute("data-passed")) == int(section.get_attribute("data-total")) == expected["total"]
    assert section.get_attribute("data-digest") == expected["digest"]
    others = [p for p in browser_procedures() if p != "fort-collins"]
    for other in others:  # never run, and not shown
        assert page.locator(f"#verify-{other}").get_attribute("data-state") == "waiting"
        assert page.locator(f"#verify-{other}").is_hidden()
    only, passed = ONLY[lang]
    assert page.locator("#verify-scope-text").inner_text() == only
    assert page.locator("#status-text").inner_text() == passed.format(n=expected["total"])

    # The link to every procedure's checks: this page without the fragment, a page of its own that runs them all
    # (above).
    assert page.locator("#verify-scope a").evaluate("(a) => a.href") == page.url.split("#")[0]
