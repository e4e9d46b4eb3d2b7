// The link's format, written in one place: the facts a checker page reads from its address's fragment (app.js,
// restoreFromLink reads them back). A fact is name=value; a list (the contents) is comma-separated; an event is
// event.ID=YYYY-MM-DD or YYYY-MM-DDTHH:MM. Links people have saved must keep opening: change it only by adding.

export function setFacts(params, facts) {
  for (const [name, value] of Object.entries(facts)) {
    if (name === "events") {
      for (const [event, day] of Object.entries(value)) params.set(`event.${event}`, day);
    } else {
      params.set(name, Array.isArray(value) ? value.join(",") : String(value));
    }
  }
  return params;
}

// A checker page's link for these facts, as this person (and, for the office, the desk's complaint it saves to).
export function checkerLink(facts, { lang, role, desk = null }) {
  const params = setFacts(new URLSearchParams({ lang, role }), facts);
  if (desk) params.set("desk", desk);
  return `index.html#${params}`;
}
