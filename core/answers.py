"""The one-sentence answer for each person: the complainant, the respondent, the officials.

Each answer is built from the report's own entries (nothing is counted again), leads with
the date that holds under every reading (the safe date), and says how sure it is:

    certain   on time, or the date to act by, relying on no reading that is not confirmed
    relies    on time only if an extension or an unconfirmed closure holds
    late      a last day has passed
    barred    this person may not do it at all
    waiting   a fact is missing; the sentence says which
    nothing   nothing is due from this person now

"As of" (today, in the city's time zone) is an input, never read from a clock.
"""

from datetime import date

from .model import BUILTIN_DATE_FACTS, Jurisdiction
from .wording import join_or, say


def procedure_order(jurisdiction: Jurisdiction) -> list[str]:
    """The facts and events of a procedure in the order a complaint reaches them."""
    return list(BUILTIN_DATE_FACTS) + [f.id for f in jurisdiction.own_facts()] + [e.id for e in jurisdiction.events]


def _day(text):
    return date.fromisoformat(text[:10]) if text else None


def _answer(status: str, sentence: str, *, day=None, detail=None, rule=None) -> dict:
    return {"status": status, "sentence": sentence, "date": day.isoformat() if day else None,
            "detail": detail, "rule": rule}


def _sides(report: dict) -> dict:
    return {actor: info["side"] for actor, info in report["jurisdiction"]["actors"].items()}


def _who(item: dict, sides: dict) -> set:
    """The people an entry asks to act: 'complainant', 'respondent', 'official'."""
    side = sides.get(item["actor"])
    return {"complainant", "respondent"} if side == "parties" else {side}


class Answers:
    """The answers for one report, in one language, as of one day."""

    def __init__(self, report: dict, lang: str, today: date | None, counting_cite: str, order: list[str]):
        self.report, self.lang, self.today, self.cite = report, lang, today, counting_cite
        self.sides = _sides(report)
        self.order = order  # facts and events in the order a procedure reaches them

    def when(self, anchor: str | None) -> int:
        """Where an anchor comes in the procedure: earlier facts and events first."""
        name = (anchor or "").removeprefix("deadline:")
        return self.order.index(name) if name in self.order else len(self.order)

    def say(self, key, **params):
        return say(key, self.lang, **params)

    def task(self, item: dict) -> str:
        return item.get("task") or self.say("task_fallback", title=item["title"])

    def passed(self, day: date | None) -> bool:
        return bool(self.today and day and day < self.today)

    def readings(self, item: dict) -> str | None:
        """What a later last day relies on: 'if the extension … applies and the office is closed on …'."""
        parts = []
        nominal, due = _day(item.get("nominal")), _day(item.get("due") or item.get("deadline"))
        if nominal and due and due > nominal:
            parts.append(self.say("if_extension", cite=self.cite))
        closed = [self.say("closed_day", name=u["name"], day=_day(u["date"])) for u in item.get("uncertain_days", [])]
        if closed:
            parts.append(self.say("if_closed", days=join_or(closed, self.lang)))
        return self.say("and").join(parts) if parts else None

    def later_day(self, item: dict, safe: date) -> str | None:
        due = _day(item.get("due") or item.get("deadline"))
        reasons = self.readings(item)
        if due and due > safe and reasons:
            return self.say("may_be_later", due=due, reasons=reasons)
        return None

    # --- the complainant ---------------------------------------------------------------

    def complainant(self) -> dict:
        filing, eligibility = self.report["filing"], self.report["eligibility"]
        contact = self.report["jurisdiction"]["contact"]
        if eligibility["status"] == "not-eligible":
            return _answer("barred", self.say("answer_not_eligible", reason=eligibility["reasons"][0]),
                           rule="filing")
        if filing["status"] == "late":
            due = _day(filing["deadline"] or filing["no_later_than"])
            return _answer("late", self.say("answer_late", received=_day(filing["received"]), due=due), day=due,
                           detail=self.say("late_what_now", contact=contact), rule="filing")
        if not filing["deadline"]:
            if filing.get("waiting_message") and filing.get("no_later_than"):
                return _answer("waiting", filing["waiting_message"], rule="filing")
            return _answer("waiting", self.say("answer_filing_waiting"), rule="filing")
        safe, due = _day(filing["safe_date"]), _day(filing["deadline"])
        if filing["status"] == "timely":
            received = _day(filing["received"])
            if filing["certainty"] == "relies":
                return _answer("relies", self.say("answer_timely_relies", received=received, safe=safe),
                               day=safe, detail=self.later_day(filing, safe), rule="filing")
            return _answer("certain", self.say("answer_timely", received=received, safe=safe), day=safe,
                           rule="filing")
        if self.passed(due):
            return _answer("late", self.say("answer_deadline_passed", due=due), day=due,
                           detail=self.say("late_what_now", contact=contact), rule="filing")
        if self.passed(safe):
            return _answer("relies", self.say("answer_safe_passed", safe=safe, due=due,
                                              reasons=self.readings(filing) or ""), day=due, rule="filing")
        return _answer("certain", self.say("answer_file_by", safe=safe), day=safe,
                       detail=self.later_day(filing, safe), rule="filing")

    # --- the respondent -----------------------------------------------------------------

    def respondent(self) -> dict:
        deadlines = [d for d in self.report["deadlines"] if "respondent" in _who(d, self.sides) and d["kind"] != "filing"]
        windows = [w for w in self.report["windows"] if "respondent" in _who(w, self.sides)]
        dated = sorted((d for d in deadlines if d["due"]), key=lambda d: (d["safe_date"], d["due"]))
        upcoming = [d for d in dated if not self.passed(_day(d["due"]))]
        if upcoming:
            item = upcoming[0]
            safe = _day(item["safe_date"])
            status = "relies" if self.passed(safe) else "certain"
            shown = _day(item["due"]) if self.passed(safe) else safe
            return _answer(status, self.say("answer_next_deadline", task=self.task(item), day=shown), day=shown,
                           detail=self.later_day(item, safe) if status == "certain" else None, rule=item["id"])
        open_windows = sorted((w for w in windows if w["status"] == "open"), key=lambda w: self.when(w["closes_on"]))
        if open_windows:
            groups = {}
            for window in open_windows:  # the window that closes first leads; the others follow in the detail
                groups.setdefault(window["closes_label"], []).append(self.task(window))
            (first, tasks), *others = groups.items()
            detail = " ".join(self.say("answer_window_also", tasks=join_or(t, self.lang), until=u) for u, t in others)
            return _answer("certain", self.say("answer_window_open", tasks=join_or(tasks, self.lang), until=first),
                           detail=detail or None, rule=open_windows[0]["id"])
        if dated:
            item = dated[-1]
            return _answer("late", self.say("answer_last_passed", task=self.task(item), day=_day(item["due"])),
                           day=_day(item["due"]), rule=item["id"])
        waiting = sorted((i for i in deadlines + windows if i.get("waiting_label")),
                         key=lambda i: self.when(i.get("waiting_on")))
        if waiting:
            item = waiting[0]
            return _answer("nothing", self.say("answer_nothing_yet", task=self.task(item), what=item["waiting_label"]),
                           rule=item["id"])
        return _answer("nothing", self.say("answer_nothing_for_respondent"))

    # --- the officials ------------------------------------------------------------------

    def officials(self) -> dict:
        owed = [d for d in self.report["deadlines"] if "official" in _who(d, self.sides) and d["due"]]
        upcoming = sorted((d for d in owed if not self.passed(_day(d["due"]))), key=lambda d: (d["safe_date"], d["due"]))
        if upcoming:
            item = upcoming[0]
            safe = _day(item["safe_date"])
            key = "answer_office_owes_one" if len(upcoming) == 1 else "answer_office_owes"
            return _answer("certain", self.say(key, n=len(upcoming), task=self.task(item), day=safe), day=safe,
                           detail=self.later_day(item, safe), rule=item["id"])
        if owed:  # not "late": the office may well have acted; the report cannot know
            item = max(owed, key=lambda d: d["due"])
            return _answer("nothing", self.say("answer_office_all_passed", task=self.task(item), day=_day(item["due"])),
                           day=_day(item["due"]), rule=item["id"])
        receiver = self.report["jurisdiction"]["actors"][self.report["jurisdiction"]["receiver"]]["label"]
        return _answer("waiting", self.say("answer_office_waiting", receiver=receiver))


def answers(report: dict, lang: str, today: date | None, counting_cite: str, order: list[str]) -> dict:
    found = Answers(report, lang, today, counting_cite, order)
    return {"complainant": found.complainant(), "respondent": found.respondent(), "clerk": found.officials()}
