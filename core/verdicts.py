"""What the facts mean for two questions a person asks that do not turn on a day: may they file, and does the
complaint contain what the code requires. Whether it is (or would be) on time, and which windows are open, are
questions of the day: the guidance model answers them (core/guidance.py).
"""

from dataclasses import dataclass

from .describing import role_label
from .situation import Situation
from .wording import join_or, say


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
    if rule.roles is None:  # said of the clause a complaint is filed under, not of a definition it relies on
        status, reason = "eligible", say("eligible_anyone", lang, cite=j.clause(rule.files_under).cite)
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
