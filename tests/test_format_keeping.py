"""What keeps a procedure file right for years: closures with the years they apply, worked cases
that `check` runs, translations that say when their English has changed, and a build that will
not publish a file whose cases fail (unless asked, and then it says so on the page)."""

import json
import re
import tomllib
from datetime import date
from pathlib import Path

import pytest

import build
from command_line import run_cli
from core import evaluate, load_jurisdiction, parse_jurisdiction

ROOT = Path(__file__).resolve().parent.parent
CURE = ROOT / "tests" / "jurisdictions" / "cure-then-hearing.toml"


cli = run_cli  # `python -m core ...`, in this process (tests/command_line.py)


def procedure(tmp_path, extra="", name="sample.toml"):
    path = tmp_path / name
    path.write_text(CURE.read_text(encoding="utf-8").replace("[counting]", extra + "\n[counting]", 1), encoding="utf-8")
    return path


def test_a_closure_applies_only_in_its_years_and_the_calendar_says_which(tmp_path):
    path = procedure(tmp_path, '[[calendar.closures]]\nname = "New Year\'s Eve"\nrule = "new-years-eve"\n'
                                'closes_at = "12:00"\nfirst_year = 2027\nsource = "https://example.org/nye"\n'
                                'unconfirmed = "Closed at noon from 2027 on, as announced."\n')
    calendar = load_jurisdiction(str(path)).calendar
    # Thu 31 Dec 2026: before the closure began, a business day. Fri 31 Dec 2027: possibly closed.
    assert calendar.is_business_day(date(2026, 12, 31))
    assert not calendar.is_business_day(date(2027, 12, 31)) and calendar.unconfirmed_only(date(2027, 12, 31))
    assert "2026-12-31" not in cli("calendar", str(path), "2026").stdout
    assert ("2027-12-31 Fri New Year's Eve [closure] [not confirmed] [closes at 12:00] [from 2027]"
            in cli("calendar", str(path), "2027").stdout.splitlines())


def test_the_older_list_of_assumptions_still_reads(tmp_path):
    path = procedure(tmp_path)
    path.write_text(path.read_text().replace('summary = "Colorado legal holidays;',
                                             'assumptions = ["Closures are announced each December."]\n'
                                             'summary = "Colorado legal holidays;', 1))
    result = cli("check", str(path))
    assert result.returncode == 0, result.stdout
    assert "ok (3 rules, 3 clauses)" in result.stdout


def test_check_runs_the_worked_cases_beside_a_file_and_names_each_that_fails(tmp_path):
    path = procedure(tmp_path)
    cases = json.loads((ROOT / "tests/jurisdictions/cure-then-hearing.cases.json").read_text())
    cases[0]["expected"] = {"filing.deadline": "2027-01-01"}
    (tmp_path / "sample.cases.json").write_text(json.dumps(cases))
    result = cli("check", str(path))
    assert result.returncode == 1
    assert "filing.deadline" in result.stdout and "2027-01-01" in result.stdout
    ok = cli("check", "fort-collins")  # a shipped id works too, and its cases pass
    assert ok.returncode == 0 and "worked cases pass" in ok.stdout


def test_a_translation_says_when_its_english_has_changed(tmp_path):
    path = procedure(tmp_path)
    path.write_text(path.read_text().replace('timezone = "America/Denver"',
                                             'timezone = "America/Denver"\nlanguages = ["en", "es"]', 1))
    es = tmp_path / "sample.es.toml"
    es.write_text('language = "es"\n\n[rules.hearing]\ntitle = "La junta celebra una audiencia"\n', encoding="utf-8")
    assert "does not record the English" in cli("check", str(path)).stdout
    # the hint's command works as written from where check was run (it once named the file alone)
    hint = cli("check", path.name, cwd=tmp_path).stdout
    command = re.search(r"run python -m core record-english (\S+?)\)", hint).group(1)
    assert command == "sample.es.toml" and (tmp_path / command).is_file(), hint
    from_above = cli("check", f"{tmp_path.name}/sample.toml", cwd=tmp_path.parent).stdout
    assert f"record-english {tmp_path.name}/sample.es.toml" in from_above, from_above
    recorded = cli("record-english", str(es))
    assert recorded.returncode == 0, recorded.stderr
    assert "[source" in es.read_text() and "does not record" not in cli("check", str(path)).stdout
    path.write_text(path.read_text().replace('title = "The board holds a hearing"', 'title = "The board hears it"'))
    stale = cli("check", str(path)).stdout
    assert "the English changed since it was translated" in stale and "The board holds a hearing" in stale


def test_the_build_stops_on_a_failing_case_and_publishes_it_only_when_asked_saying_so(tmp_path, capsys):
    path = procedure(tmp_path)
    cases = json.loads((ROOT / "tests/jurisdictions/cure-then-hearing.cases.json").read_text())
    cases[0]["expected"] = {"filing.deadline": "2027-01-01"}
    (tmp_path / "sample.cases.json").write_text(json.dumps(cases))
    assert build.main(["--jurisdiction", str(path), "--out", str(tmp_path / "dist")]) == 1
    assert "filing.deadline" in capsys.readouterr().err and not (tmp_path / "dist").exists()
    assert build.main(["--jurisdiction", str(path), "--out", str(tmp_path / "dist"), "--publish-failing-cases"]) == 0
    checker = (tmp_path / "dist" / "cure-then-hearing" / "index.html").read_text()
    verify = (tmp_path / "dist" / "verify.html").read_text()
    for page in (checker, verify):
        assert "Warning: one of this procedure&#39;s worked cases, checked by hand, fails" in page  # one, not "1 … fail"


def test_a_rule_version_quotes_the_law_as_it_read_when_that_version_took_effect(tmp_path):
    # amended.toml: § a said 30 days until 1 July 2026 and 45 days from then. The 45-day rule, effective
    # 1 July 2026, quoting the 30-day text is quoting a law that no longer applied when it took effect.
    text = (ROOT / "tests" / "jurisdictions" / "amended.toml").read_text(encoding="utf-8")
    newer = 'effective = 2026-07-01\ntext = "Any person may file a complaint with the Clerk within 45 days after the violation."'
    assert text.count(newer) == 2 and text.index(newer) < text.index("[[clauses]]")  # the rule's, then the clause's
    path = tmp_path / "amended.toml"
    path.write_text(text.replace(newer, newer.replace("45 days", "30 days"), 1), encoding="utf-8")
    result = cli("check", str(path))
    assert result.returncode == 1
    assert ("the text is not word for word in clause “a” as it reads from 2026-07-01" in result.stdout
            and "this is the text of the version in force from 2020-01-01" in result.stdout), result.stdout


# --- Files keep their meaning (issue 27): a [counting] without status ------------------------------------------
#
# A [counting] table without `status` was read, when these files were written, as a rule whose extension no safe
# date relies on: a safe date was the last open day on or before the period's own last day. It was later read as
# confirmed, and their safe dates moved onto the extension. It is read as assumed again, and `check` asks for it.
# Three files written in that form: the guide's example as first published (format-1-example-city.toml, kept
# verbatim), the minimal town and the sample town as written, before they stated a status. Their calendar is the
# federal one: a Saturday holiday is observed on the Friday before, a Sunday one on the Monday after. 2026:
# Memorial Day Mon 25 May, Independence Day Sat 4 July (observed Fri 3 July), Labor Day Mon 7 Sep, Columbus Day
# Mon 12 Oct, Thanksgiving Thu 26 Nov, Christmas Fri 25 Dec; New Year's Day Fri 1 Jan 2027. Every expected date
# was worked out by hand from a printed calendar.

STATUS_LINE = re.compile(r'^(\[counting\]\nroll = "forward"\n)status = "(assumed|confirmed)"\n', re.M)


def as_written(name: str) -> str:
    """A test procedure as it was written, without the status its [counting] states now (if any)."""
    text = STATUS_LINE.sub(r"\1", (ROOT / "tests" / "jurisdictions" / name).read_text(encoding="utf-8"), count=1)
    assert "status" not in tomllib.loads(text)["counting"]
    return text


def deadline_dates(report: dict, rule_id: str) -> tuple:
    entry = next(d for d in report["deadlines"] if d["id"] == rule_id)
    return entry["nominal"], entry["due"], entry["safe_date"]


OLDER_FILES = {
    "format-1-example-city.toml": [
        # (a) 90 days. Mon 2 Mar 2026: Mar 31 is day 29, Apr 30 day 59, Sun 31 May day 90 -> Mon 1 June.
        # Safe: the last open day on or before Sun 31 May is Fri 29 May. (Its own worked case, as first written.)
        ({"violation_date": "2026-03-02"}, "filing", ("2026-05-31", "2026-06-01", "2026-05-29")),
        # (a) Sun 5 Apr 2026: Apr 30 is day 25, May 31 day 56, June 30 day 86, Sat 4 July day 90 (Independence
        # Day); Sun 5 closed -> Mon 6 July. Safe: Fri 3 July is the observed holiday, so Thu 2 July.
        ({"violation_date": "2026-04-05"}, "filing", ("2026-07-04", "2026-07-06", "2026-07-02")),
        # (a) Tue 9 June 2026: June 30 is day 21, July 31 day 52, Aug 31 day 83, Mon 7 Sep day 90 (Labor Day)
        # -> Tue 8 Sep. Safe: Sat 5 and Sun 6 are closed, so Fri 4 Sep.
        ({"violation_date": "2026-06-09"}, "filing", ("2026-09-07", "2026-09-08", "2026-09-04")),
        # (d) 21 days after the copy is received on Fri 4 Dec 2026: Fri 25 Dec (Christmas); Sat 26, Sun 27 closed
        # -> Mon 28 Dec. Safe: Thu 24 Dec.
        ({"violation_date": "2026-10-01", "received": "2026-11-20", "events": {"copy-received": "2026-12-04"}},
         "response", ("2026-12-25", "2026-12-28", "2026-12-24")),
        # (c) five business days after Fri 22 May 2026: Mon 25 is Memorial Day; Tue 26 (1), Wed 27 (2), Thu 28 (3),
        # Fri 29 (4), Mon 1 June (5). A business-day count never relied on an extension: unchanged.
        ({"violation_date": "2026-03-02", "received": "2026-05-22"}, "copy-to-respondent",
         ("2026-06-01", "2026-06-01", "2026-06-01")),
        # (e) 60 days after Fri 22 May 2026: May 31 is day 9, June 30 day 39, Tue 21 July day 60, open: unchanged.
        ({"violation_date": "2026-03-02", "received": "2026-05-22"}, "hearing",
         ("2026-07-21", "2026-07-21", "2026-07-21")),
    ],
    "minimal.toml": [
        # 30 days. Thu 4 June 2026: June 30 is day 26, Sat 4 July day 30 (Independence Day); Sun 5 closed
        # -> Mon 6 July. Safe: Fri 3 July is the observed holiday, so Thu 2 July.
        ({"violation_date": "2026-06-04"}, "filing", ("2026-07-04", "2026-07-06", "2026-07-02")),
        # Fri 1 May 2026: Sun 31 May is day 30 -> Mon 1 June. Safe: Fri 29 May.
        ({"violation_date": "2026-05-01"}, "filing", ("2026-05-31", "2026-06-01", "2026-05-29")),
        # Sat 12 Sep 2026: Sep 30 is day 18, Mon 12 Oct day 30 (Columbus Day) -> Tue 13 Oct. Safe: Fri 9 Oct.
        ({"violation_date": "2026-09-12"}, "filing", ("2026-10-12", "2026-10-13", "2026-10-09")),
        # Thu 26 Nov 2026: Nov 30 is day 4, Sat 26 Dec day 30; Sun 27 closed -> Mon 28 Dec. Safe: Fri 25 is
        # Christmas, so Thu 24 Dec.
        ({"violation_date": "2026-11-26"}, "filing", ("2026-12-26", "2026-12-28", "2026-12-24")),
        # Mon 1 June 2026: June 30 is day 29, Wed 1 July day 30, open: unchanged.
        ({"violation_date": "2026-06-01"}, "filing", ("2026-07-01", "2026-07-01", "2026-07-01")),
        # 10 business days after the hearing on Thu 2 July 2026: Fri 3 July is the observed holiday; Mon 6 (1),
        # Tue 7 (2), Wed 8 (3), Thu 9 (4), Fri 10 (5), Mon 13 (6), Tue 14 (7), Wed 15 (8), Thu 16 (9), Fri 17 (10).
        ({"violation_date": "2026-06-01", "events": {"hearing": "2026-07-02"}}, "decision",
         ("2026-07-17", "2026-07-17", "2026-07-17")),
    ],
    "patterns.toml": [
        # (a) two limits. 30 days after Sun 20 Dec 2026: Dec 31 is day 11, Tue 19 Jan 2027 day 30. 60 days after
        # the Tue 3 Nov 2026 election: Nov 30 is day 27, Dec 31 day 58, Sat 2 Jan 2027 day 60 -> Mon 4 Jan. The
        # earlier applies. Safe: Fri 1 Jan is New Year's Day, so Thu 31 Dec 2026.
        ({"discovered": "2026-12-20", "election_date": "2026-11-03"}, "filing",
         ("2027-01-02", "2027-01-04", "2026-12-31")),
        # (c) two months after Thu 31 Dec 2026: February has no 31st, so Sun 28 Feb 2027 -> Mon 1 Mar.
        # Safe: Fri 26 Feb.
        ({"received": "2026-12-01", "events": {"report-issued": "2026-12-31"}}, "report-review",
         ("2027-02-28", "2027-03-01", "2027-02-26")),
        # (f) cure: 15 days after Tue 24 Nov 2026 is Wed 9 Dec (Nov 30 is day 6), open. Decision: 10 days after
        # Wed 9 Dec is Sat 19 Dec -> Mon 21 Dec. Safe: Fri 18 Dec.
        ({"received": "2026-11-20", "events": {"notice-served": "2026-11-24"}}, "cure-decision",
         ("2026-12-19", "2026-12-21", "2026-12-18")),
        # (f) cure: 15 days after Fri 27 Nov 2026: Nov 30 is day 3, Sat 12 Dec day 15 -> Mon 14 Dec. Safe: Fri 11.
        ({"received": "2026-11-20", "events": {"notice-served": "2026-11-27"}}, "cure-period",
         ("2026-12-12", "2026-12-14", "2026-12-11")),
        # ... and the decision: 10 days after Mon 14 Dec is Thu 24 Dec, open. Counted from the cure period's
        # earliest end, Sat 12 Dec (no extension), it is Tue 22 Dec, open: the safe date.
        ({"received": "2026-11-20", "events": {"notice-served": "2026-11-27"}}, "cure-decision",
         ("2026-12-24", "2026-12-24", "2026-12-22")),
        # (b) ten business days after Tue 24 Nov 2026: Wed 25 (1), Thu 26 Thanksgiving, Fri 27 (2), Mon 30 (3),
        # Dec 1-4 (4-7), Mon 7 (8), Tue 8 (9), Wed 9 (10): unchanged.
        ({"received": "2026-11-20", "events": {"notice-served": "2026-11-24"}}, "response",
         ("2026-12-09", "2026-12-09", "2026-12-09")),
        # (d) ten days before the Tue 3 Nov 2026 election is Sat 24 Oct, moved back to Fri 23 Oct: unchanged.
        ({"election_date": "2026-11-03", "respondent_is_candidate": True}, "pre-election-disclosure",
         ("2026-10-24", "2026-10-23", "2026-10-23")),
    ],
}


@pytest.mark.parametrize("name", OLDER_FILES)
def test_a_file_without_status_keeps_every_safe_date_it_had(name):
    jurisdiction = parse_jurisdiction(as_written(name), name)
    found = [(rule_id, facts, deadline_dates(evaluate(jurisdiction, facts), rule_id))
             for facts, rule_id, _ in OLDER_FILES[name]]
    expected = [(rule_id, facts, dates) for facts, rule_id, dates in OLDER_FILES[name]]
    assert found == expected  # (nominal, last day, safe date), each worked by hand above


@pytest.mark.parametrize("name", OLDER_FILES)
def test_check_asks_a_file_without_status_to_state_it_on_its_counting_line(tmp_path, name):
    text = as_written(name)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index("[counting]") + 1
    cite = tomllib.loads(text)["counting"]["cite"]
    result = cli("check", str(path))
    assert result.returncode == 0, result.stdout  # a warning: the file is still used
    assert (f"{path}:{line}: warning: counting: “status” is missing, so the rule that moves a last day off a "
            f"weekend or holiday ({cite}) is read as assumed, not confirmed: no safe date relies on it (hint: add "
            f'status = "assumed" to [counting] to keep this reading, or status = "confirmed" if it is certain that '
            f"this rule governs the procedure's periods; a safe date may then be the day it moves to)"
            ) in result.stdout.splitlines(), result.stdout
    assert result.stdout.splitlines()[-1].endswith(", 1 warning(s))")


@pytest.mark.parametrize("name", OLDER_FILES)
def test_stating_status_as_the_warning_says_keeps_every_date_and_ends_the_warning(tmp_path, name):
    text = as_written(name)
    stated = text.replace("[counting]\n", '[counting]\nstatus = "assumed"\n', 1)
    older, explicit = parse_jurisdiction(text, name), parse_jurisdiction(stated, name)
    for facts, _, _ in OLDER_FILES[name]:
        before, after = evaluate(older, facts), evaluate(explicit, facts)
        assert before["jurisdiction"].pop("rules_version") != after["jurisdiction"].pop("rules_version")  # the bytes
        assert before == after  # every date, step and sentence the same
    path = tmp_path / name
    path.write_text(stated, encoding="utf-8")
    assert cli("check", str(path)).stdout.splitlines() == [f"{path}: ok ({len(explicit.rule_ids())} rules, "
                                                          f"{len(explicit.clauses)} clauses)"]  # and no warning


def test_confirming_the_rule_is_the_authors_choice_and_moves_the_safe_date_onto_the_extension():
    # The guide's first example, with status = "confirmed": Sun 31 May runs to Mon 1 June as law, so the safe
    # date is Mon 1 June too (it was Fri 29 May while the rule was not confirmed).
    text = as_written("format-1-example-city.toml").replace("[counting]\n", '[counting]\nstatus = "confirmed"\n', 1)
    report = evaluate(parse_jurisdiction(text, "example-city.toml"), {"violation_date": "2026-03-02"})
    assert deadline_dates(report, "filing") == ("2026-05-31", "2026-06-01", "2026-06-01")


def test_every_test_procedure_states_its_status_but_the_one_kept_as_first_published():
    # Each says what it means, so no test rests on how a missing status is read; the guide's first example keeps
    # the older form on purpose, for the tests above.
    folder = ROOT / "tests" / "jurisdictions"
    unstated = [p.name for p in sorted(folder.glob("*.toml"))
                if "status" not in tomllib.loads(p.read_text(encoding="utf-8"))["counting"]]
    assert unstated == ["format-1-example-city.toml"]


def test_a_change_far_into_a_long_english_text_is_shown_where_it_is(tmp_path):
    """Before, both texts were cut at 80 characters: a change further on showed two identical beginnings."""
    from core.reading.translations import where_they_differ
    old = "The commission shall send by certified mail, return receipt requested, a notice to the respondent within three days."
    new = old.replace("three days", "five days")
    was, now = where_they_differ(old, new)
    assert was != now and "three days" in was and "five days" in now and was.startswith("…")
    assert where_they_differ("Short text.", "Other text.") == ("Short text.", "Other text.")


def test_a_key_that_translates_nothing_is_matched_first_to_a_text_still_untranslated(tmp_path):
    path = procedure(tmp_path)
    path.write_text(path.read_text().replace('timezone = "America/Denver"',
                                             'timezone = "America/Denver"\nlanguages = ["en", "es"]', 1))
    es = tmp_path / "sample.es.toml"
    # closest of all to rules.hearing.title, which is given; of the texts still untranslated, rules.hearing.task
    es.write_text('language = "es"\n\n[rules.hearing]\ntitle = "La junta celebra una audiencia"\n'
                  'title_task = "celebrar la audiencia"\n', encoding="utf-8")
    out = cli("check", str(path)).stdout
    assert "“rules.hearing.title_task” translates nothing" in out and "did you mean “rules.hearing.task”?" in out, out
