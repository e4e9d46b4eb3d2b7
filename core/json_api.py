"""JSON in, JSON out: the one doorway the command line, the browser worker and the
verify page all use, so that each gets the same answers and the same errors.
"""

import json

from .cases import run_cases
from .facts import InputError
from .jurisdiction import parse_jurisdiction
from .model import Jurisdiction
from .report import evaluate
from .wording import say


def read_facts_json(text: str) -> dict:
    """Parse a facts document; bad JSON is an InputError on the field "facts"."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError("facts", "bad_json", detail=f"line {err.lineno} column {err.colno}: {err.msg}") from None
    except RecursionError:
        raise InputError("facts", "bad_json", detail="nested too deeply") from None


def error_envelope(err: InputError, lang: str = "en") -> dict:
    return {"ok": False, "error": {"field": err.field, "code": err.key,
                                   "message": err.message(lang),
                                   "problem": say("err_" + err.key, lang, **err.params)}}


class Checker:
    """A loaded procedure that answers JSON requests."""

    def __init__(self, jurisdiction: Jurisdiction):
        self.jurisdiction = jurisdiction

    @classmethod
    def from_toml(cls, text: str, file_name: str) -> "Checker":
        return cls(parse_jurisdiction(text, file_name))

    def evaluate(self, facts_json: str, lang: str = "en") -> dict:
        try:
            report = evaluate(self.jurisdiction, read_facts_json(facts_json), lang)
        except InputError as err:
            return error_envelope(err, lang)
        return {"ok": True, "report": report}

    def evaluate_json(self, facts_json: str, lang: str = "en") -> str:
        return json.dumps(self.evaluate(facts_json, lang), ensure_ascii=False)

    def run_cases_json(self, cases_json: str) -> str:
        """Run published worked cases; each result says pass or fail and why."""
        return json.dumps(run_cases(self.jurisdiction, json.loads(cases_json)), ensure_ascii=False)
