"""The table of answer states (tests/test_answer_states.py), read through the page: for each person, one
row of each status, the page shows the same sentence, status and date, in the colour of its status, and
the polite live region speaks it. The rows' expected sentences are the hand-written ones of the table."""

import sys
import urllib.parse
from pathlib import Path

import pytest

from conftest import LOAD_TIMEOUT_MS, wait_for_results

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_answer_states import FC, IL, STATES  # noqa: E402

SHIPPED = [s for s in STATES if s["procedure"] in (FC, IL)]
# One row for each person and status, and a few in Spanish: the page draws each state once.
CHOSEN = [next(s for s in SHIPPED if (s["person"], s["status"]) == key)
          for key in dict.fromkeys((s["person"], s["status"]) for s in SHIPPED)]
SPANISH = [s for s in CHOSEN if s["status"] in ("relies", "waiting") and s["person"] != "complainant"][:2] + \
          [next(s for s in CHOSEN if s["person"] == "complainant" and s["status"] == "certain")]
COLOURS = {"certain": "rgb(30, 107, 52)", "relies": "rgb(122, 77, 0)", "late": "rgb(164, 38, 44)",
           "barred": "rgb(164, 38, 44)"}


def fragment(state, lang):
    params = {"lang": lang, "role": state["person"]}
    for key, value in state["facts"].items():
        if key == "events":
            params.update({f"event.{k}": v for k, v in value.items()})
        elif key == "contents":
            params[key] = ",".join(value)
        else:
            params[key] = str(value).lower() if isinstance(value, bool) else value
    return urllib.parse.urlencode(params)


@pytest.mark.parametrize("state, lang", [(s, "en") for s in CHOSEN] + [(s, "es") for s in SPANISH],
                         ids=[f"{s['name'][:60]}-en" for s in CHOSEN] + [f"{s['name'][:60]}-es" for s in SPANISH])
def test_the_page_shows_each_state_as_the_table_writes_it(new_page, state, lang):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.clock.set_fixed_time(f"{state['today']}T12:00:00-06:00")  # noon in Denver and Chicago alike
    prefix = "" if lang == "en" else f"{lang}/"
    page.goto(f"{prefix}{state['procedure']}/index.html#{fragment(state, lang)}")
    page.wait_for_selector("html[data-ready]", timeout=LOAD_TIMEOUT_MS)
    wait_for_results(page)
    sentence = page.locator("#answer-sentence").inner_text().split("\n")[-1].strip()
    assert sentence == state[lang]
    assert page.get_attribute("#answer", "data-status") == state["status"]
    assert (page.get_attribute("#answer", "data-date") or None) == state["date"]
    assert page.locator("#results-announce").text_content().endswith(state[lang])
    colour = page.eval_on_selector("#answer", "node => getComputedStyle(node).borderLeftColor")
    if state["status"] in COLOURS:
        assert colour == COLOURS[state["status"]]
    else:  # waiting and nothing are never the colour of an answer that holds
        assert colour not in COLOURS.values()
