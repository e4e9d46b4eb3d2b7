"""Issue 39, items 6 and 7: a planned day that is late says so plainly, and the respondent with nothing due reads
the procedure's next dated step that concerns them, and who takes it. Each expected sentence is written here by
hand from the code's text and a calendar, with the count beside it.
"""

from datetime import date

import pytest

from core import evaluate, load_jurisdiction

FC = load_jurisdiction("fort-collins")

# Fort Collins, § 7-145(a): "no later than 60 days after" a violation on Tue 12 Oct 2027. Oct 13–31 are days 1–19,
# November's 30 days make 49, Dec 1–11 make 60: Sat 11 Dec 2027 (25 Dec 2027 is a Saturday, so the 11th is too).
# The last business day on or before it is Fri 10 Dec, the safe date; C.R.S. § 2-4-108, if it governs the home-rule
# city (not confirmed), carries the last day past Sat 11 and Sun 12 to Mon 13 Dec (no holiday that day). Today is
# Tue 30 Nov 2027, ten days before the safe date: the state.
OCT12 = {"violation_date": "2027-10-12", "complainant_role": "candidate"}
NOV30 = date(2027, 11, 30)


def complainant(facts, today, lang):
    report = evaluate(FC, facts, lang, today)
    return report["answers"]["complainant"], report["filing"]


@pytest.mark.parametrize("lang, sentence", [
    ("en", "Your planned day, Tuesday, December 14, 2027, is too late: file by Friday, December 10, 2027."),
    ("es", "Presentarla el día que prevé, el martes 14 de diciembre de 2027, es demasiado tarde: presente la queja a "
           "más tardar el viernes 10 de diciembre de 2027."),
])
def test_a_planned_day_after_every_last_day_says_it_is_too_late_and_the_day_to_file_by(lang, sentence):
    # Tue 14 Dec is after Mon 13, the last day under any reading: filing then would be late. No last day has passed
    # (today is 30 Nov), so the answer leads with the plan being too late, then the safe date, still ahead.
    answer, filing = complainant({**OCT12, "received": "2027-12-14"}, NOV30, lang)
    assert answer["sentence"] == sentence
    assert (answer["status"], answer["date"], answer.get("plan_late")) == ("late", "2027-12-10", True)
    # the card: the day planned, placed as late; its words never say a last day has passed
    assert (filing["status"], filing["plan"], filing.get("warning")) == ("late", "late", None)


@pytest.mark.parametrize("today, lang, warning", [
    # Today Tue 30 Nov is before the safe date, Fri 10 Dec: it is ahead, in the present tense.
    (NOV30, "en", "To rely on no reading, file by the safe date, Friday, December 10, 2027."),
    (NOV30, "es", "Para no depender de ninguna interpretación, presente la queja a más tardar en la fecha segura, el "
                  "viernes 10 de diciembre de 2027."),
    # On Fri 10 Dec itself, the safe date is today.
    (date(2027, 12, 10), "en", "To rely on no reading, file today, Friday, December 10, 2027, the safe date."),
    (date(2027, 12, 10), "es", "Para no depender de ninguna interpretación, presente la queja hoy, el viernes 10 de "
                               "diciembre de 2027, la fecha segura."),
    # On Sat 11 Dec, it has passed.
    (date(2027, 12, 11), "en", "The safe date, Friday, December 10, 2027, has passed."),
    (date(2027, 12, 11), "es", "La fecha segura, el viernes 10 de diciembre de 2027, ya pasó."),
])
def test_a_planned_day_on_time_only_under_a_reading_never_puts_the_safe_date_in_the_past_tense_before_it(
        today, lang, warning):
    # Mon 13 Dec is the last day only if C.R.S. § 2-4-108 applies: the plan relies on it (amber), and the card says
    # where the safe date is as of today (the card said "the safe date was Friday, December 10" ten days
    # before it).
    answer, filing = complainant({**OCT12, "received": "2027-12-13"}, today, lang)
    assert answer["status"] == "relies" and "plan_late" not in answer
    assert (filing["status"], filing["certainty"], filing["plan"]) == ("timely", "relies", "relies-on-last")
    why = {"en": "The period (60 calendar days after the date of the alleged violation) ends on Saturday, December 11, "
                 "2027, a weekend day; the last day moves to Monday, December 13, 2027 only if the weekend and holiday "
                 "extension (C.R.S. § 2-4-108) applies, which is not confirmed.",
           "es": "El plazo (60 días calendario después de la fecha de la presunta infracción) termina el sábado 11 de "
                 "diciembre de 2027, que es fin de semana; el último día pasa al lunes 13 de diciembre de 2027 solo si "
                 "se aplica la prórroga por fines de semana y feriados (C.R.S. § 2-4-108), lo que no está confirmado."}
    assert filing["warning"] == f"{warning} {why[lang]}"


def test_a_day_received_after_the_safe_date_keeps_the_past_tense():
    # Received Mon 13 Dec and asked on Tue 14 Dec: the safe date, Fri 10 Dec, was indeed before it.
    _, filing = complainant({**OCT12, "received": "2027-12-13"}, date(2027, 12, 14), "en")
    assert filing["warning"].startswith("On time only under a reading that is not confirmed: the safe date was "
                                        "Friday, December 10, 2027.")
    assert "plan" not in filing


def test_a_plan_made_after_the_last_day_has_passed_is_simply_late():
    # Asked on Tue 14 Dec, after Mon 13: the last day has passed, whatever day is planned. Not a plan too late.
    answer, _ = complainant({**OCT12, "received": "2027-12-16"}, date(2027, 12, 14), "en")
    assert answer["sentence"] == "The last day to file was Monday, December 13, 2027."
    assert answer["status"] == "late" and "plan_late" not in answer


# --- item 7: the respondent's next step ---------------------------------------------------------------------------

IL = load_jurisdiction("illinois-model-ethics")
# Ord. O-16-04, a complaint received Mon 2 Aug 2027 (1 Jan 2027 is a Friday; 2 Aug is day 214, 213 days on: a Monday).
# No Illinois holiday and no possible closure falls in early August. (B) "Within three business days after the
# receipt": Tue 3 (1), Wed 4 (2), Thu 5 Aug (3). (C)(1) "within seven business days after receiving the complaint":
# Tue 3 (1), Wed 4 (2), Thu 5 (3), Fri 6 (4), Mon 9 (5), Tue 10 (6), Wed 11 Aug (7). Both are the Commission's, and
# both notify the respondent. The respondent's own first step, (F)'s demand, waits on a recommendation, and only if
# the hearing was closed; (C)(2)'s hearing and (G)'s decision exist only on conditions not known, so neither is
# said to be coming.
FIRST_STEP = {
    "en": "If the hearing was closed to the public, your first step, to file a written demand for a public hearing, "
          "comes after the date of “Recommendation for discipline or fine issued”.",
    "es": "Si la audiencia se celebró a puerta cerrada, su primer paso, presentar por escrito la solicitud de audiencia "
          "pública, llega después de la fecha de «Se emitió la recomendación de sanción disciplinaria o la multa».",
}
NEXT = {
    ("en", date(2027, 8, 2)): "Nothing is due from you yet. Next, by Thursday, August 5, 2027, the Ethics commission "
                              "must send the notice to the respondent and the confirmation to the complainant.",
    ("es", date(2027, 8, 2)): "Todavía no tiene nada que hacer. A continuación, a más tardar el jueves 5 de agosto de "
                              "2027, la Comisión de Ética debe enviar el aviso a la persona denunciada y la "
                              "confirmación al denunciante.",
    # Fri 6 Aug: the notice's day (Thu 5) is behind; the ruling on sufficiency, Wed 11 Aug, comes next.
    ("en", date(2027, 8, 6)): "Nothing is due from you yet. Next, by Wednesday, August 11, 2027, the Ethics commission "
                              "must notify both parties of its ruling on sufficiency and probable cause.",
    ("es", date(2027, 8, 6)): "Todavía no tiene nada que hacer. A continuación, a más tardar el miércoles 11 de agosto "
                              "de 2027, la Comisión de Ética debe notificar a ambas partes su decisión sobre "
                              "suficiencia y causa probable.",
    # Thu 12 Aug: both are behind, and nothing dated that concerns the respondent is owed whatever the facts.
    ("en", date(2027, 8, 12)): "Nothing is due from you yet.",
    ("es", date(2027, 8, 12)): "Todavía no tiene nada que hacer.",
}


@pytest.mark.parametrize("lang, today", list(NEXT), ids=[f"{lang}-{day}" for lang, day in NEXT])
def test_a_respondent_with_nothing_due_reads_the_next_dated_step_and_who_takes_it(lang, today):
    answer = evaluate(IL, {"received": "2027-08-02"}, lang, today)["answers"]["respondent"]
    assert answer["sentence"] == f"{NEXT[(lang, today)]} {FIRST_STEP[lang]}"
    assert (answer["status"], answer["date"]) == ("nothing", None)


def test_a_step_counted_from_a_receipt_only_planned_is_not_said_to_be_coming():
    # Planned for Mon 2 Aug, asked on Fri 30 Jul: the Commission owes nothing before it receives the complaint.
    answer = evaluate(IL, {"received": "2027-08-02"}, "en", date(2027, 7, 30))["answers"]["respondent"]
    assert answer["sentence"] == f"Nothing is due from you yet. {FIRST_STEP['en']}"


def test_a_deadline_behind_a_later_step_is_not_put_in_the_past_tense_before_its_day():
    # tests/jurisdictions/format-1-example-city.toml, (d): 21 days after the copy was received on Thu 23 Sep 2027:
    # Sep 24–30 are days 1–7, Oct 1–14 days 8–21: Thu 14 Oct. The hearing, a later stage, was recorded on Sun 26 Sep,
    # so the response is behind the complaint; asked on Wed 13 Oct, its day is still ahead: never "was".
    j = load_jurisdiction("tests/jurisdictions/format-1-example-city.toml")
    facts = {"violation_date": "2027-08-14", "received": "2027-08-30", "complainant_role": "registered-elector",
             "events": {"copy-received": "2027-09-23", "hearing": "2027-09-26"}}
    said = {lang: evaluate(j, facts, lang, date(2027, 10, 13))["answers"]["respondent"]["sentence"]
            for lang in ("en", "es")}
    assert said["en"].startswith("Nothing is due from you now. Your deadline to complete “Respondent may file a "
                                 "written response”, Thursday, October 14, 2027, no longer applies: a later step has "
                                 "been recorded.")
    assert said["es"].startswith("Ahora no tiene nada que hacer. Su plazo para cumplir «Respondent may file a written "
                                 "response», el jueves 14 de octubre de 2027, ya no corre: consta un paso posterior.")
    # and on Fri 15 Oct, once that day has passed, it was
    later = evaluate(j, facts, "en", date(2027, 10, 15))["answers"]["respondent"]["sentence"]
    assert later.startswith("Nothing is due from you now. Your last deadline, to complete “Respondent may file a "
                            "written response”, was Thursday, October 14, 2027; a later step has been recorded since.")
