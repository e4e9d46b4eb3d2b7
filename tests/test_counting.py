"""Counting time: C.R.S. § 2-4-108 and 5 ILCS 70/1.11 conventions, business days,
months and years, and elapsed hours across daylight-saving changes."""

from datetime import date, datetime, timedelta

from dateutil.zoneinfo import get_zonefile_instance
from hypothesis import given, settings
from hypothesis import strategies as st

from core import load_jurisdiction
from core.counting import (Period, RollRule, add_business_days, add_months, add_years, count_business_days,
                           count_days, count_hours, roll_forward, safe_date)
from core.describing import explain

COLORADO = load_jurisdiction("fort-collins").calendar
ILLINOIS = load_jurisdiction("illinois-model-ethics").calendar
CRS_2_4_108 = RollRule("C.R.S. § 2-4-108", "C.R.S. § 24-11-110", assumed=True)
NO_CITE = RollRule("")
CHICAGO = get_zonefile_instance().get("America/Chicago")

days_in_range = st.dates(min_value=date(2025, 3, 4), max_value=date(2030, 12, 31))
calendars = st.sampled_from([COLORADO, ILLINOIS])


def words(counted):
    """A count's typed steps as the report words them (core/describing.py, explain), in English."""
    return [explain(step, None, "en") for step in counted.steps]


def test_crs_2_4_108_a_saturday_last_day_runs_to_monday():
    counted = count_days(date(2026, 5, 5), Period(60, "days"), COLORADO, anchor="x", roll="forward",
                         rule=CRS_2_4_108)
    # May 5 + 60 days: 26 to May 31, 30 to June 30, 4 to Saturday July 4 (Independence Day). Monday July 6 is
    # the first business day after it. Friday July 3 is the Friday before a Saturday holiday, which the City
    # closed in 2020 and may close again: the safe date is the day before, Thursday July 2.
    assert (counted.nominal, counted.due, counted.safe) == (date(2026, 7, 4), date(2026, 7, 6), date(2026, 7, 2))
    assert ("Saturday, July 4, 2026 is a weekend day and a legal holiday (Independence Day). If C.R.S. § 2-4-108 "
            "applies (this is assumed, not confirmed), the period runs to the next business day: Monday, July 6, "
            "2026.") in words(counted)


def test_a_period_that_is_not_moved_keeps_its_weekend_day():
    # July 1 + 3 = Saturday July 4. Not moved. The office is surely open on Thursday July 2 (Friday July 3 is
    # the Friday before a Saturday holiday, a practice closure that is not confirmed).
    counted = count_days(date(2026, 7, 1), Period(3, "days"), COLORADO, anchor="x", roll="none", rule=NO_CITE)
    assert (counted.nominal, counted.due, counted.safe) == (date(2026, 7, 4), date(2026, 7, 4), date(2026, 7, 2))


def test_crs_1_1_106_a_period_before_an_event_moves_back():
    # 10 days before Sunday 2026-07-19 is Thursday 2026-07-09: a business day.
    # 15 days before it is Saturday 2026-07-04, moved back past Friday 2026-07-03 (the Friday before a
    # Saturday holiday, which the office may close) to Thursday 2026-07-02.
    before = count_days(date(2026, 7, 19), Period(15, "days", "before"), COLORADO, anchor="x",
                        roll="backward", rule=NO_CITE)
    assert (before.nominal, before.due) == (date(2026, 7, 4), date(2026, 7, 2))


def test_one_year_after_leap_day_is_28_february():
    assert add_years(date(2028, 2, 29), 1) == (date(2029, 2, 28), True)
    assert add_years(date(2028, 2, 28), 1) == (date(2029, 2, 28), False)
    counted = count_days(date(2028, 2, 29), Period(1, "years"), ILLINOIS, anchor="x", roll="forward", rule=NO_CITE)
    assert counted.nominal == date(2029, 2, 28)
    assert "There is no February 29 in 2029, so February 28 is used." in words(counted)


def test_a_month_after_31_january_is_the_last_day_of_february():
    assert add_months(date(2026, 1, 31), 1) == (date(2026, 2, 28), True)
    assert add_months(date(2028, 1, 31), 1) == (date(2028, 2, 29), True)


def test_weeks_are_seven_calendar_days():
    counted = count_days(date(2026, 10, 20), Period(4, "weeks"), ILLINOIS, anchor="x", roll="forward", rule=NO_CITE)
    assert counted.nominal == date(2026, 11, 17)


def test_business_days_skip_weekends_and_holidays_and_list_them():
    # Illinois gives office closures no effect on a count (5 ILCS 70/1.11 names holidays only): the law's
    # calendar is the holidays alone, and the office's own decides only the safe date.
    counted = count_business_days(date(2026, 12, 22), Period(7, "business-days"), ILLINOIS.holidays_only(),
                                  anchor="x", office=ILLINOIS)
    assert counted.due == date(2027, 1, 4)
    # Wed 23 (1), Thu 24 (2), Fri 25 Christmas, Mon 28 (3) ... Thu 31 (6), Fri 1 January New Year's Day, Mon 4 (7).
    assert "Friday, December 25, 2026, a legal holiday (Christmas Day)" in words(counted)[-1]
    assert "Friday, January 1, 2027, a legal holiday (New Year's Day)" in words(counted)[-1]
    assert "Saturday, December 26, 2026, a weekend day" in words(counted)[-1]
    assert counted.uncertain == () and counted.safe == counted.due


def test_a_closure_that_counts_moves_the_reading_and_holds_the_safe_date():
    # The same count where closures do count (as in Fort Collins): Christmas Eve, Thu 24 Dec 2026, may be
    # closed. If it is: Wed 23 (1), Mon 28 (2) ... Thu 31 (5), Mon 4 (6), Tue 5 (7). If it is open: Mon 4 (7),
    # as above. The safe date is the earlier, Mon 4 January, and the 24th is named as the uncertain day.
    counted = count_business_days(date(2026, 12, 22), Period(7, "business-days"), ILLINOIS, anchor="x")
    assert (counted.due, counted.certain, counted.safe) == (date(2027, 1, 5), date(2027, 1, 4), date(2027, 1, 4))
    assert counted.uncertain == (date(2026, 12, 24),)


def test_an_unconfirmed_closure_moves_the_reading_but_never_the_safe_date():
    # Illinois, 7 business days after Wed 10 Feb 2027. Closed: Fri 12 Lincoln's Birthday (not confirmed),
    # Sat 13, Sun 14, Mon 15 Presidents Day, Sat 20, Sun 21.
    # Reading: Thu 11 (1), Tue 16 (2), Wed 17 (3), Thu 18 (4), Fri 19 (5), Mon 22 (6), Tue 23 (7).
    # Office open on the 12th: Thu 11 (1), Fri 12 (2), Tue 16 (3) ... Mon 22 (7). Safe: Mon 22 Feb.
    counted = count_business_days(date(2027, 2, 10), Period(7, "business-days"), ILLINOIS, anchor="x")
    assert (counted.due, counted.certain, counted.safe) == (date(2027, 2, 23), date(2027, 2, 22), date(2027, 2, 22))
    assert counted.uncertain == (date(2027, 2, 12),)
    assert ("Friday, February 12, 2027, a legal holiday (Lincoln's Birthday) on which the office may in fact be "
            "open") in words(counted)[2]


def test_a_safe_date_does_not_roll_past_an_unconfirmed_closure():
    # Colorado, 3 calendar days after Tue 23 Nov 2026 is Fri 27 Nov, the day after Thanksgiving (not confirmed):
    # the reading runs to Mon 30 Nov (Sat, Sun closed); the safe date stays on Wed 25 Nov, the last day on or
    # before the 27th that the office is certainly open (Thu 26 is Thanksgiving).
    counted = count_days(date(2026, 11, 24), Period(3, "days"), COLORADO, anchor="x", roll="forward",
                         rule=CRS_2_4_108)
    assert (counted.nominal, counted.due, counted.certain, counted.safe) == (
        date(2026, 11, 27), date(2026, 11, 30), date(2026, 11, 27), date(2026, 11, 25))
    assert counted.uncertain == (date(2026, 11, 27),)
    # Rolling past an office closure is C.R.S. § 24-11-110's case, not § 2-4-108's.
    assert "If C.R.S. § 24-11-110 applies" in words(counted)[2]


def test_a_business_day_count_ending_on_an_unconfirmed_closure_is_safe_the_day_before():
    # Illinois, 3 business days after Tue 31 Mar 2026: Wed 1 Apr (1), Thu 2 (2); Fri 3 Apr is Good Friday
    # (not confirmed), so the reading ends on Mon 6 Apr (3). With the office open on Good Friday the count
    # ends on Fri 3 Apr; the office may be closed that day, so the safe date is Thu 2 Apr.
    counted = count_business_days(date(2026, 3, 31), Period(3, "business-days"), ILLINOIS, anchor="x")
    assert (counted.due, counted.certain, counted.safe) == (date(2026, 4, 6), date(2026, 4, 3), date(2026, 4, 2))


def test_hours_across_spring_change_are_49_on_the_wall_clock():
    meeting = datetime(2027, 3, 15, 10, 0, tzinfo=CHICAGO)
    counted = count_hours(meeting, Period(48, "hours", "before"), anchor="meeting")
    assert counted.due_at.isoformat() == "2027-03-13T09:00:00-06:00"
    assert any("49 hours" in step for step in words(counted))


def test_hours_across_autumn_change_are_47_on_the_wall_clock():
    meeting = datetime(2026, 11, 2, 10, 0, tzinfo=CHICAGO)
    counted = count_hours(meeting, Period(48, "hours", "before"), anchor="meeting")
    assert counted.due_at.isoformat() == "2026-10-31T11:00:00-05:00"
    assert any("47 hours" in step for step in words(counted))


# --- properties --------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(start=days_in_range, n=st.integers(min_value=1, max_value=40), calendar=calendars)
def test_adding_n_business_days_lands_on_a_business_day_n_business_days_later(start, n, calendar):
    due, _, _ = add_business_days(start, n, calendar)
    assert calendar.is_business_day(due)
    between = [start + timedelta(days=i) for i in range(1, (due - start).days + 1)]
    assert sum(calendar.is_business_day(d) for d in between) == n


@settings(max_examples=300, deadline=None)
@given(start=days_in_range, n=st.integers(min_value=1, max_value=400), calendar=calendars)
def test_an_extended_deadline_is_a_business_day_never_before_the_nominal_one(start, n, calendar):
    # An extension that is only assumed is not relied on: the day that holds under every reading is the nominal one.
    assumed = count_days(start, Period(n, "days"), calendar, anchor="x", roll="forward", rule=RollRule("", "", True))
    assert assumed.safe <= assumed.certain <= assumed.nominal <= assumed.due
    # A confirmed one is the law: only a closure that is not confirmed, passed on the way, could bring it earlier.
    counted = count_days(start, Period(n, "days"), calendar, anchor="x", roll="forward", rule=NO_CITE)
    assert counted.safe <= counted.certain <= counted.due and counted.nominal <= counted.certain
    assert counted.certain == counted.due or any(calendar.unconfirmed_only(counted.nominal + timedelta(days=i))
                                                 for i in range((counted.due - counted.nominal).days))
    assert calendar.is_business_day(counted.due)
    assert all(not calendar.is_business_day(counted.nominal + timedelta(days=i))
               for i in range((counted.due - counted.nominal).days))


@settings(max_examples=300, deadline=None)
@given(day=days_in_range, calendar=calendars)
def test_a_safe_date_is_a_business_day_never_after_the_nominal_one(day, calendar):
    # A business day, or a day the office closes (or may close) early, with the time to act before (issue 27).
    safe, until = safe_date(day, calendar)
    assert safe <= day
    assert calendar.is_business_day(safe) if not until else calendar.open_until(safe) == until
    assert all(calendar.open_until(safe + timedelta(days=i)) is None for i in range(1, (day - safe).days + 1))
    assert roll_forward(day, calendar) >= day


@settings(max_examples=200, deadline=None)
@given(local=st.datetimes(min_value=datetime(2025, 1, 5), max_value=datetime(2030, 12, 20)),
       hours=st.integers(min_value=1, max_value=200))
def test_elapsed_hours_are_exact_whatever_the_clocks_do(local, hours):
    start = local.replace(tzinfo=CHICAGO, fold=0)
    counted = count_hours(start, Period(hours, "hours", "before"), anchor="x")
    elapsed = start.astimezone(get_zonefile_instance().get("UTC")) - counted.due_at
    assert elapsed == timedelta(hours=hours)
