"""The sentence a person acts on, in every state: each person (complainant, respondent, clerk)
× each status (certain, relies, late, barred, waiting, nothing) × where today falls (before the
safe date, on it, between it and the code's later last day, on that day, after it) × a planned
filing day before or after the last day × each kind of missing fact, in English and Spanish.

Every expected sentence is written here by hand from the ordinance and a calendar, with the
count beside it; none is produced by the code under test. The same table runs in the browser
(e2e/test_answer_first.py reads a few of its rows through the page).
"""

from datetime import date
from pathlib import Path

import pytest

from core import evaluate, load_jurisdiction

ROOT = Path(__file__).resolve().parent.parent
FC, IL = "fort-collins", "illinois-model-ethics"
PATTERNS, MINIMAL, AFTER_ELECTION = (str(ROOT / "tests" / "jurisdictions" / f"{n}.toml")
                                     for n in ("patterns", "minimal", "after-election"))
ELECTOR = {"complainant_role": "registered-elector"}
# Fort Collins, § 7-145(a), a violation on Tue 6 Oct 2026: Oct 7 is day 1, Oct 31 day 25, Nov 30 day 55,
# Dec 5 day 60, a Saturday. The safe date is Fri 4 Dec; C.R.S. § 2-4-108, if it governs the home-rule city
# (not confirmed), carries the last day to Mon 7 Dec.
OCT6 = {"violation_date": "2026-10-06", **ELECTOR}
WHY_DEC5 = ("The period (60 calendar days after the date of the alleged violation) ends on Saturday, December 5, 2026, "
            "a weekend day; the last day moves to Monday, December 7, 2026 only if the weekend and holiday extension "
            "(C.R.S. § 2-4-108) applies, which is not confirmed.")
WHY_DEC5_ES = ("El plazo (60 días calendario después de la fecha de la presunta infracción) termina el sábado 5 de "
               "diciembre de 2026, que es fin de semana; el último día pasa al lunes 7 de diciembre de 2026 solo si se "
               "aplica la prórroga por fines de semana y feriados (C.R.S. § 2-4-108), lo que no está confirmado.")
LATE_WHAT_NOW = ("A complaint filed after the last day is likely to be found late. Ask the Fort Collins City Clerk's "
                 "Office or your own lawyer what you can still do.")
LATE_WHAT_NOW_ES = ("Es probable que una queja presentada después del último día se considere fuera de plazo. Consulte "
                    "a la Oficina de la Secretaría Municipal de Fort Collins o su propio abogado qué puede hacer todavía.")
# Fort Collins, § 7-145 (preliminary review), received Wed 25 Nov 2026: Thu 26 is Thanksgiving; Fri 27 may be a
# City closure (not confirmed). Open: Fri 27 (1), Mon 30 (2), Tue 1 Dec (3), the safe date. Closed: Mon 30 (1),
# Tue 1 (2), Wed 2 Dec (3).
NOV25 = {"received": "2026-11-25"}
IF_NOV27 = "if the office is closed on Friday, November 27, 2026 (Day after Thanksgiving)"
IF_NOV27_ES = "si la oficina cierra el viernes 27 de noviembre de 2026 (Día siguiente a Acción de Gracias)"
# Illinois (F), a recommendation on Wed 7 Oct 2026: seven business days. Mon 12 Oct is Columbus Day (a bank
# holiday; whether the office closes is not confirmed). Open: Thu 8 (1), Fri 9 (2), Mon 12 (3) … Fri 16 (7), the
# safe date. Closed: Thu 8 (1), Fri 9 (2), Tue 13 (3), Wed 14, Thu 15, Fri 16 (6), Mon 19 Oct (7).
RECOMMENDED = {"violation_date": "2026-06-01", "received": "2026-09-01", "events": {"recommendation-issued": "2026-10-07"}}
IF_OCT12 = "if the office is closed on Monday, October 12, 2026 (Columbus Day)"
IF_OCT12_ES = "si la oficina cierra el lunes 12 de octubre de 2026 (Día de Colón)"
# Fort Collins, § 7-145 (investigation): ten business days from a notice of Mon 23 Nov 2026. Tue 24 (1), Wed 25 (2);
# Thu 26 Thanksgiving; Fri 27 possible closure. Open: Fri 27 (3) … Tue 8 Dec (10), the safe date. Closed: Mon 30
# (3), Tue 1 (4), Wed 2, Thu 3, Fri 4 (7), Mon 7, Tue 8 (9), Wed 9 Dec (10).
NOTICE_NOV23 = {"events": {"complaint-forwarded": "2026-11-20", "investigation-notice": "2026-11-23"}}
WINDOWS_UNTIL_COURT = ("You may also pay the presumptive fine or send responsive information to the City Clerk until "
                       "the date of “The complaint was filed with the Municipal Court”.")
WINDOWS_UNTIL_COURT_ES = ("También puede pagar la multa predeterminada o enviar información en respuesta al Secretario "
                          "Municipal hasta la fecha de «La queja se presentó ante el Tribunal Municipal».")

STATES = [
    # --- the complainant: where today falls, with no filing date entered -----------------------------------
    dict(name="complainant, certain: before the safe date, it leads and says in one clause why it is earlier",
         procedure=FC, facts=OCT6, today="2026-11-20", person="complainant", status="certain", date="2026-12-04",
         en="File by Friday, December 4, 2026.", en_detail=WHY_DEC5,
         es="Presente la queja a más tardar el viernes 4 de diciembre de 2026.", es_detail=WHY_DEC5_ES),
    dict(name="complainant, certain: on the safe date itself, it is today, not passed",
         procedure=FC, facts=OCT6, today="2026-12-04", person="complainant", status="certain", date="2026-12-04",
         en="File today, Friday, December 4, 2026: it is the last day that holds under every reading.",
         en_detail=WHY_DEC5,
         es="Presente la queja hoy, el viernes 4 de diciembre de 2026: es el último día válido en cualquier "
            "interpretación.", es_detail=WHY_DEC5_ES),
    dict(name="complainant, relies: between the safe date and the extended day",
         procedure=FC, facts=OCT6, today="2026-12-05", person="complainant", status="relies", date="2026-12-07",
         en="The safe date, Friday, December 4, 2026, has passed; the last day may still be Monday, December 7, 2026, "
            "if the weekend and holiday extension (C.R.S. § 2-4-108) applies.", en_detail=None,
         es="La fecha segura, el viernes 4 de diciembre de 2026, ya pasó; el último día todavía puede ser el lunes 7 "
            "de diciembre de 2026, si se aplica la prórroga por fines de semana y feriados (C.R.S. § 2-4-108).",
         es_detail=None),
    dict(name="complainant, relies: on the extended day itself",
         procedure=FC, facts=OCT6, today="2026-12-07", person="complainant", status="relies", date="2026-12-07",
         en="Today, Monday, December 7, 2026, may be the last day to file, if the weekend and holiday extension "
            "(C.R.S. § 2-4-108) applies; the safe date, Friday, December 4, 2026, has passed.",
         es="Hoy, el lunes 7 de diciembre de 2026, puede ser el último día para presentar la queja, si se aplica la "
            "prórroga por fines de semana y feriados (C.R.S. § 2-4-108); la fecha segura, el viernes 4 de diciembre "
            "de 2026, ya pasó."),
    # Illinois (A), a violation on Thu 27 Nov 2025: one year later is Fri 27 Nov 2026, the day after Thanksgiving,
    # which the office may close; no Illinois law carries a period past a closure that is not a holiday, so that
    # day holds only if the office opens. Thu 26 is Thanksgiving: the safe date is Wed 25 Nov.
    dict(name="complainant, relies: between the safe date and a last day the office may close, with no extension",
         procedure=IL, facts={"violation_date": "2025-11-27"}, today="2026-11-26", person="complainant",
         status="relies", date="2026-11-27",
         # Nothing moves it past the closure: the last day is Fri 27 Nov, usable only if the office opens (issue 27).
         en="The safe date, Wednesday, November 25, 2026, has passed; the last day is Friday, November 27, 2026, and "
            "it holds only if the office is open that day (Day after Thanksgiving): no law moves it past a closure.",
         en_detail=None,
         es="La fecha segura, el miércoles 25 de noviembre de 2026, ya pasó; el último día es el viernes 27 de "
            "noviembre de 2026, y vale solo si la oficina abre ese día (Día siguiente a Acción de Gracias): ninguna "
            "ley lo prorroga por un cierre.", es_detail=None),
    dict(name="complainant, late: the day after the extended day",
         procedure=FC, facts=OCT6, today="2026-12-08", person="complainant", status="late", date="2026-12-07",
         en="The last day to file was Monday, December 7, 2026.", en_detail=LATE_WHAT_NOW,
         es="El último día para presentar la queja fue el lunes 7 de diciembre de 2026.", es_detail=LATE_WHAT_NOW_ES),
    dict(name="complainant, certain: with no day to answer as of, the safe date leads",
         procedure=FC, facts=OCT6, today=None, person="complainant", status="certain", date="2026-12-04",
         en="File by Friday, December 4, 2026.", es="Presente la queja a más tardar el viernes 4 de diciembre de 2026."),
    # --- the complainant: a filing day after today is a plan -------------------------------------------------
    dict(name="complainant, certain: a planned day before the safe date is on time under every reading",
         procedure=FC, facts={**OCT6, "received": "2026-12-02"}, today="2026-11-20", person="complainant",
         status="certain", date="2026-12-04",
         en="File by Friday, December 4, 2026. The day you plan, Wednesday, December 2, 2026, is on time under every "
            "reading.",
         es="Presente la queja a más tardar el viernes 4 de diciembre de 2026. Presentarla el día que prevé, el "
            "miércoles 2 de diciembre de 2026, es a tiempo en cualquier interpretación."),
    # Issue 27: a plan that holds only under a reading is not painted green.
    dict(name="complainant, relies: a planned extended day leads with the safe date, and the plan relies on the extension",
         procedure=FC, facts={**OCT6, "received": "2026-12-07"}, today="2026-11-20", person="complainant",
         status="relies", date="2026-12-04",
         en="File by Friday, December 4, 2026. The day you plan, Monday, December 7, 2026, is on time only if the "
            "weekend and holiday extension (C.R.S. § 2-4-108) applies.",
         es="Presente la queja a más tardar el viernes 4 de diciembre de 2026. Presentarla el día que prevé, el lunes "
            "7 de diciembre de 2026, es a tiempo solo si se aplica la prórroga por fines de semana y feriados "
            "(C.R.S. § 2-4-108)."),
    # A plan after the last day is late (red), and says so first and plainly (issue 39, item 6): no last day has
    # passed, so the person can still file, and the day to file by follows, in the present tense.
    dict(name="complainant, late: 17 days left and a plan after the last day: the plan is too late, then the safe date",
         procedure=FC, facts={**OCT6, "received": "2026-12-08"}, today="2026-11-20", person="complainant",
         status="late", date="2026-12-04",
         en="Your planned day, Tuesday, December 8, 2026, is too late: file by Friday, December 4, 2026.",
         en_detail=WHY_DEC5,
         es="Presentarla el día que prevé, el martes 8 de diciembre de 2026, es demasiado tarde: presente la queja a "
            "más tardar el viernes 4 de diciembre de 2026.", es_detail=WHY_DEC5_ES),
    dict(name="complainant, late: the safe date passed and the plan is after the last day",
         procedure=FC, facts={**OCT6, "received": "2026-12-08"}, today="2026-12-05", person="complainant",
         status="late", date="2026-12-07",
         en="Your planned day, Tuesday, December 8, 2026, is too late: the safe date, Friday, December 4, 2026, has "
            "passed; the last day may still be Monday, December 7, 2026, if the weekend and holiday extension "
            "(C.R.S. § 2-4-108) applies.",
         es="Presentarla el día que prevé, el martes 8 de diciembre de 2026, es demasiado tarde: la fecha segura, el "
            "viernes 4 de diciembre de 2026, ya pasó; el último día todavía puede ser el lunes 7 de diciembre de 2026, "
            "si se aplica la prórroga por fines de semana y feriados (C.R.S. § 2-4-108)."),
    dict(name="complainant, late: a plan made after the last day has passed",
         procedure=FC, facts={**OCT6, "received": "2026-12-10"}, today="2026-12-08", person="complainant",
         status="late", date="2026-12-07",
         en="The last day to file was Monday, December 7, 2026.",
         es="El último día para presentar la queja fue el lunes 7 de diciembre de 2026."),
    # --- the complainant: a complaint already received -----------------------------------------------------
    dict(name="complainant, certain: received before the safe date, in the past tense",
         procedure=FC, facts={**OCT6, "received": "2026-12-01"}, today="2026-12-02", person="complainant",
         status="certain", date="2026-12-04",
         en="On time: received on Tuesday, December 1, 2026, within the period under every reading.",
         es="A tiempo: recibida el martes 1 de diciembre de 2026, dentro del plazo en cualquier interpretación."),
    dict(name="complainant, certain: received today, on the safe date",
         procedure=FC, facts={**OCT6, "received": "2026-12-04"}, today="2026-12-04", person="complainant",
         status="certain", date="2026-12-04",
         en="On time: received today, Friday, December 4, 2026, within the period under every reading.",
         es="A tiempo: recibida hoy, el viernes 4 de diciembre de 2026, dentro del plazo en cualquier interpretación."),
    dict(name="complainant, relies: received today on the extended day, and why only the extension makes it timely",
         procedure=FC, facts={**OCT6, "received": "2026-12-07"}, today="2026-12-07", person="complainant",
         status="relies", date="2026-12-04",
         en="On time only under a reading that is not confirmed: received today, Monday, December 7, 2026, after the "
            "safe date, Friday, December 4, 2026.", en_detail=WHY_DEC5,
         es="A tiempo solo según una interpretación que no está confirmada: recibida hoy, el lunes 7 de diciembre de "
            "2026, después de la fecha segura, el viernes 4 de diciembre de 2026.", es_detail=WHY_DEC5_ES),
    dict(name="complainant, late: received the day after the extended day",
         procedure=FC, facts={**OCT6, "received": "2026-12-08"}, today="2026-12-09", person="complainant",
         status="late", date="2026-12-07",
         en="Late: the complaint was received on Tuesday, December 8, 2026, after the last day, Monday, December 7, "
            "2026.", en_detail=LATE_WHAT_NOW,
         es="Fuera de plazo: la queja se recibió el martes 8 de diciembre de 2026, después del último día, el lunes 7 "
            "de diciembre de 2026.", es_detail=LATE_WHAT_NOW_ES),
    # --- the complainant: who may file ---------------------------------------------------------------------
    dict(name="complainant, barred: someone who may not file is told so, and what can still be done",
         procedure=FC, facts={"violation_date": "2026-10-06", "complainant_role": "other"}, today="2026-11-20",
         person="complainant", status="barred", date=None,
         en="You may not file under this procedure: § 7-145(a) allows a complaint only from a registered elector in "
            "the City or a candidate.",
         en_detail="If a registered elector in the City or a candidate knows of the violation, they may file it "
                   "themselves. Ask the Fort Collins City Clerk's Office or your own lawyer if you are not sure whether "
                   "you may file.",
         es="Usted no puede presentar una queja en este procedimiento: § 7-145(a) permite presentar una queja solo a "
            "un elector registrado en la Ciudad o un candidato.",
         es_detail="Si un elector registrado en la Ciudad o un candidato tiene conocimiento de la infracción, puede "
                   "presentar la queja. Consulte a la Oficina de la Secretaría Municipal de Fort Collins o su propio "
                   "abogado si no está seguro de poder presentarla."),
    dict(name="complainant, waiting: not green while who is filing could end eligibility",
         procedure=FC, facts={"violation_date": "2026-10-06"}, today="2026-11-20", person="complainant",
         status="waiting", date="2026-12-04",
         en="File by Friday, December 4, 2026. Only a registered elector in the City or a candidate may file: say "
            "which you are.",
         es="Presente la queja a más tardar el viernes 4 de diciembre de 2026. Solo puede presentarla un elector "
            "registrado en la Ciudad o un candidato: indique cuál es su caso."),
    dict(name="complainant, late: a passed last day is late whoever files",
         procedure=FC, facts={"violation_date": "2026-10-06"}, today="2026-12-08", person="complainant",
         status="late", date="2026-12-07",
         en="The last day to file was Monday, December 7, 2026.",
         es="El último día para presentar la queja fue el lunes 7 de diciembre de 2026."),
    dict(name="complainant, certain: where any person may file, nothing is asked about who files (Illinois (A))",
         # (I) one year after Fri 5 Dec 2025 is Sat 5 Dec 2026; safe Fri 4 Dec; 5 ILCS 70/1.11 (assumed) to Mon 7 Dec.
         procedure=IL, facts={"violation_date": "2025-12-05"}, today="2026-11-30", person="complainant",
         status="certain", date="2026-12-04", en="File by Friday, December 4, 2026.",
         en_detail="The period (one year after the date of the alleged violation) ends on Saturday, December 5, 2026, "
                   "a weekend day; the last day moves to Monday, December 7, 2026 only if the weekend and holiday "
                   "extension (5 ILCS 70/1.11) applies, which is not confirmed.",
         es="Presente la queja a más tardar el viernes 4 de diciembre de 2026.",
         es_detail="El plazo (un año después de la fecha de la presunta infracción) termina el sábado 5 de diciembre "
                   "de 2026, que es fin de semana; el último día pasa al lunes 7 de diciembre de 2026 solo si se aplica "
                   "la prórroga por fines de semana y feriados (5 ILCS 70/1.11), lo que no está confirmado."),
    dict(name="complainant, certain: a confirmed counting rule's extension is the law, not a reading",
         # Sample Town: 30 days after learning on Fri 1 May 2026 is Sun 31 May; Town Code § 1-2 (confirmed) carries it
         # to Mon 1 June. The other limit, 60 days after the Tue 3 Nov election, is in January 2027.
         procedure=PATTERNS, facts={"discovered": "2026-05-01", "election_date": "2026-11-03", "received": "2026-06-01"},
         today="2026-06-02", person="complainant", status="certain", date="2026-06-01",
         en="On time: received on Monday, June 1, 2026, within the period under every reading.",
         es="A tiempo: recibida el lunes 1 de junio de 2026, dentro del plazo en cualquier interpretación."),
    # --- the complainant: the fact that is actually missing ------------------------------------------------
    dict(name="complainant, waiting: with nothing entered, the violation date is asked for",
         procedure=FC, facts=ELECTOR, today="2026-11-20", person="complainant", status="waiting", date=None,
         en="Enter the date of the alleged violation to see the last day to file.",
         es="Indique la fecha de la presunta infracción para ver el último día para presentar la queja."),
    dict(name="complainant, waiting: a complaint received, without its violation date",
         procedure=FC, facts={**ELECTOR, "received": "2026-11-10"}, today="2026-11-20", person="complainant",
         status="waiting", date=None,
         en="Enter the date of the alleged violation to see whether it was on time.",
         es="Indique la fecha de la presunta infracción para saber si se presentó a tiempo."),
    dict(name="complainant, waiting: a period from the election asks for the election, not the violation given",
         procedure=AFTER_ELECTION, facts={"violation_date": "2026-10-01"}, today="2026-11-20", person="complainant",
         status="waiting", date=None,
         en="Enter election day to see the last day to file.",
         es="Indique el día de la elección para ver el último día para presentar la queja."),
    dict(name="complainant, waiting: one limit known, the other may end sooner",
         # Sample Town: 30 days after learning on Mon 2 Mar 2026 is Wed 1 Apr; the election limit is not known.
         procedure=PATTERNS, facts={"discovered": "2026-03-02"}, today="2026-03-10", person="complainant",
         status="waiting", date="2026-04-01",
         en="File by Wednesday, April 1, 2026 at the latest: the limit counted from election day may end sooner, and "
            "it is not known yet.", en_detail="To know, enter election day.",
         es="Presente la queja a más tardar el miércoles 1 de abril de 2026: el límite que se cuenta desde el día de "
            "la elección puede vencer antes, y todavía no se conoce.", es_detail="Para saberlo, indique el día de la elección."),

    # --- the respondent ----------------------------------------------------------------------------------
    dict(name="respondent, certain: the next deadline, before its safe date",
         # Notice Mon 30 Nov 2026: Tue 1 (1) … Fri 4 (4), Mon 7 (5) … Fri 11 (9), Mon 14 Dec (10); no closure between.
         procedure=FC, facts={"events": {"complaint-forwarded": "2026-11-23", "investigation-notice": "2026-11-30"}},
         today="2026-12-01", person="respondent", status="certain", date="2026-12-14",
         en="Your next deadline: get any additional information to the City Clerk by Monday, December 14, 2026.",
         en_detail=None,
         es="Su próximo plazo: hacer llegar al Secretario Municipal la información adicional a más tardar el lunes 14 "
            "de diciembre de 2026.", es_detail=None),
    dict(name="respondent, certain: on the last day, it is today",
         procedure=FC, facts={"events": {"complaint-forwarded": "2026-11-23", "investigation-notice": "2026-11-30"}},
         today="2026-12-14", person="respondent", status="certain", date="2026-12-14",
         en="Your next deadline is today, Monday, December 14, 2026: get any additional information to the City Clerk.",
         es="Su próximo plazo vence hoy, el lunes 14 de diciembre de 2026: hacer llegar al Secretario Municipal la "
            "información adicional."),
    dict(name="respondent, certain: after it, the windows still open lead",
         procedure=FC, facts={"events": {"complaint-forwarded": "2026-11-23", "investigation-notice": "2026-11-30"}},
         today="2026-12-15", person="respondent", status="certain", date=None,
         en="You may pay the presumptive fine or send responsive information to the City Clerk now, until the date of "
            "“The complaint was filed with the Municipal Court”.",
         es="Usted puede pagar la multa predeterminada o enviar información en respuesta al Secretario Municipal "
            "ahora, hasta la fecha de «La queja se presentó ante el Tribunal Municipal»."),
    dict(name="respondent, late: every deadline passed and every window closed",
         procedure=FC, facts={"events": {"complaint-forwarded": "2026-11-23", "investigation-notice": "2026-11-30",
                                         "municipal-court-filing": "2026-12-21"}},
         today="2026-12-22", person="respondent", status="late", date="2026-12-14",
         en="Your last deadline, to get any additional information to the City Clerk, was Monday, December 14, 2026.",
         es="Su último plazo, para hacer llegar al Secretario Municipal la información adicional, fue el lunes 14 de "
            "diciembre de 2026."),
    dict(name="respondent, certain: on a safe date before a possible closure's later last day",
         procedure=FC, facts=NOTICE_NOV23, today="2026-12-08", person="respondent", status="certain",
         date="2026-12-08",
         en="Your next deadline is today, Tuesday, December 8, 2026: get any additional information to the City Clerk.",
         en_detail=f"The code's last day may be Wednesday, December 9, 2026, {IF_NOV27}.",
         es="Su próximo plazo vence hoy, el martes 8 de diciembre de 2026: hacer llegar al Secretario Municipal la "
            "información adicional.",
         es_detail=f"El último día según el código puede ser el miércoles 9 de diciembre de 2026, {IF_NOV27_ES}."),
    dict(name="respondent, relies: on the later last day, which holds only if the office closed",
         procedure=FC, facts=NOTICE_NOV23, today="2026-12-09", person="respondent", status="relies",
         date="2026-12-09",
         en=f"Your next deadline, to get any additional information to the City Clerk, may be today, Wednesday, "
            f"December 9, 2026, {IF_NOV27}; its safe date, Tuesday, December 8, 2026, has passed.",
         es=f"Su próximo plazo, hacer llegar al Secretario Municipal la información adicional, puede vencer hoy, el "
            f"miércoles 9 de diciembre de 2026, {IF_NOV27_ES}; su fecha segura, el martes 8 de diciembre de 2026, ya "
            f"pasó."),
    dict(name="respondent, certain: Illinois (F) demand before its safe date, and why the code's day may be later",
         procedure=IL, facts={**RECOMMENDED, "hearing_closed": True}, today="2026-10-08", person="respondent",
         status="certain", date="2026-10-16",
         en="Your next deadline: file a written demand for a public hearing by Friday, October 16, 2026.",
         en_detail=f"The code's last day may be Monday, October 19, 2026, {IF_OCT12}.",
         es="Su próximo plazo: presentar por escrito la solicitud de audiencia pública a más tardar el viernes 16 de "
            "octubre de 2026.",
         es_detail=f"El último día según el código puede ser el lunes 19 de octubre de 2026, {IF_OCT12_ES}."),
    dict(name="respondent, relies: between the safe date and the later last day",
         procedure=IL, facts={**RECOMMENDED, "hearing_closed": True}, today="2026-10-17", person="respondent",
         status="relies", date="2026-10-19",
         en=f"Your next deadline: file a written demand for a public hearing by Monday, October 19, 2026 at the latest; "
            f"its safe date, Friday, October 16, 2026, has passed, and Monday, October 19, 2026 holds only {IF_OCT12}.",
         es=f"Su próximo plazo: presentar por escrito la solicitud de audiencia pública a más tardar el lunes 19 de "
            f"octubre de 2026; su fecha segura, el viernes 16 de octubre de 2026, ya pasó, y el lunes 19 de octubre de "
            f"2026 vale solo {IF_OCT12_ES}."),
    dict(name="respondent, late: the day after the later last day",
         procedure=IL, facts={**RECOMMENDED, "hearing_closed": True}, today="2026-10-20", person="respondent",
         status="late", date="2026-10-19",
         en="Your last deadline, to file a written demand for a public hearing, was Monday, October 19, 2026.",
         es="Su último plazo, para presentar por escrito la solicitud de audiencia pública, fue el lunes 19 de octubre "
            "de 2026."),
    dict(name="respondent, waiting: a deadline that applies only if a fact not entered holds says so, with its date",
         procedure=IL, facts=RECOMMENDED, today="2026-10-08", person="respondent", status="waiting", date="2026-10-16",
         en="If the hearing was closed to the public, your next deadline is to file a written demand for a public "
            "hearing by Friday, October 16, 2026. To know, answer “Was the commission's hearing closed to the public?”.",
         es="Si la audiencia se celebró a puerta cerrada, su próximo plazo es presentar por escrito la solicitud de "
            "audiencia pública a más tardar el viernes 16 de octubre de 2026. Para saberlo, responda a «¿La audiencia "
            "de la comisión se celebró a puerta cerrada?»."),
    dict(name="respondent, relies: the cure window can close unannounced, so it never reads as a safe green",
         procedure=FC, facts={"events": {"complaint-forwarded": "2026-11-23"}}, today="2026-11-24", person="respondent",
         status="relies", date=None,
         # The point it relies on is named (issue 27): that no investigation has begun yet.
         en="You may provide evidence of a cure now, but only while it is still before an investigation begins: that "
            "can happen before you are told of it, so do not wait.", en_detail=WINDOWS_UNTIL_COURT,
         es="Usted puede presentar pruebas de que corrigió (subsanó) la infracción ahora, pero solo mientras sea antes "
            "de que se inicie una investigación: eso puede ocurrir antes de que se lo comuniquen, así que no espere.",
         es_detail=WINDOWS_UNTIL_COURT_ES),
    dict(name="respondent, relies: a window is open as of today when its closing notice is dated later",
         # Forwarded Thu 23 Dec 2027, notice dated Wed 5 Jan 2028, today Tue 28 Dec 2027. The additional-information
         # deadline counts ten business days from the notice: Thu 6 (1), Fri 7 (2), Mon 10 … Fri 14 (7); Mon 17 Jan
         # is Martin Luther King Jr. Day; Tue 18 (8), Wed 19 (9), Thu 20 Jan 2028 (10).
         procedure=FC, facts={"events": {"complaint-forwarded": "2027-12-23", "investigation-notice": "2028-01-05"}},
         today="2027-12-28", person="respondent", status="relies", date="2028-01-05",
         en="You may provide evidence of a cure now, but only while it is still before an investigation begins, which "
            "is Wednesday, January 5, 2028 at the latest: it can happen before you are told of it, so do not wait.",
         en_detail=WINDOWS_UNTIL_COURT + " Your next deadline: get any additional information to the City Clerk by "
                                         "Thursday, January 20, 2028.",
         es="Usted puede presentar pruebas de que corrigió (subsanó) la infracción ahora, pero solo mientras sea antes "
            "de que se inicie una investigación, lo que ocurre a más tardar el miércoles 5 de enero de 2028: puede "
            "ocurrir antes de que se lo comuniquen, así que no espere.",
         es_detail=WINDOWS_UNTIL_COURT_ES + " Su próximo plazo: hacer llegar al Secretario Municipal la información "
                                            "adicional a más tardar el jueves 20 de enero de 2028."),
    dict(name="respondent, nothing: windows that open on a later day",
         procedure=FC, facts={"events": {"complaint-forwarded": "2026-11-23"}}, today="2026-11-20", person="respondent",
         status="nothing", date="2026-11-23",
         en="Nothing is due from you yet. From Monday, November 23, 2026, you may pay the presumptive fine, send "
            "responsive information to the City Clerk or provide evidence of a cure.",
         es="Todavía no tiene nada que hacer. A partir del lunes 23 de noviembre de 2026, podrá pagar la multa "
            "predeterminada, enviar información en respuesta al Secretario Municipal o presentar pruebas de que "
            "corrigió (subsanó) la infracción."),
    dict(name="respondent, nothing: the first step waits on an event",
         procedure=FC, facts={}, today="2026-11-20", person="respondent", status="nothing", date=None,
         en="Nothing is due from you yet. Your first step, to pay the presumptive fine, comes after the date of “The "
            "City Clerk forwarded the complaint to the respondent”.",
         es="Todavía no tiene nada que hacer. Su primer paso, pagar la multa predeterminada, llega después de la fecha "
            "de «El Secretario Municipal envió la queja a la persona denunciada»."),
    dict(name="respondent, nothing: a first step that applies only in some cases says which",
         procedure=IL, facts={}, today="2026-11-20", person="respondent", status="nothing", date=None,
         en="Nothing is due from you yet. If the hearing was closed to the public, your first step, to file a written "
            "demand for a public hearing, comes after the date of “Recommendation for discipline or fine issued”.",
         es="Todavía no tiene nada que hacer. Si la audiencia se celebró a puerta cerrada, su primer paso, presentar "
            "por escrito la solicitud de audiencia pública, llega después de la fecha de «Se emitió la recomendación "
            "de sanción disciplinaria o la multa»."),
    dict(name="respondent, nothing: a procedure that asks nothing of the respondent",
         procedure=MINIMAL, facts={"violation_date": "2026-03-02"}, today="2026-03-05", person="respondent",
         status="nothing", date=None,
         en="Nothing in this procedure is due from the respondent.",
         es="En este procedimiento no hay nada que deba hacer la persona denunciada."),

    # --- the clerk -----------------------------------------------------------------------------------------
    dict(name="clerk, certain: the office's one duty, before its safe date, and why its last day may be later",
         procedure=FC, facts=NOV25, today="2026-11-30", person="clerk", status="certain", date="2026-12-01",
         en="The office owes one thing: to notify both parties of the preliminary review by Tuesday, December 1, 2026.",
         en_detail=f"The code's last day may be Wednesday, December 2, 2026, {IF_NOV27}.",
         es="La oficina tiene una tarea pendiente: notificar a ambas partes el resultado de la revisión preliminar a "
            "más tardar el martes 1 de diciembre de 2026.",
         es_detail=f"El último día según el código puede ser el miércoles 2 de diciembre de 2026, {IF_NOV27_ES}."),
    dict(name="clerk, certain: on the safe date, today",
         procedure=FC, facts=NOV25, today="2026-12-01", person="clerk", status="certain", date="2026-12-01",
         en="The office owes one thing: to notify both parties of the preliminary review today, Tuesday, December 1, "
            "2026.",
         es="La oficina tiene una tarea pendiente: notificar a ambas partes el resultado de la revisión preliminar "
            "hoy, el martes 1 de diciembre de 2026."),
    dict(name="clerk, relies: on the later last day",
         procedure=FC, facts=NOV25, today="2026-12-02", person="clerk", status="relies", date="2026-12-02",
         en=f"The office owes one thing: to notify both parties of the preliminary review, and today, Wednesday, "
            f"December 2, 2026, may be the last day, {IF_NOV27}.",
         es=f"La oficina tiene una tarea pendiente: notificar a ambas partes el resultado de la revisión preliminar, y "
            f"hoy, el miércoles 2 de diciembre de 2026, puede ser el último día, {IF_NOV27_ES}."),
    dict(name="clerk, late: a passed duty says when it was due and that it is late if not done",
         procedure=FC, facts=NOV25, today="2026-12-03", person="clerk", status="late", date="2026-12-02",
         en="Past its last day: to notify both parties of the preliminary review, due by Wednesday, December 2, 2026; "
            "if it has not been done, it is late.",
         es="Ya pasó su último día: notificar a ambas partes el resultado de la revisión preliminar, que vencía el "
            "miércoles 2 de diciembre de 2026; si no se hizo, está fuera de plazo."),
    dict(name="clerk, relies: between a notice's safe date and its later last day, with three duties owed",
         # Received Wed 7 Oct 2026, the respondent not a candidate. (B) three business days: Thu 8 (1), Fri 9 (2), and
         # Mon 12 (3) if the office opens on Columbus Day, else Tue 13. Mon 12 may be closed, so the safe date is
         # Fri 9. (C)(1) seven business days: Fri 16 or Mon 19. (C)(2) four weeks: Wed 4 Nov.
         procedure=IL, facts={"received": "2026-10-07", "respondent_is_candidate": False}, today="2026-10-10",
         person="clerk", status="relies", date="2026-10-13",
         # The (C)(2) hearing is owed only if the complaint is found sufficient and there is probable cause, which no
         # fact settles: it is named with its condition, not counted as owed (issue 27).
         en=f"The office owes 2 things; the next is to send the notice to the respondent and the confirmation to the "
            f"complainant by Tuesday, October 13, 2026 at the latest: its safe date, Friday, October 9, 2026, has "
            f"passed, and Tuesday, October 13, 2026 holds only {IF_OCT12}. If the complaint is found sufficient to "
            f"allege a violation of § 103.10 and there is probable cause, it must also hold the hearing by Wednesday, "
            f"November 4, 2026.",
         es=f"La oficina tiene 2 tareas pendientes; la siguiente es enviar el aviso a la persona denunciada y la "
            f"confirmación al denunciante a más tardar el martes 13 de octubre de 2026: su fecha segura, el viernes 9 "
            f"de octubre de 2026, ya pasó, y el martes 13 de octubre de 2026 vale solo {IF_OCT12_ES}. Si la queja se "
            f"considera suficiente para alegar una infracción de § 103.10 y hay causa probable, también debe celebrar "
            f"la audiencia a más tardar el miércoles 4 de noviembre de 2026."),
    dict(name="clerk, waiting: not green while an unknown fact could bring the (G) decision seven days after filing",
         # Received Tue 20 Oct 2026. (B): Wed 21 (1), Thu 22 (2), Fri 23 (3). (G): seven days after filing is Tue 27 Oct.
         procedure=IL, facts={"received": "2026-10-20"}, today="2026-10-20", person="clerk", status="waiting",
         date="2026-10-23",
         en="The office owes 2 things; the next is to send the notice to the respondent and the confirmation to the "
            "complainant by Friday, October 23, 2026. If the respondent is a candidate and the day the Ethics "
            "commission receives the complaint is within the 60 days before election day, it must also render its "
            "decision by Tuesday, October 27, 2026 at the latest. To know, answer “Is the respondent a candidate in "
            "an election?” and enter election day.",
         es="La oficina tiene 2 tareas pendientes; la siguiente es enviar el aviso a la persona denunciada y la "
            "confirmación al denunciante a más tardar el viernes 23 de octubre de 2026. Si la persona denunciada es "
            "candidata y el día en que la Comisión de Ética recibe la queja cae dentro de los 60 días anteriores al "
            "día de la elección, también debe dictar su decisión a más tardar el martes 27 de octubre de 2026. Para "
            "saberlo, responda a «¿La persona denunciada es candidata en una elección?» e indique el día de la "
            "elección."),
    dict(name="clerk, waiting: without the receipt date, that is what is asked",
         procedure=FC, facts={"violation_date": "2026-10-06"}, today="2026-11-20", person="clerk", status="waiting",
         date=None,
         en="Enter the date the City Clerk received the complaint to see what the office owes.",
         es="Indique la fecha en que el Secretario Municipal recibió la queja para ver qué debe hacer la oficina."),
    # The next duty is the Commission's, not the receiving office's own: the sentence says whose it is (this
    # procedure has no Spanish file, so its own words stay in English there).
    dict(name="clerk, nothing: with the receipt date given, it names the event the next duty waits on, and whose it is",
         procedure=MINIMAL, facts={"violation_date": "2026-03-02", "received": "2026-03-10"}, today="2026-03-11",
         person="clerk", status="nothing", date=None,
         en="Nothing dated is due from the office yet. Next, the Commission must complete “Decision”, after the date "
            "of “Hearing”.",
         es="Todavía no hay nada con fecha a cargo de la oficina. Después, the Commission debe cumplir «Decision», "
            "tras la fecha de «Hearing»."),
    dict(name="clerk, nothing: a procedure with no dated duty of the office",
         procedure=AFTER_ELECTION, facts={"received": "2026-11-10"}, today="2026-11-20", person="clerk",
         status="nothing", date=None,
         en="Nothing in this procedure is due from the office.",
         es="En este procedimiento no hay nada que deba hacer la oficina."),
]

JURISDICTIONS = {}


def report_for(state, lang):
    name = state["procedure"]
    if name not in JURISDICTIONS:
        JURISDICTIONS[name] = load_jurisdiction(name)
    today = date.fromisoformat(state["today"]) if state["today"] else None
    return evaluate(JURISDICTIONS[name], state["facts"], lang, today)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("state", STATES, ids=[s["name"] for s in STATES])
def test_each_person_reads_the_right_sentence_in_each_state(state, lang):
    answer = report_for(state, lang)["answers"][state["person"]]
    assert answer["sentence"] == state[lang]
    assert (answer["status"], answer["date"]) == (state["status"], state["date"])
    if f"{lang}_detail" in state:
        assert answer["detail"] == state[f"{lang}_detail"]


def test_the_table_covers_every_person_in_every_status_and_every_place_of_today():
    covered = {(s["person"], s["status"]) for s in STATES}
    assert {("complainant", st) for st in ("certain", "relies", "late", "barred", "waiting")} <= covered
    assert {("respondent", st) for st in ("certain", "relies", "late", "waiting", "nothing")} <= covered
    assert {("clerk", st) for st in ("certain", "relies", "late", "waiting", "nothing")} <= covered
    names = " ".join(s["name"] for s in STATES)
    for where in ("before the safe date", "on the safe date", "between", "on the extended day", "after",
                  "planned day before", "plan after the last day"):
        assert where in names, where


def _mismatches() -> list[str]:
    found = []
    for state in STATES:
        for lang in ("en", "es"):
            answer = report_for(state, lang)["answers"][state["person"]]
            if (answer["sentence"], answer["status"], answer["date"]) != (state[lang], state["status"], state["date"]):
                found.append(f"{state['name']} ({lang})")
    return found


def test_a_last_day_equal_to_today_counted_as_passed_fails_the_table(monkeypatch):
    import core.guidance as guidance

    def passed_on_the_day(today, safe, due):  # the mutation: "today == last day" taken as passed
        if today is None or today < safe:
            return guidance.BEFORE
        return guidance.BETWEEN if today < due else guidance.AFTER

    monkeypatch.setattr(guidance, "position", passed_on_the_day)
    caught = _mismatches()
    assert any("on the safe date" in c for c in caught) and any("today" in c for c in caught), caught


def test_every_respondent_answered_certain_fails_the_table(monkeypatch):
    import core.answers as answers
    from dataclasses import replace
    respondent = answers.respondent_answer
    monkeypatch.setattr(answers, "respondent_answer", lambda ctx: replace(respondent(ctx), status="certain"))
    caught = set(_mismatches())
    statuses = {s["status"] for s in STATES if s["person"] == "respondent" and f"{s['name']} (en)" in caught}
    assert statuses == {"relies", "late", "waiting", "nothing"}, caught


@pytest.mark.parametrize("state, asks", [
    ("complainant, waiting: not green while who is filing could end eligibility", ["complainant_role"]),
    ("complainant, waiting: a period from the election asks for the election, not the violation given",
     ["election_date"]),
    ("complainant, waiting: one limit known, the other may end sooner", ["election_date"]),
    ("respondent, waiting: a deadline that applies only if a fact not entered holds says so, with its date",
     ["hearing_closed"]),
    ("clerk, waiting: not green while an unknown fact could bring the (G) decision seven days after filing",
     ["respondent_is_candidate", "election_date"]),
    ("clerk, waiting: without the receipt date, that is what is asked", ["received"]),
    ("complainant, certain: before the safe date, it leads and says in one clause why it is earlier", []),
])
def test_an_answer_that_asks_for_facts_names_each_so_a_page_can_lead_to_its_field(state, asks):
    row = next(s for s in STATES if s["name"] == state)
    assert report_for(row, "en")["answers"][row["person"]]["asks"] == asks
