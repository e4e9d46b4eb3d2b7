"""Reading a jurisdiction's data file, and checking it.

A jurisdiction file is TOML (see docs/authoring.md). Reading it checks
everything at once and reports each problem with the file, the line, the
entry, what is wrong and a hint, so a clerk can fix a file in one pass:

    python -m core check my-city.toml
"""

import difflib
import hashlib
import re
import tomllib
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from dateutil.zoneinfo import get_zonefile_instance

from .business_calendar import (OBSERVANCE_RULES, WEEKDAYS, AddedHoliday, build_calendar,
                                package_holidays)
from .counting import BUSINESS_UNITS, CALENDAR_UNITS, DIRECTIONS, HOUR_UNITS, ROLLS, UNITS, Period
from .model import (ACTORS, BUILTIN_FACTS, COUNTED_KINDS, DEADLINE_ANCHOR, KINDS, ROLES, CalendarChange,
                    CalendarInfo, Clause, ContentItem, Condition, Count, Counting, DeclaredFact,
                    Eligibility, Event, Jurisdiction, Rule)

SEED_DIR = Path(__file__).with_name("jurisdictions")
FORMAT = 1
ELLIPSIS = "…"

# The largest period a rule may set, per unit; more is almost certainly a typo.
MAX_AMOUNT = {"days": 3660, "weeks": 520, "months": 120, "years": 10,
              "business-days": 2600, "working-days": 2600, "hours": 8760}


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None
    entry: str
    message: str
    hint: str | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        text = f"{where}: {self.entry}: {self.message}" if self.entry else f"{where}: {self.message}"
        return f"{text} (hint: {self.hint})" if self.hint else text


class JurisdictionError(Exception):
    """A jurisdiction file that cannot be used, with every problem found in it."""

    def __init__(self, problems: list[Problem]):
        super().__init__(str(problems[0]) if len(problems) == 1 else
                         f"{problems[0]} (and {len(problems) - 1} more problems)")
        self.problems = problems


class UnknownJurisdiction(LookupError):
    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


def seed_ids() -> list[str]:
    """The jurisdictions shipped with the core, by id."""
    return sorted(p.stem for p in SEED_DIR.glob("*.toml"))


def jurisdiction_path(name: str) -> Path:
    """A shipped jurisdiction's file, or a path to a file of one's own."""
    if name in seed_ids():
        return SEED_DIR / f"{name}.toml"
    if name.endswith(".toml") and Path(name).is_file():
        return Path(name)
    raise UnknownJurisdiction(name)


def load_jurisdiction(name: str) -> Jurisdiction:
    path = jurisdiction_path(name)
    return parse_jurisdiction(path.read_text(encoding="utf-8"), path.name)


def check_file(path: Path) -> tuple[Jurisdiction | None, list[Problem]]:
    """Read and check a file: the jurisdiction, or None and every problem found."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        return None, [Problem(str(path), None, "", f"cannot read the file: {err}")]
    try:
        return parse_jurisdiction(text, str(path)), []
    except JurisdictionError as err:
        return None, err.problems


def normalize_space(text: str) -> str:
    return " ".join(text.split())


def quote_found(quote: str, source: str) -> bool:
    """Is `quote` word for word in `source`? '…' may join fragments that appear in order."""
    haystack, position = normalize_space(source), 0
    for fragment in quote.split(ELLIPSIS):
        fragment = normalize_space(fragment)
        if not fragment:
            continue
        found = haystack.find(fragment, position)
        if found < 0:
            return False
        position = found + len(fragment)
    return True


def parse_jurisdiction(text: str, file_name: str = "<jurisdiction>") -> Jurisdiction:
    reader = _Reader(file_name, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        match = re.search(r"line (\d+)", str(err))
        reader.problems.append(Problem(file_name, int(match.group(1)) if match else None, "",
                                       f"not valid TOML: {err}",
                                       "check quotes, brackets and = signs on that line"))
        raise JurisdictionError(reader.problems) from None
    result = reader.read(data)
    if reader.problems:
        raise JurisdictionError(reader.problems)
    return result


# --------------------------------------------------------------------------------------
# Where in the file: line numbers for entries and keys.
# --------------------------------------------------------------------------------------

class _Locator:
    HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?")

    def __init__(self, text: str):
        self.lines = text.splitlines()
        self.headers = []  # (line index, table name, is array)
        for i, line in enumerate(self.lines):
            match = self.HEADER.match(line)
            if match:
                self.headers.append((i, match.group(2), match.group(1) == "[["))

    def line(self, table: str | None, index: int | None, key: str | None) -> int | None:
        if table is None:
            start, end = 0, self.headers[0][0] if self.headers else len(self.lines)
        else:
            starts = [h for h in self.headers if h[1] == table and h[2] == (index is not None)]
            if index is not None:
                if index >= len(starts):
                    return None
                header = starts[index]
            elif starts:
                header = starts[0]
            else:
                return None
            start = header[0]
            later = [h[0] for h in self.headers if h[0] > start and not h[1].startswith(table + ".")]
            end = later[0] if later else len(self.lines)
        if key:
            pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
            for i in range(start, end):
                if pattern.match(self.lines[i]):
                    return i + 1
        return start + 1


@dataclass(frozen=True)
class _Where:
    table: str | None
    index: int | None
    label: str

    def key(self, key: str) -> "_Where":
        return _Where(self.table, self.index, f"{self.label}.{key}" if self.label else key)


TYPE_NAMES = {bool: "true or false", int: "a whole number", float: "a number", str: "text in quotes",
              date: "a date such as 2026-01-31", list: "a list", dict: "a table"}


def _suggest(word: str, known) -> str | None:
    close = difflib.get_close_matches(word, list(known), n=1)
    return f"did you mean “{close[0]}”?" if close else None


class _Reader:
    """Reads the TOML data into the model, collecting every problem on the way."""

    def __init__(self, file_name: str, text: str):
        self.file = file_name
        self.text = text
        self.locator = _Locator(text)
        self.problems: list[Problem] = []

    # --- reporting --------------------------------------------------------------------

    def problem(self, where: _Where, message: str, hint: str | None = None, key: str | None = None):
        line = self.locator.line(where.table, where.index, key)
        entry = where.key(key).label if key else where.label
        self.problems.append(Problem(self.file, line, entry, message, hint))

    def keys(self, table: dict, allowed, where: _Where):
        for key in table:
            if key not in allowed:
                self.problem(where, f"unknown key “{key}”",
                             _suggest(key, allowed) or "allowed keys: " + ", ".join(sorted(allowed)),
                             key=key)

    def take(self, table: dict, key: str, kind: type, where: _Where, required: bool = True,
             default=None):
        if key not in table:
            if required:
                self.problem(where, f"“{key}” is missing", f"add {key} = …")
            return default
        value = table[key]
        ok = (type(value) is kind) if kind in (bool, date, int) else isinstance(value, kind)
        if not ok:
            self.problem(where, f"should be {TYPE_NAMES[kind]}, not {TYPE_NAMES.get(type(value), 'that')}",
                         key=key)
            return default
        if kind is str and not value.strip():
            self.problem(where, "is empty", key=key)
            return default
        return value

    def tables(self, data: dict, key: str, where: _Where) -> list[dict]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.problem(where, f"“{key}” should be a list of [[{key}]] entries", key=key)
            return []
        return value

    def strings(self, table: dict, key: str, where: _Where, allowed=None) -> tuple[str, ...]:
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(where, "should be a list of texts in quotes", key=key)
            return ()
        for item in value:
            if allowed is not None and item not in allowed:
                self.problem(where, f"“{item}” is not allowed here",
                             _suggest(item, allowed) or "use one of " + ", ".join(allowed), key=key)
        return tuple(value)

    def one_of(self, value, allowed, where: _Where, key: str):
        if value is not None and value not in allowed:
            self.problem(where, f"“{value}” is not allowed",
                         _suggest(str(value), allowed) or "use one of " + ", ".join(allowed), key=key)
            return None
        return value

    # --- the file ---------------------------------------------------------------------

    def read(self, data: dict) -> Jurisdiction | None:
        top = _Where(None, None, "")
        self.keys(data, TOP_KEYS, top)
        if data.get("format", FORMAT) != FORMAT:
            self.problem(top, f"format {data.get('format')!r} is not supported", f"use format = {FORMAT}",
                         key="format")
        meta = {key: self.take(data, key, str, top, required=key not in OPTIONAL_TOP_STRINGS, default="")
                for key in TOP_STRINGS}
        if meta["id"] and not re.fullmatch(r"[a-z0-9][a-z0-9-]*", meta["id"]):
            self.problem(top, "use lower-case letters, digits and hyphens", key="id")
        updated = self.take(data, "updated", date, top)
        effective = self.take(data, "effective", date, top)
        supported_from = self.take(data, "supported_from", date, top)
        supported_to = self.take(data, "supported_to", date, top)
        if supported_from and supported_to and supported_from > supported_to:
            self.problem(top, "supported_from is after supported_to", key="supported_from")
        if meta["timezone"] and get_zonefile_instance().get(meta["timezone"]) is None:
            self.problem(top, f"unknown time zone “{meta['timezone']}”",
                         "use a name from the tz database, such as America/Chicago", key="timezone")

        facts = self.read_facts(data)
        events = self.read_events(data)
        clauses = self.read_clauses(data)
        date_facts = ("violation_date", "received", "election_date") + tuple(
            f.id for f in facts if f.type == "date")
        version_date = self.take(data, "version_date", str, top, required=False, default="violation_date")
        self.one_of(version_date, date_facts, top, "version_date")

        calendar, calendar_info = self.read_calendar(data)
        counting = self.read_counting(data)
        eligibility = self.read_eligibility(data, clauses)
        contents_clause, contents_text, contents = self.read_contents(data, clauses)
        rules = self.read_rules(data, clauses, facts, events, effective, version_date)

        if calendar and supported_from and supported_to:
            self.check_calendar_reach(rules, calendar, supported_from, supported_to)
        if supported_from and supported_to:
            self.check_filing_covers(rules, supported_from, supported_to)

        if self.problems:
            return None
        return Jurisdiction(
            id=meta["id"], name=meta["name"], title=meta["title"], code=meta["code"],
            source=meta["source"], enacted_by=meta["enacted_by"],
            enacted_source=meta["enacted_source"], timezone=meta["timezone"],
            contact=meta["contact"], updated=updated, supported_from=supported_from,
            supported_to=supported_to, version_date=version_date, calendar=calendar,
            calendar_info=calendar_info, counting=counting, eligibility=eligibility,
            contents_clause=contents_clause, contents_text=contents_text, contents=contents,
            events=events, facts=facts, clauses=clauses, rules=rules,
            digest=hashlib.sha256(self.text.encode("utf-8")).hexdigest()[:12],
            file_name=Path(self.file).name)

    def read_calendar(self, data: dict):
        where = _Where("calendar", None, "calendar")
        table = data.get("calendar")
        if not isinstance(table, dict):
            self.problem(_Where(None, None, ""), "the [calendar] table is missing",
                         "see docs/authoring.md, “Calendars”")
            return None, None
        self.keys(table, CALENDAR_KEYS, where)
        country = self.take(table, "country", str, where)
        subdivision = self.take(table, "subdivision", str, where, required=False)
        first = self.take(table, "first_year", int, where)
        last = self.take(table, "last_year", int, where)
        observed = self.one_of(self.take(table, "observed", str, where), OBSERVANCE_RULES, where, "observed")
        strings = {k: self.take(table, k, str, where) for k in ("cite", "source", "summary")}
        assumptions = self.strings(table, "assumptions", where)
        if not (country and first and last and observed):
            return None, None
        if not 1900 < first <= last < 2200:
            self.problem(where, f"years {first}–{last} are not a sensible range", key="first_year")
            return None, None
        try:
            known = package_holidays(country, subdivision, range(first, last + 1))
        except NotImplementedError:
            self.problem(where, f"the holidays package has no calendar for {country}"
                                f"{'-' + subdivision if subdivision else ''}",
                         "use an ISO country code and subdivision, such as US and IL", key="country")
            return None, None
        known_names = sorted({n for names in known.values() for n in names})

        removed = []
        for i, entry in enumerate(self.tables(table, "remove", where)):
            w = _Where("calendar.remove", i, f"calendar.remove[{i}]")
            self.keys(entry, CHANGE_KEYS, w)
            change = self.read_change(entry, w)
            if change and change.name not in known_names:
                self.problem(w, f"the holidays package has no holiday named “{change.name}” for "
                                f"{country}-{subdivision} in {first}–{last}",
                             _suggest(change.name, known_names) or "known: " + ", ".join(known_names),
                             key="name")
            elif change:
                removed.append(change)

        added, added_info = [], []
        for i, entry in enumerate(self.tables(table, "add", where)):
            w = _Where("calendar.add", i, f"calendar.add[{i}]")
            self.keys(entry, CHANGE_KEYS | ADD_RULE_KEYS, w)
            change = self.read_change(entry, w)
            rule = self.read_added_rule(entry, w, change.name if change else "", first)
            if change and rule:
                added.append(rule)
                added_info.append(change)

        closures = {}
        for i, entry in enumerate(self.tables(table, "closures", where)):
            w = _Where("calendar.closures", i, f"calendar.closures[{i}]")
            self.keys(entry, {"date", "name", "source"}, w)
            day = self.take(entry, "date", date, w)
            name = self.take(entry, "name", str, w)
            self.take(entry, "source", str, w, required=False)
            if day and not first <= day.year <= last:
                self.problem(w, f"{day} is outside the calendar years {first}–{last}", key="date")
            elif day and day in closures:
                self.problem(w, f"{day} is listed twice", key="date")
            elif day and name:
                closures[day] = name

        calendar = build_calendar(country, subdivision, first, last, observed,
                                  frozenset(c.name for c in removed), tuple(added), closures)
        info = CalendarInfo(country, subdivision, observed, strings["cite"] or "", strings["source"] or "",
                            strings["summary"] or "", assumptions, tuple(removed), tuple(added_info))
        return calendar, info

    def read_change(self, entry: dict, where: _Where) -> CalendarChange | None:
        values = [self.take(entry, k, str, where) for k in ("name", "cite", "source", "reason")]
        return CalendarChange(*values) if all(values) else None

    def read_added_rule(self, entry: dict, where: _Where, name: str, year: int) -> AddedHoliday | None:
        years = self.one_of(self.take(entry, "years", str, where, required=False, default="all"),
                            ("all", "even", "odd"), where, "years")
        easter_offset = self.take(entry, "easter_offset", int, where, required=False)
        month = self.take(entry, "month", int, where, required=False)
        day = self.take(entry, "day", int, where, required=False)
        weekday = self.take(entry, "weekday", str, where, required=False)
        nth = self.take(entry, "nth", int, where, required=False)
        hint = ("give easter_offset = N, or month and day, or month, weekday and nth "
                "(nth = -1 for the last)")
        if easter_offset is not None:
            rule = AddedHoliday(name, easter_offset=easter_offset, years=years or "all")
        elif month is not None and day is not None:
            rule = AddedHoliday(name, month=month, day=day, years=years or "all")
        elif month is not None and weekday is not None and nth is not None:
            if weekday not in WEEKDAYS or nth not in (1, 2, 3, 4, 5, -1):
                self.problem(where, f"weekday “{weekday}” and nth {nth} do not name a day", hint,
                             key="weekday")
                return None
            rule = AddedHoliday(name, month=month, weekday=weekday, nth=nth, years=years or "all")
        else:
            self.problem(where, "the date of the added holiday is not defined", hint)
            return None
        try:
            rule.date_in(year if year % 4 else year + 1)  # a non-leap year: 29 February is refused
            if rule.nth == 5:
                for y in range(year, year + 7):
                    rule.date_in(y)
                    if rule.date_in(y).month != month:
                        raise ValueError("no fifth such weekday every year")
        except (ValueError, TypeError) as err:
            self.problem(where, f"the added holiday's date is impossible: {err}", hint)
            return None
        return rule

    def read_counting(self, data: dict) -> Counting | None:
        where = _Where("counting", None, "counting")
        table = data.get("counting")
        if not isinstance(table, dict):
            self.problem(_Where(None, None, ""), "the [counting] table is missing",
                         "see docs/authoring.md, “Counting time”")
            return None
        self.keys(table, COUNTING_KEYS, where)
        roll = self.one_of(self.take(table, "roll", str, where), ("forward", "none"), where, "roll")
        values = {k: self.take(table, k, str, where, required=k != "note", default="")
                  for k in COUNTING_KEYS - {"roll"}}
        return Counting(roll=roll or "forward", **values)

    def read_clauses(self, data: dict) -> tuple[Clause, ...]:
        clauses, seen = [], set()
        for i, entry in enumerate(self.tables(data, "clauses", _Where(None, None, ""))):
            where = _Where("clauses", i, f"clauses[{i}]")
            self.keys(entry, {"anchor", "cite", "title", "text", "effective"}, where)
            values = [self.take(entry, k, str, where) for k in ("anchor", "cite", "title", "text")]
            effective = self.take(entry, "effective", date, where, required=False)
            anchor = values[0]
            if anchor and not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9-]*", anchor):
                self.problem(where, "use letters, digits and hyphens", key="anchor")
            elif (anchor, effective) in seen:
                self.problem(where, f"anchor “{anchor}” is used twice",
                             "an amended text keeps the anchor and adds effective = its date", key="anchor")
            elif all(values):
                seen.add((anchor, effective))
                clauses.append(Clause(*values, effective=effective))
        if not clauses:
            self.problem(_Where(None, None, ""), "there are no [[clauses]]",
                         "paste the ordinance text into [[clauses]] entries")
        return tuple(clauses)

    def check_quote(self, clauses, clause: str | None, text: str | None, where: _Where):
        if clause is None:
            return
        versions = [c for c in clauses if c.anchor == clause]
        if not versions:
            self.problem(where, f"clause “{clause}” is not defined",
                         _suggest(clause, [c.anchor for c in clauses]), key="clause")
        elif text is not None and not any(quote_found(text, c.text) for c in versions):
            self.problem(where, f"the text is not word for word in clause “{clause}”",
                         "copy the sentence exactly from the clause; join separate parts with …",
                         key="text")

    def read_facts(self, data: dict) -> tuple[DeclaredFact, ...]:
        facts = []
        for i, entry in enumerate(self.tables(data, "facts", _Where(None, None, ""))):
            where = _Where("facts", i, f"facts[{i}]")
            self.keys(entry, {"id", "type", "label", "question"}, where)
            values = [self.take(entry, k, str, where) for k in ("id", "type", "label", "question")]
            self.one_of(values[1], ("bool", "date"), where, "type")
            if values[0] in BUILTIN_FACTS or values[0] in [f.id for f in facts]:
                self.problem(where, f"fact “{values[0]}” is already defined", key="id")
            elif all(values) and values[1] in ("bool", "date"):
                facts.append(DeclaredFact(*values))
        return tuple(facts)

    def read_events(self, data: dict) -> tuple[Event, ...]:
        events, entries = [], self.tables(data, "events", _Where(None, None, ""))
        ids = [e.get("id") for e in entries]
        for i, entry in enumerate(entries):
            where = _Where("events", i, f"events[{i}] ({entry.get('id', '?')})")
            self.keys(entry, {"id", "label", "explain", "actor", "time", "not_before"}, where)
            values = [self.take(entry, k, str, where) for k in ("id", "label", "explain", "actor")]
            self.one_of(values[3], ACTORS, where, "actor")
            time = self.take(entry, "time", bool, where, required=False, default=False)
            not_before = self.strings(entry, "not_before", where,
                                      allowed=("violation_date", "received", "election_date") + tuple(ids))
            if values[0] in BUILTIN_FACTS or ids.count(values[0]) > 1:
                self.problem(where, f"event id “{values[0]}” is used twice or names a fact", key="id")
            elif all(values):
                events.append(Event(*values, time=time, not_before=not_before))
        return tuple(events)

    def read_eligibility(self, data: dict, clauses) -> Eligibility | None:
        where = _Where("eligibility", None, "eligibility")
        table = data.get("eligibility")
        if not isinstance(table, dict):
            self.problem(_Where(None, None, ""), "the [eligibility] table is missing")
            return None
        self.keys(table, {"roles", "clause", "text", "note"}, where)
        roles = table.get("roles")
        if roles == "any":
            roles = None
        else:
            roles = self.strings(table, "roles", where, allowed=ROLES)
        clause = self.take(table, "clause", str, where)
        text = self.take(table, "text", str, where)
        self.check_quote(clauses, clause, text, where)
        return Eligibility(roles, clause, text, self.take(table, "note", str, where, required=False))

    def read_contents(self, data: dict, clauses):
        items, entries = [], self.tables(data, "contents", _Where(None, None, ""))
        rule = data.get("contents_rule")
        where = _Where("contents_rule", None, "contents_rule")
        clause = text = None
        if entries and not isinstance(rule, dict):
            self.problem(_Where(None, None, ""), "[[contents]] needs a [contents_rule] naming its clause")
        elif isinstance(rule, dict):
            self.keys(rule, {"clause", "text"}, where)
            clause = self.take(rule, "clause", str, where)
            text = self.take(rule, "text", str, where)
            self.check_quote(clauses, clause, text, where)
        for i, entry in enumerate(entries):
            w = _Where("contents", i, f"contents[{i}] ({entry.get('id', '?')})")
            self.keys(entry, {"id", "text", "label", "explain"}, w)
            values = [self.take(entry, k, str, w) for k in ("id", "text", "label", "explain")]
            self.check_quote(clauses, clause, values[1], w)
            if values[0] in [c.id for c in items]:
                self.problem(w, f"item “{values[0]}” is listed twice", key="id")
            elif all(values):
                items.append(ContentItem(*values))
        return clause, text, tuple(items)

    # --- rules ------------------------------------------------------------------------

    def read_rules(self, data, clauses, facts, events, effective, version_date) -> tuple[Rule, ...]:
        entries = self.tables(data, "rules", _Where(None, None, ""))
        counted_ids = {e.get("id") for e in entries if e.get("kind") in COUNTED_KINDS}
        all_ids = {e.get("id") for e in entries}
        date_anchors = ("violation_date", "received", "election_date") + tuple(
            f.id for f in facts if f.type == "date")
        event_ids = tuple(e.id for e in events)
        anchors = date_anchors + event_ids + tuple(DEADLINE_ANCHOR + str(i) for i in sorted(counted_ids, key=str))
        rules = []
        for i, entry in enumerate(entries):
            where = _Where("rules", i, f"rules[{i}] ({entry.get('id', '?')})")
            rule = self.read_rule(entry, where, clauses, facts, events, effective, version_date, anchors,
                                  all_ids, date_anchors)
            if rule:
                rules.append((rule, where))
        self.check_versions(rules)
        self.check_cycles(rules)
        if not any(r.kind == "filing" for r, _ in rules) and not self.problems:
            self.problem(_Where(None, None, ""), "there is no rule of kind “filing”",
                         "add the rule that sets the time limit for filing a complaint")
        return tuple(r for r, _ in rules)

    def read_rule(self, entry, where, clauses, facts, events, effective, version_date, anchors,
                  all_ids, date_facts) -> Rule | None:
        kind = self.one_of(self.take(entry, "kind", str, where), KINDS, where, "kind")
        allowed = RULE_KEYS | RULE_KEYS_BY_KIND.get(kind, set())
        self.keys(entry, allowed, where)
        rule_id = self.take(entry, "id", str, where)
        title = self.take(entry, "title", str, where)
        clause = self.take(entry, "clause", str, where)
        text = self.take(entry, "text", str, where, required=kind != "stage")
        actor = self.one_of(self.take(entry, "actor", str, where, required=kind != "stage"), ACTORS,
                            where, "actor")
        self.check_quote(clauses, clause, text, where)
        fields = dict(
            notifies=self.strings(entry, "notifies", where, allowed=ACTORS),
            note=self.take(entry, "note", str, where, required=False),
            source=self.take(entry, "source", str, where, required=False),
            effective=self.take(entry, "effective", date, where, required=False, default=effective),
            repealed=self.take(entry, "repealed", date, where, required=False),
            version_date=self.take(entry, "version_date", str, where, required=False,
                                   default=version_date),
            condition=self.take(entry, "condition", str, where, required=False),
            applies_when=self.read_conditions(entry, where, facts, events, "applies_when"),
            applies_unless=self.read_conditions(entry, where, facts, events, "applies_unless"),
            entry=where.label,
        )
        self.one_of(fields["version_date"], date_facts, where, "version_date")
        if fields["repealed"] and fields["effective"] and fields["repealed"] <= fields["effective"]:
            self.problem(where, "repealed is not after effective", key="repealed")
        if kind in COUNTED_KINDS:
            fields["counts"] = self.read_counts(entry, where, anchors, events, rule_id)
        if kind == "window":
            for key in ("opens", "closes"):
                fields[key] = self.take(entry, key, str, where)
                if fields[key] and fields[key] not in anchors:  # a window may open on an event or a deadline
                    self.problem(where, f"“{fields[key]}” is not a date fact, event or deadline",
                                 _suggest(fields[key], anchors) or "define it under [[events]]", key=key)
        if kind == "stage":
            fields["stage_rules"] = self.strings(entry, "rules", where)
            for ref in fields["stage_rules"]:
                if ref not in all_ids:
                    self.problem(where, f"rule “{ref}” is not defined", _suggest(ref, all_ids), key="rules")
        if kind == "fine":
            fields["amount_min"] = self.take(entry, "amount_min", int, where, required=False)
            fields["amount_max"] = self.take(entry, "amount_max", int, where, required=False)
            if fields["amount_min"] and fields["amount_max"] and fields["amount_min"] > fields["amount_max"]:
                self.problem(where, "amount_min is more than amount_max", key="amount_min")
        if not (rule_id and kind and title and clause and (text or kind == "stage")
                and (actor or kind == "stage") and fields["effective"]):
            return None
        return Rule(id=rule_id, kind=kind, title=title, clause=clause, text=text or "", actor=actor,
                    **fields)

    def read_counts(self, entry, where, anchors, events, rule_id) -> tuple[Count, ...]:
        if ("count" in entry) == ("earliest_of" in entry):
            self.problem(where, "give either count = {…} or earliest_of = [{…}, …]",
                         "see docs/authoring.md, “Deadlines”")
            return ()
        if "count" in entry:
            raw, key = [entry["count"]], "count"
        else:
            raw, key = entry["earliest_of"], "earliest_of"
            if not isinstance(raw, list) or len(raw) < 2:
                self.problem(where, "earliest_of needs a list of at least two limits", key=key)
                return ()
        counts = []
        for spec in raw:
            if not isinstance(spec, dict):
                self.problem(where, "each limit should be a table such as { from = …, amount = …, unit = … }",
                             key=key)
                continue
            count = self.read_count(spec, where, key, anchors, events, rule_id)
            if count:
                counts.append(count)
        return tuple(counts)

    def read_count(self, spec, where, key, anchors, events, rule_id) -> Count | None:
        sub = where.key(key)
        self.keys(spec, {"from", "amount", "unit", "direction", "roll"}, _Where(where.table, where.index,
                                                                                  sub.label))
        anchor = spec.get("from")
        amount = spec.get("amount")
        unit = spec.get("unit")
        direction = spec.get("direction", "after")
        roll = spec.get("roll")
        ok = True
        if anchor not in anchors or anchor == DEADLINE_ANCHOR + str(rule_id):
            deadline = DEADLINE_ANCHOR + str(anchor)
            hint = (f"to count from that rule's deadline, write from = \"{deadline}\"" if deadline in anchors
                    else _suggest(str(anchor), anchors) or "define the event under [[events]]")
            self.problem(where, f"the period starts from “{anchor}”, which is not a date fact, event or "
                                "another deadline", hint, key=key)
            ok = False
        if unit not in UNITS:
            self.problem(where, f"unit “{unit}” is not known", _suggest(str(unit), UNITS) or
                         "use one of " + ", ".join(UNITS), key=key)
            ok = False
        if type(amount) is not int or amount < 1 or (unit in MAX_AMOUNT and amount > MAX_AMOUNT[unit]):
            self.problem(where, f"the amount {amount!r} is not a possible period",
                         f"use a whole number from 1 to {MAX_AMOUNT.get(unit, 'the largest sensible')}",
                         key=key)
            ok = False
        if direction not in DIRECTIONS:
            self.problem(where, f"direction “{direction}” is not known", "use after or before", key=key)
            ok = False
        if roll is not None and roll not in ROLLS:
            self.problem(where, f"roll “{roll}” is not known", "use forward, backward or none", key=key)
            ok = False
        if roll is not None and unit in BUSINESS_UNITS + HOUR_UNITS:
            self.problem(where, f"roll has no effect on {unit}", "remove roll from this count", key=key)
            ok = False
        if ok and unit in HOUR_UNITS:
            event = next((e for e in events if e.id == anchor), None)
            if event is None or not event.time:
                self.problem(where, f"hours need a date and time, but “{anchor}” is only a date",
                             "count in days, or mark the event with time = true", key=key)
                ok = False
        return Count(anchor, Period(amount, unit, direction, roll)) if ok else None

    def read_conditions(self, entry, where, facts, events, key) -> tuple[Condition, ...]:
        raw = entry.get(key, [])
        if not isinstance(raw, list) or not all(isinstance(c, dict) for c in raw):
            self.problem(where, f"{key} should be a list of tables", key=key)
            return ()
        bool_facts = {"respondent_is_candidate"} | {f.id for f in facts if f.type == "bool"}
        date_anchors = {"violation_date", "received", "election_date"} | {
            f.id for f in facts if f.type == "date"} | {e.id for e in events}
        known = sorted(bool_facts | date_anchors | {"complainant_role"})
        conditions = []
        for spec in raw:
            if "fact" in spec:
                fact = spec["fact"]
                extra = set(spec) - {"fact", "equals", "in"}
                if fact == "complainant_role" and "in" in spec and not extra:
                    values = spec["in"]
                    if isinstance(values, list) and values and all(v in ROLES for v in values):
                        conditions.append(Condition(fact=fact, one_of=tuple(values)))
                        continue
                elif fact == "complainant_role" and spec.get("equals") in ROLES and not extra:
                    conditions.append(Condition(fact=fact, equals=spec["equals"]))
                    continue
                elif fact in bool_facts and type(spec.get("equals")) is bool and not extra:
                    conditions.append(Condition(fact=fact, equals=spec["equals"]))
                    continue
                if fact not in known:
                    self.problem(where, f"the condition refers to an unknown fact “{fact}”",
                                 _suggest(str(fact), known) or "declare it under [[facts]]",
                                 key=key)
                else:
                    self.problem(where, f"the condition on “{fact}” is not valid",
                                 "use { fact = …, equals = true } (or equals/in a role for complainant_role)",
                                 key=key)
            elif "date" in spec:
                side = "before" if "within_days_before" in spec else "after"
                other = spec.get(f"within_days_{side}")
                days = spec.get("days")
                if set(spec) - {"date", f"within_days_{side}", "days"}:
                    self.problem(where, "a date condition takes date, within_days_before (or _after) "
                                        "and days", key=key)
                elif spec["date"] not in date_anchors or other not in date_anchors:
                    bad = spec["date"] if spec["date"] not in date_anchors else other
                    self.problem(where, f"the condition refers to an unknown date “{bad}”",
                                 _suggest(str(bad), date_anchors), key=key)
                elif type(days) is not int or days < 1:
                    self.problem(where, f"days {days!r} is not a possible period", key=key)
                else:
                    conditions.append(Condition(date=spec["date"], other=other, side=side, days=days))
            else:
                self.problem(where, "each condition needs “fact” or “date”", key=key)
        return tuple(conditions)

    def check_versions(self, rules):
        by_id = {}
        for rule, where in rules:
            by_id.setdefault(rule.id, []).append((rule, where))
        kinds = {}
        for rule_id, versions in by_id.items():
            versions.sort(key=lambda rw: rw[0].effective)
            for (a, _), (b, where) in zip(versions, versions[1:]):
                if a.repealed is None or a.repealed > b.effective:
                    self.problem(where, f"this version of “{rule_id}” (effective {b.effective}) overlaps "
                                        f"the one effective {a.effective}",
                                 f"give the earlier version repealed = {b.effective}", key="effective")
                if a.kind != b.kind:
                    self.problem(where, f"versions of “{rule_id}” have different kinds", key="kind")
            kinds[rule_id] = versions[0][0].kind
        filings = [rid for rid, kind in kinds.items() if kind == "filing"]
        if len(filings) > 1:
            self.problem(_Where(None, None, ""), f"more than one filing rule: {', '.join(filings)}",
                         "keep one rule of kind “filing”; add versions of it for amendments")

    def check_cycles(self, rules):
        depends = {}
        for rule, _ in rules:
            depends.setdefault(rule.id, set()).update(c.anchor.removeprefix(DEADLINE_ANCHOR) for c in rule.counts
                                                      if c.anchor.startswith(DEADLINE_ANCHOR))
        for start in depends:
            seen, stack = set(), [start]
            while stack:
                node = stack.pop()
                for nxt in depends.get(node, ()):
                    if nxt == start:
                        where = next(w for r, w in rules if r.id == start)
                        self.problem(where, f"the deadline “{start}” counts from itself through other deadlines",
                                     "make one deadline start from an event or fact")
                        stack = []
                        break
                    if nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)

    def check_calendar_reach(self, rules, calendar, supported_from, supported_to):
        """Any date a person may enter must stay inside the calendar, however far rules count."""
        by_id = {r.id: r for r in rules}

        def reach(rule_id, direction, depth=0) -> int:
            rule = by_id.get(rule_id)
            if rule is None or depth > len(by_id):
                return 0
            return max((_span(c.period) + reach(c.anchor.removeprefix(DEADLINE_ANCHOR), direction, depth + 1)
                        for c in rule.counts if c.period.direction == direction), default=0)

        after = max((reach(r.id, "after") for r in rules), default=0)
        before = max((reach(r.id, "before") for r in rules), default=0)
        latest = supported_to + timedelta(days=after)
        earliest = supported_from - timedelta(days=before)
        where = _Where("calendar", None, "calendar")
        if latest.year > calendar.last_year:
            self.problem(where, f"counting from {supported_to} (supported_to) can reach {latest}, after the "
                                f"calendar ends", f"set last_year = {latest.year} or later", key="last_year")
        if earliest.year < calendar.first_year:
            self.problem(where, f"counting back from {supported_from} (supported_from) can reach {earliest}, "
                                "before the calendar starts", f"set first_year = {earliest.year} or earlier",
                         key="first_year")

    def check_filing_covers(self, rules, supported_from, supported_to):
        versions = sorted((r for r in rules if r.kind == "filing"), key=lambda r: r.effective)
        day = supported_from
        for rule in versions:
            if rule.effective > day:
                break
            day = max(day, rule.repealed or date.max)
        if versions and day <= supported_to:
            self.problem(_Where(None, None, ""), f"no version of the filing rule is in force on {day}, inside "
                                                 "the supported dates", "adjust supported_from, effective or "
                                                                        "repealed", key="supported_from")


def _span(period: Period) -> int:
    """The most calendar days a period can cover, with room for moving off closed days."""
    per_unit = {"days": 1, "weeks": 7, "months": 31, "years": 366}
    if period.unit in CALENDAR_UNITS:
        return period.amount * per_unit[period.unit] + 10
    if period.unit in BUSINESS_UNITS:
        return period.amount * 2 + 14
    return 0  # hours are elapsed time; they never look at the calendar


TOP_STRINGS = ("id", "name", "title", "code", "source", "enacted_by", "enacted_source", "timezone",
               "contact")
OPTIONAL_TOP_STRINGS = ("enacted_by", "enacted_source")
TOP_KEYS = set(TOP_STRINGS) | {
    "format", "updated", "effective", "version_date", "supported_from", "supported_to", "calendar",
    "counting", "eligibility", "contents_rule", "contents", "events", "facts", "clauses", "rules"}
CALENDAR_KEYS = {"country", "subdivision", "first_year", "last_year", "observed", "cite", "source",
                 "summary", "assumptions", "remove", "add", "closures"}
CHANGE_KEYS = {"name", "cite", "source", "reason"}
ADD_RULE_KEYS = {"easter_offset", "month", "day", "weekday", "nth", "years"}
COUNTING_KEYS = {"roll", "cite", "source", "summary", "note", "business_days", "business_days_note"}
RULE_KEYS = {"id", "kind", "title", "clause", "text", "actor", "notifies", "note", "source", "effective",
             "repealed", "version_date", "applies_when", "applies_unless", "condition"}
RULE_KEYS_BY_KIND = {
    "filing": {"count", "earliest_of"},
    "deadline": {"count", "earliest_of"},
    "window": {"opens", "closes"},
    "stage": {"rules"},
    "fine": {"amount_min", "amount_max"},
}
