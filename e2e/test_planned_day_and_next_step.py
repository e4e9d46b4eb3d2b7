"""Issue 39, items 6 and 7, in the page: a planned day after the last day reads "too late" in its label and in the
"Are you on time?" card, both red; a planned day on time only under a reading is amber in both, and its card puts
a safe date still ahead in the present tense; a respondent with nothing due reads the next dated step and who takes
it. In English and Spanish. The dates are worked by hand in tests/test_planned_and_next.py; in short:

Fort Collins, § 7-145(a), a violation on Tue 12 Oct 2027: 60 days end Sat 11 Dec 2027; the safe date is Fri 10 Dec;
C.R.S. § 2-4-108, if it governs (not confirmed), carries the last day to Mon 13 Dec. Today is Tue 30 Nov 2027.
Illinois, Ord. O-16-04, received Mon 2 Aug 2027: (C)(1)'s ruling on sufficiency within seven business days, Tue 3
(1) … Fri 6 (4), Mon 9 (5), Tue 10 (6), Wed 11 Aug (7). Today is Fri 6 Aug 2027, after (B)'s notice (Thu 5 Aug).
"""

import pytest

from conftest import open_on

NOV30 = "2027-11-30T12:00:00-07:00"  # noon in Denver
AUG6 = "2027-08-06T12:00:00-05:00"  # noon in Chicago
RED, AMBER = "rgb(164, 38, 44)", "rgb(122, 77, 0)"
FC = "role=complainant&violation_date=2027-10-12&complainant_role=candidate"

TOO_LATE = {
    "en": {"sentence": "Your planned day, Tuesday, December 14, 2027, is too late: file by Friday, December 10, 2027.",
           "label": "Too late: your planned day is after the last day", "card": "Your planned day is too late."},
    "es": {"sentence": "Presentarla el día que prevé, el martes 14 de diciembre de 2027, es demasiado tarde: presente "
                       "la queja a más tardar el viernes 10 de diciembre de 2027.",
           "label": "Demasiado tarde: el día que prevé es posterior al último día",
           "card": "Presentarla el día que prevé es demasiado tarde."},
}
ONLY_IF = {
    "en": {"label": "Relies on a point that is not confirmed",
           "card": "Your planned day is on time only if a point not yet confirmed holds.",
           "warning": "To rely on no reading, file by the safe date, Friday, December 10, 2027."},
    "es": {"label": "Depende de un punto que no está confirmado",
           "card": "Presentarla el día que prevé es a tiempo solo si se cumple un punto que todavía no está confirmado.",
           "warning": "Para no depender de ninguna interpretación, presente la queja a más tardar en la fecha segura, "
                      "el viernes 10 de diciembre de 2027."},
}
NEXT_STEP = {
    "en": "Nothing is due from you yet. Next, by Wednesday, August 11, 2027, the Ethics commission must notify both "
          "parties of its ruling on sufficiency and probable cause.",
    "es": "Todavía no tiene nada que hacer. A continuación, a más tardar el miércoles 11 de agosto de 2027, la Comisión "
          "de Ética debe notificar a ambas partes su decisión sobre suficiencia y causa probable.",
}


def path(jurisdiction, lang, fragment):
    return f"{'es/' if lang == 'es' else ''}{jurisdiction}/index.html#{'lang=es&' if lang == 'es' else ''}{fragment}"


def answer_and_card(page):
    card = page.locator(".card.filing")
    return {"sentence": page.locator("#answer-sentence").inner_text().split("\n")[-1].strip(),
            "status": page.get_attribute("#answer", "data-status"),
            "label": page.locator("#answer-sentence .answer-status").inner_text(),
            "colour": page.eval_on_selector("#answer .answer-status", "node => getComputedStyle(node).color"),
            "card": card.locator(".status-line").inner_text(),
            "card_class": card.get_attribute("class"),
            "card_colour": card.evaluate("node => getComputedStyle(node).borderTopColor"),
            "warning": card.locator(".warning").inner_text() if card.locator(".warning").count() else None}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_planned_day_after_the_last_day_is_too_late_in_the_label_and_the_card_both_red(new_page, lang):
    page = open_on(new_page, path("fort-collins", lang, f"{FC}&received=2027-12-14"), NOV30)
    seen = answer_and_card(page)
    want = TOO_LATE[lang]
    assert seen["sentence"].endswith(want["sentence"])
    assert (seen["status"], seen["label"], seen["colour"]) == ("late", want["label"], RED)
    # the card says the planned day is too late (never that the last day has passed), in the answer's colour
    assert (seen["card"], seen["card_colour"], seen["warning"]) == (want["card"], RED, None)
    assert "status-late" in seen["card_class"].split()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_planned_day_on_time_only_under_a_reading_is_amber_in_the_card_with_the_safe_date_ahead(new_page, lang):
    page = open_on(new_page, path("fort-collins", lang, f"{FC}&received=2027-12-13"), NOV30)
    seen = answer_and_card(page)
    want = ONLY_IF[lang]
    assert (seen["status"], seen["label"], seen["colour"]) == ("relies", want["label"], AMBER)
    assert (seen["card"], seen["card_colour"]) == (want["card"], AMBER)
    assert "status-relies" in seen["card_class"].split()
    assert seen["warning"].startswith(want["warning"])  # ten days before it, the safe date is ahead: never "was"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_respondent_with_nothing_due_reads_the_next_dated_step_and_who_takes_it(new_page, lang):
    page = open_on(new_page, path("illinois-model-ethics", lang, "role=respondent&received=2027-08-02"), AUG6)
    sentence = page.locator("#answer-sentence").inner_text()
    assert page.get_attribute("#answer", "data-status") == "nothing"
    assert NEXT_STEP[lang] in sentence
