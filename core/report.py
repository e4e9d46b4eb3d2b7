"""The one entry point: a procedure and the facts a person knows, in; a report, out.

`evaluate` does no I/O, reads no clock and keeps no state between calls, so the
same call gives the same report in CPython, in Pyodide and in the tests. Every
date in the report carries the rule that set it, the sentence of law that rule
implements, the steps of the count and the assumptions it rests on.

Where the calendar is uncertain (a closure that is only a reading), each date is
worked out under the stated reading, with each such day open, and with all of
them open; the report keeps the reading's date as `due`, the latest day that
holds under every reading as `certain`, a day certainly open on or before it as
`safe_date`, and lists the days that moved it.
"""

from dataclasses import dataclass, field
from datetime import date, datetime

from dateutil import tz

from .answers import answers, procedure_order
from .business_calendar import OutsideCalendar
from .counting import BUSINESS_UNITS, CALENDAR_UNITS, Counted, count_business_days, count_days, count_hours
from .facts import Facts, InputError, parse_facts
from .localize import localized
from .model import BUILTIN_DATE_FACTS, COUNTED_KINDS, DEADLINE_ANCHOR, Count, Jurisdiction, Rule
from .wording import format_day, format_moment, join_or, say
from .zones import zone_from_bytes

SCHEMA = 1
PROVISION_KINDS = ("condition", "action", "option", "fine", "note")
NOTHING_OPEN = frozenset()


def evaluate(jurisdiction: Jurisdiction, facts: dict, lang: str = "en", today: date | None = None) -> dict:
    """The report for `facts` (a dict as read from JSON) under `jurisdiction`, in `lang`.

    `today` (the day in the city's time zone) is optional: with it, dates before it are marked
    as passed and each person's answer speaks of what is still to come. The core reads no clock.
    Raises InputError, naming the field, when a fact is malformed or impossible.
    """
    return _Evaluation(jurisdiction, parse_facts(facts, jurisdiction), lang, today).report()


def views(jurisdiction: Jurisdiction, actor: str | None, notifies=()) -> list[str]:
    """The party views a rule belongs to: complainant, respondent, officials."""
    seen = set()
    sides = {a.id: a.side for a in jurisdiction.actors}
    for who in (actor, *notifies):
        side = sides.get(who)
        if side == "parties":
            seen.update(("complainant", "respondent"))
        elif side in ("complainant", "respondent"):
            seen.add(side)
        elif side == "official":
            seen.add("officials")
    return [v for v in ("complainant", "respondent", "officials") if v in seen]


def anchor_words(jurisdiction: Jurisdiction, name: str, lang: str = "en") -> str:
    """What a period is counted from, in words: 'the date of the alleged violation'."""
    fact = jurisdiction.declared_fact(name)
    if fact:
        return say("anchor_fact", lang, label=fact.label)
    if name in BUILTIN_DATE_FACTS:
        return say(f"anchor_{name}", lang, receiver=jurisdiction.actor(jurisdiction.receiver).label)
    event = jurisdiction.event(name)
    if event:
        return say("anchor_event", lang, label=event.label)
    versions = jurisdiction.versions(name.removeprefix(DEADLINE_ANCHOR))
    return say("anchor_deadline", lang, title=versions[-1].title if versions else name)


def _iso(value):
    return value.isoformat() if value is not None else None


def _day(value) -> date:
    return value.date() if isinstance(value, datetime) else value


@dataclass
class Dated:
    """A deadline's dates under one view of the calendar (some unconfirmed closures taken as open)."""

    limits: list  # per limit: Counted, or None while its start is unknown
    chosen: Counted | None = None
    certain: date | None = None
    safe: date | None = None
    uncertain: frozenset = NOTHING_OPEN
    missing: list = field(default_factory=list)
    chain_steps: list = field(default_factory=list)

    @property
    def due(self) -> date | None:
        """The last day under the stated reading; None while a limit's start is unknown."""
        return self.chosen.due if self.chosen and not self.missing else None


class _Evaluation:
    """One evaluation's working state; it lives only for one call of `evaluate`."""

    def __init__(self, jurisdiction: Jurisdiction, facts: Facts, lang: str, today: date | None = None):
        self.j = localized(jurisdiction, lang)
        self.facts = facts
        self.lang = lang
        self.today = today
        self.zone = zone_from_bytes(jurisdiction.timezone, jurisdiction.zone_data)
        self.assumptions_by_rule: dict[str, list] = {}
        self.dated_cache: dict[tuple, Dated | None] = {}
        self.entries: dict[str, dict | None] = {}

    # --- words ------------------------------------------------------------------------

    def say(self, key: str, **params) -> str:
        return say(key, self.lang, **params)

    def anchor_label(self, name: str) -> str:
        return anchor_words(self.j, name, self.lang)

    def actor_label(self, actor_id: str) -> str:
        return self.j.actor(actor_id).label

    def condition_text(self, rule: Rule) -> str | None:
        """The rule's condition as one sentence: 'Only if the respondent is a candidate.'"""
        if rule.condition:
            return rule.condition
        parts = [self.describe(c) for c in rule.applies_when]
        parts += [self.describe(c, negated=True) for c in rule.applies_unless]
        return self.say("only_if", condition=self.say("and").join(parts)) if parts else None

    def describe(self, c, negated: bool = False) -> str:
        """A condition in words; `negated` says it must not hold."""
        suffix = "_not" if negated else ""
        if c.date:
            return self.say(f"cond_within_{c.side}{suffix}", date=self.anchor_label(c.date), days=c.days,
                            other=self.anchor_label(c.other))
        fact = self.j.declared_fact(c.fact)
        label = fact.label[0].lower() + fact.label[1:] if fact else self.say(f"fact_{c.fact}")
        if c.one_of:
            return self.say(f"cond_in{suffix}", fact=label,
                            values=join_or([self.role_label(v) for v in c.one_of], self.lang))
        if isinstance(c.equals, bool):
            return self.say("cond_equals_true" if c.equals != negated else "cond_equals_false", fact=label)
        return self.say(f"cond_equals{suffix}", fact=label, value=self.role_label(c.equals))

    def role_label(self, role_id: str) -> str:
        role = self.j.role(role_id)
        return role.label[0].lower() + role.label[1:] if role else self.say(f"role_{role_id}")

    # --- facts and anchors --------------------------------------------------------------

    def anchor_value(self, name: str, open_days=NOTHING_OPEN):
        """The date (or local date-time) an anchor stands for, or None while unknown."""
        if name.startswith(DEADLINE_ANCHOR):
            dated = self.dated(name.removeprefix(DEADLINE_ANCHOR), open_days)
            return dated.due if dated else None
        return self.facts.get(name)

    def applies(self, rule: Rule) -> str:
        """'yes', 'no' or 'unknown': all of applies_when hold and none of applies_unless."""
        required = [self.condition_holds(c) for c in rule.applies_when]
        excluded = [self.condition_holds(c) for c in rule.applies_unless]
        if False in required or True in excluded:
            return "no"
        return "unknown" if None in required + excluded else "yes"

    def condition_holds(self, c) -> bool | None:
        if c.fact:
            value = self.facts.get(c.fact)
            if value is None:
                return None
            return value in c.one_of if c.one_of else value == c.equals
        day, other = self.anchor_value(c.date), self.anchor_value(c.other)
        if day is None or other is None:
            return None
        gap = (_day(other) - _day(day)).days if c.side == "before" else (_day(day) - _day(other)).days
        return 0 < gap <= c.days

    def version(self, rule_id: str):
        """The version in force on the rule's version date: (rule, version info, assumption)."""
        versions = self.j.versions(rule_id)
        fact = versions[-1].version_date
        day = self.facts.get(fact)
        if day is None:
            rule = versions[-1]
            assumption = None
            if len(versions) > 1:
                assumption = self.say("assume_version_latest", fact=fact, effective=rule.effective)
            return rule, self.version_info(rule, fact, None), assumption
        rule = next((r for r in versions if r.in_force_on(day)), None)
        return rule, self.version_info(rule, fact, day) if rule else None, None

    @staticmethod
    def version_info(rule: Rule, fact: str, day: date | None) -> dict:
        return {"effective": rule.effective.isoformat(), "repealed": _iso(rule.repealed),
                "chosen_by": fact, "date": _iso(day)}

    # --- the common part of every entry ------------------------------------------------------

    def provenance(self, rule: Rule) -> dict:
        clause = self.j.clause(rule.clause)
        return {"cite": clause.cite, "clause": rule.clause, "text": rule.text or None,
                "source": rule.source or self.j.source, "note": rule.note}

    def entry(self, rule: Rule, info: dict) -> dict:
        return {"id": rule.id, "kind": rule.kind, "title": rule.title, "task": rule.task, "actor": rule.actor,
                "notifies": list(rule.notifies), "views": views(self.j, rule.actor, rule.notifies),
                **self.provenance(rule), "version": info}

    # --- dates ----------------------------------------------------------------------------

    def dated(self, rule_id: str, open_days=NOTHING_OPEN) -> Dated | None:
        """A counted rule's dates with `open_days` taken as open, or None if it is not in force or does not apply."""
        key = (rule_id, open_days)
        if key not in self.dated_cache:
            self.dated_cache[key] = None  # a cycle is refused by the reader; this guards the recursion anyway
            self.dated_cache[key] = self.compute_dates(rule_id, open_days)
        return self.dated_cache[key]

    def compute_dates(self, rule_id: str, open_days) -> Dated | None:
        rule = self.version(rule_id)[0]
        if rule is None or self.applies(rule) == "no":
            return None
        calendar = self.j.calendar.assume_open(open_days) if open_days else self.j.calendar
        result = Dated(limits=[])
        assumptions = self.assumptions_by_rule.setdefault(rule_id, []) if not open_days else []
        for count in rule.counts:
            start = self.anchor_value(count.anchor, open_days)
            if start is None:
                result.missing.append(count.anchor)
                result.limits.append(None)
                continue
            counted = self.count(count, start, calendar, assumptions)
            certain, safe, uncertain = counted.certain, counted.safe, set(counted.uncertain)
            if count.anchor.startswith(DEADLINE_ANCHOR):
                other = self.dated(count.anchor.removeprefix(DEADLINE_ANCHOR), open_days)
                uncertain |= other.uncertain
                if other.safe < _day(start):
                    from_safe = self.count(count, other.safe, calendar, [])
                    certain, safe = min(certain, from_safe.certain), min(safe, from_safe.safe)
                    if not open_days:
                        result.chain_steps.append(self.say("safe_from_chain", title=self.anchor_label(count.anchor),
                                                           other_safe=other.safe, other_due=_day(start), safe=safe))
            result.limits.append(counted)
            result.certain = certain if result.certain is None else min(result.certain, certain)
            result.safe = safe if result.safe is None else min(result.safe, safe)
            result.uncertain |= uncertain
        known = [c for c in result.limits if c is not None]
        if known:
            result.chosen = min(known, key=lambda c: (c.due_at or c.due, c.nominal))
        return result

    def count(self, count: Count, start, calendar, assumptions: list) -> Counted:
        period = count.period
        label = self.anchor_label(count.anchor)
        try:
            if period.unit == "hours":
                return count_hours(self.localize(count.anchor, start, assumptions), period,
                                   anchor=label, lang=self.lang)
            if period.unit in BUSINESS_UNITS:
                return count_business_days(_day(start), period, calendar, anchor=label, lang=self.lang)
            roll = period.roll or (self.j.counting.roll if period.direction == "after" else "backward")
            return count_days(_day(start), period, calendar, anchor=label, roll=roll,
                              rule=self.j.counting.roll_rule, lang=self.lang)
        except OutsideCalendar as err:
            field_name = count.anchor if count.anchor in BUILTIN_DATE_FACTS else f"events.{count.anchor}"
            raise InputError(field_name, "outside_calendar", value=_day(start), day=err.day,
                             first=self.j.calendar.first_year, last=self.j.calendar.last_year) from None

    def localize(self, anchor: str, start, assumptions: list) -> datetime:
        """An event's local date-time in the jurisdiction's zone; a bare date means 00:00."""
        if not isinstance(start, datetime):
            event = self.j.event(anchor)
            assumptions.append(self.say("assume_date_only_time", label=event.label if event else anchor))
            start = datetime(start.year, start.month, start.day)
        if tz.datetime_ambiguous(start, self.zone):
            assumptions.append(self.say("assume_ambiguous_time", value=start, zone=self.j.timezone))
        return start.replace(tzinfo=self.zone, fold=0)

    # --- deadlines ----------------------------------------------------------------------------

    def deadline(self, rule_id: str) -> dict | None:
        if rule_id not in self.entries:
            self.entries[rule_id] = self.compute_deadline(rule_id)
        return self.entries[rule_id]

    def compute_deadline(self, rule_id: str) -> dict | None:
        rule, info, version_note = self.version(rule_id)
        dated = self.dated(rule_id)
        if dated is None:
            return None
        applies = self.applies(rule)
        entry = self.entry(rule, info)
        assumptions = [rule.note] if rule.note else []
        if version_note:
            assumptions.append(version_note)
        condition = self.condition_text(rule)
        if applies == "unknown":
            assumptions.append(self.say("assume_condition_unknown", condition=condition))

        several = len(rule.counts) > 1
        steps, limits = [], []
        for i, (count, counted) in enumerate(zip(rule.counts, dated.limits), 1):
            if several:
                steps.append(self.say("limit", i=i))
            if counted is None:
                steps.append(self.say("limit_waiting" if several else "waiting", i=i,
                                      anchor=self.anchor_label(count.anchor)))
            else:
                steps.extend(counted.steps)
            limits.append({"from": count.anchor, "nominal": _iso(counted.nominal) if counted else None,
                           "due": _iso(counted.due) if counted else None,
                           "safe_date": _iso(counted.safe) if counted else None})
        steps.extend(dated.chain_steps)
        assumptions.extend(self.assumptions_by_rule.get(rule_id, []))
        chosen, waiting = dated.chosen, dated.missing[0] if dated.missing else None
        if several and chosen and not dated.missing:
            steps.append(self.say("earliest", i=dated.limits.index(chosen) + 1, due=chosen.due))
        if several and dated.safe and chosen and dated.safe < chosen.safe:
            steps.append(self.say("safe_from_other_limit", safe=dated.safe))
        waiting_message = None
        if chosen and dated.missing:
            waiting_message = self.say("waiting_limit_may_be_earlier", anchor=self.anchor_label(waiting),
                                       bound=chosen.due)
            assumptions.append(waiting_message)
        for unit in dict.fromkeys(c.period.unit for c in rule.counts):
            if unit in CALENDAR_UNITS and chosen and chosen.extended:
                assumptions.append(self.roll_assumption())
            elif unit in BUSINESS_UNITS:
                assumptions.append(self.say("assume_business_days", definition=self.j.counting.business_days,
                                            note=self.j.counting.business_days_note))

        uncertain_days = []
        if dated.due:
            for day in sorted(dated.uncertain):
                alternative = self.dated(rule_id, frozenset({day}))
                closed = next(c for c in self.j.calendar.closed_days(day) if not c.confirmed)
                due_if_open = alternative.due if alternative else None
                uncertain_days.append({"date": day.isoformat(), "name": closed.name, "reason": closed.basis,
                                       "due_if_open": _iso(due_if_open)})
                if due_if_open and due_if_open != dated.due:
                    steps.append(self.say("if_open", day=day, name=closed.name, due=due_if_open))
            assumptions.extend(dict.fromkeys(u["reason"] for u in uncertain_days))
        entry.update({
            "due": _iso(dated.due),
            "nominal": _iso(chosen.nominal) if chosen and not dated.missing else None,
            "certain": _iso(dated.certain) if dated.due else None,
            "safe_date": _iso(dated.safe) if dated.due else None,
            "due_at": chosen.due_at.isoformat(timespec="minutes") if dated.due and chosen.due_at else None,
            "no_later_than": _iso(chosen.due) if chosen and dated.missing else None,
            "from": [c.anchor for c in rule.counts],
            "limits": limits if several else None,
            "uncertain_days": uncertain_days,
            "waiting_on": waiting,
            "waiting_label": self.anchor_label(waiting) if waiting else None,
            "waiting_message": waiting_message,
            "applies": applies,
            "condition": condition,
            "governs": list(rule.governs),
            "warnings": [],
            "steps": steps,
            "assumptions": list(dict.fromkeys(assumptions)),
        })
        self.display(entry, ("due", "nominal", "certain", "safe_date", "no_later_than"))
        if entry["due_at"]:
            entry["display"]["due_at"] = format_moment(chosen.due_at, self.lang)
        for day in uncertain_days:
            day["display"] = {"date": format_day(date.fromisoformat(day["date"]), self.lang),
                              "due_if_open": format_day(date.fromisoformat(day["due_if_open"]), self.lang)
                              if day["due_if_open"] else None}
        return entry

    def display(self, entry: dict, fields) -> None:
        """Each date of an entry in words, and whether it has passed: the page writes no date itself."""
        shown = entry.setdefault("display", {})
        for name in fields:
            if entry.get(name):
                shown[name] = format_day(date.fromisoformat(entry[name][:10]), self.lang)
        due = entry.get("due") or entry.get("deadline")
        entry["passed"] = bool(self.today and due and date.fromisoformat(due[:10]) < self.today)

    def roll_assumption(self) -> str:
        counting = self.j.counting
        text = self.say("assume_roll", summary=counting.summary, cite=counting.cite, note=counting.note)
        if counting.closure_cite:
            text += " " + self.say("assume_closure_roll", cite=counting.closure_cite, summary=counting.closure_summary)
        return text.strip()

    # --- what conflicts --------------------------------------------------------------------------

    def conflicts(self, deadlines: dict[str, dict]) -> list[dict]:
        """Dates that fall after a deadline that governs them, and recorded events after their deadline."""
        found = []
        election = self.facts.election_date
        for governing in deadlines.values():
            if not governing["governs"] or governing["applies"] != "yes" or not governing["due"]:
                continue
            limit = date.fromisoformat(governing["due"])
            for rule_id in governing["governs"]:
                entry = deadlines.get(rule_id)
                if entry is None:
                    continue
                if entry["due"] is None:
                    message = self.say("governed_waiting", title=governing["title"], cite=governing["cite"],
                                       due=limit)
                    entry["warnings"].append(message)
                    continue
                day = date.fromisoformat(entry["due"])
                if day <= limit:
                    continue
                key = "governed_after_election" if election and day >= election else "governed_after"
                message = self.say(key, title=governing["title"], cite=governing["cite"], due=limit,
                                   day=day, election=election)
                entry["warnings"].append(message)
                found.append({"kind": "after-governing", "rule": rule_id, "governed_by": governing["id"],
                              "date": entry["due"], "limit": governing["due"], "message": message})
        for event in self.j.events:
            recorded = self.facts.events.get(event.id)
            if recorded is None:
                continue
            for rule_id in event.due_by:
                entry = deadlines.get(rule_id)
                if not entry or not entry["due"] or _day(recorded) <= date.fromisoformat(entry["due"]):
                    continue
                condition = entry["condition"] if entry["applies"] != "yes" or entry["condition"] else None
                message = self.say("event_after_deadline", label=event.label, day=_day(recorded),
                                   title=entry["title"], cite=entry["cite"], due=date.fromisoformat(entry["due"]))
                if condition:
                    message += " " + self.say("if_it_applies", condition=condition)
                entry["warnings"].append(message)
                found.append({"kind": "event-after-deadline", "event": event.id, "rule": rule_id,
                              "date": _iso(_day(recorded)), "limit": entry["due"], "message": message})
        return found

    # --- the sections of the report -----------------------------------------------------------

    def filing(self, deadlines: list[dict]) -> dict:
        rule_id = next(r.id for r in self.j.rules if r.kind == "filing")
        entry = next((d for d in deadlines if d["id"] == rule_id), None)
        received = self.facts.received
        status, relies, certainty = "unknown", False, None
        if entry and received:
            if entry["due"]:
                deadline, certain = date.fromisoformat(entry["due"]), date.fromisoformat(entry["certain"])
                status = "timely" if received <= deadline else "late"
                relies = date.fromisoformat(entry["nominal"]) < received <= deadline
                certainty = "late" if status == "late" else ("relies" if received > certain else "certain")
            elif entry["no_later_than"] and received > date.fromisoformat(entry["no_later_than"]):
                status, certainty = "late", "late"  # late whatever the missing limit turns out to be
        filing = {"status": status, "certainty": certainty, "received": _iso(received),
                  "nominal": entry["nominal"] if entry else None,
                  "deadline": entry["due"] if entry else None,
                  "certain": entry["certain"] if entry else None,
                  "safe_date": entry["safe_date"] if entry else None,
                  "relies_on_extension": relies, "rule": rule_id}
        if entry:
            filing.update({k: entry[k] for k in ("cite", "clause", "text", "steps", "assumptions", "waiting_on",
                                                 "waiting_message", "no_later_than", "uncertain_days")})
        if certainty == "relies":
            filing["warning"] = self.say("assume_extension_needed", certain=date.fromisoformat(entry["certain"]),
                                         safe=date.fromisoformat(entry["safe_date"]))
        self.display(filing, ("received", "nominal", "deadline", "certain", "safe_date", "no_later_than"))
        return filing

    def eligibility(self) -> dict:
        rule = self.j.eligibility
        cite = self.j.clause(rule.clause).cite
        role = self.facts.complainant_role
        if rule.roles is None:
            status, reasons = "eligible", [self.say("eligible_anyone", cite=cite)]
        elif "any-person" in rule.roles:
            status, reasons = "eligible", [self.say("eligible_any_person", cite=cite,
                                                    label=self.role_label("any-person"))]
        else:
            allowed = join_or([self.role_label(r) for r in rule.roles], self.lang)
            if role is None:
                status, reasons = "unknown", [self.say("eligible_unknown", cite=cite, roles=allowed)]
            elif role in rule.roles:
                status, reasons = "eligible", [self.say("eligible_role", cite=cite, roles=allowed,
                                                        role=self.role_label(role))]
            else:
                status, reasons = "not-eligible", [self.say("ineligible_role", cite=cite, roles=allowed)]
        return {"status": status, "reasons": reasons,
                "roles": list(rule.roles) if rule.roles is not None else None,
                "cite": cite, "clause": rule.clause, "text": rule.text, "note": rule.note}

    def contents(self) -> dict:
        required = [item.id for item in self.j.contents]
        present = self.facts.contents
        missing = None if present is None else [i for i in required if i not in present]
        if not required:
            status = "none-required"
        elif missing is None:
            status = "unknown"
        else:
            status = "incomplete" if missing else "complete"
        clause = self.j.clause(self.j.contents_clause) if self.j.contents_clause else None
        return {"status": status, "required": required,
                "present": list(present) if present is not None else None, "missing": missing,
                "items": [{"id": i.id, "label": i.label, "explain": i.explain, "text": i.text, "clause": i.clause,
                           "cite": self.j.clause(i.clause).cite} for i in self.j.contents],
                "cite": clause.cite if clause else None, "clause": self.j.contents_clause,
                "text": self.j.contents_text}

    def window(self, rule: Rule, info: dict, applies: str) -> dict:
        opened = self.anchor_value(rule.opens)
        closed = self.anchor_value(rule.closes)
        status = "closed" if closed is not None else "open" if opened is not None else "waiting"
        entry = self.entry(rule, info)
        entry.update({
            "status": status,
            "opens_on": rule.opens, "opens_label": self.anchor_label(rule.opens),
            "opened": _iso(_day(opened) if opened else None),
            "closes_on": rule.closes, "closes_label": self.anchor_label(rule.closes),
            "closed": _iso(_day(closed) if closed else None),
            "waiting_on": rule.opens if status == "waiting" else None,
            "waiting_label": self.anchor_label(rule.opens) if status == "waiting" else None,
            "applies": applies, "condition": self.condition_text(rule),
            "assumptions": [rule.note] if rule.note else [],
        })
        self.display(entry, ("opened", "closed"))
        return entry

    def report(self) -> dict:
        deadlines, windows, stages, provisions, not_applicable = [], [], [], [], []
        for rule_id in self.j.rule_ids():
            rule, info, _ = self.version(rule_id)
            if rule is None:
                latest = self.j.versions(rule_id)[-1]
                not_applicable.append({"id": rule_id, "kind": latest.kind, "title": latest.title,
                                       "reason": self.say("not_in_force",
                                                          day=self.facts.get(latest.version_date),
                                                          fact=latest.version_date)})
                continue
            applies = self.applies(rule)
            if applies == "no" and rule.kind in COUNTED_KINDS + ("window",):
                not_applicable.append({"id": rule_id, "kind": rule.kind, "title": rule.title,
                                       "reason": self.say("not_applicable_condition",
                                                          condition=self.condition_text(rule))})
            elif rule.kind in COUNTED_KINDS:
                deadlines.append(self.deadline(rule_id))
            elif rule.kind == "window":
                windows.append(self.window(rule, info, applies))
            elif rule.kind == "stage":
                stages.append(rule)
            else:
                entry = self.entry(rule, info)
                entry.update({"applies": applies if rule.applies_when or rule.applies_unless else None,
                              "condition": self.condition_text(rule)})
                if rule.kind == "fine":
                    entry.update({"amount_min": rule.amount_min, "amount_max": rule.amount_max})
                provisions.append(entry)
        conflicts = self.conflicts({d["id"]: d for d in deadlines})

        shown = {d["id"] for d in deadlines}
        stage_entries = []
        for order, rule in enumerate(stages, 1):
            counted = [r for r in rule.stage_rules
                       if any(v.kind in COUNTED_KINDS for v in self.j.versions(r))]
            stage_entries.append({
                "id": rule.id, "order": order, "title": rule.title, **self.provenance(rule),
                "rules": list(rule.stage_rules),
                "deadlines": [r for r in counted if r in shown],
                "deadline_note": None if counted else self.say("no_deadline"),
            })

        j = self.j
        report = {
            "schema": SCHEMA,
            "language": self.lang,
            "as_of": _iso(self.today),
            "display": {"as_of": format_day(self.today, self.lang) if self.today else None},
            "jurisdiction": {
                "id": j.id, "name": j.name, "title": j.title, "code": j.code, "source": j.source,
                "timezone": j.timezone, "updated": j.updated.isoformat(), "rules_version": j.digest,
                "contact": j.contact, "contact_url": j.contact_url or None,
                "complaint_form": {"url": j.complaint_form.url, "title": j.complaint_form.title}
                if j.complaint_form else None,
                "supported_from": j.supported_from.isoformat(), "supported_to": j.supported_to.isoformat(),
                "receiver": j.receiver,
                "actors": {a.id: {"label": a.label, "side": a.side} for a in j.actors},
                "roles": [{"id": r.id, "label": r.label, "text": r.text, "clause": r.clause} for r in j.roles],
                "terms": [{"term": t.term, "explain": t.explain} for t in j.terms],
            },
            "facts": {**self.facts.as_json(), "display": self.facts_display()},
            "filing": self.filing(deadlines),
            "eligibility": self.eligibility(),
            "contents": self.contents(),
            "deadlines": deadlines,
            "windows": windows,
            "stages": stage_entries,
            "provisions": provisions,
            "not_applicable": not_applicable,
            "conflicts": conflicts,
            "assumptions": self.assumptions(),
            "disclaimer": self.say("disclaimer", contact=j.contact),
        }
        report["answers"] = answers(report, self.lang, self.today, j.counting.cite, procedure_order(j))
        return report

    def facts_display(self) -> dict:
        """The dates and times given, written out: {"violation_date": "Friday, …", "events.meeting": "10:00 a.m. CST, …"}."""
        shown = {}
        dates = {name: getattr(self.facts, name) for name in ("violation_date", "received", "election_date")}
        for name, value in {**dates, **self.facts.declared}.items():
            if isinstance(value, date):
                shown[name] = format_day(value, self.lang)
        for event_id, value in self.facts.events.items():
            shown[f"events.{event_id}"] = format_moment(self.localize(event_id, value, []), self.lang) \
                if isinstance(value, datetime) else format_day(value, self.lang)
        return shown

    def assumptions(self) -> list[str]:
        info, counting = self.j.calendar_info, self.j.counting
        out = [f"{info.summary} ({info.cite})"]
        out += [self.say("calendar_change", name=c.name, reason=c.reason, cite=c.cite)
                for c in info.removed + info.added + info.not_moved]
        out += [self.say("calendar_unconfirmed", name=name, reason=reason) if name else reason
                for name, reason in info.unconfirmed]
        out += list(info.assumptions)
        out.append(self.roll_assumption())
        out.append(self.say("assume_business_days", definition=counting.business_days,
                            note=counting.business_days_note))
        return out
