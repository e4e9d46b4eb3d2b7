"""The worked cases in tests/cases/*.json, each checked by hand against the ordinance
and a printed calendar. The same files run under Pyodide (test_pyodide_parity.py)
and in the browser (e2e/test_verify_page.py)."""

import json
import re
from pathlib import Path

import pytest

from core import load_jurisdiction
from core.cases import mismatches, outcome_for

CASES = Path(__file__).with_name("cases")


def load_cases():
    return [pytest.param(path.stem, case, id=f"{path.stem}: {case['name']}")
            for path in sorted(CASES.glob("*.json"))
            for case in json.loads(path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("jurisdiction_id, case", load_cases())
def test_worked_case(jurisdiction_id, case):
    outcome = outcome_for(load_jurisdiction(jurisdiction_id), case["facts"])
    assert mismatches(outcome, case["expected"]) == []


@pytest.mark.parametrize("path", sorted(CASES.glob("*.json")), ids=lambda p: p.stem)
def test_each_jurisdiction_has_at_least_25_cases_covering_every_counted_rule(path):
    cases = json.loads(path.read_text(encoding="utf-8"))
    assert len(cases) >= 25
    jurisdiction = load_jurisdiction(path.stem)
    checked = {key.split(".")[1] for case in cases for key in case["expected"]
               if key.split(".")[0] in ("deadlines", "windows", "not_applicable", "provisions")}
    checked.add("filing")
    counted = {r.id for r in jurisdiction.rules if r.kind in ("filing", "deadline", "window")}
    assert counted <= checked, f"no worked case for {sorted(counted - checked)}"


@pytest.mark.parametrize("jurisdiction_id, case", load_cases())
def test_every_case_that_states_a_date_shows_the_arithmetic_behind_it(jurisdiction_id, case):
    states_a_date = re.search(r"\d{4}-\d{2}-\d{2}", json.dumps(case["expected"]))
    assert not states_a_date or case.get("worked", "").strip(), f"{case['name']}: write the count by hand in “worked”"
