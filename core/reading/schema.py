"""The structural checks, from the published JSON Schema (core/schema/jurisdiction.schema.json).

The schema says what keys each part of the file has, their types and their allowed
values; editors that read JSON Schema for TOML use the same file for completion.
Here each schema error becomes a problem a clerk can act on, placed on its line.
The checks a schema cannot express (quotes, references, cycles, calendar reach,
versions) are the part readers' work.
"""

import json
from datetime import date, datetime, time
from functools import lru_cache
from pathlib import Path

from .problems import TOP, Problems, Where, entry_where, one_of_hint, suggest

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schema" / "jurisdiction.schema.json"
MAX_DEPTH = 12

TYPE_NAMES = {"boolean": "true or false", "integer": "a whole number", "number": "a number",
              "string": "text in quotes", "array": "a list", "object": "a table"}
PATTERN_HINTS = {
    "^[a-z0-9][a-z0-9-]*$": "use lower-case letters, digits and hyphens",
    "^[A-Za-z0-9][A-Za-z0-9-]*$": "use letters, digits and hyphens",
    "^[a-z][a-z0-9_]*$": "use lower-case letters, digits and underscores, starting with a letter",
    "^https?://\\S+$": "give a web address starting with https://",
    "^[0-9]{4}-[0-9]{2}-[0-9]{2}$": "write a date such as 2026-01-31, without quotes",
    "\\S": "write something here",
    "^[A-Z]{2}$": "use a two-letter country code such as US",
    "^[A-Z0-9]{1,3}$": "use the state's code, such as IL",
    "^any$": "write \"any\", or a list of role ids",
    "^[A-Za-z_]+(/[A-Za-z0-9_+-]+){0,2}$": "use a name from the tz database, such as America/Chicago",
    "^([01][0-9]|2[0-3]):[0-5][0-9]$": "write a time of day on the 24-hour clock, such as \"17:00\"",
}


@lru_cache(maxsize=1)
def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def _inlined(node, definitions: dict, within: tuple = ()):
    """The schema with each "#/definitions/…" reference replaced by the definition itself (a definition that
    refers to itself stays a reference). The same checks and errors; looking up some 450 references for each
    file was 40% of reading one."""
    if isinstance(node, list):
        return [_inlined(item, definitions, within) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref", "")
    if ref.startswith("#/definitions/") and len(node) == 1:
        name = ref.removeprefix("#/definitions/")
        if name in definitions and name not in within:
            return _inlined(definitions[name], definitions, within + (name,))
    return {key: _inlined(value, definitions, within) for key, value in node.items()}


@lru_cache(maxsize=1)
def _validator():
    import jsonschema  # only the check needs it; a prepared procedure never does
    full = schema()
    return jsonschema.Draft4Validator(_inlined(full, full.get("definitions", {})),
                                      format_checker=jsonschema.FormatChecker(["date"]))


def as_json(value, depth: int = 0):
    """TOML's values as JSON's: dates and times become ISO text, as editors show them."""
    if depth > MAX_DEPTH:
        raise RecursionError
    if isinstance(value, dict):
        return {k: as_json(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v, depth + 1) for v in value]
    if isinstance(value, (date, datetime, time)):
        return value.isoformat()
    return value


def place(path: list, problems: Problems, data: dict) -> tuple[Where, list]:
    """Where a JSON path lies in the TOML file: the table or entry, and the path inside it."""
    where, current, i, tables = TOP, data, 0, []
    while i < len(path) and isinstance(path[i], str):
        name = ".".join(tables + [path[i]])
        value = current.get(path[i]) if isinstance(current, dict) else None
        if (isinstance(value, list) and i + 1 < len(path) and isinstance(path[i + 1], int)
                and problems.locator.has_table(name, True) and isinstance(value[path[i + 1]], dict)):
            tables.append(path[i])
            where, current, i = entry_where(name, path[i + 1], value[path[i + 1]]), value[path[i + 1]], i + 2
        elif isinstance(value, dict) and problems.locator.has_table(name, False):
            tables.append(path[i])
            where, current, i = Where(name, None, name), value, i + 1
        else:
            break
    return where, path[i:]


def check_structure(data: dict, problems: Problems) -> None:
    """Every structural problem in the file, one per schema error."""
    for error in sorted(_validator().iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path]):
        _report(error, data, problems)


def _report(error, data, problems: Problems) -> None:
    where, rest = place(list(error.absolute_path), problems, data)
    kind, value, expected = error.validator, error.instance, error.validator_value
    name = next((part for part in reversed(rest) if isinstance(part, str)), None)

    def add(message, hint=None, path=rest):
        problems.add_at(where, path, message, hint)

    if kind == "required":
        for name in expected:
            if not isinstance(value, dict) or name not in value:
                add(f"“{name}” is missing", f"add {name} = …")
    elif kind == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        for extra in sorted(set(value) - set(allowed)):
            add(f"unknown key “{extra}”", suggest(extra, allowed) or "allowed keys: " + ", ".join(allowed),
                rest + [extra])
    elif kind == "enum":
        add(f"{name} “{_short(value)}” is not known" if name else f"“{_short(value)}” is not allowed",
            one_of_hint(value, expected))
    elif kind == "type":
        wanted = expected if isinstance(expected, list) else [expected]
        got = {bool: "boolean", int: "integer", float: "number", str: "string", list: "array",
               dict: "object"}.get(type(value), "that")
        add(f"should be {' or '.join(TYPE_NAMES[w] for w in wanted)}, not {TYPE_NAMES.get(got, got)}")
    elif kind == "pattern":
        hint = PATTERN_HINTS.get(expected)
        add("is empty" if expected == "\\S" else f"“{_short(value)}” is not in the expected form", hint)
    elif kind == "minLength":
        add("is empty", "write something here")
    elif kind == "maxLength":
        add(f"is too long ({len(value)} characters; at most {expected})")
    elif kind in ("minimum", "maximum"):
        low, high = error.schema.get("minimum"), error.schema.get("maximum")
        add(f"the amount {value!r} is not a possible period" if name == "amount" else f"{value!r} is out of range",
            f"use a whole number from {low} to {high}")
    elif kind == "minItems":
        add(f"needs at least {expected} {'entry' if expected == 1 else 'entries'}")
    elif kind == "maxItems":
        add(f"has {len(value)} entries; at most {expected} are allowed")
    elif kind == "uniqueItems":
        add("lists the same value twice")
    elif kind == "format":
        add(f"“{_short(value)}” is not a real date")
    else:  # a schema keyword without a message of its own
        add(_short(error.message))


def _short(value) -> str:
    text = str(value).replace("\n", "\\n").replace("\r", "\\r")
    return text if len(text) <= 60 else text[:57] + "…"
