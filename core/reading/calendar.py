"""[calendar] and [counting]: which days the office is open, and how the law counts them."""

from datetime import date, timedelta

from ..business_calendar import (CLOSURE, HOLIDAY, AddedDay, CalendarSpec, DateRule, build_calendar,
                                 package_holidays)
from ..model import CalendarChange, CalendarInfo, Counting
from .problems import Problems, Where, entry_where, suggest

DATE_RULE_HINT = ("give easter_offset = N, or month and day, or month, weekday and nth "
                  "(nth = -1 for the last), with offset = N days if needed")
CHANGE_KEYS = ("name", "cite", "source", "reason")


def _date_rule(entry: dict, problems: Problems, where: Where, first_year: int) -> DateRule | None:
    years, offset = entry.get("years", "all"), entry.get("offset", 0)
    if "easter_offset" in entry:
        rule = DateRule(easter_offset=entry["easter_offset"], offset=offset, years=years)
    elif "month" in entry and "day" in entry:
        rule = DateRule(month=entry["month"], day=entry["day"], offset=offset, years=years)
    elif "month" in entry and "weekday" in entry and "nth" in entry:
        rule = DateRule(month=entry["month"], weekday=entry["weekday"], nth=entry["nth"], offset=offset,
                        years=years)
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

    def changes(key: str) -> list[CalendarChange]:
        found = []
        for i, entry in enumerate(table.get(key, [])):
            w = Where(f"calendar.{key}", i, f"calendar.{key}[{i}]")
            if entry["name"] not in package_names + [a["name"] for a in table.get("add", [])]:
                problems.add(w, f"the holidays package has no holiday named “{entry['name']}” for "
                                f"{country}{'-' + subdivision if subdivision else ''} in {first}–{last}",
                             suggest(entry["name"], package_names) or "known: " + ", ".join(package_names),
                             key="name")
            else:
                found.append(CalendarChange(*(entry[k] for k in CHANGE_KEYS)))
        return found

    removed, not_moved = changes("remove"), changes("not_moved")
    added, added_info = [], []
    for i, entry in enumerate(table.get("add", [])):
        w = Where("calendar.add", i, f"calendar.add[{i}]")
        rule = _date_rule(entry, problems, w, first)
        if rule:
            added.append(AddedDay(entry["name"], rule, HOLIDAY, entry.get("unconfirmed"), entry["cite"]))
            added_info.append(CalendarChange(*(entry[k] for k in CHANGE_KEYS)))

    closures = {}
    for i, entry in enumerate(table.get("closures", [])):
        w = Where("calendar.closures", i, f"calendar.closures[{i}]")
        if "date" in entry:
            if any(k in entry for k in ("easter_offset", "month", "day", "weekday", "nth", "offset", "years")):
                problems.add(w, "give either date = …, or a rule for a day each year, not both", DATE_RULE_HINT)
                continue
            day = date.fromisoformat(entry["date"])
            if not first <= day.year <= last:
                problems.add(w, f"{day} is outside the calendar years {first}–{last}", key="date")
            elif day in closures:
                problems.add(w, f"{day} is listed twice", key="date")
            elif entry.get("unconfirmed"):
                rule = DateRule(month=day.month, day=day.day, only_year=day.year)
                added.append(AddedDay(entry["name"], rule, CLOSURE, entry["unconfirmed"]))
            else:
                closures[day] = (entry["name"], entry.get("source", ""))
        else:
            rule = _date_rule(entry, problems, w, first)
            if rule:
                added.append(AddedDay(entry["name"], rule, CLOSURE, entry.get("unconfirmed"),
                                      entry.get("source", "")))

    names = set(package_names) | {a.name for a in added} | {n for n, _ in closures.values()}
    unconfirmed, unconfirmed_years = {}, {}
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

    spec = CalendarSpec(country, subdivision, first, last, table["observed"],
                        removed=frozenset(c.name for c in removed), not_moved=frozenset(c.name for c in not_moved),
                        added=tuple(added), closures=closures, unconfirmed=unconfirmed,
                        unconfirmed_years=unconfirmed_years, observed_unconfirmed=table.get("observed_unconfirmed"),
                        cite=table["cite"])
    listed = tuple((e["name"], e["reason"]) for e in table.get("unconfirmed", []))
    listed += tuple((a.name, a.unconfirmed) for a in added if a.unconfirmed and a.name not in unconfirmed)
    if spec.observed_unconfirmed:
        listed += (("", spec.observed_unconfirmed),)
    info = CalendarInfo(country, subdivision, table["observed"], table["cite"], table["source"], table["summary"],
                        tuple(table.get("assumptions", [])), tuple(removed), tuple(added_info), tuple(not_moved),
                        tuple(dict.fromkeys(listed)))
    return build_calendar(spec), info


def read_counting(data: dict) -> Counting:
    table = data["counting"]
    return Counting(roll=table["roll"], cite=table["cite"], source=table["source"], summary=table["summary"],
                    note=table.get("note", ""), business_days=table["business_days"],
                    business_days_note=table["business_days_note"], status=table.get("status", "confirmed"),
                    closure_cite=table.get("closure_cite", ""), closure_source=table.get("closure_source", ""),
                    closure_summary=table.get("closure_summary", ""))
