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


def from_data(kind, data):
    """Plain JSON data back into a value of the model type `kind`."""
    return _decoder(kind)(data)


def _same(data):
    return data


@lru_cache(maxsize=None)
def _decoder(kind):
    """The function that turns plain JSON data into a value of the model type `kind`: worked out once for each
    type, so that reading a procedure (some 4,000 values) does not ask each value's type what it is."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind is date:
        return date.fromisoformat
    if kind is bytes:
        return base64.b64decode
    if is_dataclass(kind):
        return _record_decoder(kind)
    if origin in (typing.Union, types.UnionType):
        inner = _decoder(next(a for a in args if a is not type(None)))
        return lambda data: None if data is None else inner(data)
    if origin in (abc.Mapping, dict):
        key, value = (_decoder(a) for a in (args or (object, object)))
        return lambda data: {key(k): value(v) for k, v in data}
    if origin is tuple or kind is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])
            return lambda data: tuple(item(v) for v in data)
        if args:
            items = tuple(_decoder(a) for a in args)
            return lambda data: tuple(item(v) for item, v in zip(items, data))
        return tuple
    if kind is frozenset or origin is frozenset:
        item = _decoder(args[0]) if args else _same
        return lambda data: frozenset(item(v) for v in data)
    return _same


def _record_decoder(kind):
    """A model record's decoder. Its fields' decoders are looked up at its first use, not here: a record may
    hold records of its own kind."""
    fields_read = []

    def record(data):
        if not fields_read:
            hints = typing.get_type_hints(kind)
            fields_read.extend((f.name, _decoder(hints[f.name])) for f in fields(kind))
        return kind(**{name: decode(data[name]) for name, decode in fields_read if name in data})
    return record


def dumps(jurisdiction: Jurisdiction) -> str:
    """The prepared form of a checked procedure: deterministic JSON text."""
    return json.dumps({"prepared": FORMAT, "jurisdiction": to_data(jurisdiction)}, ensure_ascii=False,
                      sort_keys=True, separators=(",", ":"))


def loads(text: str) -> Jurisdiction:
    data = json.loads(text)
    if data.get("prepared") != FORMAT:
        raise ValueError(f"prepared procedure format {data.get('prepared')!r} is not {FORMAT}; rebuild the site")
    return from_data(Jurisdiction, data["jurisdiction"])
