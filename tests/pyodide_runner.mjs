// Run worked cases under Pyodide in Node, with the same wheels the site ships and the
// procedure as the build prepares it for the browser (core.prepared).
//   node tests/pyodide_runner.mjs WHEEL_DIR PROCEDURE.json CASES.json
// Prints {"python": version, "outcomes": [canonical JSON per case], "run": run_cases result}.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const [wheelDir, preparedPath, casesPath] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (line) => process.stderr.write(line + "\n") });
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const name of fs.readdirSync(wheelDir).filter((n) => n.endsWith(".whl")).sort()) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(path.join(wheelDir, name))), "wheel", { extractDir: sitePackages });
}
pyodide.globals.set("prepared_text", fs.readFileSync(preparedPath, "utf-8"));
pyodide.globals.set("cases_text", fs.readFileSync(casesPath, "utf-8"));
const answer = pyodide.runPython(`
import json, sys
from core.cases import canonical, outcome_for, run_cases
from core.prepared import loads
jurisdiction = loads(prepared_text)
cases = json.loads(cases_text)
json.dumps({"python": sys.version.split()[0],
            "reader_imported": any(m.startswith(("core.reading", "holidays", "jsonschema")) for m in sys.modules),
            "outcomes": [canonical(outcome_for(jurisdiction, case["facts"])) for case in cases],
            "run": run_cases(jurisdiction, cases)})
`);
process.stdout.write(answer);
