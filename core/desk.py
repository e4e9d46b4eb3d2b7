"""The office's desk: every complaint an office is handling under one procedure, and every dated duty of the
office across them, in date order.

A complaint on the desk is what the clerk typed (a short label) and the facts the checker reads, with what
the desk last saw of each duty's date. Each complaint is assessed exactly as the checker page assesses it
(`report.assess`, with the same facts, language and day), so a date on the desk is the report's date. Two
things come from the desk alone:

- **what moved**: a duty whose date differs from the one the desk last saw (an event was recorded, a date was
  corrected) says so, with the date it had; its `sequence` rises, so a calendar program that already holds its
  event replaces it (RFC 5545 § 3.8.7.4);
- **where today falls**, for each duty: overdue (the code's last day has passed), due this week (its safe date
  falls within seven days of today, or has passed while the last day has not), later, or waiting on an event.

The desk's export is one JSON document (format "complaint-checker-desk", version 1), described in docs/desk.md;
this module is the one place that writes and reads it. A file that is too large, not JSON, not a desk, from a
newer version, for another procedure or with a malformed complaint is refused as a whole, with one sentence.

    >>> kept = Kept.read({"date": "2026-11-25", "sequence": 2})
    >>> kept.after("2026-11-27", "2026-12-01")
    Kept(date='2026-11-27', sequence=3, was='2026-11-25', moved_on='2026-12-01')
    >>> kept.after("2026-11-25", "2026-12-01") is kept
    True
"""

import json
import re
from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from .deadlines import Deadline
from .describing import condition_clause, later_day, task
from .facts import InputError
from .ics import Filed, Reminders, calendar_text, events
from .model import Jurisdiction
from .report import Assessment, assess
from .wording import format_day, format_moment, say

FORMAT = "complaint-checker-desk"
VERSION = 1
MAX_EXPORT_BYTES = 5_000_000
MAX_COMPLAINTS = 500
MAX_LABEL = 80
MAX_FACTS_BYTES = 20_000
COMPLAINT_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
ISO_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
ISO_MOMENT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$")
WEEK = 7
OFFICE = "clerk"  # the office, as the audience names it: the clerk, a commission, whoever receives complaints

OVERDUE, THIS_WEEK, LATER, WAITING = "overdue", "this_week", "later", "waiting"
CERTAIN, SAFE, IF = "certain", "safe", "if"


class Malformed(ValueError):
    """What is wrong with one part of a desk file, as a message key (desk_problem_KEY) and its parameters."""

    def __init__(self, key: str, **params):
        self.key, self.params = key, params
        super().__init__(key)

    def words(self, lang: str) -> str:
        return say("desk_problem_" + self.key, lang, **self.params)


class DeskFileError(ValueError):
    """A desk file that cannot be read: `key` and `params` say why, in one sentence per language."""

    def __init__(self, key: str, **params):
        self.key, self.params = key, params
        super().__init__(self.message())

    def message(self, lang: str = "en") -> str:
        params = {k: v.words(lang) if isinstance(v, Malformed) else v for k, v in self.params.items()}
        return say("desk_file_" + self.key, lang, **params) + " " + say("desk_file_unchanged", lang)


# --- what the desk keeps -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Kept:
    """A duty's date as the desk last saw it (an ISO day, or None while it waits on an event), how many times
    it has moved, and from what, on which day."""

    date: str | None
    sequence: int = 0
    was: str | None = None
    moved_on: str | None = None

    @classmethod
    def read(cls, raw) -> "Kept":
        if not isinstance(raw, dict):
            raise Malformed("dates")
        value = cls(raw.get("date"), raw.get("sequence", 0), raw.get("was"), raw.get("moved_on"))
        if not (isinstance(value.sequence, int) and not isinstance(value.sequence, bool) and 0 <= value.sequence < 10**6):
            raise Malformed("dates")
        for day in (value.date, value.was, value.moved_on):
            if day is not None and not (isinstance(day, str) and ISO_DAY.match(day)):
                raise Malformed("dates")
        return value

    @classmethod
    def seen(cls, before: "Kept | None", day: str | None, today: str | None) -> "Kept":
        """What to keep once `day` is seen, given what was kept before (None: the first sighting, not a move)."""
        return (before or cls(day)).after(day, today)

    def after(self, day: str | None, today: str | None) -> "Kept":
        """What the desk keeps once it has seen `day`: itself if the date is the same, else the move."""
        if day == self.date:
            return self
        return Kept(day, self.sequence + 1, self.date, today)

    def as_json(self) -> dict:
        return {"date": self.date, "sequence": self.sequence, "was": self.was, "moved_on": self.moved_on}


@dataclass(frozen=True)
class Complaint:
    """One complaint on the desk: its id (stable for its life), the clerk's label, the checker's facts, when it
    was added and last changed (ISO moments, from the page's clock), and what the desk last saw of each date."""

    id: str
    label: str
    facts: dict
    added: str = ""
    changed: str = ""
    dates: dict[str, Kept] = field(default_factory=dict)

    @classmethod
    def read(cls, raw) -> "Complaint":
        """A complaint as the page or an export holds it; Malformed says what is wrong."""
        if not isinstance(raw, dict):
            raise Malformed("not_object")
        ident, label, facts = raw.get("id"), raw.get("label"), raw.get("facts", {})
        if not (isinstance(ident, str) and COMPLAINT_ID.match(ident)):
            raise Malformed("id")
        if not (isinstance(label, str) and label.strip() and len(label) <= MAX_LABEL
                and not any(ord(c) < 32 for c in label)):
            raise Malformed("label", limit=MAX_LABEL)
        if not isinstance(facts, dict) or len(json.dumps(facts)) > MAX_FACTS_BYTES:
            raise Malformed("facts")
        for name in ("added", "changed"):
            moment = raw.get(name, "")
            if not (isinstance(moment, str) and (moment == "" or ISO_MOMENT.match(moment))):
                raise Malformed("moment", name=name)
        dates = raw.get("dates", {})
        if not isinstance(dates, dict):
            raise Malformed("dates")
        return cls(ident, label.strip(), facts, raw.get("added", ""), raw.get("changed", ""),
                   {str(k): Kept.read(v) for k, v in dates.items()})

    def as_json(self) -> dict:
        return {"id": self.id, "label": self.label, "facts": self.facts, "added": self.added,
                "changed": self.changed, "dates": {k: v.as_json() for k, v in sorted(self.dates.items())}}


# --- the export ---------------------------------------------------------------------------------------------

def export_document(procedure: str, complaints: list[Complaint], reminders: Reminders, exported: str) -> dict:
    """The desk as one document, to keep or to move to another device."""
    return {"format": FORMAT, "version": VERSION, "procedure": procedure, "exported": exported,
            "reminders": reminders.as_json(), "complaints": [c.as_json() for c in complaints]}


def read_export(text: str, procedure: str, title: str) -> tuple[list[Complaint], Reminders]:
    """The complaints and reminders of an exported desk for `procedure`. Raises DeskFileError."""
    if len(text.encode("utf-8")) > MAX_EXPORT_BYTES:
        raise DeskFileError("too_large", limit=f"{MAX_EXPORT_BYTES // 1_000_000}")
    try:
        document = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as err:
        raise DeskFileError("not_json", where=getattr(err, "lineno", 1)) from None
    except ValueError:
        raise DeskFileError("not_json", where=1) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise DeskFileError("not_desk")
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DeskFileError("not_desk")
    if version > VERSION:
        raise DeskFileError("newer", version=version, ours=VERSION)
    if document.get("procedure") != procedure:
        raise DeskFileError("other_procedure", procedure=json.dumps(document.get("procedure"))[:60], title=title)
    raw = document.get("complaints")
    if not isinstance(raw, list):
        raise DeskFileError("not_desk")
    if len(raw) > MAX_COMPLAINTS:
        raise DeskFileError("too_many", limit=MAX_COMPLAINTS)
    complaints, seen = [], set()
    for number, item in enumerate(raw, start=1):
        try:
            complaint = Complaint.read(item)
        except Malformed as err:
            raise DeskFileError("bad_complaint", number=number, problem=err) from None
        if complaint.id in seen:
            raise DeskFileError("bad_complaint", number=number, problem=Malformed("id_twice"))
        seen.add(complaint.id)
        complaints.append(complaint)
    try:
        reminders = Reminders.read(document.get("reminders"))
    except ValueError:
        raise DeskFileError("bad_reminders") from None
    return complaints, reminders


# --- what the desk shows --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DeskRow:
    """One dated (or waiting) duty of one complaint, as the desk shows it."""

    complaint: Complaint
    deadline: Deadline
    owed_by_office: bool  # the office acts; otherwise a party owes it to the office
    day: date | None  # the safe date (for a period in hours, the day of its moment)
    status: str
    certainty: str
    kept: Kept


@dataclass(frozen=True)
class Desk:
    """Every complaint assessed, and every duty row in date order (waiting rows last)."""

    assessments: dict[str, Assessment | InputError]
    rows: list[DeskRow]
    complaints: list[Complaint]  # with what the desk now keeps of each date


def concerns_office(d: Deadline) -> bool:
    """A duty the office owes, or one a party owes to the office (information due to the clerk)."""
    return OFFICE in d.people.concerns and d.applies in ("yes", "unknown")


def shown_day(d: Deadline) -> date | None:
    if d.due_at:
        return d.due_at.date()
    return d.safe


def status_of(d: Deadline, today: date | None) -> str:
    day = shown_day(d)
    if day is None:
        return WAITING
    if today is None:
        return LATER
    last = d.due_at.date() if d.due_at else d.due
    if today > last:
        return OVERDUE
    return THIS_WEEK if day < today + timedelta(days=WEEK) else LATER


def certainty_of(d: Deadline) -> str:
    if d.applies == "unknown":
        return IF
    return SAFE if d.due and d.safe and d.due > d.safe else CERTAIN


def desk(jurisdiction: Jurisdiction, complaints: list[Complaint], lang: str, today: date | None) -> Desk:
    """Every complaint assessed as of `today`, and the duties that concern the office, in date order."""
    assessments, rows, kept_now = {}, [], []
    order = {rule_id: n for n, rule_id in enumerate(jurisdiction.rule_ids())}
    for complaint in complaints:
        try:
            a = assess(jurisdiction, complaint.facts, lang, today)
        except InputError as err:
            assessments[complaint.id] = err
            kept_now.append(complaint)
            continue
        assessments[complaint.id] = a
        dates = dict(complaint.dates)
        for d in a.deadlines.values():
            if not concerns_office(d):
                continue
            day = shown_day(d)
            if day is None and not d.waiting_label:
                continue  # neither dated nor waiting on anything the office can record
            kept = Kept.seen(complaint.dates.get(d.id), day.isoformat() if day else None,
                             today.isoformat() if today else None)
            dates[d.id] = kept
            rows.append(DeskRow(complaint, d, OFFICE in d.people.acts, day, status_of(d, today), certainty_of(d), kept))
        kept_now.append(replace(complaint, dates=dates))
    rows = _next_waits(jurisdiction, rows)
    rows.sort(key=lambda r: (r.day is None, r.day or date.max, r.complaint.label.casefold(), r.complaint.id,
                             order.get(r.deadline.id, 0)))
    return Desk(assessments, rows, kept_now)


def _next_waits(j: Jurisdiction, rows: list[DeskRow]) -> list[DeskRow]:
    """Every dated row; of each complaint's rows that wait on an event, only those waiting on its next event in the
    procedure's order (the duties recording that one event would date, not every step of a hearing yet to come);
    and the rows that wait on a fact to be entered (an election's date)."""
    events = [e.id for e in j.events]
    event_of = lambda r: (r.deadline.waiting_on or "").removeprefix("deadline:")
    first = {}
    for r in rows:
        if r.day is None and event_of(r) in events:
            first[r.complaint.id] = min(first.get(r.complaint.id, len(events)), events.index(event_of(r)))
    return [r for r in rows if r.day is not None or event_of(r) not in events
            or events.index(event_of(r)) == first[r.complaint.id]]


def row_json(row: DeskRow, a: Assessment) -> dict:
    j, lang, d = a.situation.j, a.situation.lang, row.deadline
    actor = j.actor(d.rule.actor)
    certainty = say("desk_certain", lang) if row.day else None
    if row.certainty == SAFE and row.day:
        certainty = later_day(j, d, lang) or say("desk_safe", lang, due=d.due)
    elif row.certainty == IF:
        certainty = say("desk_if", lang, condition=condition_clause(j, d.rule, lang) or "")
    moved = None
    if row.kept.moved_on and row.kept.sequence:
        moved = say("desk_moved_from", lang, was=date.fromisoformat(row.kept.was), on=date.fromisoformat(row.kept.moved_on)) \
            if row.kept.was else say("desk_moved_dated", lang, on=date.fromisoformat(row.kept.moved_on))
    return {
        "complaint": row.complaint.id, "label": row.complaint.label, "duty": d.id,
        "task": task(d.rule, lang), "who": actor.label, "owed_by_office": row.owed_by_office,
        "date": row.day.isoformat() if row.day else None,
        "display": format_moment(d.due_at, lang) if d.due_at else format_day(row.day, lang) if row.day else None,
        "due": d.due.isoformat() if d.due else None,
        "due_at": d.due_at.isoformat(timespec="minutes") if d.due_at else None,
        "status": row.status, "status_text": say("desk_status_" + row.status, lang),
        "certainty": row.certainty, "certainty_text": certainty,
        "waiting_for": say("desk_waiting_for", lang, what=d.waiting_label) if row.day is None else None,
        "moved": moved, "sequence": row.kept.sequence, "cite": j.clause(d.rule.clause).cite,
    }


def desk_json(j: Jurisdiction, complaints: list[Complaint], lang: str, today: date | None) -> dict:
    """The desk as the page draws it: rows, each complaint's own line, and what the desk now keeps."""
    found = desk(j, complaints, lang, today)
    lines = []
    for complaint in found.complaints:
        a = found.assessments[complaint.id]
        if isinstance(a, InputError):
            lines.append({"id": complaint.id, "label": complaint.label, "status": "error",
                          "sentence": say("desk_facts_problem", lang, problem=a.problem(lang)), "received": None})
            continue
        answer = a.answers["clerk"]
        received = a.situation.facts.received
        lines.append({"id": complaint.id, "label": complaint.label, "status": answer.status, "sentence": answer.sentence,
                      "received": received.isoformat() if received else None,
                      "received_display": format_day(received, lang) if received else None})
    counts = {s: sum(1 for r in found.rows if r.status == s) for s in (OVERDUE, THIS_WEEK, LATER, WAITING)}
    return {"rows": [row_json(r, found.assessments[r.complaint.id]) for r in found.rows], "complaints": lines, "counts": counts,
            "kept": [c.as_json() for c in found.complaints],
            "as_of": today.isoformat() if today else None,
            "as_of_display": format_day(today, lang) if today else None,
            # the last day "this week" covers, for the printed week's heading
            "week_ends_display": format_day(today + timedelta(days=WEEK - 1), lang) if today else None}


def desk_calendar(j: Jurisdiction, found: Desk, lang: str, stamp, reminders: Reminders) -> tuple[str | None, int]:
    """One calendar file of every dated duty on the desk, each titled with its complaint's label, with the
    UID of its complaint and duty and the SEQUENCE of its moves; and how many events it holds. None if the
    desk has no dated duty."""
    made, timed_years, first = [], set(), None
    kept = {c.id: c for c in found.complaints}
    for row in found.rows:
        if row.day is None:
            continue
        a = found.assessments[row.complaint.id]
        first = first or a
        complaint = kept[row.complaint.id]
        filed = Filed(complaint.id, complaint.label, {k: v.sequence for k, v in complaint.dates.items()})
        event, years = events(a, [row.deadline], stamp, filed, reminders)
        made += event
        timed_years |= years
    if first is None:
        return None, 0
    j = first.situation.j
    name = say("desk_calendar_name", lang, title=j.title, name=j.name)
    return calendar_text(first, name, made, timed_years), len(made)
