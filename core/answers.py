"""The one-sentence answer for each person: the complainant, the respondent, the clerk.

Each answer is worded from the guidance (core/guidance.py: each duty's day at stake as of today and how
sure it is) and the verdicts; nothing is counted or decided again here. It leads with what needs acting on
first, and its status says how far a person can act on it:

    certain   on time, or the date to act by, relying on no reading that is not confirmed
    relies    on time only if an extension, an unconfirmed closure or a fact not yet known holds, or the
              day the person plans to file holds only so
    late      a last day has passed (for the office: a duty past its last day and not recorded as done),
              or the day the person plans to file is after the last day (`plan_late`: no last day has passed,
              and the sentence says the planned day is too late, then the day to file by)
    barred    this person may not do it at all
    incomplete  the complaint lacks an item or a formality the code requires (named): never green, whatever the
              dates say
    waiting   a fact is missing that decides the answer or could bring an earlier date, or the next duty
              exists only on a condition; the sentence names it, with the date it would bring where it can
    nothing   nothing is due from this person now

Where today falls decides the words: before the safe date ("File by …"), on it ("File today"),
between it and the code's later last day, on that day, or after it (late). A receipt date after
today is the day the person plans to file. "As of" is an input, never read from a clock.
"""

from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta

from .deadlines import Deadline
from .describing import (anchor_words, before_time, condition_clause, condition_text, later_day, prompt, readings,
                         role_label, task)
from .guidance import (AFTER, BEFORE, BETWEEN, CERTAIN, DONE, IF, ON_LAST, ON_SAFE, PASSED, RELIES, WAITING,
                       Duty, Filing, Guidance, Window)
from .model import BUILTIN_DATE_FACTS, Jurisdiction
from .situation import Situation
from .verdicts import Contents, Eligibility
from .wording import catalogue, join_and, join_or, say

__all__ = ["Answer", "answers", "duty_words", "procedure_order"]
STATUS_ORDER = ("certain", "relies", "late")  # a plan can only make an answer less sure
# Which status an answer keeps when a further finding joins it: the first in this order (a defect outranks a date
# that holds, a passed last day outranks a defect).
PRECEDENCE = ("barred", "late", "incomplete", "waiting", "relies", "certain", "nothing")


def graver(a: str, b: str) -> str:
    return min(a, b, key=PRECEDENCE.index)


@dataclass(frozen=True)
class Answer:
    """One person's answer: the sentence that leads with what they must act on first, how far they can act on it
    (`status`, above), and the day or moment it turns on."""

    status: str
    sentence: str
    day: date | None = None
    detail: str | None = None
    rule: str | None = None
    asks: tuple[str, ...] = ()  # the facts or events the sentence asks for, so a page can lead to each field
    moment: datetime | None = None  # the moment, for a duty counted in hours
    plan_late: bool = False  # late only because the day planned is after the last day, which has not passed


def procedure_order(jurisdiction: Jurisdiction) -> list[str]:
    """The facts and events of a procedure in the order a complaint reaches them."""
    return list(BUILTIN_DATE_FACTS) + [f.id for f in jurisdiction.own_facts()] + [e.id for e in jurisdiction.events]


def _sentences(*parts) -> str | None:
    return " ".join(p for p in parts if p) or None


class Asking:
    """What every answer draws on: the evaluation and its guidance, in its language, as of its day."""

    def __init__(self, situation: Situation, guidance: Guidance, windows: list[Window], filing: Filing,
                 eligibility: Eligibility, contents: Contents | None = None):
        self.s, self.j, self.lang = situation, situation.j, situation.lang
        self.g, self.windows, self.filing, self.eligibility = guidance, windows, filing, eligibility
        self.contents = contents
        self.order = procedure_order(situation.j)

    def say(self, key, **params) -> str:
        return say(key, self.lang, **params)

    def when(self, anchor: str | None) -> int:
        """Where an anchor comes in the procedure: earlier facts and events first."""
        name = (anchor or "").removeprefix("deadline:")
        return self.order.index(name) if name in self.order else len(self.order)

    def why(self, d: Deadline) -> str | None:
        return later_day(self.j, d, self.lang)

    def reasons(self, d: Deadline) -> str:
        return readings(self.j, d, self.lang) or ""

    def undecided(self, rule) -> tuple[str, ...]:
        """The facts not given that decide whether a rule applies."""
        missing = []
        for c in (*rule.applies_when, *rule.applies_unless):
            if self.s.holds(c) is None:
                missing += [c.fact] if c.fact else [n for n in (c.date, c.other) if self.s.facts.get(n) is None]
        return tuple(dict.fromkeys(missing))

    def to_know(self, rule) -> str | None:
        """'To know, answer “…?”.': what to enter to settle whether a rule applies."""
        missing = self.undecided(rule)
        return self.say("to_know", prompt=prompt(self.j, missing, self.lang)) if missing else None

    def at(self, u: Duty):
        """The day at stake as a sentence gives it: the moment, for a duty counted in hours; with the time to act
        before, on a safe date the office closes, or may close, early."""
        return u.moment or before_time(u.day, u.until, self.lang)

    def safe(self, d: Deadline):
        """A deadline's safe date as a sentence writes it: its moment, for a period that ends at a time of day;
        with the time to act before, where the office closes, or may close, early."""
        if d.ends_at:
            return d.safe_at
        return before_time(d.safe, d.safe_until, self.lang)

    def relied(self, key: str, u: Duty, **params) -> str:
        """A sentence about a later last day: what it relies on, or, where it is the last day and holds only if
        the office opens on it (no law moves it past a closure), that."""
        d = u.deadline
        safe, due = (d.safe_at, d.due_at) if d.ends_at else (d.safe, d.due)  # a period that ends at a time: moments
        if u.open_only:  # it already says the day holds only if the office opens on it
            return self.say(key + "_open_only", safe=safe, due=due, name=d.uncertain[0].name, **params)
        # on a day the office may be closed, within the period under every reading: today holds if it is open
        return _sentences(self.say(key, safe=safe, due=due, reasons=self.reasons(d), **params),
                          self.say("today_if_open", name=u.open_today) if u.open_today else None)

    def condition(self, u: Duty) -> str:
        """The condition a duty exists under, as a clause ("the hearing was closed to the public"), or, for a
        condition no fact settles, the rule's own sentence made a clause."""
        return self.condition_of(u.rule)

    def condition_of(self, rule) -> str:
        return condition_clause(self.j, rule, self.lang) or _as_clause(rule.condition or "", self.lang)


def _as_clause(sentence: str, lang: str) -> str:
    """A rule's own condition sentence ("Only if the complaint is found sufficient.") as a clause after "if"
    ("the complaint is found sufficient"), by the language's own words for "Only if …" (the only_if message)."""
    lead = catalogue(lang)["messages"]["only_if"].split("{condition}")[0]
    text = sentence.strip().rstrip(".")
    if text.casefold().startswith(lead.casefold()):
        return text[len(lead):]
    return text[:1].lower() + text[1:]


# --- the complainant ---------------------------------------------------------------

def complainant_answer(ctx: Asking) -> Answer:
    e, f, d = ctx.eligibility, ctx.filing, ctx.filing.deadline
    if e.status == "not-eligible":
        roles = join_or([_role(ctx, r) for r in e.roles], ctx.lang)
        return Answer("barred", ctx.say("answer_not_eligible", reason=e.reasons[0]),
                      detail=ctx.say("barred_next", roles=roles, contact=ctx.j.contact), rule=f.rule)
    answer = _filing_answer(ctx, f, d)
    if d and d.ends_at and answer.day and answer.moment is None:  # the day it turns on ends at a time: that moment
        answer = replace(answer, moment=d.safe_at if answer.day == d.safe else (
            d.due_at if answer.day == d.due else None))
    plan_late = answer.status == "late" and f.planned and ctx.g.duties[f.rule].where != AFTER
    if e.status == "unknown" and (answer.status != "late" or plan_late):  # a passed last day is late whoever files
        roles = join_or([_role(ctx, r) for r in e.roles], ctx.lang)
        answer = replace(answer, status="late" if answer.status == "late" else "waiting",
                         sentence=f"{answer.sentence} {ctx.say('eligibility_unknown_clause', roles=roles)}",
                         asks=(*answer.asks, "complainant_role"))
    answer = _with_next_steps(ctx, answer, filed=bool(f.received and not f.planned and f.status in ("timely",)))
    return _with_defects(ctx, answer)


def _with_defects(ctx: Asking, answer: Answer) -> Answer:
    """A complaint that lacks what the code requires is never green, and the answer names what it lacks."""
    c = ctx.contents
    if not c or not c.missing:
        return answer
    labels = {item.id: item.label for item in ctx.j.contents}
    items = join_and([ctx.say("quoted", text=labels[i]) for i in c.missing], ctx.lang)
    clause = ctx.j.contents_clause or next(i.clause for i in ctx.j.contents if i.id == c.missing[0])
    sentence = ctx.say("answer_missing_items", items=items, cite=ctx.j.clause(clause).cite)
    return replace(answer, status=graver(answer.status, "incomplete"), sentence=_sentences(answer.sentence, sentence),
                   asks=(*answer.asks, "contents"))


def _with_next_steps(ctx: Asking, answer: Answer, filed: bool) -> Answer:
    """Every step of the complainant's that is live now, after the filing: once the complaint is filed (and on
    time), the next dated one leads, and the filing's sentence follows; the steps the text gives with no period
    are named after it."""
    steps = [u for u in ctx.g.of("complainant") if u.rule.kind != "filing" and u.deadline.due
             and u.sure in (CERTAIN, RELIES, IF)]
    missed = [u for u in ctx.g.of("complainant") if u.rule.kind != "filing" and u.sure == PASSED]
    if filed and not steps and missed:
        # the complaint was on time, and a later step of the complainant's has passed (a petition after a dismissal):
        # said, though the filing's answer leads and keeps its status
        last = missed[-1]
        answer = replace(answer, sentence=_sentences(answer.sentence, ctx.say(
            "answer_last_passed", task=task(last.rule, ctx.lang), day=ctx.at(last))))
    if steps:
        nxt = _next_deadline(ctx, steps[0])
        if filed and answer.status in ("certain", "relies", "incomplete"):
            answer = Answer(graver(nxt.status, answer.status) if answer.status == "incomplete" else nxt.status,
                            nxt.sentence, nxt.day, _sentences(answer.sentence, nxt.detail, answer.detail), nxt.rule,
                            (*nxt.asks, *answer.asks), nxt.moment)
        else:
            answer = replace(answer, sentence=_sentences(answer.sentence, nxt.sentence),
                             status=graver(answer.status, nxt.status) if nxt.status == "waiting" else answer.status)
    return _with_undated(ctx, answer, "complainant")


def _role(ctx: Asking, role_id: str) -> str:
    return role_label(ctx.j, role_id, ctx.lang)


def _filing_answer(ctx: Asking, f: Filing, d: Deadline | None) -> Answer:
    late_detail = ctx.say("late_what_now", contact=ctx.j.contact)
    received = f.received if f.received and not f.planned else None
    if f.no_limit:  # never a date: the code has none
        return _no_limit(ctx, f, received)
    u = ctx.g.duties.get(f.rule)
    if f.received is None and u and u.sure == DONE:
        # a later step is recorded: the complaint was filed, and only the day it was received can say if on time
        return Answer("waiting", ctx.say("answer_filing_behind"), rule=f.rule, asks=("received",))
    if f.status == "not-permitted" and received and d.opens_on and received < d.opens_on:  # too early to file
        return Answer("barred", ctx.say("answer_too_early", received=received, opens=d.opens_on,
                                        cite=ctx.j.clause(d.rule.clause).cite), d.opens_on,
                      ctx.say("closed_what_now", contact=ctx.j.contact), f.rule)
    if f.status == "not-permitted" and received:  # whatever the last day, no one may file on that day
        return Answer("late", ctx.say("answer_closed_before", received=received, **_closed(ctx, d)), d.due,
                      ctx.say("closed_what_now", contact=ctx.j.contact), f.rule)
    if d is None or (d.due is None and d.no_later_than is None):
        missing = (d.waiting_for if d else ()) or ("violation_date",)
        key = "answer_filing_waiting_received" if received else "answer_filing_waiting"
        return Answer("waiting", ctx.say(key, prompt=prompt(ctx.j, missing, ctx.lang)), rule=f.rule,
                      asks=tuple(missing))
    if f.status == "late" and received:
        due = d.due or d.no_later_than
        return Answer("late", ctx.say("answer_late", received=received, due=due), due, late_detail, f.rule)
    if d.later_if and ((received and f.status == "unknown") or (not received and u.where == AFTER)):
        # Past the last day known so far; the limit not known yet may be later, and decides.
        asks, anchor = d.later_if, anchor_words(ctx.j, d.later_if[0], ctx.lang)
        key = "answer_received_later_if" if received else "answer_passed_later_if"
        return Answer("waiting", ctx.say(key, received=received, due=d.due, anchor=anchor,
                                         prompt=prompt(ctx.j, asks, ctx.lang)), d.due, rule=f.rule, asks=asks)
    if d.due is None:  # one limit is known, another waits on a fact
        bound = u.day
        anchor_label = d.waiting_label
        if received:
            return Answer("waiting", ctx.say("answer_received_waiting", received=received, anchor=anchor_label,
                                              prompt=prompt(ctx.j, d.waiting_for, ctx.lang)), bound, rule=f.rule,
                          asks=d.waiting_for)
        if u.sure == PASSED:  # the known limit has passed, whatever the other turns out to be
            return Answer("late", ctx.say("answer_deadline_passed", due=d.no_later_than), d.no_later_than,
                          late_detail, f.rule)
        return Answer("waiting", ctx.say("answer_file_no_later", safe=bound, anchor=anchor_label), bound,
                      ctx.say("to_know", prompt=prompt(ctx.j, d.waiting_for, ctx.lang)), f.rule, d.waiting_for)
    if received:
        today = "_today" if f.received_today else ""
        if f.certainty == "relies":
            return Answer("relies", ctx.say("answer_timely_relies" + today, received=received, safe=d.safe),
                          d.safe, ctx.why(d), f.rule)
        return Answer("certain", ctx.say("answer_timely" + today, received=received), d.safe, rule=f.rule)
    plan, plan_status = _plan(ctx, f, u) if f.planned else (None, "certain")
    if u.where == AFTER:
        return Answer("late", ctx.say("answer_deadline_passed", due=d.due), d.due, late_detail, f.rule)
    if u.where in (BEFORE, ON_SAFE):
        key = "answer_file_by" if u.where == BEFORE else (
            "answer_file_today" if d.safe < d.due else "answer_file_today_last")
        if u.before_opening:  # not before the first day the code allows
            key = "answer_file_from"
        later = ctx.say("later_if", anchor=anchor_words(ctx.j, d.later_if[0], ctx.lang),
                        prompt=prompt(ctx.j, d.later_if, ctx.lang)) if d.later_if else None
        lead = _with_plan(ctx, f, ctx.say(key, safe=ctx.safe(d), opens=d.opens_on), plan)
        if d.closed_unknown:  # the days before the election no one may file are not known: never green
            return Answer("late" if f.plan == "late" else "waiting", _sentences(lead, ctx.say(
                "closed_before_ask", days=d.rule.closed_days, date=anchor_words(ctx.j, d.rule.closed_before, ctx.lang),
                prompt=prompt(ctx.j, d.closed_unknown, ctx.lang))), d.safe, ctx.why(d), f.rule, d.closed_unknown,
                plan_late=f.plan == "late")
        return Answer(plan_status, lead, d.safe, _sentences(ctx.why(d), later), f.rule, plan_late=f.plan == "late")
    key = "answer_safe_passed" if u.where == BETWEEN else "answer_last_day_today"
    return Answer(max("relies", plan_status, key=STATUS_ORDER.index), _with_plan(ctx, f, ctx.relied(key, u), plan),
                  d.due, rule=f.rule, plan_late=f.plan == "late")


def _with_plan(ctx: Asking, f: Filing, lead: str, plan: str | None) -> str:
    """The day to file by, and what the day planned would be. A planned day after the last day (which has not passed:
    the person can still file) leads, and says so plainly: "Your planned day, …, is too late: file by …"."""
    if f.plan != "late":
        return _sentences(lead, plan)
    return ctx.say("plan_too_late", planned=f.received, then=lead[:1].lower() + lead[1:])


def _no_limit(ctx: Asking, f: Filing, received) -> Answer:
    """No time limit for filing, and what that rests on: where the procedure says it read only some of the law
    (the filing rule's note), a reading, never green; and any deadline counted from the violation that bears on the
    complaint (a civil penalty sought only within five years) is named with its day."""
    rule = ctx.s.in_force(f.rule).rule
    cite = ctx.j.clause(rule.clause).cite
    key = "answer_no_limit_received" if received else "answer_no_limit"
    status = "relies" if rule.note else "certain"
    sentence = ctx.say(key + ("_reading" if rule.note else ""), received=received, cite=cite)
    bearing = [u for u in ctx.g.duties.values() if "complainant" in u.concerns and "complainant" not in u.acts
               and u.day and u.sure != DONE and any(c.anchor == "violation_date" for c in u.rule.counts)]
    for u in sorted(bearing, key=lambda u: u.day)[:1]:
        passed = u.sure == PASSED or u.id in f.limits_passed  # as of today, or already when it was received
        key = "answer_no_limit_passed" if passed else "answer_no_limit_but"
        sentence = _sentences(sentence, ctx.say(key, who=ctx.j.actor(u.rule.actor).in_text,
                                                task=task(u.rule, ctx.lang), day=ctx.at(u),
                                                cite=ctx.j.clause(u.rule.clause).cite))
    return Answer(status, sentence, detail=rule.note, rule=f.rule)


def _closed(ctx: Asking, d: Deadline) -> dict:
    """The days no complaint may be filed, for a sentence."""
    return {"days": d.rule.closed_days, "date": anchor_words(ctx.j, d.rule.closed_before, ctx.lang),
            "first": d.closed[0], "last": d.closed[1], "cite": ctx.j.clause(d.rule.clause).cite}


def _plan(ctx: Asking, f: Filing, u: Duty) -> tuple[str, str]:
    """What the day the person plans to file would be (the guidance places it), and how sure: on time under every
    reading (certain), only under a reading (relies), or not at all (too early: barred; late or closed: late). A day
    after the last day is said by _with_plan, before the day to file by."""
    d, planned = u.deadline, f.received
    if f.plan == "too-early":
        return ctx.say("plan_too_early", planned=planned, opens=d.opens_on), "barred"
    if f.plan == "closed":
        return ctx.say("plan_closed_before", planned=planned, **_closed(ctx, d)), "late"
    if f.plan == "on-time":
        return ctx.say("plan_on_time", planned=planned), "certain"
    if f.plan == "on-time-if-open":  # within every reading's period; only the office's opening is not sure
        name = next(c.label for c in ctx.j.calendar.closed_days(planned) if not c.confirmed)
        return ctx.say("plan_if_open", planned=planned, name=name), "relies"
    if f.plan == "relies-on-last" and u.open_only:
        return ctx.say("plan_relies_open_only", planned=planned, name=d.uncertain[0].name), "relies"
    if f.plan in ("relies", "relies-on-last"):
        return ctx.say("plan_relies", planned=planned, reasons=ctx.reasons(d)), "relies"
    return None, "late"  # after the last day: _with_plan leads with it


# --- the respondent -----------------------------------------------------------------

def respondent_answer(ctx: Asking) -> Answer:
    return _with_undated(ctx, _with_next_of_others(ctx, _respondent_dated(ctx)), "respondent")


def _with_next_of_others(ctx: Asking, answer: Answer) -> Answer:
    """When nothing is due from the respondent, the procedure's next dated step that concerns them, and who takes
    it ("Next, by Wednesday, August 11, 2027, the Ethics commission must notify both parties of its ruling …"): after
    the first sentence where it says their own first step is still to come, otherwise after the answer."""
    today = ctx.s.today  # a step whose count starts after today (from a receipt only planned) is not yet coming
    nxt = [u for u in ctx.g.concerning("respondent") if not (today and u.starts and u.starts > today)]
    if answer.status != "nothing" or not nxt:
        return answer
    u, d = nxt[0], nxt[0].deadline
    who, what = ctx.j.actor(u.rule.actor).in_text, task(u.rule, ctx.lang)
    due = d.due_at if d.ends_at else d.due
    if u.where in (BEFORE, ON_SAFE) and d.due > d.safe:  # the office may have until a later day, under a reading
        step = ctx.say("next_step_other_relies", who=who, task=what, day=ctx.at(u), due=due, reasons=ctx.reasons(d))
    elif u.where in (BEFORE, ON_SAFE):
        step = ctx.say("next_step_other", who=who, task=what, day=ctx.at(u))
    else:  # its safe date has passed: the latest day it may still be done, and what that relies on
        step = ctx.say("next_step_other_after_safe", who=who, task=what, due=due, safe=ctx.safe(d),
                       reasons=ctx.reasons(d))
    lead = ctx.say("answer_nothing_yet_lead")
    if answer.sentence.startswith(lead + " "):  # "Nothing is due from you yet. [next] Your first step, …"
        rest = answer.sentence[len(lead) + 1:]
        return replace(answer, sentence=_sentences(lead, step, rest))
    return replace(answer, sentence=_sentences(answer.sentence, step))


def _respondent_dated(ctx: Asking) -> Answer:
    mine = [u for u in ctx.g.of("respondent") if u.rule.kind != "filing"]
    windows = [w for w in ctx.windows if "respondent" in w.people.acts]
    dated = [u for u in mine if u.deadline.due]
    upcoming = [u for u in dated if u.sure in (CERTAIN, RELIES, IF)]
    open_windows = sorted((w for w in windows if w.status == "open"), key=lambda w: ctx.when(w.rule.closes))
    # What needs acting on first leads: the next deadline, unless an open window closes before it (a window
    # that can close unannounced may close any day).
    if open_windows and (not upcoming or open_windows[0].closes_by < upcoming[0].deadline.safe):
        answer = _windows_open(ctx, open_windows)
        if upcoming:
            nxt = _next_deadline(ctx, upcoming[0])
            return Answer(answer.status, answer.sentence, answer.day, _sentences(answer.detail, nxt.sentence),
                          answer.rule)
        return answer
    if upcoming:
        return _next_deadline(ctx, upcoming[0])
    coming = sorted((w for w in windows if w.status == "upcoming"), key=lambda w: w.opened)
    if coming:
        first = [w for w in coming if w.opened == coming[0].opened]
        tasks = join_or([task(w.rule, ctx.lang) for w in first], ctx.lang)
        return Answer("nothing", ctx.say("answer_window_upcoming", opened=first[0].opened, tasks=tasks),
                      first[0].opened, rule=first[0].id)
    behind = sorted((u for u in dated if u.sure in (PASSED, DONE)), key=lambda u: (u.deadline.safe, u.deadline.due))
    if behind:
        item = behind[-1]
        if item.sure == DONE:  # its day may still be ahead (a later step came early): never "was" then
            ahead = ctx.s.today is not None and item.day is not None and item.day > ctx.s.today
            key = "answer_last_behind_ahead" if ahead else "answer_last_behind"
            return Answer("nothing", ctx.say(key, task=task(item.rule, ctx.lang), day=ctx.at(item)),
                          item.deadline.due, rule=item.id, moment=item.moment)
        return Answer("late", ctx.say("answer_last_passed", task=task(item.rule, ctx.lang), day=ctx.at(item)),
                      item.deadline.due, rule=item.id, moment=item.moment)
    waiting = sorted((i for i in [*(u.deadline for u in mine if u.sure == WAITING), *windows] if i.waiting_label),
                     key=lambda i: ctx.when(i.waiting_on))
    if waiting:
        item = waiting[0]
        condition = condition_clause(ctx.j, item.rule, ctx.lang) if item.applies == "unknown" else None
        key = "answer_nothing_yet_if" if condition else "answer_nothing_yet"
        return Answer("nothing", ctx.say(key, task=task(item.rule, ctx.lang), what=item.waiting_label,
                                          condition=condition), rule=item.id)
    if any(u.sure == DONE for u in mine):
        return Answer("nothing", ctx.say("answer_respondent_nothing_now"))
    return Answer("nothing", ctx.say("answer_nothing_for_respondent"))


def _next_deadline(ctx: Asking, u: Duty) -> Answer:
    answer = _dated_deadline(ctx, u)
    d = u.deadline
    if not d.rule.ends_early_on:
        return answer
    if d.ended_early:
        if not d.rule.ends_early_when or answer.status not in ("certain", "relies"):
            return answer
        # The event is dated, but it only reports the act that ends the period, which may have come sooner.
        clause = ctx.say("answer_ended_early_unannounced", when=d.rule.ends_early_when,
                         day=d.due + timedelta(days=1))  # the day of the event that reports it
        return replace(answer, status="relies", sentence=_sentences(answer.sentence, clause))
    # A period an event can end early: say so; if that event only reports an act that may come first, do not
    # let the answer read as safe.
    event = anchor_words(ctx.j, d.rule.ends_early_on, ctx.lang)
    if d.rule.ends_early_when:
        clause = ctx.say("answer_ends_early_unannounced", when=d.rule.ends_early_when, event=event)
        status = "relies" if answer.status == "certain" else answer.status
    else:
        clause, status = ctx.say("answer_ends_early", event=event), answer.status
    return replace(answer, status=status, sentence=_sentences(answer.sentence, clause))


def _dated_deadline(ctx: Asking, u: Duty) -> Answer:
    d, what = u.deadline, task(u.rule, ctx.lang)
    if u.conditional:
        sentence = ctx.say("answer_next_deadline_if", condition=ctx.condition(u), task=what, day=ctx.at(u))
        return Answer("waiting", _sentences(sentence, ctx.to_know(d.rule)), u.day, ctx.why(d), d.id,
                      ctx.undecided(d.rule), u.moment)
    if u.where in (BEFORE, ON_SAFE):
        key = "answer_next_deadline" if u.where == BEFORE else "answer_next_deadline_today"
        return Answer("certain", ctx.say(key, task=what, day=ctx.at(u)), u.day, ctx.why(d), d.id, moment=u.moment)
    key = "answer_next_deadline_after_safe" if u.where == BETWEEN else "answer_next_deadline_last_today"
    return Answer("relies", ctx.relied(key, u, task=what), u.day, rule=d.id, moment=u.moment)


def _windows_open(ctx: Asking, windows: list[Window]) -> Answer:
    groups: dict[str, list[Window]] = {}
    for window in windows:  # the window that closes first leads; the others follow in the detail
        groups.setdefault(window.closes_label, []).append(window)
    first, *others = groups.values()
    lead = first[0]
    tasks = join_or([task(w.rule, ctx.lang) for w in first], ctx.lang)
    detail = " ".join(ctx.say("answer_window_also", tasks=join_or([task(w.rule, ctx.lang) for w in group],
                                                                    ctx.lang), until=_until(ctx, group[0]))
                      for group in others) or None
    if lead.rule.closes_when:
        key = "answer_window_open_unannounced" + ("_dated" if lead.closed else "")
        sentence = ctx.say(key, tasks=tasks, until=lead.rule.closes_when, closed=lead.closed)
        return Answer("relies", sentence, lead.closed, detail, lead.id)
    return Answer("certain", ctx.say("answer_window_open", tasks=tasks, until=_until(ctx, lead)), lead.closed,
                  detail, lead.id)


def _until(ctx: Asking, w: Window) -> str:
    """Until when a window is open: the event that closes it, with its date once it is known."""
    if w.closed:
        return ctx.say("until_dated", day=w.closed, what=w.closes_label)
    return w.closes_label


# --- the clerk ------------------------------------------------------------------------

def clerk_answer(ctx: Asking) -> Answer:
    """What the office owes: its dated duties (below), then what the text gives it with no period. Before a complaint
    only planned is received, nothing: what it would owe from then is the detail."""
    answer = _with_undated(ctx, _clerk_dated(ctx), "clerk")
    if ctx.filing.planned and answer.status != "late":  # a duty already past its last day is said whatever is planned
        return Answer("nothing", ctx.say("answer_office_planned", received=ctx.filing.received),
                      detail=_sentences(ctx.say("answer_office_planned_then"), answer.sentence))
    return answer


def _clerk_dated(ctx: Asking) -> Answer:
    """What the office owes: every duty past its last day and not recorded as done first (it may still be owed,
    late), then the next one, then the first duty that exists only on a condition, with that condition."""
    owed = [u for u in ctx.g.of("clerk") if u.sure != DONE]
    # past its last day: a duty owed, or one owed under a condition no fact settles (a fact the person can enter
    # that may rule it out is asked for instead, while it still could be owed)
    overdue = [u for u in owed if u.sure == PASSED and (not u.conditional or u.untestable)]
    upcoming = [u for u in owed if u.sure in (CERTAIN, RELIES)]
    maybe = [u for u in owed if u.conditional and u.day and u.sure in (IF, WAITING)]
    parts = [_overdue(ctx, overdue)] if overdue else []
    if upcoming:
        parts.append(_office_owes(ctx, upcoming, after_overdue=bool(overdue)))
    flagged = [u.announce_late for u in [*overdue, *upcoming[:1]] if u.announce_late]
    if flagged:  # a notice that is not due before the event it must announce: said beside it
        parts.append(Answer(parts[0].status, " ".join(flagged)))
    if maybe:
        u = maybe[0]
        key = "answer_office_also_if" if upcoming else "answer_office_if"
        # Not green while a fact the person can enter decides a duty, or while a condition no fact settles could
        # bring a duty before the one that leads.
        unsure = bool(ctx.undecided(u.rule)) or not upcoming or u.day < upcoming[0].day
        parts.append(Answer("waiting" if unsure else parts[-1].status, _maybe_owed(ctx, u, key), u.day,
                            ctx.why(u.deadline), u.id, ctx.undecided(u.rule), u.moment))
    if parts:
        lead = parts[0]
        status = "late" if overdue else ("waiting" if any(p.status == "waiting" for p in parts) else lead.status)
        asks = tuple(dict.fromkeys(a for p in parts for a in p.asks))
        return replace(lead, status=status, sentence=_sentences(*(p.sentence for p in parts)), asks=asks)
    if ctx.s.facts.received is None:
        receiver = ctx.j.actor(ctx.j.receiver).in_text
        return Answer("waiting", ctx.say("answer_office_waiting", receiver=receiver), asks=("received",))
    waiting = sorted((u.deadline for u in owed if u.sure == WAITING and u.deadline.waiting_label),
                     key=lambda d: ctx.when(d.waiting_on))
    if waiting:
        item = waiting[0]
        condition = condition_clause(ctx.j, item.rule, ctx.lang) if item.applies == "unknown" else None
        suffix = "_if" if condition else ""  # a duty that exists only if a fact not given holds says so
        if item.rule.actor != ctx.j.receiver:  # another office's duty (the City Attorney's), never the office's own
            return Answer("nothing", ctx.say("answer_office_next_after_other" + suffix, task=task(item.rule, ctx.lang),
                                              who=ctx.j.actor(item.rule.actor).in_text, what=item.waiting_label,
                                              condition=condition), rule=item.id)
        return Answer("nothing", ctx.say("answer_office_next_after" + suffix, task=task(item.rule, ctx.lang),
                                          what=item.waiting_label, condition=condition), rule=item.id)
    if any(u.sure == DONE for u in ctx.g.of("clerk")):
        return Answer("nothing", ctx.say("answer_office_nothing_now"))
    return Answer("nothing", ctx.say("answer_nothing_for_office"))


def _overdue(ctx: Asking, overdue: list[Duty]) -> Answer:
    """Each duty of the office past its last day, in date order: late unless it has been done."""
    first = overdue[0]
    if len(overdue) == 1:
        key = "answer_office_overdue" + ("_if" if first.conditional else "")
        sentence = ctx.say(key, task=task(first.rule, ctx.lang), day=ctx.at(first), condition=ctx.condition(first))
    else:
        items = [ctx.say("overdue_item" + ("_if" if u.conditional else ""), task=task(u.rule, ctx.lang),
                         day=ctx.at(u), condition=ctx.condition(u)) for u in overdue]
        sentence = ctx.say("answer_office_overdue_many", items=join_and(items, ctx.lang))
    return Answer("late", sentence, first.day, rule=first.id, moment=first.moment)


def _maybe_owed(ctx: Asking, u: Duty, key: str) -> str:
    d = u.deadline
    sentence = ctx.say(key, condition=ctx.condition(u), task=task(d.rule, ctx.lang), day=ctx.at(u),
                        latest=ctx.say("at_the_latest") if d.due is None else "")
    return _sentences(sentence, ctx.to_know(d.rule))


def _office_owes(ctx: Asking, upcoming: list[Duty], after_overdue: bool = False) -> Answer:
    u, n = upcoming[0], len(upcoming)
    d, what = u.deadline, task(u.rule, ctx.lang)
    one = "_next" if after_overdue else ("_one" if n == 1 else "")
    if u.where in (BEFORE, ON_SAFE):
        key = "answer_office_owes" + one + ("" if u.where == BEFORE else "_today")
        return Answer("certain", ctx.say(key, n=n, task=what, day=ctx.at(u)), u.day, ctx.why(d), d.id,
                      moment=u.moment)
    key = "answer_office_owes" + one + ("_after_safe" if u.where == BETWEEN else "_last_today")
    return Answer("relies", ctx.relied(key, u, n=n, task=what), u.day, rule=d.id)


def answers(situation: Situation, guidance: Guidance, windows: list[Window], filing: Filing,
            eligibility: Eligibility, contents: Contents | None = None) -> dict[str, Answer]:
    ctx = Asking(situation, guidance, windows, filing, eligibility, contents)
    found = {"complainant": complainant_answer(ctx), "respondent": respondent_answer(ctx), "clerk": clerk_answer(ctx)}
    return {person: _with_earliest_end(ctx, answer) for person, answer in found.items()}


def _with_undated(ctx: Asking, answer: Answer, person: str) -> Answer:
    """What the text gives this person now with no period ("When the complaint is filed … the city clerk shall
    log it"), named after the dated answer: duties grouped by who must act, then the steps they may take. An answer
    that said nothing was due leads with them instead."""
    live = ctx.g.undated_of(person)
    if person == "clerk":
        live = [u for u in live if not u.may]  # what an official may do is not the office's to act on
    if not live:
        return answer
    duties, steps = [u for u in live if not u.may], [u for u in live if u.may]
    musts = []
    for actor in dict.fromkeys(u.rule.actor for u in duties):
        mine = [u for u in duties if u.rule.actor == actor]
        who = ctx.j.actor(actor).in_text if person == "clerk" else ctx.say("you")
        musts.append(ctx.say("undated_must", who=who, tasks=_undated_tasks(ctx, mine)))
    if steps:
        musts.append(ctx.say("undated_may", tasks=_undated_tasks(ctx, steps)))
    sentence = ctx.say("undated", items=join_and(musts, ctx.lang))
    if answer.status == "nothing":  # "nothing is due" holds only where the text gives the person nothing
        lead = "answer_undated_lead_office" if person == "clerk" else "answer_undated_lead"
        return replace(answer, status="certain" if duties else "nothing", sentence=_sentences(ctx.say(lead), sentence),
                       detail=_sentences(answer.sentence if answer.rule else None, answer.detail),
                       rule=live[0].rule.id, day=None, moment=None, asks=())
    return replace(answer, sentence=_sentences(answer.sentence, sentence))


def _undated_tasks(ctx: Asking, items) -> str:
    """Each step's task with the clause it comes from, and its condition where it has one."""
    out = []
    for u in items:
        text = ctx.say("undated_task", task=task(u.rule, ctx.lang), cite=ctx.j.clause(u.rule.clause).cite)
        if u.conditional:
            text = ctx.say("undated_task_if", task=text, condition=ctx.condition_of(u.rule))
        out.append(text)
    return join_and(out, ctx.lang)


def _with_earliest_end(ctx: Asking, answer: Answer) -> Answer:
    """An answer that leads with a period of a shortest length ("at least 30 days") says when it may end at the
    earliest, beside the day it gives."""
    u = ctx.g.duties.get(answer.rule) if answer.rule else None
    if u is None or u.deadline.earliest_end is None or answer.status not in ("certain", "relies", "waiting"):
        return answer
    return replace(answer, detail=_sentences(answer.detail, ctx.say("answer_at_least", earliest=u.deadline.earliest_end,
                                                                    due=u.deadline.due)))


def duty_words(j: Jurisdiction, u, lang: str = "en") -> str | None:
    """How sure a duty's day at stake is (core/guidance.py), in one sentence: done and how, passed, the latest day
    still possible and what it relies on, the safe date and why the code's day may be later, or certain; with the
    condition it exists under, if any."""
    d = u.deadline
    if u.sure == DONE:
        r = u.retired
        if r.event is None:
            return say("desk_done_marked", lang, on=r.day)
        label = j.event(r.event).label if j.event(r.event) else r.event
        return say("desk_done_act" if r.act else "desk_done_later", lang, what=label, on=r.day)
    if u.sure == PASSED:
        return say("desk_passed", lang)
    if u.day is None:
        return None
    text = None
    if u.where in (BETWEEN, ON_LAST):
        text = say("desk_relies", lang, safe=d.safe, reasons=readings(j, d, lang) or "")
    elif d.due and d.safe and d.due > d.safe:
        text = later_day(j, d, lang) or say("desk_safe", lang, due=d.due)
    elif u.sure == CERTAIN:
        text = say("desk_certain", lang)
    if u.conditional:
        text = " ".join(t for t in (condition_text(j, d.rule, lang) or say("desk_if", lang, condition=""), text) if t)
    return text
