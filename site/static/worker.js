// The Python side of the page, in a module worker. It loads Pyodide and the prepared
// Python from this site, checks every file against the hash the page was built with
// before using it, and answers requests. Nothing here leaves the origin.
//
// How each file is checked: the page checked this script's bytes and started it from them. Every
// other file of this build (the runtime's two modules, the wasm, python_stdlib.zip, the procedures) is
// requested at once, at start, and read as it arrives, so that the page can show how much has come;
// its bytes are hashed and compared with the build's hash (the file's Subresource Integrity value)
// before anything uses them. The modules are imported from the checked bytes (a blob: URL), Pyodide is
// handed the checked archive, and the wasm, compiled as it streams in, is instantiated (nothing of it
// runs before) only once the same bytes have passed. A file whose bytes differ is refused. When this
// build's service worker answers the page and keeps the build (each file checked when it was kept), there
// is nothing to download: the browser checks each file's integrity as it is answered (askHeld), and the wasm
// is compiled from the build's cache, by the page as soon as it starts the calculator (compileHeld).
//
// A memory snapshot: once this device has answered and the page's service worker keeps this build,
// the worker keeps a snapshot of the ready interpreter (core imported, procedures read) in the build's
// own cache, made only from checked files, and apart from it the digest of the bytes the cache gives back.
// The next visit starts from it only if its bytes still have that digest: one that does not (edited or
// damaged in storage), or that will not load, is thrown away unrun and the start made afresh. A new build's
// service worker deletes the old cache, snapshot and digest with it.

const STEPS = 4;
const EMPTY_WASM_MODULE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
const checkers = new Map();
const downloads = new Map(); // absolute URL -> { response (as it arrives), bytes (checked) }
const refused = new Set(); // URLs whose download failed
const failures = new Map(); // URL -> why its download failed
let pyodide = null;
let snapshotTarget = null; // { cache, url, digest } where this build keeps its snapshot, and its digest
let started = "fresh"; // how the interpreter started: "fresh", or "snapshot"
let snapshotCheck = "none"; // a kept snapshot's digest: "passed", "failed" (thrown away unrun), or none was kept
let wasmFrom = "download"; // where the compiled wasm came from: "download", the page ("page"), or the build's cache
// When each part of the start ended, in ms in the page's time (from the page's navigation, as the page's own
// marks): told to the page with "ready", where the benchmark reads it (scripts/benchmark.py: where a start goes).
const timings = {};
let pageOrigin = performance.timeOrigin;
const timed = (part) => {
  timings[part] = Math.round(performance.timeOrigin + performance.now() - pageOrigin);
};

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

// How many bytes of this visit's files have arrived, of how many; told to the page at most every 100 ms, and
// always the latest count (a burst that then stalls, as a file held up behind the others, is told whole).
const arrival = { received: 0, total: 0, told: 0, done: false, telling: null };
function arrived(count) {
  arrival.received += count;
  if (arrival.done || arrival.telling) return;
  arrival.telling = setTimeout(() => {
    arrival.telling = null;
    if (arrival.done) return;
    arrival.told = performance.now();
    progress(2, "download", { received: arrival.received, expected: arrival.total });
  }, Math.max(0, 100 - (performance.now() - arrival.told)));
}

async function digest(algorithm, bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest(algorithm, bytes));
  let text = "";
  for (const byte of hash) text += String.fromCharCode(byte);
  return btoa(text);
}

// The bytes of a response, counted as they arrive, then checked against `integrity` ("sha384-…").
async function checkedBytes(url, response, integrity) {
  const chunks = [];
  let length = 0;
  try {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
      arrived(value.length);
    }
  } catch (error) {
    throw new LoadFailure("network", fileName(url));
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  const [algorithm, expected] = [integrity.slice(0, integrity.indexOf("-")), integrity.slice(integrity.indexOf("-") + 1)];
  const names = { sha256: "SHA-256", sha384: "SHA-384", sha512: "SHA-512" };
  if (!names[algorithm] || (await digest(names[algorithm], bytes)) !== expected) throw new LoadFailure("integrity", fileName(url));
  return bytes;
}

// Ask for one file of this build: its response as it arrives (for the wasm's streaming compile) and its
// checked bytes. Asked once; every later use shares the one download.
function request(file, held = false) {
  if (downloads.has(file.url)) return downloads.get(file.url);
  const streamed = file.url.endsWith(".wasm");
  const { response, bytes } = held ? askHeld(file, streamed) : askAndCount(file, streamed);
  for (const promise of [response, bytes]) {
    promise.catch((error) => {
      refused.add(file.url);
      if (!failures.has(file.url)) failures.set(file.url, error);
    });
  }
  const entry = { response: streamed ? response : null, bytes };
  downloads.set(file.url, entry);
  return entry;
}

function answered(file, answer) {
  if (!answer) throw new LoadFailure("network", fileName(file.url));
  if (!answer.ok) throw new LoadFailure("network", `${fileName(file.url)} (${answer.status})`);
  return answer;
}

// A file to download: counted as it arrives and checked here. The wasm's response also goes to the compiler
// as it arrives (compileAsItArrives): the bytes checked are read from a copy of it.
function askAndCount(file, streamed) {
  arrival.total += file.sizes ? file.sizes.raw : 0;
  const response = plainFetch(file.url).then((answer) => answered(file, answer), () => {
    throw new LoadFailure("network", fileName(file.url));
  });
  const bytes = response.then((answer) => checkedBytes(file.url, streamed ? answer.clone() : answer, file.integrity));
  return { response, bytes };
}

// A file this device holds (the service worker keeps this build, each file checked against its hash when kept):
// nothing to download or count. The wasm is read from the build's cache itself and goes to the compiler whole,
// which lets the browser reuse the code it compiled on an earlier visit (from a copy of a response, as read
// above, it never does); every other file comes through the service worker, and the browser checks its integrity.
function askHeld(file, streamed) {
  const held = streamed ? caches.match(file.url, { cacheName: snapshotTarget.cache })
    : plainFetch(file.url, { integrity: file.integrity });
  const response = held.then((answer) => answered(file, answer), async () => {
    throw await failureOf(file.url);
  });
  const bytes = streamed ? response.then(() => null) : response.then(async (answer) => new Uint8Array(await answer.arrayBuffer()));
  return { response, bytes };
}

// Pyodide fetches the wasm and the archive itself: it is answered from the downloads above. The archive is
// handed over once checked. The wasm is compiled as it streams in, from the moment its download starts (while
// the runtime's modules are imported and a snapshot is read): Pyodide's request for it is answered at once,
// and the module it instantiates is that one, instantiated only once the same bytes have passed the check.
const plainFetch = self.fetch.bind(self);
const compiled = new Map(); // absolute URL -> Promise<WebAssembly.Module>
function compileAsItArrives(file) {
  const module = request(file).response.then((response) => WebAssembly.compileStreaming(response));
  module.catch(() => {}); // a failed download is said by the check
  compiled.set(file.url, module);
}

// Held, the wasm is compiled by the page from the build's cache (runtime.js: keptModule), which can start before
// this worker has; if the page could not, it is compiled here from the same cache.
let receiveModule = () => {};
const moduleFromThePage = new Promise((resolve) => {
  receiveModule = resolve;
});
function compileHeld(file) {
  wasmFrom = "page";
  const module = moduleFromThePage.then((given) => {
    if (given) return given;
    wasmFrom = "cache";
    return request(file, true).response.then((response) => WebAssembly.compileStreaming(response));
  });
  module.catch(() => {}); // a failed read is said by the check
  compiled.set(file.url, module);
}
self.fetch = (input, init = {}) => {
  const url = new URL(input instanceof Request ? input.url : input, self.location.href).href;
  if (compiled.has(url)) {
    const placeholder = new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } });
    return Promise.resolve(Object.assign(placeholder, { compiledFrom: url }));
  }
  const entry = downloads.get(url);
  if (!entry) return plainFetch(input, init);
  return entry.bytes.then((bytes) => new Response(bytes, { status: 200, headers: { "Content-Type": "application/zip" } }));
};
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  if (!response.compiledFrom) return instantiateStreaming(response, imports); // not a file of this build
  const module = await compiled.get(response.compiledFrom);
  timed("wasm compiled");
  // the same bytes, checked; a refused wasm never runs (held: the build's cache, whose bytes were checked when kept)
  await downloads.get(response.compiledFrom)?.bytes;
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

// Why a download failed, if the worker knows; else whether the file is there at all (network) or differs.
async function failureOf(url) {
  if (failures.has(url)) return failures.get(url);
  try {
    const response = await plainFetch(url, { cache: "no-store" });
    return response.ok ? new LoadFailure("integrity", fileName(url)) : new LoadFailure("network", `${fileName(url)} (${response.status})`);
  } catch (error) {
    return new LoadFailure("network", fileName(url));
  }
}

async function importChecked(file, held) {
  if (held) {
    // Kept by this build's service worker, which answers this page: checked (the browser, against the
    // integrity) as it answers, then imported from it, which lets the browser reuse the module's compiled code.
    await request(file, held).bytes;
    return import(file.url);
  }
  const bytes = await request(file).bytes;
  const source = URL.createObjectURL(new Blob([bytes], { type: "text/javascript" }));
  try {
    return await import(source);
  } catch (error) {
    // Checked bytes that will not import: the site's Content-Security-Policy refuses blob: in script-src.
    throw new LoadFailure("policy", `script-src: ${fileName(file.url)}`);
  } finally {
    URL.revokeObjectURL(source);
  }
}

async function fetchChecked(url, integrity) {
  const bytes = await request({ url, integrity }).bytes;
  return new TextDecoder().decode(bytes);
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

// This build's kept snapshot, if the page found one: the page reads it (runtime.js), from the moment it starts the
// calculator and off this worker's thread, and sends its bytes and the digest kept apart from it; checked here as
// soon as they come, while the runtime's modules are imported. Resolves to { bytes, passed }, or null.
let receiveSnapshot = () => {};
const snapshotFromThePage = new Promise((resolve) => {
  receiveSnapshot = resolve;
});

// A snapshot is the interpreter's whole memory, about half of it pages of zeros: it is kept without them, as
// runs of the pages that are not ("CCS1", the memory's length, the number of runs, then each run's first page and
// its number of pages, then their bytes), so that a visit reads half as much. A kept snapshot that does not
// read back whole is no snapshot.
const SNAPSHOT_MAGIC = 0x31534343; // "CCS1"
const PAGE = 4096;

function packSnapshot(memory) {
  const words = new Uint32Array(memory.buffer, memory.byteOffset, Math.floor(memory.length / 4));
  const pages = Math.ceil(memory.length / PAGE);
  const runs = [];
  for (let page = 0; page < pages; page++) {
    let zero = true;
    for (let word = page * 1024, end = Math.min(word + 1024, words.length); word < end; word++) {
      if (words[word]) {
        zero = false;
        break;
      }
    }
    if (zero && page === pages - 1 && memory.length % 4) zero = memory.subarray(words.length * 4).every((b) => !b);
    if (zero) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === page) last[1] += 1;
    else runs.push([page, 1]);
  }
  const header = new Uint32Array([SNAPSHOT_MAGIC, memory.length, runs.length, ...runs.flat()]);
  const size = runs.reduce((sum, [first, count]) => sum + Math.min(count * PAGE, memory.length - first * PAGE), 0);
  const packed = new Uint8Array(header.byteLength + size);
  packed.set(new Uint8Array(header.buffer));
  let at = header.byteLength;
  for (const [first, count] of runs) {
    const part = memory.subarray(first * PAGE, Math.min((first + count) * PAGE, memory.length));
    packed.set(part, at);
    at += part.length;
  }
  return packed;
}

function unpackSnapshot(packed) {
  const read = (index) => new DataView(packed.buffer, packed.byteOffset + index * 4, 4).getUint32(0, true);
  if (packed.length < 12 || read(0) !== SNAPSHOT_MAGIC) throw new Error("not a kept snapshot");
  const [length, count] = [read(1), read(2)];
  const memory = new Uint8Array(length);
  let at = (3 + 2 * count) * 4;
  for (let run = 0; run < count; run++) {
    const [first, pages] = [read(3 + 2 * run), read(4 + 2 * run)];
    const size = Math.min(pages * PAGE, length - first * PAGE);
    if (size <= 0 || at + size > packed.length) throw new Error("a damaged snapshot");
    memory.set(packed.subarray(at, at + size), first * PAGE);
    at += size;
  }
  if (at !== packed.length) throw new Error("a damaged snapshot");
  return memory;
}

async function forgetSnapshot() {
  try {
    const cache = await caches.open(snapshotTarget.cache);
    await cache.delete(snapshotTarget.url);
    await cache.delete(snapshotTarget.digest);
  } catch (error) {
    // nothing kept, or storage unavailable: nothing to forget
  }
}

// A snapshot's digest, as kept apart from it: in the form of a file's integrity.
const snapshotDigest = async (bytes) => `sha256-${await digest("SHA-256", bytes)}`;

async function checkSnapshot(bytes, kept) {
  return { bytes, passed: typeof kept === "string" && kept === await snapshotDigest(bytes) };
}

async function init({ runtime, python, lock, snapshot: target, controlled, procedures, origin }) {
  if (origin) pageOrigin = origin;
  timed("worker running");
  progress(1, "wasm");
  if (typeof WebAssembly !== "object") throw new LoadFailure("no-wasm", "WebAssembly is not available");
  try {
    await WebAssembly.compile(EMPTY_WASM_MODULE);
  } catch (error) {
    throw new LoadFailure("no-wasm", String(error));
  }
  snapshotTarget = target;
  // Held: this build's service worker answers the page, and keeps this build's files on the device.
  const held = Boolean(controlled && target && "caches" in self
    && await caches.match(runtime["pyodide.asm.wasm"].url, { cacheName: target.cache }).catch(() => null));
  // Every file, asked for now, at once: the modules, the wasm, the archive and the procedures download together.
  // (Held, the wasm is the page's to compile, and read here only if the page could not.)
  for (const file of [runtime["pyodide.mjs"], runtime["pyodide.asm.mjs"], ...(held ? [] : [runtime["pyodide.asm.wasm"]]),
    python["python_stdlib.zip"], ...procedures]) request(file, held);
  if (held) compileHeld(runtime["pyodide.asm.wasm"]);
  else compileAsItArrives(runtime["pyodide.asm.wasm"]);
  const rules = procedures.map((procedure) => request(procedure).bytes.then((bytes) => new TextDecoder().decode(bytes)));
  rules.forEach((promise) => promise.catch(() => {}));
  progress(2, "download", { received: 0, expected: arrival.total });
  // Downloading, then starting: two steps for the page, though Python starts on the files it has as they come.
  const downloaded = Promise.all([...downloads.values()].map((entry) => entry.bytes)).then(() => {
    arrival.done = true;
    progress(3, "start");
  }, () => {});
  const [{ loadPyodide }, { default: createPyodideModule }] = await Promise.all([
    importChecked(runtime["pyodide.mjs"], held), importChecked(runtime["pyodide.asm.mjs"], held)]);
  timed("modules");
  const indexURL = runtime["pyodide.mjs"].url.replace(/[^/]+$/, "");
  const options = { loadPyodide, indexURL, createPyodideModule, stdLibURL: python["python_stdlib.zip"].url,
    lockFileContents: lock, stdout: () => {}, stderr: () => {} };
  const kept = await snapshotFromThePage;
  if (kept && !kept.passed) {
    // Not the snapshot that was kept (edited or damaged in storage, or kept without its digest): never run.
    snapshotCheck = "failed";
    await forgetSnapshot();
  } else if (kept) {
    snapshotCheck = "passed";
    timed("snapshot read");
    try {
      pyodide = await startPython({ ...options, _loadSnapshot: unpackSnapshot(kept.bytes) });
      timed("python");
      for (const procedure of procedures) checkers.set(procedure.id, pyodide.globals.get("_checkers").get(procedure.id));
      if (procedures.every((procedure) => checkers.get(procedure.id))) {
        started = "snapshot";
        return;
      }
    } catch (error) {
      if (refused.size) throw error; // a file of this build was refused: no start will do
    }
    // A snapshot that will not start this build (another runtime, damaged storage): a normal start.
    checkers.clear();
    await forgetSnapshot();
  }
  pyodide = await startPython({ ...options, _makeSnapshot: Boolean(snapshotTarget) });
  timed("python");
  // Every module is in python_stdlib.zip, which Pyodide has mounted: nothing to install. The core's
  // records take the code the build compiled for them (publish/prepare_python.py), then the core is imported.
  pyodide.pyimport("compiled_dataclasses");
  await downloaded;
  progress(4, "rules");
  pyodide.runPython("from core.json_api import Checker\n_checkers = {}");
  const prepared = pyodide.globals.get("Checker").from_prepared;
  for (const [index, procedure] of procedures.entries()) {
    const text = await rules[index];
    try {
      const checker = prepared(text);
      pyodide.globals.get("_checkers").set(procedure.id, checker);
      checkers.set(procedure.id, checker);
    } catch (error) {
      throw new LoadFailure("rules", lastLine(error.message));
    }
  }
}

// The page's service worker keeps this build: keep a snapshot of the interpreter beside it, once, when idle.
let snapshotKept = false;
async function keepSnapshot() {
  if (snapshotKept || started === "snapshot" || !snapshotTarget || !pyodide || !("caches" in self)) return "none";
  snapshotKept = true;
  try {
    const bytes = packSnapshot(pyodide.makeMemorySnapshot());
    const cache = await caches.open(snapshotTarget.cache);
    await cache.put(snapshotTarget.url, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
    // The digest of the bytes as the cache gives them back, kept apart from them: a visit starts only from these.
    const stored = await (await cache.match(snapshotTarget.url)).arrayBuffer();
    await cache.put(snapshotTarget.digest, new Response(await snapshotDigest(stored), { headers: { "Content-Type": "text/plain" } }));
    return "kept";
  } catch (error) {
    return "none"; // storage full or refused: the next visit starts as this one did
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
      await init(message).catch((error) => {
        arrival.done = true; // nothing more to tell of a download that has failed
        throw error;
      });
      timed("ready");
      return { type: "ready", started, snapshot: snapshotCheck, wasm: wasmFrom, timings };
    case "keep-snapshot":
      return { type: "result", seq: message.seq, envelope: { ok: true, snapshot: await keepSnapshot() } };
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
        JSON.stringify(message.complaints), JSON.stringify(message.reminders), message.stamp, message.lang);
      return { type: "result", seq: message.seq, envelope: JSON.parse(answer) };
    }
    case "desk-import": {
      const answer = checkers.get(message.jurisdiction).desk_import_json(message.text, message.lang,
        message.current ? JSON.stringify(message.current) : null);
      return { type: "result", seq: message.seq, envelope: JSON.parse(answer) };
    }
    case "cases": {
      const text = await fetchChecked(message.url, message.integrity);
      const answer = checkers.get(message.jurisdiction).run_cases_json(text);
      return { type: "result", seq: message.seq, envelope: JSON.parse(answer) };
    }
    default:
      throw new LoadFailure("protocol", `unknown message ${message.type}`);
  }
}

self.addEventListener("message", async ({ data }) => {
  if (data.type === "module") {
    receiveModule(data.module instanceof WebAssembly.Module ? data.module : null);
    return;
  }
  if (data.type === "snapshot") {
    if (data.bytes) timed("snapshot received");
    receiveSnapshot(data.bytes ? checkSnapshot(new Uint8Array(data.bytes), data.digest) : null);
    return;
  }
  try {
    post(await handle(data));
  } catch (error) {
    post({ type: "failure", seq: data.seq, code: error.code || "python", detail: error.detail || lastLine(error.message) });
  }
});
