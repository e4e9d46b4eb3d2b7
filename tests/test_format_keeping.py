"""What keeps a procedure file right for years: closures with the years they apply, worked cases
that `check` runs, translations that say when their English has changed, and a build that will
not publish a file whose cases fail (unless asked, and then it says so on the page)."""

import json
import subprocess
import sys
from datetime import date
from pathlib import Path

import build
from core import load_jurisdiction

ROOT = Path(__file__).resolve().parent.parent
CURE = ROOT / "tests" / "jurisdictions" / "cure-then-hearing.toml"


def cli(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "core", *args], capture_output=True, text=True, cwd=cwd,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


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
