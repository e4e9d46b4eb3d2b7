"""The one-sentence answer for each person: the complainant, the respondent, the clerk.

Each answer is built from the evaluation's own deadlines and verdicts (nothing is counted
again), leads with the date that holds under every reading (the safe date), and says how sure
it is:

    certain   on time, or the date to act by, relying on no reading that is not confirmed
    relies    on time only if an extension, an unconfirmed closure or a fact not yet known holds
    late      a last day has passed
    barred    this person may not do it at all
    waiting   a fact is missing that decides the answer or could bring an earlier date; the
              sentence says which, and gives the date it would bring where it can
    nothing   nothing is due from this person now

Where today falls decides the words: before the safe date ("File by …"), on it ("File today"),
between it and the code's later last day, on that day, or after it (late). A receipt date after
today is the day the person plans to file. "As of" is an input, never read from a clock.
"""

from dataclasses import dataclass, replace
from datetime import date, timedelta

from .deadlines import Deadline
from .describing import anchor_words, condition_clause, later_day, prompt, readings, role_label, task
from .model import BUILTIN_DATE_FACTS, Jurisdiction
from .situation import Situation
from .verdicts import Eligibility, Filing, Window
from .wording import join_or, say

BEFORE, ON_SAFE, BETWEEN, ON_LAST, AFTER = "before", "on-safe", "between", "on-last", "after"


@dataclass(frozen=True)
class Answer:
    status: str
    sentence: str
    day: date | None = None
    detail: str | None = None
    rule: str | None = None
    asks: tuple[str, ...] = ()  # the facts or events the sentence asks for, so a page can lead to each field


def procedure_order(jurisdiction: Jurisdiction) -> list[str]:
    """The facts and events of a procedure in the order a complaint reaches them."""
    return list(BUILTIN_DATE_FACTS) + [f.id for f in jurisdiction.own_facts()] + [e.id for e in jurisdiction.events]


def position(today: date | None, safe: date, due: date) -> str:
    """Where today falls against a safe date and the code's last day (safe <= due)."""
    if today is None or today < safe:
        return BEFORE
    if today == safe:
        return ON_SAFE
    if today < due:
        return BETWEEN
    return ON_LAST if today == due else AFTER


def _sentences(*parts) -> str | None:
    return " ".join(p for p in parts if p) or None


class Asking:
    """What every answer draws on: the evaluation, in its language, as of its day."""

    def __init__(self, situation: Situation, deadlines: dict[str, Deadline], windows: list[Window],
                 filing: Filing, eligibility: Eligibility):
        self.s, self.j, self.lang, self.today = situation, situation.j, situation.lang, situation.today
        self.deadlines, self.windows, self.filing, self.eligibility = deadlines, windows, filing, eligibility
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

    def by_date(self, d: Deadline) -> date | None:
        """The day a deadline asks for: its safe date, or while a limit is unknown, the known limit's."""
        if d.safe:
            return d.safe
        known = [l for l in d.limits or () if l.safe]
        return min(l.safe for l in known) if d.no_later_than and known else None


# --- the complainant ---------------------------------------------------------------

def complainant_answer(ctx: Asking) -> Answer:
    e, f, d = ctx.eligibility, ctx.filing, ctx.filing.deadline
    if e.status == "not-eligible":
        roles = join_or([_role(ctx, r) for r in e.roles], ctx.lang)
        return Answer("barred", ctx.say("answer_not_eligible", reason=e.reasons[0]),
                      detail=ctx.say("barred_next", roles=roles, contact=ctx.j.contact), rule=f.rule)
    answer = _filing_answer(ctx, f, d)
    if e.status == "unknown" and answer.status not in ("late", "barred"):
        roles = join_or([_role(ctx, r) for r in e.roles], ctx.lang)
        answer = Answer("waiting", f"{answer.sentence} {ctx.say('eligibility_unknown_clause', roles=roles)}",
                        answer.day, answer.detail, answer.rule, (*answer.asks, "complainant_role"))
    return answer


def _role(ctx: Asking, role_id: str) -> str:
    return role_label(ctx.j, role_id, ctx.lang)


def _filing_answer(ctx: Asking, f: Filing, d: Deadline | None) -> Answer:
    late_detail = ctx.say("late_what_now", contact=ctx.j.contact)
    received = f.received if f.received and not f.planned else None
    if d is None or (d.due is None and d.no_later_than is None):
        missing = (d.waiting_for if d else ()) or ("violation_date",)
        key = "answer_filing_waiting_received" if received else "answer_filing_waiting"
        return Answer("waiting", ctx.say(key, prompt=prompt(ctx.j, missing, ctx.lang)), rule=f.rule,
                      asks=tuple(missing))
    if f.status == "late" and received:
        due = d.due or d.no_later_than
        return Answer("late", ctx.say("answer_late", received=received, due=due), due, late_detail, f.rule)
    if d.due is None:  # one limit is known, another waits on a fact
        bound = ctx.by_date(d)
        anchor_label = d.waiting_label
        if received:
            return Answer("waiting", ctx.say("answer_received_waiting", received=received, anchor=anchor_label,
                                              prompt=prompt(ctx.j, d.waiting_for, ctx.lang)), bound, rule=f.rule,
                          asks=d.waiting_for)
        if ctx.today and d.no_later_than < ctx.today:
            return Answer("late", ctx.say("answer_deadline_passed", due=d.no_later_than), d.no_later_than,
                          late_detail, f.rule)
        return Answer("waiting", ctx.say("answer_file_no_later", safe=bound, anchor=anchor_label), bound,
                      ctx.say("to_know", prompt=prompt(ctx.j, d.waiting_for, ctx.lang)), f.rule, d.waiting_for)
    if received:
        today = "_today" if received == ctx.today else ""
        if f.certainty == "relies":
            return Answer("relies", ctx.say("answer_timely_relies" + today, received=received, safe=d.safe),
                          d.safe, ctx.why(d), f.rule)
        return Answer("certain", ctx.say("answer_timely" + today, received=received), d.safe, rule=f.rule)
    where = position(ctx.today, d.safe, d.due)
    plan = _plan(ctx, f, d) if f.planned else None
    if where == AFTER:
        return Answer("late", ctx.say("answer_deadline_passed", due=d.due), d.due, late_detail, f.rule)
    if where in (BEFORE, ON_SAFE):
        key = "answer_file_by" if where == BEFORE else (
            "answer_file_today" if d.safe < d.due else "answer_file_today_last")
        return Answer("certain", _sentences(ctx.say(key, safe=d.safe), plan), d.safe, ctx.why(d), f.rule)
    key = "answer_safe_passed" if where == BETWEEN else "answer_last_day_today"
    return Answer("relies", _sentences(ctx.say(key, safe=d.safe, due=d.due, reasons=ctx.reasons(d)), plan),
                  d.due, rule=f.rule)


def _plan(ctx: Asking, f: Filing, d: Deadline) -> str:
    """What the day the person plans to file would be: on time, on time only under a reading, or late."""
    if f.received <= d.safe:
        return ctx.say("plan_on_time", planned=f.received)
    if f.received <= d.due:
        return ctx.say("plan_relies", planned=f.received, reasons=ctx.reasons(d))
    return ctx.say("plan_late", planned=f.received)


# --- the respondent -----------------------------------------------------------------

def respondent_answer(ctx: Asking) -> Answer:
    mine = [d for d in ctx.deadlines.values() if "respondent" in d.people.acts and d.rule.kind != "filing"]
    windows = [w for w in ctx.windows if "respondent" in w.people.acts]
    dated = sorted((d for d in mine if d.due), key=lambda d: (d.safe, d.due))
    upcoming = [d for d in dated if position(ctx.today, d.safe, d.due) != AFTER]
    open_windows = sorted((w for w in windows if w.status == "open"), key=lambda w: ctx.when(w.rule.closes))
    # What needs acting on first leads: the next deadline, unless an open window closes before it (a window
    # that can close unannounced may close any day).
    if open_windows and (not upcoming or _closes_by(ctx, open_windows[0]) < upcoming[0].safe):
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
    if dated:
        item = dated[-1]
        return Answer("late", ctx.say("answer_last_passed", task=task(item.rule, ctx.lang), day=item.due),
                      item.due, rule=item.id)
    waiting = sorted((i for i in [*mine, *windows] if i.waiting_label), key=lambda i: ctx.when(i.waiting_on))
    if waiting:
        item = waiting[0]
        condition = condition_clause(ctx.j, item.rule, ctx.lang) if item.applies == "unknown" else None
        key = "answer_nothing_yet_if" if condition else "answer_nothing_yet"
        return Answer("nothing", ctx.say(key, task=task(item.rule, ctx.lang), what=item.waiting_label,
                                          condition=condition), rule=item.id)
    return Answer("nothing", ctx.say("answer_nothing_for_respondent"))


def _next_deadline(ctx: Asking, d: Deadline) -> Answer:
    answer = _dated_deadline(ctx, d)
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


def _dated_deadline(ctx: Asking, d: Deadline) -> Answer:
    where = position(ctx.today, d.safe, d.due)
    what = task(d.rule, ctx.lang)
    if d.applies == "unknown":
        condition = condition_clause(ctx.j, d.rule, ctx.lang)
        sentence = ctx.say("answer_next_deadline_if", condition=condition, task=what,
                            day=d.safe if where in (BEFORE, ON_SAFE) else d.due)
        return Answer("waiting", _sentences(sentence, ctx.to_know(d.rule)), d.safe, ctx.why(d), d.id,
                      ctx.undecided(d.rule))
    if where in (BEFORE, ON_SAFE):
        key = "answer_next_deadline" if where == BEFORE else "answer_next_deadline_today"
        return Answer("certain", ctx.say(key, task=what, day=d.safe), d.safe, ctx.why(d), d.id)
    key = "answer_next_deadline_after_safe" if where == BETWEEN else "answer_next_deadline_last_today"
    return Answer("relies", ctx.say(key, task=what, safe=d.safe, due=d.due, reasons=ctx.reasons(d)), d.due,
                  rule=d.id)


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


def _closes_by(ctx: Asking, w: Window) -> date:
    """The last day a window can be counted on: its closing date, or any day if it can close unannounced."""
    if w.rule.closes_when:
        return ctx.today or date.min
    return w.closed or date.max


def _until(ctx: Asking, w: Window) -> str:
    """Until when a window is open: the event that closes it, with its date once it is known."""
    if w.closed:
        return ctx.say("until_dated", day=w.closed, what=w.closes_label)
    return w.closes_label


# --- the clerk ------------------------------------------------------------------------

def clerk_answer(ctx: Asking) -> Answer:
    owed = [d for d in ctx.deadlines.values() if "clerk" in d.people.acts]
    definite = [d for d in owed if d.applies == "yes" and d.due]
    upcoming = sorted((d for d in definite if position(ctx.today, d.safe, d.due) != AFTER),
                      key=lambda d: (d.safe, d.due))
    # A duty that applies only if a fact not yet given holds: it is said, with its date, and the answer
    # is not green while it could be owed (Illinois (G): a decision seven days after filing).
    maybe = sorted((d for d in owed if d.applies == "unknown" and ctx.by_date(d)
                    and not (ctx.today and (d.due or d.no_later_than) < ctx.today)), key=ctx.by_date)
    if upcoming:
        answer = _office_owes(ctx, upcoming)
        if not maybe:
            return answer
        return Answer("waiting", _sentences(answer.sentence, _maybe_owed(ctx, maybe[0], "answer_office_also_if")),
                      answer.day, answer.detail, answer.rule, ctx.undecided(maybe[0].rule))
    if maybe:
        d = maybe[0]
        return Answer("waiting", _maybe_owed(ctx, d, "answer_office_if"), ctx.by_date(d), rule=d.id,
                      asks=ctx.undecided(d.rule))
    dated = [d for d in owed if d.due]
    if dated:  # the office may well have acted; the report cannot know, so it says what a passed date means
        item = max(dated, key=lambda d: d.due)
        return Answer("late", ctx.say("answer_office_all_passed", task=task(item.rule, ctx.lang), day=item.due),
                      item.due, rule=item.id)
    if ctx.s.facts.received is None:
        receiver = ctx.j.actor(ctx.j.receiver).in_text
        return Answer("waiting", ctx.say("answer_office_waiting", receiver=receiver), asks=("received",))
    waiting = sorted((d for d in owed if d.waiting_label), key=lambda d: ctx.when(d.waiting_on))
    if waiting:
        item = waiting[0]
        return Answer("nothing", ctx.say("answer_office_next_after", task=task(item.rule, ctx.lang),
                                          what=item.waiting_label), rule=item.id)
    return Answer("nothing", ctx.say("answer_nothing_for_office"))


def _maybe_owed(ctx: Asking, d: Deadline, key: str) -> str:
    sentence = ctx.say(key, condition=condition_clause(ctx.j, d.rule, ctx.lang), task=task(d.rule, ctx.lang),
                        day=ctx.by_date(d), latest=ctx.say("at_the_latest") if d.due is None else "")
    return _sentences(sentence, ctx.to_know(d.rule))


def _office_owes(ctx: Asking, upcoming: list[Deadline]) -> Answer:
    d, n = upcoming[0], len(upcoming)
    where = position(ctx.today, d.safe, d.due)
    what = task(d.rule, ctx.lang)
    one = "_one" if n == 1 else ""
    if where in (BEFORE, ON_SAFE):
        key = "answer_office_owes" + one + ("" if where == BEFORE else "_today")
        return Answer("certain", ctx.say(key, n=n, task=what, day=d.safe), d.safe, ctx.why(d), d.id)
    key = "answer_office_owes" + one + ("_after_safe" if where == BETWEEN else "_last_today")
    return Answer("relies", ctx.say(key, n=n, task=what, safe=d.safe, due=d.due, reasons=ctx.reasons(d)),
                  d.due, rule=d.id)


def answers(situation: Situation, deadlines: dict[str, Deadline], windows: list[Window], filing: Filing,
            eligibility: Eligibility) -> dict[str, Answer]:
    ctx = Asking(situation, deadlines, windows, filing, eligibility)
    return {"complainant": complainant_answer(ctx), "respondent": respondent_answer(ctx), "clerk": clerk_answer(ctx)}
