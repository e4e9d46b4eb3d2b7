# The worked cases, run as the browser runs them: inside Pyodide under Node, with a built site's
# python_stdlib.zip, which holds the core too (tests/test_pyodide_parity.py starts it):
#   node publish/run_in_pyodide.mjs FOLDER scripts/run_cases_in_pyodide.py '{"stdLibURL": …, "lockFileContents": …}'
# FOLDER holds procedure.json (a prepared procedure) and cases.json; the outcome goes to FOLDER/outcome.json.
import json
import sys
from pathlib import Path

import compiled_dataclasses  # noqa: F401  as the worker does, before the core
from core.cases import canonical, outcome_for, run_cases  # noqa: E402
from core.prepared import loads  # noqa: E402

folder = Path("/work")
jurisdiction = loads((folder / "procedure.json").read_text(encoding="utf-8"))
cases = json.loads((folder / "cases.json").read_text(encoding="utf-8"))
(folder / "outcome.json").write_text(json.dumps({
    "python": sys.version.split()[0],
    "compiled": sys.modules["core.report"].__spec__.origin.endswith(".pyc"),
    "reader_imported": any(m.startswith(("core.reading", "holidays", "jsonschema")) for m in sys.modules),
    "outcomes": [canonical(outcome_for(jurisdiction, case["facts"], case.get("today"),
                                              case.get("lang", "en"))) for case in cases],
    "run": run_cases(jurisdiction, cases)}))
