// Drawing a report. Every piece of text goes in with textContent (through el),
// never as markup, so nothing a person types or a link carries can become HTML.

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (match, key) => (key in values ? values[key] : match));
}

const LOCALES = { en: "en-US", es: "es-US" };

export function formatDay(iso, lang) {
  const [year, month, day] = iso.slice(0, 10).split("-").map(Number);
  return new Intl.DateTimeFormat(LOCALES[lang] || lang, {
    weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC",
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

// "2026-10-31T11:00-05:00": the wall-clock time in the jurisdiction, with its offset.
export function formatMoment(iso, lang, zone) {
  return `${formatDay(iso, lang)}, ${iso.slice(11, 16)} ${zone} (UTC${iso.slice(16)})`;
}

export const timeOf = (iso, lang) => el("time", { datetime: iso }, formatDay(iso, lang));

function dueLine(item, t, lang, zone) {
  if (item.due_at) {
    return el("p", { class: "due" }, `${t.results.due_at} `,
      el("time", { datetime: item.due_at }, formatMoment(item.due_at, lang, zone)));
  }
  if (item.due) return el("p", { class: "due" }, `${t.results.due} `, timeOf(item.due, lang));
  return el("p", { class: "due waiting" }, fill(t.results.waiting_on, { what: item.waiting_label }));
}

const actorLabel = (report, who) => report.jurisdiction.actors[who].label;

function actorNames(item, report) {
  return item.notifies.map((who) => actorLabel(report, who)).join(", ");
}

function lawLink(item) {
  return el("p", { class: "cite" }, el("a", { href: `law.html#${item.clause}` }, item.cite));
}

function quote(item) {
  return item.text ? el("blockquote", { cite: item.source }, el("p", {}, item.text)) : null;
}

function listDetails(summary, items, open = false) {
  if (!items || !items.length) return null;
  return el("details", { open }, el("summary", {}, summary), el("ul", {}, items.map((text) => el("li", {}, text))));
}

function deadlineItem(item, t, lang, zone, report) {
  const dates = [];
  if (item.nominal && item.due && item.nominal !== item.due) {
    dates.push(el("dt", {}, t.results.last_day), el("dd", {}, timeOf(item.nominal, lang)));
    dates.push(el("dt", {}, t.results.extended), el("dd", {}, timeOf(item.due, lang)));
  }
  if (item.safe_date && item.safe_date !== item.due) {
    dates.push(el("dt", {}, t.results.safe), el("dd", {}, timeOf(item.safe_date, lang)));
  }
  return el("li", { class: "item deadline", id: `rule-${item.id}`, "data-rule": item.id, "data-due": item.due || "" },
    el("h5", {}, item.title, item.applies === "unknown" ? el("span", { class: "badge" }, ` ${t.results.applies_unknown}`) : null),
    dueLine(item, t, lang, zone),
    item.condition ? el("p", { class: "condition" }, item.condition) : null,
    el("dl", { class: "meta" },
      el("dt", {}, t.results.who_acts), el("dd", {}, actorLabel(report, item.actor)),
      item.notifies.length ? [el("dt", {}, t.results.notifies), el("dd", {}, actorNames(item, report))] : null,
      dates),
    item.warnings.length ? el("ul", { class: "warnings" }, item.warnings.map((w) => el("li", { class: "warning" }, w))) : null,
    lawLink(item),
    quote(item),
    el("details", {}, el("summary", {}, t.results.how_counted), el("ol", {}, item.steps.map((s) => el("li", {}, s)))),
    listDetails(t.results.assumptions, item.assumptions, item.assumptions.length > 0 && item.kind === "filing"),
  );
}

function windowItem(item, t, lang, report) {
  const state = item.status === "closed"
    ? el("p", { class: "due closed" }, fill(t.results.window_closed, { date: formatDay(item.closed, lang) }))
    : item.status === "open"
      ? el("p", { class: "due open" }, t.results.window_open, ". ", fill(t.results.window_opened, { date: formatDay(item.opened, lang) }))
      : el("p", { class: "due waiting" }, fill(t.results.window_waiting, { what: item.waiting_label }));
  return el("li", { class: "item window", id: `rule-${item.id}`, "data-rule": item.id, "data-status": item.status },
    el("h5", {}, item.title),
    state,
    el("p", {}, fill(t.results.window_until, { what: item.closes_label })),
    el("dl", { class: "meta" }, el("dt", {}, t.results.who_acts), el("dd", {}, actorLabel(report, item.actor))),
    lawLink(item),
    quote(item),
    listDetails(t.results.assumptions, item.assumptions),
  );
}

function provisionItem(item, t) {
  return el("li", { class: "provision", "data-rule": item.id },
    el("details", {},
      el("summary", {}, item.title, item.applies === "yes" ? el("span", { class: "badge" }, " ✓") : null),
      item.condition ? el("p", { class: "condition" }, item.condition) : null,
      lawLink(item), quote(item),
      item.note ? el("p", { class: "note" }, item.note) : null));
}

const visible = (item, view) => view === "all" || item.views.includes(view);

function byDue(a, b) {
  const key = (item) => item.due_at || item.due || "9999";
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}

function timeline(report, view, t, lang) {
  const zone = report.jurisdiction.timezone;
  const staged = new Set(report.stages.flatMap((stage) => stage.rules));
  const timed = [...report.deadlines, ...report.windows];
  const groups = [{ title: t.results.before_stages, items: timed.filter((i) => !staged.has(i.id)), provisions: [], note: null }];
  for (const stage of report.stages) {
    groups.push({
      title: `${stage.order}. ${stage.title}`, stage,
      items: timed.filter((i) => stage.rules.includes(i.id)),
      provisions: report.provisions.filter((p) => stage.rules.includes(p.id)),
      note: stage.deadline_note,
    });
  }
  return el("ol", { class: "timeline" }, groups.filter((g) => g.items.length || g.stage).map((group) => {
    const items = group.items.filter((i) => visible(i, view)).sort(byDue);
    const provisions = group.provisions.filter((p) => visible(p, view));
    return el("li", { class: "stage", "data-stage": group.stage ? group.stage.id : "filing" },
      el("h4", {}, group.title),
      group.stage ? el("p", { class: "cite" }, el("a", { href: `law.html#${group.stage.clause}` }, group.stage.cite)) : null,
      group.note ? el("p", { class: "muted" }, group.note) : null,
      items.length ? el("ul", { class: "items" }, items.map((i) => (i.kind === "window" ? windowItem(i, t, lang, report) : deadlineItem(i, t, lang, zone, report)))) : null,
      provisions.length ? el("ul", { class: "provisions" }, provisions.map((p) => provisionItem(p, t))) : null,
      !items.length && !provisions.length ? el("p", { class: "muted" }, t.results.nothing_for_view) : null);
  }));
}

function card(heading, className, ...content) {
  return el("section", { class: `card ${className}` }, el("h3", {}, heading), ...content);
}

function summary(report, t, lang) {
  const r = t.results;
  const { eligibility, filing, contents } = report;
  const eligibilityText = eligibility.status === "unknown" ? r.eligibility_unknown : r[eligibility.status];
  const filingText = filing.status === "unknown" ? (filing.deadline ? r.filing_unknown : r.filing_waiting) : r[filing.status];
  const filingDates = filing.deadline ? el("dl", { class: "meta" },
    el("dt", {}, r.last_day), el("dd", {}, timeOf(filing.nominal, lang)),
    filing.deadline !== filing.nominal ? [el("dt", {}, r.extended), el("dd", {}, timeOf(filing.deadline, lang))] : null,
    el("dt", {}, r.safe), el("dd", {}, timeOf(filing.safe_date, lang))) : null;
  const labels = Object.fromEntries(contents.items.map((item) => [item.id, item.label]));
  const contentsBody = contents.status === "incomplete"
    ? [el("p", { class: "status-line" }, r.incomplete), el("ul", { class: "missing" }, contents.missing.map((id) => el("li", { "data-item": id }, labels[id])))]
    : [el("p", { class: "status-line" }, contents.status === "unknown" ? r.contents_unknown : r[contents.status])];
  return el("div", { class: "summary" },
    card(r.eligibility, `eligibility status-${eligibility.status}`, el("p", { class: "status-line" }, eligibilityText),
      eligibility.reasons.map((reason) => el("p", {}, reason)),
      el("p", { class: "cite" }, el("a", { href: `law.html#${eligibility.clause}` }, eligibility.cite))),
    card(r.filing, `filing status-${filing.status}`, el("p", { class: "status-line", "data-status": filing.status }, filingText),
      filing.relies_on_extension ? el("p", { class: "warning" }, r.relies, " ", filing.warning) : null,
      filingDates,
      filing.cite ? el("p", { class: "cite" }, el("a", { href: `law.html#${filing.clause}` }, filing.cite)) : null),
    card(r.contents, `contents status-${contents.status}`, contentsBody,
      contents.cite ? el("p", { class: "cite" }, el("a", { href: `law.html#${contents.clause}` }, contents.cite)) : null));
}

export function renderReport(report, view, t) {
  const lang = t.lang;
  const r = t.results;
  return [
    summary(report, t, lang),
    el("h3", { id: "timeline-heading" }, r.timeline),
    timeline(report, view, t, lang),
    report.not_applicable.length ? el("section", { class: "not-applicable" },
      el("h3", {}, r.not_applicable),
      el("ul", {}, report.not_applicable.map((n) => el("li", { "data-rule": n.id }, el("strong", {}, n.title), `: ${n.reason}`)))) : null,
    el("details", { class: "assumptions" }, el("summary", {}, r.calendar_assumptions),
      el("ul", {}, report.assumptions.map((a) => el("li", {}, a)))),
  ];
}

// A one-line summary for screen readers, announced when it changes.
export function announcement(report, t) {
  const r = t.results;
  const parts = [];
  if (report.filing.status !== "unknown") parts.push(r[report.filing.status]);
  const { deadline, nominal } = report.filing;
  if (deadline) parts.push(`${deadline === nominal ? r.last_day : r.extended}: ${formatDay(deadline, t.lang)}.`);
  if (report.contents.status === "incomplete") parts.push(`${r.incomplete} ${report.contents.missing.length}.`);
  return parts.join(" ");
}
