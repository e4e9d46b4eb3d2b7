// The checker page: who is asking, the form in the order they know the facts, the answer for them,
// and the state in the address bar. Python runs in a worker (runtime.js); the form works before it is ready.
import { DeskButton } from "./desk-add.js";
import { Keeping } from "./keep.js";
import { setFacts } from "./link.js";
import { cityToday as cityTodayIn, el, fill, reachOffice, renderAnswer, renderPrintout, renderReport, withContactLink } from "./render.js";
import { early } from "./boot.js";
import { LoadingStatus } from "./status.js";

const calculatorNode = document.getElementById("calculator");
const config = JSON.parse(calculatorNode.dataset.config);
const loader = JSON.parse(calculatorNode.dataset.loader);
const t = config.strings;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const ROLES = config.audiences; // who may ask, as the core names them
// A page that is ready but answers nothing (no one has said who is asking) keeps its start this long after ready.
const OFFLINE_AFTER_MS = 3000;

// A link that asks for another language opens that language's page, with the same facts.
function openInItsLanguage() {
  const asked = new URLSearchParams(window.location.hash.slice(1)).get("lang");
  const other = asked && asked !== t.lang && document.querySelector(`a.language-switch[data-lang='${CSS.escape(asked)}']`);
  if (other) window.location.replace(new URL(other.getAttribute("href"), document.baseURI).pathname + window.location.hash);
  return Boolean(other);
}
// (Stop here while it does: nothing below should start for a page that is being replaced.)
if (openInItsLanguage()) await new Promise(() => {});

const form = document.getElementById("facts");
const results = document.getElementById("results");
const body = document.getElementById("results-body");
const errorSummary = document.getElementById("error-summary");
const announcer = document.getElementById("results-announce");
const answerPanel = document.getElementById("answer");
const everything = document.getElementById("show-everything");

let calculator = null;
let lastReport = null;
let requested = 0;
let contentsTouched = false;
let linkProblems = [];
let role = null;

// --- the day, in the city's time zone ------------------------------------------------------------

const cityToday = () => cityTodayIn(config.timezone);

// --- who is asking ---------------------------------------------------------------------------------

// The fields in the order this person knows the facts: the deciding ones before the answer, the rest after.
function arrange(person) {
  const layout = config.layout[person];
  const place = (names, container) => {
    for (const name of names) {
      const field = form.querySelector(`[data-field='${CSS.escape(name)}']`);
      if (field) container.append(field);
    }
  };
  place(layout.deciding, document.getElementById("deciding"));
  place(layout.more, document.getElementById("more"));
}

function chooseRole(person, { focus = false } = {}) {
  role = ROLES.includes(person) ? person : null;
  document.getElementById("who").hidden = Boolean(role);
  document.getElementById("who-chosen").hidden = !role;
  form.hidden = !role;
  results.hidden = !role;
  document.querySelector(".skip-to-answer").hidden = !role;
  document.getElementById("draft").hidden = role !== "complainant";
  document.getElementById("answer-draft-link").hidden = role !== "complainant";
  document.getElementById("answer-desk-link").hidden = role !== "clerk";
  deskButton.show(role);
  document.documentElement.dataset.role = role || "";
  for (const button of document.querySelectorAll("#who [data-role]")) {
    button.setAttribute("aria-pressed", String(button.dataset.role === role));
  }
  if (!role) return;
  document.getElementById("who-chosen-text").textContent = t.who[`chosen_${role}`];
  // A hint speaks to the person asking: only whoever files has a day they plan to file.
  document.getElementById("f-received-hint").textContent = t.checker[`received_hint_${role}`];
  // A fact the procedure declares is asked of whoever files in their words; the others see what it is.
  for (const [name, words] of Object.entries(config.layout[role].wording)) {
    const label = form.querySelector(`[data-field='${CSS.escape(name)}'] [data-label]`);
    if (label) label.textContent = words;
  }
  arrange(role);
  if (focus) document.querySelector("#deciding input:not([type='radio']), #deciding input").focus();
}

// --- reading and writing the form --------------------------------------------------------

const realDate = (text) => DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))
  && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
const realMoment = (text) => MOMENT.test(text) && realDate(text.slice(0, 10))
  && Number(text.slice(11, 13)) < 24 && Number(text.slice(14, 16)) < 60;

function readForm() {
  const facts = {};
  const problems = [];
  const params = new URLSearchParams();
  params.set("lang", t.lang);
  if (role) params.set("role", role);
  for (const input of form.querySelectorAll("input[data-fact]")) {
    if (input.validity.badInput) problems.push({ id: input.id, message: incompleteDate() });
    else if (input.value) facts[input.dataset.fact] = input.value;
  }
  const filer = form.querySelector("input[name='complainant_role']:checked");
  if (filer && filer.value) facts.complainant_role = filer.value;
  for (const radio of form.querySelectorAll("input[data-bool]:checked")) {
    if (radio.value) facts[radio.dataset.bool] = radio.value === "true";
  }
  if (contentsTouched) facts.contents = [...form.querySelectorAll("input[name='contents']:checked")].map((box) => box.value);
  const events = {};
  for (const input of form.querySelectorAll("input[data-event]")) {
    if (input.validity.badInput) problems.push({ id: input.id, message: incompleteDate() });
    else if (input.value) events[input.dataset.event] = input.value.slice(0, 16);
  }
  if (Object.keys(events).length) facts.events = events;
  setFacts(params, facts); // the link's format: link.js
  if (everything.checked) params.set("everything", "1");
  keeping.linkParams(params); // the person's own words, only if they chose to share them
  deskButton.linkParams(params);
  return { facts, problems, params };
}

// State in the address bar's fragment: it never reaches a server, and a reload keeps it.
// Links made before the person-first page (view=…) still open; "view" maps onto "role".
function restoreFromLink() {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const ignored = [];
  const problem = (id, value, message) => linkProblems.push({
    id, message: fill(t.results.link_value, { value: `“${value}”`, problem: message }),
  });
  const oldViews = { complainant: "complainant", respondent: "respondent", officials: "clerk" };
  for (const [key, value] of params) {
    const input = form.querySelector(`input[data-fact='${CSS.escape(key)}']`);
    if (key === "lang") {
      if (value !== t.lang) ignored.push(`lang=${value}`); // a language this site does not have
    } else if (key === "role") {
      if (ROLES.includes(value)) role = value;
      else linkProblems.push({ id: null, message: fill(t.results.link_not_role, { value: `“${value}”` }) });
    } else if (key === "view") {
      if (oldViews[value] && !params.has("role")) role = oldViews[value];
      else if (value === "all") everything.checked = true;
      else linkProblems.push({ id: null, message: fill(t.results.link_not_role, { value: `“${value}”` }) });
    } else if (key === "everything") {
      everything.checked = value === "1";
    } else if (input) {
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
    } else if (keeping.known(key) || deskButton.known(key)) {
      // the person's own words: Keeping.restore reads them
    } else {
      ignored.push(key);
    }
  }
  if (ignored.length) linkProblems.push({ id: null, message: fill(t.results.link_ignored, { names: ignored.join(", ") }) });
  keeping.restore(params);
  deskButton.restore(params);
}

// --- errors next to the fields -----------------------------------------------------------------

// The format a date field shows, in the order and with the separators of this browser's own date fields (they
// follow its locale, whatever the page's language), in the page's letters: "mm/dd/yyyy", "dd/mm/aaaa".
function shownDateFormat() {
  const parts = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(new Date(2026, 11, 31));
  return parts.map((part) => t.checker.date_letters[part.type] ?? part.value).join("");
}

function incompleteDate() {
  return fill(t.results.incomplete_date, { format: shownDateFormat() });
}

// A field's name in words, as its label says it, for a message that is not beside it.
function fieldLabel(id) {
  const label = id && form.querySelector(`label[for='${CSS.escape(id)}'], #${CSS.escape(id)} > legend`);
  return label ? label.textContent.trim() : null;
}

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
    const label = fieldLabel(id);
    shown.push(el("li", {}, id ? el("a", { href: `#${id}` }, label ? `${label}: ${message}` : message) : message));
  }
  if (shown.length) {
    errorSummary.replaceChildren(el("h3", {}, t.results.errors), el("ul", {}, shown));
    errorSummary.hidden = false;
  }
}

// --- computing and drawing -----------------------------------------------------------------------

function showAnswer(report) {
  const answer = renderAnswer(report.answers[role], report, t);
  answerPanel.dataset.status = answer.status;
  answerPanel.dataset.date = report.answers[role].date || "";
  const sentence = document.getElementById("answer-sentence");
  sentence.replaceChildren(el("span", { class: "answer-status" }, answer.label), " ", answer.sentence);
  const detail = document.getElementById("answer-detail");
  detail.replaceChildren(...(answer.detail || []));
  detail.hidden = !answer.detail;
  // What the answer asks for, each a link to its field, so that the person can enter it at once.
  const asked = (report.answers[role].asks || []).map((fact) => (config.events.includes(fact) ? `e-${fact}` : `f-${fact}`))
    .filter((id) => document.getElementById(id) && fieldLabel(id));
  const asks = document.getElementById("answer-asks");
  asks.replaceChildren(...(asked.length ? [`${t.answer.asks} `, ...asked.flatMap((id, i) => [i ? ", " : "", el("a", { href: `#${id}`, "aria-describedby": "answer-sentence" }, fieldLabel(id))])] : []));
  asks.hidden = !asked.length;
  // For whoever files: what "by" that day means at the office's counter, and what the code leaves open about it.
  const inPerson = document.getElementById("answer-in-person");
  const office = report.jurisdiction.filing_office;
  inPerson.textContent = role === "complainant" && report.filing.in_person
    ? [report.filing.in_person, reachOffice(office, t), office && office.not_known].filter(Boolean).join(" ") : "";
  inPerson.hidden = !inPerson.textContent;
  const rule = report.answers[role].rule;
  document.getElementById("answer-how").setAttribute("href", rule ? `#rule-${rule}` : "#results-heading");
  // Spoken with its status ("Relies on a point that is not confirmed", "Late"), as it is shown in its colour.
  const spoken = answer.label ? `${answer.label}. ${answer.sentence}` : answer.sentence;
  if (announcer.textContent !== spoken) announcer.textContent = spoken;
  document.title = tabTitle(report);
}

// The tab names the procedure, the person and the answer's date: several checks open at once stay apart.
const BASE_TITLE = document.title;
function tabTitle(report) {
  const actors = report.jurisdiction.actors;
  const person = actors[role === "clerk" ? report.jurisdiction.receiver : role];
  const day = report.answers[role].display && report.answers[role].display.date;
  return [person && person.label, day].filter(Boolean).join(", ") + ` · ${BASE_TITLE}`;
}

function redraw() {
  if (!lastReport || !role) return;
  showAnswer(lastReport);
  body.replaceChildren(...renderReport(lastReport, role, everything.checked, t));
  keeping.showDeadline(lastReport);
  document.getElementById("printout").replaceChildren(...renderPrintout(lastReport, role, factsShown(lastReport), t));
}

// What the person entered, as the form labels it and the core writes it: for the printout.
function factsShown(report) {
  const shown = [];
  const written = report.facts.display || {};
  const labelOf = (node) => node.querySelector(":scope > label, :scope > legend").textContent.trim();
  for (const field of form.querySelectorAll("#deciding [data-field], #more [data-field]")) {
    const name = field.dataset.field;
    const input = field.querySelector("input[data-fact], input[data-event]");
    if (input && input.value) {
      const key = input.dataset.event ? `events.${input.dataset.event}` : input.dataset.fact;
      shown.push({ label: labelOf(field), value: written[key] || input.value });
    } else if (field.tagName === "FIELDSET" && name !== "contents") {
      const chosen = field.querySelector("input:checked");
      if (chosen && chosen.value) shown.push({ label: labelOf(field), value: field.querySelector(`label[for='${chosen.id}']`).textContent });
    } else if (name === "contents" && contentsTouched) {
      const ticked = [...field.querySelectorAll("input:checked")].map((box) => field.querySelector(`label[for='${box.id}']`).textContent);
      shown.push({ label: labelOf(field), value: ticked.join("; ") || "—" });
    } else if (name === "about" && document.getElementById("f-about").value.trim()) {
      shown.push({ label: labelOf(field), value: document.getElementById("f-about").value.trim() });
    }
  }
  return shown;
}

let ownFragment = null; // the facts this page last wrote into the address bar
const languageLinks = [...document.querySelectorAll("a.language-switch")];
function saveToLink(params) {
  const fragment = params.toString();
  ownFragment = fragment;
  if (window.location.hash.slice(1) !== fragment) history.replaceState(null, "", fragment ? `#${fragment}` : window.location.pathname);
  // The other languages' pages open with the same facts.
  for (const link of languageLinks) {
    const theirs = new URLSearchParams(params);
    theirs.set("lang", link.dataset.lang);
    link.hash = theirs.toString();
  }
  keeping.showLink();
}

function show(report) {
  lastReport = report;
  results.dataset.rulesVersion = report.jurisdiction.rules_version;
  const about = document.getElementById("f-about").value.trim();
  const aboutLine = document.getElementById("results-about");
  aboutLine.textContent = about ? fill(t.results.about, { name: about }) : "";
  aboutLine.hidden = !about;
  document.getElementById("results-disclaimer").replaceChildren(...withContactLink(report.disclaimer, report));
  redraw();
}

// Whether the answer on screen is for the facts now entered. While a request is unanswered (or the
// calculator has stopped) the old answer stays visible, but marked, and says why, never as current.
let markTimer = null;
function markAnswer(current, why = "updating") {
  clearTimeout(markTimer);
  const notice = document.getElementById("answer-not-current");
  if (current) {
    delete answerPanel.dataset.current;
    answerPanel.removeAttribute("aria-busy");
    notice.hidden = true;
    return;
  }
  answerPanel.dataset.current = "false";
  answerPanel.setAttribute("aria-busy", String(why === "updating"));
  const say = () => {
    notice.textContent = t.loading[why];
    notice.hidden = false;
  };
  // A quick answer needs no notice (it would only flicker); a slow one, or a stopped calculator, does.
  if (why === "updating") markTimer = setTimeout(say, 700);
  else say();
}

let answeredFacts = null; // the facts of the answer on screen, as the link writes them
let lastAsked = 0; // when the calculator was last asked or last answered (performance.now()): keeping waits for a pause
async function update() {
  const { facts, problems, params } = readForm();
  clearErrors();
  showErrors([...linkProblems, ...problems]);
  if (calculator && calculator.failed && answeredFacts !== null && answeredFacts !== params.toString()) {
    saveToLink(params);
    markAnswer(false, "not_current"); // nothing will answer these facts: the old answer must not pass for theirs
    return;
  }
  if (!calculator || !calculator.ready || !role) {
    saveToLink(params);
    if (answeredFacts !== null && answeredFacts !== params.toString()) markAnswer(false);
    return;
  }
  const mine = ++requested;
  results.dataset.state = "pending";
  if (answeredFacts !== null) markAnswer(false);
  lastAsked = performance.now();
  // Asked first: the worker computes while the page writes the facts into the address bar (a same-document
  // history entry, which takes Chromium several milliseconds on a long page), not one after the other.
  const asked = calculator.evaluate(config.jurisdiction, facts, t.lang, cityToday());
  saveToLink(params);
  let envelope;
  try {
    envelope = await asked;
  } catch (error) {
    if (mine === requested && !calculator.failed && calculator.ready) loading.fail("python", error.message);
    return;
  }
  if (mine !== requested) return; // a newer request is on its way
  lastAsked = performance.now(); // a slow answer (the first ones, before the interpreter warms up) is no pause
  answeredFacts = params.toString();
  markAnswer(true);
  results.dataset.answered = String(mine); // which request the answer on screen is for (tests wait on it)
  if (envelope.ok) {
    show(envelope.report);
  } else {
    lastReport = null;
    const id = fieldId(envelope.error.field);
    showErrors([{ id, message: envelope.error.problem }]);
    // The field in words, as the form labels it: never the key the core uses ("received: …").
    const label = fieldLabel(id);
    const message = label ? `${label}: ${envelope.error.problem}` : envelope.error.problem;
    answerPanel.dataset.status = "error";
    document.getElementById("answer-sentence").textContent = message;
    // Nothing of the previous answer stays beside the error: its detail, its in-person line, what it asked for.
    for (const id of ["answer-detail", "answer-in-person", "answer-asks"]) {
      const node = document.getElementById(id);
      node.hidden = true;
      node.replaceChildren();
    }
    body.replaceChildren(el("p", { class: "muted" }, message));
  }
  results.dataset.state = "done";
}

// What the page does when the calculator fails (status.js draws the status line and its Try again).
function failed() {
  // Before any answer, the answer's place no longer promises one "once the calculator has loaded".
  if (answeredFacts === null) {
    answerPanel.dataset.status = "failed";
    document.getElementById("answer-sentence").textContent = t.loading.no_answer;
  }
  if (answeredFacts !== null && answeredFacts !== readForm().params.toString()) markAnswer(false, "not_current");
  results.dataset.state = "failed";
}

// --- wiring ---------------------------------------------------------------------------------------

calculatorNode.hidden = false;
const deskButton = new DeskButton({ config, t, facts: () => readForm().facts, role: () => role });
const keeping = new Keeping({
  deskComplaint: () => deskButton.complaint(),
  config, t,
  calculator: () => calculator,
  facts: () => readForm().facts,
  role: () => role,
  report: () => lastReport,
  today: cityToday,
  refresh: () => saveToLink(readForm().params),
});
restoreFromLink();
chooseRole(role);
// Another link opened in this tab changes only the fragment: its facts replace the form's, as a fresh visit
// with it would show them. (The page's own updates to the address bar replace the entry and fire nothing.)
window.addEventListener("hashchange", () => {
  // A hashchange can arrive late, after the page has written the facts into the address bar itself (a
  // skip link pressed just before choosing who is asking): the page's own facts are not a new link.
  if (window.location.hash.slice(1) === ownFragment) return;
  if (!window.location.hash.includes("=")) {
    // An anchor on this page ("Jump to the answer", a term, a rule): the browser has scrolled to it; the facts go
    // back into the address bar, so that a reload or a copied link still holds them.
    saveToLink(readForm().params);
    return;
  }
  if (openInItsLanguage()) return;
  for (const input of form.querySelectorAll("input[data-fact], input[data-event]")) input.value = "";
  for (const input of form.querySelectorAll("input[type='radio']")) input.checked = input.defaultChecked;
  for (const box of form.querySelectorAll("input[name='contents']")) box.checked = false;
  contentsTouched = false;
  everything.checked = false;
  linkProblems = [];
  role = null;
  restoreFromLink();
  chooseRole(role);
  update();
});
// Who is asking: a button each, so that choosing is one deliberate press (arrow keys in a radio
// group would choose on the way past). Every fact entered stays when the person changes.
for (const button of document.querySelectorAll("#who [data-role]")) {
  button.addEventListener("click", () => {
    chooseRole(button.dataset.role, { focus: true });
    update();
  });
}
document.getElementById("who-change").addEventListener("click", () => {
  document.getElementById("who").hidden = false;
  document.getElementById("who-chosen").hidden = true;
  document.getElementById(`who-${role}`).focus();
});
form.addEventListener("submit", (event) => event.preventDefault());
// A field the answer asks for: its link takes the focus there, not only the view.
document.getElementById("answer-asks").addEventListener("click", (event) => {
  const link = event.target.closest("a[href^='#']");
  const field = link && document.getElementById(link.getAttribute("href").slice(1));
  const input = field && (field.matches("input") ? field : field.querySelector("input:checked, input"));
  if (input) {
    event.preventDefault();
    input.focus();
  }
});
form.addEventListener("input", (event) => {
  if (event.target.closest("#desk-add")) return; // the desk's label is not a fact
  if (event.target.name === "contents") {
    contentsTouched = true;
    keeping.showDraft(); // an item ticked as present is no longer marked missing in the draft
  }
  linkProblems = linkProblems.filter((p) => p.id !== event.target.id && p.id !== event.target.closest("fieldset")?.id);
  if (calculator && calculator.ready) results.dataset.state = "pending";
  update();
});
// Chromium fires no input event for a half-typed date: look again when focus leaves it.
form.addEventListener("focusout", (event) => {
  if (event.target.validity && event.target.validity.badInput) update();
});
// Showing every step only changes what is drawn: no need to ask Python again.
everything.addEventListener("change", () => {
  redraw();
  saveToLink(readForm().params);
});
document.getElementById("use-today").addEventListener("click", () => {
  const input = document.getElementById("f-received");
  input.value = cityToday();
  input.dispatchEvent(new Event("input", { bubbles: true }));
});

const setup = { ...loader, procedures: [{ id: config.jurisdiction, procedure: config.procedure }] };
const loading = new LoadingStatus(t, {
  ready() {
    // Keeping this visit's start (the runtime and this procedure for offline use, and the calculator's snapshot)
    // begins once the first answer is on screen, so that a person who reads it for a few seconds and leaves still
    // has it next time; a page that answers nothing keeps it a little later.
    update().then(() => answeredFacts !== null && startKeeping());
    setTimeout(startKeeping, OFFLINE_AFTER_MS);
  },
  failure: failed,
  stale() {
    results.dataset.state = "stale";
    answerPanel.dataset.status = "stale";
  },
  restarted: () => update(),
  // After a failure to load, "Try again" starts the calculator afresh, with everything entered kept.
  retry(fresh) {
    calculator = fresh;
    results.dataset.state = "waiting";
    if (answeredFacts === null) {
      delete answerPanel.dataset.status;
      document.getElementById("answer-sentence").textContent = t.loading.waiting;
    }
  },
});
calculator = loading.start(setup, early);
document.documentElement.dataset.formReady = "";
document.documentElement.dataset.scripts = "started"; // every module of the page loaded and ran
update();

// --- keeping this build for offline use -----------------------------------------------------------------------

// After the first answer, keep this build on the device for offline use. The service worker is checked against this
// build's hash twice: the bytes of sw.js before it is registered, then the bytes the browser itself fetched to
// register it, a second request that a host or cache could answer with other bytes. A worker that is not this
// build's, or cannot be shown to be, is unregistered at once: the one that runs is the one the build checked, or none.
// Keeping takes the device for a moment (the service worker copies the runtime; making the snapshot holds the
// calculator): it waits until the person's edits have paused (nothing asked or answered for QUIET_MS), but not more than
// KEEP_WITHIN_MS, so that a person who reads the answer for a few seconds and leaves still has it next time.
const QUIET_MS = 500;
const KEEP_WITHIN_MS = 1500;
async function quietMoment() {
  const until = performance.now() + KEEP_WITHIN_MS;
  for (;;) {
    const wait = Math.min(lastAsked + QUIET_MS, until) - performance.now();
    if (wait <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

let keepingStarted = false;
function startKeeping() {
  if (keepingStarted) return;
  keepingStarted = true;
  setTimeout(keepForOffline, 0); // after the answer is drawn
}

async function keepForOffline() {
  if (!("serviceWorker" in navigator)) return;
  await quietMoment(); // the service worker's install and the snapshot share the device with the person's edits
  const { scope, registered } = serviceWorkerPlace();
  let registration;
  try {
    if (!(await siteServesThisBuildsWorker())) {
      await refuseOffline(await navigator.serviceWorker.getRegistration(scope));
      return;
    }
    registration = await navigator.serviceWorker.register(registered, { scope, updateViaCache: "none" });
  } catch (error) {
    registration = null;
  }
  if (!registration) {
    // No network, or a browser that keeps no worker (one that blocks them, a private window): nothing is kept, not
    // even the snapshot, which only this build's worker deletes when a newer build comes (it was made here before the
    // registration, and each build left its 15 MB behind in such a browser).
    document.documentElement.dataset.offline = "unavailable";
    return;
  }
  // Registered: the calculator keeps its started interpreter in the build's cache while this build's worker installs
  // and keeps the runtime and this procedure beside it. The next visit starts from there (thrown away with the build's
  // cache when a new build comes, or the install fails). A worker refused below takes it with everything else kept:
  // the check waits for it to be written.
  let keptAt = null;
  const kept = calculator && calculator.ready ? await calculator.keepSnapshot().catch(() => "none").then((made) => {
    keptAt = Math.round(performance.now());
    return made;
  }) : null;
  // An install of this build's worker that failed already (quickly: a file missing) leaves nothing of it to check, and
  // nothing to refuse: the registration's newest worker is then none, or an earlier build's, whose bytes are not this
  // build's by design (its own pages checked it), which this check would refuse.
  const mine = [registration.installing, registration.waiting, registration.active].find((w) => w && w.scriptURL === registered);
  if (mine && !(await checkRegistered(registration, mine))) return;
  // when the start was kept, in ms from the page's navigation (the benchmark reads it beside the first answer's)
  if (kept === "kept") document.documentElement.dataset.snapshotKept = String(keptAt);
  if (!(await takesOver(registration, registered))) {
    // Its install failed (a file missing or not this build's, the network gone, storage full) and deleted the build's
    // cache; the snapshot, written meanwhile, may have made it again: it goes too. Nothing is kept; the next visit
    // tries again.
    const place = calculator && calculator.snapshotPlace();
    if (place) await caches.delete(place.cache).catch(() => false);
    document.documentElement.dataset.offline = "unavailable";
    if (kept) document.documentElement.dataset.snapshot = "none";
    return;
  }
  document.documentElement.dataset.offline = "kept";
  if (!kept) return;
  // kept: tried once, as the next visit will start, before that visit relies on it (runtime.js)
  document.documentElement.dataset.snapshot = kept === "kept" ? await calculator.trySnapshot(t.lang, cityToday()) : kept;
}

// Whether this build's worker, just registered from `url`, takes over: true once it is activated, false once its
// install has failed (it is then redundant, and gone from the registration). Not navigator.serviceWorker.ready, which
// waits for any worker of the site to be active: on a first visit whose install fails there is none, and this page
// waited for ever, having said that the build was kept.
//
// A worker installed and waiting (it called skipWaiting at its install) is activated by Chromium once the active
// worker has finished its events. After a deploy two workers of the new build can install back to back: the browser's
// own update of the earlier build's address (sw.js?build=OLD, now answered with the new sw.js), then this page's
// registration of its own. When the first was being activated as the second finished installing, the second stayed
// waiting for ever (Debian's Chromium 150, under load: about one run in ten of e2e/test_offline.py's new-build test,
// which then hung), even while the active worker went on answering requests. So while it waits, this page asks it every
// NUDGE_MS to skip waiting once more (sw.js), which activates it.
const NUDGE_MS = 2000;
async function takesOver(registration, url) {
  for (;;) {
    const mine = [registration.installing, registration.waiting, registration.active].find((w) => w && w.scriptURL === url);
    if (!mine || mine.state === "redundant") return false;
    if (mine.state === "activated") return true;
    const changed = new Promise((resolve) => mine.addEventListener("statechange", resolve, { once: true }));
    if (mine.state !== "installed") {
      await changed;
      continue;
    }
    if (!(await Promise.race([changed.then(() => true), new Promise((resolve) => setTimeout(resolve, NUDGE_MS, false))]))) {
      if (mine.state === "installed") mine.postMessage("skip-waiting");
    }
  }
}

// Where the worker is registered, and by what address: one of this build's own (sw.js?build=…), which the page never
// asks for itself, so that the browser's copy of it in its HTTP cache holds what a registration (or the browser's
// own update since) fetched, and nothing else.
function serviceWorkerPlace() {
  const { root, service_worker: worker } = loader;
  const address = (path) => new URL(root + path, document.baseURI).href;
  return { scope: new URL(root, document.baseURI).pathname, registered: address(worker.register),
    ours: (url) => url.startsWith(`${address(worker.url)}?build=`) };
}

// Whether the site's sw.js, asked for now, is this build's.
async function siteServesThisBuildsWorker() {
  const response = await fetch(new URL(loader.root + loader.service_worker.url, document.baseURI), { cache: "no-cache" });
  return holdsThisBuildsWorker(response);
}

// Whether a response holds this build's sw.js, hashed here: other bytes are a refusal, where no bytes at all (no
// network) are not.
async function holdsThisBuildsWorker(response) {
  if (!response.ok) return false;
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return `sha256-${btoa(String.fromCharCode(...hash))}` === loader.service_worker.integrity;
}

// A worker of the registration (by default its newest: installing, waiting or active) is this build's: the browser's
// copy of what it fetched for it is. One that is not, or cannot be shown to be (registered by an address the page also
// asks for itself, or by a host that forbids keeping sw.js: no-store), is refused. True if it is.
async function checkRegistered(registration, worker = registration.installing || registration.waiting || registration.active) {
  // None, or redundant: its install failed (a file missing, the network gone), or a newer one replaced it, before it
  // could be checked. It runs no more, and a failed install deleted what it kept: nothing to refuse. (Checking the
  // registration's newest worker instead checked another: none, or an earlier build's, whose bytes are by design not
  // this build's, and refused it: unregistered, everything kept deleted, the refusal notice shown.)
  const gone = () => !worker || worker.state === "redundant";
  if (gone()) return false;
  let checked = false;
  try {
    checked = serviceWorkerPlace().ours(worker.scriptURL)
      && await holdsThisBuildsWorker(await fetch(worker.scriptURL, { cache: "only-if-cached", mode: "same-origin" }));
  } catch (error) {
    checked = false; // no copy kept
  }
  if (!checked) {
    if (gone()) return false;
    await refuseOffline(registration);
    return false;
  }
  watchUpdates(registration);
  return true;
}

// While this page is open, each worker the browser installs by itself (its own update check, made as pages of the
// site open) is checked as it appears, before it takes over, if the site still serves this build's sw.js. If it
// serves another build's, this page is out of date: that build's pages judge it. (One registered by an address of an
// earlier version's, plain sw.js, is replaced by this build's own after the first answer.)
function watchUpdates(registration) {
  registration.onupdatefound = async () => {
    const found = registration.installing;
    if (!found || !serviceWorkerPlace().ours(found.scriptURL)) return;
    if (await siteServesThisBuildsWorker().catch(() => false)) await checkRegistered(registration, found);
  };
}

// From the page's start, not only after its first answer: the browser's update check runs as the page opens.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.getRegistration(serviceWorkerPlace().scope).then((registration) => {
    if (registration) watchUpdates(registration);
  }, () => {});
}

// Refused: no worker of this site stays registered, nothing kept for offline use stays (whatever a refused worker
// may have written), and the page says that offline use is not available.
async function refuseOffline(registration) {
  try {
    if (registration) await registration.unregister();
    for (const name of await caches.keys()) {
      if (name.startsWith("complaint-checker-")) await caches.delete(name);
    }
  } catch (error) {
    // storage unavailable: nothing kept to delete
  }
  document.getElementById("offline-refused").hidden = false;
  document.documentElement.dataset.offline = "refused";
}
