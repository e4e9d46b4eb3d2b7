"""Every sentence the core writes, per language, in one place.

The core records what it did as message keys with parameters; this module turns
them into words. A new language adds a catalogue here, nothing else.
"""

import json
from datetime import date, datetime

LANGUAGES = ("en",)

WEEKDAYS = {
    "en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
}

MESSAGES = {
    "en": {
        # --- steps of a count -------------------------------------------------
        "start": "Start: {start}, {anchor}. That day is not counted.",
        "start_time": "Start: {start}, {anchor}.",
        "days_after": "Count {amount} after it: day {n} is {day}.",
        "days_before": "Count {amount} back from it: {day}.",
        "weeks_after": "{amount} are {days} calendar days: day {days} after it is {day}.",
        "weeks_before": "{amount} are {days} calendar days: counting back from it gives {day}.",
        "months_after": "{amount} after it is {day}.",
        "months_before": "{amount} before it is {day}.",
        "month_clamped": "That month has no day {dom}, so its last day is used.",
        "years_after": "{amount} after it is {day}.",
        "years_before": "{amount} before it is {day}.",
        "leap_day": "There is no 29 February in {year}, so 28 February is used.",
        "business_after": "Count {amount} after it: {days}.",
        "business_before": "Count {amount} before it: {days}.",
        "not_counted": "Not counted because offices are closed: {days}.",
        "business_day_ends": "{day} is a business day.",
        "roll_forward": "{day} is {reason}, so under {cite} the period runs to the next business day: {due}.",
        "roll_backward": "{day} is {reason}, so the period moves back to the business day before: {due}.",
        "no_roll": "{day} is {reason}; this period is not moved.",
        "safe": "Safe date: {safe}, the last business day on or before {nominal}. It does not rely on any extension.",
        "hours_after": "{amount} after it is {due_at}.",
        "hours_before": "{amount} before it is {due_at}.",
        "dst_wall_clock": "The clocks change in between, so on the wall clock that is {wall} hours.",
        "limit": "Limit {i}:",
        "earliest": "The earliest of these limits applies: {due}.",
        "limit_waiting": "Limit {i} is waiting on {anchor}.",
        "waiting": "Waiting on {anchor}.",
        # --- reasons a day is closed -------------------------------------------
        "reason_weekend": "a weekend day",
        "reason_holiday": "a legal holiday ({name})",
        "reason_closure": "an office closure ({name})",
        # --- amounts: singular and plural ----------------------------------------
        "amount_days": ("{n} calendar day", "{n} calendar days"),
        "amount_weeks": ("One week", "{n} weeks"),
        "amount_months": ("One month", "{n} months"),
        "amount_years": ("One year", "{n} years"),
        "amount_business-days": ("{n} business day", "{n} business days"),
        "amount_working-days": ("{n} working day", "{n} working days"),
        "amount_hours": ("{n} elapsed hour", "{n} elapsed hours"),
        # --- anchors ----------------------------------------------------------
        "anchor_violation_date": "the date of the alleged violation",
        "anchor_received": "the day the complaint is received",
        "anchor_election_date": "election day",
        "anchor_event": "the date of “{label}”",
        "anchor_fact": "“{label}”",
        "anchor_deadline": "the deadline “{title}”",
        # --- assumptions --------------------------------------------------------
        "assume_roll": "{summary} ({cite}) {note}",
        "assume_business_days": "Business and working days: {definition} {note}",
        "assume_date_only_time": "Only the date of “{label}” was given, so it is taken to start at 00:00 that day, the earliest it could begin. Enter the time for an exact answer.",
        "assume_ambiguous_time": "{value} happens twice in {zone} when the clocks go back; the first of the two is used, which gives the earlier time.",
        "assume_limit_unknown": "The limit counted from {anchor} is not known yet and could make this deadline earlier.",
        "assume_version_latest": "{fact} was not given, so the version of this rule in force from {effective} is used.",
        "assume_condition_unknown": "Applies only if: {condition}. Not known from what was entered.",
        "assume_extension_needed": "Filed in time only because the last day was extended ({cite}). The safe date was {safe}.",
        # --- conditions -----------------------------------------------------------
        "cond_equals_true": "{fact}",
        "cond_equals_false": "not: {fact}",
        "cond_equals": "{fact} is {value}",
        "cond_equals_not": "{fact} is not {value}",
        "cond_in": "{fact} is one of {values}",
        "cond_in_not": "{fact} is not one of {values}",
        "cond_within_before": "{date} is within the {days} days before {other}",
        "cond_within_before_not": "{date} is not within the {days} days before {other}",
        "cond_within_after": "{date} is within the {days} days after {other}",
        "cond_within_after_not": "{date} is not within the {days} days after {other}",
        "and": " and ",
        "fact_respondent_is_candidate": "the respondent is a candidate",
        "fact_complainant_role": "the complainant's role",
        # --- eligibility and contents ---------------------------------------------------
        "eligible_role": "{cite} allows a complaint from {roles}, and you said you are {role}.",
        "ineligible_role": "{cite} allows a complaint only from {roles}.",
        "eligible_unknown": "{cite} allows a complaint only from {roles}. Say which you are.",
        "eligible_anyone": "{cite} does not limit who may file a complaint.",
        "or": " or ",
        "role_registered-elector": "a registered elector",
        "role_candidate": "a candidate",
        "role_other": "neither a candidate nor a registered elector",
        "not_applicable_condition": "Does not apply: it applies only if {condition}.",
        "not_in_force": "No version of this rule was in force on {day} ({fact}).",
        "no_deadline": "No deadline set by the code.",
        "period_after": "{amount} after {anchor}",
        "period_before": "{amount} before {anchor}",
        "period_earliest": ", or if earlier, ",
        "period_window": "Open from {opens} until {closes}",
        "disclaimer": "This is not legal advice and not an official due date. It explains how the published text reads; the authority that decides is {contact}. Check any date with them.",
        # --- input errors -----------------------------------------------------------
        "err_not_object": "expected a JSON object of facts",
        "err_unknown_fact": "unknown fact; the facts this procedure takes are {known}",
        "err_not_date": "{value} is not a date in the form YYYY-MM-DD",
        "err_impossible_date": "{value} is not a real date",
        "err_not_datetime": "{value} is not a date (YYYY-MM-DD) or a local date and time (YYYY-MM-DDTHH:MM)",
        "err_not_bool": "expected true or false, not {value}",
        "err_not_list": "expected a list of item ids, not {value}",
        "err_not_string": "expected an id in quotes, not {value}",
        "err_unknown_role": "{value} is not a role; use one of {known}",
        "err_unknown_item": "{value} is not a required item of this procedure; the items are {known}",
        "err_unknown_event": "{value} is not an event of this procedure; the events are {known}",
        "err_not_events": "expected an object of event ids and dates, not {value}",
        "err_out_of_range": "{value} is outside the supported range, {start} to {end}",
        "err_before_violation": "{value} is before the alleged violation ({other}); a complaint cannot be filed before it",
        "err_event_order": "{value} is before {other_label} ({other})",
        "err_nonexistent_time": "{value} does not exist in {zone}: the clocks skip that hour",
        "err_outside_calendar": "counting from {value} reaches {day}, beyond the calendar this procedure covers ({first}–{last})",
        "err_bad_json": "not valid JSON ({detail})",
        "err_unknown_jurisdiction": "unknown jurisdiction {value}; known: {known}",
        "err_cannot_read": "cannot read {value} ({detail})",
    },
}


def format_day(day: date, lang: str = "en") -> str:
    """'Friday 2026-03-06': the weekday in words, the date unambiguous."""
    return f"{WEEKDAYS[lang][day.weekday()]} {day.isoformat()}"


def format_short_day(day: date, lang: str = "en") -> str:
    return f"{WEEKDAYS[lang][day.weekday()][:3]} {day.isoformat()}"


def format_moment(moment: datetime, lang: str = "en") -> str:
    """'Friday 2026-03-13 10:00 CDT (UTC-05:00)' for an aware local date-time."""
    offset = moment.isoformat()[-6:]
    return f"{format_day(moment.date(), lang)} {moment:%H:%M} {moment.tzname()} (UTC{offset})"


def quote_value(value) -> str:
    """A user's value, shown exactly as JSON would write it."""
    return json.dumps(value, ensure_ascii=False, default=str)


def say(key: str, lang: str = "en", **params) -> str:
    rendered = {}
    for name, value in params.items():
        if isinstance(value, datetime):
            rendered[name] = format_moment(value, lang)
        elif isinstance(value, date):
            rendered[name] = format_day(value, lang)
        else:
            rendered[name] = value
    return MESSAGES[lang][key].format(**rendered)


def amount(n: int, unit: str, lang: str = "en") -> str:
    """'60 calendar days', 'One year': a period in words."""
    singular, plural = MESSAGES[lang][f"amount_{unit}"]
    return (singular if n == 1 else plural).format(n=n)


def join_or(items: list[str], lang: str = "en") -> str:
    return MESSAGES[lang]["or"].join(items)
