"""Which procedures the browser tests run on: a small set that has every feature the whole library has.

Everything a procedure's file can say is a feature here: each key it uses, where it uses it ("rules[].count.unit"),
each value of a key the format enumerates ("rules[].count.unit=hours", "level=federal") or that is true or false,
and a translation beside it. The features are read from the files and the format's schema, never listed by hand,
so a procedure that brings something no other has is pulled into the sample, and one that brings nothing new is
not: the sample grows with the format, not with the library.

The sample is the procedures the browser tests name (any id written in e2e/*.py: a test that opens
a procedure's page by its id needs that procedure in the site it runs on), then, one at a time, the
procedure that has the most features not yet covered (the first by id on a tie), until every feature is covered:
the same files always give the same sample. Every procedure's worked cases and properties still run in CPython
(tests/); the browser proves on the sample what only a browser can. With COMPLAINT_CHECKER_FULL_BROWSER=1 the
browser tests run on every procedure.

Pure (no browser, no build): tests/test_browser_sample.py checks it in CPython.
"""

import functools
import json
import os
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "core" / "jurisdictions"
SCHEMA = json.loads((ROOT / "core" / "schema" / "jurisdiction.schema.json").read_text(encoding="utf-8"))
FULL = "COMPLAINT_CHECKER_FULL_BROWSER"


def full_matrix() -> bool:
    """Whether the browser tests run on every procedure (COMPLAINT_CHECKER_FULL_BROWSER set, and not to 0)."""
    return os.environ.get(FULL, "").strip() not in ("", "0")


def _resolve(node: dict) -> dict:
    while "$ref" in node:  # a pointer into the schema ("#/definitions/date_rule/month")
        target = SCHEMA
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def _branch(node: dict, value) -> dict:
    """The schema node that describes this value: a oneOf's branch of the value's type."""
    node = _resolve(node)
    for choice in node.get("oneOf", []):
        choice = _resolve(choice)
        if choice.get("type") == ("array" if isinstance(value, list) else "object" if isinstance(value, dict) else None):
            return choice
    return node


def _child(node: dict, key: str) -> dict:
    if key in node.get("properties", {}):
        return node["properties"][key]
    if node.get("patternProperties"):
        return next(iter(node["patternProperties"].values()))
    extra = node.get("additionalProperties")
    return extra if isinstance(extra, dict) else {}


def _walk(value, node: dict, path: str, found: set[str]) -> None:
    node = _branch(node, value)
    if isinstance(value, dict):
        named = "properties" in node  # keys the format names; free keys (ids) are one feature, not one each
        for key, item in value.items():
            where = f"{path}.{key}" if named or not path else f"{path}.*"
            where = where.lstrip(".")
            found.add(where)
            _walk(item, _child(node, key), where, found)
    elif isinstance(value, list):
        for item in value:
            _walk(item, _resolve(node.get("items", {})) if isinstance(node.get("items"), dict) else {}, f"{path}[]",
                  found)
    elif isinstance(value, bool) or "enum" in node or "const" in node:
        found.add(f"{path}={json.dumps(value)}")


def features(path: Path) -> frozenset[str]:
    """What a procedure's file uses: keys by where they are, enumerated and true/false values, its translations."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    _walk(data, SCHEMA, "", found)
    stem = path.name.removesuffix(".toml")
    found |= {f"translation={t.name.removeprefix(stem + '.').removesuffix('.toml')}"
              for t in path.parent.glob(f"{stem}.*.toml")}
    return frozenset(found)


def procedure_files(folder: Path = SHIPPED) -> dict[str, Path]:
    """Every procedure in a folder by id (ID.toml; a translation ID.LANG.toml is read with its procedure)."""
    return {p.name.removesuffix(".toml"): p for p in sorted(folder.glob("*.toml")) if p.name.count(".") == 1}


def named_in(ids, folder: Path = ROOT / "e2e") -> list[str]:
    """The ids that the tests in `folder` write out (in a page's address, say): a whole id, not a part of a longer
    one (an id is not named by the same id with "-2" after it)."""
    if not ids:
        return []
    written = re.compile(r"(?<![a-z0-9-])(" + "|".join(map(re.escape, sorted(ids, key=len, reverse=True))) +
                         r")(?![a-z0-9-])")
    return sorted({m.group(1) for p in sorted(folder.glob("*.py")) for m in written.finditer(p.read_text("utf-8"))})


def covering_sample(featured: dict[str, frozenset[str]], named=()) -> list[str]:
    """The named procedures, then greedily the one with the most features not yet covered (first by id on a tie),
    until the chosen ones have every feature any has. Sorted by id."""
    chosen = [n for n in named if n in featured]
    covered = set().union(*(featured[n] for n in chosen))
    wanted = set().union(*featured.values())
    while covered != wanted:
        best = max(sorted(set(featured) - set(chosen)), key=lambda n: len(featured[n] - covered))
        chosen.append(best)
        covered |= featured[best]
    return sorted(chosen)


def sample(folder: Path = SHIPPED, tests: Path = ROOT / "e2e") -> list[str]:
    """The ids of the procedures in `folder` the browser tests (in `tests`) run on."""
    files = procedure_files(folder)
    return covering_sample({pid: features(path) for pid, path in files.items()}, named_in(files, tests))


def browser_procedures() -> list[str]:
    """The shipped procedures the browser tests build and run on: the sample, or all with the full matrix."""
    return list(_browser_procedures())


@functools.cache
def _browser_procedures() -> tuple[str, ...]:  # read once a process
    return tuple(sorted(procedure_files()) if full_matrix() else sample())


def one_language_each(cases: list[tuple[str, str, str]]) -> list[bool]:
    """Which of the browser cases asked in both languages run, when the full matrix is not asked for: given each case
    as (file, case, language), where `case` names the test and its other parameters, each case asked in English and
    in Spanish runs in one of them, in turn over the file's such cases (the first in English, the next in Spanish,
    …), so that a file runs each language at least once; a file with one such case runs it in both. Every other case
    runs. In CPython, every person's sentences are read in both languages in every worked state (tests/)."""
    asked: dict[tuple[str, str], set[str]] = {}
    for file, case, lang in cases:
        asked.setdefault((file, case), set()).add(lang)
    paired = [key for key, langs in asked.items() if langs >= {"en", "es"}]
    by_file: dict[str, list[tuple[str, str]]] = {}
    for key in paired:
        by_file.setdefault(key[0], []).append(key)
    chosen = {}
    for keys in by_file.values():
        for turn, key in enumerate(keys):
            chosen[key] = {"en", "es"} if len(keys) == 1 else {("en", "es")[turn % 2]}
    return [lang not in ("en", "es") or (file, case) not in chosen or lang in chosen[(file, case)]
            for file, case, lang in cases]
