"""The class powers (class.*): one section per power, each with its legal actions, its refusal and its effect.

Every power needs its class card, once per turn (``power_block``: the one condition the listings and the
refusals share). rules.py lists a turn's actions in the rulebook's order (take a card, place cubes, the
powers, move the plague) and takes each power's part from here; the Knight's powers belong to moving the
plague and sit there (rules.py, plague.move).
"""
from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.protocol import Action
from .actions import WITCH_KEEP, WITCH_STOP, WITCH_SWAP, KingToCastle, MerchantMove, MonkMove, PeasantCube, Place
from .actions import WitchPeek, WitchStop, WitchSwap
from .components import (CLASS_NAMES, CLASSES, KING, MAX_TOKENS, MERCHANT, MERCHANT_MAX, MONK, PEASANT, WITCH,
                         colour)
from .steps import MAIN, WITCH2, WITCH_SWAP_STEP

POWER_ACTIONS = (KingToCastle, MonkMove, MerchantMove, WitchPeek, PeasantCube)
NOT_HELD, USED = "not held", "used"


class PowerRules:
    """The class powers of RattusState (a mixin: the state's fields are declared on RattusState)."""

    __slots__ = ()

    # -- every power: the card held, its power not used yet this turn (class.once_per_turn) -----------------------
    def power_block(self, cls: int) -> str | None:
        """Why the active player cannot use the power of class ``cls`` now (NOT_HELD, USED), or None."""
        if self.owners[cls] != self.active:
            return NOT_HELD
        return USED if self.used[cls] else None

    def can_use(self, cls: int) -> bool:
        """True if the active player holds ``cls`` and has not used its power this turn."""
        return self.power_block(cls) is None

    def _need_power(self, cls: int) -> None:
        block = self.power_block(cls)
        name = CLASS_NAMES[CLASSES[cls]]
        if block == NOT_HELD:
            raise IllegalActionError(f"{colour(self.active)} does not hold the {name} card", "class." + CLASSES[cls])
        if block == USED:
            raise IllegalActionError(f"the {name}'s power was already used this turn", "class.once_per_turn")

    # -- King (class.king): a cube from a region without rats to the Castle, also after the plague ---------------
    def _king_regions(self) -> list[int]:
        """The regions the King may take a cube from: no rat token, one of the active player's cubes."""
        p = self.active
        return [r for r, rats in enumerate(self.rats) if not rats and self.cubes[r][p]]

    def _king_actions(self) -> list[Action]:
        if self.power_block(KING) is not None:
            return []
        king = self.comp.actions.king
        return [king[r] for r in self._king_regions()]

    def _check_king(self, a: KingToCastle) -> None:
        self._need_power(KING)
        r = self._region(a.region, "class.king")
        if self.rats[r]:
            raise IllegalActionError(f"the King's cube must come from a region without rats ({a.region} has "
                                     f"{len(self.rats[r])})", "class.king")
        if not self.cubes[r][self.active]:
            raise IllegalActionError(f"{colour(self.active)} has no cube in {a.region}", "class.king")

    def _do_king(self, a: KingToCastle) -> None:
        p = self.active
        r = self.comp.topo.index[a.region]
        self.cubes[r][p] -= 1
        self.castle[p] += 1
        self.used[KING] = True
        self.emit("king", "class.king", player=colour(p), region=a.region, castle=self.castle[p])

    # -- Monk (class.monk): one rat token to a neighbouring region with room ---------------------------------------
    def _monk_actions(self) -> list[Action]:
        if self.power_block(MONK) is not None:
            return []
        rats = self.rats
        room = [len(r) < MAX_TOKENS for r in rats]
        out: list[Action] = []
        for s, moves in enumerate(self.comp.actions.monk):
            k = len(rats[s])
            if k:
                for t, acts in moves:
                    if room[t]:
                        out += acts[:k]
        return out

    def _check_monk(self, a: MonkMove) -> None:
        self._need_power(MONK)
        s = self._region(a.source, "class.monk")
        t = self._region(a.target, "class.monk")
        if not (isinstance(a.slot, int) and 0 <= a.slot < len(self.rats[s])):
            raise IllegalActionError(f"{a.source} has no rat token "
                                     f"#{a.slot + 1 if isinstance(a.slot, int) else a.slot}", "class.monk")
        if t not in self.comp.topo.adjacent[s]:
            raise IllegalActionError(f"{a.target} is not a neighbour of {a.source}", "class.monk")
        if len(self.rats[t]) >= MAX_TOKENS:
            raise IllegalActionError(f"{a.target} already holds {MAX_TOKENS} rat tokens", "rats.max_per_region")

    def _do_monk(self, a: MonkMove) -> None:
        index = self.comp.topo.index
        token = self.rats[index[a.source]].pop(a.slot)
        self.rats[index[a.target]].append(token)
        self.used[MONK] = True
        self.emit("monk", "class.monk", player=colour(self.active), source=a.source, target=a.target)

    # -- Merchant (class.merchant): 1 to 3 of your cubes to a neighbouring region ---------------------------------
    def _merchant_actions(self) -> list[Action]:
        if self.power_block(MERCHANT) is not None:
            return []
        p = self.active
        out: list[Action] = []
        for moves, c in zip(self.comp.actions.merchant, self.cubes):
            c = c[p]
            if c:
                c = min(c, MERCHANT_MAX)
                for _, acts in moves:
                    out += acts[:c]
        return out

    def _check_merchant(self, a: MerchantMove) -> None:
        p = self.active
        self._need_power(MERCHANT)
        s = self._region(a.source, "class.merchant")
        t = self._region(a.target, "class.merchant")
        if t not in self.comp.topo.adjacent[s]:
            raise IllegalActionError(f"{a.target} is not a neighbour of {a.source}", "class.merchant")
        if not (isinstance(a.count, int) and 1 <= a.count <= min(MERCHANT_MAX, self.cubes[s][p])):
            raise IllegalActionError(f"the Merchant moves 1 to {MERCHANT_MAX} of your cubes "
                                     f"({colour(p)} has {self.cubes[s][p]} in {a.source})", "class.merchant")

    def _do_merchant(self, a: MerchantMove) -> None:
        p = self.active
        index = self.comp.topo.index
        self.cubes[index[a.source]][p] -= a.count
        self.cubes[index[a.target]][p] += a.count
        self.used[MERCHANT] = True
        self.emit("merchant", "class.merchant", player=colour(p), count=a.count, source=a.source, target=a.target)

    # -- Witch (class.witch): look at a token, maybe a second one, then maybe swap them ----------------------------
    def _witch_actions(self) -> list[Action]:
        if self.power_block(WITCH) is not None:
            return []
        out: list[Action] = []
        for acts, r in zip(self.comp.actions.witch_peek, self.rats):
            if r:
                out += acts[:len(r)]
        return out

    def _witch_second_actions(self) -> list[Action]:
        first = self.witch[0]
        peek = self.comp.actions.witch_peek
        out: list[Action] = [peek[r][i] for r, rats in enumerate(self.rats) for i, t in enumerate(rats) if t != first]
        out.append(WITCH_STOP)
        return out

    def _witch_swap_actions(self) -> list[Action]:
        return [WITCH_SWAP, WITCH_KEEP]

    def _check_peek(self, a: WitchPeek) -> None:
        r = self._region(a.region, "class.witch")
        if not (isinstance(a.slot, int) and 0 <= a.slot < len(self.rats[r])):
            raise IllegalActionError(f"{a.region} has no face-down rat token #{a.slot}", "class.witch")

    def _check_witch(self, a: WitchPeek) -> None:
        self._need_power(WITCH)
        self._check_peek(a)

    def _do_peek(self, a: WitchPeek) -> None:
        p = self.active
        token = self.rats[self.comp.topo.index[a.region]][a.slot]
        if token not in self.peeks[p]:
            self.peeks[p].append(token)
        if self.step == MAIN:
            self.used[WITCH] = True
            self.witch = [token, -1]
            self.step = WITCH2
            self.emit("witch_peek", "class.witch", player=colour(p), region=a.region, slot=a.slot + 1)
        else:
            self.witch[1] = token
            self.step = WITCH_SWAP_STEP
            self.emit("witch_peek_second", "class.witch", player=colour(p), region=a.region, slot=a.slot + 1)

    def _check_witch_second(self, a: Action) -> None:
        if isinstance(a, WitchStop):
            return
        if not isinstance(a, WitchPeek):
            raise IllegalActionError("the Witch looks at a second token or stops first", "class.witch")
        self._check_peek(a)
        r = self._region(a.region, "class.witch")
        if self.rats[r][a.slot] == self.witch[0]:
            raise IllegalActionError("the second token must be another one", "class.witch")

    def _do_witch_stop(self, a: WitchStop) -> None:
        self.witch = [-1, -1]
        self.step = MAIN
        self.emit("witch_stop", "class.witch", player=colour(self.active))

    def _check_witch_swap(self, a: Action) -> None:
        if not isinstance(a, WitchSwap):
            raise IllegalActionError("the Witch first decides whether to swap the two tokens", "class.witch")

    def _do_witch_swap(self, a: WitchSwap) -> None:
        first, second = self.witch
        (r1, i1), (r2, i2) = self.locate(first), self.locate(second)
        if a.swap:
            self.rats[r1][i1], self.rats[r2][i2] = second, first
            self.emit("witch_swap", "class.witch", player=colour(self.active), a=self.name(r1), b=self.name(r2))
        else:
            self.emit("witch_keep", "class.witch", player=colour(self.active))
        self.witch = [-1, -1]
        self.step = MAIN

    # -- Peasant (class.peasant): one extra cube when placing; in the final round, a lone cube --------------------
    def _peasant_place_actions(self) -> list[Action]:
        """Placing with the Peasant's extra cube (the turn's placing is still open)."""
        return self.comp.actions.place_peasant if self.power_block(PEASANT) is None else []

    def _peasant_cube_actions(self) -> list[Action]:
        """The final round: a lone cube in any region, while cubes remain."""
        if self.power_block(PEASANT) is None and self.reserve[self.active]:
            return self.comp.actions.peasant_cube
        return []

    def _check_peasant_place(self, a: Place) -> None:
        self._need_power(PEASANT)

    def _check_peasant_cube(self, a: PeasantCube) -> None:
        if not self.final_round:
            raise IllegalActionError("the Peasant adds a lone cube only in the final round; during a turn "
                                     "use its extra cube when placing", "class.peasant")
        self._need_power(PEASANT)
        self._region(a.region, "class.peasant")
        if not self.reserve[self.active]:
            raise IllegalActionError(f"{colour(self.active)} has no cube left", "class.peasant")

    def _do_peasant_cube(self, a: PeasantCube) -> None:
        p = self.active
        self.cubes[self.comp.topo.index[a.region]][p] += 1
        self.reserve[p] -= 1
        self.used[PEASANT] = True
        self.emit("peasant_cube", "end.final_round", player=colour(p), region=a.region)


POWER_LISTS = (PowerRules._king_actions, PowerRules._monk_actions, PowerRules._merchant_actions,
               PowerRules._witch_actions)  # a turn lists the powers in this order, after taking and placing
POWER_CHECKS = {KingToCastle: PowerRules._check_king, MonkMove: PowerRules._check_monk,
                MerchantMove: PowerRules._check_merchant, WitchPeek: PowerRules._check_witch,
                PeasantCube: PowerRules._check_peasant_cube}
POWER_EFFECTS = {KingToCastle: PowerRules._do_king, MonkMove: PowerRules._do_monk,
                 MerchantMove: PowerRules._do_merchant, WitchPeek: PowerRules._do_peek,
                 WitchStop: PowerRules._do_witch_stop, WitchSwap: PowerRules._do_witch_swap,
                 PeasantCube: PowerRules._do_peasant_cube}
