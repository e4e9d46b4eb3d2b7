"""Which days a jurisdiction's offices are open, and how sure we are of it.

A calendar starts from the `holidays` package (actual dates, never its own
"observed" days), removes and adds holidays as the jurisdiction's data file
says (each change cited there), applies the jurisdiction's own observance rule,
and adds the local office closures a city maintains.

Every closed day is either *confirmed* (a statute or an announcement says the
office is closed) or *unconfirmed* (it may be closed; the data file says why it
is not known). The calendar as read treats both as closed: that is the stated
reading. `assume_open(days)` gives the same calendar with some unconfirmed days
open, which is how a count finds what it would be if the office opened.

    >>> from datetime import date
    >>> cal = Calendar(2026, 2026, {date(2026, 7, 4): (ClosedDay("Independence Day"),),
    ...                             date(2026, 2, 12): (ClosedDay("Lincoln's Birthday", confirmed=False),)})
    >>> cal.next_business_day(date(2026, 7, 2))
    datetime.date(2026, 7, 3)
    >>> cal.closed_because(date(2026, 7, 4))
    ('weekend', 'Saturday')
    >>> cal.is_business_day(date(2026, 2, 12)), cal.assume_open({date(2026, 2, 12)}).is_business_day(date(2026, 2, 12))
    (False, True)
"""

from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from typing import Mapping

SATURDAY, SUNDAY = 5, 6
WEEKEND_NAMES = {SATURDAY: "Saturday", SUNDAY: "Sunday"}
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

# Observance rules: what happens to a holiday that falls on a weekend.
NO_SHIFT = "none"
SUNDAY_TO_MONDAY = "sunday-to-monday"
SATURDAY_TO_FRIDAY_SUNDAY_TO_MONDAY = "saturday-to-friday-sunday-to-monday"
OBSERVANCE_RULES = (NO_SHIFT, SUNDAY_TO_MONDAY, SATURDAY_TO_FRIDAY_SUNDAY_TO_MONDAY)
OBSERVED_SUFFIX = " (observed)"

HOLIDAY, CLOSURE = "holiday", "closure"


class OutsideCalendar(ValueError):
    """A count reached a day the calendar does not cover."""

    def __init__(self, day: date, first_year: int, last_year: int):
        super().__init__(f"{day.isoformat()} is outside the calendar ({first_year}–{last_year})")
        self.day = day


@dataclass(frozen=True)
class ClosedDay:
    """One reason a day is closed: a legal holiday or an office closure.

    `confirmed` is False when it is only a reading that the office closes; `basis`
    then says why it is not known (otherwise, where the closure is announced).
    """

    name: str
    kind: str = HOLIDAY
    confirmed: bool = True
    basis: str = ""
    of: str = ""  # for a day kept because of a holiday (the Friday before a Saturday one): that holiday's name
    closes_at: str = ""  # an early closing: the office opens, then closes at this time (HH:MM)
    first_year: int | None = None  # the entry that makes this day closed holds from this year …
    last_year: int | None = None   # … to this one

    @property
    def label(self) -> str:
        """How the day is named: 'Friday before a Saturday holiday: Independence Day'."""
        return f"{self.name}: {self.of}" if self.of else self.name


@dataclass(frozen=True)
class Calendar:
    """The days a procedure's office is closed, or may be, from its first year to its last: what a count of
    business days skips."""

    first_year: int
    last_year: int
    days: Mapping[date, tuple[ClosedDay, ...]]
    assumed_open: frozenset = field(default_factory=frozenset)  # unconfirmed days taken as open
    closures_ignored: bool = False  # a view where office closures that are not holidays do not count

    def covers(self, day: date) -> bool:
        return self.first_year <= day.year <= self.last_year

    def _check(self, day: date) -> None:
        if not self.covers(day):
            raise OutsideCalendar(day, self.first_year, self.last_year)

    def closed_days(self, day: date) -> tuple[ClosedDay, ...]:
        """The holidays and closures on `day` that count in this view of the calendar."""
        self._check(day)
        listed = self.days.get(day, ())
        if self.closures_ignored:
            listed = tuple(c for c in listed if c.kind != CLOSURE)
        if day in self.assumed_open:
            return tuple(c for c in listed if c.confirmed)
        return listed

    def all_reasons_closed(self, day: date) -> list[tuple[str, str]]:
        """Every reason offices are closed on `day`, as (kind, name): a Saturday may also be a holiday."""
        reasons = [("weekend", WEEKEND_NAMES[day.weekday()])] if day.weekday() in WEEKEND_NAMES else []
        return reasons + [(c.kind, c.name) for c in self.closed_days(day)]

    def closed_because(self, day: date) -> tuple[str, str] | None:
        """Why offices are closed on `day`: ('weekend'|'holiday'|'closure', name), or None if open."""
        reasons = self.all_reasons_closed(day)
        return reasons[0] if reasons else None

    def is_business_day(self, day: date) -> bool:
        return self.closed_because(day) is None

    def open_until(self, day: date) -> str | None:
        """Until when the office is surely open on `day`, in this view: "" all day, "HH:MM" when its only closures
        that day are early closings (it opens, then closes, or may close, at that time), None when it is or may
        be closed all day."""
        if day.weekday() in WEEKEND_NAMES:
            return None
        closed = self.closed_days(day)
        if not closed:
            return ""
        if all(c.closes_at for c in closed):
            return min(c.closes_at for c in closed)
        return None

    def unconfirmed_only(self, day: date) -> bool:
        """Closed in this view only because of closures that are not confirmed."""
        closed = self.closed_days(day)
        return (day.weekday() not in WEEKEND_NAMES and bool(closed)
                and not any(c.confirmed for c in closed))

    def unconfirmed(self) -> frozenset:
        """Every weekday whose closure is only a reading."""
        return frozenset(d for d, closed in self.days.items()
                         if d.weekday() not in WEEKEND_NAMES and not any(c.confirmed for c in closed))

    def assume_open(self, days) -> "Calendar":
        """This calendar with the given unconfirmed closures taken as open days."""
        return replace(self, assumed_open=self.assumed_open | frozenset(days))

    def certain(self) -> "Calendar":
        """Only confirmed closures count: every unconfirmed day is taken as open."""
        return self.assume_open(self.unconfirmed())

    def holidays_only(self) -> "Calendar":
        """Weekends and holidays only: where no law carries a period past an office closure, the day a
        period runs to is found in this view."""
        return replace(self, closures_ignored=True)

    def as_recorded(self, open_days, closed_days, name: str, basis: str) -> "Calendar":
        """This calendar with what an office recorded of its own days: a day it was open loses the closures that
        were only a reading (a legal holiday stays one), and a day it was closed becomes a confirmed closure
        (its unconfirmed closures confirmed, or, where none was listed, a closure named `name`)."""
        days = dict(self.days)
        for day in open_days:
            if self.covers(day):
                kept = tuple(c for c in days.get(day, ()) if c.confirmed)
                days[day] = kept
        for day in closed_days:
            if not self.covers(day) or day.weekday() in WEEKEND_NAMES:
                continue
            listed = days.get(day, ())
            if any(not c.confirmed for c in listed):
                days[day] = tuple(c if c.confirmed else replace(c, confirmed=True, basis=basis) for c in listed)
            elif not listed:
                days[day] = (ClosedDay(name, CLOSURE, True, basis),)
        return replace(self, days={d: c for d, c in sorted(days.items()) if c})

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

    def listed(self, year: int) -> list[tuple[date, ClosedDay]]:
        """Every holiday and closure in a year, in date order (holidays before closures on a day)."""
        return [(d, c) for d in sorted(self.days) if d.year == year for c in self.days[d]]

    def holidays_in(self, year: int) -> list[tuple[date, str]]:
        return [(d, c.name) for d, c in self.listed(year) if c.kind == HOLIDAY]


@dataclass(frozen=True)
class DateRule:
    """A day each year: Easter ± n, a fixed date, or the nth weekday of a month, then ± offset days.

    >>> DateRule(month=11, weekday="thursday", nth=4, offset=1).date_in(2026)   # day after Thanksgiving
    datetime.date(2026, 11, 27)
    """

    easter_offset: int | None = None
    month: int | None = None
    day: int | None = None
    weekday: str | None = None
    nth: int | None = None
    offset: int = 0
    years: str = "all"  # "all", "even" or "odd"
    only_year: int | None = None  # a day of one year only
    first_year: int | None = None  # in force from this year (a law or a practice that began then)
    last_year: int | None = None  # until this year

    def date_in(self, year: int) -> date | None:
        if self.only_year is not None and year != self.only_year:
            return None
        if not in_years(year, self.first_year, self.last_year):
            return None
        if self.years == "even" and year % 2:
            return None
        if self.years == "odd" and not year % 2:
            return None
        if self.easter_offset is not None:
            from dateutil.easter import easter
            found = easter(year) + timedelta(days=self.easter_offset)
        elif self.day is not None:
            found = date(year, self.month, self.day)
        else:
            found = nth_weekday(year, self.month, WEEKDAYS.index(self.weekday), self.nth)
        return found + timedelta(days=self.offset)


@dataclass(frozen=True)
class AddedDay:
    """A holiday the package lacks, or a recurring office closure, defined by a date rule or a named one."""

    name: str
    rule: DateRule | None  # None: a named rule worked out from the year's holidays
    kind: str = HOLIDAY
    unconfirmed: str | None = None  # why it is not known that the office closes
    basis: str = ""
    named: str = ""  # the named rule, for a day worked out from the holidays
    closes_at: str = ""  # an early closing, at this time
    first_year: int | None = None
    last_year: int | None = None


@dataclass(frozen=True)
class CalendarSpec:
    """Everything a calendar is built from, as a jurisdiction file states it."""

    country: str
    subdivision: str | None
    first_year: int
    last_year: int
    observed: str
    removed: Mapping[str, tuple] = field(default_factory=dict)    # holiday name -> (first, last) years it is no closure
    not_moved: Mapping[str, tuple] = field(default_factory=dict)  # holiday name -> (first, last) years never moved
    added: tuple[AddedDay, ...] = ()          # holidays and recurring closures
    closures: Mapping[date, tuple[str, str]] = field(default_factory=dict)  # date -> (name, source)
    unconfirmed: Mapping[str, str] = field(default_factory=dict)  # holiday or closure name -> why
    unconfirmed_years: Mapping[str, tuple[int, ...]] = field(default_factory=dict)  # name -> only these years
    unconfirmed_bounds: Mapping[str, tuple] = field(default_factory=dict)  # name -> (first, last) years
    observed_unconfirmed: str | None = None   # why a moved (observed) day is not a known closure
    cite: str = ""


def in_years(year: int, first: int | None, last: int | None) -> bool:
    """Whether `year` is inside the bounds an entry gives (None: no bound on that side)."""
    return (first is None or year >= first) and (last is None or year <= last)


# Days a practice closes for, by name, as python-holidays names its observance rules. Two depend on the
# year's holidays and are worked out from them.
FRIDAY_BEFORE_SATURDAY_HOLIDAY = "friday-before-saturday-holiday"
MONDAY_AFTER_SUNDAY_HOLIDAY = "monday-after-sunday-holiday"
NAMED_DAYS = {
    "day-after-thanksgiving": DateRule(month=11, weekday="thursday", nth=4, offset=1),
    "christmas-eve": DateRule(month=12, day=24),
    "new-years-eve": DateRule(month=12, day=31),
    FRIDAY_BEFORE_SATURDAY_HOLIDAY: None,
    MONDAY_AFTER_SUNDAY_HOLIDAY: None,
}


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
    """Actual (not observed) holiday dates from the `holidays` package, one name per entry.

    The package is imported here only: a prepared calendar (core.prepared) never needs it.
    """
    import holidays as holidays_package
    found = holidays_package.country_holidays(country, subdiv=subdivision, years=years, observed=False)
    return {day: names.split("; ") for day, names in sorted(found.items())}


def build_calendar(spec: CalendarSpec) -> Calendar:
    """The calendar of the spec's years. A holiday of the year after may be observed, or kept by a practice
    closure, on a day inside them (a Saturday 1 January on Friday 31 December), and one of the year before
    could be too: both neighbouring years are worked out, and only the days inside the spec's years kept.
    The calendar's range stays the spec's."""
    years = range(spec.first_year - 1, spec.last_year + 2)

    def status(name: str, year: int) -> tuple[bool, str]:
        reason = spec.unconfirmed.get(name)
        only = spec.unconfirmed_years.get(name)
        if reason and (not only or year in only) and in_years(year, *spec.unconfirmed_bounds.get(name, (None, None))):
            return False, reason
        return True, spec.cite

    def listed_in(table: Mapping[str, tuple], name: str, year: int) -> bool:
        return name in table and in_years(year, *table[name])

    actual: dict[date, list[ClosedDay]] = {}
    for day, names in package_holidays(spec.country, spec.subdivision, years).items():
        for name in names:
            if not listed_in(spec.removed, name, day.year):
                confirmed, basis = status(name, day.year)
                actual.setdefault(day, []).append(ClosedDay(name, HOLIDAY, confirmed, basis))
    for extra in spec.added:
        if extra.kind != HOLIDAY:
            continue
        for year in years:
            day = extra.rule.date_in(year)
            if day is not None:
                confirmed, basis = status(extra.name, year)
                if extra.unconfirmed:
                    confirmed, basis = False, extra.unconfirmed
                actual.setdefault(day, []).append(ClosedDay(extra.name, HOLIDAY, confirmed,
                                                            basis if not confirmed else extra.basis or spec.cite))

    days: dict[date, list[ClosedDay]] = {}
    for day, closed in sorted(actual.items()):
        days.setdefault(day, []).extend(closed)
        movable = [c for c in closed if not listed_in(spec.not_moved, c.name, day.year)]
        shifted = observed_day(day, spec.observed)
        # an observed day is kept unless a holiday surely closes that day already: one only possibly closing it (a
        # holiday the office may not keep, as Diwali in a California city) must not hide a holiday observed there
        if shifted != day and movable and not any(c.confirmed for c in actual.get(shifted, ())):
            for c in movable:
                confirmed = c.confirmed and spec.observed_unconfirmed is None
                basis = c.basis if not c.confirmed else (spec.observed_unconfirmed or c.basis)
                days.setdefault(shifted, []).append(ClosedDay(c.name + OBSERVED_SUFFIX, HOLIDAY, confirmed, basis))

    for extra in spec.added:
        if extra.kind != CLOSURE:
            continue
        for day, of in closure_days(extra, years, actual, days):
            days.setdefault(day, []).append(ClosedDay(extra.name, CLOSURE, extra.unconfirmed is None,
                                                      extra.unconfirmed or extra.basis, of, extra.closes_at,
                                                      extra.first_year, extra.last_year))
    for day, (name, source) in sorted(spec.closures.items()):
        listed = days.setdefault(day, [])
        # An announced closure confirms a recurring closure that falls on the same day.
        listed[:] = [c for c in listed if c.kind != CLOSURE or c.confirmed]
        listed.append(ClosedDay(name, CLOSURE, True, source))

    in_range = {d: tuple(c) for d, c in sorted(days.items()) if spec.first_year <= d.year <= spec.last_year and c}
    return Calendar(spec.first_year, spec.last_year, in_range)


def closure_days(extra: AddedDay, years: range, holidays: dict, closed: dict) -> list[tuple[date, str]]:
    """Each day a recurring closure falls on, with the holiday it is kept for (or ""). `holidays` are the
    actual holiday dates; `closed`, every day closed so far (observed days included).

    The Friday before a Saturday holiday (the Monday after a Sunday one) is kept for every holiday, those the
    law does not move (`not_moved`) included: that marking is about the law's observed day, and the closure
    is the office's practice, which the law does not decide. A closure's years are those of the day it falls
    on (Friday 31 December 2032, kept for New Year's Day 2033, is a day of 2032)."""
    found = []
    for year in years:
        if extra.rule is not None:
            if in_years(year, extra.first_year, extra.last_year):
                day = extra.rule.date_in(year)
                if day is not None:
                    found.append((day, ""))
            continue
        weekday, step = (SATURDAY, -1) if extra.named == FRIDAY_BEFORE_SATURDAY_HOLIDAY else (SUNDAY, 1)
        for day, on_day in sorted(holidays.items()):
            if day.year != year or day.weekday() != weekday:
                continue
            near = day + timedelta(days=step)
            if in_years(near.year, extra.first_year, extra.last_year) and \
                    not any(c.kind == HOLIDAY for c in closed.get(near, ())):
                found.append((near, on_day[0].name))
    return found


def observed_day(day: date, rule: str) -> date:
    """The day a holiday is observed under an observance rule."""
    if day.weekday() == SUNDAY and rule in (SUNDAY_TO_MONDAY, SATURDAY_TO_FRIDAY_SUNDAY_TO_MONDAY):
        return day + timedelta(days=1)
    if day.weekday() == SATURDAY and rule == SATURDAY_TO_FRIDAY_SUNDAY_TO_MONDAY:
        return day - timedelta(days=1)
    return day
