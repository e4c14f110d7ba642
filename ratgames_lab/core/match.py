"""A match: the action log of one game with undo / redo / goto / branch / save / load."""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from .errors import IllegalActionError, InvalidPositionError
from .protocol import Action, Game, GameState
from .jsonio import read_json_file
from .game_file import MATCH_FORMAT, game_from_file

_SNAPSHOT_EVERY = 32


def checksum(data: dict) -> str:
    """A SHA-256 of a match file's content (every field but the checksum itself), to report tampered files."""
    content = {k: v for k, v in data.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(content, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


class Match:
    """The history of one game (chance outcomes included); states are rebuilt by replay.

    ``start`` (optional) is a position to play from, e.g. one loaded with ``game.state_from_json``; without it
    the match starts at the game's seeded setup.
    """

    def __init__(self, game: Game, actions: list[Action] | None = None, cursor: int | None = None,
                 start: GameState | None = None):
        self.game = game
        self.start = start.clone() if start is not None else None  # a loaded position to play from (else setup)
        self.actions: list[Action] = []
        self._snapshots: dict[int, GameState] = {0: self.start.clone() if self.start is not None else game.new_state()}
        self._state = self._snapshots[0].clone()
        self.cursor = 0
        for action in actions or []:
            self.apply(action)
        if cursor is not None:
            self.goto(cursor)

    # -- playing ---------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The state at the cursor (do not mutate it: use apply)."""
        return self._state

    def apply(self, action: Action) -> None:
        """Apply an action at the cursor; later (redo) actions are dropped. Illegal → unchanged."""
        self._state.apply(action)
        del self.actions[self.cursor:]
        for k in [k for k in self._snapshots if k > self.cursor]:
            del self._snapshots[k]
        self.actions.append(action)
        self.cursor += 1
        if self.cursor % _SNAPSHOT_EVERY == 0:
            self._snapshots[self.cursor] = self._state.clone()

    def play_chance(self, rng: random.Random) -> Action:
        """Sample and apply the pending chance outcome."""
        action = self._state.sample_chance(rng)
        self.apply(action)
        return action

    # -- navigation ------------------------------------------------------
    def can_undo(self) -> bool:
        """True if there is an action to undo."""
        return self.cursor > 0

    def can_redo(self) -> bool:
        """True if there is an undone action to redo."""
        return self.cursor < len(self.actions)

    def undo(self) -> None:
        """Step back one action."""
        if not self.can_undo():
            raise IllegalActionError("nothing to undo", "match.undo")
        self.goto(self.cursor - 1)

    def redo(self) -> None:
        """Step forward one undone action."""
        if not self.can_redo():
            raise IllegalActionError("nothing to redo", "match.redo")
        self.goto(self.cursor + 1)

    def goto(self, index: int) -> None:
        """Move the cursor to just after ``index`` actions, rebuilding the state by replay."""
        if not 0 <= index <= len(self.actions):
            raise IllegalActionError(f"no position {index} in this match (0..{len(self.actions)})", "match.goto")
        base = max(k for k in self._snapshots if k <= index)
        state = self._snapshots[base].clone()
        for i in range(base, index):
            state.apply(self.actions[i])
            if (i + 1) % _SNAPSHOT_EVERY == 0 and (i + 1) not in self._snapshots:
                self._snapshots[i + 1] = state.clone()
        self._state = state
        self.cursor = index

    def branch(self) -> "Match":
        """A what-if copy of this match up to the cursor."""
        return Match(self.game, self.actions[: self.cursor], start=self.start)

    def state_at(self, index: int) -> GameState:
        """The state after ``index`` actions (a fresh copy)."""
        here = self.cursor
        self.goto(index)
        state = self._state.clone()
        self.goto(here)
        return state

    # -- files -----------------------------------------------------------
    def to_json(self) -> dict:
        """Game, options, seed, actions and cursor as JSON data (and the start position, if any), with a checksum."""
        data = {"format": MATCH_FORMAT, **self.game.config(),
                "actions": [a.to_json() for a in self.actions], "cursor": self.cursor}
        if self.start is not None:
            data["start"] = self.start.to_json()
        data["checksum"] = checksum(data)
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Match":
        """Rebuild a match by replaying its log; InvalidPositionError names the bad field."""
        if not isinstance(data, dict):
            raise InvalidPositionError("a match file must be a JSON object", "match")
        for key in ("game", "players", "seed", "actions"):
            if key not in data:
                raise InvalidPositionError("missing", key)
        game = game_from_file(data["game"], data["players"], data.get("options"), data["seed"])
        if not isinstance(data["actions"], list):
            raise InvalidPositionError("must be a list", "actions")
        start = None
        if data.get("start") is not None:
            try:
                start = game.state_from_json(data["start"])
            except InvalidPositionError as exc:
                raise InvalidPositionError(exc.reason, f"start.{exc.field}") from None
        match = cls(game, start=start)
        for i, raw in enumerate(data["actions"]):
            try:
                match.apply(game.action_from_json(raw))
            except InvalidPositionError as exc:
                raise InvalidPositionError(exc.reason, f"actions[{i}].{exc.field}") from None
            except IllegalActionError as exc:
                raise InvalidPositionError(f"illegal here: {exc}", f"actions[{i}]") from None
        cursor = data.get("cursor", len(match.actions))
        if type(cursor) is not int or not 0 <= cursor <= len(match.actions):
            raise InvalidPositionError("must be an integer within the action list", "cursor")
        match.goto(cursor)
        if "checksum" in data and data["checksum"] != checksum(data):  # well formed, but not what was saved
            raise InvalidPositionError("the file was changed after it was saved (its content does not match its "
                                       "checksum); remove the checksum line to load it anyway", "checksum")
        return match

    def save(self, path: str | Path) -> None:
        """Write the match as JSON."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1, allow_nan=False))

    @classmethod
    def load(cls, path: str | Path) -> "Match":
        """Read a match saved by ``save`` (bounded in size and depth; regular files only)."""
        return cls.from_json(read_json_file(path, "file"))
