"""The command line: a stable contract for the site's build, clerks' scripts and checks.

    python -m core list
    python -m core evaluate JURISDICTION FACTS [--lang en|es] [--today YYYY-MM-DD]
                                                    (FACTS: a JSON file, or - for stdin)
    python -m core check FILE [FILE ...]
    python -m core calendar JURISDICTION YEAR
    python -m core record-english TRANSLATION [TRANSLATION ...]

JURISDICTION is a shipped id (see `list`) or the path of a .toml file.
Invalid input exits 2 with one line on stderr naming the field and the problem.
"""

import argparse
import json
import sys
from datetime import date
from pathlib import Path

from .facts import DATE_PATTERN, InputError
from .json_api import MAX_FACTS_BYTES, read_facts_json
from .jurisdiction import (SEED_DIR, JurisdictionError, UnknownJurisdiction, cases_path, check_file,
                           load_jurisdiction, seed_ids)
from .reading.translations import LANGUAGE_NAMES, translation_of
from .report import evaluate
from .wording import languages, one_line

USAGE_ERROR = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        self.exit(USAGE_ERROR, one_line(f"error: {message} (see python -m core --help)") + "\n")


def _fail(message: str) -> int:
    print(one_line(f"error: {message}"), file=sys.stderr)
    return USAGE_ERROR


def _load(name: str):
    try:
        return load_jurisdiction(name)
    except UnknownJurisdiction:
        raise InputError("jurisdiction", "unknown_jurisdiction", value=json.dumps(name),
                         known=", ".join(seed_ids()) + ", or the path of a .toml file") from None
    except JurisdictionError as err:
        raise InputError("jurisdiction", "cannot_read", value=json.dumps(name),
                         detail=f"{len(err.problems)} problem(s), first: {err.problems[0]}; "
                                f"run python -m core check {name}") from None


def _read_facts(source: str) -> dict:
    """The facts document, read no further than the size limit (standard input may never end)."""
    try:
        if source == "-":
            data = sys.stdin.buffer.read(MAX_FACTS_BYTES + 1)
        else:
            if Path(source).exists() and not Path(source).is_file():  # a FIFO with no writer would wait forever
                raise InputError("facts", "cannot_read", value=json.dumps(source),
                                 detail="it is not a regular file; give a JSON file, or - for standard input")
            with open(source, "rb") as stream:
                data = stream.read(MAX_FACTS_BYTES + 1)
        if len(data) > MAX_FACTS_BYTES:
            raise InputError("facts", "too_large", limit=f"{MAX_FACTS_BYTES:,}")
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError("facts", "cannot_read", value=json.dumps(source),
                         detail=f"not UTF-8 text at byte {err.start}") from None
    except OSError as err:
        raise InputError("facts", "cannot_read", value=json.dumps(source), detail=err.strerror or str(err)) from None
    return read_facts_json(text)


def cmd_list(args) -> int:
    for jid in seed_ids():
        j = load_jurisdiction(jid)
        print(f"{j.id}\t{j.name}: {j.title}")
    return 0


def cmd_evaluate(args) -> int:
    jurisdiction = _load(args.jurisdiction)
    report = evaluate(jurisdiction, _read_facts(args.facts), args.lang, args.today)
    print(json.dumps(report, ensure_ascii=False, indent=2))
    return 0


def cmd_check(args) -> int:
    failed, checked = 0, {}
    for name in args.files:
        # A shipped procedure may be named by its id, as everywhere else on the command line.
        path = SEED_DIR / f"{name}.toml" if name in seed_ids() and not Path(name).exists() else Path(name)
        # a translation is checked with its procedure, and that with its cases: once, when both are named
        translated = translation_of(path)
        key = (translated[0] if translated else path).resolve() if path.exists() else path
        if key not in checked:
            checked[key] = check_file(path, with_cases=True)
        jurisdiction, problems = checked[key]
        for problem in problems:
            print(one_line(str(problem), 2000))
        errors = [p for p in problems if p.severity == "error"]
        if jurisdiction is None or errors:
            failed += 1
            print(f"{name}: {len(errors)} problem(s)")
        else:
            warned = f", {len(problems)} warning(s)" if problems else ""
            if translated := translation_of(path):
                print(f"{name}: ok (the {LANGUAGE_NAMES.get(translated[1], translated[1])} of "
                      f"{translated[0].name}, checked with it{warned})")
                continue
            cases = cases_path(path)
            passed = f", {len(json.loads(cases.read_text(encoding='utf-8')))} worked cases pass" if cases.is_file() else ""
            print(f"{name}: ok ({len(jurisdiction.rule_ids())} rules, {len(jurisdiction.clauses)} clauses{passed}{warned})")
    return 1 if failed else 0


def cmd_record_english(args) -> int:
    """Record, in each translation file, the English its texts were made from (after a review)."""
    from .reading import record_english
    for name in args.files:
        translated = translation_of(Path(name))
        if not translated:
            return _fail(f"{one_line(name, 100)}: not a translation file (my-city.es.toml beside my-city.toml)")
        jurisdiction, problems = check_file(translated[0])
        if jurisdiction is None:
            return _fail(f"{translated[0].name} has problems; run python -m core check {translated[0]}")
        count = record_english(Path(name), jurisdiction, translated[1])
        print(f"{name}: recorded the English of {count} translated texts")
    return 0


def cmd_calendar(args) -> int:
    j = _load(args.jurisdiction)
    if not j.calendar.first_year <= args.year <= j.calendar.last_year:
        raise InputError("year", "out_of_range", value=str(args.year), start=str(j.calendar.first_year),
                         end=str(j.calendar.last_year))
    for day, closed in j.calendar.listed(args.year):
        marks = ("" if closed.kind == "holiday" else " [closure]") + ("" if closed.confirmed else " [not confirmed]")
        marks += f" [closes at {closed.closes_at}]" if closed.closes_at else ""
        marks += f" [{years_in_force(closed.first_year, closed.last_year)}]" if closed.first_year or closed.last_year else ""
        print(f"{day.isoformat()} {day:%a} {closed.label}{marks}")
    return 0


def years_in_force(first: int | None, last: int | None) -> str:
    """'2026–2030', 'from 2026', 'until 2030'."""
    if first and last:
        return f"{first}–{last}"
    return f"from {first}" if first else f"until {last}"


def _day(text: str):
    try:
        # YYYY-MM-DD in ASCII digits only: not an ISO week date (2026-W01-1), nor other scripts' digits.
        return date.fromisoformat(text) if DATE_PATTERN.fullmatch(text) else date.fromisoformat("x")
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date in the form YYYY-MM-DD") from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m core", description="Complaint Checker's rule core.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    commands.add_parser("list", help="list the shipped jurisdictions").set_defaults(run=cmd_list)
    evaluate_cmd = commands.add_parser("evaluate", help="print the report for some facts as JSON")
    evaluate_cmd.add_argument("jurisdiction", help="a jurisdiction id, or the path of a .toml file")
    evaluate_cmd.add_argument("facts", help="a JSON file of facts, or - to read standard input")
    evaluate_cmd.add_argument("--lang", default="en", choices=languages(), help="the language of the report's sentences")
    evaluate_cmd.add_argument("--today", type=_day, metavar="YYYY-MM-DD",
                              help="the day to answer as of, in the city's time zone: dates before it are marked passed")
    evaluate_cmd.set_defaults(run=cmd_evaluate)
    check_cmd = commands.add_parser("check", help="check jurisdiction files and report every problem")
    check_cmd.add_argument("files", nargs="+")
    check_cmd.set_defaults(run=cmd_check)
    record_cmd = commands.add_parser("record-english", help="record in a translation file the English it was made from")
    record_cmd.add_argument("files", nargs="+")
    record_cmd.set_defaults(run=cmd_record_english)
    calendar_cmd = commands.add_parser("calendar", help="list a year's holidays and closures")
    calendar_cmd.add_argument("jurisdiction")
    calendar_cmd.add_argument("year", type=int)
    calendar_cmd.set_defaults(run=cmd_calendar)
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    if sys.stdout is None:  # started with standard output closed: say so rather than write nothing
        return _fail("output: standard output is closed, so there is nowhere to write")
    try:
        code = args.run(args)
        sys.stdout.flush()
        return code
    except InputError as err:
        return _fail(err.message(getattr(args, "lang", "en")))
    except BrokenPipeError:
        return 0
    except UnicodeEncodeError:
        return _fail(f"output: standard output cannot write this text in {sys.stdout.encoding!r}; "
                     "set PYTHONIOENCODING=utf-8")
    except (OSError, ValueError) as err:  # standard output closed, or the disk full
        if isinstance(err, ValueError) and "closed file" not in str(err):
            raise
        return _fail(f"output: the report could not be written ({one_line(str(err), 200)})")
