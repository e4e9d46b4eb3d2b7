"""Who asks, who acts, and whom a date concerns: one name for each person, and one table.

Three people ask the checker: the complainant (whoever files, or thinks of filing), the
respondent (whom the complaint is about), and the clerk (the office that handles the complaint,
and the officials beside it). A procedure's actors each stand on a side; this table says which
of the three people a side's duty falls on:

    >>> acting("parties"), acting("official")
    (('complainant', 'respondent'), ('clerk',))

Every entry of the report carries `acts` (who must act) and `concerns` (who must act or is told),
so that no page, printout or calendar file works it out again.
"""

from dataclasses import dataclass

AUDIENCES = ("complainant", "respondent", "clerk")
SIDES = {"complainant": ("complainant",), "respondent": ("respondent",),
         "parties": ("complainant", "respondent"), "official": ("clerk",)}
# The report's older `views` (schema 1) names the clerk "officials"; it stays for the readers that use it.
LEGACY_VIEW = {"complainant": "complainant", "respondent": "respondent", "clerk": "officials"}


def acting(side: str | None) -> tuple[str, ...]:
    """The people a duty of an actor on `side` falls on."""
    return SIDES.get(side, ())


def in_order(people) -> tuple[str, ...]:
    return tuple(p for p in AUDIENCES if p in set(people))


@dataclass(frozen=True)
class People:
    """Whom one rule concerns: who acts on it, and everyone it concerns (they act or are told)."""

    acts: tuple[str, ...]
    concerns: tuple[str, ...]

    @property
    def views(self) -> list[str]:
        """The same people, in the report's older vocabulary."""
        return [LEGACY_VIEW[p] for p in self.concerns]


def people(sides: dict[str, str], actor: str | None, notifies=()) -> People:
    """Whom a rule concerns, from the side of its actor and of each actor it notifies."""
    acts = acting(sides.get(actor))
    told = [p for who in notifies for p in acting(sides.get(who))]
    return People(in_order(acts), in_order([*acts, *told]))


# --- what to ask each person, and in what order --------------------------------------------------------------

DECIDING = 2  # how many of a person's first questions come before their answer


def asked(jurisdiction) -> dict[str, bool]:
    """Which of the built-in optional facts this procedure needs, so the form asks only for those."""
    anchors = {c.anchor for r in jurisdiction.rules for c in r.counts}
    conditions = [c for r in jurisdiction.rules for c in r.applies_when + r.applies_unless]
    facts = {c.fact for c in conditions if c.fact} | {c.date for c in conditions if c.date} | {
        c.other for c in conditions if c.other}
    roles = jurisdiction.eligibility.roles
    return {"role": roles is not None and "any-person" not in roles,  # anyone may file: nothing to ask
            "candidate": "respondent_is_candidate" in facts,
            "election_date": "election_date" in anchors | facts}


def fact_wording(jurisdiction, person: str) -> dict[str, str]:
    """How the form names each fact the procedure declares, for one person. A fact's `question` is put to
    whoever files ("When did you learn of the violation?"); the respondent and the office did not learn of it,
    so they are shown the fact's `label` ("The day the complainant knew of the violation")."""
    return {f.id: (f.question if person == "complainant" else f.label) for f in jurisdiction.facts}


def form_layout(jurisdiction) -> dict[str, dict]:
    """For each person, the form's fields in the order they know the facts: the deciding ones (before the
    answer), then the rest, and the words each declared fact is asked in. Every field is offered to everyone;
    only the order and those words differ. A field is a fact's id, `contents`, `event:ID` or `about`."""
    used = asked(jurisdiction)
    events = [f"event:{e.id}" for e in jurisdiction.events]
    facts = [f.id for f in jurisdiction.own_facts()]
    extra = (["respondent_is_candidate"] if used["candidate"] else []) + (
        ["election_date"] if used["election_date"] else [])
    everything = (["violation_date", "received"] + (["complainant_role"] if used["role"] else []) + extra + facts
                  + (["contents"] if jurisdiction.contents else []) + events + ["about"])

    def anchors(rules) -> list[str]:
        """The facts and events the given rules count from, open or close on, or test, in procedure order."""
        names = set()
        for rule in rules:
            names.update(c.anchor for c in rule.counts if not c.anchor.startswith("deadline:"))
            names.update(n for n in (rule.opens, rule.closes) if n)
            names.update(c.fact or c.date for c in rule.applies_when + rule.applies_unless)
        return [f for f in everything if f.removeprefix("event:") in names]

    sides = {a.id: a.side for a in jurisdiction.actors}
    current = [jurisdiction.versions(i)[-1] for i in jurisdiction.rule_ids()]
    filing = [r for r in current if r.kind == "filing"]
    respondent = [r for r in current if r.kind in ("deadline", "window") and "respondent" in acting(sides.get(r.actor))]
    deciding = {"complainant": anchors(filing) + ["received"],
                "respondent": anchors(respondent)[:DECIDING] or ["received"],
                "clerk": ["received"]}
    return {person: {"deciding": list(dict.fromkeys(first)),
                     "more": [f for f in everything if f not in first],
                     "wording": fact_wording(jurisdiction, person)} for person, first in deciding.items()}
