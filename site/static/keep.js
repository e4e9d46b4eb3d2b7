// What a person takes away: a printout, a calendar file, a link to come back to, and (for whoever
// files) a complaint letter. Everything is made in this browser; nothing is sent anywhere. What the
// person writes in their own words (who the complaint is about, the letter) stays on this device
// (localStorage: closing the tab or the browser keeps it) until they clear it, and goes into the
// link only if they tick to include it.
import { download, el, fill } from "./render.js";

// A label as part of a file name: letters, digits and hyphens.
const slug = (text) => text.normalize("NFKD").replace(/[^\w-]+/g, "-").replace(/^-+|-+$/g, "").toLowerCase() || "complaint";

const FREE_TEXT = ["f-about"]; // besides the draft's own fields

export class Keeping {
  // page: { config, t, calculator(), facts(), role(), report(), today(), refresh(), deskComplaint() }
  constructor(page) {
    this.page = page;
    this.t = page.t;
    this.storageKey = `complaint-checker:${page.config.jurisdiction}`;
    this.status = document.getElementById("keep-status");
    this.includeFreeText = document.getElementById("share-free-text");
    this.draftFields = [...document.querySelectorAll("textarea[data-draft]")];
    for (const field of this.draftFields) {
      const shown = el("p", { class: "print-value", "aria-hidden": "true" });
      field.after(shown);
      field.addEventListener("input", () => this.draftChanged(field));
    }
    document.getElementById("print-button").addEventListener("click", () => window.print());
    document.getElementById("calendar-button").addEventListener("click", () => this.calendar());
    document.getElementById("copy-link").addEventListener("click", () => this.copyLink());
    this.includeFreeText.addEventListener("change", () => { this.remember(); page.refresh(); });
    document.getElementById("f-about").addEventListener("input", () => { this.prefillDraft(); this.remember(); });
    const draftPrint = document.getElementById("draft-print");
    if (draftPrint) draftPrint.addEventListener("click", () => this.printDraft());
    const draftSave = document.getElementById("draft-save");
    if (draftSave) draftSave.addEventListener("click", () => this.saveDraft());
    const draftClear = document.getElementById("draft-clear");
    if (draftClear) draftClear.addEventListener("click", () => this.clearDraft());
    window.addEventListener("afterprint", () => delete document.documentElement.dataset.print);
    for (const choice of document.querySelectorAll("input[name='letter-gender']")) {
      choice.addEventListener("change", () => { this.showStatement(page.report()); this.remember(); });
    }
  }

  // --- the person's own words: kept on this device, in the link only if chosen -----------------

  freeText() {
    const texts = {};
    for (const id of FREE_TEXT) texts[id] = document.getElementById(id).value;
    for (const field of this.draftFields) texts[field.id] = field.value;
    return texts;
  }

  // The link's share of the free text: nothing unless the person ticked to include it.
  linkParams(params) {
    if (!this.includeFreeText.checked) return;
    const about = document.getElementById("f-about").value.trim();
    if (about) params.set("about", about);
    for (const field of this.draftFields) {
      if (field.value.trim()) params.set(`draft.${field.dataset.draft}`, field.value);
    }
    params.set("share", "words");
  }

  // From the link (the person chose to share their words) or, failing that, from this device.
  restore(params) {
    const fromLink = params.get("share") === "words";
    let saved = {};
    try {
      // (an earlier version kept the words for the tab's session only: they are taken over once)
      saved = JSON.parse(localStorage.getItem(this.storageKey) || sessionStorage.getItem(this.storageKey) || "{}");
    } catch (error) {
      saved = {};
    }
    this.includeFreeText.checked = fromLink || Boolean(saved.include);
    const gender = document.getElementById(`letter-gender-${saved.gender}`);
    if (gender && ["feminine", "masculine"].includes(saved.gender)) gender.checked = true;
    const texts = saved.texts || {};
    for (const [id, value] of Object.entries(texts)) {
      const field = document.getElementById(id);
      if (field && !field.value) field.value = value;
    }
    if (fromLink) {
      if (params.has("about")) document.getElementById("f-about").value = params.get("about").slice(0, 200);
      for (const field of this.draftFields) {
        const value = params.get(`draft.${field.dataset.draft}`);
        if (value !== null) field.value = value.slice(0, 5000);
      }
      // A link's words never replace the words kept on this device without asking: until the person chooses,
      // nothing is written over them.
      const differs = Object.entries(this.freeText()).some(([id, value]) => (texts[id] || "").trim() && texts[id] !== value);
      this.ask(differs ? texts : null);
    }
    for (const field of this.draftFields) this.showDraftField(field);
    this.prefillDraft();
  }

  // The link's words or this device's: shown together until the person chooses (kept: this device's words).
  ask(kept) {
    this.kept = kept;
    const box = document.getElementById("words-choice");
    if (!box) return;
    box.hidden = !kept;
    if (!kept) return;
    document.getElementById("words-keep-device").onclick = () => {
      for (const [id, value] of Object.entries(kept)) {
        const field = document.getElementById(id);
        if (field) field.value = value;
      }
      this.resolve(this.t.keep.words_kept_device);
    };
    document.getElementById("words-use-link").onclick = () => this.resolve(this.t.keep.words_used_link);
  }

  resolve(message) {
    this.kept = null;
    document.getElementById("words-choice").hidden = true;
    for (const field of this.draftFields) this.showDraftField(field);
    this.prefillDraft();
    this.remember();
    this.say(message);
  }

  known(key) {
    return key === "about" || key === "share" || key.startsWith("draft.");
  }

  remember() {
    if (this.kept) return; // the link's words and this device's: nothing is written until the person chooses
    try {
      localStorage.setItem(this.storageKey, JSON.stringify({ include: this.includeFreeText.checked, texts: this.freeText(),
        gender: this.gender() }));
      sessionStorage.removeItem(this.storageKey);
    } catch (error) {
      // storage may be off (private browsing): the words stay on the page, and are lost only on reload
    }
  }

  // --- the share link -------------------------------------------------------------------------------

  showLink() {
    document.getElementById("share-url").value = window.location.href;
  }

  async copyLink() {
    this.showLink();
    const field = document.getElementById("share-url");
    try {
      await navigator.clipboard.writeText(field.value);
      this.say(this.t.keep.copied);
    } catch (error) {
      field.focus();
      field.select();
      this.say(this.t.keep.copy_failed);
    }
  }

  // --- the calendar file ------------------------------------------------------------------------------

  async calendar() {
    const calculator = this.page.calculator();
    if (!calculator || !calculator.ready) {
      this.say(this.t.loading.waiting);
      return;
    }
    const { config } = this.page;
    let envelope;
    try {
      envelope = await calculator.calendarFile(config.jurisdiction, this.page.facts(), this.t.lang, this.page.today(),
        this.page.role(), this.calendarKept());
    } catch (error) {
      this.say(fill(this.t.keep.calendar_failed, { detail: error.message }));
      return;
    }
    if (!envelope.ok) {
      this.say(fill(this.t.keep.calendar_failed, { detail: envelope.error.message }));
      return;
    }
    const count = (envelope.ics.match(/^BEGIN:VEVENT\r$/gm) || []).length;
    if (!count) {
      // Nothing dated yet: say why, in this person's own answer, not "enter the facts" after they were entered.
      const answer = this.page.report() ? this.page.report().answers[this.page.role()].sentence : "";
      this.say(fill(this.t.keep.calendar_empty, { answer }));
      return;
    }
    this.keepCalendar(envelope);
    // Named for the complaint: its label on the desk, or the day it was received (or of the violation, or the first
    // other day its facts give, an event's included): a name a person reads, never the complaint's hash.
    const facts = this.page.facts();
    const desk = this.page.deskComplaint();
    const day = [facts.received, facts.violation_date, ...Object.values(facts), ...Object.values(facts.events || {})]
      .find((value) => typeof value === "string" && /^[0-9]{4}-[0-9]{2}-[0-9]{2}/.test(value));
    const which = desk ? slug(desk.label) : day ? day.slice(0, 10) : "complaint";
    const name = `${config.jurisdiction}-${this.page.role()}-${which}-${this.t.lang}.ics`;
    download(name, envelope.ics, "text/calendar;charset=utf-8");
    // A memory the core could not read was set aside, and is said: the file itself never waits on it.
    const setAside = envelope.set_aside ? ` ${this.t.keep.calendar_memory_set_aside}` : "";
    this.say(fill(this.t.keep.calendar_made, { name, count }) + setAside);
  }

  // What this device kept of each complaint's calendar file (the dates its events had), so that a file made
  // again after a date moved carries a higher SEQUENCE for that event and replaces it in a calendar program.
  // Sent as stored: the core reads it, and sets aside what it cannot read (core/json_api.py, _kept_dates).
  calendarKept() {
    const desk = this.page.deskComplaint();
    if (desk) return { key: desk.id, label: desk.label, dates: desk.dates };
    return { dates_by_key: this.calendarMemory() };
  }

  calendarKey() {
    return `complaint-checker:calendars:${this.page.config.jurisdiction}`;
  }

  // The memory as stored: parsed if it is JSON, else its text (which the core sets aside); {} if there is none.
  calendarMemory() {
    let text = null;
    try {
      text = localStorage.getItem(this.calendarKey());
    } catch (error) {
      return {}; // storage off: nothing kept
    }
    try {
      return text === null ? {} : JSON.parse(text);
    } catch (error) {
      return text;
    }
  }

  keepCalendar(envelope) {
    if (this.page.deskComplaint()) return; // the desk keeps its complaints' dates itself
    try {
      const stored = this.calendarMemory();
      // Not dates by complaint (set aside, and said): this file's dates start the memory again.
      const kept = stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
      delete kept[envelope.key];
      kept[envelope.key] = envelope.dates;
      const keys = Object.keys(kept); // the fifty most recent complaints are enough
      for (const old of keys.slice(0, Math.max(0, keys.length - 50))) delete kept[old];
      localStorage.setItem(this.calendarKey(), JSON.stringify(kept));
    } catch (error) {
      // storage off: the file is still right, only its SEQUENCE cannot rise next time
    }
  }

  // --- the draft complaint ------------------------------------------------------------------------

  draftChanged(field) {
    this.showDraftField(field);
    this.remember();
    // Writing an item means the complaint will contain it: tick it in the checklist (never untick).
    const box = document.getElementById(`f-content-${field.dataset.draft}`);
    if (box && field.value.trim() && !box.checked) {
      box.checked = true;
      box.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }

  showDraft() {
    for (const field of this.draftFields) this.showDraftField(field);
  }

  showDraftField(field) {
    // Missing only if the complaint has it neither here nor, as the checklist says, elsewhere.
    const box = document.getElementById(`f-content-${field.dataset.draft}`);
    const missing = !field.value.trim() && !(box && box.checked);
    field.closest(".draft-item").dataset.missing = String(missing);
    document.getElementById(`${field.id}-missing`).hidden = !missing;
    field.nextElementSibling.textContent = field.value;
  }

  // Who the complaint is about, typed above, starts the "alleged violator" item if it is empty.
  prefillDraft() {
    const about = document.getElementById("f-about").value.trim();
    const violator = this.draftFields[0];
    if (violator && about && (!violator.value.trim() || violator.dataset.prefilled === violator.value)) {
      violator.value = about;
      violator.dataset.prefilled = about;
      this.showDraftField(violator);
    }
  }

  // Above the letter (never printed with it): the answer, and what it means in person. In the letter: the date,
  // and the sentence that says who is filing, for the role chosen above.
  showDeadline(report) {
    const sentence = report ? report.answers.complainant.sentence : "";
    for (const id of ["draft-deadline", "checklist-deadline"]) {
      const node = document.getElementById(id);
      if (node) node.textContent = sentence;
    }
    const inPerson = document.getElementById("draft-in-person");
    inPerson.textContent = (report && report.filing.in_person) || "";
    inPerson.hidden = !inPerson.textContent;
    document.getElementById("letter-date").textContent = report && report.display.as_of ? report.display.as_of : "";
    this.showStatement(report);
  }

  // The sentence that says who is filing: the role's own, in the gender the filer chose where the language's
  // words have one; or the role's name; or, where anyone may file, the clause the complaint is filed under.
  showStatement(report) {
    const node = document.getElementById("letter-statement");
    const feminine = this.gender() === "feminine" ? JSON.parse(node.dataset.feminine || "{}") : {};
    const statements = { ...JSON.parse(node.dataset.statements || "{}"), ...feminine };
    const chosen = document.querySelector("input[name='complainant_role']:checked");
    // Where the form asks no role (anyone may file, as one role), that role's own sentence.
    const asked = document.querySelector("input[name='complainant_role']");
    const only = Object.keys(statements).length === 1 && !asked ? Object.keys(statements)[0] : null;
    const role = chosen ? chosen.value : only;
    const label = chosen && document.querySelector(`label[for='${chosen.id}']`);
    node.textContent = statements[role] || (label ? fill(this.t.draft.statement_role, { role: label.textContent.trim() })
      : report ? node.dataset.anyone : "");
  }

  gender() {
    const chosen = document.querySelector("input[name='letter-gender']:checked");
    return chosen ? chosen.value : "";
  }

  clearDraft() {
    if (!window.confirm(this.t.draft.clear_confirm)) return;
    for (const field of this.draftFields) {
      field.value = "";
      delete field.dataset.prefilled;
      this.showDraftField(field);
    }
    this.remember();
    document.getElementById("draft-status").textContent = this.t.draft.cleared;
  }

  printDraft() {
    document.documentElement.dataset.print = "draft";
    window.print();
  }

  // The same letter as the printout, as plain text: no instructions, and a line to fill where an item is empty.
  saveDraft() {
    const blank = "________________________________";
    const text = (id) => document.getElementById(id).textContent.trim();
    // The addressee, line by line; where the procedure gives no address, a line to fill (on screen, a hidden note).
    const address = document.getElementById("letter-to");
    const gaps = [...address.querySelectorAll(".to-fill")].map((gap) => gap.textContent.trim());
    const to = address.innerText.split("\n").map((line) => line.trim()).filter(Boolean)
      .map((line) => (gaps.includes(line) ? blank : line));
    const lines = [`${document.querySelector(".letter-date").firstChild.textContent.trim()} ${text("letter-date") || blank}`, "",
      ...to, "", text("letter-title"), "", text("letter-statement") || blank, ""];
    for (const field of this.draftFields) {
      const label = document.querySelector(`label[for='${field.id}']`).textContent;
      lines.push(`${label}:`, field.value.trim() || blank, "");
    }
    // The blocks the law's formalities ask for, the signature lines and the notary's part, as printed: each line
    // to fill a rule, none of the page's hints (the law's words stay on the page).
    const filled = (node) => {
      const copy = node.cloneNode(true);
      for (const gap of copy.querySelectorAll(".blank-line")) gap.textContent = blank;
      return copy.textContent.replace(/\s+/g, " ").trim();
    };
    const parts = document.querySelectorAll("#letter .letter-formality, #letter .letter-sign, #letter .letter-form");
    for (const part of parts) {
      const rows = part.matches(".letter-form") ? [part] : [...part.querySelectorAll("h4, p:not(.hint)")];
      for (const row of rows) lines.push(filled(row));
      lines.push("");
    }
    const name = `${this.page.config.jurisdiction}-complaint-draft.txt`;
    download(name, lines.join("\r\n"), "text/plain;charset=utf-8");
    document.getElementById("draft-status").textContent = fill(this.t.draft.saved, { name });
  }

  say(text) {
    this.status.textContent = text;
  }
}

