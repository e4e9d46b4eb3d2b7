// Starting the calculator and talking to it. The page's only view of the worker.
export const SLOW_AFTER_MS = 20000;

export class Calculator {
  // config: { runtime, wheel_base, wheels: [{name, sha256}], procedures: [{id, procedure, procedure_sha256}] }
  // on: { progress(step, total, label), ready(), failure(code, detail), slow() }
  constructor(config, on) {
    this.on = on;
    this.seq = 0;
    this.pending = new Map();
    this.ready = false;
    this.failed = false;
    const absolute = (path) => new URL(path, document.baseURI).href;
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.slowTimer = setTimeout(() => !this.ready && !this.failed && on.slow(), SLOW_AFTER_MS);
    this.worker.addEventListener("message", ({ data }) => this.receive(data));
    this.worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.fail("start", event.message || "the worker could not be started");
    });
    this.worker.postMessage({
      type: "init",
      runtime: absolute(config.runtime),
      wheels: config.wheels.map((w) => ({ url: absolute(config.wheel_base + w.name), sha256: w.sha256 })),
      procedures: config.procedures.map((p) => ({ id: p.id, procedure: absolute(p.procedure), procedure_sha256: p.procedure_sha256 })),
    });
  }

  receive(message) {
    if (message.type === "progress") {
      this.on.progress(message.step, message.total, message.label);
    } else if (message.type === "ready") {
      this.ready = true;
      clearTimeout(this.slowTimer);
      this.on.ready();
    } else if (message.seq && this.pending.has(message.seq)) {
      const { resolve, reject } = this.pending.get(message.seq);
      this.pending.delete(message.seq);
      if (message.type === "result") resolve(message.envelope);
      else reject(new Error(`${message.code}: ${message.detail}`));
    } else if (message.type === "failure") {
      this.fail(message.code, message.detail);
    }
  }

  fail(code, detail) {
    if (this.failed) return;
    this.failed = true;
    clearTimeout(this.slowTimer);
    this.on.failure(code, detail);
  }

  request(message) {
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      this.worker.postMessage({ ...message, seq });
    });
  }

  evaluate(jurisdiction, facts) {
    return this.request({ type: "evaluate", jurisdiction, facts });
  }

  runCases(jurisdiction, url, sha256) {
    return this.request({ type: "cases", jurisdiction, url: new URL(url, document.baseURI).href, sha256 });
  }
}

// The loading message for a progress step or a failure, in the page's words.
export function loadingText(strings, event) {
  const s = strings.loading;
  if (event.kind === "progress") {
    return s.step.replace("{step}", event.step).replace("{total}", event.total).replace("{label}", s[event.label] || event.label);
  }
  if (event.kind === "failure") {
    if (event.code === "no-wasm") return s.no_wasm;
    const detail = event.code === "integrity" ? s.integrity.replace("{file}", event.detail) : event.detail;
    return s.failed.replace("{detail}", detail);
  }
  return s[event.kind];
}
