"""Shared helpers for JSON positions: schema validation (fastjsonschema) that names the bad field."""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import fastjsonschema

from .errors import InvalidPositionError, brief
from .game_file import MATCH_FORMAT, POSITION_FORMAT, game_from_file
from .jsonio import read_json_file
from .match import Match
from .protocol import Game, GameState
from .registry import GAMES, load_game

__all__ = ["MATCH_FORMAT", "POSITION_FORMAT", "game_from_file", "load_position", "position_document",
           "dumps_position", "require", "validate_schema", "lesson_writers", "rebuild_positions"]


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


# ------------------------------------------------------------------------------------------------
# One position file format for every game (and the saved match format, read by core.match)
# ------------------------------------------------------------------------------------------------
def position_file_schema(name: str) -> dict:
    """The JSON Schema of a game's position files (every player count and declared variant, shipped data), from
    ``Game.position_schema()``: what ``tools/position_schemas.py`` writes for editors to validate against."""
    info = GAMES[name]
    positions = []
    for _, options in info.configurations():
        for players in info.players:
            schema = load_game(name, players=players, **options).position_schema()
            schema.pop("$schema", None)
            positions.append(schema)
    return {"$schema": "http://json-schema.org/draft-07/schema#", "title": f"{info.title}: a position file",
            "type": "object", "additionalProperties": False, "required": ["format", "game", "players", "position"],
            "properties": {"format": {"const": POSITION_FORMAT}, "game": {"const": name},
                           "players": {"enum": list(info.players)}, "options": {"type": "object"},
                           "description": {"type": "string"}, "seed": {"type": "integer"},
                           "position": {"anyOf": positions}}}


def position_document(game: Game, state: GameState, description: str | None = None) -> dict:
    """The one position file format: {format, game, players, options, position, description?}."""
    doc = {"format": POSITION_FORMAT, "game": game.name, "players": game.players,
           "options": game.config()["options"], "position": state.to_json()}
    if description:
        doc["description"] = description
    return doc


def dumps_position(document: dict) -> str:
    """The on-disk form of a position file: indented JSON, its keys in the format's order (description first)."""
    order = ["format", "game", "players", "options", "description", "position"]
    ordered = {key: document[key] for key in sorted(document, key=lambda k: order.index(k) if k in order else 99)}
    return json.dumps(ordered, indent=1, ensure_ascii=False, allow_nan=False) + "\n"


def load_position(source: Any) -> tuple[Game, GameState]:
    """Any position or match file of any game (a path or its JSON data) -> (game, state at the cursor).

    Reads the one position format and saved matches, plus two older forms: a game's bare state
    (``{"format": "ratgames_lab.<game>/1", ...}``) and a wrapper without "game" (``{"players", "position"}``).
    """
    data = source if isinstance(source, dict) else read_json_file(source, "file")
    if not isinstance(data, dict):
        raise InvalidPositionError("a position file must be a JSON object", "file")
    fmt = data.get("format")
    if fmt == MATCH_FORMAT:
        match = Match.from_json(data)
        return match.game, match.state.clone()
    if "position" in data:
        if fmt not in (None, POSITION_FORMAT):
            raise InvalidPositionError(f"unknown format {brief(fmt)} (expected {POSITION_FORMAT!r})", "format")
        for key in data:
            if key not in ("format", "game", "players", "options", "position", "description", "seed"):
                raise InvalidPositionError("unexpected field", str(key))
        if "description" in data and not isinstance(data["description"], str):
            raise InvalidPositionError("must be a string", "description")
        name = data.get("game")
        if name is None:  # an older wrapper: the game is named by the position's own format
            name = _game_of_format(data["position"].get("format") if isinstance(data["position"], dict) else None)
            if name is None:
                raise InvalidPositionError("missing", "game")
        if "players" not in data:
            raise InvalidPositionError("missing", "players")
        game = game_from_file(name, data["players"], data.get("options"), data.get("seed", 0))
        try:
            return game, game.state_from_json(data["position"])
        except InvalidPositionError as exc:
            raise InvalidPositionError(exc.reason, f"position.{exc.field}") from None
    name = _game_of_format(fmt)
    if name is not None:  # a game's bare state
        return_game = game_from_file(name, data.get("players"), None)
        return return_game, return_game.state_from_json(data)
    raise InvalidPositionError(
        f"unknown format {brief(fmt)}: expected a position ({POSITION_FORMAT!r}) or a saved match ({MATCH_FORMAT!r})",
        "format")


def _game_of_format(fmt: Any) -> str | None:
    """'ratgames_lab.rattus/1' -> 'rattus' if that is a registered game."""
    if isinstance(fmt, str) and fmt.startswith("ratgames_lab.") and "/" in fmt:
        name = fmt[len("ratgames_lab."):].split("/")[0]
        if name in GAMES:
            return name
    return None


Writer = Callable[[Path], "tuple[Path, str]"]  # lessons folder -> (file to write, its text)


def lesson_writers(builders: "dict[str, Callable[[], dict]]", build: "Callable[[str], dict]") -> "dict[str, Writer]":
    """One writer per lesson position: ``<lessons>/<name>.json`` holding ``dumps_position(build(name))``."""
    return {name: (lambda folder, n=name: (folder / f"{n}.json", dumps_position(build(n)))) for name in builders}


def rebuild_positions(description: str, writers: "dict[str, Writer]", lessons: Path,
                      argv: "list[str] | None" = None) -> int:
    """The command line of a game's ``scenarios`` module: write the positions named (default: all)."""
    import argparse

    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("names", nargs="*", help="positions to write (default: all)")
    parser.add_argument("--lessons", type=Path, default=lessons,
                        help="folder of the lesson positions (default: notebooks/positions)")
    args = parser.parse_args(argv)
    unknown = set(args.names) - set(writers)
    if unknown:
        parser.error(f"unknown position: {', '.join(sorted(unknown))}")
    for name in args.names or list(writers):
        path, text = writers[name](args.lessons)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    return 0
