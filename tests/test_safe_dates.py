"""A safe date is a day the office is surely open: in both shipped procedures, for every start day from
2025 to 2030, every deadline's safe date keeps off every holiday and every closure the procedure declares,
confirmed or not. The practice closures are listed here by hand from the research each procedure cites
(the City's closures in 2020; the State of Illinois employee calendar), not from the calendar code, and
the test counts the filing deadlines that land on one and so move."""

from datetime import date, timedelta

import pytest

from core import load_jurisdiction
from core.report import assess

YEARS = range(2025, 2032)
THANKSGIVING = {y: date(y, 11, 1) + timedelta(days=(3 - date(y, 11, 1).weekday()) % 7 + 21) for y in YEARS}


def fridays_before_saturday(fixed_holidays):
    """The Friday before each fixed-date holiday that falls on a Saturday."""
    return {date(y, m, d) - timedelta(days=1) for y in YEARS for m, d in fixed_holidays if date(y, m, d).weekday() == 5}


def weekdays(days):
    return {d for d in days if d.weekday() < 5}


# Fort Collins: the day after Thanksgiving (2020, 2025), Christmas Eve and New Year's Eve (noon, 2020), and the
# Friday before a Saturday New Year's Day, Juneteenth, Independence Day, Veterans Day or Christmas (2020).
FORT_COLLINS = weekdays({THANKSGIVING[y] + timedelta(days=1) for y in YEARS} | {date(y, 12, 24) for y in YEARS}
                        | {date(y, 12, 31) for y in YEARS}
                        | fridays_before_saturday([(1, 1), (6, 19), (7, 4), (11, 11), (12, 25)]))
# Illinois: the day after Thanksgiving (a State employee holiday), Christmas Eve, and the Friday before a Saturday
# New Year's Day, Lincoln's Birthday, Juneteenth, Independence Day, Veterans Day or Christmas (the law does not
# move Juneteenth, but the office may keep its Friday by practice like any other's).
ILLINOIS = weekdays({THANKSGIVING[y] + timedelta(days=1) for y in YEARS} | {date(y, 12, 24) for y in YEARS}
                    | fridays_before_saturday([(1, 1), (2, 12), (6, 19), (7, 4), (11, 11), (12, 25)]))
# Fort Collins closes at noon on Christmas Eve and New Year's Eve (2019, 2020): on such a day the office is surely
# open in the morning, so the day itself can be the safe date, before 12:00 (issue 27), unless it is also a
# Friday before a Saturday holiday, which may be closed all day.
FORT_COLLINS_NOON = weekdays({date(y, 12, 24) for y in YEARS} | {date(y, 12, 31) for y in YEARS}) \
    - fridays_before_saturday([(1, 1), (12, 25)])
# The filing period of each: 60 days after the violation, and one year after it; and its days open until noon.
CASES = {"fort-collins": (FORT_COLLINS, lambda closure: closure - timedelta(days=60), FORT_COLLINS_NOON),
         "illinois-model-ethics": (ILLINOIS, lambda closure: closure.replace(year=closure.year - 1), set())}


def test_the_hand_list_agrees_with_the_research_for_the_years_it_names():
    # docs/sources.md#fort-collins-closures: in 2025–2031 the Fridays before a Saturday holiday are these five.
    assert sorted(fridays_before_saturday([(1, 1), (6, 19), (7, 4), (11, 11), (12, 25)]) & {
        d for d in FORT_COLLINS if d.year <= 2028}) == [date(2026, 7, 3), date(2027, 6, 18), date(2027, 12, 24),
                                                      date(2027, 12, 31), date(2028, 11, 10)]


@pytest.mark.parametrize("procedure", CASES)
def test_every_safe_date_keeps_off_every_declared_closure(procedure):
    closures, start_of, noon = CASES[procedure]
    j = load_jurisdiction(procedure)
    first, last = max(j.supported_from, date(2025, 1, 1)), date(2030, 12, 31)
    for closure in closures:  # the hand list is inside what the procedure declares
        assert not j.calendar.is_business_day(closure), closure
    moved, day = [], first
    while day <= last:
        a = assess(j, {"violation_date": day.isoformat(), "received": day.isoformat()})
        for deadline in a.deadlines.values():
            if deadline.safe and deadline.safe in noon:  # open in the morning: act before noon
                assert deadline.safe_until == "12:00", (procedure, day, deadline.id, deadline.safe)
            elif deadline.safe:
                assert j.calendar.is_business_day(deadline.safe), (procedure, day, deadline.id, deadline.safe)
                assert deadline.safe_until == "", (procedure, day, deadline.id, deadline.safe)
            if deadline.safe:
                assert deadline.safe <= deadline.due
        filing = a.filing.deadline
        if filing.nominal in noon:
            assert (filing.safe, filing.safe_until) == (filing.nominal, "12:00")
        elif filing.nominal in closures:
            assert filing.safe < filing.nominal
            moved.append(day)
        day += timedelta(days=1)
    expected = sorted(start_of(c) for c in closures - noon if first <= start_of(c) <= last)
    assert moved == expected, f"{len(moved)} filing deadlines land on a possible closure and move"
    print(f"{procedure}: {len(moved)} filing safe dates moved off a declared closure, {len(closures)} closure days")


# Issue 27: two safe dates on days the office may be closed. Each is worked out by hand from a calendar.

def test_illinois_hearing_four_weeks_before_a_saturday_juneteenth_keeps_off_the_friday():
    # Received Fri 21 May 2027; four weeks are 28 days: 21 May + 10 = Mon 31 May, + 18 = Fri 18 June 2027.
    # Juneteenth is Sat 19 June 2027 and 5 ILCS 490/63 does not move it, so Fri 18 June is no legal holiday
    # and the last day stays there (closure_effect = "none"). But the file lists the Friday before a Saturday
    # holiday as a closure the office may keep by practice: the safe date is the day before, Thu 17 June
    # (no holiday or closure on it).
    j = load_jurisdiction("illinois-model-ethics")
    hearing = assess(j, {"violation_date": "2027-05-01", "received": "2027-05-21"}).deadlines["hearing-date"]
    assert (hearing.nominal, hearing.due) == (date(2027, 6, 18), date(2027, 6, 18))
    assert hearing.safe == date(2027, 6, 17)
    assert [(u.day, u.name) for u in hearing.uncertain] == [
        (date(2027, 6, 18), "Friday before a Saturday holiday: Juneteenth National Independence Day")]


def test_illinois_hearing_on_the_last_friday_of_2032_keeps_off_it_for_new_years_day_2033():
    # Received Fri 3 Dec 2032; + 28 days = Fri 31 Dec 2032 (3 + 28 = 31). New Year's Day 2033 is a Saturday
    # (1 Jan 2033: 2032 is a leap year, so 1 Jan 2032, a Thursday, + 366 days = Saturday). The Friday before
    # it is the last day of the calendar's last year: a possible closure all the same, and the safe date is
    # Thu 30 Dec 2032.
    j = load_jurisdiction("illinois-model-ethics")
    hearing = assess(j, {"received": "2032-12-03"}).deadlines["hearing-date"]
    assert (hearing.nominal, hearing.due) == (date(2032, 12, 31), date(2032, 12, 31))
    assert hearing.safe == date(2032, 12, 30)
