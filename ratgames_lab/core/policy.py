"""Playout policies: how every seat is assumed to play after the analysed move ("random", "heuristic", "mix",
or one plan per seat), and the playout function that follows it."""
from __future__ import annotations

import dataclasses
import random
from typing import Callable, Mapping, Union

from .i18n import N_, _
from .playout import bot_playout, random_playout
from .protocol import GameState
from .registry import GAMES

POLICIES = ("random", "heuristic", "mix")  # the named policies; a mapping seat -> plan also works
MIX_SHARE = 0.5  # under "mix", the chance that a decision is the heuristic bot's (else a random legal move)
DEFAULT_POLICY = "random"  # evaluate_actions' default: the same numbers as before policies existed

Policy = Union[str, Mapping[int, str]]

_PLANS = {"random": N_("plays uniformly random legal moves"),
          "heuristic": N_("plays like the heuristic bot"),
          "mix": N_("plays like the heuristic bot half of the time, a random legal move otherwise")}


@dataclasses.dataclass(frozen=True)
class PlayoutPolicy:
    """How every seat plays after the analysed move: one plan per seat ("random", "mix" or a bot's name)."""

    name: str  # what the win rates assume: "random", "heuristic", "mix", a bot's name, "per seat" or "custom"
    seats: tuple[str, ...]  # each seat's plan
    note: str = ""  # why it is not what was asked (a game without a heuristic bot), else ""
    rollout: Callable | None = dataclasses.field(default=None, compare=False, repr=False)
    bots: tuple = dataclasses.field(default=(), compare=False, repr=False)  # (bot or None, share) per seat

    def assumes(self) -> str:
        """One sentence: what the win rates assume, e.g. 'every player then plays like the heuristic bot'."""
        if self.name == "custom":
            return _("every player then plays as the given rollout function decides")
        if len(set(self.seats)) == 1:
            return _("every player then {plan}").format(plan=_plan_text(self.seats[0]))
        return "; ".join(_("Player {n} then {plan}").format(n=p + 1, plan=_plan_text(plan))
                         for p, plan in enumerate(self.seats))

    def play(self, state: GameState, rng: random.Random) -> int:
        """Play a sampled world (a ``determinize`` copy) in place to the end under this policy."""
        if self.rollout is not None:
            return self.rollout(state, rng)
        if all(bot is None for bot, _share in self.bots):
            return random_playout(state, rng)  # the same draws as before policies existed
        return bot_playout(state, self.bots, rng)


def _plan_text(plan: str) -> str:
    return _(_PLANS[plan]) if plan in _PLANS else _("plays like the {bot} bot").format(bot=plan)


def game_bots(state: GameState) -> dict:
    """The bots of the state's game by name ({} for a game that is not registered)."""
    info = GAMES.get(state.game_name)
    return dict(info.bots()) if info is not None else {}


def playout_policy(state: GameState, policy: Policy = DEFAULT_POLICY) -> PlayoutPolicy:
    """Resolve ``policy`` for the state's game; ValueError names an unknown policy, bot or seat.

    "heuristic" plays every seat with the game's heuristic bot (``GAMES[game].bots()["heuristic"]``), "mix" makes
    each decision the heuristic bot's with probability 1/2 and a uniformly random legal move otherwise, "random"
    plays uniformly random legal moves. A mapping seat -> plan ("random", "heuristic", "mix" or any bot of the
    game but "rollout") sets each seat; seats it leaves out play "random". A game without a heuristic bot falls
    back to random, and ``note`` says so.
    """
    players = state.players
    if isinstance(policy, str):
        if policy not in POLICIES:
            raise ValueError(f"unknown playout policy {policy!r} (known policies: {', '.join(POLICIES)}, "
                             f"or a mapping seat -> bot name)")
        plans = [policy] * players
    elif isinstance(policy, Mapping):
        plans = ["random"] * players
        for seat, plan in policy.items():
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                raise ValueError(f"playout policy: no seat {seat!r} in a {players}-player game (seats 0-{players - 1})")
            plans[seat] = plan
    else:
        raise ValueError(f"a playout policy is one of {', '.join(POLICIES)} or a mapping seat -> bot name, "
                         f"not {policy!r}")
    bots = game_bots(state)
    usable = sorted(set(bots) - {"rollout", "random"})
    seats, note = [], ""
    for plan in plans:
        if not isinstance(plan, str) or (plan not in POLICIES and plan not in usable):
            raise ValueError(f"unknown playout plan {plan!r} for {state.game_name or 'this game'} (known: "
                             f"{', '.join(dict.fromkeys([*POLICIES, *usable]))})")
        if plan in ("heuristic", "mix") and "heuristic" not in bots:
            note = _("{game} has no heuristic bot: the playouts are random").format(
                game=state.game_name or _("this game"))
            plan = "random"
        seats.append(plan)
    made: dict[str, tuple] = {}
    for plan in set(seats):
        if plan == "random":
            made[plan] = (None, 0.0)
        elif plan == "mix":
            made[plan] = (_playout_bot(bots["heuristic"]), MIX_SHARE)
        else:
            made[plan] = (_playout_bot(bots[plan]), 1.0)
    name = seats[0] if len(set(seats)) == 1 else "per seat"
    return PlayoutPolicy(name, tuple(seats), note, bots=tuple(made[plan] for plan in seats))


def _playout_bot(cls):
    """The bot a playout uses: ``cls.for_playouts()`` when the bot class offers a cheaper setting, else ``cls()``."""
    make = getattr(cls, "for_playouts", None)
    return make() if callable(make) else cls()
