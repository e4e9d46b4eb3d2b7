// The verify page: run each procedure's published worked cases in this browser,
// through the same worker and files as the checker, and show pass or fail.
import { el, fill } from "./render.js";
import { LoadingStatus } from "./status.js";

document.documentElement.dataset.scripts = "started"; // every module of the page loaded and ran
const status = document.getElementById("status");
const config = JSON.parse(status.dataset.config);
const loader = JSON.parse(status.dataset.loader);
const t = config.strings;
const again = document.getElementById("run-again");

async function runAll(calculator) {
  again.hidden = true;
  loading.say(t.verify.running);
  let passed = 0;
  let total = 0;
  for (const procedure of config.procedures) {
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
      total += 1;
      continue;
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
        result.desk_dates ? fill(t.verify.desk_agrees, { count: result.desk_dates }) : ""].join(" ").trim()
      : t.verify.no_cases;
    Object.assign(section.dataset, { state: "done", passed: result.passed, total: result.total, digest: result.digest,
      deskDates: result.desk_dates });
    passed += result.passed;
    total += result.total;
  }
  loading.say(passed === total ? `${t.verify.all_passed} ${fill(t.verify.summary, { passed, total })}`
    : fill(t.verify.summary, { passed, total }));
  document.documentElement.dataset.ready = "true";
  again.hidden = false;
}

let calculator = null;
const loading = new LoadingStatus(t, {
  ready: (ready) => runAll(ready),
  restarted: (ready) => runAll(ready),
  retry(fresh) {
    calculator = fresh;
  },
}, { marksReady: false }); // ready once every case has run (runAll)
calculator = loading.start({ ...loader, procedures: config.procedures });
again.addEventListener("click", () => runAll(calculator));
