"""Reading JSON from files and uploads safely: bounded in size and depth, finite numbers only, regular files only."""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from .errors import InvalidPositionError
from .fields import check_json_value

MAX_BYTES = 16 * 1024 * 1024  # a position, a match or a data file is far smaller
MAX_DEPTH = 64


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def loads(data: str | bytes, what: str = "file", max_bytes: int = MAX_BYTES) -> Any:
    """Parse JSON text; InvalidPositionError (field ``what``) for anything that is not plain, finite, bounded JSON."""
    if len(data) > max_bytes:
        raise InvalidPositionError(f"larger than {max_bytes // (1024 * 1024)} MB", what)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidPositionError("not UTF-8 text", what) from None
    try:
        value = json.loads(data, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise InvalidPositionError(f"not valid JSON ({exc.msg} at line {exc.lineno})", what) from None
    except RecursionError:
        raise InvalidPositionError(f"nested more than {MAX_DEPTH} levels deep", what) from None
    except ValueError as exc:  # NaN / Infinity, or an integer literal too long to convert
        raise InvalidPositionError(f"not valid JSON ({exc})", what) from None
    check_json_value(value, what, max_depth=MAX_DEPTH)
    _check_int_sizes(value, what)
    return value


def _check_int_sizes(value: Any, path: str) -> None:
    """No integer beyond 64 bits (no game needs one; huge ones are an attack on whatever reads them)."""
    stack = [(value, path)]
    while stack:
        v, p = stack.pop()
        if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 2**63:
            raise InvalidPositionError("a whole number too large for any game", p)
        if isinstance(v, list):
            stack.extend((x, f"{p}[{i}]") for i, x in enumerate(v))
        elif isinstance(v, dict):
            stack.extend((x, f"{p}.{k}") for k, x in v.items())


def read_json_file(path: str | os.PathLike, what: str = "file", max_bytes: int = MAX_BYTES) -> Any:
    """The JSON content of a regular file (never a FIFO, a device or a folder), bounded in size and depth."""
    p = Path(path)
    try:
        info = os.stat(p)
    except FileNotFoundError:
        raise InvalidPositionError(f"no such file: {p}", what) from None
    except OSError as exc:
        raise InvalidPositionError(f"cannot read {p}: {exc.strerror}", what) from None
    if not stat.S_ISREG(info.st_mode):
        raise InvalidPositionError(f"{p} is not a regular file", what)
    if info.st_size > max_bytes:
        raise InvalidPositionError(f"{p} is larger than {max_bytes // (1024 * 1024)} MB", what)
    try:
        with open(p, "rb") as f:
            raw = f.read(max_bytes + 1)
    except OSError as exc:
        raise InvalidPositionError(f"cannot read {p}: {exc.strerror}", what) from None
    return loads(raw, what, max_bytes)
