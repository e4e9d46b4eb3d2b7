"""The verify page runs the published worked cases in the visitor's browser. Its
results must equal CPython's, case for case: the third runtime of one set of cases."""

import json

from conftest import LOAD_TIMEOUT_MS, browser_procedures

from core.jurisdiction import cases_path
from core import load_jurisdiction
from core.cases import run_cases



def test_every_published_case_passes_in_the_browser_with_the_same_answers_as_cpython(page, site_dir):
    page.goto("verify.html")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
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
