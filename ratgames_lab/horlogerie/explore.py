"""Step 3, Explore: the Exploration phase, perfect draws, the Danger phase, wounds and the powers (the busts and
the Discovery that follows them are in bust.py).

Each rule keeps its generation (the legal actions), its explanation (why an action is refused, naming the
rule) and its effect together; rules.py runs the steps in order.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import IllegalActionError as Illegal
from ..core.protocol import Action
from .actions import (DECKS, DRAW, STOP, DeckCard, Draw, GiveFind, Stop, UseAmulet, UseCompass, UseSpyglass,
                      Wound)
from .names import face_name, faces_text, find_name
from .phases import (DANGER, DANGER_DECK, DANGER_DRAW, DISCOVERY, EXPLORATION, EXPLORE, EXPLORE_DRAW, PEEK,
                     REWARD, WOUNDS)
from .translate import _, shown

if TYPE_CHECKING:
    from .state import HorlogerieData

POWER_RULE = {"compass": "power.compass", "amulet": "power.amulet", "spyglass": "power.spyglass"}


class ExploreRules:
    """Explore: Exploration, Danger, wounds, Discovery; Compass, Spyglass and Amulet."""

    __slots__ = ()

    def _start_exploration(self) -> None:
        self.step = EXPLORE
        self.emit("explore_start", "explore.exploration", player=self.seat(self.active),
                  value=self.exploration_value())

    def _end_exploration(self, result: str) -> None:
        self.explore_result = result
        self.bonus = 0  # Compasses last until the end of this Exploration phase
        if result == "perfect":
            self._start_reward(self.active, "danger")
        else:
            self._start_danger()

    def _start_danger(self) -> None:
        self.step = DANGER
        self.emit("danger_start", "explore.danger", drawer=self.seat(self.left(self.active)),
                  player=self.seat(self.active), value=self.explored_sum())

    def _end_danger(self, result: str) -> None:
        self.danger_result = result
        if result == "perfect":
            self._start_reward(self.left(self.active), "wounds")
        elif result == "bust":
            self._finish_danger()
        else:
            self._start_wounds()

    def _start_wounds(self) -> None:
        d = self.comp.danger
        bits = self.explored_terrains()
        hits = [d.names[f] for f in self.dan_table if d.terrains[f] & bits]
        self.wounds_left = self.pending_wounds()
        self.step = WOUNDS
        self.emit("wounds", "explore.wounds", player=self.seat(self.active), wounds=self.wounds_left,
                  cards=faces_text(hits) if hits else "none")

    def _finish_danger(self) -> None:
        self.dan_discard.extend(self.dan_table)
        self.dan_table.clear()
        self.step = DISCOVERY

    def _start_reward(self, taker: int, then: str) -> None:
        self.reward_taker = taker
        self.reward_next = then
        self.step = REWARD

    def _give_find(self, m: int) -> None:
        taker = self.reward_taker
        self.grid[self.grid.index(m)] = -1
        self.finds[taker].append(m)
        self.tapped[taker].append(0)
        self._vp_changed(taker)
        rule = "explore.perfect" if self.reward_next == "danger" else "danger.perfect"
        self.emit("perfect_find", rule, player=self.seat(taker), mission=find_name(self.comp.missions, m))
        self._after_reward()

    def _after_reward(self) -> None:
        then = self.reward_next
        self.reward_taker = -1
        self.reward_next = ""
        if then == "danger":
            self._start_danger()
        else:
            self._start_wounds()

    def _wound(self, slot: int) -> None:
        p = self.active
        h = self.team[p][slot]
        self.wounds[p][slot] += 1
        self.wounds_left -= 1
        name = self.comp.horlogers.names[h]
        tough = self.comp.horlogers.toughness[h]
        if self.wounds[p][slot] > tough:
            del self.team[p][slot]
            del self.wounds[p][slot]
            self.hor_discard.append(h)
            self.emit("horloger_dies", "explore.wounds", player=self.seat(p), profile=name, toughness=tough)
        else:
            self.emit("wound", "explore.wounds", player=self.seat(p), profile=name, wounds=self.wounds[p][slot],
                      toughness=tough)

    def _record_look(self, top: int) -> None:
        seen = self.exp_seen if self.peek_deck == EXPLORATION else self.dan_seen
        if self.peek_player not in seen:
            seen.append(self.peek_player)
            seen.sort()
        self.step = self.peek_return
        self.peek_deck, self.peek_player, self.peek_return = "", -1, ""

    def _draw_actions(self) -> list[Action]:
        t = self._t
        explore = self.step == EXPLORE
        p = self.drawer()
        table = self.exp_table if explore else self.dan_table
        out: list[Action] = [DRAW, STOP] if table else [DRAW]
        if explore:
            out += [t.compass[m] for m in self.untapped(p, "compass")]
        glasses = self.untapped(p, "spyglass")
        if glasses:
            for deck in (EXPLORATION, DANGER_DECK):
                if self.can_draw(deck):
                    out += [t.spyglass[deck][m] for m in glasses]
        return out

    def _reward_actions(self) -> list[Action]:
        t = self._t
        return [t.give_find[m] for m in sorted(self.cheapest_in_grid())]

    def _wound_actions(self) -> list[Action]:
        t = self._t
        p = self.active
        return t.wound[:len(self.team[p])] + [t.amulet[m] for m in self.untapped(p, "amulet")]

    def _do_deck_card(self, a: DeckCard) -> None:
        if self.step == PEEK:
            f = (self.comp.exploration if a.deck == EXPLORATION else self.comp.danger).index[a.card]
            if a.deck == EXPLORATION:
                self.exp_top = f
            else:
                self.dan_top = f
            self._record_look(f)
            return
        if a.deck == EXPLORATION:
            f = self.comp.exploration.index[a.card]
            self.exp_deck.remove(f)
            self.exp_top = -1
            self.exp_seen = []
            self.exp_table.append(f)
            total, value = self.explored_sum(), self.exploration_value()
            self.emit("explore_card", "explore.exploration", player=self.seat(self.active), card=face_name(a.card),
                      total=total, value=value)
            if total < value:
                self.step = EXPLORE
            elif total == value:
                self.emit("explore_perfect", "explore.perfect", player=self.seat(self.active), value=value)
                self._end_exploration("perfect")
            else:
                self._explore_bust(total, value)  # bust.py
            return
        f = self.comp.danger.index[a.card]
        self.dan_deck.remove(f)
        self.dan_top = -1
        self.dan_seen = []
        self.dan_table.append(f)
        total, value = self.danger_sum(), self.explored_sum()
        drawer = self.seat(self.left(self.active))
        self.emit("danger_card", "explore.danger", player=drawer, card=face_name(a.card), total=total, value=value)
        if total < value:
            self.step = DANGER
        elif total == value:
            self.emit("danger_perfect", "danger.perfect", player=drawer, value=value)
            self._end_danger("perfect")
        else:
            self._danger_bust(drawer, total, value)  # bust.py

    def _do_draw(self, a: Draw) -> None:
        self.step = EXPLORE_DRAW if self.step == EXPLORE else DANGER_DRAW

    def _do_stop(self, a: Stop) -> None:
        if self.step == EXPLORE:
            self.emit("explore_stop", "explore.exploration", player=self.seat(self.active),
                      total=self.explored_sum(), value=self.exploration_value())
            self._end_exploration("success")
        else:
            self.emit("danger_stop", "explore.danger", player=self.seat(self.left(self.active)),
                      total=self.danger_sum(), value=self.explored_sum())
            self._end_danger("success")

    def _tap(self, p: int, m: int) -> None:
        self.tapped[p][self.finds[p].index(m)] = 1

    def _do_compass(self, a: UseCompass) -> None:
        p = self.active
        self._tap(p, self.comp.missions.index[a.find])
        self.bonus += 1
        self.emit("compass", "power.compass", player=self.seat(p), find=self._find_name(a.find), value=self.exploration_value())

    def _do_spyglass(self, a: UseSpyglass) -> None:
        p = self.drawer()
        self._tap(p, self.comp.missions.index[a.find])
        self.emit("spyglass", "power.spyglass", player=self.seat(p), find=self._find_name(a.find), deck=a.deck.capitalize())
        self.peek_deck, self.peek_player, self.peek_return = a.deck, p, self.step
        self.step = PEEK

    def _do_amulet(self, a: UseAmulet) -> None:
        p = self.active
        self._tap(p, self.comp.missions.index[a.find])
        self.wounds_left -= 1
        self.emit("amulet", "power.amulet", player=self.seat(p), find=self._find_name(a.find), left=self.wounds_left)

    def _do_wound(self, a: Wound) -> None:
        self._wound(a.slot)

    def _do_give_find(self, a: GiveFind) -> None:
        self._give_find(self.comp.missions.index[a.mission])

# --------------------------------------------------------------------------------------------
# Why an action of these steps is refused (explain.py dispatches here; it never decides legality)
# --------------------------------------------------------------------------------------------
def _explain_draw_or_stop(s: "HorlogerieData", a: Action, cur: int) -> Illegal | None:
    if s.step in (EXPLORE, DANGER):
        phase = "Exploration" if s.step == EXPLORE else "Danger"
        return Illegal(_("each {phase} phase draws at least one card before stopping").format(
            phase=shown(phase)), "explore.first_draw")
    if s.step in (REWARD, WOUNDS, DISCOVERY) and s.danger_result == "perfect":
        return Illegal(_("a perfect danger draw must stop: no more Danger cards are drawn"), "danger.perfect")
    if s.step == REWARD and s.explore_result == "perfect":
        return Illegal(_("a perfect exploration must stop: no more Exploration cards are drawn"), "explore.perfect")
    if s.step in (WOUNDS, DISCOVERY) and s.danger_result:
        return Illegal(_("the Danger phase is over: no more cards are drawn this turn"), "explore.danger")
    return None


def _explain_find_checks(s: "HorlogerieData", cur: int, name: str, power: str) -> Illegal | None:
    """Ownership, power and tapping of a find used for its power."""
    ms = s.comp.missions
    m = ms.index.get(name)
    if m is None or m not in s.finds[cur]:
        return Illegal(_("{name} is not one of {seat}'s finds").format(
            name=shown(name), seat=shown(s.seat(cur))), "power.owner")
    if ms.power[m] != power:
        return Illegal(_("{find} is a {power}, not a {wanted}").format(
            find=shown(name), power=shown(ms.power[m].capitalize()), wanted=shown(power.capitalize())), POWER_RULE[power])
    if s.tapped[cur][s.finds[cur].index(m)]:
        return Illegal(_("{name} is tapped: a tapped find cannot be used until it is untapped by resting").format(
            name=shown(name)),
                       "power.tapped")
    return None


def _explain_compass(s: "HorlogerieData", a: UseCompass, cur: int) -> Illegal | None:
    if s.step != EXPLORE:
        if s.explore_result == "bust":
            return Illegal(_("the Exploration phase is over: a Compass cannot turn an already revealed bust into a "
                           "perfect draw"), "power.compass")
        return Illegal(_("a Compass is used only by the explorer before a draw of their Exploration phase"),
                       "power.compass")
    return _explain_find_checks(s, cur, a.find, "compass")


def _explain_spyglass(s: "HorlogerieData", a: UseSpyglass, cur: int) -> Illegal | None:
    if a.deck not in DECKS:
        return Illegal(_("a Spyglass looks at the Exploration or the Danger deck, not {deck!r}").format(
            deck=shown(a.deck)), "power.spyglass")
    if s.step not in (EXPLORE, DANGER):
        return Illegal(_("a Spyglass is used at its owner's draw-or-stop decision (the explorer's or the danger "
                       "drawer's)"), "power.spyglass")
    bad = _explain_find_checks(s, cur, a.find, "spyglass")
    if bad:
        return bad
    if not s.can_draw(a.deck):
        return Illegal(_("the {deck} deck and its discard are empty: there is no top card to look at").format(
            deck=shown(a.deck.capitalize())),
                       "power.spyglass")
    return None


def _explain_amulet(s: "HorlogerieData", a: UseAmulet, cur: int) -> Illegal | None:
    if s.step != WOUNDS:
        return Illegal(_("an Amulet is used by the wounded player when wounds are to be assigned"), "power.amulet")
    return _explain_find_checks(s, cur, a.find, "amulet")


def _explain_wound(s: "HorlogerieData", a: Wound, cur: int) -> Illegal | None:
    if s.step != WOUNDS:
        return Illegal(_("no wounds are to be assigned now"), "explore.wounds")
    return Illegal(_("{seat} has no Horloger in slot #{value}").format(
        seat=shown(s.seat(cur)), value=shown(a.slot + 1)), "explore.wounds")


def _explain_give_find(s: "HorlogerieData", a: GiveFind, cur: int) -> Illegal | None:
    if s.step != REWARD:
        return Illegal(_("no perfect draw is waiting for its find"), "explore.perfect")
    low = s.comp.missions.vp[s.cheapest_in_grid()[0]]
    return Illegal(_("a perfect draw takes a find of the lowest reward in the grid ({low} VP); {mission} is not one").format(
        low=shown(low), mission=shown(a.mission)),
                   "explore.perfect")


GENERATORS = {
    EXPLORE: ExploreRules._draw_actions,
    DANGER: ExploreRules._draw_actions,
    REWARD: ExploreRules._reward_actions,
    WOUNDS: ExploreRules._wound_actions,
}
EFFECTS = {
    DeckCard: ExploreRules._do_deck_card,
    Draw: ExploreRules._do_draw,
    Stop: ExploreRules._do_stop,
    UseCompass: ExploreRules._do_compass,
    UseSpyglass: ExploreRules._do_spyglass,
    UseAmulet: ExploreRules._do_amulet,
    Wound: ExploreRules._do_wound,
    GiveFind: ExploreRules._do_give_find,
}
EXPLAIN = {
    Draw: _explain_draw_or_stop,
    Stop: _explain_draw_or_stop,
    UseCompass: _explain_compass,
    UseSpyglass: _explain_spyglass,
    UseAmulet: _explain_amulet,
    Wound: _explain_wound,
    GiveFind: _explain_give_find,
}
