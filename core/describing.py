"""The procedure in words: what a period is counted from, when a rule applies, what a person
must do, and what a later last day relies on. The summary, the report, the answers and the
calendar file all word these things here, so that each is said one way everywhere.
"""

from datetime import timedelta

from dataclasses import dataclass

from .business_calendar import CLOSURE
from .counting import SATURDAY_KIND, SUNDAY_KIND, Amount, ClosedKinds, ClosedOn, DaysCounted, DaysSkipped, Step, \
    TimeOfDay, excluded
from .model import BUILTIN_DATE_FACTS, COUNTED_KINDS, DEADLINE_ANCHOR, Jurisdiction, Rule
from .wording import amount, clock, join_and, join_or, say, weekday_name


def anchor_words(jurisdiction: Jurisdiction, name: str, lang: str = "en") -> str:
    """What a period is counted from, in words: 'the date of the alleged violation'."""
    fact = jurisdiction.declared_fact(name)
    if fact:
        return say("anchor_fact", lang, label=fact.label)
    if name in BUILTIN_DATE_FACTS:
        return say(f"anchor_{name}", lang, receiver=jurisdiction.actor(jurisdiction.receiver).in_text)
    event = jurisdiction.event(name)
    if event:
        return say("anchor_event", lang, label=event.label)
    versions = jurisdiction.versions(name.removeprefix(DEADLINE_ANCHOR))
    return say("anchor_deadline", lang, title=versions[-1].title if versions else name)


@dataclass(frozen=True)
class Anchor:
    """What a period is counted from, in a step: a fact, an event or a deadline ("deadline:ID"), worded by
    anchor_words."""
    name: str


@dataclass(frozen=True)
class Condition:
    """The condition a rule applies under, in a step: worded by condition_text."""
    rule: Rule


@dataclass(frozen=True)
class When:
    """Conditions that must all hold, in a step ("service is by mail"): worded by describe."""
    conditions: tuple


@dataclass(frozen=True)
class Prompt:
    """What to enter for facts that are missing, in a step: worded by prompt."""
    names: tuple[str, ...]


@dataclass(frozen=True)
class ProcedureNote:
    """One of the procedure's own statements a count rests on: its counting rule (or the other counting a rule
    follows, `of`), or its business days."""
    what: str
    of: str = ""


COUNTING_RULE, BUSINESS_DAYS = ProcedureNote("counting_rule"), ProcedureNote("business_days")


def counting_rule(rule: Rule) -> ProcedureNote:
    """The counting rule a rule's periods follow, as a statement its dates rest on."""
    return ProcedureNote("counting_rule", rule.counting) if rule.counting else COUNTING_RULE


def closed_reason(day, calendar, lang: str = "en") -> str:
    """'a weekend day and a legal holiday (Independence Day)'."""
    reasons = [say("reason_weekend", lang, name=weekday_name(day.weekday(), lang))] if day.weekday() >= 5 else []
    for closed in calendar.closed_days(day):
        early = "_early" if closed.closes_at else ""
        key = f"reason_{closed.kind}{early}" + ("" if closed.confirmed else "_unconfirmed")
        reasons.append(say(key, lang, name=closed.label, time=closed.closes_at))
    return join_and(reasons, lang)


def _value(value, j: Jurisdiction | None, lang: str):
    """One typed value of a step, as the sentence needs it."""
    if isinstance(value, Anchor):
        return anchor_words(j, value.name, lang)
    if isinstance(value, Condition):
        return condition_text(j, value.rule, lang)
    if isinstance(value, Prompt):
        return prompt(j, value.names, lang)
    if isinstance(value, When):
        return join_and([describe(j, c, lang) for c in value.conditions], lang)
    if isinstance(value, Amount):
        return amount(value.n, value.unit, lang)
    if isinstance(value, ClosedOn):
        return closed_reason(value.day, value.calendar, lang)
    if isinstance(value, DaysCounted):
        return "; ".join(say("numbered_day", lang, day=d, n=i) for i, d in enumerate(value.days, 1))
    if isinstance(value, DaysSkipped):
        return "; ".join(say("skipped_day", lang, day=d, reason=closed_reason(d, value.calendar, lang))
                         for d in value.days)
    if isinstance(value, TimeOfDay):
        return clock(value.hhmm, lang)
    if isinstance(value, ClosedKinds):
        return kinds_words(value.kinds, lang)
    if isinstance(value, Step):
        return explain(value, j, lang)
    return value


def explain(step, j: Jurisdiction | None, lang: str = "en") -> str:
    """A step a count or a deadline recorded (core/counting.py, core/deadlines.py), in words: the one place where
    what was counted becomes a sentence. A plain text (a rule's note) is itself."""
    if isinstance(step, str):
        return step
    if isinstance(step, ProcedureNote) and step.what == "counting_rule":
        return roll_assumption(j, lang, step.of)
    if step == BUSINESS_DAYS:
        return business_days_assumption(j, lang)
    return say(step.key, lang, **{name: _value(value, j, lang) for name, value in step.values})


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
        if c.equals != negated:
            return say("cond_equals_true", lang, fact=label)
        # A statement cannot be negated reliably; its question can be answered "no".
        return say("cond_equals_false", lang, question=fact.question) if fact else say(f"fact_{c.fact}_not", lang)
    return say(f"cond_equals{suffix}", lang, fact=label, value=role_label(jurisdiction, c.equals, lang))


def condition_clause(jurisdiction: Jurisdiction, rule: Rule, lang: str = "en") -> str | None:
    """What must hold for the rule to apply, as a clause for "If …": 'the hearing was closed to the public'."""
    parts = [describe(jurisdiction, c, lang) for c in rule.applies_when]
    parts += [describe(jurisdiction, c, lang, negated=True) for c in rule.applies_unless]
    clause = join_and(parts, lang) if parts else None
    if rule.also_applies_if:
        return say("or_if", lang, condition=clause, also=rule.also_applies_if) if clause else rule.also_applies_if
    return clause


def condition_text(jurisdiction: Jurisdiction, rule: Rule, lang: str = "en") -> str | None:
    """The rule's condition as one sentence: 'Only if the respondent is a candidate.'"""
    if rule.condition:
        return rule.condition
    clause = condition_clause(jurisdiction, rule, lang)
    return say("only_if", lang, condition=clause) if clause else None


def prompt(jurisdiction: Jurisdiction, names, lang: str = "en") -> str:
    """What to enter for facts that are missing, as a clause: 'enter election day and answer “…?”'."""
    parts = []
    for name in dict.fromkeys(names):
        fact = jurisdiction.declared_fact(name)
        if name == "complainant_role":
            parts.append(say("prompt_role", lang))
        elif fact and fact.type == "bool":
            parts.append(say("prompt_answer", lang, question=fact.question))
        elif name == "respondent_is_candidate":
            parts.append(say("prompt_answer", lang, question=say("question_respondent_is_candidate", lang)))
        else:
            parts.append(say("prompt_enter", lang, what=anchor_words(jurisdiction, name, lang)))
    return join_and(parts, lang)


def period_in_words(jurisdiction: Jurisdiction, rule: Rule, lang: str = "en") -> str:
    """'60 calendar days after the date of the alleged violation', or the window, or 'no deadline'."""
    if rule.kind in COUNTED_KINDS:
        limits = [say(f"period_{c.period.direction}", lang,
                      amount=amount(c.period.amount, c.period.unit, lang),
                      anchor=anchor_words(jurisdiction, c.anchor, lang))
                  for c in rule.counts]
        if rule.no_limit:
            return say("period_no_limit", lang)
        words = say("period_latest" if rule.latest else "period_earliest", lang).join(limits)
        if rule.at_least:  # "for a period of at least 30 days … not more than 90 days"
            words += say("period_at_least", lang, amount=amount(rule.at_least.amount, rule.at_least.unit, lang))
        if rule.add_days:  # "three days shall be added … when service is by mail"
            words += say("period_add_days", lang, days=rule.add_days, when=join_and(
                [describe(jurisdiction, c, lang) for c in rule.add_days_when], lang))
        return words
    if rule.kind == "window":
        return say("period_window", lang, opens=anchor_words(jurisdiction, rule.opens, lang),
                   closes=anchor_words(jurisdiction, rule.closes, lang))
    return say("no_deadline", lang)


def task(rule: Rule, lang: str = "en") -> str:
    """What the rule asks someone to do, as a verb phrase: 'file the complaint with the City Clerk'."""
    return rule.task or say("task_fallback", lang, title=rule.title)


KIND_ORDER = (SATURDAY_KIND, SUNDAY_KIND, "holiday", CLOSURE)


def kinds_words(kinds, lang: str = "en") -> str:
    """The closed days a last day moves off, in words: 'a Sunday or a legal holiday'."""
    return join_or([say(f"kind_{kind}", lang) for kind in KIND_ORDER if kind in kinds], lang)


def roll_assumption(jurisdiction: Jurisdiction, lang: str = "en", of: str = "") -> str:
    """How a last day on a closed day moves, with its authority: the procedure's rule, or another one (`of`) that
    some of its rules follow."""
    counting = next((c for c in jurisdiction.countings if c.id == of), jurisdiction.counting)
    text = say("assume_roll", lang, summary=counting.summary, cite=counting.cite, note=counting.note)
    if counting.closure_cite:
        text += " " + say("assume_closure_roll", lang, cite=counting.closure_cite, summary=counting.closure_summary)
    return text.strip()


def business_days_assumption(jurisdiction: Jurisdiction, lang: str = "en") -> str:
    counting = jurisdiction.counting
    return say("assume_business_days", lang, definition=counting.business_days, note=counting.business_days_note)


def readings(jurisdiction: Jurisdiction, deadline, lang: str = "en") -> str | None:
    """What a deadline's later last day relies on: 'the weekend and holiday extension (…) applies and the
    office is closed on …' (an extension the procedure confirms relies on nothing)."""
    parts = []
    counting = jurisdiction.counting_of(deadline.rule)
    roll = counting.roll_rule
    if deadline.nominal and deadline.due and deadline.due > deadline.nominal and roll.may_move_off and \
            not roll.assumed:
        # the law moves the last day off some days; a reading moves it off others on the way (a Saturday)
        passed = [deadline.nominal + timedelta(days=i) for i in range((deadline.due - deadline.nominal).days)]
        if any(not excluded(day, jurisdiction.calendar, roll.moves_off) for day in passed):
            parts.append(say("if_reading_moves", lang, when=roll.reading, kinds=kinds_words(roll.may_move_off, lang)))
    if deadline.nominal and deadline.due and deadline.due > deadline.nominal and roll.assumed:
        # the authority for the days passed: weekends and holidays (§ 2-4-108), or an office closure (§ 24-11-110)
        passed = [deadline.nominal + timedelta(days=i) for i in range((deadline.due - deadline.nominal).days)]
        kinds = {c.kind for day in passed for c in jurisdiction.calendar.closed_days(day)}
        key = "if_extension" if CLOSURE not in kinds or not counting.closure_cite else (
            "if_extension_closure" if kinds == {CLOSURE} else "if_extension_both")
        parts.append(say(key, lang, cite=counting.roll_rule.cite_for(kinds or {"weekend"})))
    chosen = deadline.rule.counts[deadline.chosen] if deadline.chosen is not None else None
    if chosen is not None and chosen.reading and deadline.certain and deadline.due and deadline.due > deadline.certain:
        parts.append(chosen.reading)
    if deadline.days_added_reading:
        rule = deadline.rule
        parts.append(say("if_days_added", lang, days=rule.add_days, reading=rule.add_days_reading.rstrip("."),
                         when=join_and([describe(jurisdiction, c, lang) for c in rule.add_days_when], lang)))
    # A closure before the last day moves it later only if the office is closed then; one on the last day
    # itself (where no law carries a period past a closure) leaves that day usable only if the office opens.
    closed = [say("closed_day", lang, name=u.name, day=u.day) for u in deadline.uncertain if u.day != deadline.due]
    if closed:
        parts.append(say("if_closed", lang, days=join_or(closed, lang)))
    last = [say("closed_day", lang, name=u.name, day=u.day) for u in deadline.uncertain if u.day == deadline.due]
    if last:
        parts.append(say("if_open_on", lang, days=join_or(last, lang)))
    return join_and(parts, lang) if parts else None


def later_day(jurisdiction: Jurisdiction, deadline, lang: str = "en") -> str | None:
    """Why a deadline's safe date comes before the code's last day, in one sentence: the period ends on a day
    the office is closed and only an unconfirmed reading moves it, or a closure that is not confirmed
    moved it. None when the safe date is the last day."""
    due, safe, nominal = deadline.due, deadline.safe, deadline.nominal
    reasons = readings(jurisdiction, deadline, lang)
    if not (due and safe and due > safe and reasons):
        return None
    calendar = jurisdiction.calendar
    closed_not_moved = due == nominal and not calendar.is_business_day(due) and calendar.holidays_only().is_business_day(due)
    if nominal and deadline.chosen is not None and (due > nominal or closed_not_moved):
        count = deadline.rule.counts[deadline.chosen]
        period = say(f"period_{count.period.direction}", lang,
                     amount=amount(count.period.amount, count.period.unit, lang),
                     anchor=anchor_words(jurisdiction, count.anchor, lang))
        if due == nominal:  # an office closure the law does not move the last day past
            return say("why_closed_last_day", lang, period=period, nominal=nominal,
                       closed=closed_reason(nominal, calendar, lang))
        return say("why_moved", lang, period=period, nominal=nominal, due=due, reasons=reasons,
                   closed=closed_reason(nominal, calendar, lang))
    return say("may_be_later", lang, due=due, reasons=reasons)


def before_time(day, until: str, lang: str = "en"):
    """A day, or, on a day the office closes (or may close) early, the day and the time to act before, as a sentence
    writes them: 'Thursday, December 31, 2026, before 12:00 p.m.'."""
    return say("day_before_time", lang, day=day, time=clock(until, lang)) if until else day
