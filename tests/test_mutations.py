"""A mutation fuzzer over jurisdiction files: thousands of altered copies of the shipped and
example procedures. Whatever a city's file holds, the reader lists problems (it never raises),
and the command line answers with a report or exit 2 and one line: never a traceback.

Each run alters the files differently (CI derives the seed from the commit; see
scripts/test.sh); a failure prints the seed and the mutant, so it can be replayed with
COMPLAINT_CHECKER_SEED=<seed>.
"""

import contextlib
import io
import json
import random
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from core.cli import main
from core.facts import InputError
from core.reading import read_jurisdiction
from core.ics import calendar_file
from core.report import assess, evaluate
from fuzzing import BUDGET, SEED

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [ROOT / "core" / "jurisdictions" / "fort-collins.toml",
           ROOT / "core" / "jurisdictions" / "illinois-model-ethics.toml",
           ROOT / "tests" / "jurisdictions" / "format-1-example-city.toml"]
CHUNKS, PER_CHUNK = 12, 100 * BUDGET  # 1,200 altered files a run, each commit's own in CI (tests/fuzzing.py)
STAMP = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")  # a tab is allowed; CR LF only between lines
FACTS = [{}, {"violation_date": "2026-03-06", "received": "2026-05-05"},
         {"violation_date": "2026-06-01", "received": "2026-10-20", "respondent_is_candidate": True,
          "election_date": "2026-11-03"}]
VALUES = ['""', "0", "-1", "99999999999999999999999", "1e309", "true", "[]", "{}", '"2026-13-45"', "2026-02-30",
          "2026-01-01", '"' + "x" * 20_000 + '"', '"\\u0000"', '"\\r\\n"', "[[[[[[1]]]]]]", '"fort-collins"',
          '"<script>alert(1)</script>"', '"€ ∑ \\u202e"', "{ a = 1 }", '"a"', "3.5", "inf", '"business-days"']
JUNK = ["\x00", "\r", "\n\n", "[", "]", "=", '"', "'''", "\\", "\ufeff", "\u2028", "[[rules]]\n", "# ", "\t", "é"]


def mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(9)
        if kind == 0 and len(lines) > 1:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[i])
        elif kind == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3 and "=" in lines[i]:
            key = lines[i].split("=", 1)[0]
            lines[i] = f"{key}= {rng.choice(VALUES)}"
        elif kind == 4 and "=" in lines[i]:
            key, value = lines[i].split("=", 1)
            other = rng.choice([line.split("=", 1)[0] for line in lines if "=" in line])
            lines[i] = f"{rng.choice([key.rstrip() + 'x ', other])}={value}"
        elif kind == 5:
            at = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:at] + rng.choice(JUNK) + lines[i][at:]
        elif kind == 6:
            return "\n".join(lines)[: rng.randrange(len(text) + 1)]
        elif kind == 7 and lines[i].startswith("["):
            lines[i] = rng.choice(["[[rules]]", "[rules]", "[[clauses]]", "[[rule]]", "[calendar]", "[counting]",
                                   "[[events]]", "[[actors]]", "[eligibility]", "[[calendar.add]]"])
        elif kind == 8:
            digits = [k for k, c in enumerate(lines[i]) if c.isdigit()]
            if digits:
                k = rng.choice(digits)
                lines[i] = lines[i][:k] + rng.choice(["0", "9", "-", "", "99999"]) + lines[i][k + 1:]
    return "\n".join(lines)


def run_cli(path: Path, facts: dict) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    stdin, sys.stdin = sys.stdin, io.TextIOWrapper(io.BytesIO(json.dumps(facts).encode()))
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["evaluate", str(path), "-"])
    finally:
        sys.stdin = stdin
    return code, out.getvalue(), err.getvalue()


def check_calendar_files(jurisdiction, where):
    """Each person's calendar file: lines of at most 75 octets ending CRLF, and no control character in them
    (a mutated label once put a NUL into a SUMMARY)."""
    try:
        assessment = assess(jurisdiction, FACTS[1])
    except InputError:
        return
    for person in ("complainant", "respondent", "clerk"):
        text = calendar_file(assessment, person, STAMP)
        assert text.endswith("\r\n"), where
        for line in text.split("\r\n")[:-1]:
            assert len(line.encode("utf-8")) <= 75, f"{where}: {person}: {line!r}"
            assert not CONTROL.search(line), f"{where}: {person}: a control character in {line!r}"


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_no_altered_jurisdiction_file_makes_the_reader_or_the_command_line_fail(chunk, tmp_path):
    rng = random.Random(f"{SEED}-{chunk}")
    originals = [p.read_text(encoding="utf-8") for p in SOURCES]
    outcomes = {"refused": 0, "accepted": 0}
    for n in range(PER_CHUNK):
        text = mutate(rng.choice(originals), rng)
        where = f"seed {SEED}, chunk {chunk}, mutant {n}"
        try:
            jurisdiction, problems = read_jurisdiction(text, "mutant.toml")
        except Exception as err:  # noqa: BLE001 — any exception at all is the failure this test looks for
            pytest.fail(f"{where}: the reader raised {type(err).__name__}: {err}\n--- mutant ---\n{text[:3000]}")
        assert jurisdiction is not None or any(p.severity == "error" for p in problems), where
        outcomes["accepted" if jurisdiction else "refused"] += 1
        if jurisdiction is not None:
            for facts in FACTS:
                try:
                    evaluate(jurisdiction, facts)
                except InputError:
                    pass
                except Exception as err:  # noqa: BLE001
                    pytest.fail(f"{where}: evaluating {facts} raised {type(err).__name__}: {err}\n--- mutant ---\n{text[:3000]}")
            check_calendar_files(jurisdiction, where)
        if n % 25 == 0:  # and through the command line, which must keep its one-line contract
            path = tmp_path / "mutant.toml"
            path.write_bytes(text.encode("utf-8", "surrogatepass"))
            code, out, err = run_cli(path, FACTS[1])
            if code == 0:
                json.loads(out)
            else:
                assert code == 2 and out == "", where
                assert len(err.splitlines()) == 1 and len(err.rstrip("\n")) <= 300, f"{where}: {err[:500]}"
    assert outcomes["refused"] > 0  # the fuzzer does break files; it is not checking unaltered copies
