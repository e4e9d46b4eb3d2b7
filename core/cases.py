"""Worked cases as data: {name, facts, expected}, checked the same way everywhere.

`expected` maps a path in the report to the value it must have. A path is
dot-separated; inside a list of entries with ids, a segment picks the entry by
id ("deadlines.decision.due"). Dates are compared, not the words they are written in
(the `display` entries). An expected error is written as
{"error": "<field>"}: the facts must be refused, naming that field.
"""

import hashlib
import json

from .facts import InputError
from .report import evaluate

MISSING = object()


def resolve(report: dict, path: str):
    """The value at `path` in the report, or MISSING."""
    value = report
    for segment in path.split("."):
        if isinstance(value, dict):
            value = value.get(segment, MISSING)
        elif isinstance(value, list):
            value = next((item for item in value if isinstance(item, dict) and item.get("id") == segment),
                         MISSING)
        else:
            return MISSING
        if value is MISSING:
            return MISSING
    return value


def _facts_only(value):
    """A report value without its dates in words (`display`, and `in_text`, the same dates as a sentence writes
    them): a case states dates, the wording is tested apart."""
    if isinstance(value, dict):
        return {k: _facts_only(v) for k, v in value.items()
                if k != "display" and not (k == "in_text" and isinstance(v, dict))}
    if isinstance(value, list):
        return [_facts_only(v) for v in value]
    return value


def mismatches(outcome: dict, expected: dict) -> list[str]:
    """What differs between an outcome ({"report": …} or {"error": …}) and what was expected."""
    problems = []
    if "error" in expected:
        got = outcome.get("error")
        if got is None:
            return [f"expected the facts to be refused on “{expected['error']}”, but they were accepted"]
        if got["field"] != expected["error"]:
            return [f"expected an error on “{expected['error']}”, got one on “{got['field']}”"]
        return []
    if "error" in outcome:
        return [f"refused: {outcome['error']['message']}"]
    for path, want in expected.items():
        got = resolve(outcome["report"], path)
        if got is MISSING:
            problems.append(f"{path}: not in the report (expected {json.dumps(want)})")
        elif _facts_only(got) != want:
            problems.append(f"{path}: expected {json.dumps(want)}, got {json.dumps(got)}")
    return problems


def outcome_for(jurisdiction, facts) -> dict:
    try:
        return {"report": evaluate(jurisdiction, facts)}
    except InputError as err:
        return {"error": {"field": err.field, "message": err.message()}}


def canonical(outcome: dict) -> str:
    return json.dumps(outcome, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def case_problems(jurisdiction, path) -> list:
    """Each worked case in `path` (a procedure's ID.cases.json) that fails, as a problem of the check."""
    from .reading.problems import Problem
    if not path.is_file():
        return []
    try:
        cases = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(cases, list) or not all(isinstance(c, dict) and {"name", "facts", "expected"} <= set(c)
                                                  for c in cases):
            raise ValueError("expected a list of {name, facts, expected} objects")
    except (ValueError, UnicodeDecodeError) as err:
        return [Problem(str(path), None, "", f"the worked cases cannot be read: {err}",
                        "see docs/authoring.md, “Writing worked cases”", code="case")]
    found = []
    for case, result in zip(cases, run_cases(jurisdiction, cases)["results"]):
        if not result["passed"]:
            found.append(Problem(str(path), None, f"case “{case['name']}”", "; ".join(result["problems"]),
                                 "each expected value was worked out by hand: either the procedure or the case is "
                                 "wrong", code="case"))
    return found


def desk_disagreements(jurisdiction, facts, report: dict) -> tuple[list[str], int]:
    """The office's desk (core/desk.py) shows each duty's date from its own path through the core: every date
    it shows for these facts must be the report's. The differences, and how many dates were compared."""
    from .desk import Complaint, desk
    found = desk(jurisdiction, [Complaint("case", "case", facts)], "en", None)
    entries = {d["id"]: d for d in report["deadlines"]}
    problems, compared = [], 0
    for row in found.rows:
        entry = entries.get(row.deadline.id)
        # the safe date, the moment's day, or while one limit waits on a fact, the known limits' earliest safe date
        known = [limit["safe_date"] for limit in (entry or {}).get("limits") or () if limit["safe_date"]]
        reported = entry and ((entry["safe_at"] or "")[:10] or entry["safe_date"]
                              or (min(known) if entry["no_later_than"] and known else None))
        shown = row.day.isoformat() if row.day else None
        compared += 1
        if shown != reported:
            problems.append(f"desk: {row.deadline.id}: the desk shows {shown}, the report {reported}")
    return problems, compared


def run_cases(jurisdiction, cases: list[dict]) -> dict:
    """Every case's result, and one digest of all outcomes to compare runtimes with. Each case's dates are
    also compared with the office's desk, which reaches them by its own path."""
    results, digest, desk_dates = [], hashlib.sha256(), 0
    for case in cases:
        outcome = outcome_for(jurisdiction, case["facts"])
        digest.update(canonical(outcome).encode("utf-8"))
        problems = mismatches(outcome, case["expected"])
        if "report" in outcome:
            differences, compared = desk_disagreements(jurisdiction, case["facts"], outcome["report"])
            problems += differences
            desk_dates += compared
        results.append({"name": case["name"], "passed": not problems, "problems": problems})
    return {"jurisdiction": jurisdiction.id, "rules_version": jurisdiction.digest,
            "passed": sum(r["passed"] for r in results), "total": len(results),
            "digest": digest.hexdigest(), "desk_dates": desk_dates, "results": results}
