"""The office's desk, issue 39 (found by walking the desk), in Chromium, in both languages:

- a day the office records as closed says what it changes under the procedure's law. Illinois counts under
  5 ILCS 70/1.11: "excluding the first day and including the last, unless the last day is Saturday or Sunday or is
  a holiday as defined or fixed in any statute", so a closure that is not a legal holiday carries no period past it.
  Worked by hand, a complaint received Mon 2027-11-22, the notice to the parties "within three business days after
  the receipt": Tue 23 (1), Wed 24 (2), Thu 25 is Thanksgiving (a legal holiday, 205 ILCS 630/17: skipped), Fri 26
  (3). The day after Thanksgiving is not a legal holiday, so it counts, and the code's last day is Fri 2027-11-26.
  Recorded as closed, it stays the last day (nothing carries it on), and the office must act before it: the last day
  it is open before Fri 26 is Wed 24 (Thu 25 is the holiday).
- the desk works with the keyboard: Enter on "Mark done" leaves the focus on what it produced (the same duty, now
  offering "Not done after all"), not at the top of the page; ArrowDown on where a complaint stands saves nothing
  until Save is pressed; and a dismissed complaint's duties stay in sight, marked as no longer owed, with its note.

Fort Collins § 7-145, "within three (3) working days of receipt": FC-B received Mon 2026-11-30 -> Tue Dec 1 (1),
Wed 2 (2), Thu 3 (3) -> Thu 2026-12-03, due this week on Tue 2026-12-01 (the calendar week Mon Nov 30 - Sun Dec 6).
"""

import json

import pytest

from conftest import LOAD_TIMEOUT_MS, SEED_DESK

STORED = """([procedure, id]) => new Promise((resolve) => {
    const open = indexedDB.open('complaint-checker-desk');
    open.onsuccess = () => {
      const r = open.result.transaction('complaints').objectStore('complaints').get([procedure, id]);
      r.onsuccess = () => { open.result.close(); resolve(r.result); };
    };
})"""


def desk_with(new_page, procedure, lang, now, complaint):
    page = new_page()
    page.clock.set_fixed_time(now)
    page.on("dialog", lambda dialog: dialog.accept())
    prefix = "" if lang == "en" else f"{lang}/"
    page.goto(f"{prefix}{procedure}/desk.html")
    # Seeded once the page has loaded all it fetches (a reload meanwhile would cut its requests off).
    page.wait_for_selector("html[data-ready] #desk[data-state='done']", timeout=LOAD_TIMEOUT_MS)
    page.evaluate(SEED_DESK, [procedure, [{"added": "2026-11-01T12:00:00.000Z", "changed": "2026-11-01T12:00:00.000Z",
                                      "dates": {}, **complaint}]])
    page.reload()
    page.wait_for_selector("html[data-ready] #desk[data-state='done']", timeout=LOAD_TIMEOUT_MS)
    return page


def row(page, duty):
    return page.locator(f"#desk-duties tbody tr[data-duty='{duty}']")


CLOSURE = {
    "en": ("Under 5 ILCS 70/1.11, only a Saturday, Sunday or legal holiday carries a last day to the next day: a closure "
           "that is not a legal holiday moves no date under this procedure. A duty whose last day falls on this day is "
           "still due that day: do it on an earlier day the office is open (the desk's date for it is already before "
           "this day). Complaints on this desk with a last day on it: IL-1.",
           "The code's last day is Friday, November 26, 2027, a day the office recorded as closed. Under 5 ILCS 70/1.11, "
           "only a Saturday, Sunday or legal holiday carries a last day to the next day; a closure does not, so this "
           "date stands: act by Wednesday, November 24, 2027, before the closure."),
    "es": ("Según 5 ILCS 70/1.11, solo un sábado, un domingo o un feriado legal lleva el último día al día siguiente: un "
           "cierre que no es feriado legal no mueve ninguna fecha en este procedimiento. Un deber cuyo último día cae en "
           "este día vence igualmente ese día: hágalo en un día anterior en que la oficina abra (la fecha que muestran "
           "los expedientes ya es anterior a este día). Quejas de estos expedientes con un último día en él: IL-1.",
           "El último día que fija el código es el viernes 26 de noviembre de 2027, un día que la oficina anotó como "
           "cerrado. Según 5 ILCS 70/1.11, solo un sábado, un domingo o un feriado legal lleva el último día al día "
           "siguiente; un cierre no, así que esta fecha se mantiene: actúe a más tardar el miércoles 24 de noviembre de "
           "2027, antes del cierre."),
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_closure_recorded_on_an_illinois_desk_says_it_moves_nothing_and_to_act_before_it(new_page, lang):
    """Issue 39: recording Fri 2027-11-26 as closed moved nothing and said nothing; the row still read "the code's
    last day may be Friday, November 26"."""
    page = desk_with(new_page, "illinois-model-ethics", lang, "2027-11-22T09:00:00-06:00",
                     {"id": "i1", "label": "IL-1", "facts": {"violation_date": "2027-10-01", "received": "2027-11-22"}})
    notice = row(page, "notice-to-parties")
    assert notice.get_attribute("data-date") == "2027-11-24"  # the safe date, before a possible closure on Fri 26
    # Recorded with the keyboard alone: the day typed, Closed chosen (the default), Enter.
    page.focus("#desk-day")
    page.fill("#desk-day", "2027-11-26")
    page.keyboard.press("Enter")
    recorded = page.locator("#desk-days-list li[data-day='2027-11-26']")
    recorded.wait_for(timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector("#desk[data-state='done']", timeout=LOAD_TIMEOUT_MS)
    effect, row_words = CLOSURE[lang]
    assert recorded.locator(".desk-day-effect").text_content().split(": ", 1)[1] == effect
    # The focus is on what the action produced: the day recorded, which says what it changes.
    assert page.evaluate("() => document.activeElement.dataset.day") == "2027-11-26"
    # The date does not move (no law carries it past the closure), and the row says why, and by when to act.
    assert notice.get_attribute("data-date") == "2027-11-24"
    assert notice.locator("td").nth(3).text_content().startswith(row_words)
    assert "may be" not in notice.text_content() and "podría ser" not in notice.text_content()


WORDS = {
    "en": {"undo": "Not done after all", "saved": "Saved “FC-B”: Dismissed.", "retired": "No longer owed",
           "dismissed": "The complaint is dismissed on the desk: this duty is no longer owed."},
    "es": {"undo": "No estaba hecho", "saved": "Se guardó «FC-B»: Desestimada.", "retired": "Ya no se debe",
           "dismissed": "La queja figura como desestimada en los expedientes: este deber ya no se debe."},
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_desk_with_the_keyboard_keeps_the_focus_and_changes_a_status_only_when_saved(new_page, lang):
    """Issue 39: after Enter on "Mark done" the focus fell to the top of the page; ArrowDown on a complaint's status
    saved "Dismissed" at once, and its duties vanished from the table without a trace; there was no note."""
    words = WORDS[lang]
    page = desk_with(new_page, "fort-collins", lang, "2026-12-01T10:00:00-07:00",
                     {"id": "c2", "label": "FC-B", "facts": {"violation_date": "2026-10-01", "received": "2026-11-30"}})
    review = row(page, "preliminary-review-notice")
    assert (review.get_attribute("data-date"), review.get_attribute("data-status")) == ("2026-12-03", "this_week")
    # Enter on Mark done: the duty is done, and the focus stays on it (its button now takes the mark back).
    page.focus("#desk-duties button[data-done='preliminary-review-notice']")
    page.keyboard.press("Enter")
    page.wait_for_selector("#desk-duties tr[data-duty='preliminary-review-notice'][data-status='done']",
                           timeout=LOAD_TIMEOUT_MS)
    focused = page.evaluate("""() => { const e = document.activeElement;
        return [e.tagName, e.dataset.done || null, e.dataset.complaint || null, e.textContent]; }""")
    assert focused == ["BUTTON", "preliminary-review-notice", "c2", words["undo"]]
    # ArrowDown on where it stands looks at the next choice; nothing is saved, nothing leaves the desk.
    page.focus("#desk-complaints select[data-standing='c2']")
    page.keyboard.press("ArrowDown")
    page.wait_for_timeout(1500)  # time enough for a save and a redraw, had the key saved anything
    assert page.evaluate(STORED, ["fort-collins", "c2"]).get("standing", "open") == "open"
    assert row(page, "preliminary-review-notice").count() == 1
    assert page.input_value("#desk-complaints select[data-standing='c2']") == "dismissed"
    # A note, then Save (Tab from the list box to the note, Tab to Save, Enter): saved, said, focus kept on Save.
    page.keyboard.press("Tab")
    page.keyboard.type("Respondent asked for a copy.")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_function("(text) => document.getElementById('desk-message-text').textContent === text",
                           arg=words["saved"], timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector("#desk[data-state='done']", timeout=LOAD_TIMEOUT_MS)
    assert page.evaluate("() => document.activeElement.dataset.save") == "c2"
    stored = page.evaluate(STORED, ["fort-collins", "c2"])
    assert (stored["standing"], stored["note"]) == ("dismissed", "Respondent asked for a copy.")
    # Its dated duty stays in sight, retired: no longer owed, nothing to mark.
    retired = row(page, "preliminary-review-notice")
    assert retired.get_attribute("data-status") == "retired"
    assert retired.locator(".desk-status").text_content() == words["retired"]
    assert retired.locator("td").nth(3).text_content() == words["dismissed"]
    assert retired.locator("button[data-done]").count() == 0
    # The note is kept across a reload, and goes with the export.
    page.reload()
    page.wait_for_selector("html[data-ready] #desk[data-state='done']", timeout=LOAD_TIMEOUT_MS)
    assert page.input_value("#desk-complaints textarea[data-note='c2']") == "Respondent asked for a copy."
    with page.expect_download() as info:
        page.click("#desk-export")
    [exported] = json.loads(open(info.value.path(), encoding="utf-8").read())["complaints"]
    assert (exported["standing"], exported["note"]) == ("dismissed", "Respondent asked for a copy.")


def test_a_long_desk_is_paged_with_counts_said_and_the_keyboard_keeps_its_place_even_on_a_phone(new_page):
    """Issue 38: 2,000 complaints drew 83,000 nodes. 60 complaints received Mon 2026-11-30, each with its review due
    Thu Dec 3 (this week) and its wait on the investigation's notice: 120 duties, 50 a page."""
    narrow = {"width": 320, "height": 700}  # the narrowest phone the site is made for
    page = new_page(viewport=narrow)
    page.clock.set_fixed_time("2026-12-01T10:00:00-07:00")
    page.goto("fort-collins/desk.html")
    page.wait_for_selector("html[data-ready] #desk[data-state='done']", timeout=LOAD_TIMEOUT_MS)
    page.evaluate(SEED_DESK, ["fort-collins", [{"id": f"c{n:02d}", "label": f"2026-EC-{n}", "added": "2026-11-30T12:00:00.000Z",
                                           "changed": "2026-11-30T12:00:00.000Z", "dates": {},
                                           "facts": {"violation_date": "2026-10-01", "received": "2026-11-30"}}
                                          for n in range(1, 61)]])
    page.reload()
    page.wait_for_selector("html[data-ready] #desk[data-state='done']", timeout=LOAD_TIMEOUT_MS)
    assert page.text_content("#desk-counts") == ("Overdue: 0. Due this week: 60. Later: 0. Waiting on an event: 60. "
                                                 "Done: 0. No longer owed: 0.")
    assert page.text_content("#desk-duties-page") == "Duties 1 to 50 of 120"
    assert page.locator("#desk-duties tbody tr").count() == 50
    assert page.text_content("#desk-complaints-page") == "Complaints 1 to 50 of 60"
    assert page.locator("#desk-complaints tbody tr").count() == 50
    # In the office's order: 2026-EC-9 before 2026-EC-10.
    labels = page.eval_on_selector_all("#desk-complaints tbody th", "cells => cells.map(c => c.firstChild.textContent)")
    assert labels[8:10] == ["2026-EC-9", "2026-EC-10"]
    # The next page with the keyboard: said where it is, and the focus stays on the button pressed.
    page.focus("#desk-duties-next")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('desk-duties-page').textContent === 'Duties 51 to 100 of 120'",
                           timeout=LOAD_TIMEOUT_MS)
    assert page.evaluate("() => document.activeElement.id") == "desk-duties-next"
    assert page.get_attribute("#desk-duties-pager", "aria-label") == "the duties"
    # Nothing wider than the phone.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= narrow["width"]
