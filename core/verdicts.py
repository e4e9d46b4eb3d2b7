"""What the facts mean for each question a person asks: may they file, was the complaint (or will
it be) on time, does it contain what the code requires, and which windows to act are open.
"""

from dataclasses import dataclass
from datetime import date

from .audience import People, people
from .deadlines import Deadline
from .describing import anchor_words, before_time, condition_text, later_day, role_label
from .model import Rule
from .situation import Situation, Version, as_day
from .wording import join_or, say


@dataclass(frozen=True)
class Filing:
    """Whether the complaint is (or would be) on time, under which reading."""

    rule: str
    deadline: Deadline | None
    received: date | None
    status: str  # "timely", "late" or "unknown": as of the day received (or planned)
    certainty: str | None  # "certain", "relies" or "late" once there is a status
    relies_on_extension: bool
    warning: str | None
    planned: bool  # the day received is after today: a day the person plans to file
    no_limit: bool = False  # the code sets no time limit for filing: any day received is on time


def filing(situation: Situation, deadlines: dict[str, Deadline]) -> Filing:
    rule_id = next(r.id for r in situation.j.rules if r.kind == "filing")
    deadline = deadlines.get(rule_id)
    received = situation.facts.received
    planned = bool(received and situation.today and received > situation.today)
    rule = situation.in_force(rule_id).rule
    if rule is not None and rule.no_limit:  # no last day: a complaint is on time whenever it is received
        return Filing(rule_id, None, received, "timely" if received else "unknown", "certain" if received else None,
                      False, None, planned, no_limit=True)
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
    if deadline and received and deadline.closed and deadline.closed[0] <= received <= deadline.closed[1]:
        status, certainty, relies = "not-permitted", "late", False  # filed when the code lets no one file
    if deadline and received and deadline.opens_on and received < deadline.opens_on:
        status, certainty, relies = "not-permitted", "late", False  # before the first day the code lets anyone file
    warning = None
    if certainty == "relies":
        why = later_day(situation.j, deadline, situation.lang)
        safe = before_time(deadline.safe, deadline.safe_until, situation.lang)
        warning = say("assume_extension_needed", situation.lang, safe=safe) + (f" {why}" if why else "")
    return Filing(rule_id, deadline, received, status, certainty, relies, warning, planned)


@dataclass(frozen=True)
class Eligibility:
    """Whether this complainant may file under the code, and the words that say who may."""

    status: str  # "eligible", "not-eligible" or "unknown"
    reasons: tuple[str, ...]
    roles: tuple[str, ...] | None
    cite: str
    clause: str
    text: str
    note: str | None


def eligibility(situation: Situation) -> Eligibility:
    j, lang = situation.j, situation.lang
    rule = j.eligibility
    cite = j.clause(rule.clause).cite
    role = situation.facts.complainant_role
    if rule.roles is None:
        status, reason = "eligible", say("eligible_anyone", lang, cite=cite)
    elif "any-person" in rule.roles:
        status, reason = "eligible", say("eligible_any_person", lang, cite=cite,
                                         label=role_label(j, "any-person", lang))
    else:
        allowed = join_or([role_label(j, r, lang) for r in rule.roles], lang)
        if role is None:
            status, reason = "unknown", say("eligible_unknown", lang, cite=cite, roles=allowed)
        elif role in rule.roles:
            status, reason = "eligible", say("eligible_role", lang, cite=cite, roles=allowed,
                                             role=role_label(j, role, lang))
        else:
            status, reason = "not-eligible", say("ineligible_role", lang, cite=cite, roles=allowed)
    return Eligibility(status, (reason,), rule.roles, cite, rule.clause, rule.text, rule.note)


@dataclass(frozen=True)
class Contents:
    """Whether a complaint holds what the code requires it to: what is required, present and missing."""

    status: str  # "complete", "incomplete", "unknown" or "none-required"
    required: tuple[str, ...]  # required for these facts
    present: tuple[str, ...] | None
    missing: tuple[str, ...] | None
    required_if: tuple[str, ...] = ()  # required if a fact not given holds
    missing_if: tuple[str, ...] | None = None
    applies: dict = None  # item id -> "yes", "no" or "unknown"


def contents(situation: Situation) -> Contents:
    applies = {item.id: situation.all_hold(item.required_when) for item in situation.j.contents}
    required = tuple(i for i, a in applies.items() if a == "yes")
    required_if = tuple(i for i, a in applies.items() if a == "unknown")
    present = situation.facts.contents
    missing = None if present is None else tuple(i for i in required if i not in present)
    missing_if = None if present is None else tuple(i for i in required_if if i not in present)
    if not situation.j.contents:
        status = "none-required"
    elif missing is None:
        status = "unknown"
    else:
        status = "incomplete" if missing else "complete"
    return Contents(status, required, present, missing, required_if, missing_if, applies)


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
    return Window(rule, version, people(situation.sides, rule.actor, rule.notifies), status, opened, closed,
                  situation.applies(rule), condition_text(j, rule, lang),
                  anchor_words(j, rule.opens, lang), anchor_words(j, rule.closes, lang))
