"""The table of answer states (tests/test_answer_states.py), read through the page: for each person, one
row of each status, the page shows the same sentence, status and date, in the colour of its status, and
the polite live region speaks it. The expected sentences are the table's hand-written ones.

One page per procedure and language opens each row's link in turn, as a person pasting links into the
same tab would: the page follows the new fragment, and the day is the row's. In each state, everything the
page shows (every detail opened) is read as a native reader would (tests/reading.py)."""

import sys
import urllib.parse
from pathlib import Path

import pytest
from conftest import LOAD_TIMEOUT_MS, open_link_in_this_tab, wait_for_results

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from reading import english_vocabulary, problems  # noqa: E402
from test_answer_states import FC, IL, STATES  # noqa: E402

FOREIGN = english_vocabulary()
# The text of each block the page shows, in its language: every detail opened, what is marked as English left out.
SHOWN_BLOCKS = """() => {
  for (const details of document.querySelectorAll("main details")) details.open = true;
  const blocks = "p, li, h1, h2, h3, h4, h5, dt, dd, label, legend, button, summary, td, th, caption";
  const lang = document.documentElement.lang;
  return [...document.querySelectorAll(`main :is(${blocks})`)]
    .filter((node) => !node.querySelector(blocks) && !node.closest(`[lang]:not([lang='${lang}'])`))
    .filter((node) => node.checkVisibility())
    .map((node) => {
      const copy = node.cloneNode(true);  // without what it quotes in another language (<q lang="en">)
      for (const other of copy.querySelectorAll(`[lang]:not([lang='${lang}'])`)) other.remove();
      return copy.textContent.replace(/\\s+/g, " ").trim();
    }).filter(Boolean);
}"""

SHIPPED = [s for s in STATES if s["procedure"] in (FC, IL)]
# One row for each person and status, and a few in Spanish: the page draws each state once.
CHOSEN = [next(s for s in SHIPPED if (s["person"], s["status"]) == key)
          for key in dict.fromkeys((s["person"], s["status"]) for s in SHIPPED)]
SPANISH = CHOSEN
COLOURS = {"certain": "rgb(30, 107, 52)", "relies": "rgb(122, 77, 0)", "late": "rgb(164, 38, 44)",
           "barred": "rgb(164, 38, 44)"}
GROUPS = {(procedure, lang): [s for s in (CHOSEN if lang == "en" else SPANISH) if s["procedure"] == procedure]
          for procedure in (FC, IL) for lang in ("en", "es")}


def fragment(state, lang, reordered=False):
    params = {"lang": lang, "role": state["person"]}
    for key, value in state["facts"].items():
        if key == "events":
            params.update({f"event.{k}": v for k, v in value.items()})
        elif key == "contents":
            params[key] = ",".join(value)
        else:
            params[key] = str(value).lower() if isinstance(value, bool) else value
    return urllib.parse.urlencode(list(params.items())[::-1] if reordered else params)


def noon(state):
    return f"{state['today']}T12:00:00-06:00"  # noon in Chicago, 11 a.m. in Denver: the same day in both


@pytest.mark.parametrize("procedure, lang", list(GROUPS), ids=[f"{p}-{l}" for p, l in GROUPS])
def test_the_page_shows_each_state_as_the_table_writes_it(new_page, procedure, lang):
    rows = GROUPS[(procedure, lang)]
    page = new_page(viewport={"width": 1280, "height": 900})
    page.clock.set_fixed_time(noon(rows[0]))
    prefix = "" if lang == "en" else f"{lang}/"
    page.goto(f"{prefix}{procedure}/index.html#{fragment(rows[0], lang)}")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(page)
    for n, state in enumerate(rows):
        if n:
            page.clock.set_fixed_time(noon(state))
            # The same facts on another day make the same link: written in another order, it is a new one to open.
            link = fragment(state, lang)
            if link == page.evaluate("() => window.location.hash.slice(1)"):
                link = fragment(state, lang, reordered=True)
            open_link_in_this_tab(page, link)
        where = f"{state['name']} ({lang})"
        assert page.locator("#answer-sentence").inner_text().split("\n")[-1].strip() == state[lang], where
        assert page.get_attribute("#answer", "data-status") == state["status"], where
        assert (page.get_attribute("#answer", "data-date") or None) == state["date"], where
        assert page.locator("#results-announce").text_content().endswith(state[lang]), where
        colour = page.eval_on_selector("#answer", "node => getComputedStyle(node).borderLeftColor")
        if state["status"] in COLOURS:
            assert colour == COLOURS[state["status"]], where
        else:  # waiting and nothing are never the colour of an answer that holds
            assert colour not in COLOURS.values(), where
        read = [p for block in page.evaluate(SHOWN_BLOCKS) for p in problems(block, lang, FOREIGN if lang == "es" else set())]
        assert read == [], where
