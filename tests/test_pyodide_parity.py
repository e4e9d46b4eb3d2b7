"""One set of cases, three runtimes: here, CPython against Pyodide in Node, with the
wheels the site ships. (The browser is compared in e2e/test_verify_page.py.)"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import build
from core import load_jurisdiction
from core.cases import canonical, outcome_for, run_cases
from core.prepared import dumps

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"


@pytest.fixture(scope="module")
def shipped_wheels(tmp_path_factory):
    folder = tmp_path_factory.mktemp("wheels")
    name, data = build.core_wheel()
    (folder / name).write_bytes(data)
    for name, data in build.dependency_wheels().items():
        (folder / name).write_bytes(data)
    return folder


@pytest.mark.parametrize("jurisdiction_id", ["fort-collins", "illinois-model-ethics"])
def test_pyodide_gives_the_same_reports_as_cpython(jurisdiction_id, shipped_wheels, tmp_path):
    node = shutil.which("node")
    assert node, "Node.js is needed to run the core under Pyodide (scripts/setup.sh installs it)"
    cases_path = CASES / f"{jurisdiction_id}.json"
    jurisdiction = load_jurisdiction(jurisdiction_id)
    prepared_path = tmp_path / f"{jurisdiction_id}.json"
    prepared_path.write_text(dumps(jurisdiction), encoding="utf-8")
    result = subprocess.run([node, str(ROOT / "tests" / "pyodide_runner.mjs"), str(shipped_wheels),
                             str(prepared_path), str(cases_path)], capture_output=True, text=True, cwd=ROOT,
                            timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    pyodide = json.loads(result.stdout)
    assert pyodide["python"].startswith("3.14")
    assert pyodide["reader_imported"] is False  # the browser's path needs neither the reader nor `holidays`

    cases = json.loads(cases_path.read_text(encoding="utf-8"))
    cpython = [canonical(outcome_for(jurisdiction, case["facts"])) for case in cases]
    assert len(cpython) == len(pyodide["outcomes"]) >= 25
    for case, here, there in zip(cases, cpython, pyodide["outcomes"]):
        assert here == there, case["name"]
    assert pyodide["run"] == run_cases(jurisdiction, cases)
    assert pyodide["run"]["passed"] == pyodide["run"]["total"]
