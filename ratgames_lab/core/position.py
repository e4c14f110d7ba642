"""Shared helpers for JSON positions: schema validation (fastjsonschema) that names the bad field."""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import fastjsonschema

from .errors import InvalidPositionError


@lru_cache(maxsize=None)
def load_validator(path: str) -> Callable[[Any], Any]:
    """A compiled, cached validator for a JSON-schema file."""
    return fastjsonschema.compile(json.loads(Path(path).read_text()))


def _field_name(name: str) -> str:
    """fastjsonschema's 'data.hands[1].numbers' as 'hands[1].numbers'."""
    name = re.sub(r"^data\.?", "", name)
    return name or "position"


def validate_schema(data: Any, schema_path: str | Path) -> None:
    """Raise InvalidPositionError naming the first bad field if ``data`` does not fit the schema."""
    try:
        load_validator(str(schema_path))(data)
    except fastjsonschema.JsonSchemaValueException as exc:
        field = _field_name(exc.name)
        message = exc.message.replace(exc.name, field)
        if exc.rule == "required":
            missing = [k for k in exc.rule_definition if not isinstance(exc.value, dict) or k not in exc.value]
            if missing:
                field = f"{field}.{missing[0]}" if field != "position" else missing[0]
                message = "missing"
        elif exc.rule == "additionalProperties" and isinstance(exc.value, dict):
            known = exc.definition.get("properties", {}) if isinstance(exc.definition, dict) else {}
            extra = [str(k) for k in exc.value if k not in known]
            if extra:
                field = f"{field}.{extra[0]}" if field != "position" else extra[0]
                message = "unexpected field"
        raise InvalidPositionError(message, field) from None


def require(condition: bool, message: str, field: str) -> None:
    """Raise InvalidPositionError(message, field) unless ``condition``."""
    if not condition:
        raise InvalidPositionError(message, field)
