// The Python side of the page, in a module worker: it loads Pyodide from this
// site, checks every wheel and data file against the hash the page was built
// with, installs them, and answers requests. Nothing here leaves the origin.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const STEPS = 4;
const EMPTY_WASM_MODULE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
const checkers = new Map();
let pyodide = null;
let sha256 = null;

class LoadFailure extends Error {
  constructor(code, detail) {
    super(`${code}: ${detail}`);
    this.code = code;
    this.detail = detail;
  }
}

const post = (message) => self.postMessage(message);
const progress = (step, label) => post({ type: "progress", step, total: STEPS, label });

// If one of Pyodide's own files is missing or broken, its loader (314.0.7) catches
// the error, logs "wasm instantiation failed!" with console.warn and never settles.
// That warning is the only signal, so listen for it while the runtime loads.
function loadRuntime(indexURL) {
  const warn = console.warn;
  return new Promise((resolve, reject) => {
    console.warn = (...args) => {
      if (args[0] === "wasm instantiation failed!") reject(new LoadFailure("runtime", "pyodide.asm.wasm could not be loaded"));
      warn.apply(console, args);
    };
    loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} }).then(resolve, reject);
  }).finally(() => {
    console.warn = warn;
  });
}

async function fetchBytes(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new LoadFailure("network", url);
  }
  if (!response.ok) throw new LoadFailure("network", `${url} (${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

function verified(bytes, url, expected) {
  if (sha256(bytes) !== expected) throw new LoadFailure("integrity", url.split("/").pop());
  return bytes;
}

async function init({ runtime, wheels, procedures }) {
  progress(1, "wasm");
  if (typeof WebAssembly !== "object") throw new LoadFailure("no-wasm", "WebAssembly is not available");
  try {
    await WebAssembly.compile(EMPTY_WASM_MODULE);
  } catch (error) {
    throw new LoadFailure("no-wasm", String(error));
  }
  // Fetch our own files while the runtime loads; check them once Python can hash.
  const downloads = wheels.map((wheel) => fetchBytes(wheel.url));
  const rules = procedures.map((procedure) => fetchBytes(procedure.procedure));
  progress(2, "runtime");
  pyodide = await loadRuntime(runtime);
  sha256 = pyodide.runPython("import hashlib\nlambda data: hashlib.sha256(data.to_bytes()).hexdigest()");
  progress(3, "packages");
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const [index, wheel] of wheels.entries()) {
    const bytes = verified(await downloads[index], wheel.url, wheel.sha256);
    pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  }
  progress(4, "rules");
  const Checker = pyodide.pyimport("core.json_api").Checker;
  for (const [index, procedure] of procedures.entries()) {
    const bytes = verified(await rules[index], procedure.procedure, procedure.procedure_sha256);
    try {
      checkers.set(procedure.id, Checker.from_prepared(new TextDecoder().decode(bytes)));
    } catch (error) {
      throw new LoadFailure("rules", lastLine(error.message));
    }
  }
}

function lastLine(text) {
  const lines = String(text).trim().split("\n");
  return lines[lines.length - 1];
}

async function handle(message) {
  switch (message.type) {
    case "init":
      await init(message);
      return { type: "ready" };
    case "evaluate": {
      const answer = checkers.get(message.jurisdiction).evaluate_json(JSON.stringify(message.facts));
      return { type: "result", seq: message.seq, envelope: JSON.parse(answer) };
    }
    case "cases": {
      const bytes = verified(await fetchBytes(message.url), message.url, message.sha256);
      const answer = checkers.get(message.jurisdiction).run_cases_json(new TextDecoder().decode(bytes));
      return { type: "result", seq: message.seq, envelope: JSON.parse(answer) };
    }
    default:
      throw new LoadFailure("protocol", `unknown message ${message.type}`);
  }
}

self.addEventListener("message", async ({ data }) => {
  try {
    post(await handle(data));
  } catch (error) {
    post({ type: "failure", seq: data.seq, code: error.code || "python", detail: error.detail || lastLine(error.message) });
  }
});
