"""Each counted rule's dates for the facts given: the last day under the stated reading, the last
day that holds under every reading, the safe date, and what an office that may close would change.

Where the calendar is uncertain (a closure that is only a reading), a deadline is worked out
under the stated reading, with each such day open, and with all of them open. The reading's
date is `due`, the latest day that holds under every reading is `certain`, a day certainly open
on or before it is `safe`, and `uncertain` lists the days that moved it.
"""

from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta

from .audience import People, people
from .business_calendar import OutsideCalendar
from .counting import (BUSINESS_UNITS, CALENDAR_UNITS, Amount, Counted, Step, TimeOfDay, count_business_days,
                       count_days, count_hours, earlier_safe, safe_date)
from .describing import BUSINESS_DAYS, Anchor, Condition, Prompt, When, anchor_words, condition_text, counting_rule
from .facts import InputError
from .model import BUILTIN_DATE_FACTS, COUNTED_KINDS, DEADLINE_ANCHOR, Count, Rule
from .situation import InForce, Situation, Version, as_day

NOTHING_OPEN = frozenset()


@dataclass(frozen=True)
class LimitDates:
    """One limit of a rule with several ("whichever is earlier")."""

    anchor: str
    nominal: date | None
    due: date | None
    safe: date | None


@dataclass(frozen=True)
class UncertainDay:
    """An unconfirmed closure that moved a last day, and the last day if the office is open then."""

    day: date
    name: str
    reason: str
    due_if_open: date | None


@dataclass(frozen=True)
class Deadline:
    """A counted rule's dates, with how they were counted and what they rest on."""

    rule: Rule
    version: Version
    people: People
    applies: str  # "yes" or "unknown": a rule that does not apply has no deadline
    condition: str | None
    due: date | None  # None while a start is unknown
    nominal: date | None
    certain: date | None
    safe: date | None
    due_at: datetime | None  # for a period in hours: the moment, in the city's zone
    no_later_than: date | None  # while another limit's start is unknown: the known limit's last day
    limits: tuple[LimitDates, ...] | None
    uncertain: tuple[UncertainDay, ...]
    waiting_on: str | None
    waiting_label: str | None
    waiting_message: Step | None
    waiting_for: tuple[str, ...]  # the facts or events to enter for a date (through any deadline it waits on)
    waiting_prompt: Step | None  # what the person can enter to see the date
    steps: tuple[Step, ...]  # how it was counted, worded by core/describing.py (explain)
    assumptions: tuple  # what it rests on: steps, and the procedure's own notes (text)
    chosen: int | None = None  # which of the rule's counts gives the date
    ended_early: bool = False  # an event ended the period before its count did
    safe_until: str = ""  # the safe date is a day the office closes, or may close, early: act before this time
    earliest_end: date | None = None  # a period with a shortest length (at_least): the earliest day it may end
    closed: tuple[date, date] | None = None  # the first and last day no complaint may be filed (closed_before)
    closed_unknown: tuple[str, ...] = ()  # the date those days are counted back from, while it is not given
    later_if: tuple[str, ...] = ()  # the latest limit applies, and these facts, not given, may bring a later one
    ends_at: str = ""  # "16:30": the period ends at this time of its last day; `due_at` is then that moment

    @property
    def safe_at(self) -> datetime | None:
        """The safe moment: for a period in hours, its moment; for one that ends at a time of day, that time on the
        safe date (earlier, where the office closes, or may close, earlier that day)."""
        if self.ends_at and self.safe:
            until = min(self.ends_at, self.safe_until or self.ends_at)
            return datetime.combine(self.safe, time.fromisoformat(until), tzinfo=self.due_at.tzinfo)
        return self.due_at
    days_added_reading: int = 0  # days added to the period under a reading only (service by mail, 11 CFR 111.2)
    opens_on: date | None = None  # the first day it may be done ("not earlier than …"), where the rule sets one

    @property
    def id(self) -> str:
        return self.rule.id


@dataclass
class _Dated:
    """A deadline's dates under one view of the calendar (some unconfirmed closures taken as open)."""

    limits: list  # per limit: Counted, or None while its start is unknown
    chosen: Counted | None = None
    certain: date | None = None
    safe: date | None = None
    safe_until: str = ""
    uncertain: frozenset = NOTHING_OPEN
    missing: list = field(default_factory=list)
    chain_steps: list = field(default_factory=list)
    ended_early: date | None = None  # the last day, when an event ended the period before its count did
    latest: bool = False  # the latest limit applies: one not known yet can only bring a later day

    @property
    def due(self) -> date | None:
        """The last day under the stated reading; None while a limit's start is unknown (unless the latest limit
        applies: then the known ones give a last day that holds whichever way the others turn out)."""
        if not self.chosen or (self.missing and not self.latest):
            return None
        return self.ended_early or self.chosen.due


class Deadlines:
    """Counts each rule once per view of the calendar, for one evaluation."""

    def __init__(self, situation: Situation):
        self.s, self.j, self.lang = situation, situation.j, situation.lang
        self._dated: dict[tuple, _Dated | None] = {}
        self._assumptions: dict[str, list] = {}

    def anchor_value(self, name: str, open_days=NOTHING_OPEN):
        """The date (or local date-time) an anchor stands for, or None while unknown."""
        if name.startswith(DEADLINE_ANCHOR):
            dated = self.dated(name.removeprefix(DEADLINE_ANCHOR), open_days)
            return dated.due if dated else None
        return self.s.facts.get(name)

    def dated(self, rule_id: str, open_days=NOTHING_OPEN) -> _Dated | None:
        """A counted rule's dates with `open_days` taken as open, or None if it is not in force or does not apply."""
        key = (rule_id, open_days)
        if key not in self._dated:
            self._dated[key] = None  # a cycle is refused by the reader; this guards the recursion anyway
            self._dated[key] = self._count_rule(rule_id, open_days)
        return self._dated[key]

    def _count_rule(self, rule_id: str, open_days) -> _Dated | None:
        rule = self.s.in_force(rule_id).rule
        if rule is None or self.s.applies(rule) == "no":
            return None
        calendar = self.j.calendar.assume_open(open_days) if open_days else self.j.calendar
        result = _Dated(limits=[], latest=rule.latest)
        assumptions = self._assumptions.setdefault(rule_id, []) if not open_days else []
        added = self.added_days(rule)
        for count in rule.counts:
            plain = count
            if added:  # "three days shall be added to the prescribed period"
                count = longer(count, added)
            start = self.anchor_value(count.anchor, open_days)
            if start is None:
                result.missing.append(count.anchor)
                result.limits.append(None)
                continue
            counted = self._count(rule, count, start, calendar, assumptions)
            certain, safe, uncertain = counted.certain, (counted.safe, counted.safe_until), set(counted.uncertain)
            if added and rule.add_days_assumed:
                # The days are added only under a reading: what holds under every reading is the period without them.
                strict = self._count(rule, plain, start, calendar, [])
                certain, safe = min(certain, strict.certain), earlier_safe(safe, (strict.safe, strict.safe_until))
            if count.anchor.startswith(DEADLINE_ANCHOR):
                # A period that runs from the end of another runs, under the strictest reading, from that one's
                # earliest possible end (no extension, every unconfirmed closure open): what holds under every
                # combination of readings is the earlier of the two counts, and never earlier than that.
                other = self.dated(count.anchor.removeprefix(DEADLINE_ANCHOR), open_days)
                uncertain |= other.uncertain
                if other.certain < as_day(start):
                    earliest = self._count(rule, count, other.certain, calendar, [])
                    certain = min(certain, earliest.certain)
                    safe = earlier_safe(safe, (earliest.safe, earliest.safe_until))
                    if not open_days:
                        result.chain_steps.append(Step.of("safe_from_chain", title=Anchor(count.anchor),
                                                          other_earliest=other.certain, other_due=as_day(start),
                                                          safe=safe[0]))
            result.limits.append(counted)
            if rule.latest and count.reading:  # a limit that holds only under a reading: never what holds under all
                result.uncertain |= uncertain
                continue
            if rule.latest:  # the later limit applies: what holds under every reading is the latest that holds
                if result.certain is None or certain > result.certain:
                    result.certain, (result.safe, result.safe_until) = certain, safe
                elif certain == result.certain and safe[0] > result.safe:
                    result.safe, result.safe_until = safe
            else:
                result.certain = certain if result.certain is None else min(result.certain, certain)
                result.safe, result.safe_until = safe if result.safe is None else earlier_safe(
                    (result.safe, result.safe_until), safe)
            result.uncertain |= uncertain
        known = [c for c in result.limits if c is not None]
        if known:
            result.chosen = (max if rule.latest else min)(known, key=lambda c: (c.due_at or c.due, c.nominal))
        closed = self.closed(rule) if rule.kind == "filing" else None  # another act's bar moves no last day
        if closed and result.chosen and result.due:
            # No complaint may be filed from `first` to `last`: a last day (or the day that holds under every
            # reading) in that time moves back to the day before it; so does a safe date.
            first, last = closed
            if first <= result.due <= last:
                result.ended_early = first - timedelta(days=1)
            if first <= result.certain <= last:
                result.certain = first - timedelta(days=1)
            if first <= result.safe <= last or result.safe > result.certain:
                result.safe, result.safe_until = safe_date(min(result.certain, first - timedelta(days=1)), calendar)
        ended = self.anchor_value(rule.ends_early_on, open_days) if rule.ends_early_on else None
        if ended is not None and result.chosen and not result.missing and as_day(ended) <= result.chosen.due:
            # The period ends when the event comes: its last day is the day before.
            last = as_day(ended) - timedelta(days=1)
            result.ended_early = last
            result.certain = min(result.certain, last)
            result.safe, result.safe_until = earlier_safe((result.safe, result.safe_until), safe_date(last, calendar))
        return result

    def closed(self, rule: Rule) -> tuple[date, date] | None:
        """The first and last day no complaint may be filed (before an election), where the rule has such days and
        their date is known."""
        other = self.anchor_value(rule.closed_before) if rule.closed_before else None
        if other is None:
            return None
        return as_day(other) - timedelta(days=rule.closed_days), as_day(other) - timedelta(days=1)

    def added_days(self, rule: Rule) -> int:
        """The days added to the rule's period: only once its condition is known to hold. While it is not known,
        none are added, so the dates hold whichever way it turns out."""
        if rule.add_days and self.s.all_hold(rule.add_days_when) == "yes":
            return rule.add_days
        return 0

    def missing(self, anchor: str) -> list[str]:
        """The facts or events to enter before a period from `anchor` can be counted: the anchor itself, or
        for a deadline, what that deadline waits on. Empty when it is a deadline that does not apply."""
        if not anchor.startswith(DEADLINE_ANCHOR):
            return [anchor]
        dated = self.dated(anchor.removeprefix(DEADLINE_ANCHOR))
        return [name for other in (dated.missing if dated else []) for name in self.missing(other)]

    @staticmethod
    def waiting_prompt(anchor: str, facts: list[str]) -> Step:
        if not facts:
            return Step.of("waiting_never", label=Anchor(anchor))
        key = "waiting_on_deadline" if anchor.startswith(DEADLINE_ANCHOR) else "waiting_enter"
        return Step.of(key, label=Anchor(anchor), prompt=Prompt(tuple(facts)))

    def _count(self, rule: Rule, count: Count, start, calendar, assumptions: list) -> Counted:
        period, counting = count.period, self.j.counting_of(rule)
        anchor = Anchor(count.anchor)
        try:
            if period.unit == "hours":
                return count_hours(self.s.localize(count.anchor, start, assumptions), period, anchor=anchor)
            # Where office closures have no effect in law, periods are counted in the law's calendar
            # (weekends and holidays) and the office's decides only the safe date.
            law = calendar.holidays_only() if counting.closure_effect == "none" else calendar
            if period.unit in BUSINESS_UNITS:
                return count_business_days(as_day(start), period, law, anchor=anchor, office=calendar)
            roll = period.roll or (counting.roll if period.direction == "after" else "backward")
            return count_days(as_day(start), period, law, anchor=anchor, roll=roll,
                              rule=counting.roll_rule, office=calendar)
        except OutsideCalendar as err:
            field_name = count.anchor if count.anchor in BUILTIN_DATE_FACTS else f"events.{count.anchor}"
            raise InputError(field_name, "outside_calendar", value=as_day(start), day=err.day,
                             first=self.j.calendar.first_year, last=self.j.calendar.last_year) from None

    def deadline(self, rule_id: str, in_force: InForce) -> Deadline | None:
        """The rule's deadline with its steps and assumptions, or None if it does not apply."""
        rule, lang = in_force.rule, self.lang
        dated = self.dated(rule_id)
        if dated is None:
            return None
        applies = self.s.applies(rule)
        assumptions = [rule.note] if rule.note else []
        if in_force.assumption:
            assumptions.append(in_force.assumption)
        if applies == "unknown":
            assumptions.append(Step.of("assume_condition_unknown", condition=Condition(rule)))

        several = len(rule.counts) > 1
        steps, limits = [], []
        if rule.add_days:
            holds = self.s.all_hold(rule.add_days_when)
            if holds == "yes":
                period = rule.counts[0].period
                steps.append(Step.of("days_added_reading" if rule.add_days_assumed else "days_added",
                                     when=When(rule.add_days_when), days=rule.add_days,
                                     amount=Amount(period.amount, period.unit),
                                     total=Amount(period.amount + rule.add_days, period.unit)))
                if rule.add_days_assumed:
                    assumptions.append(Step.of("assume_days_added", days=rule.add_days, when=When(rule.add_days_when),
                                               reading=rule.add_days_reading))
            elif holds == "unknown" and dated.chosen and not dated.missing:
                count = rule.counts[dated.limits.index(dated.chosen)]
                start = self.anchor_value(count.anchor)
                due_if = self._count(rule, longer(count, rule.add_days), start, self.j.calendar, []).due
                assumptions.append(Step.of("days_added_if", when=When(rule.add_days_when), days=rule.add_days,
                                           due=due_if))
        for i, (count, counted) in enumerate(zip(rule.counts, dated.limits), 1):
            if several:
                steps.append(Step.of("limit", i=i))
            if counted is None:
                steps.append(Step.of("limit_waiting" if several else "waiting", i=i, anchor=Anchor(count.anchor)))
            else:
                steps.extend(counted.steps)
            limits.append(LimitDates(count.anchor, counted.nominal if counted else None,
                                     counted.due if counted else None, counted.safe if counted else None))
        steps.extend(dated.chain_steps)
        if rule.ends_early_on:
            event = Anchor(rule.ends_early_on)
            if dated.ended_early:
                steps.append(Step.of("ended_early", event=event, day=dated.ended_early + timedelta(days=1),
                                     due=dated.ended_early))
                if rule.ends_early_when:  # the event only reports the act that ends it, which may come first
                    assumptions.append(Step.of("ended_early_unannounced", when=rule.ends_early_when,
                                               day=dated.ended_early + timedelta(days=1)))
            else:
                assumptions.append(Step.of("may_end_early", event=event) if not rule.ends_early_when
                                   else Step.of("may_end_early_unannounced", when=rule.ends_early_when, event=event))
        assumptions.extend(self._assumptions.get(rule_id, []))
        chosen, waiting = dated.chosen, dated.missing[0] if dated.missing else None
        if several and chosen and not dated.missing:
            steps.append(Step.of("latest" if rule.latest else "earliest", i=dated.limits.index(chosen) + 1,
                                 due=chosen.due))
            reading = rule.counts[dated.limits.index(chosen)].reading
            if reading:
                steps.append(Step.of("latest_reading", i=dated.limits.index(chosen) + 1, when=reading,
                                     certain=dated.certain))
        if several and not rule.latest and not self.closed(rule) and dated.safe and chosen and dated.safe < chosen.safe:
            steps.append(Step.of("safe_from_other_limit", safe=dated.safe))
        waiting_message, later_if = None, ()
        if chosen and dated.missing and rule.latest:
            # A limit not known yet can only bring a later day: the known ones hold whichever way it goes.
            later_if = tuple(name for anchor in dated.missing for name in self.missing(anchor))
            steps.append(Step.of("latest_known", i=dated.limits.index(chosen) + 1, due=chosen.due))
            assumptions.append(Step.of("waiting_limit_may_be_later", anchor=Anchor(dated.missing[0]),
                                       bound=dated.due))
            waiting = None
        elif chosen and dated.missing:
            waiting_message = Step.of("waiting_limit_may_be_earlier", anchor=Anchor(waiting), bound=chosen.due)
            assumptions.append(waiting_message)
        for unit in dict.fromkeys(c.period.unit for c in rule.counts):
            if unit in CALENDAR_UNITS and chosen and chosen.extended:
                assumptions.append(counting_rule(rule))
            elif unit in BUSINESS_UNITS:
                assumptions.append(BUSINESS_DAYS)

        uncertain = []
        if dated.due:
            for day in sorted(dated.uncertain):
                alternative = self.dated(rule_id, frozenset({day}))
                closed = next(c for c in self.j.calendar.closed_days(day) if not c.confirmed)
                due_if_open = alternative.due if alternative else None
                uncertain.append(UncertainDay(day, closed.label, closed.basis, due_if_open))
                if due_if_open and due_if_open != dated.due:
                    steps.append(Step.of("if_open", day=day, name=closed.label, due=due_if_open))
            assumptions.extend(dict.fromkeys(u.reason for u in uncertain))
        waiting_for = [] if later_if else [name for anchor in dated.missing for name in self.missing(anchor)]
        closed, closed_unknown = self.closed(rule), False
        if rule.closed_before and dated.due and rule.kind != "filing":
            # The act may not be taken in the days before the date (no adjudication before an election): the days
            # are said, and a last day among them is flagged; nothing else is barred, filing least of all.
            if closed:
                steps.append(Step.of("barred_before", days=rule.closed_days, date=Anchor(rule.closed_before),
                                     first=closed[0], last=closed[1]))
                if closed[0] <= dated.due <= closed[1]:
                    assumptions.append(Step.of("barred_last_day", due=dated.due, first=closed[0], last=closed[1]))
            else:
                assumptions.append(Step.of("barred_before_unknown", days=rule.closed_days,
                                           date=Anchor(rule.closed_before)))
            closed = None
        elif rule.closed_before and dated.due:
            if closed:
                first, last = closed
                steps.append(Step.of("closed_before", days=rule.closed_days, date=Anchor(rule.closed_before),
                                     first=first, last=last))
                if dated.ended_early:
                    steps.append(Step.of("closed_before_moved", first=first, due=dated.due))
            else:
                closed_unknown = True
                assumptions.append(Step.of("closed_before_unknown", days=rule.closed_days,
                                           date=Anchor(rule.closed_before)))
        earliest_end = None
        if rule.at_least and dated.due:
            count = rule.counts[0]
            # the shortest period is counted as the longest is: the same start, the same moving off closed days
            earliest_end = self._count(rule, replace(count, period=rule.at_least), self.anchor_value(count.anchor),
                                       self.j.calendar, []).due
            steps.append(Step.of("at_least", amount=Amount(rule.at_least.amount, rule.at_least.unit),
                                 anchor=Anchor(count.anchor), earliest=earliest_end, due=dated.due))
        ends_at = rule.counts[dated.limits.index(chosen)].ends_at if chosen and dated.due else ""
        if ends_at and dated.due != chosen.due:
            ends_at = ""  # the last day is the day before an event, or before days no one may act: no hour set
        if ends_at:
            steps.append(Step.of("ends_at", time=TimeOfDay(ends_at), due=dated.due))
        added_reading = rule.add_days if rule.add_days_assumed and self.s.all_hold(rule.add_days_when) == "yes" else 0
        opens_on = self.first_day(rule)
        if opens_on:
            early = rule.not_earlier_than
            steps.append(Step.of("not_earlier_than", day=opens_on, anchor=Anchor(early.anchor),
                                 amount=Amount(early.period.amount, early.period.unit)))
        return Deadline(
            rule=rule, version=in_force.version, people=people(self.s.sides, rule.actor, rule.notifies),
            applies=applies, condition=condition_text(self.j, rule, lang),
            due=dated.due,
            nominal=chosen.nominal if chosen and dated.due else None,
            certain=dated.certain if dated.due else None,
            safe=dated.safe if dated.due else None,
            due_at=(chosen.due_at if dated.due and chosen.due_at else None) or (
                datetime.combine(dated.due, time.fromisoformat(ends_at), tzinfo=self.s.zone) if ends_at else None),
            no_later_than=chosen.due if chosen and dated.missing and not rule.latest else None,
            limits=tuple(limits) if several else None,
            uncertain=tuple(uncertain),
            waiting_on=waiting,
            waiting_label=anchor_words(self.j, waiting, lang) if waiting else None,
            waiting_message=waiting_message,
            waiting_for=tuple(waiting_for),
            waiting_prompt=self.waiting_prompt(waiting, waiting_for) if waiting else None,
            steps=tuple(steps),
            assumptions=tuple(dict.fromkeys(assumptions)),
            chosen=dated.limits.index(chosen) if chosen else None,
            ended_early=bool(dated.ended_early and dated.due),
            safe_until=dated.safe_until if dated.due else "",
            earliest_end=earliest_end,
            later_if=later_if,
            closed=closed,
            closed_unknown=(rule.closed_before,) if closed_unknown else (),
            ends_at=ends_at, days_added_reading=added_reading, opens_on=opens_on,
        )

    def first_day(self, rule: Rule) -> date | None:
        """The first day a rule's act may be done ("not earlier than the day after election day"), once its start
        is known. It is not moved off a closed day: it is the earliest day the law allows, not a last day."""
        early = rule.not_earlier_than
        start = self.anchor_value(early.anchor) if early else None
        if start is None:
            return None
        if early.period.amount == 0:
            return as_day(start)
        return self._count(rule, replace(early, period=replace(early.period, roll="none")), start,
                           self.j.calendar, []).nominal


def longer(count: Count, days: int) -> Count:
    """A count with days added to its period (service by mail)."""
    return replace(count, period=replace(count.period, amount=count.period.amount + days))


def count_deadlines(situation: Situation) -> dict[str, Deadline]:
    """Every counted rule in force that may apply, by id, in file order."""
    counter = Deadlines(situation)
    found = {}
    for rule_id in situation.j.rule_ids():
        in_force = situation.in_force(rule_id)
        if in_force.rule is None or in_force.rule.kind not in COUNTED_KINDS or in_force.rule.no_limit:
            continue  # a filing rule with no time limit has no last day to count
        deadline = counter.deadline(rule_id, in_force)
        if deadline is not None:
            found[rule_id] = deadline
    return found


def deadline_of(deadlines: dict[str, Deadline], anchor: str) -> Deadline | None:
    """The deadline an anchor "deadline:ID" names."""
    return deadlines.get(anchor.removeprefix(DEADLINE_ANCHOR)) if anchor.startswith(DEADLINE_ANCHOR) else None
