"""No sentence a person reads is false or empty, for every procedure: each shipped one (core/jurisdictions/) and
each test fixture (tests/jurisdictions/), picked up as it is added; for every person (complainant, respondent,
clerk); in English and Spanish; over the rendered pages and over the reports the page draws from, for a set of
states and days.

Every expectation is read from the procedure's own file (its TOML, and the translation beside it), never from
the code under test: a citation is the `cite` of the clause its item quotes; a stage heading is a `kind =
"stage"` rule; the official form, the enacting ordinance and the institutions' names are the file's own words.
The same page is read in Chromium for a sample in e2e/test_a_procedure_reads_true_in_the_page.py.
"""

import html as markup
import json
import random
import re
import tomllib
from datetime import date
from pathlib import Path

import pytest

import build
from core import load_jurisdiction
from core.audience import AUDIENCES
from core.facts import InputError
from core.localize import localized
from core.report import evaluate
from built_site import rendered
from procedure_text import PLACEHOLDER, cites, institutions_not_its_own, source, translation
from reading import english_vocabulary, problems, report_sentences, visible_blocks
from scripts.report_snapshot import drawn_facts

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "es")


def procedure_files() -> list[Path]:
    """Every procedure: shipped, and the tests' own; a translation (ID.es.toml) is read with its procedure."""
    found = [*sorted((ROOT / "core" / "jurisdictions").glob("*.toml")),
             *sorted((ROOT / "tests" / "jurisdictions").glob("*.toml"))]
    return [p for p in found if p.name.count(".") == 1]


PROCEDURES = procedure_files()
IDS = [p.stem for p in PROCEDURES]


# --------------------------------------------------------------------------------------------------------------
# The pages, rendered as the build renders them (without the runtime, which no sentence comes from).
# --------------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return rendered(PROCEDURES)


def page(pages, lang: str, name: str) -> str:
    return pages[build.page_path(lang, name)]


def procedure_pages(pages, path: Path, lang: str) -> dict[str, str]:
    pid = source(path)["id"]
    return {name: page(pages, lang, f"{pid}/{name}") for name in ("index.html", "law.html", "desk.html")}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PROCEDURES, ids=IDS)
def test_no_sentence_on_a_page_is_empty_or_a_placeholder(pages, path, lang):
    for name, html in procedure_pages(pages, path, lang).items():
        blocks = visible_blocks(html, lang)
        assert [b for b in blocks if PLACEHOLDER.search(b)] == [], name
        # a term with nothing after it ("Enacted by" and no ordinance), a label or a heading with no words
        assert re.findall(r"<dt>[^<]*</dt>\s*<dd>\s*</dd>", html) == [], name
        # (one with an id is filled by the page's script, as the desk's printed week is)
        assert re.findall(r"<(label|legend|h[1-6]|dt|th)\b(?![^>]*\bid=)[^>]*>\s*</\1>", html) == [], name


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PROCEDURES, ids=IDS)
def test_an_institution_is_named_only_in_the_procedures_own_words(pages, path, lang):
    # "the City's form" on a village's page was a fixed word assuming Fort Collins.
    j = localized(load_jurisdiction(str(path)), lang)
    built_in = {a.label for a in j.actors} | {a.in_text for a in j.actors}  # "City Clerk", unless the file says
    for name, html in procedure_pages(pages, path, lang).items():
        for block in visible_blocks(html, lang):
            assert institutions_not_its_own(block, path, lang, built_in) == [], (name, block)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PROCEDURES, ids=IDS)
def test_every_citation_on_a_page_is_the_clause_it_links_to(pages, path, lang):
    known = cites(path, lang)
    for name, html in procedure_pages(pages, path, lang).items():
        for anchor, text in re.findall(r'<a href="law\.html#([^"]+)">([^<]*)</a>', html):
            assert anchor in known, (name, anchor)
            assert text in known[anchor], (name, anchor, text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PROCEDURES, ids=IDS)
def test_each_required_item_is_cited_where_it_is_quoted_from(pages, path, lang):
    data = source(path)
    known = cites(path, lang)
    html = procedure_pages(pages, path, lang)["index.html"]
    # An item a formality is (notarized, sworn) is no words to write: the letter's block for it cites its clause.
    fulfilled = {i for formality in data.get("formalities", []) for i in formality.get("items", [])}
    for formality in data.get("formalities", []):
        if formality["kind"] in ("certification", "penalty-of-perjury", "sworn", "notarized"):
            block = re.search(rf'data-formality="{formality["kind"]}".*?</section>', html, re.S).group(0)
            assert re.findall(r'href="law\.html#([^"]+)"', block) == [formality["clause"]]
            assert any(f"({cite})" in block for cite in known[formality["clause"]]), block
    for item in data.get("contents", []):
        if item["id"] in fulfilled:
            continue
        clause = item.get("clause", data.get("contents_rule", {}).get("clause"))
        hint = re.search(rf'<p class="hint" id="d-{re.escape(item["id"])}-hint">(.*?)</p>', html, re.S).group(1)
        assert re.findall(r'href="law\.html#([^"]+)"', hint) == [clause]
        missing = re.search(rf'id="d-{re.escape(item["id"])}-missing">(.*?)</p>', html, re.S).group(1)
        assert any(f"({cite})" in missing for cite in known[clause]), missing


def test_the_fixture_quotes_its_items_from_a_clause_other_than_the_lists():
    # The case that was wrong on the page: items from § 33.41(C)(2), introduced by § 33.42(A).
    village = source(ROOT / "tests" / "jurisdictions" / "village.toml")
    assert {item["clause"] for item in village["contents"]} != {village["contents_rule"]["clause"]}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PROCEDURES, ids=IDS)
def test_the_stage_headings_are_the_stages_the_procedure_declares(pages, path, lang):
    data = source(path)
    stages = [r for r in data["rules"] if r["kind"] == "stage"]
    html = procedure_pages(pages, path, lang)["index.html"]
    headings = re.findall(r'<tr class="stage-row"><th scope="colgroup" colspan="4">(.*?)</th></tr>', html, re.S)
    titles = {r["id"]: r["title"] for r in stages}
    titles.update({k: v.get("title", titles.get(k)) for k, v in translation(path, lang).get("rules", {}).items()
                   if isinstance(v, dict) and k in titles})
    staged = {ref for r in stages for ref in r.get("rules", [])}
    loose = [r for r in data["rules"] if r["kind"] in ("filing", "deadline", "window") and r["id"] not in staged]
    if not stages:
        assert headings == []  # no stage, no heading: the officials' deadlines are not "Filing"
    else:
        assert len(headings) == len({r["id"] for r in stages}) + (1 if loose else 0)
        for heading, stage_id in zip(headings[1 if loose else 0:], dict.fromkeys(r["id"] for r in stages)):
            assert titles[stage_id] in heading


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PROCEDURES, ids=IDS)
def test_the_enacting_ordinance_and_the_form_are_shown_only_where_the_procedure_has_them(pages, path, lang):
    data, strings = source(path), tomllib.loads((ROOT / "site" / "strings" / f"{lang}.toml").read_text("utf-8"))
    shown = procedure_pages(pages, path, lang)
    law = shown["law.html"]
    assert (f"<dt>{strings['law']['enacted']}</dt>" in law) == bool(data.get("enacted_by"))
    checker = "\n".join(visible_blocks(shown["index.html"], lang))
    assert (strings["draft"]["official_form"] in checker) == bool(data.get("complaint_form"))
    if data.get("complaint_form"):
        title = translation(path, lang).get("complaint_form", {}).get("title") or data["complaint_form"]["title"]
        assert f"{title}: {data['complaint_form']['url']}" in checker  # the letter names the form by its title


@pytest.mark.parametrize("path", PROCEDURES, ids=IDS)
def test_a_declared_fact_is_asked_of_whoever_files_and_named_to_the_others(pages, path):
    config = re.search(r"data-config='([^']*)'", procedure_pages(pages, path, "en")["index.html"]).group(1)
    layout = json.loads(markup.unescape(config))["layout"]
    for fact in source(path).get("facts", []):
        assert layout["complainant"]["wording"][fact["id"]] == fact["question"]
        for person in ("respondent", "clerk"):
            assert layout[person]["wording"][fact["id"]] == fact["label"]  # "When did you know …" is not theirs


# --------------------------------------------------------------------------------------------------------------
# The reports the page draws each answer from, for each person, in a set of states and days.
# --------------------------------------------------------------------------------------------------------------

STATES_PER_PROCEDURE = 24


def states(path: Path):
    """The empty state, then states drawn as the snapshot draws them, each on a day (some on none)."""
    j = load_jurisdiction(str(path))
    rng = random.Random(f"reads-true:{path.stem}")
    yield j, {}, None
    for _ in range(STATES_PER_PROCEDURE):
        facts, today = drawn_facts(j, rng)
        yield j, facts, date.fromisoformat(today) if today else None


def entries_with_a_clause(report):
    yield "filing", report["filing"]
    yield "eligibility", report["eligibility"]
    for key in ("deadlines", "windows", "provisions", "stages"):
        for entry in report[key]:
            yield f"{key}.{entry['id']}", entry
    for item in report["contents"]["items"]:
        yield f"contents.{item['id']}", item


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PROCEDURES, ids=IDS)
def test_every_answer_and_date_in_a_report_is_worded_and_cited_from_the_procedure(path, lang):
    data = source(path)
    known = cites(path, lang)
    rule_clause = {r["id"]: r["clause"] for r in data["rules"]}
    item_clause = {i["id"]: i.get("clause", data.get("contents_rule", {}).get("clause")) for i in data.get("contents", [])}
    stage_ids = {r["id"] for r in data["rules"] if r["kind"] == "stage"}
    read = 0
    for j, facts, today in states(path):
        try:
            report = evaluate(j, facts, lang, today)
        except InputError:
            continue  # a refusal is its own sentence, read in tests/test_reading.py
        read += 1
        where = (facts, today)
        for sentence in report_sentences(report):
            assert sentence.strip() and not PLACEHOLDER.search(sentence), (where, sentence)
        for key, entry in entries_with_a_clause(report):
            if not entry.get("clause"):
                continue
            expected = item_clause[entry["id"]] if key.startswith("contents.") else (
                rule_clause[entry["id"]] if "." in key else entry["clause"])
            assert entry["clause"] == expected, (where, key)
            assert entry["cite"] in known[expected], (where, key, entry["cite"])
        assert {s["id"] for s in report["stages"]} <= stage_ids
        for person in AUDIENCES:
            answer = report["answers"][person]
            assert answer["sentence"].strip() and not PLACEHOLDER.search(answer["sentence"]), (where, person)
            if answer["date"]:
                # a date sentence is the date of a rule of this procedure, whose citation is on the page beside it
                assert answer["rule"] in rule_clause, (where, person, answer)
                assert rule_clause[answer["rule"]] in known, (where, person, answer)
    assert read >= STATES_PER_PROCEDURE // 2


# --------------------------------------------------------------------------------------------------------------
# The first page: every procedure, found by place and by level.
# --------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_first_page_lists_every_procedure_with_the_level_its_file_declares(pages, lang):
    strings = tomllib.loads((ROOT / "site" / "strings" / f"{lang}.toml").read_text("utf-8"))["index"]
    html = page(pages, lang, "index.html")
    listed = re.findall(r'<li data-level="([^"]*)" data-search="[^"]*"[^>]*>(.*?)</li>', html, re.S)
    assert [re.search(r'href="([^/"]+)/index.html"', item).group(1) for _, item in listed] == \
        [source(p)["id"] for p in PROCEDURES]
    for (level, item), path in zip(listed, PROCEDURES):
        declared = source(path).get("level", "")
        assert level == declared
        words = f'{strings["level"]}: {strings["level_" + declared]}' if declared else None
        assert (words in item) if words else ('class="level"' not in item), path.stem
    # The search: labelled, its count a polite live region, and, before anyone types, the whole list.
    for control in ("find-place", "find-level"):
        assert f'<label for="{control}">' in html
    count = re.search(r'<p id="find-count"[^>]*role="status" aria-live="polite"[^>]*>([^<]*)</p>', html).group(1)
    assert count == strings["shown"][1].format(count=len(PROCEDURES))
    assert re.search(r'<form id="find"[^>]*\bhidden\b', html)  # shown by its script; without it, the list is all


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_page_lists_each_procedures_other_names_and_offers_only_levels_it_has(pages, lang):
    # Issue 39: the names of each [place] (city, county, state, also; not the one the page's name already says) are on the
    # page without JavaScript, in English, which a Spanish page marks; the levels offered are those some file declares.
    html = page(pages, lang, "index.html")
    listed = re.findall(r'<li data-level="[^"]*" data-search="([^"]*)"[^>]*>(.*?)</li>', html, re.S)
    for (search, item), path in zip(listed, PROCEDURES):
        data = source(path)
        place, name = data.get("place", {}), translation(path, lang).get("name", data["name"])  # the page's name
        names = [n for n in [place.get("city"), place.get("county"), place.get("state"), *place.get("also", [])]
                 if n and n != name]
        shown = re.search(r'<p class="names">[^:]*: <span( lang="en")?>([^<]*)</span></p>', item)
        assert (shown is not None) == bool(names), path.stem
        if names:
            assert markup.unescape(shown.group(2)).split("; ") == names, path.stem
            assert bool(shown.group(1)) == (lang != "en"), path.stem
        for name in names + place.get("state_also", []):  # every name is searched, a state's other names too
            assert name in markup.unescape(search), (path.stem, name)
    offered = re.findall(r'<option value="([a-z]*)">', html)
    assert offered == [""] + [level for level in ("city", "county", "state", "federal")
                              if any(source(p).get("level") == level for p in PROCEDURES)]


def test_a_city_alone_gets_no_search_on_its_first_page():
    index = rendered([ROOT / "tests" / "jurisdictions" / "village.toml"])["index.html"]
    assert "village/index.html" in index and 'id="find"' not in index and "find.js" not in index


LAW_QUOTED = re.compile(r'<(q|p|blockquote|span)\b[^>]*\blang="en"[^>]*>.*?</\1>', re.S)


# Each procedure in each language it is published in (a procedure not translated is published in English only).
PUBLISHED = [(path, lang) for path in PROCEDURES for lang in LANGS if lang in source(path).get("languages", ["en"])]


@pytest.mark.parametrize("path, lang", PUBLISHED, ids=[f"{path.stem}-{lang}" for path, lang in PUBLISHED])
def test_every_procedures_pages_read_as_their_language(pages, path, lang):
    # tests/test_reading.py reads the shipped site so; every procedure's pages are read here the same way, in each
    # language the procedure is published in (a procedure not translated keeps its own words in English), leaving
    # out the law's own words, quoted as they are (marked lang="en": "1. the name of the respondent;").
    foreign = english_vocabulary() if lang == "es" else frozenset()
    found = [f"{name}: {p}" for name, html in procedure_pages(pages, path, lang).items()
             for block in visible_blocks(LAW_QUOTED.sub("«…»", html), lang)
             for p in problems(block, lang, foreign)]
    assert found == []
