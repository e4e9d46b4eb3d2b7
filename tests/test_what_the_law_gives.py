"""What each person reads is what their law gives them: the findings of a review that read every source text and
tried the checker as a new user would, each worked by hand from the text and a calendar, each failing before the
change that fixed it. Counting as the statute writes it (HRS § 1-29, a court's Rule 6(a), 4:30 p.m.), a reading
never called certain, what a procedure covers and how far back and ahead it answers, and the one sentence: a defect
is never green, a live step is never left out, a duty with no period is said as the text says it."""

from datetime import date

import pytest

from core import InputError, evaluate, load_jurisdiction, seed_ids
from core.reading.rules import states_amount

LOADED = {}


def j(name):
    if name not in LOADED:
        LOADED[name] = load_jurisdiction(name)
    return LOADED[name]


def report(name, facts, today=None, lang="en"):
    return evaluate(j(name), facts, lang, date.fromisoformat(today) if today else None)


def answer(name, facts, today, person, lang="en"):
    a = report(name, facts, today, lang)["answers"][person]
    return a["status"], a["sentence"]


def deadline(r, rule_id):
    return next(d for d in r["deadlines"] if d["id"] == rule_id)


# --- counting as the statute writes it ------------------------------------------------------------------------

@pytest.mark.parametrize("lang, sentence", [
    ("en", "Your next deadline: respond in writing to the charge and statement by Tuesday, May 28, 2030."),
    ("es", "Su próximo plazo: responder por escrito a la denuncia y la declaración a más tardar el martes 28 de "
           "mayo de 2030.")])
def test_hawaii_a_sunday_last_day_and_memorial_day_after_it_are_excluded_so_the_respondent_is_not_late(lang, sentence):
    # HRS § 84-31(b): twenty days to respond after service on Mon 6 May 2030. May 7 is day 1, May 26 day 20, a
    # Sunday: HRS § 1-29 excludes it; Mon 27 May is Memorial Day, a holiday: excluded too; Tue 28 May. The statute's
    # own rule, so the safe date is Tue 28 too. Before, the respondent read on the 27th that their last deadline
    # "was Sunday, May 26, 2030".
    r = report("hawaii-ethics", {"received": "2030-04-01", "events": {"charge-served": "2030-05-06"}}, "2030-05-27", lang)
    d = deadline(r, "response")
    assert (d["nominal"], d["due"], d["certain"], d["safe_date"]) == ("2030-05-26", "2030-05-28", "2030-05-28",
                                                                      "2030-05-28")
    assert (r["answers"]["respondent"]["status"], r["answers"]["respondent"]["sentence"]) == ("certain", sentence)


def test_hawaii_a_saturday_is_moved_only_under_the_rules_of_court_reading_never_as_certain():
    # HRS § 84-31(b): served Sun 8 Nov 2026; Nov 28 is day 20, a Saturday. § 1-29 excludes a Saturday only when the
    # rules of court so provide: the day that holds under every reading is Sat 28 (safe: Fri 27, the day after
    # Thanksgiving is a business day in Hawaii), the last day under that reading Mon 30. Before, `roll = "forward"`
    # was the only way to move a Sunday, and it moved the Saturday too, as certain.
    d = deadline(report("hawaii-ethics", {"received": "2026-07-01", "events": {"charge-served": "2026-11-08"}}),
                 "response")
    assert (d["due"], d["certain"], d["safe_date"]) == ("2026-11-30", "2026-11-28", "2026-11-27")
    assert any("if the rules of court so provide" in s.lower() for s in d["steps"])


@pytest.mark.parametrize("lang, sentence", [
    ("en", "File today, 4:30 p.m. HST, Monday, November 27, 2028: it is the last day to file."),
    ("es", "Presente la queja hoy, 4:30 p. m. HST del lunes 27 de noviembre de 2028: es el último día para "
           "presentarla.")])
def test_hawaii_an_election_contest_ends_at_4_30_pm_on_its_twentieth_day(lang, sentence):
    # HRS § 11-174.5(a): "not later than 4:30 p.m. on the twentieth day following" the general election of Tue 7 Nov
    # 2028: Nov 8 is day 1, Nov 27 day 20, a Monday and no holiday. Before, the answer gave the day with no hour.
    r = report("hawaii-election-contest", {"election_date": "2028-11-07", "complainant_role": "candidate"},
               "2028-11-27", lang)
    assert r["filing"]["due_at"] == r["filing"]["safe_at"] == "2028-11-27T16:30-10:00"
    assert (r["answers"]["complainant"]["status"], r["answers"]["complainant"]["sentence"]) == ("certain", sentence)
    assert r["answers"]["complainant"]["due_at"] == "2028-11-27T16:30-10:00"


def test_the_fec_petition_is_counted_by_the_courts_rule_as_a_reading():
    # 52 U.S.C. § 30109(a)(8)(B): 60 days after a dismissal on Wed 5 Mar 2031: Mar 31 is day 26, Apr 30 day 56, May 4
    # day 60, a Sunday. Fed. R. Civ. P. 6(a)(1)(C), not reproduced (assumed), runs it to Mon 5 May; the day that
    # holds under every reading is Sun 4 May, so the safe date is Fri 2 May. Before, Sun 4 May was certain.
    d = deadline(report("fec", {"received": "2030-02-02", "events": {"dismissal": "2031-03-05"}}),
                 "petition-after-dismissal")
    assert (d["nominal"], d["due"], d["certain"], d["safe_date"]) == ("2031-05-04", "2031-05-05", "2031-05-04",
                                                                      "2031-05-02")
    assert any("Fed. R. Civ. P. 6(a)(1)(C)" in a and "not confirmed" in a for a in d["assumptions"]) or any(
        "Fed. R. Civ. P. 6(a)(1)(C)" in s for s in d["steps"])


def test_the_fecs_mail_days_and_roll_are_a_reading_because_111_2_reaches_the_statute_only_through_111_6():
    # § 30109(a)(1): 15 days after a notification served by mail on Fri 5 Jun 2026. Under 11 CFR 111.2 (a reading):
    # 18 days, Jun 23, a Tuesday. Under the statute alone: 15 days, Sat 20 Jun, not moved; Fri 19 is Juneteenth: safe
    # date Thu 18 Jun. Before, Tue 23 Jun was confirmed and the safe date.
    d = deadline(report("fec", {"received": "2026-06-01", "served_by_mail": True,
                                "events": {"notification": "2026-06-05"}}), "response")
    assert (d["due"], d["certain"], d["safe_date"]) == ("2026-06-23", "2026-06-20", "2026-06-18")


def test_the_fecs_notification_asks_for_one_meaning_the_date_it_was_sent():
    event = j("fec").event("notification")
    assert "sent" in event.label and "not the day it arrived" in event.explain


def test_an_ordinal_states_its_amount():
    # "the 30th day after" raised "does not state the amount 30"; HRS § 11-174.5 writes "the twentieth day".
    assert states_amount("on the 30th day after the election", 30)
    assert states_amount("not later than 4:30 p.m. on the twentieth day following", 20)
    assert states_amount("the thirty-first day", 31) and states_amount("the 2nd day", 2)
    assert not states_amount("on the 30th day after the election", 3)


def test_notarized_is_worded_as_notarized_not_as_sworn():
    # Hawaii's "signed … and notarized" is not an oath; the FEC asks for an oath and a notary as two items.
    r = report("fec", {"contents": ["in-writing"]})
    notarized = next(i for i in r["contents"]["items"] if i["id"] == "notarized")
    assert "sworn" not in notarized["formality"]["explain"] and "notar" in notarized["formality"]["explain"]


# --- scope and range ---------------------------------------------------------------------------------------

def test_a_primary_is_refused_by_the_general_election_contest_naming_the_section_that_governs_it():
    # HRS § 11-174.5 covers "general, special general, special, or runoff elections"; a primary's contest is HRS
    # § 11-173.5's (thirteen days: 2028-08-12 + 13 = 2028-08-25). Before, a primary got 20 days, certain.
    with pytest.raises(InputError) as refused:
        report("hawaii-election-contest", {"election_date": "2028-08-12", "primary_contest": True}, "2028-08-20")
    assert refused.value.field == "primary_contest"
    assert "HRS § 11-173.5" in refused.value.message() and "HRS § 11-173.5" in refused.value.message("es")


@pytest.mark.parametrize("name", seed_ids())
def test_every_procedure_answers_for_a_violation_at_the_end_of_2036(name):
    r = report(name, {"violation_date": "2036-12-31"})
    assert r["jurisdiction"]["supported_to"] >= "2036-12-31"


def test_hawaii_ethics_reaches_conduct_six_years_back():
    # § 84-31(a)(8): six years. A violation on Tue 15 Jun 2021, charged now, is within them: the same date six years
    # later is Tue 15 Jun 2027, a business day. Before, any violation before 2025-04-10 was refused.
    r = report("hawaii-ethics", {"violation_date": "2021-06-15"}, "2026-12-02")
    assert (r["filing"]["deadline"], r["filing"]["safe_date"]) == ("2027-06-15", "2027-06-15")
    assert r["answers"]["complainant"]["status"] == "certain"


def test_a_discovery_after_the_complaint_was_received_is_refused_naming_it():
    # D.C. Code § 1-1162.13(c) counts from discovery; a discovery after receipt was answered green.
    with pytest.raises(InputError) as refused:
        report("dc-bega", {"violation_date": "2030-10-23", "received": "2030-11-16", "discovered": "2030-12-16"})
    assert refused.value.field == "discovered"


# --- the one sentence -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, sentence", [
    ("en", "The complaint lacks what 52 U.S.C. § 30109(a)(1) requires: “Notarized”."),
    ("es", "A la queja le falta lo que exige 52 U.S.C. § 30109(a)(1): «Notarizada».")])
def test_a_complaint_that_is_not_notarized_is_never_green(lang, sentence):
    # § 30109(a)(1): "shall be notarized". Before: "On time: received …", certain.
    status, said = answer("fec", {"violation_date": "2026-01-05", "received": "2026-02-02",
                                  "contents": ["in-writing", "signed-sworn", "penalty-of-perjury"]},
                          "2026-02-10", "complainant", lang)
    assert status == "incomplete" and said.endswith(sentence)


def test_a_dc_complaint_without_its_sworn_verification_is_never_green():
    # D.C. Code § 1-1162.13(b): a complaint verified under oath; received on time (discovered Tue 20 Jan 2026, five
    # years), but without the verification. Before: "on time under every reading", certain.
    status, said = answer("dc-bega", {"violation_date": "2026-01-05", "discovered": "2026-01-20",
                                      "received": "2026-02-02", "contents": ["names-addresses", "statement",
                                                                             "signature"]},
                          "2026-02-10", "complainant")
    assert status == "incomplete"
    assert said == ("On time: received on Monday, February 2, 2026, within the period under every reading. The "
                    "complaint lacks what D.C. Code § 1-1162.13(b) requires: “A sworn verification”.")


@pytest.mark.parametrize("lang, sentence", [
    ("en", "Your next deadline: file a petition with the U.S. District Court for the District of Columbia by Friday, "
           "May 2, 2031."),
    ("es", "Su próximo plazo: presentar una petición ante el Tribunal de Distrito de los Estados Unidos para el "
           "Distrito de Columbia a más tardar el viernes 2 de mayo de 2031.")])
def test_after_a_dismissal_the_complainant_reads_the_petition_first(lang, sentence):
    # Dismissed Wed 5 Mar 2031; the petition's safe date is Fri 2 May (above). Before, the complainant read only
    # "On time: received …".
    status, said = answer("fec", {"violation_date": "2030-01-05", "received": "2030-02-02",
                                  "events": {"dismissal": "2031-03-05"}}, "2031-04-01", "complainant", lang)
    assert (status, said) == ("certain", sentence)


@pytest.mark.parametrize("lang, sentence", [
    ("en", "Nothing dated is due from the office now. With no period set, the City Clerk must date, number and log "
           "the complaint (BMC 2.06.010(C)(1)), send the respondent a copy of the complaint and its documents, with "
           "notice of the confidentiality requirements (BMC 2.06.010(C)(1)(b)), contact a hearing examiner for "
           "appointment to screen the complaint (BMC 2.06.010(C)(2)) and prepare and keep a confidential file for "
           "the hearing examiner and the respondent (BMC 2.06.010(C)(3))."),
    ("es", "Ahora no hay nada con fecha a cargo de la oficina. Sin plazo fijado, el Secretario Municipal debe fechar, "
           "numerar y registrar la queja (BMC 2.06.010(C)(1)), enviar a la persona denunciada una copia de la queja "
           "y sus documentos, con aviso de los requisitos de confidencialidad (BMC 2.06.010(C)(1)(b)), contactar a "
           "un examinador de audiencias para que lo designen a estudiar la queja (BMC 2.06.010(C)(2)) y preparar y "
           "mantener un expediente confidencial para el examinador de audiencias y la persona denunciada "
           "(BMC 2.06.010(C)(3)).")])
def test_bethels_clerk_is_told_what_the_code_gives_it_when_the_complaint_is_filed(lang, sentence):
    # BMC 2.06.010(C): "When the complaint is filed in the city clerk's office, the city clerk shall" (1) log it and
    # send the respondent a copy, (2) contact a hearing examiner, (3) keep a confidential file. Before: "Nothing in
    # this procedure is due from the office."
    status, said = answer("bethel-ethics", {"violation_date": "2026-11-05", "received": "2026-11-20"}, "2026-11-23",
                          "clerk", lang)
    assert (status, said) == ("certain", sentence)


def test_bethels_duties_are_not_owed_before_the_complaint_is_filed():
    status, said = answer("bethel-ethics", {"violation_date": "2026-11-05", "received": "2026-11-30"}, "2026-11-23",
                          "clerk")
    assert "must" not in said


def test_beverly_hills_clerk_must_transmit_and_the_acknowledgement_is_the_city_attorneys():
    # BHMC § 1-10-4: the City Clerk "shall transmit such complaints to the City Attorney"; the City Attorney
    # acknowledges within two business days of receiving it. Before, the clerk was never told to transmit, and the
    # acknowledgement was "its next duty".
    r = report("beverly-hills-election", {"violation_date": "2026-11-05", "received": "2026-11-20"}, "2026-11-23")
    a = r["answers"]["clerk"]
    assert a["sentence"] == ("Nothing dated is due from the office now. With no period set, the City Clerk must send "
                             "the complaint to the City Attorney (BHMC § 1-10-4).")
    assert a["detail"] == ("Nothing dated is due from the office yet. Next, the City Attorney must acknowledge receipt "
                           "of the complaint in writing, after the date of “The City Attorney received the complaint "
                           "from the City Clerk”.")


def test_a_no_limit_answer_says_what_it_rests_on():
    # Carol Stream: §§ 1-8-11 to 1-8-13 set no time limit, "The rest of Article 8 was not read". Before: "you may
    # file at any time", green, with that caveat only in the report's assumptions.
    a = report("carol-stream-ethics", {"violation_date": "2026-01-05"}, "2026-02-10")["answers"]["complainant"]
    assert a["status"] == "relies" and "not read here" in a["sentence"] and "Article 8 was not read" in a["detail"]


def test_the_fec_no_limit_answer_names_the_five_years_on_penalties_and_when_they_have_passed():
    # 28 U.S.C. § 2462: five years from the violation of Mon 6 Jan 2025 is Sun 6 Jan 2030; Fed. R. Civ. P. 6(a)
    # (assumed) runs it to Mon 7 Jan, the last day; the safe date is Fri 4 Jan. A complaint received Fri 27 Dec 2030
    # comes after both. Before, the answer was green, with § 2462 only in a note.
    a = report("fec", {"violation_date": "2025-01-06", "received": "2030-12-27"}, "2030-12-28")["answers"]["complainant"]
    assert a["status"] == "relies"
    assert ("But the Federal Election Commission could begin a proceeding to enforce a civil penalty only until "
            "Monday, January 7, 2030 (28 U.S.C. § 2462), which has passed") in a["sentence"]


def test_with_no_today_a_recorded_later_step_retires_the_fecs_notice():
    # Received Mon 2 Feb 2026; probable cause found Tue 1 Dec 2026 (a later stage). The notice was due within five
    # days of receipt; with no day given, the recorded finding shows the procedure past it. Before, the clerk read
    # that a notice due eleven months earlier was owed.
    r = report("fec", {"received": "2026-02-02", "events": {"probable-cause": "2026-12-01"}})
    assert deadline(r, "notify-respondent")["stake"]["sure"] == "done"
    assert "notify" not in r["answers"]["clerk"]["sentence"]


def test_on_a_possible_closure_after_the_safe_date_acting_today_holds_if_the_office_is_open():
    # D.C.: discovered Fri 25 Dec 2026; five years later Thu 25 Dec 2031, Christmas, runs under the rule of court
    # (assumed) to Fri 26 Dec. The day that holds under every reading is Thu 25; Wed 24 Dec (Christmas Eve) is a
    # possible closure, so the safe date is Tue 23. On the 24th, if the office is open, filing that day holds under
    # every reading (24 ≤ 25).
    status, said = answer("dc-bega", {"violation_date": "2026-12-20", "discovered": "2026-12-25"}, "2031-12-24",
                          "complainant")
    assert status == "relies"
    assert said.endswith("The office may be closed today (Christmas Eve); if it is open, acting today holds under "
                         "every reading.")
