"""Every sentence on the page holds for the procedure, read in Chromium as a person sees it (the whole procedure
set is read in CPython by tests/test_every_page_reads_true.py; this is a sample, through the page's own script).

A village with no form, no stage, no enacting ordinance, a fact of its own and items quoted from a clause other
than the list's (tests/jurisdictions/village.toml), built beside Fort Collins so that both languages are
published, is opened by each person in English and Spanish. Nothing shown is a placeholder, names an
institution the village does not have, heads a stage it does not declare, asks the respondent or the office
"When did you know …", or cites a clause other than the one its words are quoted from. Each expectation is
read from the procedure's file."""

import sys
from pathlib import Path

import pytest

from conftest import LOAD_TIMEOUT_MS, choose_role, serve, wait_for_results

import build

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from procedure_text import PLACEHOLDER, cites, institutions_not_its_own, source  # noqa: E402
from test_each_state_in_the_page import SHOWN_BLOCKS  # noqa: E402

VILLAGE = ROOT / "tests" / "jurisdictions" / "village.toml"
FORT_COLLINS = ROOT / "core" / "jurisdictions" / "fort-collins.toml"
# Tue 29 Sep 2026 the violation, known Thu 1 Oct; received Tue 20 Oct; the day is Thu 22 Oct.
FACTS = "violation_date=2026-09-29&discovered=2026-10-01&received=2026-10-20"
NOW = "2026-10-22T12:00:00-04:00"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("reads-true") / "dist"
    assert build.main(["--jurisdiction", str(VILLAGE), "--jurisdiction", "fort-collins", "--out", str(out)]) == 0
    url, server = serve(out)
    yield url
    server.shutdown()


def opened(new_page, site, path, lang, person):
    page = new_page(site=site)
    page.clock.set_fixed_time(NOW)
    prefix = "" if lang == "en" else f"{lang}/"
    page.goto(f"{prefix}{source(path)['id']}/index.html#lang={lang}&role={person}&{FACTS}&everything=1")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(page)
    return page


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_village_reads_true_to_each_person(new_page, site, lang):
    # One page, each person in turn, as a visitor who changes who is asking.
    page = opened(new_page, site, VILLAGE, lang, "complainant")
    for person in ("complainant", "respondent", "clerk"):
        if person != "complainant":
            choose_role(page, person)
        reads_true_to(page, person, lang)


def reads_true_to(page, person, lang):
    data = source(VILLAGE)
    blocks = page.evaluate(SHOWN_BLOCKS)
    assert [b for b in blocks if PLACEHOLDER.search(b)] == []
    assert [b for b in blocks if institutions_not_its_own(b, VILLAGE, lang)] == []
    # No stage is declared: the deadlines stand under no heading ("Filing" was over the officials' deadline).
    assert page.locator("#results li.stage h4").count() == 0
    assert page.locator("#results li.stage [data-rule='forward']").count() == 1
    # A fact of its own: asked of whoever files, named to the others.
    fact = data["facts"][0]
    assert page.inner_text(f"[data-field='{fact['id']}'] [data-label]") == (
        fact["question"] if person == "complainant" else fact["label"])
    # Every citation shown is the clause it links to.
    known = cites(VILLAGE, lang)
    for anchor, text in page.locator("main a[href^='law.html#']:visible").evaluate_all(
            "nodes => nodes.map(n => [n.getAttribute('href').slice(9), n.textContent.trim()])"):
        assert text in known[anchor], (anchor, text)
    if person == "complainant":  # the letter's items, quoted from § 33.41(C)(2)
        for item in data["contents"]:
            assert page.inner_text(f"#d-{item['id']}-hint a") in known[item["clause"]]
        # the answer's contents card cites the clause listing them and the one they are quoted from
        anchors = page.locator(".card.contents .cite a").evaluate_all("nodes => nodes.map(n => n.getAttribute('href'))")
        assert anchors == [f"law.html#{data['contents_rule']['clause']}"] + sorted(
            {f"law.html#{item['clause']}" for item in data["contents"]})


@pytest.mark.parametrize("lang", ["en", "es"])
def test_fort_collins_heads_only_its_own_stages(new_page, site, lang):
    data = source(FORT_COLLINS)
    page = opened(new_page, site, FORT_COLLINS, lang, "clerk")
    headings = page.locator("#results li.stage h4").all_inner_texts()
    stages = [r for r in data["rules"] if r["kind"] == "stage"]
    assert len(headings) == len(stages) + 1  # the filing alone stands before them
    assert [h.split(". ", 1)[0] for h in headings[1:]] == [str(n) for n in range(1, len(stages) + 1)]
    blocks = page.evaluate(SHOWN_BLOCKS)
    assert [b for b in blocks if PLACEHOLDER.search(b)] == []
