"""The guide a clerk writes a procedure from (docs/authoring.md) tells the truth: its complete
example checks and its worked cases pass, the published schema accepts it and both shipped
files, each broken example gives exactly the message the guide shows, and what the guide's
examples put on the page reads as plain English."""

import json
import re
import tomllib
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest

from command_line import run_cli
from core import JurisdictionError, evaluate, load_jurisdiction, parse_jurisdiction
from core.cases import run_cases
from core.reading.schema import SCHEMA_PATH, as_json

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
BROKEN = re.compile(r"<!-- broken: (.*?) -->\n```toml\n(.*?)\n```\n```console\n(.*?)\n```", re.S)


def example(name):
    match = re.search(rf"<!-- example: {re.escape(name)} -->\n```\w+\n(.*?)```", GUIDE, re.S)
    assert match, f"the guide has no example {name}"
    return match.group(1)


EXAMPLE = example("example-town.toml")


SHAPE_FIXTURES = ["federal-style", "later-of", "discovery", "continuing", "statute-shapes"]


@pytest.mark.parametrize("path", [ROOT / "core/jurisdictions/fort-collins.toml",
                                  ROOT / "core/jurisdictions/illinois-model-ethics.toml", "guide"]
                         + [ROOT / f"tests/jurisdictions/{n}.toml" for n in SHAPE_FIXTURES],
                         ids=["fort-collins", "illinois-model-ethics", "guide's example"] + SHAPE_FIXTURES)
def test_the_published_schema_accepts_the_shipped_files_and_the_guides_example(path):
    text = EXAMPLE if path == "guide" else path.read_text(encoding="utf-8")
    validator = jsonschema.Draft4Validator(SCHEMA, format_checker=jsonschema.FormatChecker())
    assert [e.message for e in validator.iter_errors(as_json(tomllib.loads(text)))] == []


def test_the_schema_is_a_valid_draft_4_schema_as_editors_read_it():
    jsonschema.Draft4Validator.check_schema(SCHEMA)


def test_the_guides_example_checks_and_its_worked_cases_pass(tmp_path):
    toml = tmp_path / "example-town.toml"
    toml.write_text(EXAMPLE, encoding="utf-8")
    result = run_cases(load_jurisdiction(str(toml)), json.loads(example("example-town.cases.json")))
    assert result["passed"] == result["total"] == 6, result


def broken_examples():
    found = BROKEN.findall(GUIDE)
    assert len(found) >= 7
    return [pytest.param(original, changed, shown.splitlines(), id=shown.split(": ", 2)[1])
            for original, changed, shown in found]


@pytest.mark.parametrize("original, changed, shown", broken_examples())
def test_each_broken_example_in_the_guide_is_refused_with_the_lines_the_guide_shows(original, changed, shown):
    assert EXAMPLE.count(original) == 1, f"the guide's example should contain {original!r} once"
    with pytest.raises(JurisdictionError) as refused:
        parse_jurisdiction(EXAMPLE.replace(original, changed), "example-town.toml")
    assert [str(p) for p in refused.value.problems] == shown
    assert all(re.match(r"example-town\.toml:\d+: ", line) for line in shown)  # each placed on its line


WARNED = re.compile(r"<!-- warned: (.*?) -->\n```toml\n(.*?)\n```\n```console\n(.*?)\n```", re.S)
FAILING_CASE = re.compile(r"<!-- failing case: (\S+) = (\S+) -->\n```console\n(.*?)\n```", re.S)


def test_each_warned_example_in_the_guide_gives_the_warning_the_guide_shows(tmp_path):
    found = WARNED.findall(GUIDE)
    assert found
    for original, changed, shown in found:
        assert EXAMPLE.count(original) == 1
        (tmp_path / "example-town.toml").write_text(EXAMPLE.replace(original, changed), encoding="utf-8")
        result = run_cli("check", "example-town.toml", cwd=tmp_path)
        assert result.returncode == 0  # a warning does not stop the file from being used
        assert result.stdout.splitlines()[:-1] == shown.splitlines()


def test_the_guides_failing_case_is_reported_as_the_guide_shows(tmp_path):
    [(path, value, shown)] = FAILING_CASE.findall(GUIDE)
    (tmp_path / "example-town.toml").write_text(EXAMPLE, encoding="utf-8")
    cases = json.loads(example("example-town.cases.json"))
    cases[0]["expected"][path] = value
    (tmp_path / "example-town.cases.json").write_text(json.dumps(cases), encoding="utf-8")
    result = run_cli("check", "example-town.toml", cwd=tmp_path)
    assert result.returncode == 1 and result.stdout.splitlines() == shown.splitlines()


def test_the_guide_says_a_chained_safe_date_counts_from_the_other_deadlines_earliest_end_as_the_code_does():
    # The guide said a chained period's safe date is counted from the other deadline's safe date; the code counts it
    # from that deadline's earliest possible end. The guide's example, worked by hand on the sample town (federal
    # calendar) with its counting rule assumed: 15 days after Fri 27 Nov 2026 (Nov 30 is day 3) is Sat 12 Dec, which
    # runs to Mon 14 Dec; its safe date is Fri 11 Dec. Ten days after Mon 14 Dec is Thu 24 Dec, open: the last day.
    # Ten days after Sat 12 Dec is Tue 22 Dec, open: the safe date. Ten days after Fri 11 Dec would be Mon 21 Dec.
    start = GUIDE.index("**A clock that starts when another deadline ends**")
    words = " ".join(GUIDE[start:GUIDE.index("```", start)].split())
    assert "safe date is counted from the other deadline's safe date" not in words  # what it said
    for said in ("Its safe date is counted from that day and from the earliest day the other deadline can end under "
                 "any reading", "is the earlier of the two; it is not counted from the other deadline's safe date",
                 "Saturday 12 December and runs to Monday 14 December",
                 "(its safe date is Friday 11 December)", "Thursday 24 December, the last day",
                 "Tuesday 22 December, open, the safe date", "would give Monday 21 December"):
        assert said in words, said
    patterns = load_jurisdiction(str(ROOT / "tests" / "jurisdictions" / "patterns.toml"))
    assumed = replace(patterns, counting=replace(patterns.counting, status="assumed"))
    report = evaluate(assumed, {"received": "2026-11-20", "events": {"notice-served": "2026-11-27"}})
    dates = {d["id"]: (d["nominal"], d["due"], d["safe_date"]) for d in report["deadlines"]}
    assert dates["cure-period"] == ("2026-12-12", "2026-12-14", "2026-12-11")
    assert dates["cure-decision"] == ("2026-12-24", "2026-12-24", "2026-12-22")


# --- what the guide's examples put on the page --------------------------------------------------

def test_a_condition_written_as_the_guide_says_reads_once_with_one_full_stop():
    # The page used to show "Applies only if: Only if … .." for the guide's condition example.
    text = EXAMPLE.replace('count = { from = "received", amount = 60, unit = "days" }',
                           'count = { from = "received", amount = 60, unit = "days" }\n'
                           'condition = "Only if the complaint is about a gift."')
    report = evaluate(parse_jurisdiction(text, "example-town.toml"), {"received": "2026-06-01"})
    hearing = next(d for d in report["deadlines"] if d["id"] == "hearing")
    assert hearing["condition"] == "Only if the complaint is about a gift."
    assert not any("Only if: Only if" in a or ".." in a for a in hearing["assumptions"])


def test_a_condition_without_a_full_stop_gets_exactly_one():
    text = EXAMPLE.replace('count = { from = "received", amount = 60, unit = "days" }',
                           'count = { from = "received", amount = 60, unit = "days" }\n'
                           'condition = "Only if the complaint is about a gift"')
    report = evaluate(parse_jurisdiction(text, "example-town.toml"), {})
    assert next(d for d in report["deadlines"] if d["id"] == "hearing")["condition"] == (
        "Only if the complaint is about a gift.")


def test_a_removed_holiday_is_named_where_the_page_lists_it():
    # The guide's [[calendar.remove]] example: the page listed its reason without saying which holiday.
    report = evaluate(load_jurisdiction("fort-collins"), {})
    assert ("Cesar Chavez Day: Cesar Chavez Day (March 31) is a commemorative day that state employees may take in "
            "place of another holiday; it is not on the list of legal holidays in C.R.S. § 24-11-101, so offices "
            "are not closed for it. (C.R.S. §§ 24-11-101, 24-11-112)") in report["assumptions"]


def test_the_guides_town_reads_as_a_town_on_every_sentence_the_core_writes(tmp_path):
    # Residents may file, the Town Clerk receives complaints, a hearing officer holds the hearing:
    # nothing the report says may call it a city, its clerk the City Clerk, or say that anyone may file.
    toml = tmp_path / "example-town.toml"
    toml.write_text(EXAMPLE, encoding="utf-8")
    town = load_jurisdiction(str(toml))
    report = evaluate(town, {"violation_date": "2026-03-02", "received": "2026-05-22", "complainant_role": "resident",
                             "events": {"copy-received": "2026-06-01", "hearing": "2026-07-21T18:00"}})
    text = json.dumps(report, ensure_ascii=False)
    # ("the City Attorney" is a built-in actor the town keeps, as the guide's example does)
    assert "City Clerk" not in text and "the city" not in text.lower().replace("the city's", "").replace("the city attorney", "")
    assert "does not limit who may file" not in text
    assert report["eligibility"]["reasons"] == ["Sec. 2-40(a) allows a complaint from a resident of the town, and "
                                                "you said you are a resident of the town."]
    assert report["jurisdiction"]["actors"]["clerk"]["label"] == "Town Clerk"
    assert report["jurisdiction"]["actors"]["hearing-officer"] == {"label": "Hearing officer", "side": "official",
                                                                   "in_text": "the hearing officer"}
    assert report["jurisdiction"]["actors"]["clerk"]["in_text"] == "the Town Clerk"  # "the" and its label
    hearing = next(d for d in report["deadlines"] if d["id"] == "hearing")
    assert hearing["views"] == ["complainant", "respondent", "officials"]
    assert "the day the Town Clerk receives the complaint" in hearing["steps"][0]


# --- the shapes' mistakes, each a change to a test procedure the guide quotes --------------------------------

SHAPE_BROKEN = re.compile(r"<!-- (broken|warned) in ([a-z-]+): (.*?) -->\n```toml\n(.*?)\n```\n```console\n(.*?)\n```",
                          re.S)


def shape_mistakes():
    found = SHAPE_BROKEN.findall(GUIDE)
    assert len(found) >= 9
    return [pytest.param(kind, fixture, original, changed, shown.splitlines(), id=f"{fixture}: {original[:40]}")
            for kind, fixture, original, changed, shown in found]


@pytest.mark.parametrize("kind, fixture, original, changed, shown", shape_mistakes())
def test_each_mistake_in_a_shape_gets_the_line_the_guide_shows(tmp_path, kind, fixture, original, changed, shown):
    text = (ROOT / "tests" / "jurisdictions" / f"{fixture}.toml").read_text(encoding="utf-8")
    assert text.count(original) == 1, f"{fixture}.toml should contain {original!r} once"
    if kind == "broken":
        with pytest.raises(JurisdictionError) as refused:
            parse_jurisdiction(text.replace(original, changed), f"{fixture}.toml")
        assert [str(p) for p in refused.value.problems] == shown
    else:  # a warning: the file is still used
        (tmp_path / f"{fixture}.toml").write_text(text.replace(original, changed), encoding="utf-8")
        result = run_cli("check", f"{fixture}.toml", cwd=tmp_path)
        assert result.returncode == 0 and result.stdout.splitlines()[:-1] == shown
