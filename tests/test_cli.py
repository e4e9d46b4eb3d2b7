"""The command line contract: list, evaluate, check; bad input exits 2 with one
line on stderr naming the field, and never a traceback."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from command_line import in_a_process, run_cli

ROOT = Path(__file__).resolve().parent.parent


# Each command runs in this process (tests/command_line.py), as `python -m core` runs it; the tests below that start
# a process of their own are about what only a process shows, the first of them the `python -m core` entry itself.
run = run_cli


def test_list_prints_each_jurisdiction_id_and_name():
    result = in_a_process("list")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    shipped = sorted(p.stem for p in (ROOT / "core" / "jurisdictions").glob("*.toml") if p.name.count(".") == 1)
    assert [line.split("\t")[0] for line in lines] == shipped
    assert {"fort-collins", "illinois-model-ethics"} <= set(shipped)
    assert "Fort Collins, Colorado" in lines[shipped.index("fort-collins")]


def test_evaluate_reads_a_file_and_prints_the_report(tmp_path):
    facts = tmp_path / "facts.json"
    facts.write_text(json.dumps({"violation_date": "2026-05-05", "received": "2026-07-06"}))
    result = run("evaluate", "fort-collins", str(facts))
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["jurisdiction"]["id"] == "fort-collins"
    assert report["filing"] == report["filing"] | {
        "status": "timely", "nominal": "2026-07-04", "deadline": "2026-07-06", "safe_date": "2026-07-02"}


def test_evaluate_answers_as_of_the_day_given_with_today():
    # Fort Collins, § 7-145(a): Tue 6 Oct 2026 + 60 days is Sat 5 Dec; safe Fri 4 Dec; C.R.S. § 2-4-108, if it governs
    # the home-rule city, carries the last day to Mon 7 Dec. Tue 8 Dec, typed as the day the person plans to file,
    # is after it; on Fri 20 Nov there are still 14 days to the safe date, so the answer is the date to file by, and
    # it is red: the planned day is too late, said first, then the day to file by (no last day has passed).
    facts = '{"violation_date": "2026-10-06", "received": "2026-12-08", "complainant_role": "candidate"}'
    report = json.loads(run("evaluate", "fort-collins", "-", "--today", "2026-11-20", stdin=facts).stdout)
    assert (report["as_of"], report["filing"]["planned"]) == ("2026-11-20", True)
    assert report["answers"]["complainant"] == report["answers"]["complainant"] | {
        "status": "late", "date": "2026-12-04", "plan_late": True,
        "sentence": "Your planned day, Tuesday, December 8, 2026, is too late: file by Friday, December 4, 2026."}
    # the same facts with no day given: the receipt date is a fact, and it is late
    report = json.loads(run("evaluate", "fort-collins", "-", stdin=facts).stdout)
    assert report["answers"]["complainant"]["status"] == "late" and report["filing"]["planned"] is False
    # and in Spanish, on Tue 8 Dec itself: the complaint is received that day, after the extended day
    spanish = json.loads(run("evaluate", "fort-collins", "-", "--lang", "es", "--today", "2026-12-08", stdin=facts).stdout)
    assert spanish["answers"]["complainant"]["sentence"] == (
        "Fuera de plazo: la queja se recibió el martes 8 de diciembre de 2026, después del último día, el lunes 7 de "
        "diciembre de 2026.")


def test_evaluate_reads_standard_input():
    result = run("evaluate", "illinois-model-ethics", "-", stdin='{"violation_date": "2028-02-29"}')
    assert result.returncode == 0
    assert json.loads(result.stdout)["filing"]["deadline"] == "2029-02-28"


def test_every_deadline_in_the_report_carries_its_provenance():
    result = run("evaluate", "illinois-model-ethics", "-", stdin=json.dumps({
        "violation_date": "2026-06-01", "received": "2026-10-20", "respondent_is_candidate": True,
        "election_date": "2026-11-03", "events": {"meeting": "2026-11-02T10:00"}}))
    for deadline in json.loads(result.stdout)["deadlines"]:
        assert set(deadline) >= {"id", "due", "due_at", "actor", "cite", "text", "steps", "assumptions",
                                 "waiting_on"}
        assert deadline["cite"] and deadline["text"] and deadline["steps"]


@pytest.mark.parametrize("jurisdiction, stdin, field", [
    ("nowhere", "{}", "jurisdiction"),
    ("fort-collins", '{"violation_date": ', "facts"),
    ("fort-collins", "[1, 2]", "facts"),
    ("fort-collins", '{"violation_date": "2026-02-30"}', "violation_date"),
    ("fort-collins", '{"violation_date": "6/5/2026"}', "violation_date"),
    ("fort-collins", '{"violation_date": 20260605}', "violation_date"),
    ("fort-collins", '{"respondent_is_candidate": "yes"}', "respondent_is_candidate"),
    ("fort-collins", '{"complainant_role": "mayor"}', "complainant_role"),
    ("fort-collins", '{"violation_date": "2026-06-05", "received": "2026-06-04"}', "received"),
    ("fort-collins", '{"violation_date": "2037-01-01"}', "violation_date"),
    ("fort-collins", '{"violation_date": "1999-01-01"}', "violation_date"),
    ("fort-collins", '{"contents": "evidence"}', "contents"),
    ("fort-collins", '{"events": {"hearing": "2026-06-05"}}', "events.hearing"),
    ("fort-collins", '{"recieved": "2026-06-05"}', "recieved"),
    ("illinois-model-ethics", '{"events": {"meeting": "2027-03-14T02:30"}}', "events.meeting"),
    ("illinois-model-ethics", '{"events": {"meeting": "2026-06-05T25:00"}}', "events.meeting"),
    # Event order is checked against every fact that bounds it, given or not in between:
    ("illinois-model-ethics", '{"violation_date": "2026-10-01", "events": {"hearing": "2026-09-01T10:00"}}', "events.hearing"),
    ("illinois-model-ethics", '{"violation_date": "2026-10-01", "events": {"recommendation-issued": "2026-09-30"}}',
     "events.recommendation-issued"),
    ("illinois-model-ethics", '{"events": {"hearing": "2026-10-10T10:00", "hearing-concluded": "2026-10-05"}}',
     "events.hearing-concluded"),
    ("fort-collins", '{"violation_date": "2026-06-05", "events": {"complaint-forwarded": "2026-06-01"}}',
     "events.complaint-forwarded"),
    # Size limits, checked before anything is parsed:
    ("fort-collins", '{"about": "' + "x" * 200_000 + '"}', "facts"),
    ("fort-collins", "[" * 50 + "]" * 50, "facts"),
    ("fort-collins", '{"violation_date": ' + "9" * 5000 + "}", "facts"),
])
def test_bad_input_exits_2_with_one_line_naming_the_field(jurisdiction, stdin, field):
    result = run("evaluate", jurisdiction, "-", stdin=stdin)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith(f"error: {field}: ")


def test_a_missing_facts_file_is_a_clean_error():
    result = run("evaluate", "fort-collins", "/no/such/facts.json")
    assert result.returncode == 2
    assert result.stderr.startswith("error: facts: cannot read")


def test_bad_usage_is_one_line_too():
    result = run("evaluate", "fort-collins")
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1


def test_check_accepts_the_shipped_jurisdictions():
    files = sorted(str(p) for p in (ROOT / "core" / "jurisdictions").glob("*.toml"))
    procedures = [f for f in files if Path(f).name.count(".") == 1]
    result = run("check", *files)
    assert result.returncode == 0
    assert result.stdout.count(": ok (") == 2 * len(procedures)  # each procedure and its Spanish translation
    assert result.stdout.count("es.toml: ok (the Spanish of ") == len(procedures)
    assert "warning" not in result.stdout  # nothing is left untranslated


def test_a_long_value_is_shortened_and_control_characters_escaped_in_the_one_line():
    result = run("evaluate", "fort-collins", "-", stdin='{"complainant_role": "' + "a\\n\\u0085" * 3000 + '"}')
    assert result.returncode == 2
    [line] = result.stderr.splitlines()
    assert len(line) <= 300 and "characters)" in line and line.startswith("error: complainant_role: ")


def test_facts_that_are_not_utf_8_are_one_clean_line(tmp_path):
    facts = tmp_path / "facts.json"
    facts.write_bytes(b'{"violation_date": "\xff\xfe"}')  # not UTF-8
    result = run("evaluate", "fort-collins", str(facts))
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("error: facts: ")


def test_a_jurisdiction_file_that_is_not_utf_8_is_one_clean_line(tmp_path):
    city = tmp_path / "city.toml"
    city.write_bytes((ROOT / "core" / "jurisdictions" / "fort-collins.toml").read_bytes().replace(b"Fort Collins", b"Fort \xff"))
    result = run("evaluate", str(city), "-", stdin="{}")
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("error: jurisdiction: ") and "UTF-8" in result.stderr


def test_endless_facts_are_refused_at_the_limit_without_reading_on():
    # A device given as the facts' file is not read at all (as `check` does); endless standard input is read no
    # further than the limit.
    result = run("evaluate", "fort-collins", "/dev/zero")
    assert result.returncode == 2 and "it is not a regular file" in result.stderr
    with open("/dev/zero", "rb") as endless:
        result = subprocess.run([sys.executable, "-m", "core", "evaluate", "fort-collins", "-"], stdin=endless,
                                capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 2 and result.stderr == "error: facts: the input is larger than 100,000 bytes\n"


@pytest.mark.parametrize("text, problem", [
    ("x = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply"),  # deeper than tomllib's recursion
    ("x = " + "[" * 20 + "]" * 20 + "\n", "nested too deeply"),
    ("# " + "a" * 2_000_001 + "\n", "larger than 2,000,000 bytes"),
    ((ROOT / "core" / "jurisdictions" / "fort-collins.toml").read_text(encoding="utf-8")
     .replace('id = "additional-information"', "id = 42"), "rules[20].id: should be text in quotes, not a whole number"),
])
def test_a_hostile_jurisdiction_file_is_refused_in_one_line(tmp_path, text, problem):
    city = tmp_path / "city.toml"
    city.write_text(text)
    checked = run("check", str(city))
    assert checked.returncode == 1 and problem in checked.stdout and "Traceback" not in checked.stdout + checked.stderr
    result = run("evaluate", str(city), "-", stdin="{}")
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith("error: jurisdiction: ") and problem in line and len(line) <= 300


FORT_COLLINS = (ROOT / "core" / "jurisdictions" / "fort-collins.toml").read_text(encoding="utf-8")


def test_a_date_past_what_python_counts_to_is_one_line_in_check_evaluate_and_build(tmp_path):
    """Issue 37: supported_to = 9999-12-31 ended check, evaluate and build.py in an OverflowError traceback."""
    import build
    city = tmp_path / "city.toml"
    city.write_text(re.sub(r"(?m)^supported_to = .*$", "supported_to = 9999-12-31", FORT_COLLINS), encoding="utf-8")
    problem = "supported_to: 9999-12-31 is out of range (hint: use a date from 1901-01-01 to 2199-12-31"
    checked = run("check", str(city))
    assert "Traceback" not in checked.stdout + checked.stderr, checked.stderr[-300:]
    assert checked.returncode == 1 and problem in checked.stdout
    result = run("evaluate", str(city), "-", stdin="{}")
    assert result.returncode == 2 and result.stdout == "" and "Traceback" not in result.stderr
    [line] = result.stderr.splitlines()
    assert line.startswith("error: jurisdiction: ") and "supported_to: 9999-12-31 is out of range" in line
    built = subprocess.run([sys.executable, "build.py", "--jurisdiction", str(city), "--out", str(tmp_path / "dist")],
                           capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert built.returncode == 1 and problem in built.stderr and "Traceback" not in built.stderr  # as any bad file
    assert not (tmp_path / "dist").exists()


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01", "2200-01-01", "1900-12-31"])
@pytest.mark.parametrize("where, edit", [
    (key, lambda text, day, key=key: re.sub(rf"(?m)^{key} = .*$", f"{key} = {day}", text, count=1))
    for key in ("supported_to", "supported_from", "updated", "effective")
] + [
    ("violations_from", lambda text, day: re.sub(r"(?m)^supported_from = ", f"violations_from = {day}\nsupported_from = ", text, count=1)),
    ("rules[0] (filing).repealed", lambda text, day: text.replace("[[rules]]\n", f"[[rules]]\nrepealed = {day}\n", 1)),
    ("rules[0] (filing).effective", lambda text, day: text.replace("[[rules]]\n", f"[[rules]]\neffective = {day}\n", 1)),
    ("clauses[0].effective", lambda text, day: text.replace("[[clauses]]\n", f"[[clauses]]\neffective = {day}\n", 1)),
])
def test_every_date_a_procedure_file_gives_is_bounded_when_read(tmp_path, where, edit, day):
    """Issue 37: a procedure's dates were not bounded: one a calendar may cover is from the schema's first year to its
    last (1901 to 2199); any other is a problem of the file, named, before anything counts from it."""
    from core.jurisdiction import check_file
    city = tmp_path / "city.toml"
    city.write_text(edit(FORT_COLLINS, day), encoding="utf-8")
    jurisdiction, problems = check_file(city)
    assert jurisdiction is None
    assert f"{where}: {day} is out of range (hint: use a date from 1901-01-01 to 2199-12-31" in "\n".join(map(str, problems))


# --- inputs that once hung, ran out of memory or printed a traceback -----------------------------

@pytest.mark.parametrize("target", ["/dev/zero", "/dev/urandom", "fifo", "link-to-zero.toml", "folder"])
def test_check_refuses_what_is_not_a_regular_file_at_once(tmp_path, target):
    import os
    path = tmp_path / target
    if target == "fifo":
        os.mkfifo(path)
    elif target == "link-to-zero.toml":
        path.symlink_to("/dev/zero")
    elif target == "folder":
        path.mkdir()
    else:
        path = Path(target)
    result = subprocess.run([sys.executable, "-m", "core", "check", str(path)], capture_output=True, text=True,
                            cwd=ROOT, timeout=20)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stdout.splitlines()[0] == f"{path}: not a regular file (hint: give the path of a procedure's .toml file)"


@pytest.mark.parametrize("today", ["2026-W01-1", "٢٠٢٦-٠٥-٠٥", "2026-5-5", "20260505"])
def test_today_is_yyyy_mm_dd_in_ascii_digits_only(today):
    result = run("evaluate", "--today", today, "fort-collins", "-", stdin="{}")
    assert result.returncode == 2
    assert result.stderr.strip().startswith(f"error: argument --today: '{today}' is not a date in the form YYYY-MM-DD")


def test_a_fact_in_other_digits_is_refused_naming_the_field():
    result = run("evaluate", "fort-collins", "-", stdin=json.dumps({"violation_date": "٢٠٢٦-٠٥-٠٥"}))
    assert result.returncode == 2
    assert result.stderr.strip() == 'error: violation_date: "٢٠٢٦-٠٥-٠٥" is not a date in the form YYYY-MM-DD'


def test_output_that_cannot_be_written_is_one_line_and_exit_2():
    facts = json.dumps({"violation_date": "2026-05-05"})
    ascii_only = subprocess.run([sys.executable, "-m", "core", "evaluate", "fort-collins", "--lang", "es", "-"],
                                input=facts, capture_output=True, text=True, cwd=ROOT, timeout=60,
                                env={"PYTHONIOENCODING": "ascii", "PATH": "/usr/bin:/bin"})
    assert ascii_only.returncode == 2
    assert ascii_only.stderr.strip() == ("error: output: standard output cannot write this text in 'ascii'; "
                                         "set PYTHONIOENCODING=utf-8")
    with open("/dev/full", "w") as full:
        no_space = subprocess.run([sys.executable, "-m", "core", "evaluate", "fort-collins", "-"], input=facts,
                                  stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60)
    assert no_space.returncode == 2 and "No space left on device" in no_space.stderr
    assert "Traceback" not in no_space.stderr
    closed = subprocess.run(f"{sys.executable} -m core list >&-", shell=True, capture_output=True, text=True,
                            cwd=ROOT, timeout=60)
    assert closed.returncode == 2
    assert closed.stderr.strip() == "error: output: standard output is closed, so there is nowhere to write"


def test_evaluate_refuses_a_fifo_at_once_as_check_does(tmp_path):
    """Issue 28: `evaluate` reading a FIFO with no writer hung; `check` refused it at once."""
    import os
    fifo = tmp_path / "facts"
    os.mkfifo(fifo)
    result = run("evaluate", "fort-collins", str(fifo))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (f'error: facts: cannot read "{fifo}" (it is not a regular file; give a JSON file, or - '
                             "for standard input)\n")
