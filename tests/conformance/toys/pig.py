"""Pig, the dice game (perfect information, with chance): roll a die as often as you like and bank the sum of
your rolls, but a 1 loses the whole turn's total. The first to reach the target score wins."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ratgames_lab.core.bots import CORE_BOTS
from ratgames_lab.core.errors import IllegalActionError, InvalidPositionError
from ratgames_lab.core.fields import Bool, Field, Int, ListOf, Opt, Seat, StateFields
from ratgames_lab.core.protocol import Action, ActionCodec, Game as _Game, OptionSpec
from ratgames_lab.core.registry import GameInfo

from .base import PerfectInformationState, ToyComponents

INFO = GameInfo(name="toy_pig", title="Pig", module=__name__, players=(2, 3, 4), information="perfect", chance=True,
                summary="Pig: roll, or bank your turn's total before a 1 takes it away.")


@dataclass(frozen=True, slots=True)
class Roll(Action):
    kind = "roll"

    def describe(self) -> str:
        return "Roll the die"


@dataclass(frozen=True, slots=True)
class Hold(Action):
    kind = "hold"

    def describe(self) -> str:
        return "Bank this turn's total"


@dataclass(frozen=True, slots=True)
class Face(Action):
    face: int
    kind = "face"

    def describe(self) -> str:
        return f"The die shows {self.face}"


FACES = [Face(f) for f in range(1, 7)]


class PigState(PerfectInformationState):
    game_name = "toy_pig"
    FORMAT = "ratgames_lab.toy_pig/1"
    FIELDS = StateFields(
        Field("banked", ListOf(Int(min=0), length="players")),
        Field("turn", Seat()),
        Field("pot", Int(min=0)),
        Field("rolling", Bool()),
        Field("winner", Opt(Seat(), none=-1)),
    )

    def to_roll(self) -> bool:
        return self.rolling

    def legal_actions(self) -> list[Action]:
        if self.winner >= 0:
            return []
        if self.rolling:
            return list(FACES)
        return [Roll(), Hold()] if self.pot else [Roll()]

    def chance_outcomes(self):
        return [(face, Fraction(1, 6)) for face in FACES] if self.rolling and self.winner < 0 else []

    def _explain(self, action: Action) -> None:
        if self.rolling:
            raise IllegalActionError("the die is rolling", "pig.roll")
        if isinstance(action, Hold):
            raise IllegalActionError("there is nothing to bank before the first roll", "pig.hold")

    def _do(self, action: Action) -> None:
        if isinstance(action, Roll):
            self.rolling = True
        elif isinstance(action, Face):
            self.rolling = False
            if action.face == 1:
                self.emit("pigged", "pig.one", player=self.turn, lost=self.pot)
                self.pot, self.turn = 0, (self.turn + 1) % self.players
            else:
                self.pot += action.face
        else:
            self.banked[self.turn] += self.pot
            self.emit("hold", "pig.hold", player=self.turn, points=self.pot)
            self.pot = 0
            if self.banked[self.turn] >= self.comp.target:
                self.winner = self.turn
            else:
                self.turn = (self.turn + 1) % self.players

    def scores(self) -> list[int]:
        return self.banked[:]

    def validate_position(self) -> None:
        leaders = [p for p, s in enumerate(self.banked) if s >= self.comp.target]
        if leaders != ([self.winner] if self.winner >= 0 else []):
            raise InvalidPositionError("exactly the winner has reached the target", "winner")
        if self.winner >= 0 and (self.pot or self.rolling or self.turn != self.winner):
            raise InvalidPositionError("the game is over: nothing may be pending", "pot")


class Game(_Game):
    name = "toy_pig"
    title = "Pig"
    min_players, max_players = 2, 4
    option_specs = {"target": OptionSpec(100, allowed=(20, 50, 100))}
    action_codec = ActionCodec([Roll, Hold, Face])

    def _comp(self) -> ToyComponents:
        return ToyComponents(self.players, self.options["target"])

    def new_state(self) -> PigState:
        state = PigState.blank(self._comp())
        state.banked, state.turn, state.pot, state.rolling, state.winner = [0] * self.players, 0, 0, False, -1
        return state

    def state_from_json(self, data: Any) -> PigState:
        return PigState.from_json(data, self._comp())


class HoldAtTwenty:
    """The classic heuristic: roll until this turn's total reaches 20 (or the target)."""

    name = "heuristic"

    def choose(self, view: PigState, rng) -> Action:
        legal = view.legal_actions()
        enough = view.pot >= min(20, view.comp.target - view.banked[view.turn])
        return Hold() if enough and Hold() in legal else legal[0]


BOTS = {**CORE_BOTS, "heuristic": HoldAtTwenty}
