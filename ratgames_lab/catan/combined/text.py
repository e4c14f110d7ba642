"""Texts for the combined variant's events (catan.md Part 2), one template per event kind, registered as the
"catan_combined" event texts (the variant state's ``event_texts``).

A template is a ``str.format`` string over the event's params, English and marked with ``N_``, read in the current
language. ``Template`` reads lists and dicts as the language does ('Player 1 and Player 2', '2 brick + 1 cloth');
``Pick`` chooses among templates by the params (a settlement or a road, a city or a settlement...). To add a kind: one entry in ``EVENT_TEXTS``, or ``add_event_texts`` from a rule
module; tests/catan_combined/test_text.py plays random games and fails on any kind emitted without a template.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from ...core.protocol import register_event_texts
from ..translate import N_, _, words


class Template(str):
    """A template read in the current language, whose params read as that language does (names translated, lists
    joined with 'and', dicts of counts as '2 brick + 1 cloth'); ``extra(params)`` may add derived params."""

    extra: Callable[[dict], dict] | None = None

    def __new__(cls, text: str, extra: Callable[[dict], dict] | None = None) -> "Template":
        obj = super().__new__(cls, text)
        obj.extra = extra
        return obj

    def format(self, *args: Any, **params: Any) -> str:
        if self.extra is not None:
            params = {**params, **self.extra(params)}
        return str.format(_(str(self)), *args, **{k: words(v) for k, v in params.items()})


class Pick(Template):
    """A template chosen by the params: ``key(params)`` names one of ``choices`` (shown as the first choice)."""

    choices: Mapping[Any, str] = {}
    key: Callable[[dict], Any] = staticmethod(lambda p: None)

    def __new__(cls, key: Callable[[dict], Any], choices: Mapping[Any, str],
                extra: Callable[[dict], dict] | None = None) -> "Pick":
        obj = super().__new__(cls, next(iter(choices.values())), extra)
        obj.key, obj.choices = key, choices
        return obj

    def format(self, *args: Any, **params: Any) -> str:
        return Template(self.choices[self.key(params)], self.extra).format(*args, **params)


def _income(params: dict) -> dict:
    """'2 ore + 1 grain + $5' from a list of card names and money."""
    counts: dict[str, int] = {}
    for c in params.get("cards") or []:
        counts[c] = counts.get(c, 0) + 1
    parts = [f"{n} {c}" for c, n in counts.items()] + ([f"${params['money']}"] if params.get("money") else [])
    return {"income": " + ".join(parts) or "nothing", "building": "city" if params.get("city") else "settlement"}


def _produced(params: dict) -> dict:
    """'2 ore + 1 coin + $5' from a dict of card counts and money."""
    parts = [f"{n} {c}" for c, n in (params.get("cards") or {}).items() if n]
    parts += [f"${params['money']}"] if params.get("money") else []
    return {"income": " + ".join(parts) or "nothing"}


def _taken(params: dict) -> dict:
    """', taking it from Player 2' (or nothing) in the current language."""
    taken = params.get("taken") or ""
    prefix = ", taking it from "
    return {"taken": _(", taking it from {player}").format(player=words(taken[len(prefix):]))
            if taken.startswith(prefix) else taken}


def _from_each(params: dict) -> dict:
    """'Player 2 gives 1, Player 3 gives 0' in the current language."""
    parts = [part.rsplit(" gives ", 1) for part in (params.get("from_each") or "").split(", ") if " gives " in part]
    return {"from_each": ", ".join(_("{player} gives {count}").format(player=words(who), count=n) for who, n in parts)
            or params.get("from_each", "")}


def _is(name: str, value: Any = True) -> Callable[[dict], bool]:
    return lambda p: p.get(name) == value


EVENT_TEXTS: dict[str, str] = {  # plain strings become Templates at registration
    # setup and turns
    "setup_start": N_("Setup (snake order): {players} players, {first} first; each places a settlement and a road or "
                   "ship, then in reverse order a city and two roads or ships. The robber starts on the desert "
                   "(tile {robber}), the pirate on spot {pirate}; each player has $5."),
    "setup_building": Template(N_("Setup: {player} places a {building} on intersection {node} and takes {income} "
                               "(1 per adjacent producing tile for a settlement, 2 for a city; gold pays money)."),
                               _income),
    "setup_piece": N_("Setup: {player} places a {piece} on edge {edge}."),
    "turn_start": N_("Turn {turn}: {player} to play."),
    "turn_end": N_("{player} ends the turn."),
    "turn_cap": N_("The game stops after the turn cap of {turns} turns: a draw."),
    "move_ship": N_("{player} moves the ship on edge {source} to edge {target}."),
    # the roll
    "roll": Pick(_is("event", "ship"), {
        True: N_("{player} rolls {red} (red) + {yellow} (yellow) = {total}; the event die shows the barbarian ship."),
        False: N_("{player} rolls {red} (red) + {yellow} (yellow) = {total}; the event die shows the {event} gate "
               "(progress cards of that colour for those whose improvement level allows the red die)."),
    }),
    "barbarians_advance": N_("The barbarian ship advances to step {position} of {track}."),
    "produce": Template(N_("{player} receives {income}."), _produced),
    "bank_short": N_("Bank shortage: {owed} {card} are owed and {paid} paid (one player alone owed takes what is left; "
                  "several take none)."),
    "aqueduct": N_("The Aqueduct: {player} received nothing on this roll and takes 1 {card} of their choice."),
    # the 7
    "must_discard": N_("A 7: {player} holds more than {limit} cards and must discard {count} of their choice."),
    "discard": N_("{player} discards 1 {card} ({left} more to discard)."),
    "truce": N_("A 7 before the first barbarian attack: the robber and the pirate stay where they are and nothing is "
             "stolen (option robber_peace)."),
    "robber": N_("{player} moves the robber to tile {tile}."),
    "pirate": N_("{player} moves the pirate to spot {spot}."),
    "steal": N_("{player} steals a random card from {victim}."),
    # building
    "build": Pick(lambda p: (p.get("piece"), bool(p.get("free"))), {
        ("settlement", False): N_("{player} builds a settlement on intersection {node}."),
        ("city", False): N_("{player} upgrades the settlement on intersection {node} to a city."),
        ("wall", False): N_("{player} builds a city wall under the city on intersection {node} (+2 to the hand limit)."),
        ("road", False): N_("{player} builds a road on edge {edge}."),
        ("road", True): N_("{player} places a free road on edge {edge}."),
        ("ship", False): N_("{player} builds a ship on edge {edge}."),
        ("ship", True): N_("{player} places a free ship on edge {edge}."),
        ("bridge", False): N_("{player} builds a bridge over the river on edge {edge} (2 brick + 1 lumber; $3 back)."),
    }),
    "river_money": N_("River money: {player} receives ${money} for a {piece} at a river tile."),
    "free_pieces_end": N_("{player} places no more free roads or ships."),
    # improvements and metropolises
    "improve": N_("{player} improves {track} to level {level} for {cost} commodity card(s)."),
    "metropolis": N_("{player} puts the {track} metropolis on the city on intersection {node} (+2 VP)."),
    "metropolis_taken": N_("{player} reaches level 5 and takes the {track} metropolis from {previous}; it now stands "
                        "on intersection {node}."),
    # the barbarians
    "barbarians_win": N_("The barbarians attack with strength {strength} (the cities on the board) against {defence} "
                      "(active knight levels) and win: {losers} must each reduce a city."),
    "defender": N_("The barbarians attack with strength {strength} against {defence} and lose: {player} defended most "
                "and takes a Defender of Catan card (1 VP)."),
    "catan_wins_tie": N_("The barbarians attack with strength {strength} against {defence} and lose; {tied} tie as "
                      "the best defenders, so nobody takes a Defender card."),
    "knights_deactivated": N_("After the attack every knight is deactivated and the barbarian ship goes back to the "
                           "start of its track."),
    "city_reduced": N_("{player} reduces the city on intersection {node} to a settlement (its wall goes too)."),
    "city_saved": N_("{player} pays ${money} to keep their city (option save_city_for_5)."),
    "city_removed": N_("{player} has no settlement piece left: the city on intersection {node} is removed."),
    # knights
    "knight_hire": N_("{player} hires a basic knight (level 1, inactive) on intersection {node}."),
    "knight_activate": N_("{player} activates the knight on intersection {node} (1 grain); it cannot act this turn."),
    "knight_promote": N_("{player} promotes the knight on intersection {node} to level {level}."),
    "knight_move": N_("{player} moves a knight from intersection {source} to {target}; it becomes inactive."),
    "knight_push": N_("{player}'s knight on intersection {source} displaces {victim}'s weaker knight on {target} and "
                   "becomes inactive."),
    "knight_displaced": N_("{player}'s level {level} knight, pushed off intersection {node}, must retreat to a free "
                        "intersection of their network."),
    "knight_removed": N_("{player}'s level {level} knight, pushed off intersection {node}, has nowhere to retreat "
                      "and goes back to the supply."),
    "knight_retreat": N_("{player}'s level {level} knight retreats to intersection {node}."),
    "knight_chase": N_("{player}'s active knight on intersection {node} chases the {piece} (no steal) and becomes "
                    "inactive."),
    "robber_chased": N_("{player} sends the chased robber to tile {tile}."),
    "pirate_chased": N_("{player} sends the chased pirate to spot {spot}."),
    "knights_activated": N_("{player} activates {count} knight(s) for free."),
    "deserter": N_("{player} plays the Deserter against {victim}, who removes one of their knights."),
    "knight_deserts": N_("{player} removes their level {level} knight from intersection {node}."),
    "knight_place": N_("{player} places a level {level} knight on intersection {node} (the Deserter)."),
    "card_effect_skipped": N_("{player} gives up the rest of the card's effect."),
    # progress cards
    "bishop_robber": N_("{player} moves the robber to tile {tile} with the Bishop."),
    "bishop_pirate": N_("{player} moves the pirate to spot {spot} with the Bishop."),
    "bishop_nobody": N_("Nobody next to it holds a card: {player} steals nothing with the Bishop."),
    "diplomat": Pick(lambda p: bool(p.get("money")), {
        False: N_("{player} removes {owner}'s {piece} on edge {edge} with the Diplomat."),
        True: N_("{player} removes {owner}'s {piece} on edge {edge} with the Diplomat (${money}: a road at a river)."),
    }),
    "diplomat_place": N_("{player} places the {piece} again on edge {edge}."),
    "diplomat_keep": N_("{player} keeps the {piece} in their supply."),
    "sabotaged": N_("The Saboteur: {player} must discard {count} card(s) of their choice."),
    "spy": N_("{player} plays the Spy and looks at {victim}'s progress cards."),
    "spy_take": N_("{player} takes a {deck} progress card from {victim}."),
    "wedding_gift": N_("{player} gives a card of their choice to {recipient} (the Wedding)."),
    # science and trade progress cards (progress_science, progress_trade)
    "alchemist": N_("{player} plays the Alchemist: the red die shows {red} and the yellow die {yellow} (total {total}); "
                 "the event die is rolled as usual."),
    "crane": N_("{player} plays the Crane: their next city improvement this turn costs 1 commodity less."),
    "engineer": N_("{player} plays the Engineer: a free city wall under the city on intersection {node} (2 more cards "
                "kept on a 7)."),
    "inventor": N_("{player} plays the Inventor: the {first_number} moves from tile {first} to tile {second} and the "
                "{second_number} from tile {second} to tile {first}."),
    "progress_harvest": N_("{player} plays {progress}: {tiles} tile(s) touch their settlements and cities, so they take "
                        "{count} {card} from the bank (2 per tile, what the bank has)."),
    "medicine": N_("{player} plays Medicine: their next city this turn costs 2 ore + 1 grain."),
    "road_building": N_("{player} plays Road Building: up to 2 free roads or ships, one after the other."),
    "commercial_harbor": N_("{player} plays the Commercial Harbor: this turn, one forced exchange with each opponent "
                         "(1 resource for 1 commodity of the opponent's choice)."),
    "harbour_exchange": N_("{player} hands 1 {resource} to {partner}, who must give back a commodity (Commercial "
                        "Harbor)."),
    "harbour_give": N_("{player} gives 1 {commodity} to {partner} (Commercial Harbor)."),
    "harbour_nothing": N_("{partner} holds no commodity: no exchange, and {player} keeps the {resource} (Commercial "
                       "Harbor)."),
    "master_merchant": N_("{player} plays the Master Merchant on {victim}, who has more VP: {player} looks at their "
                       "cards and takes {count}."),
    "master_merchant_take": N_("{player} takes a card from {victim} (Master Merchant; {left} more to take)."),
    "merchant": Template(N_("{player} puts the merchant on tile {tile}{taken}: 2:1 in {resource} and {vp} VP while they control "
                "it."), _taken),
    "merchant_fleet": N_("{player} plays a Merchant Fleet: {card} trades 2:1 with the bank until the end of the turn."),
    "monopoly": Template(N_("{player} plays the {progress} on {card} and collects {count} ({from_each})."),
                         _from_each),
    "progress_draw": N_("{player} draws a progress card from the {deck} deck."),
    "progress_vp": N_("{player} draws the {card} and shows it at once: 1 victory point."),
    "progress_play": N_("{player} plays the {card}."),
    "progress_discard": N_("{player} holds more than 4 progress cards and puts the {card} under its deck."),
    # special cards and the end
    "longest_road": N_("{player} takes the Longest Road card (2 VP) with {length} roads, ships and bridges in a row."),
    "longest_road_none": N_("Nobody holds the Longest Road now (the longest routes, {length}, are tied or too short)."),
    "largest_army": N_("{player} takes the Largest Army card (2 VP) with knights of total level {strength}."),
    "largest_army_none": N_("Nobody holds the Largest Army now (the strongest armies, {strength}, are tied or too "
                         "weak)."),
    "win": N_("{player} has {vp} victory points on their own turn and wins."),
    # trades
    "bank_trade": N_("{player} trades {count} {give} for 1 {get} with the bank."),
    "offer": N_("{player} offers {give} for {get}."),
    "counter": N_("{player} counters: the active player would give {give} for {get}."),
    "accept": N_("{player} accepts the offer."),
    "reject": N_("{player} rejects the offer."),
    "no_trade": N_("Nobody takes {player}'s offer."),
    "trade": N_("{player} gives {give} to {partner} for {get}."),
    "withdraw": N_("{player} withdraws the offer."),
    # money (the shop and the bank loan)
    "shop": N_("{player} buys 1 {card} at the shop for ${price}."),
    "loan": N_("{player} takes the bank loan: ${money} and a Poor Settler tile ({vp} VP) kept to the end."),
}




def add_event_texts(templates: Mapping[str, str]) -> None:
    """Register templates of more event kinds (plain strings become Templates)."""
    EVENT_TEXTS.update({k: v if isinstance(v, Template) else Template(v) for k, v in templates.items()})
    register_event_texts("catan_combined", EVENT_TEXTS)


add_event_texts(EVENT_TEXTS)
