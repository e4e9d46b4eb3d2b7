"""One set of cases, three runtimes: here, CPython against Pyodide in Node, running exactly
what a built site ships (its trimmed, byte-compiled standard library, and its wheels installed
by Pyodide's own loader from its lock file). The browser is compared in e2e/test_verify_page.py."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from built_site import built_once
from core.jurisdiction import cases_path
from core import load_jurisdiction
from core.cases import canonical, outcome_for, run_cases
from core.prepared import dumps

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def shipped_python(tmp_path_factory):
    """The python/HASH/ folder of a built site: what the browser runs."""
    [folder] = (built_once(tmp_path_factory) / "python").iterdir()  # the run's one build of every procedure
    return folder


@pytest.mark.parametrize("jurisdiction_id", ["fort-collins", "illinois-model-ethics"])
def test_pyodide_gives_the_same_reports_as_cpython(jurisdiction_id, shipped_python, tmp_path):
    node = shutil.which("node")
    assert node, "Node.js is needed to run the core under Pyodide (scripts/setup.sh installs it)"
    jurisdiction = load_jurisdiction(jurisdiction_id)
    cases = json.loads(cases_path(jurisdiction_id).read_text(encoding="utf-8"))
    (tmp_path / "procedure.json").write_text(dumps(jurisdiction), encoding="utf-8")
    (tmp_path / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    lock = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    options = {"stdLibURL": str(shipped_python / "python_stdlib.zip"),
               "lockFileContents": {"info": lock["info"], "packages": {}}}
    result = subprocess.run([node, str(ROOT / "publish" / "run_in_pyodide.mjs"), str(tmp_path),
                             str(ROOT / "scripts" / "run_cases_in_pyodide.py"), json.dumps(options)],
                            capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    pyodide = json.loads((tmp_path / "outcome.json").read_text())
    assert pyodide["python"].startswith("3.14")
    assert pyodide["compiled"] is True  # the shipped core is bytecode for this interpreter
    assert pyodide["reader_imported"] is False  # the browser's path needs neither the reader nor `holidays`

    cpython = [canonical(outcome_for(jurisdiction, case["facts"], case.get("today"),
                                                   case.get("lang", "en"))) for case in cases]
    assert len(cpython) == len(pyodide["outcomes"]) >= 25
    for case, here, there in zip(cases, cpython, pyodide["outcomes"]):
        assert here == there, case["name"]
    assert pyodide["run"] == run_cases(jurisdiction, cases)
    assert pyodide["run"]["passed"] == pyodide["run"]["total"]
