"""The one entry point: a procedure and the facts a person knows, in; a report, out.

`evaluate` does no I/O, reads no clock and keeps no state between calls, so the
same call gives the same report in CPython, in Pyodide and in the tests. Every
date in the report carries the rule that set it, the sentence of law that rule
implements, the steps of the count and the assumptions it rests on.
"""

from datetime import date, datetime

from dateutil import tz
from dateutil.zoneinfo import get_zonefile_instance

from .business_calendar import OutsideCalendar
from .counting import BUSINESS_UNITS, CALENDAR_UNITS, Counted, count_business_days, count_days, count_hours
from .facts import Facts, InputError, parse_facts
from .model import BUILTIN_DATE_FACTS, COUNTED_KINDS, DEADLINE_ANCHOR, OFFICIALS, Count, Jurisdiction, Rule
from .wording import join_or, say

SCHEMA = 1
PROVISION_KINDS = ("condition", "action", "option", "fine", "note")


def evaluate(jurisdiction: Jurisdiction, facts: dict, lang: str = "en") -> dict:
    """The report for `facts` (a dict as read from JSON) under `jurisdiction`.

    Raises InputError, naming the field, when a fact is malformed or impossible.
    """
    return _Evaluation(jurisdiction, parse_facts(facts, jurisdiction), lang).report()


def views(actor: str | None, notifies=()) -> list[str]:
    """The party views a rule belongs to: complainant, respondent, officials."""
    seen = set()
    for who in (actor, *notifies):
        if who == "parties":
            seen.update(("complainant", "respondent"))
        elif who in ("complainant", "respondent"):
            seen.add(who)
        elif who in OFFICIALS:
            seen.add("officials")
    return [v for v in ("complainant", "respondent", "officials") if v in seen]


def anchor_words(jurisdiction: Jurisdiction, name: str, lang: str = "en") -> str:
    """What a period is counted from, in words: 'the date of the alleged violation'."""
    if name in BUILTIN_DATE_FACTS:
        return say(f"anchor_{name}", lang)
    event = jurisdiction.event(name)
    if event:
        return say("anchor_event", lang, label=event.label)
    fact = jurisdiction.declared_fact(name)
    if fact:
        return say("anchor_fact", lang, label=fact.label)
    versions = jurisdiction.versions(name.removeprefix(DEADLINE_ANCHOR))
    return say("anchor_deadline", lang, title=versions[-1].title if versions else name)


def _iso(value):
    return value.isoformat() if value is not None else None


class _Evaluation:
    """One evaluation's working state; it lives only for one call of `evaluate`."""

    def __init__(self, jurisdiction: Jurisdiction, facts: Facts, lang: str):
        self.j = jurisdiction
        self.facts = facts
        self.lang = lang
        self.zone = get_zonefile_instance().get(jurisdiction.timezone)
        self.counted: dict[str, dict] = {}

    # --- words ------------------------------------------------------------------------

    def say(self, key: str, **params) -> str:
        return say(key, self.lang, **params)

    def anchor_label(self, name: str) -> str:
        return anchor_words(self.j, name, self.lang)

    def condition_text(self, rule: Rule) -> str | None:
        if rule.condition:
            return rule.condition
        parts = [self.describe(c) for c in rule.applies_when]
        parts += [self.describe(c, negated=True) for c in rule.applies_unless]
        return self.say("and").join(parts) if parts else None

    def describe(self, c, negated: bool = False) -> str:
        """A condition in words; `negated` says it must not hold."""
        suffix = "_not" if negated else ""
        if c.date:
            return self.say(f"cond_within_{c.side}{suffix}", date=self.anchor_label(c.date), days=c.days,
                            other=self.anchor_label(c.other))
        fact = self.j.declared_fact(c.fact)
        label = fact.label if fact else self.say(f"fact_{c.fact}")
        if c.one_of:
            return self.say(f"cond_in{suffix}", fact=label,
                            values=join_or([self.say(f"role_{v}") for v in c.one_of], self.lang))
        if isinstance(c.equals, bool):
            return self.say("cond_equals_true" if c.equals != negated else "cond_equals_false", fact=label)
        return self.say(f"cond_equals{suffix}", fact=label, value=self.say(f"role_{c.equals}"))

    # --- facts and anchors --------------------------------------------------------------

    def anchor_value(self, name: str):
        """The date (or local date-time) an anchor stands for, or None while unknown."""
        if name.startswith(DEADLINE_ANCHOR):
            entry = self.deadline(name.removeprefix(DEADLINE_ANCHOR))
            return date.fromisoformat(entry["due"]) if entry and entry["due"] else None
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
        day = day.date() if isinstance(day, datetime) else day
        other = other.date() if isinstance(other, datetime) else other
        gap = (other - day).days if c.side == "before" else (day - other).days
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
        return {"id": rule.id, "kind": rule.kind, "title": rule.title, "actor": rule.actor,
                "notifies": list(rule.notifies), "views": views(rule.actor, rule.notifies),
                **self.provenance(rule), "version": info}

    # --- deadlines -----------------------------------------------------------------------

    def deadline(self, rule_id: str) -> dict | None:
        """The deadline entry for a counted rule, or None if it is not in force or does not apply."""
        if rule_id not in self.counted:
            self.counted[rule_id] = self.compute_deadline(rule_id)
        return self.counted[rule_id]

    def compute_deadline(self, rule_id: str) -> dict | None:
        rule, info, version_note = self.version(rule_id)
        if rule is None:
            return None
        applies = self.applies(rule)
        if applies == "no":
            return None
        entry = self.entry(rule, info)
        assumptions = [rule.note] if rule.note else []
        if version_note:
            assumptions.append(version_note)
        condition = self.condition_text(rule)
        if applies == "unknown":
            assumptions.append(self.say("assume_condition_unknown", condition=condition))

        results, steps, missing = [], [], []
        for i, count in enumerate(rule.counts, 1):
            if len(rule.counts) > 1:
                steps.append(self.say("limit", i=i))
            start = self.anchor_value(count.anchor)
            if start is None:
                missing.append(count.anchor)
                steps.append(self.say("limit_waiting" if len(rule.counts) > 1 else "waiting",
                                      i=i, anchor=self.anchor_label(count.anchor)))
                continue
            counted = self.count(count, start, assumptions)
            results.append(counted)
            steps.extend(counted.steps)
        if results and missing:
            for anchor in missing:
                assumptions.append(self.say("assume_limit_unknown", anchor=self.anchor_label(anchor)))
        chosen = min(results, key=lambda c: (c.due, c.nominal)) if results else None
        if chosen and len(rule.counts) > 1:
            steps.append(self.say("earliest", due=chosen.due))
        for unit in dict.fromkeys(c.period.unit for c in rule.counts):
            if unit in CALENDAR_UNITS and chosen and chosen.extended:
                assumptions.append(self.say("assume_roll", summary=self.j.counting.summary,
                                            cite=self.j.counting.cite, note=self.j.counting.note))
            elif unit in BUSINESS_UNITS:
                assumptions.append(self.say("assume_business_days",
                                            definition=self.j.counting.business_days,
                                            note=self.j.counting.business_days_note))
        nominal = min((c.nominal for c in results), default=None)
        safe = min((c.safe for c in results if c.safe), default=None)
        entry.update({
            "due": _iso(chosen.due) if chosen else None,
            "nominal": _iso(nominal),
            "safe_date": _iso(safe),
            "due_at": chosen.due_at.isoformat(timespec="minutes") if chosen and chosen.due_at else None,
            "from": [c.anchor for c in rule.counts],
            "waiting_on": missing[0] if not results else None,
            "waiting_label": self.anchor_label(missing[0]) if not results else None,
            "applies": applies,
            "condition": condition,
            "steps": steps,
            "assumptions": list(dict.fromkeys(assumptions)),
        })
        return entry

    def count(self, count: Count, start, assumptions: list) -> Counted:
        period = count.period
        label = self.anchor_label(count.anchor)
        try:
            if period.unit == "hours":
                return count_hours(self.localize(count.anchor, start, assumptions), period,
                                   anchor=label, lang=self.lang)
            day = start.date() if isinstance(start, datetime) else start
            if period.unit in BUSINESS_UNITS:
                return count_business_days(day, period, self.j.calendar, anchor=label, lang=self.lang)
            roll = period.roll or (self.j.counting.roll if period.direction == "after" else "backward")
            return count_days(day, period, self.j.calendar, anchor=label, roll=roll,
                              roll_cite=self.j.counting.cite, lang=self.lang)
        except OutsideCalendar as err:
            field = count.anchor if count.anchor in BUILTIN_DATE_FACTS else f"events.{count.anchor}"
            raise InputError(field, "outside_calendar", value=_iso(start), day=err.day.isoformat(),
                             first=self.j.calendar.first_year, last=self.j.calendar.last_year) from None

    def localize(self, anchor: str, start, assumptions: list) -> datetime:
        """An event's local date-time in the jurisdiction's zone; a bare date means 00:00."""
        if not isinstance(start, datetime):
            event = self.j.event(anchor)
            assumptions.append(self.say("assume_date_only_time", label=event.label if event else anchor))
            start = datetime(start.year, start.month, start.day)
        if tz.datetime_ambiguous(start, self.zone):
            assumptions.append(self.say("assume_ambiguous_time", value=start.isoformat(timespec="minutes"),
                                        zone=self.j.timezone))
        return start.replace(tzinfo=self.zone, fold=0)

    # --- the sections of the report -----------------------------------------------------------

    def filing(self, deadlines: list[dict]) -> dict:
        rule_id = next(r.id for r in self.j.rules if r.kind == "filing")
        entry = next((d for d in deadlines if d["id"] == rule_id), None)
        received = self.facts.received
        status, relies = "unknown", False
        if entry and entry["due"] and received:
            deadline, nominal = date.fromisoformat(entry["due"]), date.fromisoformat(entry["nominal"])
            status = "timely" if received <= deadline else "late"
            relies = nominal < received <= deadline
        filing = {"status": status, "received": _iso(received),
                  "nominal": entry["nominal"] if entry else None,
                  "deadline": entry["due"] if entry else None,
                  "safe_date": entry["safe_date"] if entry else None,
                  "relies_on_extension": relies, "rule": rule_id}
        if entry:
            filing.update({k: entry[k] for k in ("cite", "clause", "text", "steps", "assumptions",
                                                 "waiting_on")})
        if relies:
            filing["warning"] = self.say("assume_extension_needed", cite=self.j.counting.cite,
                                         safe=date.fromisoformat(entry["safe_date"]))
        return filing

    def eligibility(self) -> dict:
        rule = self.j.eligibility
        cite = self.j.clause(rule.clause).cite
        role = self.facts.complainant_role
        if rule.roles is None:
            status, reasons = "eligible", [self.say("eligible_anyone", cite=cite)]
        else:
            allowed = join_or([self.say(f"role_{r}") for r in rule.roles], self.lang)
            if role is None:
                status, reasons = "unknown", [self.say("eligible_unknown", cite=cite, roles=allowed)]
            elif role in rule.roles:
                status, reasons = "eligible", [self.say("eligible_role", cite=cite, roles=allowed,
                                                        role=self.say(f"role_{role}"))]
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
                "items": [{"id": i.id, "label": i.label, "explain": i.explain, "text": i.text}
                          for i in self.j.contents],
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
            "opened": _iso(opened.date() if isinstance(opened, datetime) else opened),
            "closes_on": rule.closes, "closes_label": self.anchor_label(rule.closes),
            "closed": _iso(closed.date() if isinstance(closed, datetime) else closed),
            "waiting_on": rule.opens if status == "waiting" else None,
            "waiting_label": self.anchor_label(rule.opens) if status == "waiting" else None,
            "applies": applies, "condition": self.condition_text(rule),
            "assumptions": [rule.note] if rule.note else [],
        })
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
        return {
            "schema": SCHEMA,
            "jurisdiction": {
                "id": j.id, "name": j.name, "title": j.title, "code": j.code, "source": j.source,
                "timezone": j.timezone, "updated": j.updated.isoformat(), "rules_version": j.digest,
                "contact": j.contact, "supported_from": j.supported_from.isoformat(),
                "supported_to": j.supported_to.isoformat(),
            },
            "facts": self.facts.as_json(),
            "filing": self.filing(deadlines),
            "eligibility": self.eligibility(),
            "contents": self.contents(),
            "deadlines": deadlines,
            "windows": windows,
            "stages": stage_entries,
            "provisions": provisions,
            "not_applicable": not_applicable,
            "assumptions": self.assumptions(),
            "disclaimer": self.say("disclaimer", contact=j.contact),
        }

    def assumptions(self) -> list[str]:
        info, counting = self.j.calendar_info, self.j.counting
        out = [f"{info.summary} ({info.cite})"]
        out += [f"{c.reason} ({c.cite})" for c in info.removed + info.added]
        out += list(info.assumptions)
        out.append(self.say("assume_roll", summary=counting.summary, cite=counting.cite, note=counting.note))
        out.append(self.say("assume_business_days", definition=counting.business_days,
                            note=counting.business_days_note))
        return out
