// Drawing a report for the person asking. Every piece of text goes in with textContent (through
// el), never as markup, so nothing a person types or a link carries can become HTML. Dates come
// written out by the core (report.*.display): the page never formats a date itself.

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A file made here, handed to the browser's own download: no request leaves the page.
export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// "Today" is the city's today: at 23:30 in Denver it is still that day there, whatever the browser's zone.
export function cityToday(timezone) {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(new Date());
  const part = (type) => parts.find((p) => p.type === type).value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

// A string given as [one, other] is a sentence about `values.count` things: the form for one is for 1 only, in
// both languages (build.py's `counted` chooses the same way).
export function fill(template, values) {
  if (Array.isArray(template)) template = template[values.count === 1 ? 0 : 1];
  return template.replace(/\{(\w+)\}/g, (match, key) => (key in values ? values[key] : match));
}

// Whom an entry concerns and who must act on it: the core says so in every entry (acts, concerns).
const concerns = (item, role) => item.concerns.includes(role);
const acts = (item, role) => item.acts.includes(role);

// One person in two roles ("Designated election official (Village Clerk)") is named by both.
const actorLabel = (report, who) => report.jurisdiction.actors[who].shown || report.jurisdiction.actors[who].label;

// --- terms of art ----------------------------------------------------------------------------

// Each term the procedure explains becomes a link to its explanation, which a screen reader reads
// with the link (aria-describedby); the explanations are listed under "Words used here".
export class Terms {
  constructor(terms) {
    this.terms = [...terms].sort((a, b) => b.term.length - a.term.length);
    this.used = new Map();
    const words = this.terms.map((t) => t.term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    this.pattern = words.length ? new RegExp(`(?<![\\p{L}\\p{N}])(${words.join("|")})(?![\\p{L}\\p{N}])`, "giu") : null;
  }

  id(term) {
    return `term-${term.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-")}`;
  }

  text(string) {
    if (!this.pattern || !string) return [string];
    const parts = [];
    let last = 0;
    for (const match of string.matchAll(this.pattern)) {
      const entry = this.terms.find((t) => t.term.toLowerCase() === match[0].toLowerCase());
      this.used.set(entry.term, entry);
      parts.push(string.slice(last, match.index));
      parts.push(el("a", { class: "term", href: `#${this.id(entry.term)}`, "aria-describedby": `${this.id(entry.term)}-explained` }, match[0]));
      last = match.index + match[0].length;
    }
    parts.push(string.slice(last));
    return parts;
  }

  // A term used where a link may not go (inside a summary, which is itself a control): listed, not linked.
  mention(string) {
    if (!this.pattern || !string) return string;
    for (const match of string.matchAll(this.pattern)) {
      const entry = this.terms.find((t) => t.term.toLowerCase() === match[0].toLowerCase());
      this.used.set(entry.term, entry);
    }
    return string;
  }

  glossary(t) {
    if (!this.used.size) return null;
    return el("section", { class: "glossary", "aria-labelledby": "glossary-heading" },
      el("h3", { id: "glossary-heading" }, t.results.words),
      el("dl", {}, [...this.used.values()].sort((a, b) => a.term.localeCompare(b.term)).flatMap((entry) => [
        el("dt", { id: this.id(entry.term) }, entry.term),
        el("dd", { id: `${this.id(entry.term)}-explained` }, entry.explain)])));
  }
}

// --- pieces ---------------------------------------------------------------------------------------

function day(display, iso, t, passed = false) {
  if (!display) return null;
  return el("span", { class: "day" }, el("time", { datetime: iso }, display),
    passed ? el("span", { class: "passed" }, ` (${t.answer.passed})`) : null);
}

function lawLink(item) {
  return el("p", { class: "cite" }, el("a", { href: `law.html#${item.clause}` }, item.cite));
}

// The official text, and above it, on a page in another language, the translation's plain summary of its clause.
function quote(item, t) {
  if (!item.text) return null;
  const official = el("blockquote", { cite: item.source, lang: "en" }, el("p", {}, item.text));
  return item.summary ? [el("p", { class: "clause-summary" }, el("strong", {}, t.results.summary), " ", item.summary), official]
    : official;
}

function listDetails(summary, items, terms, open = false) {
  if (!items || !items.length) return null;
  return el("details", { open }, el("summary", {}, summary), el("ul", {}, items.map((text) => el("li", {}, terms.text(text)))));
}

// The date line of a deadline: the safe date leads for the person who must act; the reading's date follows.
// A date after a label and a colon is written as a heading writes it (display); one inside a sentence, as a
// sentence does (in_text: "Vence el viernes 4 de diciembre de 2026").
function dueLine(item, report, role, t) {
  const shown = item.display || {};
  const inText = item.in_text || {};
  if (item.due_at) {
    return el("p", { class: "due" }, `${t.results.due_at} `, day(shown.due_at, item.due_at, t, item.passed));
  }
  if (!item.due) {
    return el("p", { class: "due waiting" }, [item.waiting_message, item.waiting_prompt].filter(Boolean).join(" "));
  }
  if (acts(item, role) && (item.safe_date !== item.due || item.safe_until)) {
    return [el("p", { class: "due" }, `${t.answer.safe_leads}: `, day(shown.safe_date, item.safe_date, t, item.passed),
      item.safe_until_display ? `, ${item.safe_until_display}` : null),
      el("p", { class: "due-later" }, `${t.results.last_day}: `, day(shown.due, item.due, t))];
  }
  return el("p", { class: "due" }, `${t.results.due} `, day(inText.due, item.due, t, item.passed));
}

function uncertainDays(item, t) {
  const moved = (item.uncertain_days || []).filter((u) => u.due_if_open && u.due_if_open !== item.due);
  if (!moved.length) return null;
  return el("div", { class: "uncertain" }, el("p", { class: "uncertain-heading" }, t.results.if_open_heading),
    el("ul", {}, moved.map((u) => el("li", {}, `${u.name}, `, el("time", { datetime: u.date }, u.in_text.date), `: ${t.results.last_day_would_be} `,
      el("time", { datetime: u.due_if_open }, u.in_text.due_if_open)))));
}

function warnings(item, terms) {
  if (!item.warnings || !item.warnings.length) return null;
  return el("ul", { class: "warnings" }, item.warnings.map((w) => el("li", { class: "warning" }, terms.text(w))));
}

function deadlineItem(item, report, role, t, terms) {
  const done = item.stake.sure === "done";
  return el("li", { class: `item deadline${item.passed || done ? " is-passed" : ""}`, id: `rule-${item.id}`, "data-rule": item.id,
    "data-due": item.due || "", "data-sure": item.stake.sure },
    el("h5", {}, terms.text(item.title), item.applies === "unknown" ? el("span", { class: "badge" }, ` ${t.results.applies_unknown}`) : null),
    done ? el("p", { class: "done" }, item.stake.text) : null,
    dueLine(item, report, role, t),
    warnings(item, terms),
    item.condition ? el("p", { class: "condition" }, terms.text(item.condition)) : null,
    el("dl", { class: "meta" },
      el("dt", {}, t.results.who_acts), el("dd", {}, actorLabel(report, item.actor)),
      item.notifies.length ? [el("dt", {}, t.results.notifies), el("dd", {}, item.notifies.map((who) => actorLabel(report, who)).join(", "))] : null),
    uncertainDays(item, t),
    lawLink(item),
    quote(item, t),
    el("details", {}, el("summary", {}, t.results.how_counted), el("ol", {}, item.steps.map((s) => el("li", {}, s)))),
    listDetails(t.results.assumptions, item.assumptions, terms, item.kind === "filing"));
}

function windowItem(item, report, t, terms) {
  const states = {
    closed: () => el("p", { class: "due closed" }, t.results.window_closed_on, " ", day(item.in_text.closed, item.closed, t)),
    open: () => el("p", { class: "due open" }, t.results.window_open, ". ", t.results.window_opened_on, " ", day(item.in_text.opened, item.opened, t)),
    upcoming: () => el("p", { class: "due upcoming" }, t.results.window_opens_on, " ", day(item.in_text.opened, item.opened, t)),
    waiting: () => el("p", { class: "due waiting" }, fill(t.results.window_waiting, { what: item.waiting_label })),
  };
  const until = item.closes_when ? fill(t.results.window_until_act, { act: item.closes_when, what: item.closes_label })
    : fill(t.results.window_until, { what: item.closes_label });
  return el("li", { class: "item window", id: `rule-${item.id}`, "data-rule": item.id, "data-status": item.status },
    el("h5", {}, terms.text(item.title)),
    states[item.status](),
    el("p", { class: item.closes_when ? "warning" : null }, until),
    el("dl", { class: "meta" }, el("dt", {}, t.results.who_acts), el("dd", {}, actorLabel(report, item.actor))),
    lawLink(item),
    quote(item, t),
    listDetails(t.results.assumptions, item.assumptions, terms));
}

function provisionItem(item, t, terms) {
  return el("li", { class: "provision", "data-rule": item.id },
    el("details", {},
      el("summary", {}, terms.mention(item.title), item.applies === "yes" ? el("span", { class: "badge" }, " ✓") : null),
      item.condition ? el("p", { class: "condition" }, terms.text(item.condition)) : null,
      lawLink(item), quote(item, t),
      item.note ? el("p", { class: "note" }, terms.text(item.note)) : null));
}

// Dates still to come first, in date order; then those that have passed.
function byDate(a, b) {
  const key = (item) => `${item.passed ? 1 : 0}${item.due_at || item.safe_date || item.due || item.opened || "9999"}`;
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}

const item = (i, report, role, t, terms) => (i.kind === "window" ? windowItem(i, report, t, terms) : deadlineItem(i, report, role, t, terms));

// --- the person's own section -----------------------------------------------------------------------

function card(heading, className, ...content) {
  return el("section", { class: `card ${className}` }, el("h4", {}, heading), ...content);
}

// The "Are you on time?" card: its headline and colour say what the answer says. A day planned (after today) is
// placed as the core places it (filing.plan): on time, only under a reading, too early, or too late (then no last
// day has passed, so the card never says one has). A day received is on time (green), on time only under a reading
// (amber), or late (red).
const PLANNED = {
  "on-time": ["timely", "plan_on_time"], "on-time-if-open": ["relies", "plan_relies"], relies: ["relies", "plan_relies"],
  "relies-on-last": ["relies", "plan_relies"], late: ["late", "plan_late"], "too-early": ["late", "plan_too_early"],
  closed: ["late", "not-permitted"],
};

function filingState(filing) {
  if (filing.no_limit) return { colour: filing.certainty || filing.status, line: () => filing.no_limit_sentence };
  if (filing.planned && PLANNED[filing.plan]) {
    const [colour, key] = PLANNED[filing.plan];
    return { colour, line: (r) => r[key] };
  }
  if (filing.status === "unknown") {
    return { colour: "unknown", line: (r) => (filing.deadline ? r.filing_unknown : r.filing_waiting) };
  }
  const colour = filing.status === "timely" ? (filing.certainty === "relies" ? "relies" : "timely") : "late";
  return { colour, line: (r) => r[filing.status] };
}

function complainantSection(report, t, terms) {
  const r = t.results;
  const { eligibility, filing, contents } = report;
  const form = report.jurisdiction.complaint_form;
  const eligibilityText = eligibility.status === "unknown" ? r.eligibility_unknown : r[eligibility.status];
  const items = Object.fromEntries(contents.items.map((i) => [i.id, i]));
  // An item set out in another law is named with its citation: the page never claims to have checked it.
  const itemLine = (id) => el("li", { "data-item": id }, items[id].label,
    items[id].reference ? el("span", { class: "reference" }, " ", r.reference_not_checked.replace("{cite}", items[id].reference.cite)) : null,
    items[id].formality ? el("span", { class: "formality" }, ` ${items[id].formality.explain}`) : null,
    items[id].condition ? el("span", { class: "condition" }, ` ${items[id].condition}`) : null);
  const missingIf = contents.missing_if || [];
  const shown = filing.display || {};
  const filingDates = filing.deadline ? el("dl", { class: "meta" },
    el("dt", {}, r.safe_date), el("dd", {}, day(shown.safe_date, filing.safe_date, t, filing.passed),
      filing.safe_until_display ? `, ${filing.safe_until_display}` : null),
    filing.deadline !== filing.safe_date ? [el("dt", {}, r.last_day), el("dd", {}, day(shown.deadline, filing.deadline, t))] : null,
    filing.nominal !== filing.deadline ? [el("dt", {}, r.last_day_text), el("dd", {}, day(shown.nominal, filing.nominal, t))] : null) : null;
  return el("div", { class: "summary" },
    card(r.eligibility, `eligibility status-${eligibility.status}`, el("p", { class: "status-line" }, eligibilityText),
      eligibility.reasons.map((reason) => el("p", {}, terms.text(reason))),
      eligibility.note ? el("p", { class: "eligibility-note" }, terms.text(eligibility.note)) : null, // the file's reading
      el("p", { class: "cite" }, el("a", { href: `law.html#${eligibility.clause}` }, eligibility.cite))),
    card(r.filing, `filing status-${filingState(filing).colour}`,
      el("p", { class: "status-line", "data-status": filing.status }, filingState(filing).line(r)),
      filing.warning ? el("p", { class: "warning" }, filing.warning) : null,
      filing.no_limit ? listDetails(t.results.assumptions, filing.assumptions, terms, true) : null,
      filingDates, uncertainDays({ ...filing, due: filing.deadline }, t),
      filing.cite ? el("p", { class: "cite" }, el("a", { href: `law.html#${filing.clause}` }, filing.cite)) : null),
    // Complete only if an item that may apply does not: not green until the person says whether it does.
    card(r.contents, `contents status-${contents.status === "complete" && missingIf.length ? "unknown" : contents.status}`,
      contents.status === "incomplete"
        ? [el("p", { class: "status-line" }, r.incomplete), el("ul", { class: "missing" }, contents.missing.map(itemLine))]
        : el("p", { class: "status-line" }, contents.status === "unknown" ? r.contents_unknown
          : contents.status === "complete" && missingIf.length ? r.complete_unless : r[contents.status]),
      missingIf.length && contents.status !== "unknown"
        ? [el("p", {}, r.missing_if), el("ul", { class: "missing-if" }, missingIf.map(itemLine))] : null,
      form ? el("p", { class: "form-link" }, el("a", { href: form.url, rel: "noreferrer" }, form.title)) : null,
      contentsCites(contents).length ? el("p", { class: "cite" }, contentsCites(contents).map((c, n) => [n ? "; " : null,
        el("a", { href: `law.html#${c.clause}` }, c.cite)])) : null));
}

// The clauses the required contents are quoted from: the one that lists them, then each other an item quotes.
function contentsCites(contents) {
  const all = [contents.cite ? { clause: contents.clause, cite: contents.cite } : null,
    ...contents.items.map((i) => ({ clause: i.clause, cite: i.cite }))].filter(Boolean);
  return all.filter((c, n) => all.findIndex((o) => o.clause === c.clause) === n);
}

// What this person must or may do themselves (for the complainant, the filing cards instead).
function ownItems(report, role) {
  if (role === "complainant") return [];
  return [...report.deadlines, ...report.windows].filter((i) => acts(i, role) && i.kind !== "filing").sort(byDate);
}

// An entry already shown in full in the person's own section: in the timeline, its title and date
// link back to it, so that each entry (and its id) appears once.
function briefItem(i, t) {
  const shown = i.display || {};
  const date = i.due_at ? day(shown.due_at, i.due_at, t, i.passed)
    : i.safe_date ? day(shown.safe_date, i.safe_date, t, i.passed) : null;
  return el("li", { class: "item brief", "data-rule": i.id }, el("a", { href: `#rule-${i.id}` }, i.title), date ? [": ", date] : null);
}

function ownSection(report, role, t, terms) {
  const heading = el("h3", { id: "yours-heading" }, t.results[`yours_${role}`]);
  if (role === "complainant") return el("section", { class: "yours", "aria-labelledby": "yours-heading" }, heading, complainantSection(report, t, terms));
  const mine = ownItems(report, role);
  return el("section", { class: "yours", "aria-labelledby": "yours-heading" }, heading,
    mine.length ? el("ul", { class: "items" }, mine.map((i) => item(i, report, role, t, terms))) : el("p", { class: "muted" }, t.results.nothing_yours));
}

function conflicts(report, t, terms) {
  if (!report.conflicts.length) return null;
  return el("section", { class: "conflicts", "aria-labelledby": "conflicts-heading" },
    el("h3", { id: "conflicts-heading" }, t.results.conflicts),
    el("ul", {}, report.conflicts.map((c) => el("li", { class: "warning", "data-rule": c.rule }, terms.text(c.message)))));
}

function timeline(report, role, everything, t, terms) {
  const staged = new Set(report.stages.flatMap((stage) => stage.rules));
  const timed = [...report.deadlines, ...report.windows];
  const show = (i) => everything || concerns(i, role);
  const above = new Set(ownItems(report, role).map((i) => i.id));
  // Rules in no stage: headed only beside stages the code declares, and "Filing" only when they are the filing alone.
  const loose = timed.filter((i) => !staged.has(i.id));
  const looseTitle = !report.stages.length ? null
    : loose.every((i) => i.kind === "filing") ? t.results.before_stages : t.results.outside_stages;
  const groups = [{ title: looseTitle, items: loose, provisions: [], note: null }];
  for (const stage of report.stages) {
    groups.push({ title: `${stage.order}. ${stage.title}`, stage, items: timed.filter((i) => stage.rules.includes(i.id)),
      provisions: report.provisions.filter((p) => stage.rules.includes(p.id)), note: stage.deadline_note });
  }
  return el("ol", { class: "timeline" }, groups.filter((g) => g.items.length || g.stage).map((group) => {
    const items = group.items.filter(show).sort(byDate);
    const provisions = group.provisions.filter(show);
    return el("li", { class: "stage", "data-stage": group.stage ? group.stage.id : "filing" },
      group.title ? el("h4", {}, group.title) : null,
      group.stage ? el("p", { class: "cite" }, el("a", { href: `law.html#${group.stage.clause}` }, group.stage.cite)) : null,
      group.note ? el("p", { class: "muted" }, group.note) : null,
      items.length ? el("ul", { class: "items" }, items.map((i) => (above.has(i.id) ? briefItem(i, t) : item(i, report, role, t, terms)))) : null,
      provisions.length ? el("ul", { class: "provisions" }, provisions.map((p) => provisionItem(p, t, terms))) : null,
      !items.length && !provisions.length ? el("p", { class: "muted" }, t.results.nothing_for_view) : null);
  }));
}

// Provisions in no stage (the complaint form, who pays a penalty…): nothing the core says is lost.
function alsoInTheCode(report, role, everything, t, terms) {
  const staged = new Set(report.stages.flatMap((stage) => stage.rules));
  const loose = report.provisions.filter((p) => !staged.has(p.id) && (everything || concerns(p, role)));
  const form = report.jurisdiction.complaint_form; // the city's own form leads, for everyone
  if (!loose.length && !form) return null;
  return el("section", { class: "also", "aria-labelledby": "also-heading" }, el("h3", { id: "also-heading" }, t.results.also),
    form ? el("p", { class: "form-link" }, el("a", { href: form.url, rel: "noreferrer" }, form.title)) : null,
    loose.length ? el("ul", { class: "provisions" }, loose.map((p) => provisionItem(p, t, terms))) : null);
}

export function renderReport(report, role, everything, t) {
  const r = t.results;
  const terms = new Terms(report.jurisdiction.terms);
  const body = [
    ownSection(report, role, t, terms),
    conflicts(report, t, terms),
    el("h3", { id: "timeline-heading" }, r.timeline),
    timeline(report, role, everything, t, terms),
    alsoInTheCode(report, role, everything, t, terms),
    report.not_applicable.length ? el("section", { class: "not-applicable" },
      el("h3", {}, r.not_applicable),
      el("ul", {}, report.not_applicable.map((n) => el("li", { "data-rule": n.id }, el("strong", {}, n.title), ` ${n.reason}`)))) : null,
    el("details", { class: "assumptions" }, el("summary", {}, r.calendar_assumptions),
      el("ul", {}, report.assumptions.map((a) => el("li", {}, terms.text(a))))),
  ];
  return [...body, terms.glossary(t)].filter(Boolean);
}

// How to reach the office, as it publishes it (its telephone and e-mail, where the procedure gives them).
export function reachOffice(office, t) {
  if (!office) return "";
  return [office.phone ? fill(t.answer.office_phone, { phone: office.phone }) : "",
    office.email ? fill(t.answer.office_email, { email: office.email }) : ""].filter(Boolean).join(" ");
}

// Whom to contact, on paper: the office's details as the procedure's cited pages give them, what none of them
// gives, and the page they come from, with the day it was read (core/contact.py; on screen, with every page and
// what the code leaves open, templates/_contact.html). Kept to a few lines: the printout is at most two pages.
export function officeContact(report, t) {
  const office = report.jurisdiction.filing_office;
  if (!office) return el("p", { class: "printout-office" }, fill(t.answer.office_none, { contact: report.jurisdiction.contact }));
  const where = [office.name, ...office.address, ...(office.mail.length ? [`${t.draft.by_mail} ${office.mail.join(", ")}`] : [])];
  const [page] = office.sources;
  return el("p", { class: "printout-office" }, `${where.join(", ")}.`,
    [office.hours ? fill(t.answer.office_hours, { hours: office.hours }) : "", reachOffice(office, t),
      office.not_found || "", office.missing_sentence || "",
      page ? `${t.answer.office_source} ${page.url}${page.read_on_display ? ` (${page.read_on_display})` : ""}.` : ""]
      .filter(Boolean).map((text) => ` ${text}`));
}

// A sentence that names whom to contact, with that name as a link to them where the procedure gives one.
export function withContactLink(text, report) {
  const { contact, contact_url: url } = report.jurisdiction;
  const at = url ? text.indexOf(contact) : -1;
  return at < 0 ? [text] : [text.slice(0, at), el("a", { href: url, rel: "noreferrer" }, contact), text.slice(at + contact.length)];
}

// The answer panel: one sentence for this person, its certainty, and what it rests on.
export function statusLabel(answer, t) {
  return answer.plan_late ? t.answer.status_plan_late : t.answer[`status_${answer.status}`];
}

export function renderAnswer(answer, report, t) {
  return { sentence: answer.sentence, status: answer.status, label: statusLabel(answer, t),
    detail: answer.detail ? withContactLink(answer.detail, report) : null };
}

// The printout: what a person keeps on paper. Shown only when printing; everything unfolded.
// The dates are the ones this person's calendar file holds (core/ics.py, dated_entries).
export function renderPrintout(report, role, facts, t) {
  const p = t.printout;
  const mine = report.deadlines.filter((d) => concerns(d, role));
  // This person's own next steps first, then the others' dates still to come, then those that have passed.
  const order = (d) => (d.passed ? 2 : acts(d, role) ? 0 : 1);
  // What is done, or behind the complaint, is listed apart: it is no longer a date to act by (core/guidance.py).
  const done = mine.filter((d) => d.stake.sure === "done");
  const dated = mine.filter((d) => (d.due || d.due_at) && d.stake.sure !== "done").sort((a, b) => order(a) - order(b) || byDate(a, b));
  const waiting = mine.filter((d) => !d.due && !d.due_at && d.waiting_label && d.stake.sure !== "done");
  const options = report.windows.filter((w) => acts(w, role) && w.status !== "closed");
  const answer = report.answers[role];
  const contact = report.jurisdiction.contact_url;
  const office = report.jurisdiction.filing_office;
  return [
    el("h1", {}, p.heading),
    el("p", { class: "printout-procedure" }, `${report.jurisdiction.name}: ${report.jurisdiction.title}. `,
      report.display.as_of_sentence),
    el("h2", {}, p.facts),
    facts.length ? el("dl", { class: "printout-facts" }, facts.map((f) => [el("dt", {}, f.label), el("dd", {}, f.value)])) : el("p", {}, "—"),
    el("h2", {}, t.answer.heading),
    el("p", { class: "printout-answer" }, `${statusLabel(answer, t)}. ${answer.sentence}`),
    answer.detail ? el("p", {}, answer.detail) : null,
    dated.length ? el("h2", {}, p.dates) : null,
    dated.map((d) => {
      const shown = d.display || {};
      const when = d.due_at ? `${t.results.due_at} ${shown.due_at}`
        : d.safe_date !== d.due || d.safe_until ? `${t.answer.safe_leads}: ${shown.safe_date}${d.safe_until_display ? `, ${d.safe_until_display}` : ""}. ${t.results.last_day}: ${shown.due}.`
          : `${t.results.due} ${d.in_text.due}`;
      return el("section", { class: "printout-date", "data-rule": d.id },
        el("h3", {}, d.title),
        el("p", { class: "printout-when" }, when, d.passed ? ` (${t.answer.passed})` : ""),
        el("p", {}, `${t.results.who_acts}: ${actorLabel(report, d.actor)}. ${d.cite}.`),
        el("ol", { class: "printout-steps" }, d.steps.map((s) => el("li", {}, s))));
    }),
    options.length ? [el("h2", {}, p.options), el("ul", { class: "printout-options" }, options.map((w) => el("li", { "data-rule": w.id },
      `${w.title}: `, w.status === "open" ? `${t.results.window_open}. ` : w.status === "upcoming" ? `${t.results.window_opens_on} ${w.in_text.opened}. ` : `${fill(t.results.window_waiting, { what: w.waiting_label })}. `,
      w.closes_when ? fill(t.results.window_until_act, { act: w.closes_when, what: w.closes_label }) : fill(t.results.window_until, { what: w.closes_label }))))] : null,
    waiting.length ? [el("h2", {}, p.waiting), el("ul", { class: "printout-waiting" }, waiting.map((d) => el("li", {}, `${d.title}: ${fill(p.waiting_for, { what: d.waiting_label })}`)))] : null,
    done.length ? el("p", { class: "printout-done" }, el("strong", {}, `${p.done}: `),
      done.map((d, i) => [i ? "; " : "", el("span", { "data-rule": d.id }, d.title)]), ".") : null,
    el("h2", {}, p.contact),
    officeContact(report, t),
    role === "complainant" && report.filing.in_person ? el("p", { class: "printout-in-person" }, report.filing.in_person) : null,
    // whom to ask, where to read more: beside the office (unless it is the page the office is cited from), before
    // the disclaimer
    contact && !(office && office.sources.some((page) => page.url === contact)) ? el("p", {}, contact) : null,
    el("p", {}, report.disclaimer),
  ].flat(Infinity).filter(Boolean);
}
