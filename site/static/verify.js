// The verify page: run each procedure's published worked cases in this browser,
// through the same worker and files as the checker, and show pass or fail.
//
// Each procedure's cases run on the start its own pages use on this device: a procedure whose checker keeps a
// snapshot here (runtime.js) is proven in a calculator started from that snapshot, as its next visit will start
// (one whose digest no longer matches is thrown away there, unrun, as that visit would throw it away); the others
// in one calculator started afresh. So this page cannot pass while a visit runs something else.
import { el, fill } from "./render.js";
import { Calculator, snapshotKept } from "./runtime.js";
import { LoadingStatus } from "./status.js";

document.documentElement.dataset.scripts = "started"; // every module of the page loaded and ran
const status = document.getElementById("status");
const config = JSON.parse(status.dataset.config);
const loader = JSON.parse(status.dataset.loader);
const t = config.strings;
const again = document.getElementById("run-again");
const setup = (procedures) => ({ ...loader, procedures });

// The procedures to run: the one the address names (verify.html#procedure=ID, as each procedure's own pages link
// here: on a site of hundreds, a person checking one need not run them all), else every one. Another address
// typed over this one is another page: it starts again.
const named = new URLSearchParams(window.location.hash.slice(1)).get("procedure");
const chosen = config.procedures.filter((procedure) => procedure.id === named);
const procedures = chosen.length ? chosen : config.procedures;
if (named !== null) {
  document.getElementById("verify-scope-text").textContent = chosen.length
    ? fill(t.verify.only, { name: chosen[0].name }) : fill(t.verify.unknown, { id: named });
  document.getElementById("verify-scope").hidden = false;
}
for (const procedure of config.procedures) {
  if (!procedures.includes(procedure)) document.getElementById(`verify-${procedure.id}`).hidden = true;
}
window.addEventListener("hashchange", () => window.location.reload());

// The procedures, grouped by the start a visit makes: those without a kept snapshot together (first, started by the
// page's loading status), then each one with a kept snapshot alone.
const kept = await Promise.all(procedures.map((procedure) => snapshotKept(setup([procedure]))));
const fresh = procedures.filter((_, i) => !kept[i]);
const groups = [...(fresh.length ? [fresh] : []), ...procedures.filter((_, i) => kept[i]).map((p) => [p])];

// A calculator of its own for a later group, started and ready (or failed: its procedures say so).
function started(procedures) {
  return new Promise((resolve, reject) => {
    const calculator = new Calculator(setup(procedures));
    calculator.attach({ progress() {}, slow() {}, stale() {}, restarted() {},
      ready: () => resolve(calculator), failure: (code, detail) => reject(new Error(`${code}: ${detail}`)) });
  });
}

async function runCases(calculator, procedure) {
  const section = document.getElementById(`verify-${procedure.id}`);
  section.dataset.state = "running";
  let result;
  try {
    result = await calculator.runCases(procedure.id, procedure.cases);
  } catch (error) {
    // A cases file that is missing or not this build's: say which, and go on with the others.
    const name = procedure.cases.url.split("/").pop();
    section.querySelector(".verify-summary").textContent = fill(t.verify.cases_failed, { file: name });
    Object.assign(section.dataset, { state: "failed" });
    return { passed: 0, total: 1 };
  }
  // A case's name and what it found are in English, as whoever worked the case out wrote them: marked so,
  // for a screen reader to read them as English on a page in another language (the page says so above).
  const rows = result.results.map((r) => el("tr", { class: r.passed ? "pass" : "fail" },
    el("th", { scope: "row", lang: "en" }, r.name),
    el("td", {}, el("strong", {}, r.passed ? t.verify.pass : t.verify.fail),
      r.problems.length ? el("ul", { lang: "en" }, r.problems.map((p) => el("li", {}, p))) : null)));
  section.querySelector("tbody").replaceChildren(...rows);
  // The office's desk reaches the same dates by its own path through the core (core/cases.py): each is compared.
  section.querySelector(".verify-summary").textContent = result.total
    ? [fill(t.verify.summary, { passed: result.passed, total: result.total }),
      result.desk_dates ? fill(t.verify.desk_agrees, { count: result.desk_dates }) : "",
      calculator.started === "snapshot" ? t.verify.from_snapshot : ""].join(" ").trim()
    : t.verify.no_cases;
  // How this run started: from the snapshot this device keeps ("snapshot"), or afresh; and that snapshot's digest.
  Object.assign(section.dataset, { state: "done", passed: result.passed, total: result.total, digest: result.digest,
    deskDates: result.desk_dates, start: calculator.started, snapshotCheck: calculator.snapshotCheck || "none" });
  return result;
}

async function runAll(first) {
  again.hidden = true;
  loading.say(t.verify.running);
  let passed = 0;
  let total = 0;
  for (const [n, group] of groups.entries()) {
    let calculator = first;
    if (n) {
      try {
        calculator = await started(group);
      } catch (error) {
        for (const procedure of group) {
          const section = document.getElementById(`verify-${procedure.id}`);
          section.querySelector(".verify-summary").textContent = loadingText(error);
          section.dataset.state = "failed";
          total += 1;
        }
        continue;
      }
    }
    for (const procedure of group) {
      const result = await runCases(calculator, procedure);
      passed += result.passed;
      total += result.total;
    }
    if (n) calculator.stop();
  }
  loading.say(passed === total ? `${t.verify.all_passed} ${fill(t.verify.summary, { passed, total })}`
    : fill(t.verify.summary, { passed, total }));
  document.documentElement.dataset.ready = "true";
  again.hidden = false;
}

const loadingText = (error) => fill(t.loading.failed, { detail: error.message });

let calculator = null;
const loading = new LoadingStatus(t, {
  ready: (ready) => runAll(ready),
  restarted: (ready) => runAll(ready),
  retry(fresh) {
    calculator = fresh;
  },
}, { marksReady: false }); // ready once every case has run (runAll)
calculator = loading.start(setup(groups[0]));
again.addEventListener("click", () => runAll(calculator));
