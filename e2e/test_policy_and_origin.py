"""A strict Content-Security-Policy on every page, no violation during a full journey,
and not a single request to another origin."""

import re

from conftest import browser_procedures, open_checker, wait_for_results

import build

# The site's pages: its first page and verify page, and each procedure's checker, law and desk.
ENGLISH_PAGES = ["index.html", "verify.html"] + [f"{procedure}/{page}" for procedure in browser_procedures()
                                                 for page in ("index.html", "law.html", "desk.html")]
PAGES = ENGLISH_PAGES + [f"es/{page}" for page in ENGLISH_PAGES]


def test_every_page_carries_the_policy_and_no_inline_script_or_style(site_dir):
    html_files = sorted(site_dir.rglob("*.html"))
    assert [p.relative_to(site_dir).as_posix() for p in html_files] == sorted(PAGES)
    for path in html_files:
        html = path.read_text(encoding="utf-8")
        policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html).group(1)
        assert policy.replace("&#39;", "'") == build.CSP
        for required in ("default-src 'none'", "script-src 'self' 'wasm-unsafe-eval'", "base-uri 'none'",
                         "form-action 'none'", "style-src 'self'"):
            assert required in policy.replace("&#39;", "'")
        assert " style=" not in html and "<style" not in html
        for script in re.findall(r"<script[^>]*>", html):
            assert 'src="' in script, script
        loaded = re.findall(r'<(?:script|link|img)\b[^>]*\b(?:src|href)="([^"]+)"', html)
        assert loaded and all(not re.match(r"^(?:[a-z]+:)?//", url) for url in loaded), loaded


def test_a_full_journey_violates_no_policy_and_stays_on_its_origin(page, base_url):
    origin = base_url.split("/clerk/")[0]
    open_checker(page, "illinois-model-ethics", "violation_date=2026-06-01")
    page.fill("#f-received", "2026-10-20")
    wait_for_results(page)
    page.check("#f-respondent_is_candidate-true")
    wait_for_results(page)
    page.fill("#f-election_date", "2026-11-03")
    page.fill("#e-meeting", "2026-11-02T10:00")
    page.check("#f-hearing_closed-true")
    page.fill("#e-recommendation-issued", "2027-01-05")
    page.fill("#f-about", "Council member")
    wait_for_results(page)
    page.click("#who-change")
    page.click("#who-respondent")
    wait_for_results(page)
    page.locator("#rule-public-hearing-demand .cite a").click()
    page.wait_for_url("**/law.html#F")
    requests = page.watch.requests
    assert any(url.endswith("python_stdlib.zip") for url in requests) and any("pyodide.asm.wasm" in url for url in requests)
    # blob: URLs of this origin are the page's own: the worker and runtime modules, run from their checked bytes
    assert all(url.startswith((origin + "/clerk/complaints/", f"blob:{origin}/")) for url in requests), requests
    assert sum(url.startswith("blob:") for url in requests) >= 3
    assert page.watch.problems == []  # includes CSP violations, reported to the console


def test_the_policy_header_governs_the_worker_too(page, site_dir):
    response = page.goto("fort-collins/index.html")
    assert response.headers["content-security-policy"].startswith(build.CSP)
    [folder] = [p.name for p in (site_dir / "assets").iterdir()]
    worker = page.request.get(f"assets/{folder}/worker.js")
    assert "wasm-unsafe-eval" in worker.headers["content-security-policy"]
    assert worker.headers["x-content-type-options"] == "nosniff"


def test_a_request_cut_off_by_leaving_its_page_is_no_failure_but_one_that_fails_on_the_page_is(new_page):
    # What every test's watch counts (conftest.PageWatch): a reload aborts what the old page still had on its way
    # (here its icon, held unanswered), which is no failure of the site; the same request aborted on the page that
    # is showing is one.
    page = new_page()
    held = []
    page.route("**/favicon.svg", lambda route: held.append(route))  # never answered
    with page.expect_request("**/favicon.svg"):
        page.goto("fort-collins/law.html")
    page.unroute("**/favicon.svg")
    page.route("**/favicon.svg", lambda route: route.abort("aborted"))
    showing = lambda request: request.url.endswith("favicon.svg") and page.watch.document_of[request] == page.watch.documents
    with page.expect_event("requestfailed", showing):
        page.reload()
    failures = [p for p in page.watch.problems if "favicon.svg" in p]
    assert len(failures) == 1 and "net::ERR_ABORTED" in failures[0], page.watch.problems
    page.watch.expect("favicon.svg")
