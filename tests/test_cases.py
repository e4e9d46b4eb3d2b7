"""The worked cases of each shipped procedure (core/jurisdictions/ID.cases.json, beside its file),
each checked by hand against the ordinance and a printed calendar. The same files run under
Pyodide (test_pyodide_parity.py), in the browser (e2e/test_verify_page.py), and in
`python -m core check`."""

import json
import re
from pathlib import Path

import pytest

from core import load_jurisdiction, seed_ids
from core.jurisdiction import cases_path
from core.cases import mismatches, outcome_for

SHIPPED = sorted(cases_path(jid) for jid in seed_ids())


def procedure_id(path: Path) -> str:
    return path.name.removesuffix(".cases.json")


def load_cases():
    return [pytest.param(procedure_id(path), case, id=f"{procedure_id(path)}: {case['name']}")
            for path in SHIPPED for case in json.loads(path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("jurisdiction_id, case", load_cases())
def test_worked_case(jurisdiction_id, case):
    outcome = outcome_for(load_jurisdiction(jurisdiction_id), case["facts"], case.get("today"), case.get("lang", "en"))
    assert mismatches(outcome, case["expected"]) == []


@pytest.mark.parametrize("path", SHIPPED, ids=procedure_id)
def test_each_jurisdiction_has_ten_dated_states_of_what_each_person_reads_in_both_languages(path):
    # A dated state: a day to answer as of, and what a person reads that day, worked by hand; in each language.
    cases = json.loads(path.read_text(encoding="utf-8"))
    read = [c for c in cases if c.get("today") and any(k.startswith("answers.") and k.endswith(".sentence")
                                                         for k in c["expected"])]
    states = {lang: {(json.dumps(c["facts"], sort_keys=True), c["today"]) for c in read if c.get("lang", "en") == lang}
              for lang in ("en", "es")}
    assert len(states["en"]) >= 10 and len(states["es"]) >= 10, {k: len(v) for k, v in states.items()}
    people = {k.split(".")[1] for c in read for k in c["expected"] if k.startswith("answers.")}
    assert people >= {"complainant", "clerk"}, people


@pytest.mark.parametrize("path", SHIPPED, ids=procedure_id)
def test_each_jurisdiction_has_at_least_25_cases_covering_every_counted_rule(path):
    cases = json.loads(path.read_text(encoding="utf-8"))
    assert len(cases) >= 25
    jurisdiction = load_jurisdiction(procedure_id(path))
    checked = {key.split(".")[1] for case in cases for key in case["expected"]
               if key.split(".")[0] in ("deadlines", "windows", "not_applicable", "provisions")}
    checked.add("filing")
    counted = {r.id for r in jurisdiction.rules if r.kind in ("filing", "deadline", "window")}
    assert counted <= checked, f"no worked case for {sorted(counted - checked)}"


@pytest.mark.parametrize("jurisdiction_id, case", load_cases())
def test_every_case_that_states_a_date_shows_the_arithmetic_behind_it(jurisdiction_id, case):
    states_a_date = re.search(r"\d{4}-\d{2}-\d{2}", json.dumps(case["expected"]))
    assert not states_a_date or case.get("worked", "").strip(), f"{case['name']}: write the count by hand in “worked”"
