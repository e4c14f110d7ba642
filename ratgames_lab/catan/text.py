"""Texts for Catan events (English templates filled from event params, read in the current language); each names
the rule behind it."""
from ..core.protocol import register_event_texts
from .translate import N_, Say, ngettext, say

EVENT_TEXTS = say({
    "setup_start": N_("Setup (snake order): {players} players place a settlement and a road each, then again in "
                   "reverse order; the robber starts on the desert (tile {robber})."),
    "build_settlement": N_("{player} builds a settlement on intersection {node} "
                        "(distance rule: no building next to it)."),
    "setup_resources": N_("Setup: {player}'s second settlement gives one resource per adjacent producing tile: "
                       "{resources}."),
    "build_road": N_("{player} builds a road on edge {edge}."),
    "build_city": N_("{player} upgrades the settlement on intersection {node} to a city (3 ore + 2 grain; "
                  "the settlement piece returns to the supply)."),
    "turn_start": N_("Turn {turn}: {player} to play."),
    "turn_cap": N_("The game stops after the turn cap of {turns} turns: a draw."),
    "roll": N_("{player} rolls {red} + {yellow} = {total}."),
    "robber_blocks": N_("The robber blocks tile {tile} ({resource}): it produces nothing."),
    "produce": N_("{player} receives {count} {resource} (1 per settlement, 2 per city next to the number rolled)."),
    "shortage": N_("Bank shortage: {owed} {resource} are owed but the bank holds {left}, so nobody receives "
                   "{resource}."),
    "shortage_single": N_("Bank shortage: {player} alone is owed {owed} {resource} and receives the {count} left "
                       "in the bank."),
    "must_discard": N_("A 7: {player} holds {cards} cards (more than 7) and must discard {count} of their choice."),
    "discard": N_("{player} discards 1 {resource} ({left} more to discard)."),
    "move_robber": N_("{player} moves the robber to tile {tile} ({terrain}, number {number})."),
    "no_steal": N_("Nobody with a card has a building on the robber's tile: {player} steals nothing."),
    "steal": N_("{player} steals a random card from {victim}."),
    "bank_trade": N_("{player} trades {count} {give} for 1 {get} with the bank."),
    "offer": N_("{player} offers {give} for {get}."),
    "counter": N_("{player} counters: the active player would give {give} for {get}."),
    "accept": N_("{player} accepts the offer."),
    "reject": N_("{player} rejects the offer."),
    "no_trade": N_("Nobody accepts {player}'s offer."),
    "trade": N_("{player} trades {give} to {partner} for {get}."),
    "withdraw": N_("{player} withdraws the offer."),
    "buy_development": N_("{player} buys a development card ({left} left in the deck); it cannot be played this "
                          "turn."),
    "play_knight": N_("{player} plays a Knight ({knights} played): the robber moves and {player} steals."),
    "play_road_building": Say("{player} plays Road Building: {roads} free road(s).", lambda n: ngettext(
        "{player} plays Road Building: {roads} free road.", "{player} plays Road Building: {roads} free roads.", n),
        "roads"),
    "play_year_of_plenty": N_("{player} plays Year of Plenty and takes {resources} from the bank."),
    "play_monopoly": N_("{player} plays Monopoly on {resource} and collects {count} from the other players."),
    "longest_road": N_("{player} takes the Longest Road card (2 VP) with {length} roads in a row."),
    "longest_road_none": N_("Nobody holds the Longest Road now (the longest roads, {length}, are tied or shorter "
                            "than 5)."),
    "largest_army": N_("{player} takes the Largest Army card (2 VP) with {knights} Knights played."),
    "win": N_("{player} has {vp} victory points on their own turn ({hidden} from hidden Victory Point cards) and "
              "wins."),
})

register_event_texts("catan", EVENT_TEXTS)
