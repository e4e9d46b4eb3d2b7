"""A calendar file (RFC 5545) of one person's dates, made from a report.

One event per date the report computes for that person: an all-day event on the safe
date (the description says when the code's last day may be later, and why), or, for a
rule counted in hours, an event at that moment in the city's time zone, with the
VTIMEZONE that calendar programs need to place it. Each event is titled with the action
and who must act, and its description quotes the citation and the sentence of law.

Written by hand rather than with the `icalendar` package: the format needs about a
hundred lines here, and that package (with its tzdata and typing_extensions) would add
about 0.9 MB to what the browser downloads. The tests read every file back with
`icalendar`, as an independent parser.

    >>> fold("DESCRIPTION:" + "é" * 40).split("\\r\\n ")[0].encode() == ("DESCRIPTION:" + "é" * 31).encode()
    True
"""

import re
from datetime import datetime, timedelta, timezone

from .deadlines import Deadline
from .describing import later_day, task
from .report import Assessment
from .wording import format_moment, say

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
    """A content line folded at 75 octets, never inside a UTF-8 character (RFC 5545 § 3.1)."""
    parts, current, size = [], "", 0
    for char in line:
        octets = len(char.encode("utf-8"))
        limit = LINE_OCTETS if not parts else LINE_OCTETS - 1  # a continuation line starts with a space
        if size + octets > limit:
            parts.append(current)
            current, size = "", 0
        current += char
        size += octets
    parts.append(current)
    return "\r\n ".join(parts)


def _stamp(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def _local(moment: datetime) -> str:
    return moment.strftime("%Y%m%dT%H%M%S")


def _offset(delta: timedelta) -> str:
    minutes = int(delta.total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}{abs(minutes) % 60:02d}"


def vtimezone(name: str, zone, years: range) -> list[str]:
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


def dated_entries(assessment: Assessment, person: str) -> list[Deadline]:
    """The deadlines that concern this person and have a date, in date order."""
    entries = [d for d in assessment.deadlines.values() if person in d.people.concerns and d.due]
    return sorted(entries, key=lambda d: (d.due_at.isoformat(timespec="minutes") if d.due_at else d.safe.isoformat(),
                                          d.id))


def calendar_file(assessment: Assessment, person: str, stamp: datetime) -> str:
    """The .ics text of `person`'s dates in an assessment, in its language. `stamp` is when the file is made
    (the core reads no clock)."""
    s = assessment.situation
    j, lang = s.j, s.lang
    events, timed_years = [], set()
    for entry in dated_entries(assessment, person):
        who = j.actor(entry.rule.actor).label
        summary = say("ics_summary", lang, task=task(entry.rule, lang), who=who)
        cite = j.clause(entry.rule.clause).cite
        about = [say("ics_law", lang, cite=cite, text=entry.rule.text)] if entry.rule.text else [cite]
        lines = [f"UID:{j.id}-{entry.id}-{(entry.due_at or entry.due).isoformat()[:10]}@complaint-checker",
                 f"DTSTAMP:{_stamp(stamp)}"]
        if entry.due_at:
            timed_years.add(entry.due_at.year)
            lines.append(f"DTSTART;TZID={j.timezone}:{_local(entry.due_at)}")
            about.insert(0, say("ics_due_at", lang, moment=format_moment(entry.due_at, lang)))
        else:
            safe = entry.safe
            lines += [f"DTSTART;VALUE=DATE:{safe:%Y%m%d}", f"DTEND;VALUE=DATE:{safe + timedelta(days=1):%Y%m%d}"]
            later = later_day(j, entry, lang)
            if later:
                about.insert(0, say("ics_safe_date", lang, later=later))
        about.append(say("disclaimer", lang, contact=j.contact))
        lines += [f"SUMMARY:{escape(summary)}", f"DESCRIPTION:{escape(chr(10).join(about))}",
                  "TRANSP:TRANSPARENT"]
        events.append(["BEGIN:VEVENT", *lines, "END:VEVENT"])
    calendar = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Complaint Checker//rule core//" + lang.upper(),
                "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
                f"X-WR-CALNAME:{escape(say('ics_name', lang, title=j.title, name=j.name))}"]
    if timed_years:
        calendar += vtimezone(j.timezone, s.zone, range(min(timed_years), max(timed_years) + 1))
    for event in events:
        calendar += event
    calendar.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in calendar)
