"""[[clauses]]: the ordinance text, which every rule quotes word for word."""

from datetime import date

from ..model import Clause
from .problems import TOP, Problems, entry_where, quote_difference, quote_found, suggest


class Law:
    """The clauses of a file, and the check that a quote is word for word in one of them."""

    def __init__(self, clauses: tuple[Clause, ...]):
        self.clauses = clauses
        self.anchors = list(dict.fromkeys(c.anchor for c in clauses))

    def check_quote(self, problems: Problems, where, clause: str | None, text: str | None,
                    key: str = "text", on: date | None = None) -> None:
        """The quote must be word for word in the clause as it read on `on` (a rule version's effective date),
        or as it reads now: a version of a rule quotes the version of the law it implements, never another."""
        if clause is None:
            return
        versions = sorted((c for c in self.clauses if c.anchor == clause), key=lambda c: c.effective or date.min)
        if not versions:
            problems.add(where, f"clause “{clause}” is not defined", suggest(clause, self.anchors),
                         key="clause")
            return
        in_force = [c for c in versions if on is None or (c.effective or date.min) <= on] or versions[:1]
        version = in_force[-1]
        if not version.text:
            problems.add(where, f"clause “{clause}” is not reproduced, so nothing can be quoted from it",
                         "quote the clause whose text the file reproduces", key="clause")
        elif text is not None and not quote_found(text, version.text):
            dated = (f" as it reads from {version.effective}" if version.effective and len(versions) > 1 else "")
            others = [c for c in versions if c is not version and c.text and quote_found(text, c.text)]
            hint = (f"this is the text of the version in force from {others[0].effective or 'the start'}; quote the "
                    f"clause as it reads from {version.effective}, when this version of the rule takes effect"
                    if others else "copy the sentence exactly from the clause; join separate parts with …")
            problems.add(where, f"the text is not word for word in clause “{clause}”{dated}: "
                                f"{quote_difference(text, version.text)}", hint, key=key)


def read_clauses(data: dict, problems: Problems) -> Law:
    clauses, seen = [], set()
    for i, entry in enumerate(data["clauses"]):
        where = entry_where("clauses", i, entry)
        effective = date.fromisoformat(entry["effective"]) if "effective" in entry else None
        text, omitted = entry.get("text"), entry.get("not_reproduced")
        if (text is None) == (omitted is None):
            problems.add(where, "give either text = '''…''' or not_reproduced = \"…\"",
                         "not_reproduced says what part of the law this is and why it is not reproduced")
            continue
        if (entry["anchor"], effective) in seen:
            problems.add(where, f"anchor “{entry['anchor']}” is used twice",
                         "an amended text keeps the anchor and adds effective = its date", key="anchor")
            continue
        seen.add((entry["anchor"], effective))
        clauses.append(Clause(entry["anchor"], entry["cite"], entry["title"], text or "", effective, omitted))
    if not any(c.text for c in clauses):
        problems.add(TOP, "no clause reproduces any text", "paste the ordinance text into [[clauses]] entries")
    return Law(tuple(clauses))
