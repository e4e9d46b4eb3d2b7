// The office's desk as this device keeps it: one IndexedDB database for the site, a record per complaint
// (keyed by procedure and complaint id) and one per procedure for the desk's own settings. Nothing leaves
// the browser. Every change is one transaction, and each complaint carries a revision: a tab that saves
// a complaint another tab changed since it read it is refused (Conflict), never silently overwritten. Every
// change is announced to the site's other tabs (BroadcastChannel), which read the desk again.
//
// Written against IndexedDB directly: the desk needs one store of records, one of settings and a revision
// check, about a hundred lines, where a wrapper library would be a second script to check and keep.

const DATABASE = "complaint-checker-desk";
const SCHEMA = 1;
const CHANNEL = "complaint-checker-desk";

export class Conflict extends Error {
  constructor(record) {
    super("changed in another tab");
    this.record = record;
  }
}

// The desk already holds the most complaints one desk holds (core/desk.py, MAX_COMPLAINTS): what it holds, its export
// must write and its import read back, so nothing more is added. Nothing of the write was kept.
export class DeskFull extends Error {
  constructor(limit) {
    super(`the desk holds ${limit} complaints`);
    this.name = "DeskFull";
    this.limit = limit;
  }
}

const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

function open() {
  if (!("indexedDB" in self)) return Promise.reject(new Error("IndexedDB is not available"));
  const request = indexedDB.open(DATABASE, SCHEMA);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains("complaints")) {
      db.createObjectStore("complaints", { keyPath: ["procedure", "id"] }).createIndex("procedure", "procedure");
    }
    if (!db.objectStoreNames.contains("desks")) db.createObjectStore("desks", { keyPath: "procedure" });
  };
  return done(request);
}

// What a complaint is to the core (core/desk.py, Complaint), without this device's own bookkeeping.
export const forCore = ({ id, label, facts, added, changed, dates, standing, done, note }) => (
  { id, label, facts, added, changed, dates, standing: standing || "open", done: done || {}, ...(note ? { note } : {}) });

export class DeskStore {
  // limit: the most complaints this procedure's desk holds (the page's config, desk_limits.complaints).
  constructor(procedure, limit) {
    this.procedure = procedure;
    this.limit = limit;
    this.db = null;
    this.channel = "BroadcastChannel" in self ? new BroadcastChannel(CHANNEL) : null;
  }

  async ready() {
    this.db = this.db || await open();
    return this;
  }

  // Another tab changed this procedure's desk: `listener({ ids, byUser })` (byUser: not only what a desk saw
  // of the dates).
  onChange(listener) {
    if (!this.channel) return;
    this.channel.addEventListener("message", ({ data }) => {
      if (data && data.procedure === this.procedure) listener(data);
    });
  }

  announce(ids, byUser = true) {
    if (this.channel) this.channel.postMessage({ procedure: this.procedure, ids, byUser });
  }

  // One transaction over both stores; `work(complaints, desks)` returns what the transaction gives back.
  async change(work) {
    await this.ready();
    const tx = this.db.transaction(["complaints", "desks"], "readwrite");
    const finished = new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onabort = () => reject(tx.error);
      tx.onerror = () => reject(tx.error);
    });
    let result;
    try {
      result = await work(tx.objectStore("complaints"), tx.objectStore("desks"));
    } catch (error) {
      tx.abort();
      await finished.catch(() => {});
      throw error;
    }
    await finished;
    return result;
  }

  async all() {
    await this.ready();
    const index = this.db.transaction("complaints").objectStore("complaints").index("procedure");
    const records = await done(index.getAll(this.procedure));
    return records.sort((a, b) => a.added.localeCompare(b.added) || a.id.localeCompare(b.id));
  }

  // Refuse, inside the transaction that adds them, complaints that would take the desk past its limit.
  async roomFor(complaints, added) {
    if (!added) return;
    const count = await done(complaints.index("procedure").count(this.procedure));
    if (count + added > this.limit) throw new DeskFull(this.limit);
  }

  async get(id) {
    await this.ready();
    return (await done(this.db.transaction("complaints").objectStore("complaints").get([this.procedure, id]))) || null;
  }

  async settings() {
    await this.ready();
    const kept = await done(this.db.transaction("desks").objectStore("desks").get(this.procedure));
    return { procedure: this.procedure, reminders: { days: [3, 1], at: "09:00" }, office_days: {}, unexported_since: null,
      ...kept };
  }

  // Changes the user made mark the desk as holding something no export has.
  static touched(desks, settings, now) {
    return done(desks.put({ ...settings, unexported_since: settings.unexported_since || now }));
  }

  // Save a complaint. `revision` is the revision this tab read (0: it is new); a different one in storage
  // means another tab changed it since: Conflict, and nothing is written. `byUser`: a change the user made
  // (not only what the desk saw of its dates), so one no export holds yet.
  async save(record, revision, { byUser = true } = {}) {
    const settings = byUser ? await this.settings() : null;
    const saved = await this.change(async (complaints, desks) => {
      const current = await done(complaints.get([this.procedure, record.id]));
      if ((current ? current.revision : 0) !== revision) throw new Conflict(current);
      await this.roomFor(complaints, current ? 0 : 1);
      const next = { ...record, procedure: this.procedure, revision: revision + 1 };
      await done(complaints.put(next));
      if (byUser) await DeskStore.touched(desks, settings, new Date().toISOString());
      return next;
    });
    this.announce([record.id], byUser);
    return saved;
  }

  // Records put back as they were (an undo), merged from an import, or with what a desk saw of their dates
  // (`byUser: false`), in one transaction: each as `{ record, revision }`, where `revision` is the one this tab read
  // (0: not stored). If any other is stored now, another tab changed it since: Conflict, and nothing is written.
  async putAll(entries, { byUser = true } = {}) {
    const settings = await this.settings();
    const written = await this.change(async (complaints, desks) => {
      const out = [];
      let added = 0;
      for (const { record, revision } of entries) {
        const current = await done(complaints.get([this.procedure, record.id]));
        if ((current ? current.revision : 0) !== revision) throw new Conflict(current);
        if (!current) added += 1;
      }
      await this.roomFor(complaints, added);
      for (const { record, revision } of entries) {
        const next = { ...record, procedure: this.procedure, revision: revision + 1 };
        await done(complaints.put(next));
        out.push(next);
      }
      if (byUser) await DeskStore.touched(desks, settings, new Date().toISOString());
      return out;
    });
    this.announce(entries.map((e) => e.record.id), byUser);
    return written;
  }

  async remove(records) {
    const settings = await this.settings();
    await this.change(async (complaints, desks) => {
      for (const record of records) {
        const current = await done(complaints.get([this.procedure, record.id]));
        if (current && current.revision !== record.revision) throw new Conflict(current);
        await done(complaints.delete([this.procedure, record.id]));
      }
      await DeskStore.touched(desks, settings, new Date().toISOString());
    });
    this.announce(records.map((r) => r.id));
  }

  async saveSettings(changes) {
    const settings = await this.settings();
    await this.change((complaints, desks) => done(desks.put({ ...settings, ...changes })));
  }
}

// A new complaint's id: random, and never reused (core/desk.py checks its form).
export function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return "c" + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}
