"""Which days a jurisdiction's offices are open.

A calendar starts from the `holidays` package (actual dates, never its own
"observed" days), removes and adds holidays as the jurisdiction's data file
says (each change cited there), applies the jurisdiction's own observance rule,
and adds the local office closures a city maintains.

    >>> from datetime import date
    >>> cal = Calendar(2026, 2026, {date(2026, 7, 4): "Independence Day"}, {})
    >>> cal.next_business_day(date(2026, 7, 2))
    datetime.date(2026, 7, 3)
    >>> cal.closed_because(date(2026, 7, 4))
    ('weekend', 'Saturday')
"""

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Mapping

import holidays as holidays_package
from dateutil.easter import easter

SATURDAY, SUNDAY = 5, 6
WEEKEND_NAMES = {SATURDAY: "Saturday", SUNDAY: "Sunday"}
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

# Observance rules: what happens to a holiday that falls on a weekend.
NO_SHIFT = "none"
SUNDAY_TO_MONDAY = "sunday-to-monday"
SATURDAY_TO_FRIDAY_SUNDAY_TO_MONDAY = "saturday-to-friday-sunday-to-monday"
OBSERVANCE_RULES = (NO_SHIFT, SUNDAY_TO_MONDAY, SATURDAY_TO_FRIDAY_SUNDAY_TO_MONDAY)
OBSERVED_SUFFIX = " (observed)"


class OutsideCalendar(ValueError):
    """A count reached a day the calendar does not cover."""

    def __init__(self, day: date, first_year: int, last_year: int):
        super().__init__(f"{day.isoformat()} is outside the calendar ({first_year}–{last_year})")
        self.day = day


@dataclass(frozen=True)
class Calendar:
    first_year: int
    last_year: int
    holidays: Mapping[date, str]
    closures: Mapping[date, str] = field(default_factory=dict)

    def covers(self, day: date) -> bool:
        return self.first_year <= day.year <= self.last_year

    def closed_because(self, day: date) -> tuple[str, str] | None:
        """Why offices are closed on `day`: ('weekend'|'holiday'|'closure', name), or None if open."""
        reasons = self.all_reasons_closed(day)
        return reasons[0] if reasons else None

    def all_reasons_closed(self, day: date) -> list[tuple[str, str]]:
        """Every reason offices are closed on `day` (a Saturday may also be a holiday)."""
        if not self.covers(day):
            raise OutsideCalendar(day, self.first_year, self.last_year)
        reasons = []
        if day.weekday() in WEEKEND_NAMES:
            reasons.append(("weekend", WEEKEND_NAMES[day.weekday()]))
        if day in self.holidays:
            reasons.append(("holiday", self.holidays[day]))
        if day in self.closures:
            reasons.append(("closure", self.closures[day]))
        return reasons

    def is_business_day(self, day: date) -> bool:
        return self.closed_because(day) is None

    def next_business_day(self, day: date) -> date:
        """The first business day strictly after `day`."""
        day += timedelta(days=1)
        while not self.is_business_day(day):
            day += timedelta(days=1)
        return day

    def previous_business_day(self, day: date) -> date:
        """The last business day strictly before `day`."""
        day -= timedelta(days=1)
        while not self.is_business_day(day):
            day -= timedelta(days=1)
        return day

    def holidays_in(self, year: int) -> list[tuple[date, str]]:
        return sorted((d, n) for d, n in self.holidays.items() if d.year == year)


@dataclass(frozen=True)
class AddedHoliday:
    """A holiday the package lacks, defined by one of three date rules."""

    name: str
    easter_offset: int | None = None
    month: int | None = None
    day: int | None = None
    weekday: str | None = None
    nth: int | None = None
    years: str = "all"  # "all", "even" or "odd"

    def date_in(self, year: int) -> date | None:
        if self.years == "even" and year % 2:
            return None
        if self.years == "odd" and not year % 2:
            return None
        if self.easter_offset is not None:
            return easter(year) + timedelta(days=self.easter_offset)
        if self.day is not None:
            return date(year, self.month, self.day)
        return nth_weekday(year, self.month, WEEKDAYS.index(self.weekday), self.nth)


def nth_weekday(year: int, month: int, weekday: int, nth: int) -> date:
    """The nth given weekday of a month; nth = -1 is the last one.

    >>> nth_weekday(2026, 10, 0, 1)   # first Monday of October 2026
    datetime.date(2026, 10, 5)
    >>> nth_weekday(2026, 5, 0, -1)   # last Monday of May 2026
    datetime.date(2026, 5, 25)
    """
    if nth > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (nth - 1))
    next_month = date(year + month // 12, month % 12 + 1, 1)
    last = next_month - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7 + 7 * (-nth - 1))


def package_holidays(country: str, subdivision: str | None, years: range) -> dict[date, list[str]]:
    """Actual (not observed) holiday dates from the `holidays` package, one name per entry."""
    found = holidays_package.country_holidays(country, subdiv=subdivision, years=years, observed=False)
    return {day: names.split("; ") for day, names in sorted(found.items())}


def build_calendar(
    country: str,
    subdivision: str | None,
    first_year: int,
    last_year: int,
    observed: str,
    removed: frozenset[str] = frozenset(),
    added: tuple[AddedHoliday, ...] = (),
    closures: Mapping[date, str] | None = None,
) -> Calendar:
    years = range(first_year, last_year + 1)
    actual: dict[date, list[str]] = {}
    for day, names in package_holidays(country, subdivision, years).items():
        kept = [n for n in names if n not in removed]
        if kept:
            actual[day] = kept
    for extra in added:
        for year in years:
            day = extra.date_in(year)
            if day is not None:
                actual.setdefault(day, []).append(extra.name)

    days: dict[date, str] = {}
    for day, names in sorted(actual.items()):
        days[day] = "; ".join(names)
        shifted = observed_day(day, observed)
        if shifted != day and shifted not in actual:
            days[shifted] = "; ".join(n + OBSERVED_SUFFIX for n in names)
    in_range = {d: n for d, n in days.items() if first_year <= d.year <= last_year}
    return Calendar(first_year, last_year, in_range, dict(sorted((closures or {}).items())))


def observed_day(day: date, rule: str) -> date:
    """The day a holiday is observed under an observance rule."""
    if day.weekday() == SUNDAY and rule in (SUNDAY_TO_MONDAY, SATURDAY_TO_FRIDAY_SUNDAY_TO_MONDAY):
        return day + timedelta(days=1)
    if day.weekday() == SATURDAY and rule == SATURDAY_TO_FRIDAY_SUNDAY_TO_MONDAY:
        return day - timedelta(days=1)
    return day
