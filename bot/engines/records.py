"""Typed records to and from JSON, and deep copies, driven by the dataclasses' type hints.

Engine states, actions and their nested records are dataclasses whose fields are JSON-like:
``int``, ``str``, ``bool``, ``float``, ``None``, lists, tuples, ``dict`` (string or int keys),
other dataclasses, and card types (anything with ``to_json()`` and a ``from_json()``
classmethod). One walker serves them all, so no engine writes ``to_dict``/``from_dict`` or a copy
by hand, and a field can't be forgotten.

Decisions:
- A frozen dataclass, a tuple and a card are immutable and shared by :func:`copy`; a frozen
  record must hold only immutable values (tuples, not lists).
- :func:`load` fills a missing field from its default (states stored by older code load), and
  refuses unknown fields and wrong types with :class:`StateError`.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar, Union, get_args, get_origin

T = TypeVar("T")

_PLAIN = (str, int, float, bool, type(None))


class StateError(ValueError):
    """A stored state (or action) that can't be read back."""


_HINTS: dict[type, dict[str, Any]] = {}
_FIELDS: dict[type, tuple[dataclasses.Field[Any], ...]] = {}
_IMMUTABLE: dict[type, bool] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def record_fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    if cls not in _FIELDS:
        _FIELDS[cls] = tuple(f for f in dataclasses.fields(cls) if f.init)
    return _FIELDS[cls]


def dump(obj: Any) -> Any:
    """A JSON-able form of a record: dataclasses become dicts, tuples lists, cards codes."""
    how = _DUMPERS.get(type(obj))
    if how is None:
        how = _DUMPERS[type(obj)] = _dumper(type(obj))
    return how(obj)


def _dumper(cls: type) -> Callable[[Any], Any]:
    """How :func:`dump` writes a value of ``cls`` (decided once per type: a table's state is
    written at every move, and a War state alone holds 52 cards)."""
    if issubclass(cls, _PLAIN):
        return _itself
    if issubclass(cls, list | tuple):
        return lambda obj: [dump(x) for x in obj]
    if issubclass(cls, dict):
        return lambda obj: {str(k): dump(v) for k, v in obj.items()}
    if callable(getattr(cls, "to_json", None)):
        return lambda obj: obj.to_json()
    if dataclasses.is_dataclass(cls) and not issubclass(cls, type):
        names = [f.name for f in record_fields(cls)]
        return lambda obj: {name: dump(getattr(obj, name)) for name in names}
    raise TypeError(f"can't store a {cls.__name__}")


def _itself(obj: Any) -> Any:
    return obj


_DUMPERS: dict[type, Callable[[Any], Any]] = {}


def load(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from :func:`dump`'s output. Raises :class:`StateError`."""
    if tp is Any:
        return data
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        if data is None and type(None) in get_args(tp):
            return None
        errors = []
        for arg in get_args(tp):
            if arg is type(None):
                continue
            try:
                return load(arg, data)
            except StateError as err:
                errors.append(str(err))
        raise StateError("; ".join(errors) or f"{data!r} is not allowed here")
    if origin is list:
        (item,) = get_args(tp) or (Any,)
        if not isinstance(data, list):
            raise StateError(f"expected a list, got {data!r}")
        return [load(item, x) for x in data]
    if origin is tuple:
        args = get_args(tp)
        if not isinstance(data, list | tuple):
            raise StateError(f"expected a list, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(load(args[0], x) for x in data)
        if len(args) != len(data):
            raise StateError(f"expected {len(args)} items, got {data!r}")
        return tuple(load(a, x) for a, x in zip(args, data, strict=True))
    if origin is dict:
        key_t, value_t = get_args(tp) or (str, Any)
        if not isinstance(data, dict):
            raise StateError(f"expected an object, got {data!r}")
        out = {_key(key_t, k): load(value_t, v) for k, v in data.items()}
        if len(out) != len(data):
            raise StateError(f"the same key twice in {data!r}")
        return out
    if tp is bool:
        if not isinstance(data, bool):
            raise StateError(f"expected true or false, got {data!r}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise StateError(f"expected a whole number, got {data!r}")
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise StateError(f"expected a number, got {data!r}")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise StateError(f"expected text, got {data!r}")
        return data
    if tp is type(None) or tp is None:
        if data is not None:
            raise StateError(f"expected nothing, got {data!r}")
        return None
    if isinstance(tp, type):
        from_json = getattr(tp, "from_json", None)
        if from_json is not None:
            try:
                return from_json(data)
            except (ValueError, TypeError, KeyError) as err:
                raise StateError(str(err)) from err
        if dataclasses.is_dataclass(tp):
            return load_record(tp, data)
    raise StateError(f"can't read a {tp!r}")


def _key(tp: Any, key: Any) -> Any:
    if tp is int:
        if isinstance(key, int) and not isinstance(key, bool):
            return key
        if not isinstance(key, str) or not (key.isascii() and key.lstrip("-").isdigit()):
            raise StateError(f"expected a whole-number key, got {key!r}")
        if str(int(key)) != key:
            raise StateError(f"a number written two ways: {key!r}")
        return int(key)
    if not isinstance(key, str):
        raise StateError(f"expected a text key, got {key!r}")
    return key


def load_record(cls: type[T], data: Any) -> T:
    if not isinstance(data, dict):
        raise StateError(f"expected an object for {cls.__name__}, got {data!r}")
    hints = _hints(cls)
    known = record_fields(cls)
    unknown = set(data) - {f.name for f in known}
    if unknown:
        raise StateError(f"{cls.__name__} has no field(s) {sorted(unknown)}")
    values = {}
    for f in known:
        if f.name in data:
            values[f.name] = load(hints[f.name], data[f.name])
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise StateError(f"{cls.__name__} is missing {f.name!r}")
    return cls(**values)


def _immutable(cls: type) -> bool:
    if cls not in _IMMUTABLE:
        params = getattr(cls, "__dataclass_params__", None)
        _IMMUTABLE[cls] = bool(params and params.frozen) or hasattr(cls, "from_json")
    return _IMMUTABLE[cls]


def copy(obj: T) -> T:
    """A deep copy of a record: every list, dict and mutable dataclass is new."""
    how = _COPIERS.get(type(obj))
    if how is None:
        how = _COPIERS[type(obj)] = _copier(type(obj))
    return how(obj)  # type: ignore[no-any-return]


def _copier(cls: type) -> Callable[[Any], Any]:
    """How :func:`copy` copies a value of ``cls`` (decided once per type: an engine copies its
    state at every move, and the cards in it are kept, not copied, without a call each)."""
    if cls in _PLAIN or cls is tuple:
        return _itself
    if cls is list:
        return lambda obj: [x if _COPIERS.get(type(x)) is _itself else copy(x) for x in obj]
    if cls is dict:
        return lambda obj: {k: copy(v) for k, v in obj.items()}
    if _immutable(cls):
        return _itself
    if dataclasses.is_dataclass(cls):

        def record(obj: Any) -> Any:
            new = object.__new__(cls)
            new.__dict__.update({k: copy(v) for k, v in obj.__dict__.items()})
            return new

        return record
    raise TypeError(f"can't copy a {cls.__name__}")


_COPIERS: dict[type, Callable[[Any], Any]] = {}
