// On the checker, for the office: "Add to the desk" keeps this complaint's facts, under a label the office
// types, on the office's desk on this device (desk-store.js). A checker opened from the desk (its link names
// the complaint: desk=ID) saves the facts back to that complaint instead, for instance an event just recorded;
// if another tab changed that complaint meanwhile, nothing is saved and the office is told.
import { Conflict, DeskFull, DeskStore, newId } from "./desk-store.js";
import { checkerLink } from "./link.js";
import { fill } from "./render.js";

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

// Two copies of a complaint that differ at most in what a desk saw of its dates (its own bookkeeping): the same
// label, facts, standing, marks and changes made by someone.
const OWN = ["label", "facts", "standing", "done", "note", "added", "changed"];
const sameButDates = (a, b) => JSON.stringify(OWN.map((key) => a[key] ?? null)) === JSON.stringify(OWN.map((key) => b[key] ?? null));

export class DeskButton {
  // page: { config, t, facts(), role() }
  constructor(page) {
    this.page = page;
    this.d = page.t.desk;
    this.store = new DeskStore(page.config.jurisdiction, page.config.desk_limits.complaints);
    this.box = document.getElementById("desk-add");
    this.label = document.getElementById("desk-label");
    this.button = document.getElementById("desk-add-button");
    this.status = document.getElementById("desk-add-status");
    this.record = null; // the desk's complaint this page was opened on, as read
    this.id = null;
    this.restoring = Promise.resolve();
    this.button.addEventListener("click", () => this.save());
    this.label.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        this.save();
      }
    });
  }

  known(key) {
    return key === "desk";
  }

  // The link keeps which desk complaint this is, so that a reload saves to the same one.
  linkParams(params) {
    if (this.id) params.set("desk", this.id);
  }

  // Reading the desk's copy takes a moment: a save pressed meanwhile waits for it (else it would add a second copy).
  restore(params) {
    this.restoring = this.read(params);
    return this.restoring;
  }

  async read(params) {
    const id = params.get("desk");
    this.id = id && ID.test(id) ? id : null;
    this.record = null;
    if (this.id) {
      try {
        this.record = await this.store.get(this.id);
      } catch (error) {
        this.record = null;
      }
      if (this.record) this.label.value = this.record.label;
    }
    this.showMode();
  }

  // The complaint's label and what the desk saw of its dates, for its calendar file's events.
  complaint() {
    return this.record ? { id: this.record.id, label: this.record.label, dates: this.record.dates || {} } : null;
  }

  show(role) {
    this.box.hidden = role !== "clerk";
  }

  showMode() {
    this.button.textContent = this.record ? this.d.save : this.d.add;
  }

  say(text, withLink = false, withNext = false) {
    this.status.replaceChildren(text);
    if (withLink) {
      const link = document.createElement("a");
      link.href = "desk.html";
      link.textContent = this.d.open_desk;
      this.status.append(" ", link);
    }
    if (withNext) {
      const next = document.createElement("button");
      next.type = "button";
      next.className = "secondary small";
      next.id = "desk-next";
      next.textContent = this.d.next;
      next.addEventListener("click", () => this.startNext());
      this.status.append(" ", next);
    }
  }

  // The next complaint starts from a clean form (none of the previous one's dates, filer or contents): an easy
  // way to file wrong facts otherwise. The page reads the cleared link as a new one; the label is focused.
  startNext() {
    window.addEventListener("hashchange", () => setTimeout(() => {
      this.say(this.d.next_started);
      this.label.focus();
    }), { once: true });
    window.location.hash = new URLSearchParams({ lang: this.page.t.lang, role: "clerk" }).toString();
  }

  async save() {
    await this.restoring;
    const label = this.label.value.trim().slice(0, 80);
    const facts = this.page.facts();
    if (!label) {
      this.say(this.d.need_label);
      this.label.focus();
      return;
    }
    if (!facts.received) {
      this.say(this.d.need_received);
      return;
    }
    const now = new Date().toISOString();
    try {
      if (this.record) {
        // The desk, open in another tab, keeps what it saw of the dates (a new revision that changes nothing the
        // office typed): that is no reason to refuse this save. Only a change someone made is.
        const current = await this.store.get(this.record.id);
        if (current && current.revision !== this.record.revision && sameButDates(current, this.record)) {
          this.record = current;
        }
        this.record = await this.store.save({ ...this.record, label, facts, changed: now }, this.record.revision);
        this.say(fill(this.d.saved, { label }), true);
      } else {
        const all = await this.store.all();
        if (all.some((r) => r.label.toLowerCase() === label.toLowerCase())) {
          this.say(fill(this.d.label_taken, { label }));
          this.label.focus();
          return;
        }
        const id = this.id && !all.some((r) => r.id === this.id) ? this.id : newId();
        await this.store.save({ id, label, facts, added: now, changed: now, dates: {} }, 0);
        this.label.value = ""; // ready for the next complaint
        this.say(fill(this.d.added, { label }), true, true);
      }
    } catch (error) {
      if (error instanceof Conflict && error.record) this.offerChoice(error.record, label);
      else if (error instanceof Conflict) this.say(fill(this.d.changed_elsewhere, { label }), true);
      else if (error instanceof DeskFull) this.say(fill(this.d.full, { limit: error.limit }), true);
      else this.say(fill(this.d.not_saved, { detail: error.message || String(error) }));
      return;
    }
    this.showMode();
  }

  // Someone changed this complaint in another tab since this page read it: nothing was saved. The office chooses:
  // open the desk's copy here (its facts replace the form's), or save these facts over it.
  offerChoice(theirs, label) {
    this.say(fill(this.d.changed_choose, { label }));
    const button = (id, text, act) => {
      const node = document.createElement("button");
      Object.assign(node, { type: "button", id, className: "secondary small", textContent: text });
      node.addEventListener("click", act);
      this.status.append(" ", node);
    };
    button("desk-use-theirs", this.d.use_theirs, () => {
      window.location.hash = checkerLink(theirs.facts, { lang: this.page.t.lang, role: "clerk", desk: theirs.id })
        .split("#")[1];
    });
    button("desk-keep-mine", this.d.keep_mine, async () => {
      this.record = theirs; // over their revision: this is the office's own choice
      await this.save();
    });
  }
}
