"""Eight shapes of time limit and form that real procedures have (tests/jurisdictions/federal-style, later-of,
discovery and continuing): no time limit for filing (the FEC's "may file a complaint"), a sworn and notarized
complaint, a limit counted from discovery (D.C. Code § 1-1162.13(c)), the later of two dates (NMSA § 10-16G-15),
a continuing course of conduct (Fla. Stat. § 112.3231), no filing in the days before an election, three days
added after service by mail (11 CFR 111.2(b)), and a period of at least 30 and not more than 90 days, 15 and 30
shortly before an election (52 U.S.C. § 30109(a)(4)(A)). Each expected date is worked by hand beside it; the
properties at the end hold whichever way a fact not given turns out."""

import json
import re
from datetime import date, timedelta
from pathlib import Path

import pytest

from core import evaluate, load_jurisdiction
from core.cases import run_cases

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ("federal-style", "later-of", "discovery", "continuing")
GUIDE = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
FEDERAL, LATER, DISCOVERY, CONTINUING = (load_jurisdiction(str(ROOT / "tests" / "jurisdictions" / f"{n}.toml"))
                                         for n in FIXTURES)


def report(j, facts, today="2026-04-10", lang="en"):
    return evaluate(j, facts, lang, date.fromisoformat(today))


def deadline(r, rule_id):
    return next(d for d in r["deadlines"] if d["id"] == rule_id)


@pytest.mark.parametrize("name", FIXTURES)
def test_each_fixtures_worked_cases_pass(name):
    cases = json.loads((ROOT / "tests" / "jurisdictions" / f"{name}.cases.json").read_text(encoding="utf-8"))
    result = run_cases(load_jurisdiction(str(ROOT / "tests" / "jurisdictions" / f"{name}.toml")), cases)
    assert result["passed"] == result["total"] == len(cases), [r for r in result["results"] if not r["passed"]]


def test_the_guide_shows_the_pieces_of_the_fixtures_exactly():
    pieces = [(n, name, toml) for n in FIXTURES for name, toml in re.findall(
        r"# --- shape: (.*?)\n(.*?)# --- end\n", (ROOT / "tests" / "jurisdictions" / f"{n}.toml").read_text("utf-8"), re.S)]
    assert len(pieces) == 8
    for fixture, name, toml in pieces:
        assert f"```toml\n{toml}```" in GUIDE, f"the guide should show {fixture}'s “{name}” exactly"


# --- no time limit for filing --------------------------------------------------------------------------------

def test_no_time_limit_is_said_and_no_date_is_given():
    r = report(FEDERAL, {"violation_date": "2026-03-02"})
    assert r["answers"]["complainant"] == {
        "status": "certain", "date": None, "detail": None, "due_at": None, "rule": "filing", "asks": [], "display": {},
        "sentence": "The code sets no time limit for filing a complaint (§ 9(a)(1)): you may file at any time. There is "
                    "no last day to file."}
    assert (r["filing"]["no_limit"], r["filing"]["deadline"], r["filing"]["safe_date"]) == (True, None, None)
    assert "filing" not in [d["id"] for d in r["deadlines"]]
    es = report(FEDERAL, {"violation_date": "2026-03-02"}, lang="es")["answers"]["complainant"]["sentence"]
    assert es == ("El código no fija un plazo para presentar la queja (§ 9(a)(1)): puede presentarla en cualquier "
                  "momento. No hay un último día para presentarla.")


def test_with_no_time_limit_the_later_stages_are_still_counted():
    # Received Wed 1 April 2026, notified Mon 6 April: the response is due 15 days later, Tue 21 April.
    r = report(FEDERAL, {"violation_date": "2025-01-06", "received": "2026-04-01",
                         "events": {"notification": "2026-04-06"}})
    assert (r["filing"]["status"], r["filing"]["certainty"]) == ("timely", "certain")
    assert r["answers"]["complainant"]["sentence"] == ("On time: received on Wednesday, April 1, 2026; the code sets "
                                                       "no time limit for filing a complaint (§ 9(a)(1)).")
    assert deadline(r, "response")["due"] == "2026-04-21"


# --- a sworn or notarized complaint --------------------------------------------------------------------------

def test_a_notarized_complaint_is_a_requirement_with_what_it_means():
    r = report(FEDERAL, {"contents": []})
    item = r["contents"]["items"][0]
    # Notarized is not sworn: an oath is its own requirement, where the law asks for one (this one does, in the
    # same item: "signed and sworn …, shall be notarized").
    assert item["formality"] == {"kind": "notarized", "explain": "The complaint must be notarized: signed in front of a "
                                 "notary public, who notarizes it (an oath as well only where the law also asks for "
                                 "one). A complaint that is not notarized may be refused."}
    assert r["contents"]["missing"] == ["sworn"]
    assert report(FEDERAL, {"contents": ["sworn"]})["contents"]["status"] == "complete"


# --- days added after service by mail ------------------------------------------------------------------------

def test_three_days_are_added_when_service_was_by_mail():
    # 15 + 3 = 18 days after Mon 6 April 2026 is Fri 24 April.
    r = report(FEDERAL, {"received": "2026-04-01", "served_by_mail": True, "events": {"notification": "2026-04-06"}})
    assert deadline(r, "response")["due"] == "2026-04-24"
    assert deadline(r, "response")["steps"][0] == ("Because the Commission served the notification by mail, 3 days "
                                                   "are added to the period: 15 calendar days and 3 more make 18 "
                                                   "calendar days.")
    assert r["answers"]["respondent"]["sentence"] == ("Your next deadline: answer the complaint in writing by Friday, "
                                                      "April 24, 2026.")


@pytest.mark.parametrize("add_days, found", [
    # the FEC's shape: the rule quotes the statute's 15 days; the three days are said by 11 CFR 111.2(c)
    ('clause = "111-2-c", text = "three (3) days shall be added to the prescribed period."', None),
    ('clause = "111-2-c", text = "five (5) days shall be added to the prescribed period."', "not word for word"),
    ('clause = "111-2-c"', "give both the clause that adds the days and its words"),
    ('clause = "111-2-c", text = "shall be added to the prescribed period."', "does not state the amount 3"),
])
def test_the_days_added_may_be_quoted_from_the_clause_that_adds_them(tmp_path, add_days, found):
    from core.jurisdiction import check_file
    text = (ROOT / "tests" / "jurisdictions" / "federal-style.toml").read_text(encoding="utf-8")
    sentence = "Whenever the Commission serves a paper by mail, three days shall be added to the prescribed period."
    assert sentence in text
    text = text.replace(" " + sentence, "")  # the rule's own quote no longer says the three days
    text = text.replace('when = [{ fact = "served_by_mail", equals = true }] }',
                        'when = [{ fact = "served_by_mail", equals = true }]' + (", " + add_days if add_days else "") + " }")
    text += ('\n[[clauses]]\nanchor = "111-2-c"\ncite = "Sample Rule 111.2(c)"\ntitle = "Service by mail"\n'
             'text = "(c) Whenever the paper is served by mail, three (3) days shall be added to the prescribed period."\n')
    path = tmp_path / "federal-style.toml"
    path.write_text(text, encoding="utf-8")
    _, problems = check_file(path)
    said = [p.message for p in problems if "add_days" in p.entry or "add_days" in (p.hint or "")]
    if found is None:
        assert not said, said
    else:
        assert any(found in message for message in said), [str(p) for p in problems]


def test_while_service_by_mail_is_not_known_the_date_without_the_added_days_is_given_and_the_other_named():
    r = report(FEDERAL, {"received": "2026-04-01", "events": {"notification": "2026-04-06"}})
    d = deadline(r, "response")
    assert (d["due"], d["safe_date"]) == ("2026-04-21", "2026-04-21")
    assert ("If the Commission served the notification by mail, 3 days are added to the period, and the last day "
            "would be Friday, April 24, 2026. Until that is known, the dates here are counted without them, which "
            "holds either way.") in d["assumptions"]


# --- at least 30 days, not more than 90; 15 and 30 shortly before an election ---------------------------------

def test_a_period_of_at_least_and_not_more_than_says_both_days_and_which_applies():
    # Probable cause Mon 21 Sep 2026, election Tue 3 Nov: 43 days, within 45: (ii) applies. 15 days: Tue 6 Oct
    # (Sep 30 is day 9); 30 days: Wed 21 Oct.
    r = report(FEDERAL, {"received": "2026-04-01", "election_date": "2026-11-03",
                         "events": {"probable-cause": "2026-09-21"}}, today="2026-09-22")
    d = deadline(r, "conciliation-before-election")
    assert (d["earliest_end"], d["due"], d["applies"]) == ("2026-10-06", "2026-10-21", "yes")
    assert d["display"]["earliest_end"] == "Tuesday, October 6, 2026"
    assert "conciliation" in [n["id"] for n in r["not_applicable"]]
    assert r["answers"]["clerk"]["detail"] == ("The period lasts at least until Tuesday, October 6, 2026; it may not "
                                               "go on after Wednesday, October 21, 2026.")
    # Without the election day, either may apply, and the office is told what decides it.
    r = report(FEDERAL, {"received": "2026-04-01", "events": {"probable-cause": "2026-09-21"}}, today="2026-09-22")
    assert {d["id"]: d["applies"] for d in r["deadlines"] if d["id"].startswith("conciliation")} == {
        "conciliation": "unknown", "conciliation-before-election": "unknown"}
    assert r["answers"]["clerk"]["status"] == "waiting" and r["answers"]["clerk"]["asks"] == ["election_date"]


# --- the later of two dates; a continuing course of conduct ----------------------------------------------------

def test_the_later_of_two_dates_while_the_second_is_not_known():
    # Two years after Mon 2 March 2026 is Thu 2 March 2028.
    r = report(LATER, {"violation_date": "2026-03-02", "election_date": "2026-11-03"})
    assert (r["filing"]["deadline"], r["filing"]["safe_date"]) == ("2028-03-02", "2028-03-02")
    assert r["answers"]["complainant"]["status"] == "certain"
    assert r["answers"]["complainant"]["detail"] == (
        "The limit counted from “The day the conduct could reasonably have been discovered” may give a later last "
        "day: to see it, enter “The day the conduct could reasonably have been discovered”.")
    assert "Limit 1 is the latest known so far: Thursday, March 2, 2028." in r["filing"]["steps"]


def test_after_the_known_limit_the_answer_asks_for_the_other_date_rather_than_say_late():
    r = report(LATER, {"violation_date": "2026-03-02", "received": "2028-05-01"}, today="2028-05-02")
    assert r["filing"]["status"] == "unknown"
    assert r["answers"]["complainant"]["status"] == "waiting"
    assert r["answers"]["complainant"]["asks"] == ["discovered"]
    r = report(LATER, {"violation_date": "2026-03-02", "discovered": "2026-03-02", "received": "2028-05-01"},
               today="2028-05-02")
    assert r["filing"]["status"] == "late"  # the discovery was the conduct's day: both limits ended 2 March 2028


def test_a_continuing_course_of_conduct_starts_the_clock_the_day_after_it_ends():
    # Counted from Tue 30 June 2026, that day not counted (the five years begin Wed 1 July): Mon 30 June 2031.
    r = report(CONTINUING, {"violation_date": "2026-03-02", "conduct_ended": "2026-06-30"})
    assert r["filing"]["deadline"] == "2031-06-30"
    assert r["filing"]["steps"][5] == ("Start: Tuesday, June 30, 2026, “The day a continuing course of conduct "
                                       "ended”. That day is not counted.")


def test_a_limit_counted_from_discovery_asks_for_the_day_of_discovery():
    r = report(DISCOVERY, {"violation_date": "2025-03-02"})
    assert r["answers"]["complainant"]["asks"] == ["discovered"]
    assert r["filing"]["deadline"] is None


# --- no filing in the days before an election -----------------------------------------------------------------

def test_no_filing_in_the_days_before_an_election():
    # Election Tue 7 March 2028: closed 2 to 6 March. The limit, Thu 2 March, moves to Wed 1 March.
    r = report(LATER, {"violation_date": "2026-03-02", "election_date": "2028-03-07"})
    assert (r["filing"]["nominal"], r["filing"]["deadline"], r["filing"]["safe_date"]) == (
        "2028-03-02", "2028-03-01", "2028-03-01")
    r = report(LATER, {"violation_date": "2026-03-02", "election_date": "2028-03-07", "received": "2028-03-03"},
               today="2028-03-04")
    assert r["filing"]["status"] == "not-permitted"
    assert r["answers"]["complainant"]["status"] == "late"
    assert r["answers"]["complainant"]["sentence"] == (
        "Not permitted: received on Friday, March 3, 2028, in the 5 days before election day, from Thursday, March 2, "
        "2028 to Monday, March 6, 2028, when § 15(b) lets no complaint be filed.")


def test_while_the_election_day_is_not_known_the_filing_answer_is_never_green():
    r = report(LATER, {"violation_date": "2026-03-02", "discovered": "2026-03-02"})
    answer = r["answers"]["complainant"]
    assert (answer["status"], answer["asks"], answer["date"]) == ("waiting", ["election_date"], "2028-03-02")
    assert answer["sentence"] == ("File by Thursday, March 2, 2028. No complaint may be filed in the 5 days before "
                                  "election day; if that day is close, it may come sooner. To know, enter election day.")


# --- safe dates hold whichever way a fact not given turns out ---------------------------------------------------

def _days(start: str, n: int, step: int = 1):
    first = date.fromisoformat(start)
    return [(first + timedelta(days=i)).isoformat() for i in range(0, n, step)]


def test_the_later_of_two_dates_safe_date_holds_for_any_day_of_discovery():
    base = {"violation_date": "2026-03-02", "election_date": "2025-11-04"}
    safe = report(LATER, base)["filing"]["safe_date"]
    for discovered in _days("2025-12-01", 500, 7):
        r = report(LATER, base | {"discovered": discovered, "received": safe})
        assert r["filing"]["status"] == "timely", discovered
        assert safe <= r["filing"]["certain"], discovered


def test_the_mail_days_safe_date_holds_whichever_way_service_went():
    base = {"received": "2026-04-01"}
    for notified in _days("2026-06-01", 60, 3):
        facts = base | {"events": {"notification": notified}}
        safe = deadline(report(FEDERAL, facts), "response")["safe_date"]
        for by_mail in (True, False):
            assert safe <= deadline(report(FEDERAL, facts | {"served_by_mail": by_mail}), "response")["certain"]


def test_a_safe_date_is_never_a_day_no_one_may_file_and_the_filing_on_it_is_on_time():
    # Every election from 10 days before the limit (Thu 2 March 2028) to 10 days after it.
    base = {"violation_date": "2026-03-02", "discovered": "2026-03-02"}
    for election in _days("2028-02-21", 21):
        r = report(LATER, base | {"election_date": election})
        safe, e = date.fromisoformat(r["filing"]["safe_date"]), date.fromisoformat(election)
        assert not 0 < (e - safe).days <= 5, election
        assert safe.isoformat() <= r["filing"]["certain"]
        assert report(LATER, base | {"election_date": election, "received": safe.isoformat()})["filing"]["status"] \
            == "timely", election


def test_a_complaint_received_when_no_one_may_file_is_said_so_even_before_the_violation_date_is_given():
    # Election Tue 7 March 2028: Fri 3 March is 4 days before it, one of the 5 closed days.
    r = report(LATER, {"received": "2028-03-03", "election_date": "2028-03-07"}, today="2028-03-04")
    assert (r["filing"]["status"], r["answers"]["complainant"]["status"]) == ("not-permitted", "late")
    assert r["answers"]["complainant"]["sentence"].startswith("Not permitted: received on Friday, March 3, 2028")


def test_the_outline_words_each_period_as_the_page_without_javascript_shows_it():
    from core.describing import period_in_words
    words = {r.id: period_in_words(FEDERAL, r) for r in FEDERAL.rules}
    assert words["filing"] == "no time limit"
    assert words["response"] == ("15 calendar days after the date of “The Commission notified the respondent of the "
                                 "complaint”, and 3 days more if the Commission served the notification by mail")
    assert words["conciliation"] == ("90 calendar days after the date of “The Commission found probable cause” at the "
                                     "most, and at least 30 calendar days")
    assert period_in_words(LATER, LATER.rules[0]) == ("2 years after the date of the alleged violation, or if later, "
                                                      "2 years after “The day the conduct could reasonably have been "
                                                      "discovered”")


def test_with_no_time_limit_the_reading_it_rests_on_goes_with_it():
    """A procedure whose text may not be whole says so beside "no time limit" (Carol Stream: the rest of its ethics
    article was not read); one whose rule has no note gives no assumption."""
    carol = load_jurisdiction("carol-stream-ethics")
    facts = {"violation_date": "2026-10-01", "received": "2026-11-30"}
    assert report(carol, facts)["filing"]["assumptions"] == [
        "§§ 1-8-11 to 1-8-13 set no time limit for filing a complaint. The rest of Article 8 was not read; no time "
        "limit is known from it."]
    assert report(carol, facts, lang="es")["filing"]["assumptions"] == [
        "Las §§ 1-8-11 a 1-8-13 no fijan plazo para presentar una queja. No se leyó el resto del artículo 8; no se "
        "conoce ningún plazo en él."]
    assert report(FEDERAL, {"violation_date": "2026-03-02"})["filing"]["assumptions"] == []
