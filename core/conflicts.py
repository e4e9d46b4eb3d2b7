"""Where one date overrides or bounds another: a deadline that governs others when it applies
(Illinois (G): a decision within seven days before an election), and a recorded event that came
after the deadline that binds it. Pure: it reads the deadlines and edits none of them.
"""

from dataclasses import dataclass
from datetime import date

from .deadlines import Deadline
from .model import Jurisdiction
from .situation import Situation, as_day
from .wording import say


@dataclass(frozen=True)
class Conflict:
    """Two dates that cannot both stand: a date the facts give, or one counted from them, past a deadline that
    governs it."""

    kind: str  # "after-governing", "event-after-deadline", or "announce-late" (a notice due on or after the event
    # whose date it must announce)
    rule: str
    day: date  # the date that conflicts
    limit: date  # the deadline it passes
    message: str
    governed_by: str | None = None
    event: str | None = None


def _cite(j: Jurisdiction, deadline: Deadline) -> str:
    return j.clause(deadline.rule.clause).cite


def find_conflicts(situation: Situation, deadlines: dict[str, Deadline]) -> tuple[list[Conflict], dict[str, list[str]]]:
    """The conflicts among the deadlines, and the warning each deadline's entry carries."""
    j, lang, facts = situation.j, situation.lang, situation.facts
    found: list[Conflict] = []
    warnings: dict[str, list[str]] = {rule_id: [] for rule_id in deadlines}
    election = facts.election_date
    for governing in deadlines.values():
        if not governing.rule.governs or governing.applies != "yes" or not governing.due:
            continue
        limit = governing.due
        for rule_id in governing.rule.governs:
            governed = deadlines.get(rule_id)
            if governed is None:
                continue
            if governed.due is None:
                warnings[rule_id].append(say("governed_waiting", lang, title=governing.rule.title,
                                             cite=_cite(j, governing), due=limit))
                continue
            if governed.due <= limit:
                continue
            key = "governed_after_election" if election and governed.due >= election else "governed_after"
            message = say(key, lang, title=governing.rule.title, cite=_cite(j, governing), due=limit,
                          day=governed.due, election=election)
            warnings[rule_id].append(message)
            found.append(Conflict("after-governing", rule_id, governed.due, limit, message, governed_by=governing.id))
    for event in j.events:
        recorded = facts.events.get(event.id)
        if recorded is None:
            continue
        for rule_id in event.due_by:
            bound = deadlines.get(rule_id)
            if not bound or not bound.due or as_day(recorded) <= bound.due:
                continue
            message = say("event_after_deadline", lang, label=event.label, day=as_day(recorded),
                          title=bound.rule.title, cite=_cite(j, bound), due=bound.due)
            if bound.condition:
                message += " " + say("if_it_applies", lang, condition=bound.condition)
            warnings[rule_id].append(message)
            found.append(Conflict("event-after-deadline", rule_id, as_day(recorded), bound.due, message,
                                  event=event.id))
    for notice in deadlines.values():
        # A notice that must announce an event's date cannot, once its last day is not before that event.
        recorded = facts.events.get(notice.rule.announces) if notice.rule.announces else None
        if recorded is None or notice.due is None or as_day(notice.due_at or notice.due) < as_day(recorded):
            continue
        event = j.event(notice.rule.announces)
        message = say("announce_late", lang, label=event.label, day=as_day(recorded), due=notice.due_at or notice.due)
        warnings[notice.id].append(message)
        found.append(Conflict("announce-late", notice.id, as_day(recorded), notice.due, message, event=event.id))
    return found, warnings
