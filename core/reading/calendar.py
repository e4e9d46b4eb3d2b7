"""[calendar] and [counting]: which days the office is open, and how the law counts them."""

from dataclasses import replace
from datetime import date, timedelta

from ..business_calendar import (CLOSURE, HOLIDAY, NAMED_DAYS, AddedDay, CalendarSpec, DateRule, build_calendar,
                                 package_holidays)
from ..counting import DAY_KINDS
from ..model import CalendarChange, CalendarEntry, CalendarInfo, Counting
from .problems import Problems, Where, one_of_hint, suggest

DATE_RULE_HINT = ("give easter_offset = N, or month and day, or month, weekday and nth "
                  "(nth = -1 for the last), with offset = N days if needed")
CHANGE_KEYS = ("name", "cite", "source", "reason")


def _bounds(entry: dict, problems: Problems, where: Where) -> tuple[int | None, int | None]:
    """An entry's first and last year, if it gives them."""
    first, last = entry.get("first_year"), entry.get("last_year")
    if first is not None and last is not None and first > last:
        problems.add(where, f"first_year {first} is after last_year {last}", key="first_year")
    return first, last


def _date_rule(entry: dict, problems: Problems, where: Where, first_year: int) -> DateRule | None:
    years, offset = entry.get("years", "all"), entry.get("offset", 0)
    bounds = dict(zip(("first_year", "last_year"), _bounds(entry, problems, where)))
    if "easter_offset" in entry:
        rule = DateRule(easter_offset=entry["easter_offset"], offset=offset, years=years, **bounds)
    elif "month" in entry and "day" in entry:
        rule = DateRule(month=entry["month"], day=entry["day"], offset=offset, years=years, **bounds)
    elif "month" in entry and "weekday" in entry and "nth" in entry:
        rule = DateRule(month=entry["month"], weekday=entry["weekday"], nth=entry["nth"], offset=offset,
                        years=years, **bounds)
    else:
        problems.add(where, "the date is not defined", DATE_RULE_HINT)
        return None
    try:
        for year in range(first_year, first_year + 8):  # a leap year, a fifth weekday each may lack
            found = rule.date_in(year)
            if rule.nth == 5 and found and (found - timedelta(days=rule.offset)).month != rule.month:
                raise ValueError(f"there is no fifth {rule.weekday} in month {rule.month} of {year}")
    except ValueError as err:
        problems.add(where, f"the date is impossible: {err}", DATE_RULE_HINT)
        return None
    return rule


def read_calendar(data: dict, problems: Problems):
    table = data["calendar"]
    where = Where("calendar", None, "calendar")
    country, subdivision = table["country"], table.get("subdivision")
    first, last = table["first_year"], table["last_year"]
    if first > last:
        problems.add(where, f"first_year {first} is after last_year {last}", key="first_year")
        return None, None
    try:
        known = package_holidays(country, subdivision, range(first, last + 1))
    except NotImplementedError:
        problems.add(where, f"the holidays package has no calendar for {country}"
                            f"{'-' + subdivision if subdivision else ''}",
                     "use an ISO country code and subdivision, such as US and IL", key="country")
        return None, None
    package_names = sorted({n for names in known.values() for n in names})

    def changes(key: str) -> tuple[list[CalendarChange], dict]:
        found, bounds = [], {}
        for i, entry in enumerate(table.get(key, [])):
            w = Where(f"calendar.{key}", i, f"calendar.{key}[{i}]")
            if entry["name"] not in package_names + [a["name"] for a in table.get("add", [])]:
                problems.add(w, f"the holidays package has no holiday named “{entry['name']}” for "
                                f"{country}{'-' + subdivision if subdivision else ''} in {first}–{last}",
                             suggest(entry["name"], package_names) or "known: " + ", ".join(package_names),
                             key="name")
            else:
                found.append(CalendarChange(*(entry[k] for k in CHANGE_KEYS), *_bounds(entry, problems, w)))
                bounds[entry["name"]] = _bounds(entry, problems, w)
        return found, bounds

    (removed, removed_years), (not_moved, not_moved_years) = changes("remove"), changes("not_moved")
    added, added_info = [], []
    for i, entry in enumerate(table.get("add", [])):
        w = Where("calendar.add", i, f"calendar.add[{i}]")
        rule = _date_rule(entry, problems, w, first)
        if rule:
            added.append(AddedDay(entry["name"], rule, HOLIDAY, entry.get("unconfirmed"), entry["cite"]))
            added_info.append(CalendarChange(*(entry[k] for k in CHANGE_KEYS), rule.first_year, rule.last_year))

    closures, declared = {}, []
    for i, entry in enumerate(table.get("closures", [])):
        declared.append(CalendarEntry(entry["name"], not entry.get("unconfirmed"),
                                      entry.get("unconfirmed") or entry.get("source", ""), entry.get("source", ""),
                                      entry.get("date", ""), entry.get("closes_at", ""), entry.get("first_year"),
                                      entry.get("last_year")))
        w = Where("calendar.closures", i, f"calendar.closures[{i}]")
        spec_keys = [k for k in ("date", "rule", "easter_offset", "month", "weekday") if k in entry]
        if len(set(spec_keys) & {"date", "rule"}) + bool(set(spec_keys) - {"date", "rule"}) > 1:
            problems.add(w, "give one of date = …, rule = \"…\" (a named day), or a date rule for a day each year",
                         DATE_RULE_HINT)
            continue
        if "rule" in entry:
            if entry["rule"] not in NAMED_DAYS:
                problems.add(w, f"“{entry['rule']}” is not a named day", one_of_hint(entry["rule"], NAMED_DAYS),
                             key="rule")
                continue
            first_bound, last_bound = _bounds(entry, problems, w)
            named = NAMED_DAYS[entry["rule"]]
            rule = replace(named, first_year=first_bound, last_year=last_bound) if named else None
            added.append(AddedDay(entry["name"], rule, CLOSURE, entry.get("unconfirmed"), entry.get("source", ""),
                                  named=entry["rule"] if named is None else "", closes_at=entry.get("closes_at", ""),
                                  first_year=first_bound, last_year=last_bound))
            continue
        if "date" in entry:
            if any(k in entry for k in ("easter_offset", "month", "day", "weekday", "nth", "offset", "years",
                                        "first_year", "last_year")):
                problems.add(w, "give either date = …, or a rule for a day each year, not both", DATE_RULE_HINT)
                continue
            day = date.fromisoformat(entry["date"])
            if not first <= day.year <= last:
                problems.add(w, f"{day} is outside the calendar years {first}–{last}", key="date")
            elif day in closures:
                problems.add(w, f"{day} is listed twice", key="date")
            elif entry.get("unconfirmed"):
                rule = DateRule(month=day.month, day=day.day, only_year=day.year)
                added.append(AddedDay(entry["name"], rule, CLOSURE, entry["unconfirmed"],
                                      closes_at=entry.get("closes_at", "")))
            else:
                closures[day] = (entry["name"], entry.get("source", ""))
        else:
            rule = _date_rule(entry, problems, w, first)
            if rule:
                added.append(AddedDay(entry["name"], rule, CLOSURE, entry.get("unconfirmed"),
                                      entry.get("source", ""), closes_at=entry.get("closes_at", ""),
                                      first_year=rule.first_year, last_year=rule.last_year))

    names = set(package_names) | {a.name for a in added} | {n for n, _ in closures.values()}
    unconfirmed, unconfirmed_years, unconfirmed_bounds = {}, {}, {}
    for i, entry in enumerate(table.get("unconfirmed", [])):
        w = Where("calendar.unconfirmed", i, f"calendar.unconfirmed[{i}]")
        if entry["name"] not in names:
            problems.add(w, f"no holiday or closure is named “{entry['name']}”",
                         suggest(entry["name"], names) or "use a name that python -m core calendar prints",
                         key="name")
        elif entry["name"] in unconfirmed:
            problems.add(w, f"“{entry['name']}” is listed twice", key="name")
        else:
            unconfirmed[entry["name"]] = entry["reason"]
            if "years" in entry:
                unconfirmed_years[entry["name"]] = tuple(entry["years"])
            unconfirmed_bounds[entry["name"]] = _bounds(entry, problems, w)

    spec = CalendarSpec(country, subdivision, first, last, table["observed"],
                        removed=removed_years, not_moved=not_moved_years,
                        added=tuple(added), closures=closures, unconfirmed=unconfirmed,
                        unconfirmed_years=unconfirmed_years, unconfirmed_bounds=unconfirmed_bounds,
                        observed_unconfirmed=table.get("observed_unconfirmed"), cite=table["cite"])
    listed = tuple((e["name"], e["reason"]) for e in table.get("unconfirmed", []))
    listed += tuple((a.name, a.unconfirmed) for a in added if a.unconfirmed and a.name not in unconfirmed)
    if spec.observed_unconfirmed:
        listed += (("", spec.observed_unconfirmed),)
    assumptions = table.get("assumptions", [])
    ids = [str(i) for i in range(len(assumptions))] if isinstance(assumptions, list) else list(assumptions)
    texts = list(assumptions) if isinstance(assumptions, list) else list(assumptions.values())
    info = CalendarInfo(country, subdivision, table["observed"], table["cite"], table["source"], table["summary"],
                        tuple(texts), tuple(removed), tuple(added_info), tuple(not_moved),
                        tuple(dict.fromkeys(listed)), assumption_ids=tuple(ids), closures=tuple(declared))
    return build_calendar(spec), info


def read_counting(data: dict, problems: Problems, law=None) -> Counting:
    """The procedure's [counting]: how its periods are counted, unless a rule says it counts by another."""
    table = data["counting"]
    if "status" not in table:
        # Files written before a missing status was read as confirmed (eefca8a) had no safe date on the extension:
        # they keep that reading (assumed), and are asked to state it.
        problems.warn(Where("counting", None, "counting"),
                      f"“status” is missing, so the rule that moves a last day off a weekend or holiday "
                      f"({table['cite']}) is read as assumed, not confirmed: no safe date relies on it",
                      'add status = "assumed" to [counting] to keep this reading, or status = "confirmed" if it is '
                      "certain that this rule governs the procedure's periods; a safe date may then be the day it "
                      "moves to")
    return _counting(table, Where("counting", None, "counting"), problems, law)


def read_countings(data: dict, problems: Problems, main: Counting, law=None) -> tuple[Counting, ...]:
    """[countings.ID]: other ways some of the procedure's periods are counted (a petition to a court, counted as
    the court's rules count). What a table leaves out (what a business day is) is the procedure's own."""
    found = []
    for name, table in sorted(data.get("countings", {}).items()):
        where = Where(f"countings.{name}", None, f"countings.{name}")
        if "status" not in table:
            problems.add(where, "“status” is missing",
                         'say whether this rule surely governs the periods that follow it: status = "confirmed", '
                         'or "assumed" when it is a reading', key="status")
            continue
        table = {"business_days": main.business_days, "business_days_note": main.business_days_note, **table}
        found.append(replace(_counting(table, where, problems, law), id=name))
    return tuple(found)


def _counting(table: dict, where: Where, problems: Problems, law) -> Counting:
    moves_off = tuple(table.get("moves_off", DAY_KINDS))
    may_move_off = tuple(table.get("may_move_off", ()))
    if set(moves_off) & set(may_move_off):
        problems.add(where, "a kind of day is both in moves_off and may_move_off",
                     "list each kind of day once: moves_off for what the law says, may_move_off for a reading",
                     key="may_move_off")
    if may_move_off and not table.get("may_move_off_if"):
        problems.add(where, "may_move_off needs may_move_off_if: the reading under which those days are excluded",
                     'e.g. may_move_off_if = "the rules of court so provide"', key="may_move_off")
    if ("moves_off" in table or may_move_off) and table["roll"] != "forward":
        problems.add(where, "moves_off and may_move_off say which days a last day rolls forward off",
                     'set roll = "forward", or remove them', key="roll")
    if ("clause" in table) != ("text" in table):
        problems.add(where, "give both the clause that states the counting rule and its words",
                     'clause = "1-29", text = "The time in which any act provided by law is to be done is computed …"',
                     key="clause")
    elif "clause" in table and law is not None:
        law.check_quote(problems, where, table["clause"], table["text"], key="text")
    return Counting(roll=table["roll"], cite=table["cite"], source=table["source"], summary=table["summary"],
                    note=table.get("note", ""), business_days=table["business_days"],
                    business_days_note=table["business_days_note"], status=table.get("status", "assumed"),
                    closure_cite=table.get("closure_cite", ""), closure_source=table.get("closure_source", ""),
                    closure_summary=table.get("closure_summary", ""),
                    closure_effect=table.get("closure_effect", "extends"), moves_off=moves_off,
                    may_move_off=may_move_off, may_move_off_if=table.get("may_move_off_if", ""),
                    clause=table.get("clause", ""), text=table.get("text", ""))
