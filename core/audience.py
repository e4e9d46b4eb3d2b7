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
