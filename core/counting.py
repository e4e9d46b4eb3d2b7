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

from .business_calendar import CLOSURE, Calendar
from .wording import amount, clock, join_and, say, weekday_name

CALENDAR_UNITS = ("days", "weeks", "months", "years")
BUSINESS_UNITS = ("business-days", "working-days")
HOUR_UNITS = ("hours",)
UNITS = CALENDAR_UNITS + BUSINESS_UNITS + HOUR_UNITS
DIRECTIONS = ("after", "before")
ROLLS = ("forward", "backward", "none")


@dataclass(frozen=True)
class Period:
    amount: int
    unit: str
    direction: str = "after"
    roll: str | None = None  # None: the jurisdiction's default for calendar units


@dataclass(frozen=True)
class RollRule:
    """The authority for moving a last day off a closed day, as a jurisdiction states it."""

    cite: str                      # for weekends and legal holidays
    closure_cite: str = ""         # for office closures that are not legal holidays
    assumed: bool = False          # True: whether the rule applies is not confirmed

    def cite_for(self, kinds: set) -> str:
        cites = []
        if kinds - {CLOSURE} or not self.closure_cite:
            cites.append(self.cite)
        if CLOSURE in kinds and self.closure_cite:
            cites.append(self.closure_cite)
        return " / ".join(dict.fromkeys(cites))


@dataclass(frozen=True)
class Counted:
    nominal: date
    due: date
    certain: date
    safe: date
    due_at: datetime | None
    steps: tuple[str, ...]
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


def closed_reason(day: date, calendar: Calendar, lang: str) -> str:
    """'a weekend day and a legal holiday (Independence Day)'."""
    reasons = [say("reason_weekend", lang, name=weekday_name(day.weekday(), lang))] if day.weekday() >= 5 else []
    for closed in calendar.closed_days(day):
        early = "_early" if closed.closes_at else ""
        key = f"reason_{closed.kind}{early}" + ("" if closed.confirmed else "_unconfirmed")
        reasons.append(say(key, lang, name=closed.label, time=closed.closes_at))
    return join_and(reasons, lang)


def _day_list(days, lang) -> str:
    return "; ".join(say("numbered_day", lang, day=d, n=i) for i, d in enumerate(days, 1))


def _skipped_list(skipped, calendar, lang) -> str:
    return "; ".join(say("skipped_day", lang, day=d, reason=closed_reason(d, calendar, lang)) for d, _ in skipped)


def safe_step(safe: date, certain: date, lang: str, until: str = "") -> str:
    if until:
        return say("safe_early", lang, safe=safe, certain=certain, time=clock(until, lang))
    return say("safe" if safe != certain else "safe_is_certain", lang, safe=safe, certain=certain)


def count_days(start: date, period: Period, calendar: Calendar, *, anchor: str, roll: str,
               rule: RollRule, lang: str = "en", office: Calendar | None = None) -> Counted:
    """A calendar-day, week, month or year period, moved off closed days as `roll` says.

    `calendar` is the law's (the days a period is moved off); `office`, when the law gives office closures
    no effect, is the office's own, which still decides the safe date: a person acts on a day it is open."""
    office = office or calendar
    n, sign = period.amount, (1 if period.direction == "after" else -1)
    steps = [say("start", lang, start=start, anchor=anchor)]
    if period.unit == "days":
        nominal = start + timedelta(days=sign * n)
        steps.append(say(f"days_{period.direction}", lang, amount=amount(n, "days", lang), n=n, day=nominal))
    elif period.unit == "weeks":
        nominal = start + timedelta(days=sign * 7 * n)
        steps.append(say(f"weeks_{period.direction}", lang, amount=amount(n, "weeks", lang), days=7 * n,
                         day=nominal))
    elif period.unit == "months":
        nominal, clamped = add_months(start, sign * n)
        steps.append(say(f"months_{period.direction}", lang, amount=amount(n, "months", lang), day=nominal))
        if clamped:
            steps.append(say("month_clamped", lang, dom=start.day))
    else:
        nominal, clamped = add_years(start, sign * n)
        steps.append(say(f"years_{period.direction}", lang, amount=amount(n, "years", lang), day=nominal))
        if clamped:
            steps.append(say("leap_day", lang, year=nominal.year))

    if calendar.is_business_day(nominal):
        if office.is_business_day(nominal):
            steps.append(say("business_day_ends", lang, day=nominal))
            return Counted(nominal, nominal, nominal, nominal, None, tuple(steps))
        # The law does not move the last day, but the office may be closed on it: act before it.
        steps.append(say("closure_not_moved", lang, day=nominal, reason=closed_reason(nominal, office, lang)))
        safe, until = safe_date(nominal, office)
        steps.append(safe_step(safe, nominal, lang, until))
        uncertain = (nominal,) if office.unconfirmed_only(nominal) else ()
        return Counted(nominal, nominal, nominal, safe, None, tuple(steps), uncertain, until)
    why = closed_reason(nominal, calendar, lang)
    if roll == "forward":
        due = roll_forward(nominal, calendar)
        passed = days_between(nominal, due - timedelta(days=1))
        kinds = {c.kind for d in passed for c in calendar.closed_days(d)}
        key = "roll_forward_assumed" if rule.assumed else "roll_forward"
        steps.append(say(key, lang, day=nominal, reason=why, cite=rule.cite_for(kinds or {"weekend"}), due=due))
    elif roll == "backward":
        due = roll_backward(nominal, calendar)
        passed = days_between(due + timedelta(days=1), nominal)
        steps.append(say("roll_backward", lang, day=nominal, reason=why, due=due))
    else:
        due, passed = nominal, []
        steps.append(say("no_roll", lang, day=nominal, reason=why))
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
        steps.append(safe_step(safe, certain, lang, until))
    return Counted(nominal, due, certain, safe, None, tuple(steps), uncertain, until)


def count_business_days(start: date, period: Period, calendar: Calendar, *, anchor: str,
                        lang: str = "en", office: Calendar | None = None) -> Counted:
    """Business days after (or before) `start` in the law's calendar; `office` decides the safe date."""
    office = office or calendar
    sign = 1 if period.direction == "after" else -1
    due, counted, skipped = add_business_days(start, sign * period.amount, calendar)
    steps = [
        say("start", lang, start=start, anchor=anchor),
        say(f"business_{period.direction}", lang, amount=amount(period.amount, period.unit, lang),
            days=_day_list(counted, lang)),
    ]
    if skipped:
        steps.append(say("not_counted", lang, days=_skipped_list(skipped, calendar, lang)))
    uncertain = tuple(d for d, _ in skipped if calendar.unconfirmed_only(d))
    certain = min(due, add_business_days(start, sign * period.amount, calendar.certain())[0]) if uncertain else due
    if office is not calendar and office.unconfirmed_only(due):
        uncertain += (due,)
    safe, until = safe_date(certain, office)
    if safe != due or until:
        steps.append(safe_step(safe, certain, lang, until))
    return Counted(due, due, certain, safe, None, tuple(steps), uncertain, until)


def count_hours(start: datetime, period: Period, *, anchor: str, lang: str = "en") -> Counted:
    """Elapsed hours from an aware local date-time; the answer is in the same zone."""
    zone = start.tzinfo
    sign = 1 if period.direction == "after" else -1
    elapsed = timedelta(hours=sign * period.amount)
    due_at = (start.astimezone(timezone.utc) + elapsed).astimezone(zone)
    steps = [
        say("start_time", lang, start=start, anchor=anchor),
        say(f"hours_{period.direction}", lang, amount=amount(period.amount, "hours", lang), due_at=due_at),
    ]
    wall = abs(due_at.replace(tzinfo=None) - start.replace(tzinfo=None)) / timedelta(hours=1)
    if wall != period.amount:
        steps.append(say("dst_wall_clock", lang, wall=f"{wall:g}"))
    day = due_at.date()
    return Counted(day, day, day, day, due_at, tuple(steps))
