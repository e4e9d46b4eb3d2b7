"""The facts a person knows, read from JSON and checked against the procedure.

Every fact is optional. A bad value raises `InputError`, which names the field
and says what is wrong, in words a person can act on.
"""

import re
from dataclasses import dataclass, field
from datetime import date, datetime

from dateutil import tz

from .localize import localized
from .model import BUILTIN_FACTS, OTHER_ROLE, ROLES, Jurisdiction
from .wording import one_line, quote_value, say
from .zones import zone_from_bytes

# ASCII digits only: "\d" alone would also take Arabic-Indic and other digits, which fromisoformat reads.
DATE_PATTERN = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
DATETIME_PATTERN = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}")
FIELD_MAX = 80


class InputError(ValueError):
    """Bad input: `field` names it, `key` and `params` say what is wrong."""

    def __init__(self, field_name: str, key: str, **params):
        self.field = one_line(field_name, FIELD_MAX)  # it may hold a key the person typed: "events.\n"
        self.key = key
        self.params = params
        super().__init__(self.message())

    def problem(self, lang: str = "en") -> str:
        """What is wrong, without the field's name: '"2026-02-30" is not a real date'."""
        params = {k: v(lang) if callable(v) else v for k, v in self.params.items()}  # some are worded per language
        return say("err_" + self.key, lang, **params)

    def message(self, lang: str = "en") -> str:
        return f"{self.field}: {self.problem(lang)}"


def nesting_depth(text: str) -> int:
    """How deeply JSON arrays and objects nest in `text`, without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


@dataclass(frozen=True)
class Facts:
    """What a person has entered about a complaint, each value checked: the dates, who files, the contents,
    the events that have happened, and the procedure's own facts."""

    violation_date: date | None = None
    received: date | None = None
    complainant_role: str | None = None
    respondent_is_candidate: bool | None = None
    election_date: date | None = None
    contents: tuple[str, ...] | None = None
    events: dict = field(default_factory=dict)  # id -> date, or naive local datetime
    declared: dict = field(default_factory=dict)  # jurisdiction's own facts

    def get(self, name: str):
        if name in BUILTIN_FACTS:
            return getattr(self, name)
        if name in self.declared:
            return self.declared[name]
        return self.events.get(name)

    def as_json(self) -> dict:
        """What was given, in the input's own format."""
        out = {}
        for name in ("violation_date", "received", "complainant_role", "respondent_is_candidate", "election_date"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value.isoformat() if isinstance(value, date) else value
        if self.contents is not None:
            out["contents"] = list(self.contents)
        if self.events:
            out["events"] = {k: _iso(v) for k, v in self.events.items()}
        for name, value in self.declared.items():
            out[name] = value.isoformat() if isinstance(value, date) else value
        return out


def _iso(value) -> str:
    return value.isoformat(timespec="minutes") if isinstance(value, datetime) else value.isoformat()


def parse_date(name: str, value, jurisdiction: Jurisdiction) -> date:
    if not isinstance(value, str) or not DATE_PATTERN.fullmatch(value):
        raise InputError(name, "not_date", value=quote_value(value))
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise InputError(name, "impossible_date", value=quote_value(value)) from None
    _check_range(name, value, day, jurisdiction)
    return day


def latest_date(jurisdiction: Jurisdiction, name: str) -> date:
    """The last day a fact may be: the supported range bounds the violation (which picks the law in force);
    a later date (the complaint received, an event, the election) may go as far as the calendar covers,
    and a count that would run past it is refused on its own."""
    if name == "violation_date" or jurisdiction.calendar is None:
        return jurisdiction.supported_to
    return max(jurisdiction.supported_to, date(jurisdiction.calendar.last_year, 12, 31))


def parse_moment(name: str, value, jurisdiction: Jurisdiction) -> date | datetime:
    """A date, or a local date and time without offset (the jurisdiction's zone)."""
    if isinstance(value, str) and DATETIME_PATTERN.fullmatch(value):
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            raise InputError(name, "impossible_date", value=quote_value(value)) from None
        _check_range(name, value, moment.date(), jurisdiction)
        zone = zone_from_bytes(jurisdiction.timezone, jurisdiction.zone_data)
        if not tz.datetime_exists(moment, zone):
            raise InputError(name, "nonexistent_time", value=quote_value(value), zone=jurisdiction.timezone)
        return moment
    if isinstance(value, str) and DATE_PATTERN.fullmatch(value):
        return parse_date(name, value, jurisdiction)
    raise InputError(name, "not_datetime", value=quote_value(value))


def earliest_date(jurisdiction: Jurisdiction, name: str) -> date:
    """The first day a fact may be: a violation as far back as the procedure's limits reach (six years, where a
    charge may be filed six years after it), every other date from the procedure's supported_from."""
    if name == "violation_date" and jurisdiction.violations_from:
        return jurisdiction.violations_from
    return jurisdiction.supported_from


def _check_range(name: str, text: str, day: date, jurisdiction: Jurisdiction) -> None:
    first, last = earliest_date(jurisdiction, name), latest_date(jurisdiction, name)
    if not first <= day <= last:
        raise InputError(name, "out_of_range", value=day, start=first, end=last)


def parse_bool(name: str, value) -> bool:
    if type(value) is not bool:
        raise InputError(name, "not_bool", value=quote_value(value))
    return value


def parse_facts(raw, jurisdiction: Jurisdiction) -> Facts:
    if not isinstance(raw, dict):
        raise InputError("facts", "not_object")
    declared = {f.id: f for f in jurisdiction.own_facts()}
    known = list(BUILTIN_FACTS) + list(declared)
    for name in sorted(raw):
        if name not in known:
            raise InputError(str(name), "unknown_fact", known=", ".join(known))
    given = {k: v for k, v in raw.items() if v is not None}

    values = {}
    for name in ("violation_date", "received", "election_date"):
        if name in given:
            values[name] = parse_date(name, given[name], jurisdiction)
    if "complainant_role" in given:
        role = given["complainant_role"]
        roles = role_values(jurisdiction)
        if not isinstance(role, str) or role not in roles:
            raise InputError("complainant_role", "unknown_role", value=quote_value(role), known=", ".join(roles))
        values["complainant_role"] = role
    if "respondent_is_candidate" in given:
        values["respondent_is_candidate"] = parse_bool("respondent_is_candidate",
                                                       given["respondent_is_candidate"])
    if "contents" in given:
        values["contents"] = _parse_contents(given["contents"], jurisdiction)
    extra = {}
    for name, spec in declared.items():
        if name in given:
            extra[name] = (parse_bool(name, given[name]) if spec.type == "bool"
                           else parse_date(name, given[name], jurisdiction))
    events = _parse_events(given.get("events", {}), jurisdiction)

    facts = Facts(**values, events=events, declared=extra)
    _check_order(facts, jurisdiction)
    _check_scope(facts, jurisdiction)
    return facts


def _check_scope(facts: Facts, jurisdiction: Jurisdiction) -> None:
    """A fact outside what the procedure covers (a primary, in a procedure for general-election contests) is
    refused, with what governs it instead: never a date from rules that are not the case's."""
    for scope in jurisdiction.scope:
        for c in scope.conditions:
            value = facts.get(c.fact)
            if value is not None and not (value in c.one_of if c.one_of else value == c.equals):
                outside = {lang: localized(jurisdiction, lang).scope[jurisdiction.scope.index(scope)].outside
                           for lang in jurisdiction.languages}
                raise InputError(c.fact, "outside_scope", outside=lambda lang: outside.get(lang, scope.outside))


def role_values(jurisdiction: Jurisdiction) -> list[str]:
    """What complainant_role may be: the procedure's roles, the original three, and "other"."""
    return list(dict.fromkeys([r.id for r in jurisdiction.roles] + list(ROLES) + [OTHER_ROLE]))


def _parse_contents(value, jurisdiction: Jurisdiction) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise InputError("contents", "not_list", value=quote_value(value))
    order = [item.id for item in jurisdiction.contents]
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise InputError(f"contents[{i}]", "not_string", value=quote_value(item))
        if item not in order:
            raise InputError(f"contents[{i}]", "unknown_item", value=quote_value(item),
                             known=", ".join(order) or "none")
    return tuple(item for item in order if item in value)


def _parse_events(value, jurisdiction: Jurisdiction) -> dict:
    if not isinstance(value, dict):
        raise InputError("events", "not_events", value=quote_value(value))
    order = [e.id for e in jurisdiction.events]
    for name in sorted(value):
        if name not in order:
            raise InputError(f"events.{name}", "unknown_event", value=quote_value(name),
                             known=", ".join(order) or "none")
    return {name: parse_moment(f"events.{name}", value[name], jurisdiction)
            for name in order if value.get(name) is not None}


def _as_day(value) -> date:
    return value.date() if isinstance(value, datetime) else value


def _bounds(jurisdiction: Jurisdiction) -> dict[str, tuple[str, ...]]:
    """What each date may not come before: a complaint is received after the violation, each event after the
    facts and events it names, and a declared date fact after those it names (`not_before`) and before those it
    names (`not_after`: a discovery may not come after the complaint is received)."""
    bounds = {"received": ("violation_date",)}
    for event in jurisdiction.events:
        bounds[event.id] = event.not_before
    for fact in jurisdiction.own_facts():
        bounds[fact.id] = bounds.get(fact.id, ()) + fact.not_before
        for later in fact.not_after:
            bounds[later] = bounds.get(later, ()) + (fact.id,)
    return bounds


def _check_order(facts: Facts, jurisdiction: Jurisdiction) -> None:
    """No date comes before one that bounds it, directly or through dates not given.

    An event that may not come before the complaint is received may not come before
    the violation either, even when the day it was received is left out.
    """
    bounds = _bounds(jurisdiction)
    for name in ["received"] + [f.id for f in jurisdiction.own_facts()] + [e.id for e in jurisdiction.events]:
        value = facts.get(name)
        if value is None:
            continue
        seen, stack = set(), list(bounds.get(name, ()))
        while stack:
            earlier = stack.pop()
            if earlier in seen:
                continue
            seen.add(earlier)
            other = facts.get(earlier)
            if other is not None and _as_day(value) < _as_day(other):
                _order_error(name, value, earlier, other, jurisdiction)
            stack.extend(bounds.get(earlier, ()))


def _order_error(name: str, value, earlier: str, other, jurisdiction: Jurisdiction):
    declared = {f.id for f in jurisdiction.own_facts()}
    if earlier in declared or name in declared:
        # a declared date out of order: named as the field the person typed it in, the declared one
        field_name, key = (earlier, "fact_after") if earlier in declared else (name, "fact_before")
        value, other = (other, value) if earlier in declared else (value, other)
        other_name = name if earlier in declared else earlier

        def bound(lang: str) -> str:
            return _date_label(jurisdiction, other_name, lang)
        raise InputError(field_name, key, value=value, other=other, other_label=bound)
    if name == "received" or (earlier == "violation_date" and name not in [e.id for e in jurisdiction.events]):
        raise InputError("received", "before_violation", value=value, other=other)
    def label(lang: str) -> str:  # worded when the message is, in its language
        return _date_label(jurisdiction, earlier, lang)

    raise InputError(f"events.{name}", "event_order", value=value, other_label=label, other=other)


def _date_label(jurisdiction: Jurisdiction, name: str, lang: str) -> str:
    """A date fact or event as an error message names it, in its language."""
    in_language = localized(jurisdiction, lang)
    event, fact = in_language.event(name), in_language.declared_fact(name)
    if event:
        return f"“{event.label}”"
    if fact:
        return f"“{fact.label}”"
    if name in ("violation_date", "received", "election_date"):
        return say(f"anchor_{name}", lang, receiver=in_language.actor(in_language.receiver).in_text)
    return name
