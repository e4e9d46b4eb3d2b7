"""A procedure prepared at build time: read and checked in CPython, loaded anywhere in milliseconds.

The build reads a jurisdiction file (TOML, the schema, every check, the holiday
calendars from the `holidays` package) and writes the result as JSON. Loading it
back needs none of that: only this module and the model, so the browser ships
neither `holidays`, nor the reader, nor a time zone database.

    >>> from core import load_jurisdiction
    >>> j = load_jurisdiction("fort-collins")
    >>> loads(dumps(j)) == j
    True
"""

import base64
import json
from collections import abc
import types
import typing
from dataclasses import fields, is_dataclass
from datetime import date
from functools import lru_cache

from .model import Jurisdiction

FORMAT = 1


def to_data(value):
    """A model value as plain JSON data."""
    if is_dataclass(value):
        return {f.name: to_data(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, typing.Mapping):
        return [[to_data(k), to_data(v)] for k, v in sorted(value.items())]
    if isinstance(value, frozenset):
        return sorted(to_data(v) for v in value)
    if isinstance(value, (tuple, list)):
        return [to_data(v) for v in value]
    return value


@lru_cache(maxsize=None)
def _hints(cls) -> dict:
    return typing.get_type_hints(cls)


def from_data(kind, data):
    """Plain JSON data back into a value of the model type `kind`."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind is date:
        return date.fromisoformat(data)
    if kind is bytes:
        return base64.b64decode(data)
    if is_dataclass(kind):
        hints = _hints(kind)
        return kind(**{f.name: from_data(hints[f.name], data[f.name]) for f in fields(kind) if f.name in data})
    if origin in (typing.Union, types.UnionType):
        if data is None:
            return None
        return from_data(next(a for a in args if a is not type(None)), data)
    if origin in (abc.Mapping, dict):
        key, value = args or (object, object)
        return {from_data(key, k): from_data(value, v) for k, v in data}
    if origin is tuple or kind is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], v) for v in data)
        if args:
            return tuple(from_data(a, v) for a, v in zip(args, data))
        return tuple(data)
    if kind is frozenset or origin is frozenset:
        item = args[0] if args else object
        return frozenset(from_data(item, v) for v in data)
    return data


def dumps(jurisdiction: Jurisdiction) -> str:
    """The prepared form of a checked procedure: deterministic JSON text."""
    return json.dumps({"prepared": FORMAT, "jurisdiction": to_data(jurisdiction)}, ensure_ascii=False,
                      sort_keys=True, separators=(",", ":"))


def loads(text: str) -> Jurisdiction:
    data = json.loads(text)
    if data.get("prepared") != FORMAT:
        raise ValueError(f"prepared procedure format {data.get('prepared')!r} is not {FORMAT}; rebuild the site")
    return from_data(Jurisdiction, data["jurisdiction"])
