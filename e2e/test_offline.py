"""Second visits and offline: after one visit the checker answers with no network at all, and a
new build replaces the old one cleanly: a page never answers with another build's rules.

"Offline" here is the real thing: the site's server is shut down, so the host cannot be reached.
(Playwright's offline emulation does not reach a service worker in Chromium: microsoft/playwright#2311.)"""

import os
import shutil
from pathlib import Path

import pytest
from conftest import LOAD_TIMEOUT_MS, open_checker, serve

import build

ROOT = Path(__file__).resolve().parent.parent
# The service worker has finished installing and taking over: the files it keeps, by cache.
SETTLED = """() => navigator.serviceWorker.ready.then(async (registration) => {
  const settled = () => !registration.installing && !registration.waiting && registration.active.state === "activated";
  while (!settled()) await new Promise((r) => setTimeout(r, 50));
  return (await caches.keys()).filter((name) => name.startsWith("complaint-checker-"));
})"""


def unreachable(server):
    server.shutdown()
    server.server_close()


def test_after_one_visit_the_checker_answers_offline(browser, site_dir):
    url, server = serve(site_dir)
    context = browser.new_context(base_url=url)
    try:
        page = context.new_page()
        open_checker(page, "illinois-model-ethics", "violation_date=2026-06-01&received=2026-10-20")
        assert len(page.evaluate(SETTLED)) == 1
        unreachable(server)
        offline = context.new_page()
        open_checker(offline, "illinois-model-ethics", "violation_date=2026-06-01&received=2027-06-02")
        assert offline.locator(".card.filing .status-line").get_attribute("data-status") == "late"
        law = context.new_page()  # a page of the site this visitor never opened
        law.goto("fort-collins/law.html")
        assert "Any candidate or registered elector" in law.locator("section#a").inner_text()
    finally:
        context.close()
        unreachable(server)


@pytest.fixture
def two_builds(tmp_path):
    """The shipped site, and a newer build whose Illinois rules differ (a new review date)."""
    first = tmp_path / "first"
    build.build(None, first)
    source = ROOT / "core" / "jurisdictions" / "illinois-model-ethics.toml"
    changed = tmp_path / "illinois-model-ethics.toml"
    changed.write_text(source.read_text(encoding="utf-8").replace("updated = 2026-11-30", "updated = 2026-12-01"),
                       encoding="utf-8")
    shutil.copy(ROOT / "core" / "jurisdictions" / "illinois-model-ethics.cases.json",
                tmp_path / "illinois-model-ethics.cases.json")
    second = tmp_path / "second"
    build.build([str(changed)], second)
    return first, second, build.read_procedure(str(changed)).jurisdiction.digest


def test_a_new_build_replaces_the_old_one_and_never_mixes_their_rules(browser, tmp_path, two_builds):
    first, second, new_version = two_builds
    current = tmp_path / "current"
    os.symlink(first, current)
    url, server = serve(current)
    context = browser.new_context(base_url=url)
    try:
        page = context.new_page()
        open_checker(page, "illinois-model-ethics", "violation_date=2026-06-01")
        old_version = page.locator("#results").get_attribute("data-rules-version")
        [old_cache] = page.evaluate(SETTLED)
        assert old_version != new_version

        current.unlink()
        os.symlink(second, current)  # the city deploys a new build
        page = context.new_page()
        open_checker(page, "illinois-model-ethics", "violation_date=2026-06-01")
        assert page.locator("#results").get_attribute("data-rules-version") == new_version
        page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
        [new_cache] = page.evaluate(SETTLED)
        assert new_cache != old_cache  # the new build's files replaced the old ones

        unreachable(server)
        offline = context.new_page()
        open_checker(offline, "illinois-model-ethics", "violation_date=2026-06-01")
        assert offline.locator("#results").get_attribute("data-rules-version") == new_version
        assert new_version in offline.locator("footer").inner_text()
    finally:
        context.close()
        unreachable(server)
