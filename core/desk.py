"""The office's desk: every complaint an office is handling under one procedure, and every dated duty of the office
across them, in date order.

A complaint on the desk is what the clerk typed (a short label), the facts the checker reads, where the complaint
stands (open, dismissed, closed or referred), the duties the office marked done, and what the desk last saw of
each duty's date. The desk also keeps what the office recorded of its own calendar: a day it was open, or closed,
which settles that day for this desk's dates. Each complaint is assessed exactly as the checker page assesses it
(`report.assess`, with the same facts, language and day), so a duty's day and how sure it is are the guidance's
(core/guidance.py): the desk decides neither. Two things come from the desk alone:

- **what moved**: a duty whose day differs from the one the desk last saw (an event was recorded, a date was
  corrected, or its safe date passed and the latest day still possible is now at stake) says so; its
  `sequence` rises, so a calendar program that already holds its event replaces it (RFC 5545 § 3.8.7.4);
- **where today falls**, for each duty: overdue (every day the law may allow has passed), due this week (its
  day at stake is within seven days of today), later, waiting on an event, or done.

Everything a desk file or the page's storage holds is parsed here, once, with the core's own date rule (ASCII
digits and a real date), and kept typed. The export is one JSON document (format "complaint-checker-desk",
version 2; version 1 is still read), described in docs/desk.md; this module is the one place that writes and
reads it.

    >>> kept = Kept.read({"date": "2026-11-25", "sequence": 2})
    >>> kept.after(date(2026, 11, 27), date(2026, 12, 1))
    Kept(date=datetime.date(2026, 11, 27), sequence=3, was=datetime.date(2026, 11, 25), moved_on=datetime.date(2026, 12, 1))
    >>> kept.after(date(2026, 11, 25), date(2026, 12, 1)) is kept
    True
"""

import json
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from functools import lru_cache

from .answers import duty_words
from .business_calendar import HOLIDAY
from .describing import task
from .facts import DATE_PATTERN, InputError, nesting_depth
from .guidance import CERTAIN, DONE, IF, PASSED, RELIES, WAITING, Duty
from .ics import Filed, Reminders, calendar_text, events
from .model import Jurisdiction
from .report import Assessment, assess
from .wording import clock, format_day, format_moment, one_line, say
from .zones import zone_from_bytes

FORMAT = "complaint-checker-desk"
VERSION = 2
# One limit of the desk, the same both ways: the page holds no more complaints than one file carries, its export
# writes no file its import refuses (json_api: the export is read back before it is offered), and every file an
# export wrote imports. A desk of 2,000 complaints weighs 1 to 3 MB (docs/desk.md); the most one desk holds, each
# complaint of the heaviest shipped procedure with every duty marked and every date kept (about 9 kB), about 45 MB.
MAX_COMPLAINTS = 5_000
MAX_EXPORT_BYTES = 64_000_000
MAX_LABEL = 80
MAX_NOTE = 2_000  # the office's own note on a complaint, in characters
MAX_FACTS_BYTES = 20_000
MAX_OFFICE_DAYS = 400
MAX_NESTING = 12  # a desk document nests six deep; facts add at most a few more
COMPLAINT_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
ISO_MOMENT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,9})?)?(Z|[+-][0-9]{2}:[0-9]{2})")
WEEK = 7
OFFICE = "clerk"  # the office, as the audience names it: the clerk, a commission, whoever receives complaints
STANDINGS = ("open", "dismissed", "closed", "referred")  # where a complaint stands; only an open one owes anything

OVERDUE, THIS_WEEK, LATER, WAITING_ROW, DONE_ROW = "overdue", "this_week", "later", "waiting", "done"
RETIRED_ROW = "retired"  # a duty of a complaint that is no longer open: kept in sight, owed by no one
ROW_STATUSES = (OVERDUE, THIS_WEEK, LATER, WAITING_ROW, DONE_ROW, RETIRED_ROW)
PER_PAGE = 50  # the rows of one page of the desk's lists (the page asks for a page; a screen reader hears counts)
SAFE = "safe"  # certain, on the safe date, while the code's last day may be later


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


def read_day(value, problem: str = "dates") -> date | None:
    """A day as a desk file keeps it (YYYY-MM-DD, ASCII digits, a real date), or None for null."""
    if value is None:
        return None
    if not (isinstance(value, str) and DATE_PATTERN.fullmatch(value)):
        raise Malformed(problem)
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise Malformed(problem) from None


def read_moment(value, name: str) -> datetime | None:
    """An instant as a desk file keeps it: ISO 8601 with its offset (or Z); "" for none."""
    if value == "":
        return None
    if not (isinstance(value, str) and ISO_MOMENT.fullmatch(value)):
        raise Malformed("moment", name=name)
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise Malformed("moment", name=name) from None


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


# --- what the desk keeps -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Kept:
    """A duty's day as the desk last saw it (None while it waits on an event), how many times it has moved, and
    from what, on which day."""

    date: date | None
    sequence: int = 0
    was: date | None = None
    moved_on: date | None = None

    @classmethod
    def read(cls, raw) -> "Kept":
        if not isinstance(raw, dict):
            raise Malformed("dates")
        sequence = raw.get("sequence", 0)
        if not (isinstance(sequence, int) and not isinstance(sequence, bool) and 0 <= sequence < 10**6):
            raise Malformed("dates")
        return cls(read_day(raw.get("date")), sequence, read_day(raw.get("was")), read_day(raw.get("moved_on")))

    @classmethod
    def seen(cls, before: "Kept | None", day: date | None, today: date | None) -> "Kept":
        """What to keep once `day` is seen, given what was kept before (None: the first sighting, not a move)."""
        return (before or cls(day)).after(day, today)

    def after(self, day: date | None, today: date | None) -> "Kept":
        """What the desk keeps once it has seen `day`: itself if the day is the same, else the move."""
        if day == self.date:
            return self
        return Kept(day, self.sequence + 1, self.date, today)

    def as_json(self) -> dict:
        return {"date": _iso(self.date), "sequence": self.sequence, "was": _iso(self.was),
                "moved_on": _iso(self.moved_on)}


@dataclass(frozen=True)
class Complaint:
    """One complaint on the desk: its id (stable for its life), the clerk's label, the checker's facts, where it
    stands, the duties the office marked done (duty id -> the day it was marked), when it was added and last
    changed (instants, from the page's clock), and what the desk last saw of each date."""

    id: str
    label: str
    facts: dict
    added: datetime | None = None
    changed: datetime | None = None
    dates: dict[str, Kept] = field(default_factory=dict)
    standing: str = "open"
    done: dict[str, date] = field(default_factory=dict)
    note: str = ""  # the office's own words on the complaint (optional: a file without one reads as "")

    @classmethod
    def read(cls, raw) -> "Complaint":
        """A complaint as the page or an export holds it; Malformed says what is wrong."""
        if not isinstance(raw, dict):
            raise Malformed("not_object")
        ident, label, facts = raw.get("id"), raw.get("label"), raw.get("facts", {})
        if not (isinstance(ident, str) and COMPLAINT_ID.fullmatch(ident)):
            raise Malformed("id")
        if not (isinstance(label, str) and label.strip() and len(label) <= MAX_LABEL
                and not any(ord(c) < 32 or 0x7f <= ord(c) < 0xa0 or c in "\u2028\u2029" for c in label)):
            raise Malformed("label", limit=MAX_LABEL)
        if not isinstance(facts, dict) or len(json.dumps(facts)) > MAX_FACTS_BYTES:
            raise Malformed("facts")
        added, changed = read_moment(raw.get("added", ""), "added"), read_moment(raw.get("changed", ""), "changed")
        dates, done = raw.get("dates", {}), raw.get("done", {})
        if not isinstance(dates, dict) or not isinstance(done, dict):
            raise Malformed("dates")
        standing = raw.get("standing", "open")
        if standing not in STANDINGS:
            raise Malformed("standing", known=", ".join(STANDINGS))
        note = raw.get("note", "")
        if not (isinstance(note, str) and len(note) <= MAX_NOTE):
            raise Malformed("note", limit=MAX_NOTE)
        return cls(ident, label.strip(), facts, added, changed, {str(k): Kept.read(v) for k, v in dates.items()},
                   standing, {str(k): read_day(v) for k, v in done.items() if v is not None}, note)

    def as_json(self) -> dict:
        moment = lambda m: m.isoformat().replace("+00:00", "Z") if m else ""
        return {"id": self.id, "label": self.label, "facts": self.facts, "added": moment(self.added),
                "changed": moment(self.changed), "standing": self.standing,
                "done": {k: v.isoformat() for k, v in sorted(self.done.items())},
                "dates": {k: v.as_json() for k, v in sorted(self.dates.items())},
                **({"note": self.note} if self.note else {})}


@dataclass(frozen=True)
class OfficeDays:
    """What the office recorded of its own calendar: days it was open, and days it was closed. Each settles a
    day that was only a reading (or adds a closure the calendar did not know), for this desk's dates only."""

    open: frozenset = frozenset()
    closed: frozenset = frozenset()

    @classmethod
    def read(cls, raw) -> "OfficeDays":
        """From {"YYYY-MM-DD": "open" | "closed"} (None: nothing recorded). Malformed says what is wrong."""
        if raw is None:
            return cls()
        if not isinstance(raw, dict) or len(raw) > MAX_OFFICE_DAYS:
            raise Malformed("office_days")
        days = {read_day(k, "office_days"): v for k, v in raw.items()}
        if any(v not in ("open", "closed") for v in days.values()):
            raise Malformed("office_days")
        return cls(frozenset(d for d, v in days.items() if v == "open"),
                   frozenset(d for d, v in days.items() if v == "closed"))

    def as_json(self) -> dict:
        return {**{d.isoformat(): "open" for d in sorted(self.open)}, **{d.isoformat(): "closed" for d in sorted(self.closed)}}

    def __bool__(self) -> bool:
        return bool(self.open or self.closed)


@dataclass(frozen=True)
class Unreadable:
    """A complaint that cannot be read (a file or the page's storage altered by hand, or damaged): left out, and
    named, so that every other complaint is still shown and this one can be exported or deleted."""

    number: int  # its place among the complaints, from 1
    id: str | None  # its id, if it has one that is a string
    label: str | None  # its label, if it has one that is a string (shortened, on one line)
    problem: Malformed

    def as_json(self, lang: str) -> dict:
        return {"number": self.number, "id": self.id, "label": self.label, "problem": self.problem.words(lang)}


def read_complaints(raw: list, memo: "Memo | None" = None) -> tuple[list[Complaint], list[Unreadable]]:
    """Every complaint that can be read, and every one that cannot, named: one bad complaint never blocks the rest.
    A second complaint with an id already read is one that cannot be. With a memo, a complaint stored as it was at
    the last look is not read again."""
    memo = memo or Memo()
    complaints, unreadable, seen, parsed, items = [], [], set(), {}, {}
    for number, item in enumerate(raw, start=1):
        key = repr(item)  # the same stored complaint as at the last look: already read (and checked) then
        try:
            complaint = memo.parsed.get(key) or Complaint.read(item)
            if complaint.id in seen:
                raise Malformed("id_twice")
        except Malformed as err:
            text = lambda key: (item.get(key) if isinstance(item, dict) and isinstance(item.get(key), str) else None)
            ident, label = text("id"), text("label")
            unreadable.append(Unreadable(number, ident[:64] if ident is not None else None,
                                         one_line(label, MAX_LABEL) if label is not None else None, err))
            continue
        seen.add(complaint.id)
        parsed[key], items[complaint.id] = complaint, item
        complaints.append(complaint)
    memo.parsed, memo.items = parsed, items
    return complaints, unreadable


def newer(theirs: Complaint, mine: Complaint) -> bool:
    """Whether their copy was changed after mine: instants compared, whatever offsets they were written in; a copy
    that does not say when it was changed is never the newer one."""
    if theirs.changed is None:
        return False
    return mine.changed is None or theirs.changed > mine.changed


@dataclass(frozen=True)
class Merged:
    """What an import changes on the desk: the complaints to write (new ones, and those whose copy in the file
    was changed later), and how many were new, updated, or already up to date."""

    write: list[Complaint]
    added: int
    updated: int
    same: int


def merge(mine: list[Complaint], theirs: list[Complaint]) -> Merged:
    """A file's complaints merged into the desk's, by id: a complaint the desk lacks is added, one it has is
    replaced only by a copy changed later."""
    here = {c.id: c for c in mine}
    write, added, updated, same = [], 0, 0, 0
    for complaint in theirs:
        kept = here.get(complaint.id)
        if kept is None:
            write.append(complaint)
            added += 1
        elif newer(complaint, kept):
            write.append(complaint)
            updated += 1
        else:
            same += 1
    return Merged(write, added, updated, same)


# --- the export ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DeskFile:
    """An exported desk read back: its complaints, reminders and office days, and what in it could not be
    read."""

    complaints: list[Complaint]
    reminders: Reminders
    office_days: OfficeDays
    unreadable: list[Unreadable] = field(default_factory=list)


def export_document(procedure: str, complaints: list[Complaint], reminders: Reminders, exported: str,
                    office_days: OfficeDays = OfficeDays()) -> dict:
    """The desk as one document, to keep or to move to another device."""
    return {"format": FORMAT, "version": VERSION, "procedure": procedure, "exported": exported,
            "reminders": reminders.as_json(), "office_days": office_days.as_json(),
            "complaints": [c.as_json() for c in complaints]}


def read_export(text: str, procedure: str, title: str) -> DeskFile:
    """The complaints, reminders and office days of an exported desk for `procedure`. Raises DeskFileError."""
    if len(text.encode("utf-8")) > MAX_EXPORT_BYTES:
        raise DeskFileError("too_large", limit=f"{MAX_EXPORT_BYTES // 1_000_000}")
    if nesting_depth(text) > MAX_NESTING:  # read before parsing: brackets nested thousands deep overflow a stack
        raise DeskFileError("not_desk")
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
    complaints, unreadable = read_complaints(raw)
    if unreadable and not complaints:
        first = unreadable[0]
        raise DeskFileError("bad_complaint", number=first.number, problem=first.problem)
    try:
        reminders = Reminders.read(document.get("reminders"))
    except ValueError:
        raise DeskFileError("bad_reminders") from None
    try:
        office_days = OfficeDays.read(document.get("office_days"))
    except Malformed:
        raise DeskFileError("bad_office_days") from None
    return DeskFile(complaints, reminders, office_days, unreadable)


# --- what the desk shows --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DeskRow:
    """One duty of one complaint, as the desk shows it: the guidance's duty, and where today falls."""

    complaint: Complaint
    duty: Duty
    status: str
    kept: Kept
    order: tuple = field(default=(), compare=False, repr=False)  # its place on the desk (set once it is listed)

    @property
    def deadline(self):
        return self.duty.deadline

    @property
    def day(self) -> date | None:
        return self.duty.day

    @property
    def owed_by_office(self) -> bool:
        """The office acts; otherwise a party owes it to the office (information due to the clerk)."""
        return OFFICE in self.duty.acts


@dataclass(frozen=True)
class Seen:
    """What the desk keeps of one complaint's assessment (core/report.py, `assess`) between two looks: the
    situation it was read in, the duties that concern the office, and the office's answer. An assessment weighs 25
    to 55 kB; this keeps only what the desk and its calendar read (`events` reads an assessment's situation)."""

    situation: object
    duties: tuple[Duty, ...]
    answer_status: str
    answer_sentence: str

    @classmethod
    def of(cls, a: Assessment) -> "Seen":
        answer = a.answers["clerk"]
        return cls(a.situation, tuple(u for u in a.guidance.duties.values() if concerns_office(u)), answer.status,
                   answer.sentence)


class Memo:
    """What one look at the desk worked out, kept for the next: a desk of 2,000 complaints in which one changed
    assesses and lists that one again, not 2,000 (docs/desk.md, "What a desk weighs").

    - `parsed`: each stored complaint as read (by its stored form), so an unchanged one is not checked again;
    - `seen`: each complaint's assessment, by what it reads (the facts and the duties marked done);
    - `listed`: each complaint's rows and what it keeps of its dates, by the complaint read.

    The page's worker holds one per procedure (core/json_api.py); every other caller gets a fresh one, so the core
    keeps no state of its own. Only the complaints of the last look are kept, and what depends on the day, the language, the procedure or the
    office's days starts afresh when one of them changes. The core is pure: the same inputs give the same
    assessment, so what is kept is what a new look would make."""

    def __init__(self):
        self.context, self.seen, self.listed, self.parsed, self.items, self.j = None, {}, {}, {}, {}, None

    def look(self, j: Jurisdiction, lang: str, today: date | None, office_days: OfficeDays) -> None:
        context = (id(j), j.id, lang, today, office_days)
        if context != self.context:
            self.context, self.seen, self.listed = context, {}, {}
            self.j = j  # held, so that id(j) names this procedure for as long as the memo keeps it

    @staticmethod
    def key(complaint: Complaint) -> str:
        return repr((complaint.facts, sorted(complaint.done.items())))

    def keeps(self, before: Complaint, now: Complaint) -> None:
        """The page keeps `now` (what it saw of the dates) in place of `before`, as it stored it (the same members,
        its dates as `now` writes them): the next look reads it, and lists it, as already known."""
        item, listed = self.items.get(before.id), self.listed.get(id(before))
        if item is None or listed is None or listed[0] is not before:
            return
        self.parsed[repr({**item, "dates": now.as_json()["dates"]})] = now
        self.listed[id(now)] = (now, *listed[1:])


def seen_of(j: Jurisdiction, complaints: list[Complaint], lang: str, today: date | None,
            office_days: OfficeDays, memo: Memo, budget: int | None = None) -> dict[str, Seen | InputError | None]:
    """Each complaint's assessment, by complaint id (an InputError for facts that no longer read), from the memo
    where nothing it reads changed; the memo then keeps exactly these complaints'. With a `budget`, at most that
    many are assessed afresh; the others are None, not yet assessed (the page asks again: each request stays far
    from the worker's time limit, and the page says how far it is)."""
    memo.look(j, lang, today, office_days)
    kept, now, found = memo.seen, {}, {}
    for complaint in complaints:
        listed = memo.listed.get(id(complaint))
        key = listed[4] if listed is not None and listed[0] is complaint else Memo.key(complaint)
        seen = now.get(key) or kept.get(key)  # two complaints with the same facts are assessed once
        if seen is None and budget is not None:
            if budget <= 0:
                found[complaint.id] = None
                continue
            budget -= 1
        if seen is None:
            try:
                seen = Seen.of(assess(j, complaint.facts, lang, today, complaint.done, office_days))
            except InputError as err:
                seen = err
        now[key] = found[complaint.id] = seen
    memo.seen = now
    return found


@dataclass(frozen=True)
class Desk:
    """Every complaint assessed, and every duty row in date order (waiting rows, then done ones, then those of
    complaints no longer open, last)."""

    assessments: dict[str, Seen | InputError]
    rows: list[DeskRow]
    complaints: list[Complaint]  # with what the desk now keeps of each date


def concerns_office(u: Duty) -> bool:
    """A duty the office owes, or one a party owes to the office; one that may not apply is listed too."""
    return OFFICE in u.concerns


def week_of(today: date) -> tuple[date, date]:
    """The calendar week `today` is in: Monday to Sunday."""
    monday = today - timedelta(days=today.weekday())
    return monday, monday + timedelta(days=WEEK - 1)


def status_of(u: Duty, today: date | None) -> str:
    """Where today falls for a duty, as the desk sorts it: the guidance decides, the calendar week only groups."""
    if u.sure == DONE:
        return DONE_ROW
    if u.sure == WAITING or u.day is None:
        return WAITING_ROW
    if u.sure == PASSED:
        return OVERDUE
    if today is None:
        return LATER
    return THIS_WEEK if u.day <= week_of(today)[1] else LATER


def certainty_of(u: Duty) -> str:
    """How sure the desk says the row's day is: the guidance's, with a certain safe date told from a certain
    last day."""
    d = u.deadline
    if u.sure == CERTAIN and d.due and d.safe and d.due > d.safe:
        return SAFE
    return u.sure


def desk(jurisdiction: Jurisdiction, complaints: list[Complaint], lang: str, today: date | None,
         office_days: OfficeDays = OfficeDays(), memo: Memo | None = None, budget: int | None = None) -> Desk:
    """Every complaint assessed as of `today`, and the duties that concern the office, in date order. A complaint
    that is not open owes nothing: its duties stay listed, retired, at the end, and its line says where it
    stands."""
    memo = memo or Memo()
    assessments = seen_of(jurisdiction, complaints, lang, today, office_days, memo, budget)
    rows, kept_now, listed = [], [], {}
    order = {rule_id: n for n, rule_id in enumerate(jurisdiction.rule_ids())}
    events = {e.id: n for n, e in enumerate(jurisdiction.events)}
    for complaint in complaints:
        a = assessments[complaint.id]
        if a is None:  # not yet assessed (a budget): listed at a later look
            kept_now.append(complaint)
            continue
        before = memo.listed.get(id(complaint))
        if before is not None and before[0] is complaint and before[1] is a:  # nothing it reads changed
            mine, kept = before[2], before[3]
        else:
            mine, kept = _listed(complaint, a, today, events, order)
        known = before is not None and before[0] is complaint
        listed[id(complaint)] = (complaint, a, mine, kept, before[4] if known else Memo.key(complaint))
        rows += mine
        kept_now.append(kept)
    memo.listed = listed
    rows.sort(key=lambda r: r.order)
    return Desk(assessments, rows, kept_now)


def _listed(complaint: Complaint, a: Seen | InputError, today: date | None, events: dict, order: dict):
    """One complaint's rows, and the complaint with what it now keeps of its dates."""
    if isinstance(a, InputError):
        return [], complaint
    rows, is_open = [], complaint.standing == "open"
    dates = dict(complaint.dates)
    for u in a.duties:
        if u.day is None and (not u.deadline.waiting_label or u.sure == DONE):
            continue  # neither dated nor waiting on anything the office can record, or behind the complaint
        if not is_open:  # retired with its complaint: nothing is owed, and nothing more is seen to move
            if u.day is not None:
                rows.append(DeskRow(complaint, u, RETIRED_ROW, complaint.dates.get(u.id) or Kept(u.day)))
            continue
        kept = Kept.seen(complaint.dates.get(u.id), u.day, today)
        dates[u.id] = kept
        rows.append(DeskRow(complaint, u, status_of(u, today), kept))
    rows = _next_waits(events, rows)
    last = {WAITING_ROW: 1, DONE_ROW: 2, RETIRED_ROW: 3}
    for r in rows:
        object.__setattr__(r, "order", (last.get(r.status, 0), r.day or date.max, r.duty.moment is None,
                                        complaint.label.casefold(), complaint.id, order.get(r.deadline.id, 0)))
    return rows, replace(complaint, dates=dates) if is_open else complaint


def _next_waits(events: dict[str, int], rows: list[DeskRow]) -> list[DeskRow]:
    """One complaint's dated rows; of its rows that wait on an event, only those waiting on its next event in the
    procedure's order (the duties recording that one event would date, not every step of a hearing yet to come);
    and the rows that wait on a fact to be entered (an election's date)."""
    event_of = lambda r: (r.deadline.waiting_on or "").removeprefix("deadline:")
    waits = lambda r: r.status == WAITING_ROW and r.day is None and event_of(r) in events
    first = min((events[event_of(r)] for r in rows if waits(r)), default=None)
    return [r for r in rows if not waits(r) or events[event_of(r)] == first]


def closed_by_record(j: Jurisdiction, row: DeskRow, office_days: OfficeDays) -> bool:
    """A duty whose code's last day the office recorded as closed, under a counting that carries no period past a
    closure (`closure_effect = "none"`: Illinois, 5 ILCS 70/1.11, moves a last day off a Saturday, Sunday or legal
    holiday only). The record moves nothing: the day stays the code's last, and the office must act before it."""
    d = row.deadline
    return (d.due is not None and d.due in office_days.closed and row.status not in (DONE_ROW, RETIRED_ROW)
            and j.counting_of(d.rule).closure_effect == "none" and not _holiday(j, d.due))


def _holiday(j: Jurisdiction, day: date) -> bool:
    """A legal holiday by the procedure's own calendar (a record of the office's moves none: it is already one)."""
    return any(c.kind == HOLIDAY and c.confirmed for c in j.calendar.days.get(day, ()))


def row_json(row: DeskRow, a: Seen, office_days: OfficeDays = OfficeDays()) -> dict:
    j, lang, u = a.situation.j, a.situation.lang, row.duty
    d = u.deadline
    actor = j.actor(d.rule.actor)
    moved = None
    if row.kept.moved_on and row.kept.sequence and row.status not in (DONE_ROW, RETIRED_ROW):
        if row.kept.was is None:
            moved = say("desk_moved_dated", lang, on=row.kept.moved_on)
        elif row.kept.was == d.safe and u.day == d.due:
            moved = say("desk_moved_safe_passed", lang, was=row.kept.was)
        else:
            moved = say("desk_moved_from", lang, was=row.kept.was, on=row.kept.moved_on)
    retired = row.status == RETIRED_ROW
    if retired:
        words = say("desk_retired", lang, standing=say("desk_standing_" + row.complaint.standing, lang).lower())
    elif closed_by_record(j, row, office_days):
        words = say("desk_closed_no_extension", lang, due=d.due, cite=j.counting_of(d.rule).cite, day=u.day)
    else:
        words = duty_words(j, u, lang)
    return {
        "complaint": row.complaint.id, "label": row.complaint.label, "duty": d.id,
        "task": task(d.rule, lang), "who": actor.label, "owed_by_office": row.owed_by_office,
        "date": _iso(u.day),
        "display": format_moment(u.moment, lang) if u.moment else say("day_before_time", lang, day=format_day(
            u.day, lang), time=clock(u.until, lang)) if u.until else format_day(u.day, lang) if u.day else None,
        "due": _iso(d.due),
        "due_at": u.moment.isoformat(timespec="minutes") if u.moment else None,
        "status": row.status, "status_text": say("desk_status_" + row.status, lang),
        "certainty": certainty_of(u), "certainty_text": words,
        "waiting_for": say("desk_waiting_for", lang, what=d.waiting_label) if u.day is None and d.waiting_label
        else None,
        "moved": moved, "sequence": row.kept.sequence, "cite": j.clause(d.rule.clause).cite,
        "can_mark_done": not retired and row.owed_by_office and u.sure in (CERTAIN, RELIES, IF, PASSED),
        "marked_done": not retired and bool(u.retired and u.retired.event is None),
    }


def _shown(row: DeskRow, a: Seen, office_days: OfficeDays) -> dict:
    """A row as the page draws it, worked out once per row: a row the memo keeps from one look to the next (the
    same complaint, assessment, status and kept date, under the same day, language and office days) reads the
    same."""
    if "shown" not in row.__dict__:
        object.__setattr__(row, "shown", row_json(row, a, office_days))
    return row.__dict__["shown"]


def office_day_effect(j: Jurisdiction, day: date, is_open: bool, found: Desk, lang: str) -> str:
    """What a day the office recorded changes under this procedure's law, in one sentence or two: a closure moves
    the last days that fall on it where a law carries a period past a closure; where none does (Illinois: 5 ILCS
    70/1.11), it moves nothing, and a duty whose last day it is must be done before it (the desk names them)."""
    if day.weekday() >= 5:
        return say("desk_day_weekend", lang)
    if _holiday(j, day):
        return say("desk_day_holiday", lang)
    if is_open:
        return say("desk_day_open_effect", lang)
    counting = j.counting
    if counting.closure_effect == "none":
        on_it = sorted({r.complaint.label for r in found.rows if r.deadline.due == day
                        and r.status not in (DONE_ROW, RETIRED_ROW) and j.counting_of(r.deadline.rule) is counting})
        text = say("desk_day_closed_none", lang, cite=counting.cite)
        if on_it:
            text += " " + say("desk_day_closed_none_rows", lang, labels=", ".join(on_it))
        return text
    return say("desk_day_closed_extends", lang, cite=counting.closure_cite or counting.cite)


EXPORT_REMINDER_DAYS = 7


def export_reminder(j: Jurisdiction, unexported_since: datetime | None, today: date | None, lang: str) -> str | None:
    """"Changes on this desk since … are in no export", once the oldest change no export holds is more than a week
    old (its day in the city's time zone); None otherwise."""
    if unexported_since is None or today is None:
        return None
    since = unexported_since.astimezone(zone_from_bytes(j.timezone, j.zone_data)).date()
    return say("desk_export_reminder", lang, day=since) if (today - since).days > EXPORT_REMINDER_DAYS else None


@lru_cache(maxsize=MAX_COMPLAINTS)
def _label_order(label: str) -> tuple:
    """The office's labels in its own order: "2026-EC-2" before "2026-EC-10" (numbers compared as numbers)."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.casefold())
                 for part in re.findall(r"[0-9]+|[^0-9]+", label))


def _page(items: list, page, per_page: int = PER_PAGE) -> tuple[list, dict]:
    """One page of a list, and where it is: {"page", "pages", "from" (from 1), "to", "total"}."""
    pages = max(1, -(-len(items) // per_page))
    page = min(max(page if isinstance(page, int) and not isinstance(page, bool) else 0, 0), pages - 1)
    first = page * per_page
    shown = items[first:first + per_page]
    return shown, {"page": page, "pages": pages, "from": first + 1 if shown else 0, "to": first + len(shown),
                   "total": len(items)}


def week_rows(rows: list[DeskRow], today: date | None) -> tuple[list[DeskRow], date | None, date | None, bool]:
    """What the printed week lists: every overdue duty, and those due in this calendar week (Monday to Sunday);
    when none falls in this week, those of the next. With the week's first and last day, and whether it is the
    next one."""
    if today is None:
        return [], None, None, False
    overdue = [r for r in rows if r.status == OVERDUE]
    monday, sunday = week_of(today)
    this = [r for r in rows if r.status == THIS_WEEK]
    if this:
        return overdue + this, monday, sunday, False
    monday, sunday = monday + timedelta(days=WEEK), sunday + timedelta(days=WEEK)
    return overdue + [r for r in rows if r.status == LATER and r.day <= sunday], monday, sunday, True


def desk_json(j: Jurisdiction, complaints: list[Complaint], lang: str, today: date | None,
              office_days: OfficeDays = OfficeDays(), unreadable: list[Unreadable] = (),
              unexported_since: datetime | None = None, view: dict | None = None, memo: Memo | None = None) -> dict:
    """The desk as the page draws it: rows, each complaint's own line, what the desk now keeps, each stored
    complaint that cannot be read, named, and whether to remind the office to export.

    `view` asks for one page of each list ({"page": n, "complaints_page": n, "focus": {"complaint", "duty"}}; a
    focus shows the page its row is on): a desk of 2,000 complaints is drawn 50 rows at a time, with counts, and
    `changed` holds only the complaints whose kept dates changed. Without a view, every row, every line, and every
    complaint as kept."""
    memo = memo or Memo()
    budget = view.get("budget") if view is not None else None
    budget = budget if isinstance(budget, int) and not isinstance(budget, bool) and budget > 0 else None
    found = desk(j, complaints, lang, today, office_days, memo, budget)
    pending = sum(1 for a in found.assessments.values() if a is None)
    if pending:  # some complaints not yet assessed: say how many, and draw nothing until all are
        return {"pending": pending, "total": len(complaints), "rows": [], "complaints": [], "changed": []}
    rows, lines_of = found.rows, found.complaints
    row_page = complaint_page = None
    if view is not None:
        page = view.get("page")
        focus = view.get("focus")
        if isinstance(focus, dict):
            at = next((n for n, r in enumerate(rows) if r.complaint.id == focus.get("complaint")
                       and r.deadline.id == focus.get("duty")), None)
            page = at // PER_PAGE if at is not None else page
        rows, row_page = _page(rows, page)
        ordered = sorted(found.complaints, key=lambda c: (_label_order(c.label), c.id))
        lines_of, complaint_page = _page(ordered, view.get("complaints_page"))
    lines = []
    for complaint in lines_of:
        a = found.assessments[complaint.id]
        line = {"id": complaint.id, "label": complaint.label, "standing": complaint.standing,
                "standing_text": say("desk_standing_" + complaint.standing, lang), "note": complaint.note}
        if isinstance(a, InputError):
            lines.append({**line, "status": "error", "received": None,
                          "sentence": say("desk_facts_problem", lang, problem=a.problem(lang))})
            continue
        received = a.situation.facts.received
        sentence = a.answer_sentence if complaint.standing == "open" else say("desk_not_open", lang,
                                                                               standing=line["standing_text"])
        lines.append({**line, "status": a.answer_status if complaint.standing == "open" else "nothing",
                      "sentence": sentence, "received": _iso(received),
                      "received_display": format_day(received, lang) if received else None})
    counted = Counter(r.status for r in found.rows)
    counts = {s: counted[s] for s in ROW_STATUSES}
    # the printed week (asked for when it is printed, and always without a view)
    week, monday, sunday, next_week = week_rows(found.rows, today) if view is None or view.get("week") else (
        [], None, None, False)
    shown = lambda r: _shown(r, found.assessments[r.complaint.id], office_days)
    out = {"rows": [shown(r) for r in rows], "complaints": lines, "counts": counts,
           "standings": [{"id": s, "label": say("desk_standing_" + s, lang)} for s in STANDINGS],
           "unreadable": [u.as_json(lang) for u in unreadable],
           "export_reminder": export_reminder(j, unexported_since, today, lang),
           "office_days": [{"date": d.isoformat(), "display": format_day(d, lang), "open": d in office_days.open,
                            "effect": office_day_effect(j, d, d in office_days.open, found, lang)}
                           for d in sorted(office_days.open | office_days.closed)],
           "as_of": _iso(today),
           "as_of_display": format_day(today, lang) if today else None,
           # the printed week: overdue duties and those of this calendar week (or the next, when this one has none)
           "week": {"rows": [shown(r) for r in week], "next": next_week,
                    "first_display": format_day(monday, lang) if monday else None,
                    "last_display": format_day(sunday, lang) if sunday else None}}
    if view is None:
        out["kept"] = [c.as_json() for c in found.complaints]
    else:
        out["changed"] = []
        for complaint, kept in zip(complaints, found.complaints):
            if kept.dates != complaint.dates:
                out["changed"].append(kept.as_json())
                memo.keeps(complaint, kept)
        out["page"], out["complaints_page"] = row_page, complaint_page
        out["complaints_total"] = len(found.complaints)
    return out


def desk_calendar(j: Jurisdiction, found: Desk, lang: str, stamp, reminders: Reminders) -> tuple[str | None, int]:
    """One calendar file of every dated duty still owed on the desk, each titled with its complaint's label, with
    the UID of its complaint and duty and the SEQUENCE of its moves; and how many events it holds. None if the
    desk has no such duty."""
    made, timed_years, first = [], set(), None
    kept = {c.id: c for c in found.complaints}
    for row in found.rows:
        if row.day is None or row.status in (DONE_ROW, RETIRED_ROW) or not row.deadline.due:
            continue
        a = found.assessments[row.complaint.id]
        first = first or a
        complaint = kept[row.complaint.id]
        filed = Filed(complaint.id, complaint.label, {k: v.sequence for k, v in complaint.dates.items()})
        event, years = events(a, [row.duty], stamp, filed, reminders)
        made += event
        timed_years |= years
    if first is None:
        return None, 0
    j = first.situation.j
    name = say("desk_calendar_name", lang, title=j.title, name=j.name)
    return calendar_text(first, name, made, timed_years), len(made)
