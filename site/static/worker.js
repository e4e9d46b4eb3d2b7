// The Python side of the page, in a module worker. It loads Pyodide and the prepared
// Python from this site, checks every file against the hash the page was built with
// before using it, and answers requests. Nothing here leaves the origin.
//
// How each file is checked: the page checked this script's bytes and started it from them;
// the two runtime modules are fetched with their integrity and imported from the bytes
// fetched (a blob: URL), so a second request cannot bring other bytes to run; every fetch
// Pyodide makes for a file of this build (the wasm, the standard library, the lock file)
// carries the file's integrity; and Pyodide's loader checks each wheel against the
// sha256 in the lock file. The browser refuses a file whose bytes differ.

const STEPS = 4;
const EMPTY_WASM_MODULE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
const checkers = new Map();
const expected = new Map(); // absolute URL -> Subresource Integrity value
const refused = new Set(); // URLs whose download failed
let pyodide = null;

class LoadFailure extends Error {
  constructor(code, detail) {
    super(`${code}: ${detail}`);
    this.code = code;
    this.detail = detail;
  }
}

const post = (message) => self.postMessage(message);
const progress = (step, label, extra = {}) => post({ type: "progress", step, total: STEPS, label, ...extra });
const fileName = (url) => url.split("/").pop();

// Every fetch for a file of this build carries its integrity, whoever makes it.
const plainFetch = self.fetch.bind(self);
self.fetch = (input, init = {}) => {
  const url = new URL(input instanceof Request ? input.url : input, self.location.href).href;
  const sri = expected.get(url);
  const checked = sri && !init.integrity ? { ...init, integrity: sri } : init;
  return plainFetch(input, checked).catch((error) => {
    refused.add(url);
    throw error;
  });
};

// Why a download failed: the bytes differed from the build's (integrity), or there were none (network).
async function failureOf(url) {
  try {
    const response = await plainFetch(url, { cache: "no-store" });
    return response.ok ? new LoadFailure("integrity", fileName(url)) : new LoadFailure("network", `${fileName(url)} (${response.status})`);
  } catch (error) {
    return new LoadFailure("network", fileName(url));
  }
}

async function fetchChecked(url) {
  try {
    const response = await self.fetch(url);
    if (!response.ok) throw new LoadFailure("network", `${fileName(url)} (${response.status})`);
    return response;
  } catch (error) {
    throw error instanceof LoadFailure ? error : await failureOf(url);
  }
}

async function importChecked(url) {
  const bytes = await (await fetchChecked(url)).arrayBuffer();
  const source = URL.createObjectURL(new Blob([bytes], { type: "text/javascript" }));
  try {
    return await import(source);
  } catch (error) {
    // Checked bytes that will not import: the site's Content-Security-Policy refuses blob: in script-src.
    throw new LoadFailure("policy", `script-src: ${fileName(url)}`);
  } finally {
    URL.revokeObjectURL(source);
  }
}

// If one of Pyodide's own files cannot be used, its loader (314.0.7) logs the failure and never
// settles: "wasm instantiation failed!" (console.warn) for the wasm, "Error occurred while
// installing the standard library" (console.error) and an unhandled rejection for the others.
// Those are the only signals, so listen for them while the runtime loads, and say which file it was.
function startPython(options) {
  const { warn, error } = console;
  return new Promise((resolve, reject) => {
    let settled = false;
    const giveUp = () => {
      if (settled) return;
      settled = true;
      const url = [...refused][0] || options.indexURL + "pyodide.asm.wasm";
      failureOf(url).then(reject);
    };
    console.warn = (...args) => {
      if (args[0] === "wasm instantiation failed!") giveUp();
      warn.apply(console, args);
    };
    console.error = (...args) => {
      if (refused.size) giveUp();
      error.apply(console, args);
    };
    self.onunhandledrejection = (event) => {
      if (!refused.size) return;
      event.preventDefault(); // explained by the message about the refused file
      giveUp();
    };
    options.loadPyodide(options).then((value) => {
      settled = true;
      resolve(value);
    }, (failure) => (refused.size ? giveUp() : reject(failure)));
  }).finally(() => {
    console.warn = warn;
    console.error = error;
    self.onunhandledrejection = null;
  });
}

async function init({ runtime, python, packages, procedures }) {
  progress(1, "wasm");
  if (typeof WebAssembly !== "object") throw new LoadFailure("no-wasm", "WebAssembly is not available");
  try {
    await WebAssembly.compile(EMPTY_WASM_MODULE);
  } catch (error) {
    throw new LoadFailure("no-wasm", String(error));
  }
  for (const file of [...Object.values(runtime), ...Object.values(python), ...procedures]) expected.set(file.url, file.integrity);
  // The rules are fetched while the runtime starts; each file is checked as it arrives. (Fetching the
  // runtime's own files ahead of Pyodide was measured slower: on two cores it competes with compiling.)
  const rules = procedures.map((procedure) => fetchChecked(procedure.url).then((response) => response.text()));
  rules.forEach((promise) => promise.catch(() => {}));
  progress(2, "download");
  const [{ loadPyodide }, { default: createPyodideModule }] = await Promise.all([
    importChecked(runtime["pyodide.mjs"].url), importChecked(runtime["pyodide.asm.mjs"].url)]);
  const indexURL = runtime["pyodide.mjs"].url.replace(/[^/]+$/, "");
  pyodide = await startPython({
    loadPyodide, indexURL, createPyodideModule,
    stdLibURL: python["python_stdlib.zip"].url,
    lockFileURL: python["pyodide-lock.json"].url,
    stdout: () => {}, stderr: () => {},
  });
  progress(3, "packages");
  const errors = [];
  await pyodide.loadPackage(packages, { messageCallback: () => {}, errorCallback: (message) => errors.push(message) });
  const missing = packages.filter((name) => !(name in pyodide.loadedPackages));
  if (missing.length || errors.length) {
    const wheel = [...refused].find((url) => url.endsWith(".whl"));
    throw wheel ? await failureOf(wheel) : new LoadFailure("packages", errors.join("; ") || missing.join(", "));
  }
  progress(4, "rules");
  const Checker = pyodide.pyimport("core.json_api").Checker;
  for (const [index, procedure] of procedures.entries()) {
    const text = await rules[index];
    try {
      checkers.set(procedure.id, Checker.from_prepared(text));
    } catch (error) {
      throw new LoadFailure("rules", lastLine(error.message));
    }
  }
}

// Just after loading, V8 runs the Python interpreter in its baseline tier, where an evaluation takes
// 10-35 ms instead of 2-5 ms. So between requests the worker repeats the latest one a few times, one
// at a time (a request arriving meanwhile waits for one run at most): by the person's next change,
// the interpreter's hot paths are compiled by the optimizing tier.
const WARM_UP_RUNS = 25;
let warmUpsLeft = WARM_UP_RUNS;
let warmUpTimer = null;

function warmUp({ jurisdiction, facts, lang, today }) {
  clearTimeout(warmUpTimer);
  if (warmUpsLeft <= 0 || !today) return;
  // With no dates yet, a case a month old: enough to run the counting code.
  const day = (offset) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86400000).toISOString().slice(0, 10);
  const sample = JSON.stringify(facts.violation_date ? facts : { ...facts, violation_date: day(-40), received: day(-10) });
  warmUpTimer = setTimeout(() => {
    warmUpsLeft -= 1;
    checkers.get(jurisdiction).evaluate_json(sample, lang || "en", today);
    warmUp({ jurisdiction, facts, lang, today });
  }, 0);
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
      const answer = checkers.get(message.jurisdiction).evaluate_json(JSON.stringify(message.facts), message.lang || "en", message.today || null);
      warmUp(message);
      return { type: "result", seq: message.seq, envelope: JSON.parse(answer) };
    }
    case "calendar": {
      const answer = checkers.get(message.jurisdiction).calendar_file_json(
        JSON.stringify(message.facts), message.lang, message.today, message.person, message.stamp,
        message.kept ? JSON.stringify(message.kept) : null);
      return { type: "result", seq: message.seq, envelope: JSON.parse(answer) };
    }
    // The office's desk (core/desk.py): every complaint assessed by the same core, as the checker's page does.
    case "desk": {
      const answer = checkers.get(message.jurisdiction).desk_json(JSON.stringify(message.complaints), message.lang, message.today);
      return { type: "result", seq: message.seq, envelope: JSON.parse(answer) };
    }
    case "desk-calendar": {
      const answer = checkers.get(message.jurisdiction).desk_calendar_json(
        JSON.stringify(message.complaints), message.lang, message.today, message.stamp, JSON.stringify(message.reminders));
      return { type: "result", seq: message.seq, envelope: JSON.parse(answer) };
    }
    case "desk-export": {
      const answer = checkers.get(message.jurisdiction).desk_export_json(
        JSON.stringify(message.complaints), JSON.stringify(message.reminders), message.stamp);
      return { type: "result", seq: message.seq, envelope: JSON.parse(answer) };
    }
    case "desk-import": {
      const answer = checkers.get(message.jurisdiction).desk_import_json(message.text, message.lang,
        message.current ? JSON.stringify(message.current) : null);
      return { type: "result", seq: message.seq, envelope: JSON.parse(answer) };
    }
    case "cases": {
      expected.set(message.url, message.integrity);
      const text = await (await fetchChecked(message.url)).text();
      const answer = checkers.get(message.jurisdiction).run_cases_json(text);
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
