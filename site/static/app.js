// The checker page: the form, the state in the address bar, and the results.
// Python runs in a worker (runtime.js); the form works before it is ready.
import { Calculator, downloadSize, loadingText } from "./runtime.js";
import { announcement, el, fill, renderReport } from "./render.js";

const config = JSON.parse(document.getElementById("calculator").dataset.config);
const loader = JSON.parse(document.getElementById("calculator").dataset.loader);
const t = config.strings;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const VIEWS = ["all", "complainant", "respondent", "officials"];

const form = document.getElementById("facts");
const results = document.getElementById("results");
const body = document.getElementById("results-body");
const statusText = document.getElementById("status-text");
const statusBar = document.getElementById("status-progress");
const errorSummary = document.getElementById("error-summary");
const viewPicker = document.getElementById("view");
const announcer = document.getElementById("results-announce");

let calculator = null;
let lastReport = null;
let requested = 0;
let contentsTouched = false;
let linkProblems = [];
let shownStatus = 0; // each status message replaces only older ones, however long it took to word

function setStatus(text) {
  shownStatus += 1;
  statusText.textContent = text;
}

// --- reading and writing the form --------------------------------------------------------

const realDate = (text) => DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))
  && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
const realMoment = (text) => MOMENT.test(text) && realDate(text.slice(0, 10))
  && Number(text.slice(11, 13)) < 24 && Number(text.slice(14, 16)) < 60;
const currentView = () => (viewPicker.querySelector("input:checked") || {}).value || "all";

function readForm() {
  const facts = {};
  const problems = [];
  const params = new URLSearchParams();
  const put = (name, text, value = text) => {
    params.set(name, text);
    facts[name] = value;
  };
  for (const input of form.querySelectorAll("input[data-fact]")) {
    if (input.validity.badInput) problems.push({ id: input.id, message: t.results.incomplete_date });
    else if (input.value) put(input.dataset.fact, input.value);
  }
  const role = form.querySelector("input[name='complainant_role']:checked");
  if (role && role.value) put("complainant_role", role.value);
  for (const radio of form.querySelectorAll("input[data-bool]:checked")) {
    if (radio.value) put(radio.dataset.bool, radio.value, radio.value === "true");
  }
  if (contentsTouched) {
    const ticked = [...form.querySelectorAll("input[name='contents']:checked")].map((box) => box.value);
    put("contents", ticked.join(","), ticked);
  }
  const events = {};
  for (const input of form.querySelectorAll("input[data-event]")) {
    if (input.validity.badInput) problems.push({ id: input.id, message: t.results.incomplete_date });
    else if (input.value) events[input.dataset.event] = input.value.slice(0, 16);
  }
  for (const [id, value] of Object.entries(events)) params.set(`event.${id}`, value);
  if (Object.keys(events).length) facts.events = events;
  const about = document.getElementById("f-about").value.trim();
  if (about) params.set("about", about);
  if (currentView() !== "all") params.set("view", currentView());
  return { facts, problems, params };
}

// State in the address bar's fragment: it never reaches a server, and a reload keeps it.
function restoreFromLink() {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const ignored = [];
  const problem = (id, value, message) => linkProblems.push({
    id, message: fill(t.results.link_value, { value: `“${value}”`, problem: message }),
  });
  for (const [key, value] of params) {
    const input = form.querySelector(`input[data-fact='${CSS.escape(key)}']`);
    if (input) {
      if (realDate(value)) input.value = value;
      else problem(input.id, value, t.checker.date_format);
    } else if (key === "complainant_role" && config.roles) {
      const radio = form.querySelector(`input[name='complainant_role'][value='${CSS.escape(value)}']`);
      if (radio && value) radio.checked = true;
      else problem("f-complainant_role", value, config.role_labels.join(" / "));
    } else if (form.querySelector(`input[data-bool='${CSS.escape(key)}']`)) {
      const radio = form.querySelector(`input[data-bool='${CSS.escape(key)}'][value='${value === "true" || value === "false" ? value : "?"}']`);
      if (radio) radio.checked = true;
      else problem(`f-${key}`, value, `${t.checker.yes} / ${t.checker.no}`);
    } else if (key === "contents" && config.contents.length) {
      contentsTouched = true;
      for (const item of value.split(",").filter(Boolean)) {
        const box = form.querySelector(`input[name='contents'][value='${CSS.escape(item)}']`);
        if (box) box.checked = true;
        else problem("f-contents", item, t.results.link_not_item);
      }
    } else if (key.startsWith("event.") && config.events.includes(key.slice(6))) {
      const field = document.getElementById(`e-${key.slice(6)}`);
      const ok = field.type === "date" ? realDate(value) : realMoment(value) || realDate(value);
      if (ok) field.value = field.type === "date" || MOMENT.test(value) ? value : `${value}T00:00`;
      else problem(field.id, value, t.checker.date_format);
    } else if (key === "about") {
      document.getElementById("f-about").value = value.slice(0, 200);
    } else if (key === "view" && VIEWS.includes(value)) {
      viewPicker.querySelector(`input[value='${value}']`).checked = true;
    } else {
      ignored.push(key);
    }
  }
  if (ignored.length) linkProblems.push({ id: null, message: fill(t.results.link_ignored, { names: ignored.join(", ") }) });
}

// --- errors next to the fields -----------------------------------------------------------------

function fieldId(field) {
  if (field.startsWith("events.")) return `e-${field.slice(7)}`;
  if (field.startsWith("contents")) return "f-contents";
  return `f-${field}`;
}

function clearErrors() {
  for (const node of form.querySelectorAll(".field-error")) {
    node.hidden = true;
    node.textContent = "";
  }
  for (const node of form.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
  errorSummary.hidden = true;
  errorSummary.replaceChildren();
}

function showErrors(problems) {
  const shown = [];
  for (const { id, message } of problems) {
    const target = id && document.getElementById(`${id}-error`);
    if (target) {
      target.textContent = message;
      target.hidden = false;
      document.getElementById(id).setAttribute("aria-invalid", "true");
    }
    const label = id && form.querySelector(`label[for='${CSS.escape(id)}'], #${CSS.escape(id)} > legend`);
    shown.push(el("li", {}, id ? el("a", { href: `#${id}` }, label ? `${label.textContent}: ${message}` : message) : message));
  }
  if (shown.length) {
    errorSummary.replaceChildren(el("h3", {}, t.results.errors), el("ul", {}, shown));
    errorSummary.hidden = false;
  }
}

// --- computing and drawing -----------------------------------------------------------------------

function redraw() {
  if (lastReport) body.replaceChildren(...renderReport(lastReport, currentView(), t).filter(Boolean));
}

// The form's state in the link, so a reload or a bookmark keeps it.
function saveToLink(params) {
  const fragment = params.toString();
  if (window.location.hash.slice(1) !== fragment) history.replaceState(null, "", fragment ? `#${fragment}` : window.location.pathname);
}

function show(report) {
  lastReport = report;
  results.dataset.rulesVersion = report.jurisdiction.rules_version;
  const about = document.getElementById("f-about").value.trim();
  const aboutLine = document.getElementById("results-about");
  aboutLine.textContent = about ? fill(t.results.about, { name: about }) : "";
  aboutLine.hidden = !about;
  document.getElementById("results-disclaimer").textContent = report.disclaimer;
  redraw();
  viewPicker.hidden = false;
  const said = announcement(report, t);
  if (announcer.textContent !== said) announcer.textContent = said;
}

async function update() {
  const { facts, problems, params } = readForm();
  saveToLink(params);
  clearErrors();
  showErrors([...linkProblems, ...problems]);
  if (!calculator || !calculator.ready) return;
  const mine = ++requested;
  results.dataset.state = "pending";
  let envelope;
  try {
    envelope = await calculator.evaluate(config.jurisdiction, facts);
  } catch (error) {
    if (mine === requested) failure("python", error.message);
    return;
  }
  if (mine !== requested) return; // a newer request is on its way
  if (envelope.ok) {
    show(envelope.report);
  } else {
    lastReport = null;
    showErrors([{ id: fieldId(envelope.error.field), message: envelope.error.problem }]);
    body.replaceChildren(el("p", { class: "muted" }, envelope.error.message));
  }
  results.dataset.state = "done";
}

function failure(code, detail) {
  setStatus(loadingText(t, { kind: "failure", code, detail }));
  statusBar.hidden = true;
  document.getElementById("status").classList.add("failed");
  results.dataset.state = "failed";
  document.documentElement.dataset.failed = code;
}

// --- wiring ---------------------------------------------------------------------------------------

document.getElementById("calculator").hidden = false;
restoreFromLink();
form.addEventListener("submit", (event) => event.preventDefault());
form.addEventListener("input", (event) => {
  if (event.target.name === "contents") contentsTouched = true;
  linkProblems = linkProblems.filter((p) => p.id !== event.target.id && p.id !== event.target.closest("fieldset")?.id);
  if (calculator && calculator.ready) results.dataset.state = "pending";
  update();
});
// Chromium fires no input event for a half-typed date: look again when focus leaves it.
form.addEventListener("focusout", (event) => {
  if (event.target.validity && event.target.validity.badInput) update();
});
// A party's view only filters what is drawn: no need to ask Python again.
viewPicker.addEventListener("change", () => {
  redraw();
  saveToLink(readForm().params);
});
document.getElementById("use-today").addEventListener("click", () => {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
  const input = document.getElementById("f-received");
  input.value = local;
  input.dispatchEvent(new Event("input", { bubbles: true }));
});

const setup = { ...loader, procedures: [{ id: config.jurisdiction, procedure: config.procedure }] };
const bytes = downloadSize(setup);
calculator = new Calculator(setup, {
  async progress(step, total, label) {
    const mine = ++shownStatus;
    const size = label === "download" ? await bytes : 0;
    if (mine !== shownStatus) return; // a newer message arrived while this one was being worded
    statusText.textContent = loadingText(t, { kind: "progress", step, total, label, bytes: size });
    statusBar.value = step - 1;
  },
  ready() {
    setStatus(t.loading.ready);
    statusBar.value = statusBar.max;
    statusBar.hidden = true;
    document.documentElement.dataset.ready = "true";
    update();
    keepForOffline(loader);
  },
  failure,
  slow() {
    setStatus(t.loading.slow);
    document.documentElement.dataset.slow = "true";
  },
  stale() {
    setStatus(t.loading.restarting);
    document.getElementById("status").classList.add("failed");
    results.dataset.state = "stale";
    document.documentElement.dataset.stale = "true";
  },
  restarted() {
    setStatus(t.loading.ready);
    document.getElementById("status").classList.remove("failed");
    delete document.documentElement.dataset.stale;
    update();
  },
});
document.documentElement.dataset.formReady = "";
update();

// After the first answer, keep this build on the device for offline use: the service worker is
// checked against this build's hash before it is registered.
async function keepForOffline({ root, service_worker: worker }) {
  if (!("serviceWorker" in navigator)) return;
  const url = new URL(root + worker.url, document.baseURI);
  try {
    await (await fetch(url, { integrity: worker.integrity })).arrayBuffer();
    await navigator.serviceWorker.register(url, { scope: new URL(root, document.baseURI).pathname });
  } catch (error) {
    document.documentElement.dataset.offline = "unavailable";
  }
}
