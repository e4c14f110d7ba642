"""A game's state fields, declared once: clone, JSON export, validated import and JSON schema derive from them.

    class MyState(GameState):
        FIELDS = StateFields(
            Field("round", Int(min=0)),
            Field("hands", ListOf(ListOf(Ref("cards")), length="players")),
            Field("owner", Opt(Seat(), none=-1)),
        )

In memory a field holds plain data (ints, bools, strings, lists of them); cards, tokens and regions are indices
into tables of names that the state's shared components (``state.comp.refs``) provide. In JSON they are names.
"""
from __future__ import annotations

import abc
import math
from typing import Any, Callable, Mapping, Sequence

from .errors import InvalidPositionError, brief

Length = int | str | Callable[[Any], int] | None


def _fail(message: str, path: str) -> InvalidPositionError:
    return InvalidPositionError(message, path or "position")


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class FieldType(abc.ABC):
    """How one kind of value is copied, written to JSON, read back (validated) and described in a JSON schema."""

    depth = 0  # 0: immutable (shared by clones); 1: list of immutables; 2: list of lists of immutables; -1: deep

    def encode(self, value: Any, ctx: Any) -> Any:
        """The JSON form of an in-memory value."""
        return value

    @abc.abstractmethod
    def decode(self, data: Any, ctx: Any, path: str) -> Any:
        """The in-memory value of validated JSON data; InvalidPositionError names ``path`` when it is bad."""

    def schema(self, ctx: Any) -> dict:
        """A JSON-schema fragment for the JSON form."""
        return {}

    def copy(self, value: Any) -> Any:
        """An independent copy of an in-memory value."""
        return value


class Int(FieldType):
    """A whole number (never a bool nor a float, even 1.0), optionally bounded."""

    def __init__(self, min: int | None = None, max: int | Callable[[Any], int] | None = None):
        self.min, self.max = min, max

    def _max(self, ctx: Any) -> int | None:
        return self.max(ctx) if callable(self.max) else self.max

    def decode(self, data: Any, ctx: Any, path: str) -> int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise _fail(f"must be a whole number, not {_kind(data)}", path)
        top = self._max(ctx)
        if (self.min is not None and data < self.min) or (top is not None and data > top):
            lo = "" if self.min is None else str(self.min)
            hi = "" if top is None else str(top)
            raise _fail(f"must be between {lo or '-inf'} and {hi or 'inf'}, not {brief(data)}", path)
        return data

    def schema(self, ctx: Any) -> dict:
        out: dict = {"type": "integer"}
        if self.min is not None:
            out["minimum"] = self.min
        top = self._max(ctx)
        if top is not None:
            out["maximum"] = top
        return out


class Seat(Int):
    """A player's seat number, 0 .. players - 1."""

    def __init__(self) -> None:
        super().__init__(0, lambda ctx: ctx.players - 1)


class Bool(FieldType):
    """true or false."""

    def decode(self, data: Any, ctx: Any, path: str) -> bool:
        if not isinstance(data, bool):
            raise _fail(f"must be true or false, not {_kind(data)}", path)
        return data

    def schema(self, ctx: Any) -> dict:
        return {"type": "boolean"}


class Str(FieldType):
    """A string, optionally one of fixed choices."""

    def __init__(self, choices: Sequence[str] | None = None):
        self.choices = tuple(choices) if choices is not None else None

    def decode(self, data: Any, ctx: Any, path: str) -> str:
        if not isinstance(data, str):
            raise _fail(f"must be a string, not {_kind(data)}", path)
        if self.choices is not None and data not in self.choices:
            raise _fail(f"{brief(data)} is not one of {list(self.choices)}", path)
        return data

    def schema(self, ctx: Any) -> dict:
        return {"type": "string", **({"enum": list(self.choices)} if self.choices is not None else {})}


class Ref(FieldType):
    """An index into a table of names (cards, tokens, regions): JSON holds the name."""

    def __init__(self, table: str):
        self.table = table

    def encode(self, value: int, ctx: Any) -> str:
        return ctx.refs[self.table][value]

    def decode(self, data: Any, ctx: Any, path: str) -> int:
        index = ctx.ref_index(self.table)
        i = index.get(data) if isinstance(data, str) else None
        if i is None:
            raise _fail(f"unknown {_singular(self.table)} {brief(data)}", path)
        return i

    def schema(self, ctx: Any) -> dict:
        return {"type": "string", "enum": list(ctx.refs[self.table])}


class Opt(FieldType):
    """A value or nothing: JSON null is held in memory as ``none`` (e.g. -1 for "no player")."""

    def __init__(self, inner: FieldType, none: Any = None):
        self.inner, self.none = inner, none
        self.depth = inner.depth

    def encode(self, value: Any, ctx: Any) -> Any:
        return None if value == self.none and type(value) is type(self.none) else self.inner.encode(value, ctx)

    def decode(self, data: Any, ctx: Any, path: str) -> Any:
        return self.none if data is None else self.inner.decode(data, ctx, path)

    def schema(self, ctx: Any) -> dict:
        return {"anyOf": [{"type": "null"}, self.inner.schema(ctx)]}

    def copy(self, value: Any) -> Any:
        return self.inner.copy(value) if self.depth else value


class ListOf(FieldType):
    """A list; ``length`` is a number, "players", a function of the components, or free."""

    def __init__(self, inner: FieldType, length: Length = None, sort: bool = False):
        self.inner, self.length, self.sort = inner, length, sort
        self.depth = -1 if inner.depth < 0 or inner.depth >= 2 else inner.depth + 1

    def _length(self, ctx: Any) -> int | None:
        if self.length == "players":
            return ctx.players
        if callable(self.length):
            return self.length(ctx)
        return self.length  # type: ignore[return-value]

    def encode(self, value: list, ctx: Any) -> list:
        enc = self.inner.encode
        return [enc(v, ctx) for v in (sorted(value) if self.sort else value)]

    def decode(self, data: Any, ctx: Any, path: str) -> list:
        if not isinstance(data, list):
            raise _fail(f"must be a list, not {_kind(data)}", path)
        n = self._length(ctx)
        if n is not None and len(data) != n:
            raise _fail(f"must have {n} entries, not {len(data)}", path)
        dec = self.inner.decode
        out = [dec(v, ctx, f"{path}[{i}]") for i, v in enumerate(data)]
        if self.sort:
            out.sort()
        return out

    def schema(self, ctx: Any) -> dict:
        out: dict = {"type": "array", "items": self.inner.schema(ctx)}
        n = self._length(ctx)
        if n is not None:
            out["minItems"] = out["maxItems"] = n
        return out

    def copy(self, value: list) -> list:
        if self.depth == 1:
            return value[:]
        inner = self.inner.copy
        return [inner(v) for v in value]


class Keyed(ListOf):
    """A list with one entry per name of a table (per region, per class): JSON holds {name: value}."""

    def __init__(self, table: str, inner: FieldType):
        super().__init__(inner, length=lambda ctx: len(ctx.refs[table]))
        self.table = table

    def encode(self, value: list, ctx: Any) -> dict:
        enc = self.inner.encode
        return {name: enc(v, ctx) for name, v in zip(ctx.refs[self.table], value)}

    def decode(self, data: Any, ctx: Any, path: str) -> list:
        if not isinstance(data, Mapping):
            raise _fail(f"must be an object keyed by {_singular(self.table)}, not {_kind(data)}", path)
        names = ctx.refs[self.table]
        for key in data:
            if key not in ctx.ref_index(self.table):
                raise _fail(f"{brief(key)} is not a {_singular(self.table)} of this game", _join(path, str(key)))
        dec = self.inner.decode
        out = []
        for name in names:
            if name not in data:
                raise _fail("missing", _join(path, name))
            out.append(dec(data[name], ctx, _join(path, name)))
        return out

    def schema(self, ctx: Any) -> dict:
        names = list(ctx.refs[self.table])
        return {"type": "object", "properties": {n: self.inner.schema(ctx) for n in names},
                "required": names, "additionalProperties": False}


class FlagSet(FieldType):
    """One flag per name of a table: JSON holds the list of names whose flag is set."""

    depth = 1

    def __init__(self, table: str):
        self.table = table

    def encode(self, value: list, ctx: Any) -> list:
        return [name for name, on in zip(ctx.refs[self.table], value) if on]

    def decode(self, data: Any, ctx: Any, path: str) -> list:
        if not isinstance(data, list):
            raise _fail(f"must be a list of {self.table}, not {_kind(data)}", path)
        index = ctx.ref_index(self.table)
        flags = [False] * len(ctx.refs[self.table])
        for i, name in enumerate(data):
            k = index.get(name) if isinstance(name, str) else None
            if k is None:
                raise _fail(f"unknown {_singular(self.table)} {brief(name)}", f"{path}[{i}]")
            if flags[k]:
                raise _fail(f"{brief(name)} is listed twice", f"{path}[{i}]")
            flags[k] = True
        return flags

    def schema(self, ctx: Any) -> dict:
        return {"type": "array", "items": {"type": "string", "enum": list(ctx.refs[self.table])},
                "uniqueItems": True}

    def copy(self, value: list) -> list:
        return value[:]


class Counts(FieldType):
    """How many of each name of a table (Rule cards by type): JSON holds the names, repeated, in table order."""

    depth = 1

    def __init__(self, table: str):
        self.table = table

    def encode(self, value: list, ctx: Any) -> list:
        return [name for name, n in zip(ctx.refs[self.table], value) for _ in range(n)]

    def decode(self, data: Any, ctx: Any, path: str) -> list:
        if not isinstance(data, list):
            raise _fail(f"must be a list of {self.table}, not {_kind(data)}", path)
        index = ctx.ref_index(self.table)
        counts = [0] * len(ctx.refs[self.table])
        for i, name in enumerate(data):
            k = index.get(name) if isinstance(name, str) else None
            if k is None:
                raise _fail(f"unknown {_singular(self.table)} {brief(name)}", f"{path}[{i}]")
            counts[k] += 1
        return counts

    def schema(self, ctx: Any) -> dict:
        return {"type": "array", "items": {"type": "string", "enum": list(ctx.refs[self.table])}}

    def copy(self, value: list) -> list:
        return value[:]


class Json(FieldType):
    """Any JSON value (strings, finite numbers, bools, null, lists, objects), for rarely used complex data."""

    depth = -1

    def encode(self, value: Any, ctx: Any) -> Any:
        return copy_json(value)  # a snapshot: later moves must not change an exported position

    def decode(self, data: Any, ctx: Any, path: str) -> Any:
        check_json_value(data, path)
        return copy_json(data)

    def copy(self, value: Any) -> Any:
        return copy_json(value)


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON data."""
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    return value


def check_json_value(value: Any, path: str = "position", depth: int = 0, max_depth: int = 64) -> None:
    """Raise InvalidPositionError unless ``value`` is plain, finite JSON data nested at most ``max_depth`` deep."""
    if _plain(value, depth, max_depth):  # the common case, without building a path for every value
        return
    _check_json_value(value, path, depth, max_depth)


def _plain(value: Any, depth: int, max_depth: int) -> bool:
    """True if ``value`` is plain, finite JSON data of exact built-in types; False sends it to the full check."""
    if depth > max_depth:
        return False
    kind = type(value)
    if value is None or kind is str or kind is int or kind is bool:
        return True
    if kind is float:
        return math.isfinite(value)
    if kind is list:
        for v in value:
            if not _plain(v, depth + 1, max_depth):
                return False
        return True
    if kind is dict:
        for k, v in value.items():
            if type(k) is not str or not _plain(v, depth + 1, max_depth):
                return False
        return True
    return False


def _check_json_value(value: Any, path: str, depth: int, max_depth: int) -> None:
    if depth > max_depth:
        raise _fail(f"nested more than {max_depth} levels deep", path)
    if value is None or isinstance(value, (bool, str, int)):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise _fail("must be a finite number (NaN and Infinity are not JSON)", path)
        return
    if isinstance(value, list):
        for i, v in enumerate(value):
            _check_json_value(v, f"{path}[{i}]", depth + 1, max_depth)
        return
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                raise _fail(f"object keys must be strings, not {_kind(k)}", path)
            _check_json_value(v, _join(path, k), depth + 1, max_depth)
        return
    raise _fail(f"{_kind(value)} is not JSON data", path)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a bool"
    if isinstance(value, float):
        return f"the number {value!r}"
    return {int: "a whole number", str: "a string", list: "a list", dict: "an object"}.get(type(value),
                                                                                       type(value).__name__)


def _singular(table: str) -> str:
    return table[:-1] if table.endswith("s") else table


_REQUIRED = object()


class Field:
    """One declared state field: its name, its type, and where it sits in the JSON position.

    ``json`` is where the value goes in the JSON position (default: the field's name):
    ``"display.numbers"`` nests it in an object; ``"hands[].numbers"`` spreads a per-player list over a list of
    objects (``hands[p]["numbers"]``); ``"regions.*.rats"`` spreads a ``Keyed`` value over an object keyed by name
    (``regions[name]["rats"]``). Fields sharing an outer key are grouped in one object.
    """

    def __init__(self, name: str, type: FieldType, json: str | None = None, derived: bool = False,
                 missing: Any = _REQUIRED):
        self.name, self.type, self.derived = name, type, derived  # derived: copied, not in JSON (after_load)
        self.json = json or name
        self.outer, self.mode, self.inner = _parse_json_path(self.json)
        self.missing = missing  # the JSON value read when an older file lacks this (top-level) field
        if missing is not _REQUIRED and self.mode:
            raise ValueError(f"field {name}: only a top-level field may be missing from a file")
        if self.mode == "*" and not isinstance(type, Keyed):
            raise ValueError(f"field {name}: 'outer.*.inner' needs a Keyed type")
        if self.mode == "[]" and not isinstance(type, ListOf):
            raise ValueError(f"field {name}: 'outer[].inner' needs a ListOf type")


def _parse_json_path(path: str) -> tuple[str, str, str]:
    if ".*." in path:
        outer, _, inner = path.partition(".*.")
        return outer, "*", inner
    if "[]." in path:
        outer, _, inner = path.partition("[].")
        return outer, "[]", inner
    if "." in path:
        outer, _, inner = path.partition(".")
        return outer, ".", inner
    return path, "", ""


class StateFields:
    """The declared fields of a state class, plus transient slots (caches rebuilt after loading)."""

    def __init__(self, *fields: Field, transient: Sequence[str] = ()):
        self.all_fields = fields
        self.fields = tuple(f for f in fields if not f.derived)
        self.names = tuple(f.name for f in fields)
        self.transient = tuple(transient)
        if len(set(self.names + self.transient)) != len(self.names) + len(self.transient):
            raise ValueError("a state field is declared twice")
        self.inner_keys: dict[str, set[str]] = {}
        for f in fields:
            if f.mode:
                self.inner_keys.setdefault(f.outer, set()).add(f.inner)

    def slots(self) -> tuple[str, ...]:
        """The instance slots these fields need."""
        return self.names + self.transient

    def make_clone(self) -> Callable[[Any], Any]:
        """A generated clone method: shares the components and immutable fields, copies each list once."""
        lines = ["def clone(self):", "    s = _new(type(self))", "    s.comp = self.comp", "    s.players = self.players",
                 "    s._log = self._log", "    s._nlog = self._nlog", "    s._quiet = self._quiet"]
        env: dict[str, Any] = {"_new": object.__new__}
        for f in self.all_fields:
            d = f.type.depth
            if d == 0:
                lines.append(f"    s.{f.name} = self.{f.name}")
            elif d == 1:
                lines.append(f"    s.{f.name} = self.{f.name}[:]")
            elif d == 2:
                lines.append(f"    s.{f.name} = [x[:] for x in self.{f.name}]")
            else:
                env[f"_copy_{f.name}"] = f.type.copy
                lines.append(f"    s.{f.name} = _copy_{f.name}(self.{f.name})")
        for name in self.transient:
            lines.append(f"    s.{name} = self.{name}")
        lines.append("    return s")
        exec("\n".join(lines), env)  # the generated code only copies the declared attributes
        clone = env["clone"]
        clone.__doc__ = "An independent copy (lists copied, components and event log shared)."
        return clone

    def json_keys(self) -> set[str]:
        """The top-level JSON keys the fields use."""
        return {f.outer for f in self.fields}

    def encode(self, state: Any) -> dict:
        """The declared fields as JSON data."""
        ctx = state.comp
        out: dict = {}
        for f in self.fields:
            value = f.type.encode(getattr(state, f.name), ctx)
            if not f.mode:
                out[f.outer] = value
            elif f.mode == ".":
                out.setdefault(f.outer, {})[f.inner] = value
            elif f.mode == "*":
                group = out.setdefault(f.outer, {})
                for name, v in value.items():
                    group.setdefault(name, {})[f.inner] = v
            else:
                group = out.setdefault(f.outer, [])
                while len(group) < len(value):
                    group.append({})
                for entry, v in zip(group, value):
                    entry[f.inner] = v
        return out

    def decode_into(self, state: Any, data: Mapping) -> None:
        """Validate ``data`` field by field (naming the bad field) and set the in-memory values on ``state``."""
        ctx = state.comp
        self._check_groups(data, ctx)
        for f in self.fields:
            if f.outer not in data and f.missing is _REQUIRED:
                raise _fail("missing", f.outer)
            raw = data.get(f.outer, f.missing)
            if not f.mode:
                value = f.type.decode(raw, ctx, f.outer)
            elif f.mode == ".":
                if f.inner not in raw:
                    raise _fail("missing", f"{f.outer}.{f.inner}")
                value = f.type.decode(raw[f.inner], ctx, f"{f.outer}.{f.inner}")
            elif f.mode == "*":
                value = _decode_keyed(f, raw, ctx)
            else:
                value = _decode_spread(f, raw, ctx)
            setattr(state, f.name, value)

    def _check_groups(self, data: Mapping, ctx: Any) -> None:
        """Grouped JSON objects hold exactly the keys their fields declare."""
        for outer, keys in self.inner_keys.items():
            if outer not in data:
                raise _fail("missing", outer)
            raw = data[outer]
            mode = next(f.mode for f in self.fields if f.outer == outer)
            if mode == ".":
                entries = [(outer, raw)]
            elif mode == "[]":
                if not isinstance(raw, list):
                    raise _fail(f"must be a list, not {_kind(raw)}", outer)
                entries = [(f"{outer}[{i}]", e) for i, e in enumerate(raw)]
            else:
                if not isinstance(raw, Mapping):
                    raise _fail(f"must be an object, not {_kind(raw)}", outer)
                entries = [(_join(outer, str(k)), e) for k, e in raw.items()]
            for path, entry in entries:
                if not isinstance(entry, Mapping):
                    raise _fail(f"must be an object, not {_kind(entry)}", path)
                for key in entry:
                    if key not in keys:
                        raise _fail("unexpected field", _join(path, str(key)))

    def schema(self, ctx: Any, extra: Mapping[str, dict] | None = None) -> dict:
        """A JSON schema of the position (for documentation and external tools)."""
        props: dict[str, dict] = dict(extra or {})
        grouped: dict[str, dict[str, dict]] = {}
        for f in self.fields:
            if not f.mode:
                props[f.outer] = f.type.schema(ctx)
                continue
            item = f.type.inner.schema(ctx) if f.mode in ("*", "[]") else f.type.schema(ctx)  # type: ignore
            grouped.setdefault(f.outer, {})[f.inner] = item
        for outer, members in grouped.items():
            f = next(f for f in self.fields if f.outer == outer)
            entry = {"type": "object", "properties": members, "required": sorted(members),
                     "additionalProperties": False}
            if f.mode == ".":
                props[outer] = entry
            elif f.mode == "[]":
                props[outer] = {"type": "array", "items": entry}
            else:
                names = list(ctx.refs[f.type.table])  # type: ignore[attr-defined]
                props[outer] = {"type": "object", "properties": {n: entry for n in names}, "required": names,
                                "additionalProperties": False}
        optional = {f.outer for f in self.fields if f.missing is not _REQUIRED}
        return {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": props,
                "required": sorted(set(props) - optional), "additionalProperties": False}


def _decode_keyed(f: Field, raw: Mapping, ctx: Any) -> list:
    keyed: Keyed = f.type  # type: ignore[assignment]
    index = ctx.ref_index(keyed.table)
    for key in raw:
        if key not in index:
            raise _fail(f"{brief(key)} is not a {_singular(keyed.table)} of this game", _join(f.outer, str(key)))
    out = []
    for name in ctx.refs[keyed.table]:
        path = _join(f.outer, name)
        if name not in raw:
            raise _fail("missing", path)
        if f.inner not in raw[name]:
            raise _fail("missing", _join(path, f.inner))
        out.append(keyed.inner.decode(raw[name][f.inner], ctx, _join(path, f.inner)))
    return out


def _decode_spread(f: Field, raw: list, ctx: Any) -> list:
    lst: ListOf = f.type  # type: ignore[assignment]
    n = lst._length(ctx)
    if n is not None and len(raw) != n:
        raise _fail(f"must have {n} entries, not {len(raw)}", f.outer)
    out = []
    for i, entry in enumerate(raw):
        path = f"{f.outer}[{i}].{f.inner}"
        if f.inner not in entry:
            raise _fail("missing", path)
        out.append(lst.inner.decode(entry[f.inner], ctx, path))
    if lst.sort:
        out.sort()
    return out


class Components:
    """Base for a game's shared, immutable components: player count and the name tables ``Ref`` fields use."""

    players: int
    refs: Mapping[str, Sequence[str]]

    def ref_index(self, table: str) -> dict[str, int]:
        """{name: index} for one table (cached)."""
        cache = self.__dict__.setdefault("_ref_index", {})
        index = cache.get(table)
        if index is None:
            index = cache[table] = {name: i for i, name in enumerate(self.refs[table])}
        return index
