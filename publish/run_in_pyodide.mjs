// Run a Python script inside Pyodide's own interpreter (Python 3.14) under Node, with a
// host folder mounted at /work. The build uses it to byte-compile for the browser's Python
// and to run pyodide-lock; the tests use it to run the worked cases in the browser's runtime.
//   node publish/run_in_pyodide.mjs HOST_FOLDER SCRIPT.py [PYODIDE_OPTIONS_JSON]
// The script sees the options in `options` and writes its results under /work.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const [folder, script, optionsJson] = process.argv.slice(2);
const options = JSON.parse(optionsJson || "{}");
const pyodide = await loadPyodide({
  ...options,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
pyodide.mountNodeFS("/work", path.resolve(folder));
pyodide.globals.set("options", pyodide.toPy(options));
try {
  await pyodide.runPythonAsync(fs.readFileSync(script, "utf-8"), { filename: path.basename(script) });
} catch (error) {
  process.stderr.write(String(error.message || error) + "\n");
  process.exit(1);
}
