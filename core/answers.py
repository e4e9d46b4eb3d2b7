"""The one-sentence answer for each person: the complainant, the respondent, the clerk.

Each answer is built from the evaluation's own deadlines and verdicts (nothing is counted
again), leads with the date that holds under every reading (the safe date), and says how sure
it is:

    certain   on time, or the date to act by, relying on no reading that is not confirmed
    relies    on time only if an extension or an unconfirmed closure holds
    late      a last day has passed
    barred    this person may not do it at all
    waiting   a fact is missing; the sentence says which
    nothing   nothing is due from this person now

"As of" (today, in the city's time zone) is an input, never read from a clock.
"""

from dataclasses import dataclass
from datetime import date

from .deadlines import Deadline
from .describing import later_day, readings, task
from .model import BUILTIN_DATE_FACTS, Jurisdiction
from .situation import Situation
from .verdicts import Eligibility, Filing, Window
from .wording import join_or, say


@dataclass(frozen=True)
class Answer:
    status: str
    sentence: str
    day: date | None = None
    detail: str | None = None
    rule: str | None = None


def procedure_order(jurisdiction: Jurisdiction) -> list[str]:
    """The facts and events of a procedure in the order a complaint reaches them."""
    return list(BUILTIN_DATE_FACTS) + [f.id for f in jurisdiction.own_facts()] + [e.id for e in jurisdiction.events]


def _uncertain(deadline: Deadline) -> list:
    return [(u.name, u.day) for u in deadline.uncertain]


class Answers:
    """The answers for one evaluation, in its language, as of its day."""

    def __init__(self, situation: Situation, deadlines: dict[str, Deadline], windows: list[Window],
                 filing: Filing, eligibility: Eligibility):
        self.s, self.lang, self.today = situation, situation.lang, situation.today
        self.deadlines, self.windows, self.filing, self.eligibility = deadlines, windows, filing, eligibility
        self.cite = situation.j.counting.cite
        self.order = procedure_order(situation.j)

    def when(self, anchor: str | None) -> int:
        """Where an anchor comes in the procedure: earlier facts and events first."""
        name = (anchor or "").removeprefix("deadline:")
        return self.order.index(name) if name in self.order else len(self.order)

    def say(self, key, **params):
        return say(key, self.lang, **params)

    def passed(self, day: date | None) -> bool:
        return bool(self.today and day and day < self.today)

    def later_day(self, deadline: Deadline, safe: date) -> str | None:
        return later_day(deadline.nominal, deadline.due, safe, _uncertain(deadline), self.cite, self.lang)

    # --- the complainant ---------------------------------------------------------------

    def complainant(self) -> Answer:
        filing, eligibility = self.filing, self.eligibility
        deadline = filing.deadline
        contact = self.s.j.contact
        if eligibility.status == "not-eligible":
            return Answer("barred", self.say("answer_not_eligible", reason=eligibility.reasons[0]), rule="filing")
        if filing.status == "late":
            due = deadline.due or deadline.no_later_than
            return Answer("late", self.say("answer_late", received=filing.received, due=due), due,
                          self.say("late_what_now", contact=contact), "filing")
        if not (deadline and deadline.due):
            if deadline and deadline.waiting_message and deadline.no_later_than:
                return Answer("waiting", deadline.waiting_message, rule="filing")
            return Answer("waiting", self.say("answer_filing_waiting"), rule="filing")
        safe, due = deadline.safe, deadline.due
        if filing.status == "timely":
            if filing.certainty == "relies":
                return Answer("relies", self.say("answer_timely_relies", received=filing.received, safe=safe), safe,
                              self.later_day(deadline, safe), "filing")
            return Answer("certain", self.say("answer_timely", received=filing.received, safe=safe), safe,
                          rule="filing")
        if self.passed(due):
            return Answer("late", self.say("answer_deadline_passed", due=due), due,
                          self.say("late_what_now", contact=contact), "filing")
        if self.passed(safe):
            reasons = readings(deadline.nominal, due, _uncertain(deadline), self.cite, self.lang)
            return Answer("relies", self.say("answer_safe_passed", safe=safe, due=due, reasons=reasons or ""), due,
                          rule="filing")
        return Answer("certain", self.say("answer_file_by", safe=safe), safe, self.later_day(deadline, safe), "filing")

    # --- the respondent -----------------------------------------------------------------

    def respondent(self) -> Answer:
        deadlines = [d for d in self.deadlines.values() if "respondent" in d.people.acts and d.rule.kind != "filing"]
        windows = [w for w in self.windows if "respondent" in w.people.acts]
        dated = sorted((d for d in deadlines if d.due), key=lambda d: (d.safe, d.due))
        upcoming = [d for d in dated if not self.passed(d.due)]
        if upcoming:
            item = upcoming[0]
            status = "relies" if self.passed(item.safe) else "certain"
            shown = item.due if self.passed(item.safe) else item.safe
            return Answer(status, self.say("answer_next_deadline", task=task(item.rule, self.lang), day=shown), shown,
                          self.later_day(item, item.safe) if status == "certain" else None, item.id)
        open_windows = sorted((w for w in windows if w.status == "open"), key=lambda w: self.when(w.rule.closes))
        if open_windows:
            groups = {}
            for window in open_windows:  # the window that closes first leads; the others follow in the detail
                groups.setdefault(window.closes_label, []).append(task(window.rule, self.lang))
            (first, tasks), *others = groups.items()
            detail = " ".join(self.say("answer_window_also", tasks=join_or(t, self.lang), until=u) for u, t in others)
            return Answer("certain", self.say("answer_window_open", tasks=join_or(tasks, self.lang), until=first),
                          detail=detail or None, rule=open_windows[0].id)
        if dated:
            item = dated[-1]
            return Answer("late", self.say("answer_last_passed", task=task(item.rule, self.lang), day=item.due),
                          item.due, rule=item.id)
        waiting = sorted((i for i in [*deadlines, *windows] if i.waiting_label), key=lambda i: self.when(i.waiting_on))
        if waiting:
            item = waiting[0]
            return Answer("nothing", self.say("answer_nothing_yet", task=task(item.rule, self.lang),
                                              what=item.waiting_label), rule=item.id)
        return Answer("nothing", self.say("answer_nothing_for_respondent"))

    # --- the clerk ------------------------------------------------------------------------

    def clerk(self) -> Answer:
        owed = [d for d in self.deadlines.values() if "clerk" in d.people.acts and d.due]
        upcoming = sorted((d for d in owed if not self.passed(d.due)), key=lambda d: (d.safe, d.due))
        if upcoming:
            item = upcoming[0]
            key = "answer_office_owes_one" if len(upcoming) == 1 else "answer_office_owes"
            return Answer("certain", self.say(key, n=len(upcoming), task=task(item.rule, self.lang), day=item.safe),
                          item.safe, self.later_day(item, item.safe), item.id)
        if owed:  # not "late": the office may well have acted; the report cannot know
            item = max(owed, key=lambda d: d.due)
            return Answer("nothing", self.say("answer_office_all_passed", task=task(item.rule, self.lang), day=item.due),
                          item.due, rule=item.id)
        receiver = self.s.j.actor(self.s.j.receiver).label
        return Answer("waiting", self.say("answer_office_waiting", receiver=receiver))


def answers(situation: Situation, deadlines: dict[str, Deadline], windows: list[Window], filing: Filing,
            eligibility: Eligibility) -> dict[str, Answer]:
    found = Answers(situation, deadlines, windows, filing, eligibility)
    return {"complainant": found.complainant(), "respondent": found.respondent(), "clerk": found.clerk()}
