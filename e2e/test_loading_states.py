"""An honest loading state: progress while it loads, a clear message when it cannot,
and the form usable before Python is ready."""

import re
import time

import pytest

from conftest import LOAD_TIMEOUT_MS

NO_WASM_POLICY = ("default-src 'none'; script-src 'self' blob:; connect-src 'self'; img-src 'self'; style-src 'self'; "
                  "worker-src 'self' blob:; base-uri 'none'; form-action 'none'")


def test_the_form_is_usable_and_progress_is_shown_before_python_is_ready(page):
    held, released = [], []

    def hold(route):  # hold the standard library until the form has been used; then let everything through
        (route.continue_() if released else held.append(route))

    page.route("**/python_stdlib.zip", hold)
    page.goto("fort-collins/index.html")
    page.wait_for_selector("#status-text:has-text('step 2 of 4')")
    # The real download size of this visit, compressed: about 4 MB, not the 13.5 MB of the raw files; and, with
    # the archive held back, how much of it has come: every other file has, so more than nothing, less than all.
    for _ in range(600):  # the other files take a moment to arrive: until a tenth of the bytes have
        if int(page.get_attribute("html", "data-downloaded") or 0) >= 10:
            break
        page.wait_for_timeout(50)
    shown = re.search(r"downloading ([34]\.\d) MB \((\d\.\d) MB so far\), only this once",
                      page.locator("#status-text").inner_text())
    assert shown and 0 < float(shown[2]) < float(shown[1]), page.locator("#status-text").inner_text()
    assert 10 <= int(page.get_attribute("html", "data-downloaded")) < 100
    assert 1 < float(page.get_attribute("#status-progress", "value")) < 2  # the bar moves within the step
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
    # A site whose header leaves out 'wasm-unsafe-eval': the page's worker, started from checked bytes (a blob:
    # URL), runs under the page's own policy, header and <meta> together.
    def strict_page(route):
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": NO_WASM_POLICY})

    page.route("**/fort-collins/index.html", strict_page)
    page.watch.expect("CSP violation", "WebAssembly", "wasm")
    page.goto("fort-collins/index.html")
    page.wait_for_selector("html[data-failed='no-wasm']", timeout=10_000)
    assert "blocks WebAssembly" in page.locator("#status-text").inner_text()


def test_a_missing_runtime_file_is_reported_not_spun_on(page):
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    page.watch.expect("pyodide.asm.wasm", "Failed to load resource")
    page.goto("illinois-model-ethics/index.html")
    page.wait_for_selector("html[data-failed='network']", timeout=LOAD_TIMEOUT_MS)
    assert ("could not start: one of its files could not be downloaded (pyodide.asm.wasm (404)); check the connection, "
            "then try again") in page.locator("#status-text").inner_text()
    assert page.locator("#try-again").is_visible()


def test_a_slow_load_says_so_after_20_seconds(page):
    page.route("**/python_stdlib.zip", lambda route: None)  # never answered
    page.watch.expect("python_stdlib.zip")
    page.clock.install()  # the page's clock, so that 20 seconds need not be waited for
    started = time.monotonic()  # the page's clock also runs on in real time: count what has passed
    page.goto("fort-collins/index.html")
    page.wait_for_selector("#status-text:has-text('step 2 of 4')", timeout=LOAD_TIMEOUT_MS)
    assert page.locator("html[data-slow]").count() == 0
    page.clock.fast_forward(max(0, 19_000 - round((time.monotonic() - started) * 1000)))
    assert page.locator("html[data-slow]").count() == 0  # not before 20 seconds
    page.clock.fast_forward(2_500)
    page.wait_for_selector("html[data-slow]", timeout=5_000)
    assert "Still loading after 20 seconds" in page.locator("#status-text").inner_text()
    assert page.get_attribute("html", "data-slow") == "network"  # the archive is still coming: the network is slow


# A stand-in for the calculator's worker, so that the page's clock can pass 20 seconds at any step of a load:
# the checker's own calculator (runtime.js, with the checker's setup) is started on another page of the site, and
# the stand-in says the step.
SLOW_AT_STEP = """async (step) => {
  const checker = new DOMParser().parseFromString(await (await fetch("index.html")).text(), "text/html");
  const setup = JSON.parse(checker.querySelector("meta[name='complaint-checker-calculator']").content);
  const workers = [];
  window.Worker = class {
    constructor() { this.listeners = {}; workers.push(this); }
    addEventListener(type, listener) { (this.listeners[type] ||= []).push(listener); }
    postMessage() {}
    terminate() {}
  };
  const { Calculator } = await import(new URL(setup.root + setup.worker.url.replace("worker.js", "runtime.js"), document.baseURI).href);
  window.said = [];
  new Calculator(setup, { progress() {}, ready() {}, failure: (...a) => window.said.push(["failure", ...a]),
    slow: (what) => window.said.push(["slow", what]), stale() {}, restarted() {} });
  for (const until = Date.now() + 30000; !workers.length; await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (Date.now() > until) throw new Error("the calculator made no worker within 30 s");
  }
  const data = { type: "progress", step, total: 4, label: step === 2 ? "download" : "start" };
  for (const listener of workers[0].listeners.message) listener({ data });
}"""


@pytest.mark.parametrize("step, blamed", [(2, "network"), (3, "device")])
def test_the_slow_notice_blames_the_network_only_while_files_are_still_arriving(page, step, blamed):
    # Issue 29: "Still loading after 20 seconds" blamed the network just as the download ended and this device's
    # CPU became the limit. Step 2 is downloading; step 3, starting what has arrived.
    page.goto("fort-collins/law.html")  # a page of the site that starts no calculator of its own
    page.clock.install()
    page.evaluate(SLOW_AT_STEP, step)
    page.clock.fast_forward(19_000)
    assert page.evaluate("() => window.said") == []  # not before 20 seconds
    page.clock.fast_forward(2_000)
    assert page.evaluate("() => window.said") == [["slow", blamed]]


@pytest.mark.parametrize("file", ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                                  "procedure.*.json", "worker.js"])
def test_every_file_the_calculator_loads_is_checked_against_the_build(page, file):
    def tampered(route):
        response = route.fetch()
        route.fulfill(response=response, body=response.body() + b" ")

    page.route(f"**/{file}", tampered)
    # Pyodide's loader logs the refused download in its own words too; the page's message is what counts.
    page.watch.expect(file.split("*")[0], "integrity", "Failed to load", "Failed to fetch", "installing the standard library")
    page.goto("fort-collins/index.html#role=complainant&violation_date=2026-03-06")
    page.wait_for_selector("html[data-failed='integrity']", timeout=LOAD_TIMEOUT_MS)
    text = page.locator("#status-text").inner_text()
    assert "did not match this build" in text and file.split("*")[0] in text
    # No answer from altered code, and the answer's place no longer promises one "once the calculator has loaded".
    assert page.get_attribute("#answer", "data-status") == "failed"
    assert page.locator("#answer-sentence").inner_text().startswith("No answer can be worked out here until the date "
                                                                    "calculator starts")


def test_the_bytes_checked_are_the_bytes_that_run_whatever_a_second_request_would_bring(page):
    # A host or cache that sends the build's bytes to the first request for a script and other bytes to any
    # later one (Cache-Control: no-store), as the issue found for these three: each is fetched once, checked,
    # and run from those bytes. The other bytes, were they run, would stop the worker with an error.
    requests = {"worker.js": 0, "pyodide.mjs": 0, "pyodide.asm.mjs": 0}

    def first_honest_then_altered(name):
        def handle(route):
            requests[name] += 1
            if requests[name] == 1:
                response = route.fetch()
                route.fulfill(response=response, headers={**response.headers, "cache-control": "no-store"})
            else:
                route.fulfill(status=200, content_type="text/javascript", headers={"cache-control": "no-store"},
                              body=f"throw new Error('altered {name} ran');")
        return handle

    for name in requests:
        page.route(f"**/{name}", first_honest_then_altered(name))
    # Under load, Chromium sometimes reports a request this test fulfilled as aborted (net::ERR_ABORTED) after the
    # worker has read its body whole: seen only for responses fulfilled here, never without a route. What this test
    # asserts is below: one request each, and the answer worked out from those bytes.
    page.watch.expect("net::ERR_ABORTED")
    page.goto("fort-collins/index.html#role=complainant&violation_date=2026-03-06")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector("#results[data-state='done']")
    assert page.get_attribute("#answer", "data-date") == "2026-05-05"  # day 60 after Fri 6 March 2026
    assert requests == {"worker.js": 1, "pyodide.mjs": 1, "pyodide.asm.mjs": 1}
    assert page.evaluate("() => document.querySelector('html').dataset.failed") is None


def test_a_site_whose_policy_header_lacks_blob_is_told_what_to_change(new_page, base_url):
    # A host still sending an older guide's header: the page names what to change instead of spinning.
    old = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; img-src 'self'; " \
          "style-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'"
    page = new_page()
    page.watch.expect("blob:", "CSP violation", "worker-src", "Content Security Policy")

    def with_old_header(route):
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": old})

    page.route("**/fort-collins/index.html", with_old_header)
    page.goto("fort-collins/index.html#role=complainant&violation_date=2026-03-06")
    page.wait_for_selector("html[data-failed='policy']", timeout=LOAD_TIMEOUT_MS)
    text = page.locator("#status-text").inner_text()
    assert "Content-Security-Policy header" in text and "blob: in script-src and worker-src" in text


def test_a_worker_that_dies_marks_the_answer_out_of_date_and_restarts_once(page):
    page.watch.expect("boom")
    page.goto("fort-collins/index.html#role=complainant&violation_date=2026-03-06")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector("#results[data-state='done']")
    assert page.get_attribute("#answer", "data-date") == "2026-05-05"  # day 60 after Fri 6 March 2026
    [worker] = page.workers
    worker.evaluate("setTimeout(() => { throw new Error('boom'); })")
    page.wait_for_selector("html[data-stale]")
    assert page.get_attribute("#answer", "data-status") == "stale"
    assert "may be out of date" in page.locator("#status-text").inner_text()
    page.wait_for_selector("html:not([data-stale])", timeout=LOAD_TIMEOUT_MS)  # restarted by itself
    page.fill("#f-violation_date", "2026-03-09")
    page.wait_for_selector("#answer[data-date='2026-05-08']")  # a new answer: day 60 after Mon 9 March is Fri 8 May
    # A second death is not retried: the person is told to reload.
    page.workers[-1].evaluate("setTimeout(() => { throw new Error('boom'); })")
    page.wait_for_selector("html[data-failed='stopped']", timeout=LOAD_TIMEOUT_MS)
    assert "will not restart by itself" in page.locator("#status-text").inner_text()
    # A fact changed now has nothing to answer it: the old answer (on time, received nothing) is marked.
    assert page.get_attribute("#answer", "data-current") is None
    page.fill("#f-received", "2026-05-11")  # day 60 is Fri 8 May: a complaint received on 11 May is late
    page.wait_for_selector("#answer[data-current='false']")
    assert page.get_attribute("#answer", "data-date") == "2026-05-08"
    assert "do not rely on it" in page.locator("#answer-not-current").inner_text()
    assert page.locator("#scripts-failed").is_hidden()  # the scripts ran: their fallback never shows


def test_a_worker_that_stops_answering_is_noticed(page):
    page.clock.install()  # the page's clock: the 15 seconds without an answer are skipped, not waited
    page.goto("fort-collins/index.html#role=complainant&violation_date=2026-03-06")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector("#results[data-state='done']")
    [worker] = page.workers
    worker.evaluate("close()")  # gone without a word: only the unanswered request tells
    asked = time.monotonic()
    page.fill("#f-violation_date", "2026-03-09")
    page.clock.fast_forward(max(0, 14_000 - round((time.monotonic() - asked) * 1000)))
    assert page.locator("html[data-stale]").count() == 0  # still within the 15 seconds it is given
    # ... but the answer on screen, for 6 March, is not shown as the answer for 9 March.
    assert page.get_attribute("#answer", "data-current") == "false"
    assert page.get_attribute("#answer", "data-date") == "2026-05-05"
    assert "Until it comes, the answer below is for the facts as they were" in page.locator("#answer-not-current").inner_text()
    page.clock.fast_forward("00:02")
    page.wait_for_selector("html[data-stale]", timeout=5_000)
    assert page.get_attribute("#answer", "data-status") == "stale"
    page.wait_for_selector("#answer[data-date='2026-05-08']", timeout=LOAD_TIMEOUT_MS)  # restarted and answered
    assert page.get_attribute("#answer", "data-current") is None and page.locator("#answer-not-current").is_hidden()


def test_a_page_script_that_does_not_load_is_reported_within_seconds(new_page):
    # Each script refused, as the browser refuses a script whose bytes are not the build's (its integrity) or a
    # missing one: one page for each, loaded side by side, since the notice waits its six seconds in each.
    pages = {}
    started = time.monotonic()
    for script in ("app.js", "render.js", "keep.js", "runtime.js", "status.js"):
        page = pages[script] = new_page()
        page.route(f"**/{script}", lambda route: route.abort())
        page.watch.expect(script, "net::ERR_FAILED")
        page.goto("fort-collins/index.html#role=complainant&violation_date=2026-03-06")
    for script, page in pages.items():
        page.wait_for_selector("#scripts-failed", state="visible", timeout=15_000)
        assert "The page's scripts have not started" in page.locator("#scripts-failed").inner_text(), script
        # named at once by the page's small classic script (watch.js), not only after the six seconds
        assert script in page.locator("#scripts-failed-file").inner_text(), script
        assert page.locator("html[data-scripts]").count() == 0, script
    assert time.monotonic() - started < 15


def test_the_verify_page_says_which_cases_file_did_not_load_and_goes_on(page):
    page.route("**/illinois-model-ethics/cases.*.json", lambda route: route.abort())
    page.watch.expect("cases.", "net::ERR_FAILED")
    page.goto("verify.html")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    failed = page.locator("#verify-illinois-model-ethics")
    assert failed.get_attribute("data-state") == "failed"
    assert re.search(r"could not be run: cases\.[0-9a-f]{16}\.json did not load", failed.inner_text())
    assert page.locator("#verify-fort-collins").get_attribute("data-state") == "done"
    assert "All worked cases pass" not in page.locator("#status-text").inner_text()


@pytest.mark.parametrize("path, ready", [("fort-collins/desk.html", "#desk[data-state='done']"),
                                         ("verify.html#procedure=fort-collins", "html[data-ready]")])
def test_every_page_that_loads_the_calculator_offers_to_try_again_and_it_works(page, path, ready):
    """Issue 28: only the checker had "Try again"; the desk and the verify page said the failure and stopped."""
    gone = {"yes": True}  # the runtime's largest file is missing until the host puts it back

    def maybe_gone(route):
        if gone["yes"]:
            route.fulfill(status=404, body="gone")
        else:
            route.continue_()

    page.route("**/pyodide.asm.wasm", maybe_gone)
    page.watch.expect("pyodide.asm.wasm", "Failed to load resource", "integrity")
    page.goto(path)
    page.wait_for_selector("html[data-failed='network']", timeout=LOAD_TIMEOUT_MS)
    assert "could not be downloaded (pyodide.asm.wasm (404))" in page.locator("#status-text").inner_text()
    gone["yes"] = False
    page.click("#try-again")
    page.wait_for_selector(ready, timeout=LOAD_TIMEOUT_MS)
    assert page.locator("#try-again").is_hidden() and "data-failed" not in page.evaluate(
        "() => Object.keys(document.documentElement.dataset).map(k => 'data-' + k).join(' ')")
