"""The procedure at a glance, with no facts: each stage, its rules and their periods
in words. The site shows it to everyone, including readers without JavaScript."""

from .audience import people
from .describing import period_in_words
from .model import COUNTED_KINDS, Jurisdiction, Rule


def outline(jurisdiction: Jurisdiction, lang: str = "en") -> list[dict]:
    """Stages in order, each with its current rules; rules in no stage come first."""
    current = {rule_id: jurisdiction.versions(rule_id)[-1] for rule_id in jurisdiction.rule_ids()}
    stages = [r for r in current.values() if r.kind == "stage"]
    staged = {ref for stage in stages for ref in stage.stage_rules}

    sides = {a.id: a.side for a in jurisdiction.actors}

    def rule_entry(rule: Rule) -> dict:
        return {"id": rule.id, "kind": rule.kind, "title": rule.title, "actor": rule.actor,
                "views": people(sides, rule.actor, rule.notifies).views, "cite": jurisdiction.clause(rule.clause).cite,
                "clause": rule.clause, "period": period_in_words(jurisdiction, rule, lang),
                "timed": rule.kind in COUNTED_KINDS + ("window",), "condition": rule.condition}

    loose = [rule_entry(r) for r in current.values()
             if r.kind != "stage" and r.id not in staged and r.kind in COUNTED_KINDS + ("window",)]
    groups = [{"id": None, "number": None, "title": None, "rules": loose, "no_deadline": False}] if loose else []
    for number, stage in enumerate(stages, 1):
        rules = [rule_entry(current[ref]) for ref in stage.stage_rules]
        groups.append({"id": stage.id, "number": number, "title": stage.title, "cite": jurisdiction.clause(stage.clause).cite,
                       "clause": stage.clause, "rules": rules,
                       "no_deadline": not any(r["timed"] for r in rules)})
    return groups
