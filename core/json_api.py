"""JSON in, JSON out: the one doorway the command line, the browser worker and the
verify page all use, so that each gets the same answers and the same errors.
"""

import json
from datetime import date, datetime

from .cases import run_cases
from .facts import InputError
from .model import Jurisdiction
from .report import assess, evaluate

# Facts are a few hundred bytes; these limits are checked before anything is parsed.
MAX_FACTS_BYTES = 100_000
MAX_FACTS_DEPTH = 10


def nesting_depth(text: str) -> int:
    """How deeply JSON arrays and objects nest in `text`, without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def read_facts_json(text: str) -> dict:
    """Parse a facts document; anything that is not one is an InputError on the field "facts"."""
    if len(text) > MAX_FACTS_BYTES:
        raise InputError("facts", "too_large", limit=f"{MAX_FACTS_BYTES:,}")
    if nesting_depth(text) > MAX_FACTS_DEPTH:
        raise InputError("facts", "too_deep", limit=MAX_FACTS_DEPTH)
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError("facts", "bad_json", detail=f"line {err.lineno} column {err.colno}: {err.msg}") from None
    except ValueError:  # a number with thousands of digits
        raise InputError("facts", "bad_json", detail="a number is too long") from None


def parse_today(text: str | None):
    """The day the person is asking on, in the city's time zone (YYYY-MM-DD), or None."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text) if len(text) == 10 else None
    except (TypeError, ValueError):
        return None


def error_envelope(err: InputError, lang: str = "en") -> dict:
    return {"ok": False, "error": {"field": err.field, "code": err.key,
                                   "message": err.message(lang),
                                   "problem": err.problem(lang)}}


class Checker:
    """A loaded procedure that answers JSON requests."""

    def __init__(self, jurisdiction: Jurisdiction):
        self.jurisdiction = jurisdiction

    @classmethod
    def from_prepared(cls, text: str) -> "Checker":
        """A procedure as the build prepared it (core.prepared): what the browser loads."""
        from .prepared import loads
        return cls(loads(text))

    @classmethod
    def from_toml(cls, text: str, file_name: str) -> "Checker":
        from .reading import parse_jurisdiction  # the build's side: the browser loads a prepared procedure
        return cls(parse_jurisdiction(text, file_name))

    def evaluate(self, facts_json: str, lang: str = "en", today: str | None = None) -> dict:
        try:
            report = evaluate(self.jurisdiction, read_facts_json(facts_json), lang, parse_today(today))
        except InputError as err:
            return error_envelope(err, lang)
        return {"ok": True, "report": report}

    def evaluate_json(self, facts_json: str, lang: str = "en", today: str | None = None) -> str:
        return json.dumps(self.evaluate(facts_json, lang, today), ensure_ascii=False)

    def calendar_file_json(self, facts_json: str, lang: str, today: str | None, person: str, stamp: str) -> str:
        """{"ok": true, "ics": "<the person's calendar file>"}, or the same error as evaluate gives."""
        from .ics import calendar_file
        try:
            assessment = assess(self.jurisdiction, read_facts_json(facts_json), lang, parse_today(today))
        except InputError as err:
            return json.dumps(error_envelope(err, lang), ensure_ascii=False)
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
        return json.dumps({"ok": True, "ics": calendar_file(assessment, person, moment)}, ensure_ascii=False)

    def run_cases_json(self, cases_json: str) -> str:
        """Run published worked cases; each result says pass or fail and why."""
        return json.dumps(run_cases(self.jurisdiction, json.loads(cases_json)), ensure_ascii=False)
