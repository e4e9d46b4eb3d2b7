"""Finding a procedure: a shipped one by id, or a city's own file by path.

Reading and checking a file is `core.reading`'s work; this module only finds it.
"""

import hashlib
from pathlib import Path

from .model import Jurisdiction
from .reading import JurisdictionError, Problem, check_file, parse_jurisdiction

SEED_DIR = Path(__file__).with_name("jurisdictions")

__all__ = ["seed_ids", "jurisdiction_path", "cases_path", "load_jurisdiction", "check_file", "parse_jurisdiction",
           "JurisdictionError", "Problem", "UnknownJurisdiction"]


class UnknownJurisdiction(LookupError):
    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


def seed_ids() -> list[str]:
    """The jurisdictions shipped with the core, by id."""
    return sorted(p.name.removesuffix(".toml") for p in SEED_DIR.glob("*.toml") if p.name.count(".") == 1)


def jurisdiction_path(name: str) -> Path:
    """A shipped jurisdiction's file, or a path to a file of one's own."""
    if name in seed_ids():
        return SEED_DIR / f"{name}.toml"
    if name.endswith(".toml") and Path(name).is_file():
        return Path(name)
    raise UnknownJurisdiction(name)


def cases_path(name: str | Path) -> Path:
    """Where a procedure's worked cases are: ID.cases.json beside its file (shipped ones too)."""
    path = jurisdiction_path(name) if isinstance(name, str) else name
    return path.with_name(path.name.removesuffix(".toml") + ".cases.json")


_LOADED: dict[tuple[str, str], Jurisdiction] = {}
LOADED_MAX = 16


def _content_key(path: Path) -> tuple[str, str]:
    """The file and the translations beside it, by their bytes: what reading it depends on."""
    digest = hashlib.sha256(path.read_bytes())
    for translation in sorted(path.parent.glob(path.name.removesuffix(".toml") + ".*.toml")):
        digest.update(translation.name.encode() + b"\0" + translation.read_bytes())
    return str(path.resolve()), digest.hexdigest()


def load_jurisdiction(name: str) -> Jurisdiction:
    """A procedure, read and checked. The same bytes are read once per process: a caller that evaluates many
    times (the tests, the fuzzers, a long-running service) reads each version of a file once, and an edited
    file is read again."""
    path = jurisdiction_path(name)
    try:
        key = _content_key(path)
    except OSError:  # unreadable, or not a regular file: check_file says so in its own words
        key = None
    if key is None or key not in _LOADED:
        jurisdiction, problems = check_file(path)
        if jurisdiction is None:
            raise JurisdictionError(problems)
        if key is None:
            return jurisdiction
        if len(_LOADED) >= LOADED_MAX:
            _LOADED.clear()
        _LOADED[key] = jurisdiction
    return _LOADED[key]
