"""Finding a procedure: a shipped one by id, or a city's own file by path.

Reading and checking a file is `core.reading`'s work; this module only finds it.
"""

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


def load_jurisdiction(name: str) -> Jurisdiction:
    path = jurisdiction_path(name)
    jurisdiction, problems = check_file(path)
    if jurisdiction is None:
        raise JurisdictionError(problems)
    return jurisdiction
