"""A calendar file (RFC 5545) of one person's dates, made from a report.

One event per duty of that person that has a day (core/guidance.py): an all-day event on the
day at stake as of the day the file is made (the safe date while it is ahead; once it has
passed, the latest day the law may still allow, and the description says what that day relies
on), or, for a rule counted in hours, an event at that moment in the city's time zone, with the
VTIMEZONE that calendar programs need to place it. A duty done, or behind the procedure, has
no event. Each event is titled with the action
and who must act (and, on the office's desk, the complaint's label), and its description
quotes the citation and the sentence of law.

Each event's UID names the procedure, the complaint and the duty, so that a file made again
after a date moved updates the event in a calendar program instead of adding a second one;
its SEQUENCE says how many times that date has moved. A complaint is named by its desk id,
or else by the days that start it (the violation and the receipt): two complaints about the
same violation received on the same day, made outside the desk, share their UIDs. Each event
carries reminders (VALARM) so many business days before it, at a time of day in the city's
zone (by default 3 and 1 business days before, at 9:00): never on a day the office is or may
be closed, never before the day its duty's count starts from (a reminder that would fall
earlier comes on that day), and never at or after a timed duty's moment.

Written by hand rather than with the `icalendar` package: the format needs about a
hundred lines here, and that package (with its tzdata and typing_extensions) would add
about 0.9 MB to what the browser downloads. The tests read every file back with
`icalendar`, as an independent parser.

    >>> fold("DESCRIPTION:" + "é" * 40).split("\\r\\n ")[0].encode() == ("DESCRIPTION:" + "é" * 31).encode()
    True
"""

import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from functools import lru_cache

from .describing import condition_text, later_day, readings, task
from .guidance import BETWEEN, DONE, ON_LAST, PASSED, Duty, reminder_days
from .report import Assessment
from .wording import clock, format_moment, say

LINE_OCTETS = 75


# Control characters, which a TEXT value may not carry (RFC 5545 § 3.1: CONTROL), and the C1 controls and
# Unicode line separators that some calendar programs read as line breaks. A tab is allowed.
CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def escape(text: str) -> str:
    """A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 § 3.3.11), and any other
    control character left out.

    >>> escape("a\\x00b, c;\\u2028d\\ne")
    'ab\\\\, c\\\\;d\\\\ne'
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return (CONTROLS.sub("", text).replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\n", "\\n"))


def fold(line: str) -> str:
    """A content line folded at 75 octets, never inside a UTF-8 character (RFC 5545 § 3.1): each part is as long
    as fits, cut before a continuation octet (10xxxxxx). Cut in octets, not character by character: a desk's
    calendar folds some 50,000 lines."""
    data = line.encode("utf-8")
    if len(data) <= LINE_OCTETS:
        return line
    parts, start, limit = [], 0, LINE_OCTETS
    while start < len(data):
        end = min(start + limit, len(data))
        while end < len(data) and data[end] & 0xC0 == 0x80:
            end -= 1
        parts.append(data[start:end].decode("utf-8"))
        start, limit = end, LINE_OCTETS - 1  # a continuation line starts with a space
    return "\r\n ".join(parts)


@lru_cache(maxsize=4096)  # a desk's calendar stamps thousands of events with the same instant
def _stamp(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def _local(moment: datetime) -> str:
    return moment.strftime("%Y%m%dT%H%M%S")


def _offset(delta: timedelta) -> str:
    minutes = int(delta.total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}{abs(minutes) % 60:02d}"


def vtimezone(name: str, zone, years: range) -> list[str]:
    """The zone's VTIMEZONE for these years (worked out once per zone object and years: it walks them hour by hour)."""
    kept = zone.__dict__.setdefault("_vtimezones", {})
    if (name, years) not in kept:
        kept[(name, years)] = _vtimezone(name, zone, years)
    return kept[(name, years)]


def _vtimezone(name: str, zone, years: range) -> list[str]:
    """The zone's offsets from the last change before `years` to the end of them, one component
    per change (STANDARD or DAYLIGHT), so that any moment in those years is placed exactly."""
    start = datetime(years.start - 1, 1, 1, tzinfo=timezone.utc)
    end = datetime(years.stop, 1, 1, tzinfo=timezone.utc)
    changes, hour = [], start
    before = hour.astimezone(zone)
    while hour < end:  # hour by hour: every change of offset in these years falls on the hour
        hour += timedelta(hours=1)
        after = hour.astimezone(zone)
        if after.utcoffset() != before.utcoffset():
            changes.append((before, after))
        before = after
    if not changes:  # a zone without daylight saving: one offset all along
        changes = [(start.astimezone(zone), start.astimezone(zone))]
    lines = ["BEGIN:VTIMEZONE", f"TZID:{name}"]
    for before, after in changes:
        kind = "DAYLIGHT" if after.dst() else "STANDARD"
        wall_clock_before = after.replace(tzinfo=None) - (after.utcoffset() - before.utcoffset())  # in the old offset
        lines += [f"BEGIN:{kind}", f"DTSTART:{_local(wall_clock_before)}",
                  f"TZOFFSETFROM:{_offset(before.utcoffset())}", f"TZOFFSETTO:{_offset(after.utcoffset())}",
                  f"TZNAME:{after.tzname()}", f"END:{kind}"]
    return lines + ["END:VTIMEZONE"]


def dated_entries(assessment: Assessment, person: str) -> list[Duty]:
    """The duties that concern this person and have a day at stake, in date order (none done or behind)."""
    entries = [u for u in assessment.guidance.duties.values()
               if person in u.concerns and u.day and u.deadline.due and u.sure != DONE]
    return sorted(entries, key=lambda u: (u.moment.isoformat(timespec="minutes") if u.moment else u.day.isoformat(),
                                          u.id))


@dataclass(frozen=True)
class Reminders:
    """When a calendar program reminds someone of a date: so many business days before it (0: on the day), at
    a time of day in the city's zone. The same for every file the checker makes."""

    days: tuple[int, ...] = (3, 1)
    at: str = "09:00"

    @classmethod
    def read(cls, raw) -> "Reminders":
        """From {"days": [3, 1], "at": "09:00"} (None: the default). ValueError says what is wrong."""
        if raw is None:
            return cls()
        if not isinstance(raw, dict):
            raise ValueError("the reminders are not an object")
        days, at = raw.get("days", [3, 1]), raw.get("at", "09:00")
        if not (isinstance(days, list) and len(days) <= 5
                and all(isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= 30 for d in days)):
            raise ValueError("the reminder days are not up to five whole numbers from 0 to 30")
        if not (isinstance(at, str) and re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", at)):
            raise ValueError("the reminder time is not HH:MM")
        return cls(tuple(sorted(set(days), reverse=True)), at)

    def as_json(self) -> dict:
        return {"days": list(self.days), "at": self.at}


def complaint_key(assessment: Assessment) -> str:
    """What names a complaint in its events' UIDs when no desk has given it an id: the days that start it (the
    violation and the receipt), which an event recorded later does not change."""
    facts = assessment.situation.facts
    seed = f"{assessment.jurisdiction.id}|{facts.violation_date}|{facts.received}"
    return "c" + hashlib.sha256(seed.encode()).hexdigest()[:12]


def uid(procedure: str, complaint: str, duty: str) -> str:
    """Stable per complaint and duty, so that a calendar program updates the event when its date moves."""
    return f"{procedure}-{complaint}-{duty}@complaint-checker"


def _alarms(s, duty: Duty, summary: str, reminders: Reminders) -> list[str]:
    """One VALARM per reminder, at an absolute moment in UTC (RFC 5545 § 3.8.6.3): the city's time of day on
    each reminder day (reminder_days), before a timed duty's moment."""
    hour, minute = (int(part) for part in reminders.at.split(":"))
    lines = []
    for day in reminder_days(s.j.calendar, duty, reminders.days):
        moment = datetime(day.year, day.month, day.day, hour, minute, tzinfo=s.zone)
        if duty.moment and moment >= duty.moment:
            continue  # a reminder at or after the moment itself reminds of nothing
        lines += ["BEGIN:VALARM", "ACTION:DISPLAY", f"DESCRIPTION:{escape(summary)}",
                  f"TRIGGER;VALUE=DATE-TIME:{_stamp(moment)}", "END:VALARM"]
    return lines


def about_the_day(j, duty: Duty, lang: str) -> str | None:
    """What the day an event is on rests on, in one sentence: the safe date and why the code's day may be later;
    the latest day still possible and what it relies on; the condition the duty exists under; or that it
    has passed."""
    d = duty.deadline
    if duty.sure == PASSED:
        return say("ics_passed", lang, due=d.due)
    if duty.where in (BETWEEN, ON_LAST):
        text = say("ics_relies", lang, safe=d.safe, reasons=readings(j, d, lang) or "")
    else:
        later = later_day(j, d, lang)
        text = say("ics_safe_date", lang, later=later) if later else None
    if duty.until:
        text = " ".join(t for t in (say("ics_before", lang, time=clock(duty.until, lang)), text) if t)
    if duty.conditional:
        condition = condition_text(j, d.rule, lang)
        text = " ".join(t for t in (condition, text) if t)
    return text


@dataclass(frozen=True)
class Filed:
    """Which complaint an assessment is, for its events: its key in UIDs, the label its titles carry (or none),
    and how many times each duty's date has moved (SEQUENCE)."""

    key: str
    label: str | None = None
    sequences: dict = field(default_factory=dict)


def events(assessment: Assessment, entries: list[Duty], stamp: datetime, filed: Filed,
           reminders: Reminders) -> tuple[list[list[str]], set[int]]:
    """The VEVENTs of some of an assessment's duties, and the years of those counted in hours."""
    s = assessment.situation
    j, lang = s.j, s.lang
    made, timed_years = [], set()
    for entry in entries:
        who = j.actor(entry.rule.actor).label
        summary = say("ics_summary", lang, task=task(entry.rule, lang), who=who)
        if filed.label:
            summary = say("ics_summary_labelled", lang, label=filed.label, summary=summary)
        cite = j.clause(entry.rule.clause).cite
        about = [say("ics_law", lang, cite=cite, text=entry.rule.text)] if entry.rule.text else [cite]
        lines = [f"UID:{uid(j.id, filed.key, entry.id)}", f"DTSTAMP:{_stamp(stamp)}",
                 f"SEQUENCE:{filed.sequences.get(entry.id, 0)}"]
        day_words = about_the_day(j, entry, lang)
        if entry.moment:
            timed_years.add(entry.moment.year)
            lines.append(f"DTSTART;TZID={j.timezone}:{_local(entry.moment)}")
            about.insert(0, say("ics_due_at", lang, moment=format_moment(entry.moment, lang)))
            if entry.conditional and day_words:
                about.insert(1, day_words)
        else:
            lines += [f"DTSTART;VALUE=DATE:{entry.day:%Y%m%d}", f"DTEND;VALUE=DATE:{entry.day + timedelta(days=1):%Y%m%d}"]
            if day_words:
                about.insert(0, day_words)
        about.append(say("disclaimer", lang, contact=j.contact))
        lines += [f"SUMMARY:{escape(summary)}", f"DESCRIPTION:{escape(chr(10).join(about))}",
                  "TRANSP:TRANSPARENT", *_alarms(s, entry, summary, reminders)]
        made.append(["BEGIN:VEVENT", *lines, "END:VEVENT"])
    return made, timed_years


def calendar_text(assessment: Assessment, name: str, made: list[list[str]], timed_years: set[int]) -> str:
    s = assessment.situation
    calendar = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Complaint Checker//rule core//" + s.lang.upper(),
                "CALSCALE:GREGORIAN", "METHOD:PUBLISH", f"X-WR-CALNAME:{escape(name)}"]
    if timed_years:
        calendar += vtimezone(s.j.timezone, s.zone, range(min(timed_years), max(timed_years) + 1))
    for event in made:
        calendar += event
    calendar.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in calendar)


def calendar_file(assessment: Assessment, person: str, stamp: datetime, filed: Filed | None = None,
                  reminders: Reminders = Reminders()) -> str:
    """The .ics text of `person`'s dates in an assessment, in its language. `stamp` is when the file is made
    (the core reads no clock); `filed` names the complaint (by default, by the days that start it)."""
    s = assessment.situation
    filed = filed or Filed(complaint_key(assessment))
    made, timed_years = events(assessment, dated_entries(assessment, person), stamp, filed, reminders)
    name = say("ics_name", s.lang, title=s.j.title, name=s.j.name)
    if filed.label:
        name = say("ics_summary_labelled", s.lang, label=filed.label, summary=name)
    return calendar_text(assessment, name, made, timed_years)
