"""Complaint Checker's rule core: procedures as cited data, and the dates they set.

    >>> from core import load_jurisdiction, evaluate
    >>> report = evaluate(load_jurisdiction("fort-collins"), {"violation_date": "2026-03-06"})
    >>> report["filing"]["deadline"]
    '2026-05-05'
"""

from .facts import InputError
from .jurisdiction import (JurisdictionError, Problem, UnknownJurisdiction, check_file,
                           load_jurisdiction, parse_jurisdiction, seed_ids)
from .report import evaluate

__all__ = ["evaluate", "load_jurisdiction", "parse_jurisdiction", "seed_ids", "check_file",
           "InputError", "JurisdictionError", "UnknownJurisdiction", "Problem"]
__version__ = "0.1.0"
