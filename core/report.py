"""The one entry point: a procedure and the facts a person knows, in; a report, out.

`evaluate` does no I/O, reads no clock and keeps no state between calls, so the same call
gives the same report in CPython, in Pyodide and in the tests. It reads the situation (which
version of each rule is in force, which apply), counts the deadlines, finds what conflicts,
reaches the verdicts and words each person's answer, all as typed values; this module then
writes them as the report's JSON, the one place where a date becomes text.
"""

from dataclasses import dataclass
from datetime import date, datetime

from .answers import Answer, answers
from .audience import People, people
from .conflicts import Conflict, find_conflicts
from .deadlines import Deadline, count_deadlines
from .describing import anchor_words, business_days_assumption, condition_text, roll_assumption
from .facts import Facts, parse_facts
from .localize import localized
from .model import COUNTED_KINDS, Jurisdiction, Rule
from .situation import Situation, Version, as_day
from .verdicts import Contents, Eligibility, Filing, Window, contents, eligibility, filing, window
from .wording import format_day, format_moment, say

SCHEMA = 1
PROVISION_KINDS = ("condition", "action", "option", "fine", "note")


@dataclass(frozen=True)
class NotApplicable:
    rule: Rule
    reason: str


@dataclass(frozen=True)
class Assessment:
    """Everything an evaluation found, typed: what the report, the answers and the calendar file are made of."""

    situation: Situation
    deadlines: dict[str, Deadline]
    warnings: dict[str, list[str]]
    conflicts: list[Conflict]
    windows: list[Window]
    provisions: list[tuple[Rule, Version, str]]  # (rule, version, applies)
    stages: list[Rule]
    not_applicable: list[NotApplicable]
    filing: Filing
    eligibility: Eligibility
    contents: Contents
    answers: dict[str, Answer]

    @property
    def jurisdiction(self) -> Jurisdiction:
        return self.situation.j


def assess(jurisdiction: Jurisdiction, facts: dict, lang: str = "en", today: date | None = None) -> Assessment:
    """What the facts mean under the procedure, typed. Raises InputError, naming the field."""
    situation = Situation(localized(jurisdiction, lang), parse_facts(facts, jurisdiction), lang, today)
    return _assess(situation)


def _assess(s: Situation) -> Assessment:
    deadlines = count_deadlines(s)
    windows, provisions, stages, not_applicable = [], [], [], []
    for rule_id in s.j.rule_ids():
        in_force = s.in_force(rule_id)
        rule = in_force.rule
        if rule is None:
            latest = s.j.versions(rule_id)[-1]
            reason = say("not_in_force", s.lang, day=s.facts.get(latest.version_date),
                         fact=anchor_words(s.j, latest.version_date, s.lang))
            not_applicable.append(NotApplicable(latest, reason))
            continue
        applies = s.applies(rule)
        if applies == "no" and rule.kind in COUNTED_KINDS + ("window",):
            reason = say("not_applicable_condition", s.lang, condition=condition_text(s.j, rule, s.lang))
            not_applicable.append(NotApplicable(rule, reason))
        elif rule.kind == "window":
            windows.append(window(s, deadlines, rule, in_force.version))
        elif rule.kind == "stage":
            stages.append(rule)
        elif rule.kind not in COUNTED_KINDS:
            provisions.append((rule, in_force.version, applies))
    found, warnings = find_conflicts(s, deadlines)
    filed, eligible = filing(s, deadlines), eligibility(s)
    return Assessment(s, deadlines, warnings, found, windows, provisions, stages, not_applicable, filed, eligible,
                      contents(s), answers(s, deadlines, windows, filed, eligible))


def evaluate(jurisdiction: Jurisdiction, facts: dict, lang: str = "en", today: date | None = None) -> dict:
    """The report for `facts` (a dict as read from JSON) under `jurisdiction`, in `lang`.

    `today` (the day in the city's time zone) is optional: with it, dates before it are marked
    as passed and each person's answer speaks of what is still to come. The core reads no clock.
    Raises InputError, naming the field, when a fact is malformed or impossible.
    """
    return report_json(assess(jurisdiction, facts, lang, today))


# --- the report's JSON: every date becomes text here, and only here ---------------------------------

def _iso(value) -> str | None:
    return value.isoformat() if value is not None else None


class _Writer:
    """Writes one assessment as JSON, in its language, as of its day."""

    def __init__(self, a: Assessment):
        self.a, self.j, self.lang, self.today = a, a.situation.j, a.situation.lang, a.situation.today

    def day(self, value: date) -> str:
        return format_day(value, self.lang)

    def shown(self, dates: dict[str, date | None], due: date | None) -> dict:
        """`display` (each date in words) and `passed` (the last day is before today)."""
        return {"display": {name: self.day(value) for name, value in dates.items() if value},
                "passed": bool(self.today and due and due < self.today)}

    def provenance(self, rule: Rule) -> dict:
        return {"cite": self.j.clause(rule.clause).cite, "clause": rule.clause, "text": rule.text or None,
                "source": rule.source or self.j.source, "note": rule.note}

    def entry(self, rule: Rule, version: Version | None, people: People) -> dict:
        return {"id": rule.id, "kind": rule.kind, "title": rule.title, "task": rule.task, "actor": rule.actor,
                "notifies": list(rule.notifies), "views": people.views,
                "acts": list(people.acts), "concerns": list(people.concerns), **self.provenance(rule),
                "version": self.version(version)}

    @staticmethod
    def version(v: Version | None) -> dict | None:
        return None if v is None else {"effective": v.effective.isoformat(), "repealed": _iso(v.repealed),
                                       "chosen_by": v.chosen_by, "date": _iso(v.day)}

    def uncertain_days(self, deadline: Deadline) -> list[dict]:
        return [{"date": u.day.isoformat(), "name": u.name, "reason": u.reason, "due_if_open": _iso(u.due_if_open),
                 "display": {"date": self.day(u.day), "due_if_open": self.day(u.due_if_open) if u.due_if_open else None}}
                for u in deadline.uncertain]

    def deadline(self, d: Deadline) -> dict:
        out = self.entry(d.rule, d.version, d.people)
        out.update({
            "due": _iso(d.due), "nominal": _iso(d.nominal), "certain": _iso(d.certain), "safe_date": _iso(d.safe),
            "due_at": d.due_at.isoformat(timespec="minutes") if d.due_at else None,
            "no_later_than": _iso(d.no_later_than),
            "from": [c.anchor for c in d.rule.counts],
            "limits": [{"from": l.anchor, "nominal": _iso(l.nominal), "due": _iso(l.due), "safe_date": _iso(l.safe)}
                       for l in d.limits] if d.limits is not None else None,
            "uncertain_days": self.uncertain_days(d),
            "waiting_on": d.waiting_on, "waiting_label": d.waiting_label, "waiting_message": d.waiting_message,
            "waiting_prompt": d.waiting_prompt,
            "applies": d.applies, "condition": d.condition, "governs": list(d.rule.governs),
            "warnings": list(self.a.warnings.get(d.id, [])),
            "steps": list(d.steps), "assumptions": list(d.assumptions),
        })
        out.update(self.shown({"due": d.due, "nominal": d.nominal, "certain": d.certain, "safe_date": d.safe,
                               "no_later_than": d.no_later_than}, d.due))
        if d.due_at:
            out["display"]["due_at"] = format_moment(d.due_at, self.lang)
        return out

    def filing(self) -> dict:
        f, d = self.a.filing, self.a.filing.deadline
        out = {"status": f.status, "certainty": f.certainty, "received": _iso(f.received),
               "nominal": _iso(d.nominal) if d else None, "deadline": _iso(d.due) if d else None,
               "certain": _iso(d.certain) if d else None, "safe_date": _iso(d.safe) if d else None,
               "relies_on_extension": f.relies_on_extension, "planned": f.planned, "rule": f.rule}
        if d:
            out.update({"cite": self.j.clause(d.rule.clause).cite, "clause": d.rule.clause, "text": d.rule.text or None,
                        "steps": list(d.steps), "assumptions": list(d.assumptions), "waiting_on": d.waiting_on,
                        "waiting_message": d.waiting_message, "no_later_than": _iso(d.no_later_than),
                        "uncertain_days": self.uncertain_days(d)})
        if f.warning:
            out["warning"] = f.warning
        dates = {"received": f.received} if not d else {
            "received": f.received, "nominal": d.nominal, "deadline": d.due, "certain": d.certain,
            "safe_date": d.safe, "no_later_than": d.no_later_than}
        out.update(self.shown(dates, d.due if d else None))
        return out

    def eligibility(self) -> dict:
        e = self.a.eligibility
        return {"status": e.status, "reasons": list(e.reasons), "roles": list(e.roles) if e.roles is not None else None,
                "cite": e.cite, "clause": e.clause, "text": e.text, "note": e.note}

    def contents(self) -> dict:
        c, j = self.a.contents, self.j
        clause = j.clause(j.contents_clause) if j.contents_clause else None
        return {"status": c.status, "required": list(c.required),
                "present": list(c.present) if c.present is not None else None,
                "missing": list(c.missing) if c.missing is not None else None,
                "items": [{"id": i.id, "label": i.label, "explain": i.explain, "text": i.text, "clause": i.clause,
                           "cite": j.clause(i.clause).cite} for i in j.contents],
                "cite": clause.cite if clause else None, "clause": j.contents_clause, "text": j.contents_text}

    def window(self, w: Window) -> dict:
        out = self.entry(w.rule, w.version, w.people)
        out.update({
            "status": w.status,
            "opens_on": w.rule.opens, "opens_label": w.opens_label, "opened": _iso(w.opened),
            "closes_on": w.rule.closes, "closes_label": w.closes_label, "closed": _iso(w.closed),
            "closes_when": w.rule.closes_when,
            "waiting_on": w.waiting_on, "waiting_label": w.waiting_label,
            "applies": w.applies, "condition": w.condition,
            "assumptions": [w.rule.note] if w.rule.note else [],
        })
        out.update(self.shown({"opened": w.opened, "closed": w.closed}, None))
        return out

    def provision(self, rule: Rule, version: Version, applies: str) -> dict:
        out = self.entry(rule, version, people(self.a.situation.sides, rule.actor, rule.notifies))
        out.update({"applies": applies if rule.applies_when or rule.applies_unless else None,
                    "condition": condition_text(self.j, rule, self.lang)})
        if rule.kind == "fine":
            out.update({"amount_min": rule.amount_min, "amount_max": rule.amount_max})
        return out

    def stages(self) -> list[dict]:
        shown, out = set(self.a.deadlines), []
        for order, rule in enumerate(self.a.stages, 1):
            counted = [r for r in rule.stage_rules if any(v.kind in COUNTED_KINDS for v in self.j.versions(r))]
            out.append({"id": rule.id, "order": order, "title": rule.title, **self.provenance(rule),
                        "rules": list(rule.stage_rules), "deadlines": [r for r in counted if r in shown],
                        "deadline_note": None if counted else say("no_deadline", self.lang)})
        return out

    @staticmethod
    def conflict(c: Conflict) -> dict:
        if c.kind == "after-governing":
            return {"kind": c.kind, "rule": c.rule, "governed_by": c.governed_by, "date": c.day.isoformat(),
                    "limit": c.limit.isoformat(), "message": c.message}
        return {"kind": c.kind, "event": c.event, "rule": c.rule, "date": c.day.isoformat(),
                "limit": c.limit.isoformat(), "message": c.message}

    def facts(self) -> dict:
        facts: Facts = self.a.situation.facts
        shown = {}
        dates = {name: getattr(facts, name) for name in ("violation_date", "received", "election_date")}
        for name, value in {**dates, **facts.declared}.items():
            if isinstance(value, date):
                shown[name] = self.day(value)
        for event_id, value in facts.events.items():
            shown[f"events.{event_id}"] = format_moment(self.a.situation.localize(event_id, value, []), self.lang) \
                if isinstance(value, datetime) else self.day(value)
        return {**facts.as_json(), "display": shown}

    def assumptions(self) -> list[str]:
        info = self.j.calendar_info
        out = [f"{info.summary} ({info.cite})"]
        out += [say("calendar_change", self.lang, name=c.name, reason=c.reason, cite=c.cite)
                for c in info.removed + info.added + info.not_moved]
        out += [say("calendar_unconfirmed", self.lang, name=name, reason=reason) if name else reason
                for name, reason in info.unconfirmed]
        out += list(info.assumptions)
        out.append(roll_assumption(self.j, self.lang))
        out.append(business_days_assumption(self.j, self.lang))
        return out

    def jurisdiction(self) -> dict:
        j = self.j
        return {
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
        }

    @staticmethod
    def answer(a: Answer) -> dict:
        return {"status": a.status, "sentence": a.sentence, "date": _iso(a.day), "detail": a.detail, "rule": a.rule,
                "asks": list(a.asks)}

    def report(self) -> dict:
        a = self.a
        return {
            "schema": SCHEMA,
            "language": self.lang,
            "as_of": _iso(self.today),
            "display": {"as_of": self.day(self.today) if self.today else None},
            "jurisdiction": self.jurisdiction(),
            "facts": self.facts(),
            "filing": self.filing(),
            "eligibility": self.eligibility(),
            "contents": self.contents(),
            "deadlines": [self.deadline(d) for d in a.deadlines.values()],
            "windows": [self.window(w) for w in a.windows],
            "stages": self.stages(),
            "provisions": [self.provision(*p) for p in a.provisions],
            "not_applicable": [{"id": n.rule.id, "kind": n.rule.kind, "title": n.rule.title, "reason": n.reason}
                               for n in a.not_applicable],
            "conflicts": [self.conflict(c) for c in a.conflicts],
            "assumptions": self.assumptions(),
            "disclaimer": say("disclaimer", self.lang, contact=self.j.contact),
            "answers": {person: self.answer(answer) for person, answer in a.answers.items()},
        }


def report_json(assessment: Assessment) -> dict:
    """The report (schema 1) for an assessment: plain JSON data."""
    return _Writer(assessment).report()
