"""English texts for the combined variant's events (catan.md Part 2), one template per event kind, registered as
the "catan_combined" event texts (the variant state's ``event_texts``).

A template is a ``str.format`` string over the event's params. ``Template`` reads lists and dicts as English
('Player 1 and Player 2', '2 brick + 1 cloth'); ``Pick`` chooses among templates by the params (a settlement or a
road, a city or a settlement...). To add a kind: one entry in ``EVENT_TEXTS``, or ``add_event_texts`` from a rule
module; tests/catan_combined/test_text.py plays random games and fails on any kind emitted without a template.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from ...core.protocol import register_event_texts


def words(value: Any) -> Any:
    """A param as English: a list joined with 'and' ('nobody' if empty), a dict of counts as '2 brick + 1 cloth'."""
    if isinstance(value, (list, tuple)):
        items = [str(words(v)) for v in value]
        if not items:
            return "nobody"
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    if isinstance(value, dict):
        return " + ".join(f"{n} {k}" for k, n in value.items() if n) or "nothing"
    return value


class Template(str):
    """A template whose list and dict params read as English; ``extra(params)`` may add derived params."""

    extra: Callable[[dict], dict] | None = None

    def __new__(cls, text: str, extra: Callable[[dict], dict] | None = None) -> "Template":
        obj = super().__new__(cls, text)
        obj.extra = extra
        return obj

    def format(self, *args: Any, **params: Any) -> str:
        if self.extra is not None:
            params = {**params, **self.extra(params)}
        return str.format(self, *args, **{k: words(v) for k, v in params.items()})


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


def _is(name: str, value: Any = True) -> Callable[[dict], bool]:
    return lambda p: p.get(name) == value


EVENT_TEXTS: dict[str, str] = {  # plain strings become Templates at registration
    # setup and turns
    "setup_start": "Setup (snake order): {players} players, {first} first; each places a settlement and a road or "
                   "ship, then in reverse order a city and two roads or ships. The robber starts on the desert "
                   "(tile {robber}), the pirate on spot {pirate}; each player has $5.",
    "setup_building": Template("Setup: {player} places a {building} on intersection {node} and takes {income} "
                               "(1 per adjacent producing tile for a settlement, 2 for a city; gold pays money).",
                               _income),
    "setup_piece": "Setup: {player} places a {piece} on edge {edge}.",
    "turn_start": "Turn {turn}: {player} to play.",
    "turn_end": "{player} ends the turn.",
    "turn_cap": "The game stops after the turn cap of {turns} turns: a draw.",
    "move_ship": "{player} moves the ship on edge {source} to edge {target}.",
    # the roll
    "roll": Pick(_is("event", "ship"), {
        True: "{player} rolls {red} (red) + {yellow} (yellow) = {total}; the event die shows the barbarian ship.",
        False: "{player} rolls {red} (red) + {yellow} (yellow) = {total}; the event die shows the {event} gate "
               "(progress cards of that colour for those whose improvement level allows the red die).",
    }),
    "barbarians_advance": "The barbarian ship advances to step {position} of {track}.",
    "produce": Template("{player} receives {income}.", _produced),
    "bank_short": "Bank shortage: {owed} {card} are owed and {paid} paid (one player alone owed takes what is left; "
                  "several take none).",
    "aqueduct": "The Aqueduct: {player} received nothing on this roll and takes 1 {card} of their choice.",
    # the 7
    "must_discard": "A 7: {player} holds more than {limit} cards and must discard {count} of their choice.",
    "discard": "{player} discards 1 {card} ({left} more to discard).",
    "truce": "A 7 before the first barbarian attack: the robber and the pirate stay where they are and nothing is "
             "stolen (option robber_peace).",
    "robber": "{player} moves the robber to tile {tile}.",
    "pirate": "{player} moves the pirate to spot {spot}.",
    "steal": "{player} steals a random card from {victim}.",
    # building
    "build": Pick(lambda p: (p.get("piece"), bool(p.get("free"))), {
        ("settlement", False): "{player} builds a settlement on intersection {node}.",
        ("city", False): "{player} upgrades the settlement on intersection {node} to a city.",
        ("wall", False): "{player} builds a city wall under the city on intersection {node} (+2 to the hand limit).",
        ("road", False): "{player} builds a road on edge {edge}.",
        ("road", True): "{player} places a free road on edge {edge}.",
        ("ship", False): "{player} builds a ship on edge {edge}.",
        ("ship", True): "{player} places a free ship on edge {edge}.",
        ("bridge", False): "{player} builds a bridge over the river on edge {edge} (2 brick + 1 lumber; $3 back).",
    }),
    "river_money": "River money: {player} receives ${money} for a {piece} at a river tile.",
    "free_pieces_end": "{player} places no more free roads or ships.",
    # improvements and metropolises
    "improve": "{player} improves {track} to level {level} for {cost} commodity card(s).",
    "metropolis": "{player} puts the {track} metropolis on the city on intersection {node} (+2 VP).",
    "metropolis_taken": "{player} reaches level 5 and takes the {track} metropolis from {previous}; it now stands "
                        "on intersection {node}.",
    # the barbarians
    "barbarians_win": "The barbarians attack with strength {strength} (the cities on the board) against {defence} "
                      "(active knight levels) and win: {losers} must each reduce a city.",
    "defender": "The barbarians attack with strength {strength} against {defence} and lose: {player} defended most "
                "and takes a Defender of Catan card (1 VP).",
    "catan_wins_tie": "The barbarians attack with strength {strength} against {defence} and lose; {tied} tie as "
                      "the best defenders, so nobody takes a Defender card.",
    "knights_deactivated": "After the attack every knight is deactivated and the barbarian ship goes back to the "
                           "start of its track.",
    "city_reduced": "{player} reduces the city on intersection {node} to a settlement (its wall goes too).",
    "city_saved": "{player} pays ${money} to keep their city (option save_city_for_5).",
    "city_removed": "{player} has no settlement piece left: the city on intersection {node} is removed.",
    # knights
    "knight_hire": "{player} hires a basic knight (level 1, inactive) on intersection {node}.",
    "knight_activate": "{player} activates the knight on intersection {node} (1 grain); it cannot act this turn.",
    "knight_promote": "{player} promotes the knight on intersection {node} to level {level}.",
    "knight_move": "{player} moves a knight from intersection {source} to {target}; it becomes inactive.",
    "knight_push": "{player}'s knight on intersection {source} displaces {victim}'s weaker knight on {target} and "
                   "becomes inactive.",
    "knight_displaced": "{player}'s level {level} knight, pushed off intersection {node}, must retreat to a free "
                        "intersection of their network.",
    "knight_removed": "{player}'s level {level} knight, pushed off intersection {node}, has nowhere to retreat "
                      "and goes back to the supply.",
    "knight_retreat": "{player}'s level {level} knight retreats to intersection {node}.",
    "knight_chase": "{player}'s active knight on intersection {node} chases the {piece} (no steal) and becomes "
                    "inactive.",
    "robber_chased": "{player} sends the chased robber to tile {tile}.",
    "pirate_chased": "{player} sends the chased pirate to spot {spot}.",
    "knights_activated": "{player} activates {count} knight(s) for free.",
    "deserter": "{player} plays the Deserter against {victim}, who removes one of their knights.",
    "knight_deserts": "{player} removes their level {level} knight from intersection {node}.",
    "knight_place": "{player} places a level {level} knight on intersection {node} (the Deserter).",
    "card_effect_skipped": "{player} gives up the rest of the card's effect.",
    # progress cards
    "bishop_robber": "{player} moves the robber to tile {tile} with the Bishop.",
    "bishop_pirate": "{player} moves the pirate to spot {spot} with the Bishop.",
    "bishop_nobody": "Nobody next to it holds a card: {player} steals nothing with the Bishop.",
    "diplomat": Pick(lambda p: bool(p.get("money")), {
        False: "{player} removes {owner}'s {piece} on edge {edge} with the Diplomat.",
        True: "{player} removes {owner}'s {piece} on edge {edge} with the Diplomat (${money}: a road at a river).",
    }),
    "diplomat_place": "{player} places the {piece} again on edge {edge}.",
    "diplomat_keep": "{player} keeps the {piece} in their supply.",
    "sabotaged": "The Saboteur: {player} must discard {count} card(s) of their choice.",
    "spy": "{player} plays the Spy and looks at {victim}'s progress cards.",
    "spy_take": "{player} takes a {deck} progress card from {victim}.",
    "wedding_gift": "{player} gives a card of their choice to {recipient} (the Wedding).",
    # science and trade progress cards (progress_science, progress_trade)
    "alchemist": "{player} plays the Alchemist: the red die shows {red} and the yellow die {yellow} (total {total}); "
                 "the event die is rolled as usual.",
    "crane": "{player} plays the Crane: their next city improvement this turn costs 1 commodity less.",
    "engineer": "{player} plays the Engineer: a free city wall under the city on intersection {node} (2 more cards "
                "kept on a 7).",
    "inventor": "{player} plays the Inventor: the {first_number} moves from tile {first} to tile {second} and the "
                "{second_number} from tile {second} to tile {first}.",
    "progress_harvest": "{player} plays {progress}: {tiles} tile(s) touch their settlements and cities, so they take "
                        "{count} {card} from the bank (2 per tile, what the bank has).",
    "medicine": "{player} plays Medicine: their next city this turn costs 2 ore + 1 grain.",
    "road_building": "{player} plays Road Building: up to 2 free roads or ships, one after the other.",
    "commercial_harbor": "{player} plays the Commercial Harbor: this turn, one forced exchange with each opponent "
                         "(1 resource for 1 commodity of the opponent's choice).",
    "harbour_exchange": "{player} hands 1 {resource} to {partner}, who must give back a commodity (Commercial "
                        "Harbor).",
    "harbour_give": "{player} gives 1 {commodity} to {partner} (Commercial Harbor).",
    "harbour_nothing": "{partner} holds no commodity: no exchange, and {player} keeps the {resource} (Commercial "
                       "Harbor).",
    "master_merchant": "{player} plays the Master Merchant on {victim}, who has more VP: {player} looks at their "
                       "cards and takes {count}.",
    "master_merchant_take": "{player} takes a card from {victim} (Master Merchant; {left} more to take).",
    "merchant": "{player} puts the merchant on tile {tile}{taken}: 2:1 in {resource} and {vp} VP while they control "
                "it.",
    "merchant_fleet": "{player} plays a Merchant Fleet: {card} trades 2:1 with the bank until the end of the turn.",
    "monopoly": "{player} plays the {progress} on {card} and collects {count} ({from_each}).",
    "progress_draw": "{player} draws a progress card from the {deck} deck.",
    "progress_vp": "{player} draws the {card} and shows it at once: 1 victory point.",
    "progress_play": "{player} plays the {card}.",
    "progress_discard": "{player} holds more than 4 progress cards and puts the {card} under its deck.",
    # special cards and the end
    "longest_road": "{player} takes the Longest Road card (2 VP) with {length} roads, ships and bridges in a row.",
    "longest_road_none": "Nobody holds the Longest Road now (the longest routes, {length}, are tied or too short).",
    "largest_army": "{player} takes the Largest Army card (2 VP) with knights of total level {strength}.",
    "largest_army_none": "Nobody holds the Largest Army now (the strongest armies, {strength}, are tied or too "
                         "weak).",
    "win": "{player} has {vp} victory points on their own turn and wins.",
    # trades
    "bank_trade": "{player} trades {count} {give} for 1 {get} with the bank.",
    "offer": "{player} offers {give} for {get}.",
    "counter": "{player} counters: the active player would give {give} for {get}.",
    "accept": "{player} accepts the offer.",
    "reject": "{player} rejects the offer.",
    "no_trade": "Nobody takes {player}'s offer.",
    "trade": "{player} gives {give} to {partner} for {get}.",
    "withdraw": "{player} withdraws the offer.",
    # money (the shop and the bank loan)
    "shop": "{player} buys 1 {card} at the shop for ${price}.",
    "loan": "{player} takes the bank loan: ${money} and a Poor Settler tile ({vp} VP) kept to the end.",
}




def add_event_texts(templates: Mapping[str, str]) -> None:
    """Register templates of more event kinds (plain strings become Templates)."""
    EVENT_TEXTS.update({k: v if isinstance(v, Template) else Template(v) for k, v in templates.items()})
    register_event_texts("catan_combined", EVENT_TEXTS)


add_event_texts(EVENT_TEXTS)
