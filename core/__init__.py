"""Complaint Checker's rule core: procedures as cited data, and the dates they set.

    >>> from core import load_jurisdiction, evaluate
    >>> report = evaluate(load_jurisdiction("fort-collins"), {"violation_date": "2026-03-06"})
    >>> report["filing"]["deadline"]
    '2026-05-05'

Evaluating needs only the model and the report; reading and checking a jurisdiction
file (TOML, the schema, the holidays package) is imported when first asked for, so
that the browser, which loads a prepared procedure (core.prepared), never imports it.
"""

from .facts import InputError
from .report import evaluate

_READING = ("load_jurisdiction", "parse_jurisdiction", "seed_ids", "check_file", "JurisdictionError",
            "UnknownJurisdiction", "Problem")

__all__ = ["evaluate", "InputError", *_READING]
__version__ = "0.1.0"


def __getattr__(name):
    if name in _READING:
        from . import jurisdiction
        return getattr(jurisdiction, name)
    raise AttributeError(f"module 'core' has no attribute {name!r}")
