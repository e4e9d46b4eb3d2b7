"""Calendars: C.R.S. § 24-11-101 for Fort Collins, 205 ILCS 630/17 for Illinois.

The 2026 and 2027 lists below are typed from the tables in LEGAL.md § 2 and § 3.
The 2025–2030 snapshots in tests/snapshots/ were reviewed line by line against
the statutes' rules (nth-weekday dates, Easter, even-year election days, Sunday
observed on Monday, Saturday not moved). A change to either shows as a diff.
"""

from datetime import date
from pathlib import Path

import pytest

from core import load_jurisdiction
from core.business_calendar import OutsideCalendar, nth_weekday
from core.cli import main

SNAPSHOTS = Path(__file__).with_name("snapshots")

COLORADO_LEGAL_MD = {
    2026: ["2026-01-01", "2026-01-19", "2026-02-16", "2026-05-25", "2026-06-19", "2026-07-04",
           "2026-09-07", "2026-10-05", "2026-11-11", "2026-11-26", "2026-12-25"],
    2027: ["2027-01-01", "2027-01-18", "2027-02-15", "2027-05-31", "2027-06-19", "2027-07-04",
           "2027-07-05", "2027-09-06", "2027-10-04", "2027-11-11", "2027-11-25", "2027-12-25"],
}
ILLINOIS_LEGAL_MD = {
    2026: ["2026-01-01", "2026-01-19", "2026-02-12", "2026-02-16", "2026-03-02", "2026-04-03",
           "2026-05-25", "2026-06-19", "2026-07-04", "2026-09-07", "2026-10-12", "2026-11-03",
           "2026-11-11", "2026-11-26", "2026-12-25"],
    2027: ["2027-01-01", "2027-01-18", "2027-02-12", "2027-02-15", "2027-03-01", "2027-03-26",
           "2027-05-31", "2027-06-19", "2027-07-04", "2027-07-05", "2027-09-06", "2027-10-11",
           "2027-11-11", "2027-11-25", "2027-12-25"],
}


@pytest.fixture(scope="module")
def colorado():
    return load_jurisdiction("fort-collins").calendar


@pytest.fixture(scope="module")
def illinois():
    return load_jurisdiction("illinois-model-ethics").calendar


def holiday_days(calendar, year):
    return [d.isoformat() for d, _ in calendar.holidays_in(year)]


@pytest.mark.parametrize("year", [2026, 2027])
def test_crs_24_11_101_holidays_match_legal_md(colorado, year):
    assert holiday_days(colorado, year) == COLORADO_LEGAL_MD[year]


@pytest.mark.parametrize("year", [2026, 2027])
def test_205_ilcs_630_17_holidays_match_legal_md(illinois, year):
    assert holiday_days(illinois, year) == ILLINOIS_LEGAL_MD[year]


@pytest.mark.parametrize("jurisdiction_id", ["fort-collins", "illinois-model-ethics"])
def test_holiday_snapshot_2025_2030(jurisdiction_id, capsys):
    for year in range(2025, 2031):
        assert main(["calendar", jurisdiction_id, str(year)]) == 0
    expected = (SNAPSHOTS / f"{jurisdiction_id}-holidays-2025-2030.txt").read_text(encoding="utf-8")
    assert capsys.readouterr().out == expected


def test_crs_24_11_101_cesar_chavez_day_is_not_a_closure(colorado):
    assert colorado.is_business_day(date(2026, 3, 31))


def test_crs_24_11_101_saturday_holiday_is_not_moved_to_friday(colorado):
    assert colorado.closed_because(date(2026, 7, 4)) == ("weekend", "Saturday")
    assert colorado.is_business_day(date(2026, 7, 3))


def test_crs_24_11_101_sunday_holiday_is_observed_monday(colorado):
    assert colorado.closed_because(date(2027, 7, 5)) == ("holiday", "Independence Day (observed)")


def test_fort_collins_closure_after_thanksgiving_2025(colorado):
    assert colorado.closed_because(date(2025, 11, 28)) == (
        "closure", "Day after Thanksgiving (City offices closed)")


def test_205_ilcs_630_17_good_friday_is_added(illinois):
    assert illinois.closed_because(date(2026, 4, 3)) == ("holiday", "Good Friday")


def test_205_ilcs_630_17_election_day_only_in_general_election_years(illinois):
    assert not illinois.is_business_day(date(2026, 11, 3))
    assert illinois.is_business_day(date(2027, 11, 2))


def test_a_day_outside_the_calendar_is_refused(colorado):
    with pytest.raises(OutsideCalendar):
        colorado.is_business_day(date(2040, 1, 2))


@pytest.mark.parametrize("year, month, weekday, nth, expected", [
    (2026, 10, 0, 1, date(2026, 10, 5)),   # Cabrini Day 2026
    (2028, 3, 0, 1, date(2028, 3, 6)),     # Pulaski Day 2028
    (2027, 5, 0, -1, date(2027, 5, 31)),   # Memorial Day 2027
    (2026, 11, 3, 4, date(2026, 11, 26)),  # Thanksgiving 2026
])
def test_nth_weekday(year, month, weekday, nth, expected):
    assert nth_weekday(year, month, weekday, nth) == expected
