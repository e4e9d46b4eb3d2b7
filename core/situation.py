"""What the facts settle about a procedure before anything is counted: which version of each
rule is in force, and whether each rule applies (yes, no, or not known from what was given).
"""

from dataclasses import dataclass
from datetime import date, datetime

from dateutil import tz

from .counting import Step
from .describing import Anchor
from .facts import Facts
from .model import Condition, Jurisdiction, Rule
from .zones import zone_from_bytes


def as_day(value) -> date | None:
    """The day of a date or a local date-time."""
    return value.date() if isinstance(value, datetime) else value


@dataclass(frozen=True)
class Version:
    """Which version of a rule is in force, and what chose it."""

    effective: date
    repealed: date | None
    chosen_by: str  # the date fact that picks the version
    day: date | None  # its value, or None when it was not given (the latest version is used)


@dataclass(frozen=True)
class InForce:
    """The version of a rule in force on its version date, and what had to be assumed, if anything, to choose it."""

    rule: Rule | None  # None: no version was in force on the version date
    version: Version | None
    assumption: Step | None  # said when the version had to be assumed


class Situation:
    """The facts, read against one procedure (in the report's language), as of a day or none."""

    def __init__(self, jurisdiction: Jurisdiction, facts: Facts, lang: str, today: date | None):
        self.j, self.facts, self.lang, self.today = jurisdiction, facts, lang, today
        self.zone = zone_from_bytes(jurisdiction.timezone, jurisdiction.zone_data)
        self.sides = {a.id: a.side for a in jurisdiction.actors}
        self._versions: dict[str, InForce] = {}

    def localize(self, anchor: str, start, assumptions: list) -> datetime:
        """An event's local date-time in the city's zone; a bare date means 00:00. What had to be
        assumed is added to `assumptions`."""
        if not isinstance(start, datetime):
            event = self.j.event(anchor)
            assumptions.append(Step.of("assume_date_only_time", label=event.label if event else anchor))
            start = datetime(start.year, start.month, start.day)
        if tz.datetime_ambiguous(start, self.zone):
            assumptions.append(Step.of("assume_ambiguous_time", value=start, zone=self.j.timezone))
        return start.replace(tzinfo=self.zone, fold=0)

    def in_force(self, rule_id: str) -> InForce:
        """The version in force on the rule's version date (the latest, if that date is not given)."""
        if rule_id not in self._versions:
            self._versions[rule_id] = self._in_force(rule_id)
        return self._versions[rule_id]

    def _in_force(self, rule_id: str) -> InForce:
        versions = self.j.versions(rule_id)
        fact = versions[-1].version_date
        day = self.facts.get(fact)
        if day is None:
            rule = versions[-1]
            assumption = None
            if len(versions) > 1:
                assumption = Step.of("assume_version_latest", fact=Anchor(fact), effective=rule.effective)
            return InForce(rule, Version(rule.effective, rule.repealed, fact, None), assumption)
        rule = next((r for r in versions if r.in_force_on(day)), None)
        return InForce(rule, Version(rule.effective, rule.repealed, fact, day) if rule else None, None)

    def applies(self, rule: Rule) -> str:
        """'yes', 'no' or 'unknown': all of applies_when hold and none of applies_unless (or, for a rule
        with a further case the checker cannot know, `also_applies_if`, 'unknown' instead of 'no')."""
        if rule.also_applies_if and not (rule.applies_when or rule.applies_unless):
            return "unknown"  # only a case the checker cannot know
        found = self.all_hold(rule.applies_when, rule.applies_unless)
        return "unknown" if found == "no" and rule.also_applies_if else found  # the other case may hold

    def all_hold(self, when=(), unless=()) -> str:
        """'yes' if every condition in `when` holds and none in `unless`, 'no' if that is ruled out, else 'unknown'."""
        required = [self.holds(c) for c in when]
        excluded = [self.holds(c) for c in unless]
        if False in required or True in excluded:
            return "no"
        return "unknown" if None in required + excluded else "yes"

    def holds(self, c: Condition) -> bool | None:
        """Whether one condition holds; None while a fact it needs is not given."""
        if c.fact:
            value = self.facts.get(c.fact)
            if value is None:
                return None
            return value in c.one_of if c.one_of else value == c.equals
        day, other = self.facts.get(c.date), self.facts.get(c.other)
        if day is None or other is None:
            return None
        gap = (as_day(other) - as_day(day)).days if c.side == "before" else (as_day(day) - as_day(other)).days
        return 0 < gap <= c.days
