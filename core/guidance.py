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

Beside the counted duties, the duties and steps the text gives without a period ("When the complaint is filed
… the city clerk shall …"): each is live while the procedure is at its stage (the complaint received, no later
stage recorded), so that an answer never says "nothing is due" over them.

Nothing here is worded: core/answers.py, core/desk.py and core/ics.py word it in the language asked for.
"""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from .audience import People, people
from .business_calendar import OutsideCalendar
from .deadlines import Deadline
from .describing import anchor_words, condition_text
from .model import DEADLINE_ANCHOR, Jurisdiction, Rule
from .situation import Situation, Version, as_day

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
    before_opening: bool = False  # today (or no day given) comes before the first day it may be done
    open_today: str = ""  # today may be a closure (this one), after the safe date but within the period under
    # every reading: if the office is open today, acting today holds

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
        self.separate = frozenset(n for n, stage in enumerate(stages) if stage.separate)
        self.of_event: dict[str, int] = {}
        for rule_id, stage in self.of_rule.items():
            versions = j.versions(rule_id)
            if not versions:
                continue
            rule = versions[-1]
            for anchor in [c.anchor for c in rule.counts] + [rule.opens]:
                if anchor and j.event(anchor):
                    self.of_event[anchor] = min(self.of_event.get(anchor, stage), stage)

    def later(self, event: str, stage: int) -> bool:
        """Whether an event belongs to a later stage of the complaint than `stage`. A separate stage is a track of its
        own: its events retire nothing of the complaint's stages, and no stage's events retire its rules."""
        other = self.of_event.get(event)
        return other is not None and other > stage and stage not in self.separate and other not in self.separate


def happened(s: Situation) -> dict[str, date]:
    """The events that have happened, by id: each recorded one on or before today; with no today, each recorded
    one (a date entered for an event is taken as the day it happened)."""
    return {e: as_day(v) for e, v in s.facts.events.items() if s.today is None or as_day(v) <= s.today}


def retirement(s: Situation, stages: Stages, d: Deadline, done: dict[str, date]) -> Retired | None:
    """Why a duty is no longer owed, if it is not: marked done, its act recorded, or a later stage reached.
    An event counts once it has happened (see `happened`)."""
    if d.id in done:
        return Retired(done[d.id])
    happened_on = happened(s)
    act = d.rule.done_when
    if act and act in happened_on:
        return Retired(happened_on[act], act, True)
    mine = stages.of_rule.get(d.id)
    if mine is None:
        return None
    later = [(day, e) for e, day in happened_on.items() if stages.later(e, mine)]
    if later:
        day, event = min(later)
        return Retired(day, event)
    return None


def start_of(s: Situation, deadlines: dict[str, Deadline], d: Deadline) -> date | None:
    """The day a duty's count starts from (for a chain, the start of the duty it runs from), or the first day it may
    be done ("not earlier than …") where that is later: no reminder of it comes before. None for a period counted
    back from a later event, which starts when that event is set."""
    start = _count_start(s, deadlines, d)
    if d.opens_on and (start is None or d.opens_on > start):
        return d.opens_on
    return start


def _count_start(s: Situation, deadlines: dict[str, Deadline], d: Deadline) -> date | None:
    if d.chosen is None:
        return None
    count = d.rule.counts[d.chosen]
    if count.period.direction != "after":
        return None
    if count.anchor.startswith(DEADLINE_ANCHOR):
        other = deadlines.get(count.anchor.removeprefix(DEADLINE_ANCHOR))
        return _count_start(s, deadlines, other) if other else None
    return as_day(s.facts.get(count.anchor))


@dataclass(frozen=True)
class Undated:
    """A duty ("shall") or a step a person may take ("may") that the text gives with no period, upon a fact or an
    event ("When the complaint is filed … the city clerk shall"): live once that has happened, until a later stage
    of the procedure is recorded."""

    rule: Rule
    acts: tuple[str, ...]
    live: bool  # what calls for it has happened, and no later stage is recorded
    conditional: bool  # it applies only if something not known holds

    @property
    def may(self) -> bool:
        return self.rule.kind == "option"


UNDATED_KINDS = ("action", "option")


def undated(s: Situation, stages: Stages) -> tuple[Undated, ...]:
    """Each action or option in force that the text calls for upon a fact or event (`upon`), with whether it is
    live now: that fact or event has come (on or before today), its own act (`done_when`) is not recorded, and no
    event of a later stage than the rule's is."""
    events, found = happened(s), []
    for rule_id in s.j.rule_ids():
        rule = s.in_force(rule_id).rule
        if rule is None or rule.kind not in UNDATED_KINDS or not rule.upon or s.applies(rule) == "no":
            continue
        came = rule.upon in events if s.j.event(rule.upon) else (
            s.facts.get(rule.upon) is not None and (s.today is None or as_day(s.facts.get(rule.upon)) <= s.today))
        stage = stages.of_rule.get(rule_id)
        behind = stage is not None and any(stages.later(e, stage) for e in events)
        done = rule.done_when in events  # its own act is recorded ("The City Attorney received the complaint")
        conditional = s.applies(rule) == "unknown" or bool(rule.condition)
        found.append(Undated(rule, people(s.sides, rule.actor, rule.notifies).acts, came and not behind and not done,
                             conditional))
    return tuple(found)


@dataclass(frozen=True)
class Guidance:
    """Every counted duty of one evaluation, as of its day, in the procedure's order; and the duties and steps
    the text gives with no period."""

    duties: dict[str, Duty]
    undated: tuple[Undated, ...] = ()

    def undated_of(self, person: str) -> list[Undated]:
        """What the text gives this person now with no period: duties, then steps they may take."""
        return sorted((u for u in self.undated if person in u.acts and u.live), key=lambda u: u.may)

    def concerning(self, person: str) -> list[Duty]:
        """The dated duties that concern this person and that others take (the office's notice to the respondent,
        its ruling), still ahead as of today and owed whatever the facts not given turn out to be, by their day at
        stake: the procedure's next steps for a person who has nothing to do. A limit counted from the violation
        (five years to seek a penalty) bounds the procedure and is no step of it."""
        theirs = [u for u in self.duties.values() if person in u.concerns and person not in u.acts
                  and u.rule.kind != "filing" and u.day and u.sure in (CERTAIN, RELIES)
                  and not any(c.anchor == "violation_date" for c in u.rule.counts)]
        return sorted(theirs, key=lambda u: (u.day, u.moment is None, u.moment.timestamp() if u.moment else 0))

    def of(self, person: str) -> list[Duty]:
        """The duties this person must act on, by their day at stake (an earlier moment, or last day, first;
        those with no day last, in file order)."""
        mine = [u for u in self.duties.values() if person in u.acts]
        return sorted(mine, key=lambda u: (u.day is None, u.day or date.max, u.moment is None,
                                           u.moment.timestamp() if u.moment else 0, u.deadline.due or date.max))


def possible_closure_today(s: Situation, d: Deadline) -> str:
    """The name of the closure today may be, where today is not after the day the deadline holds to under every
    reading (and so acting today holds if the office opens); "" otherwise."""
    today, calendar = s.today, s.j.calendar
    if today is None or not d.certain or today > d.certain or not calendar.covers(today) \
            or not calendar.unconfirmed_only(today):
        return ""
    return next(c.label for c in calendar.closed_days(today) if not c.confirmed)


def reminder_days(calendar, duty: Duty, days: tuple[int, ...]) -> list[date]:
    """The days of a duty's reminders, latest last: each so many business days before its day (0: that day, or
    the last day the office is open before it), never on a day the office is or may be closed, and never
    before the day the duty's count starts from (one that would be earlier comes on the first open day from
    then, if that is still on or before the duty's day). Outside the calendar's years, weekdays only."""
    def is_open(day: date) -> bool:
        try:
            return calendar.is_business_day(day)
        except OutsideCalendar:
            return day.weekday() < 5

    def before(day: date) -> date:  # the last open day before `day`
        day -= timedelta(days=1)
        while not is_open(day):
            day -= timedelta(days=1)
        return day

    def open_from(day: date) -> date:  # the first open day on or after `day`
        while not is_open(day):
            day += timedelta(days=1)
        return day

    found = []
    for n in days:
        day = duty.day if is_open(duty.day) else before(duty.day)
        for _ in range(n):
            day = before(day)
        if duty.starts and day < duty.starts:
            day = open_from(duty.starts)
        if day <= duty.day and day not in found:
            found.append(day)
    return sorted(found)


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
                            until=until, announce_late=late_notices.get(d.id),
                            before_opening=bool(d.opens_on and (s.today is None or s.today < d.opens_on)),
                            open_today=possible_closure_today(s, d))
    return Guidance(duties, undated(s, stages))

# --- the filing and the windows as of today ------------------------------------------------------------------

@dataclass(frozen=True)
class Filing:
    """Whether the complaint is (or would be) on time, under which reading, and where the day received falls."""

    rule: str
    deadline: Deadline | None
    received: date | None
    status: str  # "timely", "late", "not-permitted" or "unknown": as of the day received (or planned)
    certainty: str | None  # "certain", "relies" or "late" once there is a status
    relies_on_extension: bool
    planned: bool  # the day received is after today: a day the person plans to file
    no_limit: bool = False  # the code sets no time limit for filing: any day received is on time
    received_today: bool = False  # received on the day asked about
    plan: str = ""  # a planned day: "on-time", "on-time-if-open" (within the period under every reading, on a day the
    # office may be closed), "relies", "relies-on-last" (the last day itself), "late", "too-early" (before the first
    # day anyone may file) or "closed" (a day no one may file); "" when none is planned
    limits_passed: tuple[str, ...] = ()  # deadlines counted from the violation whose last day came before receipt


def filing(situation: Situation, deadlines: dict[str, Deadline]) -> Filing:
    rule_id = next(r.id for r in situation.j.rules if r.kind == "filing")
    deadline = deadlines.get(rule_id)
    received, today = situation.facts.received, situation.today
    planned = bool(received and today and received > today)
    limits = tuple(d.id for d in deadlines.values() if received and d.due and d.due < received
                   and any(c.anchor == "violation_date" for c in d.rule.counts))
    rule = situation.in_force(rule_id).rule
    if rule is not None and rule.no_limit:  # no last day: a complaint is on time whenever it is received
        return Filing(rule_id, None, received, "timely" if received else "unknown", "certain" if received else None,
                      False, planned, no_limit=True, received_today=bool(received and received == today),
                      limits_passed=limits)
    status, relies, certainty = "unknown", False, None
    if deadline and received:
        if deadline.due and received > deadline.due and deadline.later_if:
            pass  # after the last day known so far, but a limit not known yet may be later: not known
        elif deadline.due:
            status = "timely" if received <= deadline.due else "late"
            relies = deadline.nominal < received <= deadline.due
            certainty = "late" if status == "late" else ("relies" if received > deadline.certain else "certain")
        elif deadline.no_later_than and received > deadline.no_later_than:
            status, certainty = "late", "late"  # late whatever the missing limit turns out to be
    too_early = bool(deadline and received and deadline.opens_on and received < deadline.opens_on)
    closed = bool(deadline and received and deadline.closed and deadline.closed[0] <= received <= deadline.closed[1])
    if closed or too_early:
        status, certainty, relies = "not-permitted", "late", False  # a day the code lets no one file
    plan = ""
    if planned and deadline and deadline.due:
        calendar = situation.j.calendar
        maybe_closed = calendar.covers(received) and calendar.unconfirmed_only(received)
        plan = ("too-early" if too_early else "closed" if closed else "on-time" if received <= deadline.safe
                else "relies-on-last" if received == deadline.due
                else "on-time-if-open" if received <= deadline.certain and maybe_closed
                else "relies" if received < deadline.due else "late")
    return Filing(rule_id, deadline, received, status, certainty, relies, planned,
                  received_today=bool(received and received == today), plan=plan, limits_passed=limits)


@dataclass(frozen=True)
class Window:
    """A period in which someone may act, from one event until another."""

    rule: Rule
    version: Version
    people: People
    status: str  # "open", "closed", "upcoming" (opens after today) or "waiting" (its opening is not known)
    opened: date | None
    closed: date | None
    applies: str
    condition: str | None
    opens_label: str
    closes_label: str
    closes_by: date = date.max  # the last day it can be counted on: its closing, or today if it may close unannounced

    @property
    def id(self) -> str:
        return self.rule.id

    @property
    def waiting_on(self) -> str | None:
        return self.rule.opens if self.status == "waiting" else None

    @property
    def waiting_label(self) -> str | None:
        return self.opens_label if self.status == "waiting" else None


def window(situation: Situation, deadlines: dict[str, Deadline], rule: Rule, version: Version) -> Window:
    def value(anchor: str):
        if anchor.startswith("deadline:"):
            found = deadlines.get(anchor.removeprefix("deadline:"))
            return found.due if found else None
        return situation.facts.get(anchor)

    j, lang, today = situation.j, situation.lang, situation.today
    opened, closed = as_day(value(rule.opens)), as_day(value(rule.closes))
    if closed is not None and (today is None or closed <= today):
        status = "closed"
    elif opened is not None:
        status = "open" if today is None or opened <= today else "upcoming"
    else:
        status = "waiting"
    closes_by = (today or date.min) if rule.closes_when else (closed or date.max)
    return Window(rule, version, people(situation.sides, rule.actor, rule.notifies), status, opened, closed,
                  situation.applies(rule), condition_text(j, rule, lang),
                  anchor_words(j, rule.opens, lang), anchor_words(j, rule.closes, lang), closes_by)
