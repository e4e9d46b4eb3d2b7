// The first page: find a procedure by place and by level, the list narrowing as a person types. Without this
// script the form stays hidden and every procedure is listed, each with the other names of its place. A procedure
// that does not say its level is kept under every level; the count below the form is a polite live region, so a
// screen reader hears how many remain, or, when nothing matches, what is shown instead.
const form = document.getElementById("find");
const place = document.getElementById("find-place");
const level = document.getElementById("find-level");
const count = document.getElementById("find-count");
const none = document.getElementById("find-none");
const states = document.getElementById("find-states");
const forms = JSON.parse(count.dataset.forms);
const items = [...document.querySelectorAll("#procedures > li")];

// Letters without their accents, in lower case, and without the marks people type one way or another: the ʻokina
// and apostrophes ("Hawaiʻi", "Hawai'i" and "Hawaii" are one word), full stops ("Ft." is "Ft", "D.C." is "DC");
// any other mark (a comma, a hyphen) separates words. "Peña" is found by "pena", "Illinois" by "illinois".
const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").replace(/['‘’ʻʼ`´.]/gu, "")
  .toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const words = new Map(items.map((item) => [item, fold(item.dataset.search)]));
// Each state the site has procedures for, with the names it goes by ("Colorado", "CO"), folded into words.
const stateNames = new Map();
for (const item of items) {
  for (const name of JSON.parse(item.dataset.stateNames || "[]")) {
    if (!stateNames.has(item.dataset.state)) stateNames.set(item.dataset.state, []);
    stateNames.get(item.dataset.state).push(fold(name));
  }
}

// Each word typed begins a word of the procedure's names: "collins" finds "Fort Collins", "co" does not find "Chicago".
const found = (item, typed) => typed.every((word) => words.get(item).some((own) => own.startsWith(word)));
const atLevel = (item) => !level.value || !item.dataset.level || item.dataset.level === level.value;
// The states a search names, by any of their names, as whole words in a row: "Denver, CO" names Colorado.
const statesNamed = (typed) => [...stateNames].filter(([, names]) => names.some((name) =>
  typed.some((_, at) => name.length > 0 && name.every((word, i) => typed[at + i] === word)))).map(([state]) => state);

function show(visible, sentence, { why = "", listStates = false } = {}) {
  for (const item of items) item.hidden = !visible.includes(item);
  if (count.textContent !== sentence) count.textContent = sentence;
  none.hidden = !why;
  if (why) none.textContent = why;
  states.hidden = !listStates;
}

function narrow() {
  const typed = fold(place.value);
  const shown = items.filter((item) => found(item, typed) && atLevel(item));
  const counted = (n) => forms[n === 1 ? 0 : 1].replace("{count}", String(n));
  if (shown.length || !typed.length) {
    show(shown, counted(shown.length));
  } else if (items.some((item) => found(item, typed))) {
    // The place matches, at another level: say so, and show nothing, as the person asked.
    show([], counted(0), { why: none.dataset.narrowed });
  } else {
    // Nothing here has that name. A state it names has its own procedures here, and the federal ones apply
    // everywhere: show those, and say so; a search that names no state here also lists the states that have some.
    const named = statesNamed(typed);
    const suggested = items.filter((item) => named.includes(item.dataset.state) || item.dataset.level === "federal");
    const query = place.value.trim();
    const sentence = named.length
      ? none.dataset.state.replace("{query}", query).replace("{state}", named.join(", "))
      : none.dataset.elsewhere.replace("{query}", query);
    show(suggested, sentence, { listStates: !named.length });
  }
}

form.addEventListener("input", narrow);
form.addEventListener("submit", (event) => event.preventDefault());
// A state listed when nothing matched: search for it, and keep the focus in the search field (the button hides).
states.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-search-for]");
  if (!button) return;
  place.value = button.dataset.searchFor;
  narrow();
  place.focus();
});
form.hidden = false;
narrow();
