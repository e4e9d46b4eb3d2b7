"""Reading a jurisdiction's data file, and checking it.

A jurisdiction file is TOML (see docs/authoring.md). Reading it checks the
structure against the published JSON Schema first, then what a schema cannot
express, one part of the format per module:

    law.py       [[clauses]], and quotes from them
    calendar.py  [calendar] and [counting]
    parties.py   [eligibility], [[roles]], [[actors]], [[facts]], [[events]], contents, [[formalities]],
                 [[terms]]
    rules.py     [[rules]], and the checks that span them

Every problem is reported at once, with the line, the entry, what is wrong and a
hint, so that a clerk can fix a file in one pass:

    python -m core check my-city.toml
"""

import hashlib
import re
import tomllib
from dataclasses import replace
from datetime import date
from pathlib import Path

from ..model import BUILTIN_DATE_FACTS, CitedPage, ComplaintForm, FilingOffice, Jurisdiction, Place
from ..zones import zone_bytes
from .calendar import read_calendar, read_counting, read_countings
from .law import read_clauses
from .parties import read_parties
from .problems import TOP, JurisdictionError, Problem, Problems
from .rules import RuleReader, check_calendar_reach, check_filing_covers
from .schema import as_json, check_structure
from .translations import declared_languages, read_translations, record_english, translation_of

MAX_FILE_BYTES = 2_000_000

__all__ = ["read_jurisdiction", "parse_jurisdiction", "check_file", "Problem", "JurisdictionError",
           "MAX_FILE_BYTES", "record_english"]


def parse_jurisdiction(text: str, file_name: str = "<jurisdiction>") -> Jurisdiction:
    """The procedure in a file's text; JurisdictionError lists every problem if it cannot be used."""
    jurisdiction, problems = read_jurisdiction(text, file_name)
    if jurisdiction is None:
        raise JurisdictionError(problems)
    return jurisdiction


def check_file(path: Path, with_cases: bool = False) -> tuple[Jurisdiction | None, list[Problem]]:
    """Read and check a file: the jurisdiction (or None if it cannot be used), and every problem found.
    A translation (`my-city.es.toml`) is checked with the procedure it translates. With `with_cases`,
    the procedure's worked cases (`my-city.cases.json` beside it) are run too: each that fails is a problem."""
    if translated := translation_of(path):
        base, lang = translated
        if lang not in declared_languages(base):
            return None, [Problem(str(path), None, "", f"{base.name} does not declare the language “{lang}”, so this "
                                                       "translation is not used and was not checked",
                                  f"add \"{lang}\" to languages in {base.name}")]
        path = base
    jurisdiction, found = _check_file(path)
    if with_cases and jurisdiction is not None:
        from ..cases import case_problems  # the check's side: the cases need the report layer
        found = found + case_problems(jurisdiction, path.with_name(path.name.removesuffix(".toml") + ".cases.json"))
    return jurisdiction, found


def _check_file(path: Path) -> tuple[Jurisdiction | None, list[Problem]]:
    try:
        if path.exists() and not path.is_file():  # a device (/dev/zero), a FIFO, a folder: never read it
            return None, [Problem(str(path), None, "", "not a regular file",
                                  "give the path of a procedure's .toml file")]
        if path.stat().st_size > MAX_FILE_BYTES:
            return None, [Problem(str(path), None, "", f"the file is larger than {MAX_FILE_BYTES:,} bytes",
                                  "a procedure's file is a few tens of kilobytes; is this the right file?")]
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as err:
        return None, [Problem(str(path), None, "", f"not UTF-8 text (byte {err.start} cannot be read)",
                              "save the file as UTF-8 in your editor")]
    except OSError as err:
        return None, [Problem(str(path), None, "", f"cannot read the file: {err.strerror or err}")]
    return read_jurisdiction(text, str(path), path)


def read_jurisdiction(text: str, file_name: str, path: Path | None = None) -> tuple[Jurisdiction | None, list[Problem]]:
    """The procedure in `text`, or None, and every problem; with `path`, its translation files are read too."""
    problems = Problems(file_name, text)
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        problems.add(TOP, f"the file is larger than {MAX_FILE_BYTES:,} bytes")
        return None, problems.found
    try:
        data = as_json(tomllib.loads(text))
    except tomllib.TOMLDecodeError as err:
        match = re.search(r"line (\d+)", str(err))
        problems.found.append(Problem(file_name, int(match.group(1)) if match else None, "",
                                      f"not valid TOML: {err}", "check quotes, brackets and = signs on that line"))
        return None, problems.found
    except RecursionError:
        problems.add(TOP, "lists or tables are nested too deeply", "a procedure needs at most a few levels")
        return None, problems.found
    check_structure(data, problems)
    if problems.errors:
        return None, problems.found
    jurisdiction = _read(data, problems, text, file_name)
    found = problems.found
    if jurisdiction is not None and path is not None:
        translations = read_translations(path, jurisdiction, found)
        jurisdiction = replace(jurisdiction, translations=translations)
    failed = any(p.severity == "error" for p in found)
    return (None if failed else jurisdiction), found


def _read(data: dict, problems: Problems, text: str, file_name: str) -> Jurisdiction | None:
    supported_from = date.fromisoformat(data["supported_from"])
    supported_to = date.fromisoformat(data["supported_to"])
    if supported_from > supported_to:
        problems.add(TOP, "supported_from is after supported_to", key="supported_from")
    violations_from = date.fromisoformat(data["violations_from"]) if "violations_from" in data else None
    if violations_from and violations_from > supported_from:
        problems.add(TOP, "violations_from is after supported_from",
                     "violations_from reaches back before supported_from; remove it to bound violations there",
                     key="violations_from")
    zone = zone_bytes(data["timezone"])
    if zone is None:
        problems.add(TOP, f"unknown time zone “{data['timezone']}”",
                     "use a name from the tz database, such as America/Chicago", key="timezone")
    law = read_clauses(data, problems)
    calendar, calendar_info = read_calendar(data, problems)
    counting = read_counting(data, problems, law)
    countings = read_countings(data, problems, counting, law)
    parties = read_parties(data, problems, law)
    date_facts = BUILTIN_DATE_FACTS + tuple(f.id for f in parties.facts
                                            if f.type == "date" and f.id not in BUILTIN_DATE_FACTS)
    version_date = data.get("version_date", "violation_date")
    if version_date not in date_facts:
        problems.add(TOP, f"“{version_date}” is not a date fact", key="version_date")
    reader = RuleReader(data, problems, law, parties, date.fromisoformat(data["effective"]), version_date,
                        date_facts, tuple(c.id for c in countings))
    rules = reader.read()
    contents = reader.content_conditions(parties.contents, data.get("contents", []))
    scope = reader.scope(data.get("scope", []))
    if problems.errors:
        return None
    reader.check_use(rules)
    if calendar:
        check_calendar_reach(problems, rules, calendar, supported_from, supported_to)
    check_filing_covers(problems, rules, supported_from, supported_to, violations_from)
    if problems.errors:
        return None
    form, office = data.get("complaint_form"), data.get("filing_office")
    return Jurisdiction(
        id=data["id"], name=data["name"], title=data["title"], code=data["code"], source=data["source"],
        enacted_by=data.get("enacted_by", ""), enacted_source=data.get("enacted_source", ""),
        timezone=data["timezone"], contact=data["contact"], updated=date.fromisoformat(data["updated"]),
        supported_from=supported_from, supported_to=supported_to, version_date=version_date,
        violations_from=violations_from, scope=scope,
        calendar=calendar, calendar_info=calendar_info, counting=counting, countings=countings,
        eligibility=parties.eligibility, formalities=parties.formalities,
        contents_clause=parties.contents_clause, contents_text=parties.contents_text, contents=contents,
        events=parties.events, facts=parties.facts, clauses=law.clauses, rules=rules, roles=parties.roles,
        actors=parties.actors, terms=parties.terms, contact_url=data.get("contact_url", ""),
        complaint_form=ComplaintForm(form["url"], form["title"]) if form else None,
        filing_office=filing_office(office) if office else None,
        receiver=parties.receiver, level=data.get("level", ""), place=_place(data.get("place", {})),
        languages=tuple(data.get("languages", ["en"])), zone_data=zone,
        digest=hashlib.sha256(text.encode("utf-8")).hexdigest()[:12], file_name=Path(file_name).name)


def filing_office(office: dict) -> FilingOffice:
    """[filing_office], whom to contact: its details as the cited pages give them, each page with its title and
    the day it was read (both optional: a file written before they existed reads as it did)."""
    def day(text: str | None) -> date | None:
        return date.fromisoformat(text) if text else None
    return FilingOffice(
        name=office["name"], address=tuple(office.get("address", ())), source=office.get("source", ""),
        hours=office.get("hours", ""), closes_at=office.get("closes_at", ""), mail=tuple(office.get("mail", ())),
        not_known=office.get("not_known", ""), phone=office.get("phone", ""), email=office.get("email", ""),
        source_title=office.get("source_title", ""), read_on=day(office.get("read_on")),
        more_sources=tuple(CitedPage(page["url"], page.get("title", ""), day(page.get("read_on")))
                           for page in office.get("more_sources", ())),
        not_found=office.get("not_found", ""))


def _place(data: dict) -> Place:
    """[place]: the names people use for the procedure's place and body (the schema has checked their shape)."""
    return Place(city=data.get("city", ""), county=data.get("county", ""), state=data.get("state", ""),
                 state_also=tuple(data.get("state_also", ())), also=tuple(data.get("also", ())))
