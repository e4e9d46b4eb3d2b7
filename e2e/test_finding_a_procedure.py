"""The first page finds a procedure by place and by level, in English and Spanish: the list narrows as a person
types, a polite live count says how many remain, and without JavaScript every procedure is listed. The names and
levels expected are read from the procedure files (core/jurisdictions/*.toml); the words from site/strings/.

The names people type (issue 39) are found however they are spelled: each expected procedure below is the one
whose place the name is, worked out from the procedure's own text and the sources its [place] table cites."""

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
    for level in [level for level in ("city", "county", "state", "federal") if level in levels]:
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
    assert shown(page) == ["fec"]  # nothing matches: the federal procedure is shown instead, and the states listed
    assert page.locator("#find-states").is_visible()
    assert violations(page) == []


# Each name as people type it, and the procedures it must find (in the list's order, the files' order). Washington is
# the District of Columbia's city; Honolulu is where the State Ethics Commission has its offices (Haw. Admin. R.
# § 21-1-12(a)) and where the Hawaii Supreme Court sits; Fort Collins is in Larimer County; Itasca and Carol Stream are
# in DuPage County (docs/sources.md); the ʻokina and the apostrophe in "Hawaiʻi" and "Hawai'i" are no letter.
HAWAII = ["hawaii-election-contest", "hawaii-ethics"]
NAMES = {
    "en": {"Washington": ["dc-bega"], "Washington DC": ["dc-bega"], "Washington, D.C.": ["dc-bega"], "DC": ["dc-bega"],
           "Hawaiʻi": HAWAII, "Hawai'i": HAWAII, "Hawai’i": HAWAII, "Honolulu": HAWAII, "Ft. Collins": ["fort-collins"],
           "ft collins": ["fort-collins"], "Larimer County": ["fort-collins"], "BEGA": ["dc-bega"], "FEC": ["fec"],
           "DuPage County": ["carol-stream-ethics", "itasca-ethics"]},
    "es": {"Washington D.C.": ["dc-bega"], "Distrito de Columbia": ["dc-bega"], "DC": ["dc-bega"], "Hawái": HAWAII,
           "Hawaiʻi": HAWAII, "Honolulú": HAWAII, "Ft. Collins": ["fort-collins"],
           "Comisión Federal de Elecciones": ["fec"], "Junta de Ética": ["dc-bega"]},
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_name_people_type_finds_its_procedure(new_page, lang):
    page = new_page()
    page.goto("index.html" if lang == "en" else "es/index.html")
    page.wait_for_selector("#find:not([hidden])")
    for name, expected in NAMES[lang].items():
        page.fill("#find-place", name)
        assert shown(page) == expected, name
        assert page.inner_text("#find-count") == count(lang, len(expected)), name


def test_a_level_no_procedure_has_is_not_offered(page):
    page.goto("index.html")
    page.wait_for_selector("#find:not([hidden])")
    offered = page.locator("#find-level option").evaluate_all("nodes => nodes.map(n => n.value)")
    declared = {data.get("level") for data in SHIPPED.values()}
    assert offered == [""] + [level for level in ("city", "county", "state", "federal") if level in declared]
    assert "county" not in offered  # no procedure here is a county's: "County" would always narrow to nothing


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_place_with_no_procedure_is_shown_its_states_and_the_federal_ones(new_page, lang):
    page = new_page()
    page.goto("index.html" if lang == "en" else "es/index.html")
    page.wait_for_selector("#find:not([hidden])")
    # Denver is in Colorado, and no procedure here is Denver's: Colorado's (Fort Collins) and the federal FEC are shown.
    page.fill("#find-place", "Denver, CO")
    assert shown(page) == ["fec", "fort-collins"]
    assert page.inner_text("#find-count") == STRINGS[lang]["suggest_state"].format(query="Denver, CO", state="Colorado")
    assert page.locator("#find-states").is_hidden()
    page.fill("#find-place", "Springfield, Illinois")  # a state spelled out: its three municipal procedures, and the FEC
    assert shown(page) == ["carol-stream-ethics", "fec", "illinois-model-ethics", "itasca-ethics"]
    # A place in no state named: the federal procedure, and the states the site has, each a button that searches it.
    page.fill("#find-place", "Springfield")
    assert shown(page) == ["fec"]
    assert page.inner_text("#find-count") == STRINGS[lang]["suggest_elsewhere"].format(query="Springfield")
    buttons = page.locator("#find-states button")
    states = sorted({data["place"]["state"] for data in SHIPPED.values() if data.get("place", {}).get("state")})
    assert buttons.all_inner_texts() == states == ["Alaska", "California", "Colorado", "District of Columbia",
                                                   "Hawaii", "Illinois"]
    page.click("#find-states button:text-is('Hawaii')")
    assert page.input_value("#find-place") == "Hawaii" and shown(page) == HAWAII
    assert page.evaluate("() => document.activeElement.id") == "find-place"  # the button hid; the focus did not fall
    # A place at another level only: nothing is suggested, the person chose the level.
    page.fill("#find-place", "Honolulu")
    page.select_option("#find-level", "city")
    assert shown(page) == [] and page.inner_text("#find-none") == STRINGS[lang]["none_found"]


def test_without_javascript_the_other_names_are_on_the_page(new_page):
    page = new_page(javascript=False)
    page.goto("index.html")
    for pid, names in (("fort-collins", ["Ft. Collins", "Larimer County"]),
                       ("hawaii-ethics", ["Honolulu", "Hawaii State Ethics Commission"]),
                       ("dc-bega", ["Washington", "BEGA"])):
        item = page.locator(f"#procedures > li:has(a.button[href='{pid}/index.html'])")
        text = item.locator(".names").inner_text()
        assert all(name in text for name in names), (pid, text)
