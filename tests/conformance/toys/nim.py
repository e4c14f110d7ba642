"""Nim, the subtraction game (perfect information, no chance): take 1, 2 or 3 counters from the pile in turn; who
takes the last counter wins."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ratgames_lab.core.bots import CORE_BOTS
from ratgames_lab.core.errors import IllegalActionError, InvalidPositionError
from ratgames_lab.core.fields import Field, Int, ListOf, Opt, Seat, StateFields
from ratgames_lab.core.protocol import Action, ActionCodec, Game as _Game, OptionSpec
from ratgames_lab.core.registry import GameInfo

from .base import PerfectInformationState, ToyComponents

INFO = GameInfo(name="toy_nim", title="Nim", module=__name__, players=(2, 3), information="perfect", chance=False,
                summary="Nim: take 1 to 3 counters; who takes the last one wins.")


@dataclass(frozen=True, slots=True)
class Take(Action):
    count: int
    kind = "take"

    def describe(self) -> str:
        return f"Take {self.count} counter{'s' if self.count != 1 else ''}"


class NimState(PerfectInformationState):
    game_name = "toy_nim"
    FORMAT = "ratgames_lab.toy_nim/1"
    FIELDS = StateFields(
        Field("pile", Int(min=0, max=lambda c: c.target)),
        Field("taken", ListOf(Int(min=0, max=lambda c: c.target), length="players")),
        Field("turn", Seat()),
        Field("winner", Opt(Seat(), none=-1)),
    )

    def legal_actions(self) -> list[Action]:
        return [] if self.winner >= 0 else [Take(n) for n in range(1, min(3, self.pile) + 1)]

    def _explain(self, action: Action) -> None:
        if isinstance(action, Take):
            raise IllegalActionError(f"take 1 to 3 counters, at most the {self.pile} left", "nim.take")

    def _do(self, action: Take) -> None:
        self.pile -= action.count
        self.taken[self.turn] += action.count
        self.emit("take", "nim.take", player=self.turn, count=action.count)
        if self.pile == 0:
            self.winner = self.turn
        else:
            self.turn = (self.turn + 1) % self.players

    def scores(self) -> list[int]:
        return [int(p == self.winner) for p in range(self.players)]

    def validate_position(self) -> None:
        if sum(self.taken) + self.pile != self.comp.target:
            raise InvalidPositionError("the counters taken and the pile make the starting pile", "pile")
        if (self.pile == 0) != (self.winner >= 0) or (self.winner >= 0 and self.turn != self.winner):
            raise InvalidPositionError("the game ends when the pile is empty, won by who took the last", "winner")


class Game(_Game):
    name = "toy_nim"
    title = "Nim"
    min_players, max_players = 2, 3
    option_specs = {"target": OptionSpec(21, allowed=(11, 21, 31), help="the starting pile")}
    action_codec = ActionCodec([Take])

    def _comp(self) -> ToyComponents:
        return ToyComponents(self.players, self.options["target"])

    def new_state(self) -> NimState:
        state = NimState.blank(self._comp())
        state.pile, state.taken, state.turn, state.winner = self.options["target"], [0] * self.players, 0, -1
        return state

    def state_from_json(self, data: Any) -> NimState:
        return NimState.from_json(data, self._comp())


class LeaveFours:
    """The winning strategy with two players: leave a multiple of 4."""

    name = "heuristic"

    def choose(self, view: NimState, rng) -> Action:
        legal = view.legal_actions()
        return next((a for a in legal if (view.pile - a.count) % 4 == 0), legal[0])


BOTS = {**CORE_BOTS, "heuristic": LeaveFours}
