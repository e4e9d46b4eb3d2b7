// Starting the calculator and talking to it. The page's only view of the worker.
export const SLOW_AFTER_MS = 20000;
export const ANSWER_WITHIN_MS = 15000; // a request not answered by then means the worker is gone
const TRIAL_WAITS_FOR_CONTROL_MS = 3000; // for the service worker just registered to take the page
const TRIAL_WARMS_UP_MS = 1000; // for a tried snapshot's interpreter to warm up, and its compiled code to be kept (1 s measured enough)

// config: { root, worker: {url, integrity}, assets: {"app.js": {url, sizes}}, loader: {runtime, python, lock},
//           procedures: [{id, procedure: {url, integrity, sizes}}] }
// on: { progress(step, total, label, {received, expected}), ready(started, timings, wasm, snapshot), failure(code, detail),
//       slow(what: "network" | "device"), stale(), restarted() }
export class Calculator {
  // `on` may come later (attach): a calculator started by the page's first script (boot.js), before the rest
  // of the page has loaded, keeps what it has to say until the page listens.
  constructor(config, on = null) {
    this.config = config;
    this.created = Math.round(performance.now());
    this.waiting = [];
    this.on = Object.fromEntries(["progress", "ready", "failure", "slow", "stale", "restarted"]
      .map((name) => [name, (...args) => this.tell(name, args)]));
    this.listener = on;
    this.seq = 0;
    this.pending = new Map();
    this.ready = false;
    this.failed = false;
    this.restarts = 0;
    this.downloading = true; // until the worker says every file has arrived
    // Slow: the network, if files are still arriving; else this device, still starting what has arrived.
    this.slowTimer = setTimeout(() => !this.ready && !this.failed && this.on.slow(this.downloading ? "network" : "device"), SLOW_AFTER_MS);
    this.start();
  }

  tell(name, args) {
    if (this.listener) this.listener[name](...args);
    else this.waiting.push([name, args]);
  }

  attach(on) {
    this.listener = on;
    for (const [name, args] of this.waiting.splice(0)) on[name](...args);
    return this;
  }

  absolute(path) {
    return new URL(this.config.root + path, document.baseURI).href;
  }

  snapshotPlace() {
    return snapshotPlace(this.config);
  }

  // The kept snapshot's bytes and the digest kept apart from them (the worker checks one against the other before
  // it starts from them), read here from the moment the calculator starts; or null.
  async keptSnapshot(place) {
    if (!place || !("caches" in self)) return null;
    try {
      const [kept, digest] = await Promise.all([place.url, place.digest].map((url) => caches.match(url, { cacheName: place.cache })));
      return kept ? { bytes: await kept.arrayBuffer(), digest: digest ? await digest.text() : null } : null;
    } catch (error) {
      return null; // unreadable storage: a normal start
    }
  }

  // When this build's service worker answers the page and keeps the build: the wasm, compiled here from the
  // build's cache (checked when it was kept) from the moment the calculator starts, before the worker has even
  // started, and handed to the worker; else null, and the worker asks for the wasm itself.
  async keptModule(place, controlled) {
    if (!place || !controlled || !("caches" in self)) return null;
    try {
      const kept = await caches.match(this.absolute(this.config.loader.runtime["pyodide.asm.wasm"].url), { cacheName: place.cache });
      return kept ? await WebAssembly.compileStreaming(kept) : null;
    } catch (error) {
      return null; // unreadable storage, or a wasm that will not compile here: the worker's own start says why
    }
  }

  async start() {
    const { worker, loader, procedures } = this.config;
    const snapshot = this.snapshotPlace();
    const controlled = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
    const kept = this.keptSnapshot(snapshot);
    const module = this.keptModule(snapshot, controlled);
    const url = this.absolute(worker.url);
    let source;
    try {
      source = await (await fetch(url, { integrity: worker.integrity })).arrayBuffer();
    } catch (error) {
      this.fail("integrity", url.split("/").pop());
      return;
    }
    // The worker runs the very bytes just checked, started from them (a blob: URL) rather than from its URL
    // again: a host or cache that answered a second request with other bytes would otherwise have them run.
    // A site whose Content-Security-Policy header still lacks blob: (an older guide's) is told what to change.
    if (this.script) URL.revokeObjectURL(this.script);
    this.script = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    if (!this.watchingPolicy) {
      this.watchingPolicy = true;
      document.addEventListener("securitypolicyviolation", (event) => {
        if (event.blockedURI === "blob" || event.blockedURI.startsWith("blob:")) this.fail("policy", event.effectiveDirective);
      });
    }
    this.worker = new Worker(this.script, { type: "module" });
    this.workerStarted = Math.round(performance.now());
    this.worker.addEventListener("message", ({ data }) => this.receive(data));
    this.worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.lost(event.message || "the worker stopped");
    });
    this.worker.addEventListener("messageerror", () => this.lost("a message could not be read"));
    const entry = (file) => ({ ...file, url: this.absolute(file.url) });
    const each = (files) => Object.fromEntries(Object.entries(files).map(([name, file]) => [name, entry(file)]));
    this.worker.postMessage({
      type: "init",
      runtime: each(loader.runtime),
      python: each(loader.python),
      lock: loader.lock,
      snapshot,
      controlled,
      procedures: procedures.map((p) => ({ id: p.id, ...entry(p.procedure) })),
      origin: performance.timeOrigin,
    });
    const sent = this.worker;
    kept.then((found) => sent.postMessage({ type: "snapshot", bytes: found && found.bytes, digest: found && found.digest },
      found ? [found.bytes] : []));
    module.then((compiled) => sent.postMessage({ type: "module", module: compiled }));
  }

  receive(message) {
    if (message.type === "progress") {
      if (message.step > 2) this.downloading = false;
      this.on.progress(message.step, message.total, message.label, { received: message.received, expected: message.expected });
    } else if (message.type === "ready") {
      this.ready = true;
      this.started = message.started;
      this.snapshotCheck = message.snapshot;
      this.timings = { "calculator created": this.created, "worker created": this.workerStarted, ...message.timings,
        "ready told": Math.round(performance.now()) };
      clearTimeout(this.slowTimer);
      if (this.restarts) this.on.restarted();
      else this.on.ready(message.started, this.timings, message.wasm, message.snapshot);
    } else if (message.seq && this.pending.has(message.seq)) {
      const { resolve, reject, timer } = this.pending.get(message.seq);
      clearTimeout(timer);
      this.pending.delete(message.seq);
      if (message.type === "result") resolve(message.envelope);
      else reject(new Error(`${message.code}: ${message.detail}`));
    } else if (message.type === "failure") {
      this.fail(message.code, message.detail);
    }
  }

  // The worker died, or stopped answering: whatever is on screen may be out of date. Start again, once.
  lost(detail) {
    if (this.failed) return;
    if (!this.ready) {
      this.fail("start", detail);
      return;
    }
    this.ready = false;
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer);
      reject(new Error(`stopped: ${detail}`));
    }
    this.pending.clear();
    if (this.worker) this.worker.terminate();
    if (this.restarts >= 1) {
      this.fail("stopped", detail);
      return;
    }
    this.restarts += 1;
    this.on.stale();
    this.start();
  }

  fail(code, detail) {
    if (this.failed) return;
    this.failed = true;
    clearTimeout(this.slowTimer);
    this.on.failure(code, detail);
  }

  request(message) {
    if (!this.ready) return Promise.reject(new Error("not ready"));
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.lost(`no answer within ${ANSWER_WITHIN_MS / 1000} seconds`), ANSWER_WITHIN_MS);
      this.pending.set(seq, { resolve, reject, timer });
      this.worker.postMessage({ ...message, seq });
    });
  }

  evaluate(jurisdiction, facts, lang, today) {
    return this.request({ type: "evaluate", jurisdiction, facts, lang, today });
  }

  // A calendar file (.ics text) of one person's dates; `stamp` is now, in UTC. `kept`: what this device kept of
  // the complaint's calendar ({key, label, dates}), so that an event whose date moved replaces the old one.
  calendarFile(jurisdiction, facts, lang, today, person, kept = null) {
    return this.request({ type: "calendar", jurisdiction, facts, lang, today, person, kept, stamp: new Date().toISOString() });
  }

  // The office's desk: complaints as core/desk.py reads them.
  desk(jurisdiction, complaints, lang, today) {
    return this.request({ type: "desk", jurisdiction, complaints, lang, today });
  }

  deskCalendar(jurisdiction, complaints, lang, today, reminders) {
    return this.request({ type: "desk-calendar", jurisdiction, complaints, lang, today, reminders, stamp: new Date().toISOString() });
  }

  deskExport(jurisdiction, complaints, reminders, lang) {
    return this.request({ type: "desk-export", jurisdiction, complaints, reminders, lang, stamp: new Date().toISOString() });
  }

  // An exported desk, merged by the core into the desk's current complaints (`current`, as desk() sends them).
  deskImport(jurisdiction, text, lang, current) {
    return this.request({ type: "desk-import", jurisdiction, text, lang, current });
  }

  // The page's service worker keeps this build: the worker keeps a snapshot of its interpreter beside it,
  // so that the next visit starts from it. Resolves to "kept" or "none".
  keepSnapshot() {
    return this.request({ type: "keep-snapshot" }).then((envelope) => envelope.snapshot);
  }

  // The kept snapshot, tried once before a next visit relies on it: a second calculator starts from it as the next
  // visit will (held: the wasm compiled here from the build's cache), answers and warms up, then is stopped. A
  // snapshot that will not start is thrown away now (the trial starts afresh, and forgets it), and the browser
  // keeps the wasm's compiled code beside the build's copy, which the next visit reuses: without it, that visit
  // compiles the wasm again. Resolves to "kept" (tried, or not tried: this page is not held) or "none".
  async trySnapshot(lang, today) {
    const worker = navigator.serviceWorker;
    if (!worker) return "kept";
    if (!worker.controller) {
      await new Promise((resolve) => {
        worker.addEventListener("controllerchange", resolve, { once: true });
        setTimeout(resolve, TRIAL_WAITS_FOR_CONTROL_MS);
      });
      if (!worker.controller) return "kept"; // untried: a trial that downloads the build would prove nothing
    }
    const trial = new Calculator(this.config);
    try {
      const started = await new Promise((resolve, reject) => trial.attach({
        progress() {}, slow() {}, stale() {}, restarted() {},
        ready: (how) => resolve(how),
        failure: (code) => reject(new Error(code)),
      }));
      if (started !== "snapshot") return "none";
      await trial.evaluate(this.config.procedures[0].id, {}, lang, today);
      await new Promise((resolve) => setTimeout(resolve, TRIAL_WARMS_UP_MS)); // the worker warms up meanwhile
      return "kept";
    } catch (error) {
      return "none";
    } finally {
      trial.stop();
    }
  }

  // Stop for good: the worker ends, and whatever was asked of it is refused.
  stop() {
    this.failed = true;
    this.ready = false;
    clearTimeout(this.slowTimer);
    for (const { reject, timer } of this.pending.values()) {
      clearTimeout(timer);
      reject(new Error("stopped"));
    }
    this.pending.clear();
    if (this.worker) this.worker.terminate();
  }

  runCases(jurisdiction, cases) {
    return this.request({ type: "cases", jurisdiction, url: this.absolute(cases.url), integrity: cases.integrity });
  }
}

// Where this build keeps the worker's memory snapshot on this device, and its digest apart from it: in the build's
// own cache (the service worker's), which a new build's service worker deletes; one for each set of procedures a page
// reads (a site's checker and desk share one, its other procedures and its verify page have theirs), so that no page
// starts from, or throws away, another's.
export function snapshotPlace(config) {
  const { build } = config.loader;
  const read = config.procedures.map((p) => p.id).join("+");
  const absolute = (path) => new URL(config.root + path, document.baseURI).href;
  return build ? { cache: `complaint-checker-${build}`, url: absolute(`python-snapshot-${build}-${read}`),
    digest: absolute(`snapshot-digest-${build}-${read}`) } : null;
}

// Whether this device keeps a snapshot for these procedures (found, not checked: a calculator started from it checks
// its digest, and throws away one that differs, as the next visit would).
export async function snapshotKept(config) {
  const place = snapshotPlace(config);
  if (!place || !("caches" in self)) return false;
  try {
    return Boolean(await caches.match(place.url, { cacheName: place.cache }));
  } catch (error) {
    return false;
  }
}

// What this visit will download, in bytes: every file of the calculator this device does not already
// hold. A file held by the service worker is not counted; the encoding the host uses (brotli, gzip or
// none) is read off how the page's own script arrived.
export async function downloadSize(config) {
  const files = [...Object.values(config.loader.runtime), ...Object.values(config.loader.python),
    ...config.procedures.map((p) => p.procedure)];
  const app = config.assets["app.js"];
  const seen = performance.getEntriesByName(new URL(config.root + app.url, document.baseURI).href)[0];
  if (seen && seen.transferSize === 0 && seen.decodedBodySize > 0 && !seen.workerStart) return 0; // from the HTTP cache
  let encoding = "br";
  if (seen && seen.encodedBodySize) {
    const distance = (name) => Math.abs(app.sizes[name] - seen.encodedBodySize);
    encoding = ["br", "gzip", "raw"].reduce((best, name) => (distance(name) < distance(best) ? name : best));
  }
  let bytes = 0;
  for (const file of files) {
    const kept = "caches" in self ? await caches.match(new URL(config.root + file.url, document.baseURI).href) : null;
    if (!kept) bytes += file.sizes[encoding];
  }
  return bytes;
}

// The loading message for a progress step or a failure, in the page's words.
export function loadingText(strings, event) {
  const s = strings.loading;
  if (event.kind === "progress") {
    let label = s[event.label] || event.label;
    if (event.label === "download") {
      label = !event.bytes ? s.download_none : downloaded(event.received ? s.download_progress : s.download, event, strings.lang);
    }
    return s.step.replace("{step}", event.step).replace("{total}", event.total).replace("{label}", label);
  }
  if (event.kind === "slow") return event.what === "device" ? s.slow_device : downloaded(s.slow, event, strings.lang);
  if (event.kind === "failure") {
    if (event.code === "no-wasm") return s.no_wasm;
    if (event.code === "stopped") return s.stopped;
    if (event.code === "policy") return s.policy;
    const worded = { integrity: s.integrity, network: s.network };
    const detail = worded[event.code] ? worded[event.code].replace("{file}", event.detail) : event.detail;
    return s.failed.replace("{detail}", detail);
  }
  return s[event.kind];
}

// A download's words: its size ({size}) and how much of it has come ({done}), in what the host sends.
function downloaded(text, { bytes = 0, received = 0, expected = 0 }, lang) {
  const part = expected ? Math.min(received / expected, 1) : 0;
  return text.replace("{done}", megabytes(bytes * part, lang)).replace("{size}", megabytes(bytes, lang));
}

export function megabytes(bytes, lang) {
  const locale = lang === "es" ? "es-US" : "en-US";
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1e6)} MB`;
}
