// The first page: find a procedure by place and by level, the list narrowing as a person types. Without this
// script the form stays hidden and every procedure is listed. A procedure that does not say its level is kept
// under every level; the count below the form is a polite live region, so a screen reader hears how many remain.
const form = document.getElementById("find");
const place = document.getElementById("find-place");
const level = document.getElementById("find-level");
const count = document.getElementById("find-count");
const none = document.getElementById("find-none");
const forms = JSON.parse(count.dataset.forms);
const items = [...document.querySelectorAll("#procedures > li")];

// Letters without their accents, in lower case: "Peña" is found by "pena", "Illinois" by "illinois".
const fold = (text) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
const haystacks = new Map(items.map((item) => [item, fold(item.dataset.search)]));

function narrow() {
  const words = fold(place.value).split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const item of items) {
    const matches = words.every((word) => haystacks.get(item).includes(word))
      && (!level.value || !item.dataset.level || item.dataset.level === level.value);
    item.hidden = !matches;
    if (matches) shown += 1;
  }
  const sentence = forms[shown === 1 ? 0 : 1].replace("{count}", String(shown));
  if (count.textContent !== sentence) count.textContent = sentence;
  none.hidden = shown > 0;
}

form.addEventListener("input", narrow);
form.addEventListener("submit", (event) => event.preventDefault());
form.hidden = false;
narrow();
