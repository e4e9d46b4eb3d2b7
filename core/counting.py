"""Counting a period of time from an event, the way the law counts it.

Conventions (each jurisdiction file cites its own statute for them):

* Calendar-day periods ("N days after E") exclude the day of E and include the
  last day. If the last day is a Saturday, Sunday, holiday or closure, the
  period runs forward to the next business day (or back, for periods counted
  before an event), unless the rule says not to move it. Both the nominal and
  the moved day are reported.
* "Within N weeks" is 7·N calendar days, then as above. Months and years keep
  the day of the month; a day the target month lacks becomes its last day:

      >>> from datetime import date
      >>> add_years(date(2028, 2, 29), 1)
      (datetime.date(2029, 2, 28), True)
      >>> add_months(date(2026, 1, 31), 1)
      (datetime.date(2026, 2, 28), True)

* Business or working days count only business days after E.
* Hours are elapsed hours in the jurisdiction's time zone, so a daylight-saving
  change in between moves the wall-clock answer by an hour.

Every count gives three dates. `due` is the last day under the procedure's
stated reading (extensions applied, every listed closure closed). `certain` is
the last day inside the period whichever way each reading goes: no extension
(unless the procedure confirms the rule that extends it), and every unconfirmed
closure open. `safe` is the last day on or before
`certain` on which the office is certainly open; acting on it is on time under
every reading. `uncertain` lists the unconfirmed closures that moved `due`.
"""

from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

from dateutil.relativedelta import relativedelta

from .business_calendar import CLOSURE, HOLIDAY, SATURDAY, SUNDAY, Calendar

CALENDAR_UNITS = ("days", "weeks", "months", "years")
BUSINESS_UNITS = ("business-days", "working-days")
HOUR_UNITS = ("hours",)
UNITS = CALENDAR_UNITS + BUSINESS_UNITS + HOUR_UNITS
DIRECTIONS = ("after", "before")
ROLLS = ("forward", "backward", "none")


@dataclass(frozen=True)
class Period:
    """A length of time as the law states it ("30 days after"), and which way a last day that falls on a
    closed day rolls."""

    amount: int
    unit: str
    direction: str = "after"
    roll: str | None = None  # None: the jurisdiction's default for calendar units


# The closed days a last day may move off, as statutes name them: "a Saturday, Sunday or legal holiday", "a Sunday
# or holiday" (HRS § 1-29), or a day the office is closed.
SATURDAY_KIND, SUNDAY_KIND = "saturday", "sunday"
DAY_KINDS = (SATURDAY_KIND, SUNDAY_KIND, HOLIDAY, CLOSURE)


@dataclass(frozen=True)
class RollRule:
    """The authority for moving a last day off a closed day, as a jurisdiction states it: which closed days the law
    moves it off, and which only a reading does ("when so provided by the rules of court, … a Saturday")."""

    cite: str                      # for weekends and legal holidays
    closure_cite: str = ""         # for office closures that are not legal holidays
    assumed: bool = False          # True: whether the rule applies is not confirmed
    moves_off: frozenset = frozenset(DAY_KINDS)  # the closed days a last day moves off under the law
    may_move_off: frozenset = frozenset()  # those it moves off only under a reading, not confirmed …
    reading: str = ""  # … which is this, as a clause completing "if …": "the rules of court so provide"

    @property
    def every_kind(self) -> frozenset:
        return self.moves_off | self.may_move_off

    @property
    def partial(self) -> bool:
        """It moves a last day off some closed days only (HRS § 1-29: a Sunday or holiday, not a Saturday)."""
        return self.every_kind != frozenset(DAY_KINDS)

    def cite_for(self, kinds: set) -> str:
        cites = []
        if kinds - {CLOSURE} or not self.closure_cite:
            cites.append(self.cite)
        if CLOSURE in kinds and self.closure_cite:
            cites.append(self.closure_cite)
        return " / ".join(dict.fromkeys(cites))


# --- what a count records: typed steps, worded elsewhere ----------------------------------------------------
# A count never words anything. Each step is a message key and its values: dates, numbers, citations, and the
# values below, which core/describing.py (explain) words in the language asked for. So one count serves every
# language, and a third language is a catalogue, not a change here.

@dataclass(frozen=True)
class Step:
    """One step of a count, as a message key (core/messages) and its values."""

    key: str
    values: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, key: str, **values) -> "Step":
        return cls(key, tuple(values.items()))


@dataclass(frozen=True)
class Amount:
    """A period in words: '60 calendar days'."""
    n: int
    unit: str


@dataclass(frozen=True)
class ClosedOn:
    """Why offices are closed on a day, in a view of the calendar: 'a weekend day and a legal holiday (…)'."""
    day: date
    calendar: Calendar


@dataclass(frozen=True)
class DaysCounted:
    """The days a business-day count counted, numbered: 'Tuesday, … (1); Wednesday, … (2)'."""
    days: tuple[date, ...]


@dataclass(frozen=True)
class DaysSkipped:
    """The days a business-day count passed over, each with why."""
    days: tuple[date, ...]
    calendar: Calendar


@dataclass(frozen=True)
class ClosedKinds:
    """The kinds of closed day a last day moves off, in words: 'a Sunday or a legal holiday'."""
    kinds: frozenset


@dataclass(frozen=True)
class TimeOfDay:
    """A time of day ("12:00"), as the language writes it."""
    hhmm: str


@dataclass(frozen=True)
class Counted:
    """A period counted from its anchor: the day the words give, the day it is due, the safe day that holds
    whichever way an unsure day goes, and the steps that got there."""

    nominal: date
    due: date
    certain: date
    safe: date
    due_at: datetime | None
    steps: tuple[Step, ...]
    uncertain: tuple[date, ...] = ()
    safe_until: str = ""  # the safe date is a day the office closes, or may close, early: act before this time

    @property
    def extended(self) -> bool:
        return self.due > self.nominal


def add_business_days(start: date, n: int, calendar: Calendar):
    """The nth business day after `start` (before it, if n < 0).

    Returns (day, counted days, skipped (day, reason) pairs).
    """
    step = timedelta(days=1 if n > 0 else -1)
    day, counted, skipped = start, [], []
    while len(counted) < abs(n):
        day += step
        reason = calendar.closed_because(day)
        if reason:
            skipped.append((day, reason))
        else:
            counted.append(day)
    return day, counted, skipped


def add_months(start: date, n: int) -> tuple[date, bool]:
    """Same day of the month n months later; True if that day did not exist."""
    result = start + relativedelta(months=n)
    return result, result.day != start.day


def add_years(start: date, n: int) -> tuple[date, bool]:
    """Same date n years later; 29 February becomes 28 February. True if moved."""
    result = start + relativedelta(years=n)
    return result, result.day != start.day


def roll_forward(day: date, calendar: Calendar) -> date:
    return day if calendar.is_business_day(day) else calendar.next_business_day(day)


def excluded(day: date, calendar: Calendar, kinds: frozenset) -> bool:
    """Whether a last day on `day` moves off it: a closed day of one of `kinds` in this view of the calendar."""
    weekday = day.weekday()
    if (weekday == SATURDAY and SATURDAY_KIND in kinds) or (weekday == SUNDAY and SUNDAY_KIND in kinds):
        return True
    return any(c.kind in kinds for c in calendar.closed_days(day))


def roll_off(day: date, calendar: Calendar, kinds: frozenset) -> date:
    """The first day on or after `day` that is not a closed day of one of `kinds`."""
    while excluded(day, calendar, kinds):
        day += timedelta(days=1)
    return day


def roll_backward(day: date, calendar: Calendar) -> date:
    return day if calendar.is_business_day(day) else calendar.previous_business_day(day)


def safe_date(certain: date, calendar: Calendar) -> tuple[date, str]:
    """The last day on or before `certain` that the office is certainly open, counting every listed closure, and
    the time it may close early that day ("" if none): a day it closes, or may close, at noon is certainly open
    in the morning."""
    day = certain
    while calendar.open_until(day) is None:
        day -= timedelta(days=1)
    return day, calendar.open_until(day)


def earlier_safe(a: tuple[date, str], b: tuple[date, str]) -> tuple[date, str]:
    """The earlier of two safe dates with their times ("" for the whole day)."""
    return min(a, b, key=lambda s: (s[0], s[1] or "24:00"))


def days_between(first: date, last: date):
    """Each day from `first` to `last`, both included, in either order."""
    low, high = min(first, last), max(first, last)
    return [low + timedelta(days=i) for i in range((high - low).days + 1)]


def safe_step(safe: date, certain: date, until: str = "") -> Step:
    if until:
        return Step.of("safe_early", safe=safe, certain=certain, time=TimeOfDay(until))
    return Step.of("safe" if safe != certain else "safe_is_certain", safe=safe, certain=certain)


def count_days(start: date, period: Period, calendar: Calendar, *, anchor, roll: str, rule: RollRule,
               office: Calendar | None = None) -> Counted:
    """A calendar-day, week, month or year period, moved off closed days as `roll` says. `anchor` is what it is
    counted from, as its steps name it (a value core/describing.py words).

    `calendar` is the law's (the days a period is moved off); `office`, when the law gives office closures
    no effect, is the office's own, which still decides the safe date: a person acts on a day it is open."""
    office = office or calendar
    n, sign = period.amount, (1 if period.direction == "after" else -1)
    steps = [Step.of("start", start=start, anchor=anchor)]
    if period.unit == "days":
        nominal = start + timedelta(days=sign * n)
        steps.append(Step.of(f"days_{period.direction}", amount=Amount(n, "days"), n=n, day=nominal))
    elif period.unit == "weeks":
        nominal = start + timedelta(days=sign * 7 * n)
        steps.append(Step.of(f"weeks_{period.direction}", amount=Amount(n, "weeks"), days=7 * n, day=nominal))
    elif period.unit == "months":
        nominal, clamped = add_months(start, sign * n)
        steps.append(Step.of(f"months_{period.direction}", amount=Amount(n, "months"), day=nominal))
        if clamped:
            steps.append(Step.of("month_clamped", dom=start.day))
    else:
        nominal, clamped = add_years(start, sign * n)
        steps.append(Step.of(f"years_{period.direction}", amount=Amount(n, "years"), day=nominal))
        if clamped:
            steps.append(Step.of("leap_day", year=nominal.year))

    if calendar.is_business_day(nominal):
        if office.is_business_day(nominal):
            steps.append(Step.of("business_day_ends", day=nominal))
            return Counted(nominal, nominal, nominal, nominal, None, tuple(steps))
        # The law does not move the last day, but the office may be closed on it: act before it.
        steps.append(Step.of("closure_not_moved", day=nominal, reason=ClosedOn(nominal, office)))
        safe, until = safe_date(nominal, office)
        steps.append(safe_step(safe, nominal, until))
        uncertain = (nominal,) if office.unconfirmed_only(nominal) else ()
        return Counted(nominal, nominal, nominal, safe, None, tuple(steps), uncertain, until)
    if roll == "forward" and rule.partial:
        return _roll_off_named_days(nominal, steps, calendar, office, rule)
    why = ClosedOn(nominal, calendar)
    if roll == "forward":
        due = roll_forward(nominal, calendar)
        passed = days_between(nominal, due - timedelta(days=1))
        kinds = {c.kind for d in passed for c in calendar.closed_days(d)}
        key = "roll_forward_assumed" if rule.assumed else "roll_forward"
        steps.append(Step.of(key, day=nominal, reason=why, cite=rule.cite_for(kinds or {"weekend"}), due=due))
    elif roll == "backward":
        due = roll_backward(nominal, calendar)
        passed = days_between(due + timedelta(days=1), nominal)
        steps.append(Step.of("roll_backward", day=nominal, reason=why, due=due))
    else:
        due, passed = nominal, []
        steps.append(Step.of("no_roll", day=nominal, reason=why))
    uncertain = tuple(d for d in passed if calendar.unconfirmed_only(d))
    if office is not calendar and office.unconfirmed_only(due):
        uncertain += (due,)  # the day the law runs to may be an office closure: the safe date keeps off it
    if roll == "forward" and not rule.assumed:
        # The extension is the law: the last day holds, and only an unconfirmed closure passed on the way
        # could make it earlier (if the office opens that day).
        certain = roll_forward(nominal, calendar.certain())
    else:
        certain = min(nominal, due)
    safe, until = safe_date(certain, office)
    if safe != due or until:
        steps.append(safe_step(safe, certain, until))
    return Counted(nominal, due, certain, safe, None, tuple(steps), uncertain, until)


def _roll_off_named_days(nominal: date, steps: list, calendar: Calendar, office: Calendar, rule: RollRule) -> Counted:
    """A last day on a closed day, where the law moves it off some closed days only ("unless the last day is a Sunday
    or holiday and then it is also excluded", HRS § 1-29), and a reading may move it off others ("when so provided
    by the rules of court, … if it is a Saturday"). The last day under the stated reading moves off both; the day
    that holds under every reading moves off only what the law names (nothing, if the rule is assumed)."""
    why = ClosedOn(nominal, calendar)
    lawful = roll_off(nominal, calendar, rule.moves_off)
    due = roll_off(nominal, calendar, rule.every_kind)
    suffix = "_assumed" if rule.assumed else ""
    if lawful > nominal:
        steps.append(Step.of("roll_off_days" + suffix, day=nominal, reason=why, cite=rule.cite,
                             kinds=ClosedKinds(rule.moves_off), due=lawful))
        passed = days_between(nominal + timedelta(days=1), lawful - timedelta(days=1)) if lawful > nominal + \
            timedelta(days=1) else []
        if passed:
            steps.append(Step.of("also_excluded", days=DaysSkipped(tuple(passed), calendar)))
    else:
        steps.append(Step.of("not_rolled_off", day=nominal, reason=why, cite=rule.cite,
                             kinds=ClosedKinds(rule.moves_off)))
    if due > lawful:
        steps.append(Step.of("roll_off_reading", day=lawful, reason=ClosedOn(lawful, calendar), when=rule.reading,
                             kinds=ClosedKinds(rule.may_move_off), due=due))
    passed = days_between(nominal, due - timedelta(days=1)) if due > nominal else []
    uncertain = tuple(d for d in passed if calendar.unconfirmed_only(d))
    if office is not calendar and office.unconfirmed_only(due):
        uncertain += (due,)
    certain = nominal if rule.assumed else roll_off(nominal, calendar.certain(), rule.moves_off)
    safe, until = safe_date(certain, office)
    if safe != due or until:
        steps.append(safe_step(safe, certain, until))
    return Counted(nominal, due, certain, safe, None, tuple(steps), uncertain, until)


def count_business_days(start: date, period: Period, calendar: Calendar, *, anchor,
                        office: Calendar | None = None) -> Counted:
    """Business days after (or before) `start` in the law's calendar; `office` decides the safe date."""
    office = office or calendar
    sign = 1 if period.direction == "after" else -1
    due, counted, skipped = add_business_days(start, sign * period.amount, calendar)
    steps = [
        Step.of("start", start=start, anchor=anchor),
        Step.of(f"business_{period.direction}", amount=Amount(period.amount, period.unit),
                days=DaysCounted(tuple(counted))),
    ]
    if skipped:
        steps.append(Step.of("not_counted", days=DaysSkipped(tuple(d for d, _ in skipped), calendar)))
    uncertain = tuple(d for d, _ in skipped if calendar.unconfirmed_only(d))
    certain = min(due, add_business_days(start, sign * period.amount, calendar.certain())[0]) if uncertain else due
    if office is not calendar and office.unconfirmed_only(due):
        uncertain += (due,)
    safe, until = safe_date(certain, office)
    if safe != due or until:
        steps.append(safe_step(safe, certain, until))
    return Counted(due, due, certain, safe, None, tuple(steps), uncertain, until)


def count_hours(start: datetime, period: Period, *, anchor) -> Counted:
    """Elapsed hours from an aware local date-time; the answer is in the same zone."""
    zone = start.tzinfo
    sign = 1 if period.direction == "after" else -1
    elapsed = timedelta(hours=sign * period.amount)
    due_at = (start.astimezone(timezone.utc) + elapsed).astimezone(zone)
    steps = [
        Step.of("start_time", start=start, anchor=anchor),
        Step.of(f"hours_{period.direction}", amount=Amount(period.amount, "hours"), due_at=due_at),
    ]
    wall = abs(due_at.replace(tzinfo=None) - start.replace(tzinfo=None)) / timedelta(hours=1)
    if wall != period.amount:
        steps.append(Step.of("dst_wall_clock", wall=f"{wall:g}"))
    day = due_at.date()
    return Counted(day, day, day, day, due_at, tuple(steps))
