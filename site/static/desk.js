// The office's desk: every complaint the office keeps on this device (desk-store.js), every dated duty of
// the office across them (core/desk.py, run in the worker exactly as the checker runs its report), and what
// the office takes away: an export, one calendar, this week's duties on paper.
import { Conflict, DeskFull, DeskStore, forCore } from "./desk-store.js";
import { checkerLink } from "./link.js";
import { cityToday, download, el, fill } from "./render.js";
import { LoadingStatus } from "./status.js";

const section = document.getElementById("desk");
const config = JSON.parse(section.dataset.config);
const loader = JSON.parse(section.dataset.loader);
const t = config.strings;
const d = t.desk;
const message = document.getElementById("desk-message-text");
const undoButton = document.getElementById("desk-undo");
const daysInput = document.getElementById("desk-reminder-days");
const atInput = document.getElementById("desk-reminder-at");
const limits = config.desk_limits; // core/desk.py: the most complaints one desk holds, and one file's bytes

const store = new DeskStore(config.jurisdiction, limits.complaints);
let records = []; // as stored, with each one's revision
let settings = null;
let calculator = null;
let shown = null; // the desk as last drawn (core/desk.py, desk_json)
let undo = null; // what the last deletion took away, until the page is left
// Which page of each list is shown: the core sends one page of rows at a time (core/desk.py, PER_PAGE), so that a
// desk of 2,000 complaints draws 50 rows, not 20,000, and a screen reader hears where it is ("1 to 50 of 2,000").
const view = { page: 0, complaints_page: 0 };
const PER_PAGE = 50;
// How many complaints one request assesses afresh (a first look, an import): the first asks for BUDGET, each next one
// for as many as the last one's pace fits in about STEP_MS (never fewer than BUDGET, never more than MOST_PER_STEP), so
// that a desk of 2,000 is worked out in a few requests, not fourteen (each carries the whole desk to the worker), and
// each answer still comes well within the worker's time limit (runtime.js, ANSWER_WITHIN_MS) on a slow device. The
// page says how far it is between requests.
const BUDGET = 150;
const STEP_MS = 1000;
const MOST_PER_STEP = 1000;
const nextBudget = (assessed, ms) =>
  assessed > 0 && ms > 0 ? Math.max(BUDGET, Math.min(MOST_PER_STEP, Math.floor((assessed * STEP_MS) / ms))) : BUDGET;

const today = () => cityToday(config.timezone);
// What the core reads of the desk (core/json_api.py, _desk): every complaint, and the days the office recorded.
// With `look`, the page of each list to draw ({ focus }: the page a row is on; { week }: the printed week too).
const forDesk = (look = null) => ({ complaints: records.map(forCore), office_days: (settings && settings.office_days) || {},
  unexported_since: (settings && settings.unexported_since) || null, ...(look ? { view: { ...view, ...look } } : {}) });

function say(text, { canUndo = false } = {}) {
  message.textContent = text;
  undoButton.hidden = !canUndo;
}

// --- reading and drawing -------------------------------------------------------------------------------

async function load() {
  records = await store.all();
  settings = await store.settings();
  daysInput.value = settings.reminders.days.join(", ");
  atInput.value = settings.reminders.at;
}

// The reminder to export, as the core words it (core/desk.py, export_reminder): drawn with the desk.
function showExportReminder(desk) {
  const node = document.getElementById("desk-reminder");
  node.textContent = (desk && desk.export_reminder) || "";
  node.hidden = !node.textContent;
}

// The checker, opened on one complaint's facts, as the office (to record an event) or as a party.
const linkFor = (record, role) => checkerLink(record.facts, { lang: t.lang, role, desk: role === "clerk" ? record.id : null });

async function redraw(look = {}) {
  document.getElementById("desk-empty").hidden = records.length > 0;
  document.getElementById("desk-clear").disabled = !records.length;
  if (!calculator || !calculator.ready) {
    drawComplaints(null);
    return;
  }
  section.dataset.state = "pending";
  const started = performance.now();
  let envelope;
  try {
    // The printed week is drawn with the desk: the browser's own Print prints it as the button does. Complaints
    // not yet assessed are assessed BUDGET at a time, the page saying how far it is, until none is pending.
    for (let budget = BUDGET, pending = null; ;) {
      const asked = performance.now();
      envelope = await calculator.desk(config.jurisdiction, forDesk({ week: true, budget, ...look }), t.lang, today());
      if (!envelope.ok || !envelope.pending) break;
      budget = nextBudget((pending === null ? envelope.total : pending) - envelope.pending, performance.now() - asked);
      pending = envelope.pending;
      document.getElementById("desk-counts").textContent = fill(d.working, { done: envelope.total - envelope.pending,
        total: envelope.total });
    }
  } catch (error) {
    say(fill(d.failed, { detail: error.message }));
    section.dataset.state = "failed";
    return;
  }
  if (!envelope.ok) {
    say(fill(d.failed, { detail: envelope.error.message }));
    section.dataset.state = "failed";
    return;
  }
  shown = envelope;
  view.page = envelope.page.page;
  view.complaints_page = envelope.complaints_page.page;
  drawDuties(envelope);
  drawComplaints(envelope);
  drawWeek(envelope);
  drawOfficeDays(envelope);
  drawUnreadable(envelope);
  showExportReminder(envelope);
  section.dataset.redrawMs = String(Math.round(performance.now() - started));
  section.dataset.state = "done";
  section.dataset.rows = String(envelope.page.total);
  await keepWhatWasSeen(envelope.changed);
  return envelope;
}

// What the desk saw of each date is kept, so that the next look can say what moved (and the calendar's
// SEQUENCE rises). It is not a change of the user's: it does not count as unexported. Only the complaints whose
// kept dates changed are written, in one transaction.
async function keepWhatWasSeen(kept) {
  const byId = new Map(records.map((r) => [r.id, r]));
  const entries = [];
  for (const now of kept) {
    const record = byId.get(now.id);
    if (!record || JSON.stringify(record.dates || {}) === JSON.stringify(now.dates)) continue;
    entries.push({ record: { ...record, dates: now.dates }, revision: record.revision });
  }
  if (!entries.length) return;
  try {
    for (const next of await store.putAll(entries, { byUser: false })) Object.assign(byId.get(next.id), next);
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
    await fromOtherTab(); // another tab's newer copy: read again, and look at it afresh
  }
}

const statusClass = { overdue: "overdue", this_week: "soon", later: "later", waiting: "waiting", done: "done", retired: "retired" };

function dutyText(row) {
  return row.owed_by_office ? row.task.charAt(0).toUpperCase() + row.task.slice(1)
    : fill(d.owed_to_office, { who: row.who, task: row.task });
}

// Where a list's page is, said in words (and read out when it changes), with its previous and next buttons.
function drawPager(name, page, template) {
  document.getElementById(`desk-${name}-page`).textContent = page.total ? fill(template, page) : "";
  document.getElementById(`desk-${name}-previous`).disabled = page.page <= 0;
  document.getElementById(`desk-${name}-next`).disabled = page.page >= page.pages - 1;
  document.getElementById(`desk-${name}-pager`).hidden = page.pages <= 1;
}

function drawDuties(desk) {
  document.getElementById("desk-duties-caption").textContent = fill(d.duties_caption, { day: desk.as_of_display });
  document.getElementById("desk-counts").textContent = desk.page.total ? fill(d.duties_counts, desk.counts) : "";
  drawPager("duties", desk.page, d.duties_page);
  // Each cell names its column (data-label): on a phone the table is a stack of cards (style.css).
  const rows = desk.rows.map((row) => el("tr", { class: `status-${statusClass[row.status]}`, "data-complaint": row.complaint,
    "data-duty": row.duty, "data-date": row.date || "", "data-status": row.status, "data-sequence": row.sequence },
  el("td", { "data-label": d.col_date }, row.date ? el("time", { datetime: row.date }, row.display) : row.waiting_for,
    row.moved ? el("p", { class: "moved" }, row.moved) : null),
  el("th", { scope: "row", "data-label": d.col_complaint }, row.label),
  el("td", { "data-label": d.col_duty }, dutyText(row), el("span", { class: "cite" }, row.cite)),
  el("td", { "data-label": d.col_status }, el("span", { class: "desk-status" }, row.status_text)),
  el("td", { "data-label": d.col_sure }, row.certainty_text || "—", doneButton(row))));
  document.querySelector("#desk-duties tbody").replaceChildren(...rows);
}

// A duty the office owes can be marked done (and a mark taken back): the core then treats it as done everywhere.
function doneButton(row) {
  if (!row.can_mark_done && !row.marked_done) return null;
  const text = row.marked_done ? d.undo_done : d.mark_done;
  return el("p", {}, el("button", { type: "button", class: "secondary small", "data-done": row.duty,
    "data-complaint": row.complaint, "aria-label": fill(row.marked_done ? d.undo_done_label : d.mark_done_label,
      { duty: row.task, label: row.label }) }, text));
}

// A change the office made to one complaint: saved, the desk drawn again (on the page of `focus`, a row), and the
// focus put on what the change produced (`then`), never left to fall to the top of the page.
async function changeRecord(id, change, message, { focus = null, then = null } = {}) {
  const record = records.find((r) => r.id === id);
  if (!record) return;
  const saved = await written(async () => Object.assign(record, await store.save(
    { ...record, ...change(record), changed: new Date().toISOString() }, record.revision)));
  if (!saved) return;
  await redraw(focus ? { focus } : {});
  say(fill(message, { label: record.label, standing: standingText(record.standing || "open") }));
  const target = then && then();
  (target || message_()).focus();
}

const message_ = () => document.getElementById("desk-message-text");
const standingText = (id) => ((shown && shown.standings.find((s) => s.id === id)) || { label: id }).label;

document.getElementById("desk-duties").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-done]");
  if (!button) return;
  const duty = button.dataset.done;
  const row = shown && shown.rows.find((r) => r.complaint === button.dataset.complaint && r.duty === duty);
  if (!row) return;
  const complaint = button.dataset.complaint;
  // The focus goes to the row the action produced (done, or owed again): its button, on whichever page it now is.
  changeRecord(complaint, (record) => {
    const done = { ...(record.done || {}) };
    if (row.marked_done) delete done[duty];
    else done[duty] = today();
    return { done };
  }, row.marked_done ? d.undone_done : d.marked_done, { focus: { complaint, duty },
    then: () => document.querySelector(`#desk-duties button[data-done="${CSS.escape(duty)}"][data-complaint="${CSS.escape(complaint)}"]`) });
});

function drawComplaints(desk) {
  const byId = new Map(records.map((r) => [r.id, r]));
  // One page, in the order of the office's own labels ("2026-EC-2" before "2026-EC-10"): the core orders and pages
  // them. Before the calculator is ready, the first page as this device orders them.
  const lines = desk ? desk.complaints : [...records].sort((a, b) => a.label.localeCompare(b.label, t.lang, { numeric: true }))
    .slice(0, PER_PAGE).map((r) => ({ id: r.id }));
  if (desk) drawPager("complaints", desk.complaints_page, d.complaints_page);
  const rows = lines.map((line) => {
    const record = byId.get(line.id);
    if (!record) return null;
    const label = record.label;
    const standings = desk ? desk.standings : [];
    // Where it stands, and the office's note, change only when the office presses Save: a list box changes its
    // value on ArrowDown, and a complaint's duties should not leave the desk on a key pressed to look.
    const standing = el("select", { "data-standing": record.id, "aria-label": fill(d.standing_label, { label }) },
      standings.map((s) => el("option", { value: s.id, selected: s.id === (record.standing || "open") }, s.label)));
    const note = el("textarea", { "data-note": record.id, rows: 2, maxlength: limits.note, "aria-label": fill(d.note_label, { label }) });
    note.value = record.note || "";
    const withLine = desk && line.sentence !== undefined;
    return el("tr", { "data-complaint": record.id },
      el("th", { scope: "row", "data-label": d.col_complaint }, label, standings.length ? el("p", {}, standing) : null,
        desk ? el("p", { class: "desk-note" }, el("label", {}, d.note, note)) : null,
        desk ? el("p", {}, el("button", { type: "button", class: "secondary small", "data-save": record.id,
          "aria-label": fill(d.save_complaint_label, { label }) }, d.save_complaint)) : null),
      el("td", { "data-label": d.col_received }, withLine && line.received ? el("time", { datetime: line.received }, line.received_display)
        : withLine ? d.not_received : ""),
      el("td", { class: withLine && line.status === "error" ? "field-error" : null, "data-label": d.col_stands },
        withLine ? line.sentence : d.waiting),
      el("td", { class: "desk-actions" },
        el("a", { href: linkFor(record, "clerk"), "aria-label": fill(d.open_label, { label }) }, d.open),
        el("span", { class: "desk-parties" }, ` · ${d.parties}: `,
          el("a", { href: linkFor(record, "complainant") }, d.complainant_dates), " · ",
          el("a", { href: linkFor(record, "respondent") }, d.respondent_dates)),
        " ",
        el("button", { type: "button", class: "secondary small", "data-delete": record.id,
          "aria-label": fill(d.delete_label, { label }) }, d.delete)));
  });
  document.querySelector("#desk-complaints tbody").replaceChildren(...rows.filter(Boolean));
}

// On paper: what is overdue, and what is due in this calendar week (or the next, when nothing is due in this one),
// alone on one page (core/desk.py, week_rows).
function drawWeek(desk) {
  const week = desk.week;
  document.getElementById("desk-week-heading").textContent = week.first_display
    ? fill(week.next ? d.print_next_week : d.print_week, { first: week.first_display, last: week.last_display }) : "";
  document.getElementById("desk-week-printed").textContent = fill(d.print_printed, { day: desk.as_of_display });
  document.getElementById("desk-week-none").hidden = week.rows.length > 0;
  document.querySelector("#desk-week tbody").replaceChildren(...week.rows.map((row) => el("tr", { "data-date": row.date || "" },
    el("td", {}, row.display), el("th", { scope: "row" }, row.label), el("td", {}, dutyText(row)), el("td", {}, row.status_text),
    el("td", {}, row.certainty_text || "—"))));
}

// Another tab changed the desk: read it again. Said only for a change someone made, not for another desk
// tab keeping what it saw of the dates.
async function fromOtherTab({ byUser = true } = {}) {
  await load();
  await redraw();
  if (byUser) say(d.other_tab);
}

// --- deleting, and undoing it until the page is left ------------------------------------------------------

// A write to the desk's storage: true once written. Another tab's change since (Conflict) reads the desk again;
// any other failure says what failed, and nothing was written.
async function written(write) {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof Conflict) await fromOtherTab();
    else if (error instanceof DeskFull) say(fill(d.full, { limit: error.limit }));
    else say(fill(d.not_saved, { detail: String(error.message || error).replace(/\.$/, "") }));
    return false;
  }
}

async function remove(taken, confirmText, doneText) {
  if (!taken.length || !window.confirm(confirmText)) return;
  if (!(await written(() => store.remove(taken)))) return;
  undo = taken;
  await load();
  await redraw();
  say(doneText, { canUndo: true });
  undoButton.focus();
}

document.getElementById("desk-complaints").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-delete]");
  const record = button && records.find((r) => r.id === button.dataset.delete);
  if (record) remove([record], fill(d.delete_confirm, { label: record.label }), fill(d.deleted, { label: record.label }));
});

document.getElementById("desk-complaints").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-save]");
  const record = button && records.find((r) => r.id === button.dataset.save);
  if (!record) return;
  const row = button.closest("tr");
  const standing = row.querySelector("select[data-standing]").value;
  const note = row.querySelector("textarea[data-note]").value.slice(0, limits.note);
  const again = () => document.querySelector(`#desk-complaints button[data-save="${CSS.escape(record.id)}"]`);
  if (standing === (record.standing || "open") && note === (record.note || "")) {
    say(fill(d.complaint_unchanged, { label: record.label }));
    return;
  }
  changeRecord(record.id, () => ({ standing, note }), d.complaint_saved, { then: again });
});

for (const name of ["duties", "complaints"]) {
  const key = name === "duties" ? "page" : "complaints_page";
  for (const [which, step] of [["previous", -1], ["next", 1]]) {
    document.getElementById(`desk-${name}-${which}`).addEventListener("click", async () => {
      view[key] = Math.max(0, view[key] + step);
      await redraw();
    });
  }
}

// --- complaints kept here that cannot be read: named, left out, and each can be exported or deleted --------

function drawUnreadable(desk) {
  const box = document.getElementById("desk-unreadable");
  box.hidden = !desk.unreadable.length;
  box.replaceChildren(...(desk.unreadable.length ? [el("p", {}, d.unreadable_heading),
    el("ul", {}, desk.unreadable.map((u) => el("li", {}, fill(d.unreadable_item, { number: u.number, label: u.label || "—",
      problem: u.problem }), " ",
    el("button", { type: "button", class: "secondary small", "data-unreadable-export": u.number }, d.unreadable_export), " ",
    el("button", { type: "button", class: "secondary small danger", "data-unreadable-delete": u.number }, d.unreadable_delete))))]
    : []));
}

document.getElementById("desk-unreadable").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-unreadable-export], button[data-unreadable-delete]");
  if (!button) return;
  const number = Number(button.dataset.unreadableExport || button.dataset.unreadableDelete);
  const record = records[number - 1]; // in the order the core was sent them (forDesk)
  if (!record) return;
  if ("unreadableExport" in button.dataset) {
    download(`${config.jurisdiction}-unreadable-${number}.json`, JSON.stringify(record, null, 1), "application/json;charset=utf-8");
    say(fill(d.unreadable_exported, { number }));
  } else {
    remove([record], fill(d.unreadable_delete_confirm, { number }), fill(d.unreadable_deleted, { number }));
  }
});

// --- the office's own days: open, or closed, on a day the calendar only guesses -----------------------------

function drawOfficeDays(desk) {
  const list = document.getElementById("desk-days-list");
  // Each recorded day says what it changes under this procedure's law (core/desk.py, office_day_effect).
  list.replaceChildren(...desk.office_days.map((day) => el("li", { "data-day": day.date, tabindex: "-1" },
    fill(day.open ? d.day_open : d.day_closed, { day: day.display }), " ",
    el("button", { type: "button", class: "secondary small", "data-forget": day.date,
      "aria-label": fill(d.day_forget_label, { day: day.display }) }, d.day_forget),
    el("p", { class: "desk-day-effect" }, el("strong", {}, `${d.day_effect_label}: `), day.effect))));
  document.getElementById("desk-days-none").hidden = desk.office_days.length > 0;
}

async function recordDay(day, state) {
  const days = { ...(settings.office_days || {}) };
  if (state) days[day] = state;
  else delete days[day];
  await store.saveSettings({ office_days: days, unexported_since: settings.unexported_since || new Date().toISOString() });
  settings = await store.settings();
  store.announce([], true);
  await redraw();
}

document.getElementById("desk-days-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = document.getElementById("desk-day");
  const error = document.getElementById("desk-day-error");
  const state = document.querySelector("input[name='desk-day-state']:checked");
  const ok = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(input.value) && !input.validity.badInput;
  error.hidden = ok;
  error.textContent = ok ? "" : d.day_bad;
  if (!ok) {
    input.setAttribute("aria-invalid", "true");
    input.focus();
    return;
  }
  input.removeAttribute("aria-invalid");
  await recordDay(input.value, state ? state.value : "closed");
  say(d.day_recorded);
  // The focus goes to the day just recorded, which says what it changes.
  const recorded = document.querySelector(`#desk-days-list li[data-day="${CSS.escape(input.value)}"]`);
  if (recorded) recorded.focus();
});

document.getElementById("desk-days-list").addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-forget]");
  if (!button) return;
  await recordDay(button.dataset.forget, null);
  say(d.day_forgotten);
});

document.getElementById("desk-clear").addEventListener("click", () => {
  remove([...records], fill(d.clear_confirm, { count: records.length }), fill(d.cleared, { count: records.length }));
});

undoButton.addEventListener("click", async () => {
  if (!undo) return;
  const back = undo;
  undo = null;
  // only if nobody has added them back since
  if (!(await written(() => store.putAll(back.map((record) => ({ record, revision: 0 })))))) return;
  await load();
  await redraw();
  say(fill(d.undone, { count: back.length }));
});

// --- export, import, calendar, print --------------------------------------------------------------------

document.getElementById("desk-export").addEventListener("click", async () => {
  if (!ready()) return;
  const envelope = await calculator.deskExport(config.jurisdiction, forDesk(), settings.reminders, t.lang);
  if (!envelope.ok) {
    say(fill(d.export_failed, { detail: envelope.error.message }));
    return;
  }
  const name = `${config.jurisdiction}-desk-${today()}.json`;
  download(name, envelope.text, "application/json;charset=utf-8");
  await store.saveSettings({ unexported_since: null, exported_at: new Date().toISOString() });
  settings = await store.settings();
  showExportReminder(null); // exported: nothing to remind of
  say(fill(d.exported, { name, count: records.length }));
});

document.getElementById("desk-import").addEventListener("change", async (event) => {
  const input = event.target;
  const file = input.files && input.files[0];
  if (!file || !ready()) return;
  // Read no more than the limit and one byte: a larger file is refused by its size, unread.
  const text = await file.slice(0, limits.bytes + 1).text();
  const envelope = await calculator.deskImport(config.jurisdiction, text, t.lang, forDesk());
  input.value = "";
  if (!envelope.ok) {
    say(envelope.error.message);
    section.dataset.imported = "refused";
    return;
  }
  // The core merged it (core/desk.py, merge): a complaint already here is replaced only by a copy changed later.
  const mine = new Map(records.map((r) => [r.id, r]));
  try {
    if (envelope.write.length) {
      await store.putAll(envelope.write.map((record) => ({ record, revision: mine.has(record.id) ? mine.get(record.id).revision : 0 })));
    }
    if (!records.length) await store.saveSettings({ reminders: envelope.reminders });
    // The file's record of open and closed days joins this desk's; a day recorded here already keeps this desk's word.
    const days = { ...envelope.office_days, ...(settings.office_days || {}) };
    if (Object.keys(days).length !== Object.keys(settings.office_days || {}).length) await store.saveSettings({ office_days: days });
  } catch (error) {
    // Nothing of the file was kept (one transaction): say so, and why (another tab's change, or storage full).
    await load();
    await redraw();
    const why = error instanceof Conflict ? d.import_conflict : error instanceof DeskFull ? d.import_full : d.import_failed;
    say(fill(why, { name: file.name, limit: limits.complaints, detail: String(error.message || error).replace(/\.$/, "") }));
    section.dataset.imported = "refused";
    return;
  }
  await load();
  // Imported once written: said now, while the desk is worked out again (each new complaint assessed once).
  const drawing = redraw();
  section.dataset.imported = String(envelope.complaints.length);
  const left = envelope.unreadable.map((u) => fill(d.unreadable_item, { number: u.number, label: u.label || "—", problem: u.problem }));
  say([envelope.complaints.length ? fill(d.imported, { count: envelope.complaints.length, name: file.name,
    added: envelope.added, updated: envelope.updated, same: envelope.same }) : d.import_nothing,
  left.length ? fill(d.import_left_out, { items: left.join("; ") }) : ""].filter(Boolean).join(" "));
  await drawing;
});

// The reminders the calendar gets: "3, 1" business days before, at 09:00 in the city's zone.
function reminders() {
  const error = document.getElementById("desk-reminder-days-error");
  const text = daysInput.value.trim();
  const days = text ? text.split(/[,\s]+/).filter(Boolean).map(Number) : [];
  const ok = days.every((n) => Number.isInteger(n) && n >= 0 && n <= 30) && days.length <= 5;
  error.hidden = ok;
  error.textContent = ok ? "" : d.reminder_bad;
  if (ok) daysInput.removeAttribute("aria-invalid");
  else daysInput.setAttribute("aria-invalid", "true");
  return ok ? { days, at: atInput.value || "09:00" } : null;
}

for (const input of [daysInput, atInput]) {
  input.addEventListener("change", async () => {
    const chosen = reminders();
    if (chosen) {
      await store.saveSettings({ reminders: chosen });
      settings = await store.settings();
    }
  });
}

document.getElementById("desk-calendar").addEventListener("click", async () => {
  if (!ready()) return;
  const chosen = reminders();
  if (!chosen) {
    daysInput.focus();
    return;
  }
  const envelope = await calculator.deskCalendar(config.jurisdiction, forDesk(), t.lang, today(), chosen);
  if (!envelope.ok) {
    say(fill(d.failed, { detail: envelope.error.message }));
    return;
  }
  if (!envelope.count) {
    say(d.calendar_empty);
    return;
  }
  const name = `${config.jurisdiction}-desk-${t.lang}.ics`;
  download(name, envelope.ics, "text/calendar;charset=utf-8");
  say(fill(d.calendar_made, { name, count: envelope.count }));
  await keepWhatWasSeen(envelope.kept);
});

document.getElementById("desk-print").addEventListener("click", () => {
  document.documentElement.dataset.print = "desk-week";
  window.print();
});
window.addEventListener("afterprint", () => delete document.documentElement.dataset.print);

function ready() {
  if (calculator && calculator.ready) return true;
  say(d.waiting);
  return false;
}

// --- starting ---------------------------------------------------------------------------------------

store.onChange((change) => fromOtherTab(change));
section.hidden = false;
try {
  await load();
} catch (error) {
  say(d.storage_off);
  section.dataset.state = "no-storage";
  for (const button of section.querySelectorAll("button, input")) button.disabled = true;
}
await redraw();

const loading = new LoadingStatus(t, {
  ready: () => redraw(),
  failure() {
    section.dataset.state = "failed";
  },
  restarted: () => redraw(),
  retry(fresh) {
    calculator = fresh;
    section.dataset.state = "waiting";
  },
});
calculator = loading.start({ ...loader, procedures: [{ id: config.jurisdiction, procedure: config.procedure }] });
document.documentElement.dataset.scripts = "started";
