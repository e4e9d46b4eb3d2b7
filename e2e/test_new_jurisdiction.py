"""A city brings its own procedure: a new jurisdiction written from docs/authoring.md
alone (its complete example, taken from the guide as a reader would copy it) is
checked, built as a one-procedure site, and gives the right date in Chromium. It is a
town whose residents may file, with a Town Clerk and a hearing officer, and nothing on
its pages may say otherwise."""

import json
import re
import subprocess
import sys
from pathlib import Path

from conftest import LOAD_TIMEOUT_MS, fill_date, open_checker, serve

import build
from core import load_jurisdiction
from core.cases import run_cases

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")


def example(name):
    match = re.search(rf"<!-- example: {re.escape(name)} -->\n```\w+\n(.*?)```", GUIDE, re.S)
    assert match, f"the guide has no example {name}"
    return match.group(1)


def test_a_new_jurisdiction_from_the_guide_checks_builds_and_answers_in_chromium(tmp_path, new_page):
    toml = tmp_path / "example-town.toml"
    toml.write_text(example("example-town.toml"), encoding="utf-8")
    (tmp_path / "example-town.cases.json").write_text(example("example-town.cases.json"), encoding="utf-8")

    check = subprocess.run([sys.executable, "-m", "core", "check", str(toml)], capture_output=True, text=True,
                           cwd=ROOT)
    assert check.returncode == 0 and check.stdout.strip().endswith("ok (7 rules, 6 clauses, 6 worked cases pass)"), check.stdout

    cases = json.loads(example("example-town.cases.json"))
    result = run_cases(load_jurisdiction(str(toml)), cases)
    assert result["passed"] == result["total"] == 6, result

    out = tmp_path / "dist"
    assert build.main(["--jurisdiction", str(toml), "--out", str(out)]) == 0
    assert (out / "example-town" / "index.html").is_file()
    assert not (out / "fort-collins").exists()

    url, server = serve(out)
    try:
        page = new_page(site=url)
        open_checker(page, "example-town")
        fill_date(page, "f-violation_date", "2026-03-02")
        filing = page.locator(".card.filing time").evaluate_all("nodes => nodes.map(n => n.getAttribute('datetime'))")
        # Sunday 31 May runs to Monday 1 June under the town's confirmed rule, which is then also the safe date
        assert filing == ["2026-06-01", "2026-05-31"]
        page.check("#f-role-resident")
        fill_date(page, "f-received", "2026-05-22")
        fill_date(page, "e-hearing", "2026-07-21T18:00")
        text = page.locator("main").inner_text()
        assert "A resident of the town" in text and "Date the Town Clerk receives the complaint" in text
        assert "Hearing officer" in text and "Town Clerk" in text
        for false in ("City Clerk", "received by the city", "does not limit who may file", "registered elector"):
            assert false not in text, false
        law = new_page(site=url)
        law.goto("example-town/law.html")
        assert "Not reproduced here. The penalties for a violation are set by Sec. 2-41" in law.locator(
            "section#penalties").inner_text()

        verify = new_page(site=url)
        verify.goto("verify.html")
        verify.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
        section = verify.locator("#verify-example-town")
        assert section.get_attribute("data-passed") == section.get_attribute("data-total") == "6"
    finally:
        server.shutdown()
