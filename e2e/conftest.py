"""Browser tests: the built site, served under a sub-path, in a real Chromium.

Every test's page fails the test on a console error, an uncaught page error, a
failed or non-2xx request, a Content-Security-Policy violation, or any request
to another origin. Tests wait on readiness markers in the DOM, never on sleeps.

The site is built once per test run (its workers share it) from the procedures
`browser_procedures()` gives: a sample that has every feature of the library
(e2e/sampling.py), or every procedure with COMPLAINT_CHECKER_FULL_BROWSER=1. A
test that runs once per procedure parametrizes over `browser_procedures()`.
"""

import json
import os
import shutil
import sys
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import build  # noqa: E402
from built_site import built_once  # noqa: E402
from command_line import run_cli  # noqa: E402
from sampling import browser_procedures, full_matrix, one_language_each, procedure_files  # noqa: E402

PREFIX = "/clerk/complaints/"
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    # WebAssembly in V8's baseline compiler only: the same code with the same results, without the optimizing
    # compiler's background work. Each page boots Pyodide (9.6 MB of wasm); measured on two cores, a boot takes
    # about 2.5 s of CPU instead of 4.8 s, and the suite is CPU-bound. Speed is measured in
    # scripts/benchmark.py, which does not set this.
    "--js-flags=--liftoff-only",
]
# The page's module scripts, named in <link rel="modulepreload">: with scripts off, Chromium refuses each before
# downloading it, and says so as a request refused by the policy.
MODULE_PRELOADS = ("render.js", "runtime.js", "status.js", "keep.js", "desk-add.js", "desk-store.js", "link.js")
LOAD_TIMEOUT_MS = int(os.environ.get("LOAD_TIMEOUT_MS", "90000"))
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
});
"""


def pytest_report_header(config):
    shipped, chosen = len(procedure_files()), browser_procedures()
    how = "every one (COMPLAINT_CHECKER_FULL_BROWSER)" if full_matrix() else \
        "a sample with every feature; COMPLAINT_CHECKER_FULL_BROWSER=1 for all"
    languages = "both languages in every case" if full_matrix() else \
        "a case asked in both languages in one of them, in turn over its file"
    return f"browser tests: {len(chosen)} of {shipped} procedures, {how}: {', '.join(chosen)}; {languages}"


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "e2e" in Path(str(item.fspath)).parts:
            item.add_marker(pytest.mark.browser)
    if full_matrix():
        return
    # A browser case asked in both languages runs in one, in turn over its file (e2e/sampling.py); the full matrix
    # runs both. What is left out is reported as deselected.
    runs = one_language_each([(str(item.fspath), _case_without_language(item), _language(item)) for item in items])
    config.hook.pytest_deselected(items=[item for item, run in zip(items, runs) if not run])
    items[:] = [item for item, run in zip(items, runs) if run]


def _language(item) -> str | None:
    spec = getattr(item, "callspec", None)
    return spec.params.get("lang") if spec is not None and "e2e" in Path(str(item.fspath)).parts else None


def _case_without_language(item) -> str:
    spec = getattr(item, "callspec", None)  # a doctest of core/ has neither a callspec nor an original name
    others = {k: v for k, v in spec.params.items() if k != "lang"} if spec is not None else {}
    return f"{getattr(item, 'originalname', item.name)}{sorted(others.items())!r}"


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory):
    """The site the browser tests read: the sampled procedures (or all of them), built once per run."""
    return built_once(tmp_path_factory, browser_procedures())


def serve(directory):
    """Serve a built site under PREFIX on a free port; returns (base URL, server)."""
    server, prefix = build.make_server(directory, port=0, prefix=PREFIX)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}{prefix}", server


@pytest.fixture(scope="session")
def base_url(site_dir):
    url, server = serve(site_dir)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}; the test command installs Debian's chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class PageWatch:
    """What went wrong on a page, collected while a test runs."""

    def __init__(self, page, origin):
        self.page = page
        self.origin = origin
        self.seen = []  # what went wrong, as it happened
        self.failed = []  # requests that failed, judged when read (below)
        self.requests = []
        self.expected = []
        self.documents = 0  # the page's documents so far: each navigation of its main frame starts the next
        self.document_of = {}  # request -> the document that asked for it
        self.navigation_started = {}  # document -> when its navigation was asked for
        page.on("console", lambda m: m.type == "error" and self.seen.append(f"console error: {m.text}"))
        page.on("pageerror", lambda e: self.seen.append(f"page error: {e}"))
        page.on("request", self.on_request)
        page.on("requestfailed", self.on_failure)
        page.on("response", lambda r: r.status >= 400 and self.seen.append(f"HTTP {r.status}: {r.url}"))

    def on_request(self, request):
        if request.is_navigation_request() and request.frame == self.page.main_frame:
            self.documents += 1
            self.navigation_started[self.documents] = time.monotonic()
        self.document_of[request] = self.documents
        self.requests.append(request.url)
        if not request.url.startswith((self.origin + "/", "data:", "blob:")):
            self.seen.append(f"request to another origin: {request.url}")

    def on_failure(self, request):
        self.failed.append((request, request.failure, time.monotonic()))

    # A request cut off because its page was left (a reload, a link followed: the browser aborts what the old document
    # still had on its way, such as its icon, or the page's own check of sw.js) is not a failure; any other is. The
    # abort and the navigation that caused it are told over different channels, and now and then the abort came first
    # (a flaky failure): so a failure is judged when read, and an abort counts as cut off if the next document's
    # navigation was asked for before it, or within NAVIGATION_SKEW_S after it was told.
    NAVIGATION_SKEW_S = 0.5

    def cut_off(self, request, failure, told):
        following = self.navigation_started.get(self.document_of.get(request, self.documents) + 1)
        return failure == "net::ERR_ABORTED" and following is not None and following <= told + self.NAVIGATION_SKEW_S

    @property
    def problems(self):
        return self.seen + [f"request failed: {request.url} ({failure})" for request, failure, told in self.failed
                            if not self.cut_off(request, failure, told)]

    def expect(self, *fragments):
        """For a test that breaks something on purpose: problems mentioning these are expected."""
        self.expected.extend(fragments)

    def unexpected(self):
        return [p for p in self.problems if not any(f in p for f in self.expected)]


@pytest.fixture
def new_page(browser, base_url):
    """Open a watched page: new_page(viewport={...}, javascript=False, timezone="America/New_York")."""
    contexts, pages = [], []

    def open_page(viewport=None, javascript=True, site=None, timezone=None, bypass_csp=False):
        url = site or base_url
        # No service worker here: keeping the whole build on the device (megabytes fetched, hashed and stored)
        # is what e2e/test_offline.py tests, in contexts of its own; in every other test it is only work.
        context = browser.new_context(base_url=url, viewport=viewport or {"width": 1280, "height": 900},
                                      java_script_enabled=javascript, timezone_id=timezone, bypass_csp=bypass_csp,
                                      service_workers="block")
        context.add_init_script(REPORT_CSP_VIOLATIONS)
        page = context.new_page()
        page.watch = PageWatch(page, url.split(PREFIX)[0])
        contexts.append(context)
        pages.append(page)
        return page

    yield open_page
    # What went wrong while the test ran; not what closing the pages cuts off (a request still on its way,
    # such as the service worker's script fetched a few seconds after the first answer, is aborted then).
    problems = [p for page in pages for p in page.watch.unexpected()]
    for context in contexts:
        context.close()
    assert problems == [], "\n".join(problems)


@pytest.fixture
def page(new_page):
    return new_page()


def open_checker(page, jurisdiction, fragment="", role="complainant"):
    """Open a checker with the facts in `fragment`, answering for `role` unless the fragment says whom."""
    given = {pair.split("=")[0] for pair in fragment.split("&")}
    if not given & {"role", "view"}:
        fragment = f"role={role}" + ("&" + fragment if fragment else "")
    page.goto(f"{jurisdiction}/index.html#{fragment}")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    if page.get_attribute("html", "data-role"):
        wait_for_results(page)


def open_on(new_page, path, now, **context):
    """A new page on a fixed day and time (`now`, ISO with its offset), opened at `path` and answered."""
    page = new_page(**context)
    page.clock.set_fixed_time(now)
    page.goto(path)
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(page)
    return page


def choose_role(page, role):
    """Say who is asking, as a visitor does: "Change", then the person."""
    if page.locator("#who-change").is_visible():
        page.click("#who-change")
    page.click(f"#who-{role}")
    wait_for_results(page)


def wait_for_results(page):
    try:
        page.wait_for_selector("#results[data-state='done']", timeout=LOAD_TIMEOUT_MS)
    except Exception:
        state = page.evaluate("() => [document.getElementById('results').dataset.state, document.getElementById('results').hidden]")
        raise AssertionError(f"no results: the results are {state}; the page reported {page.watch.problems}") from None


def open_link_in_this_tab(page, fragment):
    """Open another link's fragment in the same tab, as a person pasting it would, and wait for its answer."""
    before = page.get_attribute("#results", "data-answered") or ""
    page.evaluate("(fragment) => { window.location.hash = fragment; }", fragment)
    page.wait_for_selector(f"#results[data-state='done']:not([data-answered='{before}'])", timeout=LOAD_TIMEOUT_MS)


def cli_report(jurisdiction, facts, lang="en", today=None):
    """The same facts through the command line: the page must show the same dates."""
    extra = ["--lang", lang] + (["--today", today] if today else [])
    result = run_cli("evaluate", jurisdiction, "-", *extra, stdin=json.dumps(facts))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def shown_deadline(page, rule_id):
    """What the page shows for a deadline: its due date, its due time, or that it waits."""
    item = page.locator(f"li.deadline[data-rule='{rule_id}']")
    shown = item.locator(".due time").evaluate_all("nodes => nodes.map(n => n.getAttribute('datetime'))")
    return {"due": item.get_attribute("data-due") or None,
            "due_at": shown[0] if shown and "T" in shown[0] else None,
            "waiting": item.locator(".due.waiting").count() == 1}


def expected_deadline(report, rule_id):
    entry = next(d for d in report["deadlines"] if d["id"] == rule_id)
    return {"due": entry["due"], "due_at": entry["due_at"], "waiting": entry["waiting_on"] is not None}


def fill_date(page, field_id, value):
    page.fill(f"#{field_id}", value)
    wait_for_results(page)


# Complaints put straight into a desk's store, as the desk keeps them (site/static/desk-store.js): page.evaluate(
# SEED_DESK, [procedure, records]), each record its id, label, facts and times; revision 1 unless given.
SEED_DESK = """([procedure, records]) => new Promise((resolve, reject) => {
    const open = indexedDB.open('complaint-checker-desk', 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore('complaints', { keyPath: ['procedure', 'id'] }).createIndex('procedure', 'procedure');
      open.result.createObjectStore('desks', { keyPath: 'procedure' });
    };
    open.onsuccess = () => {
      const tx = open.result.transaction('complaints', 'readwrite');
      for (const record of records) tx.objectStore('complaints').put({ procedure, revision: 1, ...record });
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = reject;
    };
})"""
