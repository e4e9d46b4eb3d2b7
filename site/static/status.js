// The calculator's loading status, the same on every page that loads it (the checker, the desk, the verify page):
// each step in words, ready, a failure with what to do and "Try again" where trying again can help, slow, stopped
// and restarted. The page only says what it does at each moment (hooks); the status line is drawn here.
import { Calculator, downloadSize, loadingText } from "./runtime.js";

export class LoadingStatus {
  // t: the page's strings; hooks: { ready(calculator), failure(code), stale(), restarted(calculator),
  // retry(calculator) }. `marksReady`: the page is ready once the calculator is (html[data-ready]); a page that
  // has more to do first (the verify page runs every case) marks it itself.
  constructor(t, hooks = {}, { marksReady = true } = {}) {
    this.marksReady = marksReady;
    this.t = t;
    this.hooks = hooks;
    this.box = document.getElementById("status");
    this.text = document.getElementById("status-text");
    this.bar = document.getElementById("status-progress");
    this.tryAgain = document.getElementById("try-again");
    this.contact = document.getElementById("status-contact"); // whom to contact, on a page that has one
    this.shown = 0; // each message replaces only older ones, however long it took to word
    this.calculator = null;
    this.on = this.handlers();
    if (this.tryAgain) this.tryAgain.addEventListener("click", () => this.retry());
  }

  // The calculator failed while answering (not while loading): said as a loading failure is.
  fail(code, detail) {
    this.on.failure(code, detail);
  }

  say(text) {
    this.shown += 1;
    this.text.textContent = text;
  }

  // Start the calculator for `setup` (runtime.js); a second call (Try again) starts it afresh. `early`: one the
  // page's first script already started for the same setup (boot.js), which this status now follows.
  start(setup, early = null) {
    this.setup = setup;
    this.bytes = downloadSize(setup);
    this.calculator = early ? early.attach(this.on) : new Calculator(setup, this.on);
    return this.calculator;
  }

  retry() {
    this.tryAgain.hidden = true;
    this.box.classList.remove("failed");
    delete document.documentElement.dataset.failed;
    if (this.contact) this.contact.hidden = true;
    this.bar.hidden = false;
    this.bar.value = 0;
    this.say(this.t.loading.starting);
    this.start(this.setup);
    if (this.hooks.retry) this.hooks.retry(this.calculator);
  }

  handlers() {
    const { t, hooks } = this;
    const root = document.documentElement.dataset;
    return {
      progress: async (step, total, label, { received = 0, expected = 0 } = {}) => {
        if ("stale" in root || "failed" in root) return; // restarting, or failed: that notice stays
        const mine = ++this.shown;
        const size = label === "download" ? await this.bytes : 0;
        if (mine !== this.shown) return; // a newer message arrived while this one was being worded
        this.download = { bytes: size, received, expected };
        // Once slow, the notice stays, with the bytes that have come so far.
        const kind = root.slow === "network" && label === "download" ? "slow" : "progress";
        if (root.slow === "network" && label !== "download") delete root.slow;
        if (root.slow === "device") return;
        this.text.textContent = loadingText(t, { kind, what: root.slow, step, total, label, bytes: size, received, expected });
        // Within the download, the bar moves with the bytes that have arrived.
        this.bar.value = step - 1 + (label === "download" && expected ? Math.min(received / expected, 1) : 0);
        if (label === "download") root.downloaded = expected ? Math.round((100 * received) / expected) : 0;
      },
      ready: (started, timings, wasm, snapshot) => {
        root.pythonStart = started;
        root.snapshotCheck = snapshot || "none"; // a kept snapshot's digest: "passed", "failed" (thrown away unrun)
        root.wasm = wasm || ""; // where the compiled wasm came from: "download", "page" or "cache"
        root.startTimings = JSON.stringify(timings || {}); // for the benchmark: where the start went
        this.say(t.loading.ready);
        this.bar.value = this.bar.max;
        this.bar.hidden = true;
        this.box.classList.add("ready");
        if (this.marksReady) root.ready = "true";
        if (hooks.ready) hooks.ready(this.calculator);
      },
      failure: (code, detail) => {
        this.say(loadingText(t, { kind: "failure", code, detail }));
        this.bar.hidden = true;
        this.box.classList.add("failed");
        this.box.classList.remove("ready");
        root.failed = code;
        // Trying again can help with a download that failed; not with a browser or a site that blocks the calculator.
        if (this.tryAgain) this.tryAgain.hidden = code === "no-wasm" || code === "policy";
        // Without the calculator the office can still be reached: its details, as the procedure cites them.
        if (this.contact) this.contact.hidden = false;
        if (hooks.failure) hooks.failure(code);
      },
      slow: (what) => {
        this.say(loadingText(t, { kind: "slow", what, ...(this.download || {}) }));
        root.slow = what;
      },
      stale: () => {
        this.say(t.loading.restarting);
        this.box.classList.add("failed");
        this.box.classList.remove("ready");
        root.stale = "true";
        if (hooks.stale) hooks.stale();
      },
      restarted: () => {
        this.say(t.loading.ready);
        this.box.classList.remove("failed");
        this.box.classList.add("ready");
        delete root.stale;
        if (hooks.restarted) hooks.restarted(this.calculator);
      },
    };
  }
}
