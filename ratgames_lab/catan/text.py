"""English texts for Catan events (templates filled from event params); each names the rule behind it."""
from ..core.protocol import register_event_texts

EVENT_TEXTS = {
    "setup_start": "Setup (snake order): {players} players place a settlement and a road each, then again in "
                   "reverse order; the robber starts on the desert (tile {robber}).",
    "build_settlement": "{player} builds a settlement on intersection {node} "
                        "(distance rule: no building next to it).",
    "setup_resources": "Setup: {player}'s second settlement gives one resource per adjacent producing tile: "
                       "{resources}.",
    "build_road": "{player} builds a road on edge {edge}.",
    "build_city": "{player} upgrades the settlement on intersection {node} to a city (3 ore + 2 grain; "
                  "the settlement piece returns to the supply).",
    "turn_start": "Turn {turn}: {player} to play.",
    "turn_cap": "The game stops after the turn cap of {turns} turns: a draw.",
    "roll": "{player} rolls {red} + {yellow} = {total}.",
    "robber_blocks": "The robber blocks tile {tile} ({resource}): it produces nothing.",
    "produce": "{player} receives {count} {resource} (1 per settlement, 2 per city next to the number rolled).",
    "shortage": "Bank shortage: {owed} {resource} are owed but the bank holds {left}, so nobody receives {resource}.",
    "shortage_single": "Bank shortage: {player} alone is owed {owed} {resource} and receives the {count} left "
                       "in the bank.",
    "must_discard": "A 7: {player} holds {cards} cards (more than 7) and must discard {count} of their choice.",
    "discard": "{player} discards 1 {resource} ({left} more to discard).",
    "move_robber": "{player} moves the robber to tile {tile} ({terrain}, number {number}).",
    "no_steal": "Nobody with a card has a building on the robber's tile: {player} steals nothing.",
    "steal": "{player} steals a random card from {victim}.",
    "bank_trade": "{player} trades {count} {give} for 1 {get} with the bank.",
    "offer": "{player} offers {give} for {get}.",
    "counter": "{player} counters: the active player would give {give} for {get}.",
    "accept": "{player} accepts the offer.",
    "reject": "{player} rejects the offer.",
    "no_trade": "Nobody accepts {player}'s offer.",
    "trade": "{player} trades {give} to {partner} for {get}.",
    "withdraw": "{player} withdraws the offer.",
    "buy_development": "{player} buys a development card ({left} left in the deck); it cannot be played this turn.",
    "play_knight": "{player} plays a Knight ({knights} played): the robber moves and {player} steals.",
    "play_road_building": "{player} plays Road Building: {roads} free road(s).",
    "play_year_of_plenty": "{player} plays Year of Plenty and takes {resources} from the bank.",
    "play_monopoly": "{player} plays Monopoly on {resource} and collects {count} from the other players.",
    "longest_road": "{player} takes the Longest Road card (2 VP) with {length} roads in a row.",
    "longest_road_none": "Nobody holds the Longest Road now (the longest roads, {length}, are tied or shorter than 5).",
    "largest_army": "{player} takes the Largest Army card (2 VP) with {knights} Knights played.",
    "win": "{player} has {vp} victory points on their own turn ({hidden} from hidden Victory Point cards) and wins.",
}

register_event_texts("catan", EVENT_TEXTS)
