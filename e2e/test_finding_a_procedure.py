"""The first page finds a procedure by place and by level, in English and Spanish: the list narrows as a person
types, a polite live count says how many remain, and without JavaScript every procedure is listed. The names and
levels expected are read from the procedure files (core/jurisdictions/*.toml); the words from site/strings/."""

import tomllib
from pathlib import Path

import pytest

from conftest import browser_procedures
from test_accessibility import violations

ROOT = Path(__file__).resolve().parent.parent
STRINGS = {lang: tomllib.loads((ROOT / "site" / "strings" / f"{lang}.toml").read_text(encoding="utf-8"))["index"]
           for lang in ("en", "es")}
SHIPPED = {pid: tomllib.loads((ROOT / "core" / "jurisdictions" / f"{pid}.toml").read_text(encoding="utf-8"))
           for pid in browser_procedures()}  # the procedures in the site: the sample, or all


def shown(page):
    return page.locator("#procedures > li:visible a.button").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('href').split('/')[0])")


def count(lang, n):
    forms = STRINGS[lang]["shown"]
    return forms[0 if n == 1 else 1].format(count=n)


def test_typing_a_place_narrows_the_list_and_says_how_many_remain(page):
    page.goto("index.html")
    page.wait_for_selector("#find:not([hidden])")
    assert shown(page) == list(SHIPPED) and page.inner_text("#find-count") == count("en", len(SHIPPED))
    page.fill("#find-place", "COLLINS")  # part of the place's name, in any case
    assert shown(page) == ["fort-collins"]
    assert page.inner_text("#find-count") == count("en", 1)
    assert page.get_attribute("#find-count", "aria-live") == "polite" and page.get_attribute("#find-count", "role") == "status"
    page.fill("#find-place", "")
    levels = {data.get("level") for data in SHIPPED.values()}
    for level in ("city", "county", "state", "federal"):
        page.select_option("#find-level", level)
        expected = [pid for pid, data in SHIPPED.items() if data.get("level", level) == level]
        assert shown(page) == expected, level
        assert page.inner_text("#find-count") == count("en", len(expected))
        assert page.locator("#find-none").is_visible() == (not expected)
    assert "city" in levels  # the shipped ones are cities, so a level narrows the list to them and no further


def test_in_spanish_a_place_is_found_without_its_accents(new_page):
    page = new_page()
    page.goto("es/index.html")
    page.wait_for_selector("#find:not([hidden])")
    page.fill("#find-place", "etica")  # "Quejas de ética", typed without the accent
    titles = page.locator("#procedures > li:visible h3").all_inner_texts()
    assert titles and all("ética" in t.lower() for t in titles)
    assert page.inner_text("#find-count") == count("es", len(titles))
    page.select_option("#find-level", "federal")
    assert shown(page) == [] and page.inner_text("#find-count") == count("es", 0)
    assert page.inner_text("#find-none") == STRINGS["es"]["none_found"]


def test_without_javascript_every_procedure_is_listed(new_page):
    page = new_page(javascript=False)
    page.goto("index.html")
    assert shown(page) == list(SHIPPED)
    assert page.locator("#find").is_hidden()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_search_narrowed_to_nothing_has_no_accessibility_violation(new_page, lang):
    page = new_page(bypass_csp=True)
    page.goto("index.html" if lang == "en" else "es/index.html")
    page.wait_for_selector("#find:not([hidden])")
    page.fill("#find-place", "nowhere at all")
    assert shown(page) == []
    assert violations(page) == []
