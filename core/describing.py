"""The procedure in words: what a period is counted from, when a rule applies, what a person
must do, and what a later last day relies on. The summary, the report, the answers and the
calendar file all word these things here, so that each is said one way everywhere.
"""

from datetime import date

from .model import BUILTIN_DATE_FACTS, COUNTED_KINDS, DEADLINE_ANCHOR, Jurisdiction, Rule
from .wording import amount, join_or, say


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


def role_label(jurisdiction: Jurisdiction, role_id: str, lang: str = "en") -> str:
    """A role in running text: 'a registered elector in the City'."""
    role = jurisdiction.role(role_id)
    return role.label[0].lower() + role.label[1:] if role else say(f"role_{role_id}", lang)


def describe(jurisdiction: Jurisdiction, c, lang: str = "en", negated: bool = False) -> str:
    """A condition in words; `negated` says it must not hold."""
    suffix = "_not" if negated else ""
    if c.date:
        return say(f"cond_within_{c.side}{suffix}", lang, date=anchor_words(jurisdiction, c.date, lang),
                   days=c.days, other=anchor_words(jurisdiction, c.other, lang))
    fact = jurisdiction.declared_fact(c.fact)
    label = fact.label[0].lower() + fact.label[1:] if fact else say(f"fact_{c.fact}", lang)
    if c.one_of:
        return say(f"cond_in{suffix}", lang, fact=label,
                   values=join_or([role_label(jurisdiction, v, lang) for v in c.one_of], lang))
    if isinstance(c.equals, bool):
        return say("cond_equals_true" if c.equals != negated else "cond_equals_false", lang, fact=label)
    return say(f"cond_equals{suffix}", lang, fact=label, value=role_label(jurisdiction, c.equals, lang))


def condition_text(jurisdiction: Jurisdiction, rule: Rule, lang: str = "en") -> str | None:
    """The rule's condition as one sentence: 'Only if the respondent is a candidate.'"""
    if rule.condition:
        return rule.condition
    parts = [describe(jurisdiction, c, lang) for c in rule.applies_when]
    parts += [describe(jurisdiction, c, lang, negated=True) for c in rule.applies_unless]
    return say("only_if", lang, condition=say("and", lang).join(parts)) if parts else None


def period_in_words(jurisdiction: Jurisdiction, rule: Rule, lang: str = "en") -> str:
    """'60 calendar days after the date of the alleged violation', or the window, or 'no deadline'."""
    if rule.kind in COUNTED_KINDS:
        limits = [say(f"period_{c.period.direction}", lang,
                      amount=amount(c.period.amount, c.period.unit, lang),
                      anchor=anchor_words(jurisdiction, c.anchor, lang))
                  for c in rule.counts]
        return say("period_earliest", lang).join(limits)
    if rule.kind == "window":
        return say("period_window", lang, opens=anchor_words(jurisdiction, rule.opens, lang),
                   closes=anchor_words(jurisdiction, rule.closes, lang))
    return say("no_deadline", lang)


def task(rule: Rule, lang: str = "en") -> str:
    """What the rule asks someone to do, as a verb phrase: 'file the complaint with the City Clerk'."""
    return rule.task or say("task_fallback", lang, title=rule.title)


def roll_assumption(jurisdiction: Jurisdiction, lang: str = "en") -> str:
    """How a last day on a closed day moves, with its authority."""
    counting = jurisdiction.counting
    text = say("assume_roll", lang, summary=counting.summary, cite=counting.cite, note=counting.note)
    if counting.closure_cite:
        text += " " + say("assume_closure_roll", lang, cite=counting.closure_cite, summary=counting.closure_summary)
    return text.strip()


def business_days_assumption(jurisdiction: Jurisdiction, lang: str = "en") -> str:
    counting = jurisdiction.counting
    return say("assume_business_days", lang, definition=counting.business_days, note=counting.business_days_note)


def readings(nominal: date | None, due: date | None, uncertain: list, cite: str, lang: str = "en") -> str | None:
    """What a later last day relies on: 'the weekend and holiday extension (…) applies and the office is
    closed on …'. `uncertain` holds (name, day) pairs of unconfirmed closures that moved the day."""
    parts = []
    if nominal and due and due > nominal:
        parts.append(say("if_extension", lang, cite=cite))
    closed = [say("closed_day", lang, name=name, day=day) for name, day in uncertain]
    if closed:
        parts.append(say("if_closed", lang, days=join_or(closed, lang)))
    return say("and", lang).join(parts) if parts else None


def later_day(nominal: date | None, due: date | None, safe: date, uncertain: list, cite: str,
              lang: str = "en") -> str | None:
    """'The code's last day may be …, if …', when the reading's last day comes after the safe date."""
    reasons = readings(nominal, due, uncertain, cite, lang)
    if due and due > safe and reasons:
        return say("may_be_later", lang, due=due, reasons=reasons)
    return None
