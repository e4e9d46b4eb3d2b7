"""What a person acts on: for each counted duty of one evaluation, the day at stake as of today, how sure
that day is, and what it waits on. The answers, the office's desk, the calendar files and the printout all
read this one model; none of them works out a day or a status again.

The day at stake is the safe date while it is still ahead (or today); once it has passed, the latest day the
law may still allow, with the reading that keeps it open; once that has passed too, the last day, marked
passed. For a duty counted in hours it is the day of its moment, and the moment goes with it.

How sure a duty is:

    certain   it holds under every reading
    relies    it holds only under a reading that is not confirmed (an extension, or the office closed, or
              open, on a day): describing.readings says which
    if        the duty exists only if a condition holds that is not known: a fact not given, or one the
              checker cannot test (the rule's own `condition`)
    passed    every day the law may allow has passed, and nothing recorded shows it was done
    done      done, or past being owed: the office marked it done, an event that is the act itself was
              recorded, or the procedure has moved to a later stage (see `retired`)
    waiting   it cannot be dated until an event or a fact is entered

Nothing here is worded: core/answers.py, core/desk.py and core/ics.py word it in the language asked for.
"""

from dataclasses import dataclass
from datetime import date, datetime, time

from .deadlines import Deadline
from .model import DEADLINE_ANCHOR, Jurisdiction
from .situation import Situation, as_day

CERTAIN, RELIES, IF, PASSED, DONE, WAITING = "certain", "relies", "if", "passed", "done", "waiting"
BEFORE, ON_SAFE, BETWEEN, ON_LAST, AFTER = "before", "on-safe", "between", "on-last", "after"


def position(today: date | None, safe: date, due: date) -> str:
    """Where today falls against a safe date and the code's last day (safe <= due)."""
    if today is None or today < safe:
        return BEFORE
    if today == safe:
        return ON_SAFE
    if today < due:
        return BETWEEN
    return ON_LAST if today == due else AFTER


@dataclass(frozen=True)
class Retired:
    """Why a duty is no longer owed: marked done by the office (`event` None), the act itself recorded
    (`event`, `act` True), or a later stage of the procedure reached (`event`, `act` False)."""

    day: date | None
    event: str | None = None
    act: bool = False


@dataclass(frozen=True)
class Duty:
    """One counted duty as of today."""

    deadline: Deadline
    sure: str
    day: date | None  # the day at stake (for a duty counted in hours, the day of its moment)
    moment: datetime | None  # a duty counted in hours: the moment it is due by, in the city's zone
    where: str | None  # where today falls against its dates (None while it waits)
    conditional: bool  # it exists only if a condition holds that is not known
    starts: date | None  # the day its count starts from, where that comes before it (no reminder before it)
    retired: Retired | None = None
    until: str = ""  # the day at stake is a safe date the office closes, or may close, early: act before this time
    announce_late: str | None = None  # it must announce an event's date, and is not due before it: the warning

    @property
    def id(self) -> str:
        return self.deadline.id

    @property
    def rule(self):
        return self.deadline.rule

    @property
    def acts(self) -> tuple[str, ...]:
        return self.deadline.people.acts

    @property
    def concerns(self) -> tuple[str, ...]:
        return self.deadline.people.concerns

    @property
    def untestable(self) -> bool:
        """It exists only under the rule's own condition, which no fact the checker asks for can settle."""
        return self.conditional and self.deadline.applies == "yes"

    @property
    def open_only(self) -> bool:
        """Its later last day holds only if the office is open on that very day: no law moves it past a
        closure, so a closure there leaves no later day."""
        d = self.deadline
        return bool(d.due and d.uncertain) and all(u.day == d.due for u in d.uncertain) and d.due == d.nominal


def stake(d: Deadline, today: date | None) -> tuple[str, date | None, str | None]:
    """(how sure, the day at stake, where today falls) for a deadline's dates, before any condition or record."""
    if d.due is None:  # waiting on a fact; where one limit is known, its day is the latest the duty can be
        known = [limit.safe for limit in d.limits or () if limit.safe]
        if not (d.no_later_than and known):
            return WAITING, None, None
        where = position(today, min(known), d.no_later_than)
        if where == AFTER:  # the known limit has passed: whatever the other turns out to be
            return PASSED, d.no_later_than, where
        return WAITING, min(known) if where in (BEFORE, ON_SAFE) else d.no_later_than, where
    where = position(today, d.safe, d.due)
    if where in (BEFORE, ON_SAFE):
        return CERTAIN, d.safe, where
    return (RELIES if where in (BETWEEN, ON_LAST) else PASSED), d.due, where


def is_conditional(d: Deadline) -> bool:
    """Whether a duty exists only if something not known holds: a fact not given decides it, or the rule has
    a condition of its own that no fact settles ("Only if the complaint is found sufficient …")."""
    rule = d.rule
    return d.applies == "unknown" or bool(rule.condition and not (rule.applies_when or rule.applies_unless))


class Stages:
    """Where each rule and each event comes in the procedure's stages, in the order the file declares them.
    An event belongs to the earliest stage of the rules counted from it or opened by it."""

    @classmethod
    def of(cls, j: Jurisdiction) -> "Stages":
        """A procedure's stages, worked out once per procedure read (every assessment asks)."""
        if "_stages" not in j.__dict__:
            j.__dict__["_stages"] = cls(j)
        return j.__dict__["_stages"]

    def __init__(self, j: Jurisdiction):
        stages = [r for r in (j.versions(rid)[-1] for rid in j.rule_ids()) if r.kind == "stage"]
        self.of_rule = {member: n for n, stage in enumerate(stages) for member in stage.stage_rules}
        self.of_event: dict[str, int] = {}
        for rule_id, stage in self.of_rule.items():
            versions = j.versions(rule_id)
            if not versions:
                continue
            rule = versions[-1]
            for anchor in [c.anchor for c in rule.counts] + [rule.opens]:
                if anchor and j.event(anchor):
                    self.of_event[anchor] = min(self.of_event.get(anchor, stage), stage)


def retirement(s: Situation, stages: Stages, d: Deadline, done: dict[str, date]) -> Retired | None:
    """Why a duty is no longer owed, if it is not: marked done, its act recorded, or a later stage reached.
    An event counts once it has happened, on or before today; with no today, only the office's marks count."""
    if d.id in done:
        return Retired(done[d.id])
    if s.today is None:  # what has happened is known only as of a day
        return None
    happened = {e: as_day(v) for e, v in s.facts.events.items() if as_day(v) <= s.today}
    act = d.rule.done_when
    if act and act in happened:
        return Retired(happened[act], act, True)
    mine = stages.of_rule.get(d.id)
    if mine is None:
        return None
    later = [(day, e) for e, day in happened.items() if stages.of_event.get(e, -1) > mine]
    if later:
        day, event = min(later)
        return Retired(day, event)
    return None


def start_of(s: Situation, deadlines: dict[str, Deadline], d: Deadline) -> date | None:
    """The day a duty's count starts from (for a chain, the start of the duty it runs from): no reminder of it
    comes before. None for a period counted back from a later event, which starts when that event is set."""
    if d.chosen is None:
        return None
    count = d.rule.counts[d.chosen]
    if count.period.direction != "after":
        return None
    if count.anchor.startswith(DEADLINE_ANCHOR):
        other = deadlines.get(count.anchor.removeprefix(DEADLINE_ANCHOR))
        return start_of(s, deadlines, other) if other else None
    return as_day(s.facts.get(count.anchor))


@dataclass(frozen=True)
class Guidance:
    """Every counted duty of one evaluation, as of its day, in the procedure's order."""

    duties: dict[str, Duty]

    def of(self, person: str) -> list[Duty]:
        """The duties this person must act on, by their day at stake (an earlier moment, or last day, first;
        those with no day last, in file order)."""
        mine = [u for u in self.duties.values() if person in u.acts]
        return sorted(mine, key=lambda u: (u.day is None, u.day or date.max, u.moment is None,
                                           u.moment.timestamp() if u.moment else 0, u.deadline.due or date.max))


def guidance(s: Situation, deadlines: dict[str, Deadline], done: dict[str, date] | None = None,
             conflicts=()) -> Guidance:
    """Each deadline as a duty as of `s.today`; `done` is what the office marked done (duty id -> day), and
    `conflicts` (core/conflicts.py) flag a notice that is not due before the event it must announce."""
    stages, done = Stages.of(s.j), done or {}
    late_notices = {c.rule: c.message for c in conflicts if c.kind == "announce-late"}
    duties = {}
    for d in deadlines.values():
        sure, day, where = stake(d, s.today)
        conditional = is_conditional(d)
        retired = retirement(s, stages, d, done)
        if retired:
            sure = DONE
        elif conditional and sure in (CERTAIN, RELIES):
            sure = IF
        until = d.safe_until if where in (BEFORE, ON_SAFE) and day == d.safe else ""
        moment = d.due_at
        if d.ends_at:  # a period that ends at a time of its last day: that time on the day at stake
            moment = datetime.combine(day, time.fromisoformat(min(d.ends_at, until or d.ends_at)),
                                      tzinfo=d.due_at.tzinfo) if day else None
            until = ""
        duties[d.id] = Duty(d, sure, day, moment, where, conditional, start_of(s, deadlines, d), retired=retired,
                            until=until, announce_late=late_notices.get(d.id))
    return Guidance(duties)
