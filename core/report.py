"""The one entry point: a procedure and the facts a person knows, in; a report, out.

`evaluate` does no I/O, reads no clock and keeps no state between calls, so the same call
gives the same report in CPython, in Pyodide and in the tests. It reads the situation (which
version of each rule is in force, which apply), counts the deadlines, finds what conflicts,
reaches the verdicts and words each person's answer, all as typed values; this module then
writes them as the report's JSON (core/report_json.py), the one place where a date becomes text.
"""

from dataclasses import dataclass, replace
from datetime import date

from .answers import Answer, answers
from .conflicts import Conflict, find_conflicts
from .deadlines import Deadline, count_deadlines
from .describing import anchor_words, condition_text
from .facts import parse_facts
from .guidance import Filing, Guidance, Window, filing, guidance, window
from .localize import localized
from .model import COUNTED_KINDS, Jurisdiction, Rule
from .report_json import SCHEMA, report_json
from .situation import Situation, Version
from .verdicts import Contents, Eligibility, contents, eligibility
from .wording import say

__all__ = ["Assessment", "SCHEMA", "assess", "evaluate", "report_json"]


@dataclass(frozen=True)
class NotApplicable:
    """A rule that does not apply to these facts, and why not."""

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
    guidance: Guidance  # what each person acts on: every duty's day at stake as of today, and how sure it is
    answers: dict[str, Answer]

    @property
    def jurisdiction(self) -> Jurisdiction:
        return self.situation.j


def assess(jurisdiction: Jurisdiction, facts: dict, lang: str = "en", today: date | None = None,
           done: dict[str, date] | None = None, office_days=None) -> Assessment:
    """What the facts mean under the procedure, typed. From an office's desk: `done`, the duties it marked done
    (duty id -> the day it was marked), and `office_days`, the days it recorded as open or closed, which settle
    those days of the calendar. Raises InputError, naming the field."""
    procedure = localized(jurisdiction, lang)
    if office_days:
        procedure = replace(procedure, calendar=procedure.calendar.as_recorded(
            office_days.open, office_days.closed, say("office_recorded_closed", lang), say("office_recorded", lang)))
    situation = Situation(procedure, parse_facts(facts, jurisdiction), lang, today)
    return _assess(situation, done)


def _assess(s: Situation, done: dict[str, date] | None = None) -> Assessment:
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
    filed, eligible, holds = filing(s, deadlines), eligibility(s), contents(s)
    guided = guidance(s, deadlines, done, found)
    return Assessment(s, deadlines, warnings, found, windows, provisions, stages, not_applicable, filed, eligible,
                      holds, guided, answers(s, guided, windows, filed, eligible, holds))


def evaluate(jurisdiction: Jurisdiction, facts: dict, lang: str = "en", today: date | None = None) -> dict:
    """The report for `facts` (a dict as read from JSON) under `jurisdiction`, in `lang`.

    `today` (the day in the city's time zone) is optional: with it, dates before it are marked
    as passed and each person's answer speaks of what is still to come. The core reads no clock.
    Raises InputError, naming the field, when a fact is malformed or impossible.
    """
    return report_json(assess(jurisdiction, facts, lang, today))
