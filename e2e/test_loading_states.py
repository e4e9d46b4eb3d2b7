"""An honest loading state: progress while it loads, a clear message when it cannot,
and the form usable before Python is ready."""

import re

from conftest import LOAD_TIMEOUT_MS

NO_WASM_POLICY = ("default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self'; style-src 'self'; "
                  "worker-src 'self'; base-uri 'none'; form-action 'none'")


def test_the_form_is_usable_and_progress_is_shown_before_python_is_ready(page):
    held, released = [], []

    def hold(route):  # hold the standard library until the form has been used; then let everything through
        (route.continue_() if released else held.append(route))

    page.route("**/python_stdlib.zip", hold)
    page.goto("fort-collins/index.html")
    page.wait_for_selector("#status-text:has-text('step 2 of 4')")
    # The real download size of this visit, compressed: about 4 MB, not the 13.5 MB of the raw files.
    assert re.search(r"downloading [34]\.\d MB, only this once", page.locator("#status-text").inner_text())
    page.click("#who-complainant")
    page.fill("#f-violation_date", "2026-03-06")
    page.check("#f-content-evidence")
    assert page.input_value("#f-violation_date") == "2026-03-06"
    assert "violation_date=2026-03-06" in page.url  # the page's own script ran on the input: it is responsive
    assert page.locator("#f-content-evidence").is_checked()
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector("#results[data-state='done']")
    assert page.locator(".card.filing time").first.get_attribute("datetime") == "2026-05-05"


def test_blocked_webassembly_is_reported_within_seconds(page):
    def strict_worker(route):
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": NO_WASM_POLICY})

    page.route("**/worker.js", strict_worker)
    page.watch.expect("CSP violation", "WebAssembly", "wasm")
    page.goto("fort-collins/index.html")
    page.wait_for_selector("html[data-failed='no-wasm']", timeout=10_000)
    assert "blocks WebAssembly" in page.locator("#status-text").inner_text()


def test_a_missing_runtime_file_is_reported_not_spun_on(page):
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.watch.expect("pyodide.asm.wasm", "Failed to load resource")
    page.goto("illinois-model-ethics/index.html")
    page.wait_for_selector("html[data-failed='network']", timeout=LOAD_TIMEOUT_MS)
    assert "could not start: pyodide.asm.wasm (404)" in page.locator("#status-text").inner_text()


def test_a_tampered_wheel_is_refused(page):
    def tampered(route):
        response = route.fetch()
        route.fulfill(response=response, body=response.body() + b"tampered")

    page.route("**/python_dateutil-*.whl", tampered)
    page.watch.expect("python_dateutil", "integrity")
    page.goto("fort-collins/index.html")
    page.wait_for_selector("html[data-failed='integrity']", timeout=LOAD_TIMEOUT_MS)
    assert re.search(r"did not match this build \(python_dateutil-2\.9\.0\.post0\+compiled-py314-none-any\.whl\)",
                     page.locator("#status-text").inner_text())


def test_a_slow_load_says_so_after_20_seconds(page):
    page.route("**/python_stdlib.zip", lambda route: None)  # never answered
    page.watch.expect("python_stdlib.zip")
    page.goto("fort-collins/index.html")
    page.wait_for_selector("html[data-slow]", timeout=30_000)
    assert "Still loading after 20 seconds" in page.locator("#status-text").inner_text()
