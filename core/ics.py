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

from datetime import date, datetime, timedelta, timezone

from .answers import Answers, procedure_order
from .model import Jurisdiction
from .wording import say
from .zones import zone_from_bytes

PEOPLE = {"complainant": "complainant", "respondent": "respondent", "clerk": "officials"}
LINE_OCTETS = 75


def escape(text: str) -> str:
    """A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 § 3.3.11)."""
    return (text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n"))


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


def dated_entries(report: dict, person: str) -> list[dict]:
    """The deadlines the page shows this person that have a date, in date order."""
    view = PEOPLE[person]
    entries = [d for d in report["deadlines"] if view in d["views"] and (d["due"] or d["due_at"])]
    return sorted(entries, key=lambda d: (d["due_at"] or d["safe_date"] or d["due"], d["id"]))


def calendar_file(jurisdiction: Jurisdiction, report: dict, person: str, stamp: datetime) -> str:
    """The .ics text of `person`'s dates in `report` (made with `jurisdiction`, in the report's language).
    `stamp` is when the file is made (the core reads no clock)."""
    lang = report["language"]
    today = date.fromisoformat(report["as_of"]) if report.get("as_of") else None
    answers = Answers(report, lang, today, jurisdiction.counting.cite, procedure_order(jurisdiction))
    info = report["jurisdiction"]
    actors = info["actors"]
    events, timed_years = [], set()
    for entry in dated_entries(report, person):
        who = actors[entry["actor"]]["label"]
        summary = say("ics_summary", lang, task=answers.task(entry), who=who)
        about = [say("ics_law", lang, cite=entry["cite"], text=entry["text"])] if entry.get("text") else [entry["cite"]]
        lines = [f"UID:{info['id']}-{entry['id']}-{(entry['due_at'] or entry['due'])[:10]}@complaint-checker",
                 f"DTSTAMP:{_stamp(stamp)}"]
        if entry["due_at"]:
            moment = datetime.fromisoformat(entry["due_at"])
            timed_years.add(moment.year)
            lines.append(f"DTSTART;TZID={info['timezone']}:{_local(moment)}")
            about.insert(0, say("ics_due_at", lang, moment=entry["display"]["due_at"]))
        else:
            safe = date.fromisoformat(entry["safe_date"])
            lines += [f"DTSTART;VALUE=DATE:{safe:%Y%m%d}", f"DTEND;VALUE=DATE:{safe + timedelta(days=1):%Y%m%d}"]
            later = answers.later_day(entry, safe)
            if later:
                about.insert(0, say("ics_safe_date", lang, later=later))
        about.append(report["disclaimer"])
        lines += [f"SUMMARY:{escape(summary)}", f"DESCRIPTION:{escape(chr(10).join(about))}",
                  "TRANSP:TRANSPARENT"]
        events.append(["BEGIN:VEVENT", *lines, "END:VEVENT"])
    calendar = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Complaint Checker//rule core//" + lang.upper(),
                "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
                f"X-WR-CALNAME:{escape(say('ics_name', lang, title=info['title'], name=info['name']))}"]
    if timed_years:
        zone = zone_from_bytes(jurisdiction.timezone, jurisdiction.zone_data)
        calendar += vtimezone(info["timezone"], zone, range(min(timed_years), max(timed_years) + 1))
    for event in events:
        calendar += event
    calendar.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in calendar)
