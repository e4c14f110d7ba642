"""English texts for L'Horlogerie des Rats events (templates filled from event params; the rule is in the event)."""
from ..core.protocol import register_event_texts

EVENT_TEXTS = {
    "setup": "Setup: the four decks are shuffled, 9 missions are dealt face up ({grid}), each player draws 3 "
             "Horlogers; {first} plays first.",
    "setup_team": "Setup: {player} recruits {team}.",
    "turn_start": "Turn {turn} (round {round}): {player} to play.",
    "refill": "Prepare: mission {mission} is dealt into the grid ({left} left in the MISSION deck).",
    "grid_short": "Prepare: the MISSION deck is empty; the grid keeps {count} missions.",
    "discard_load": "Prepare (encumbrance): {player} discards {card}; load {load}, carry {carry}.",
    "discard_find": "Prepare (encumbrance): {player} discards the find {mission}, which leaves the game; "
                    "load {load}, carry {carry}.",
    "discard_everything": "Prepare (encumbrance): {player} has no Horloger, so carry 0: every card ({cards}) and "
                          "find ({finds}) is discarded.",
    "recruit": "Recruit: {player} recruits a {profile}.",
    "no_recruit": "Recruit: the Horloger deck and its discard are empty; {player} cannot recruit.",
    "corruption": "Corruption: {player} discards the find {mission} to choose the recruits from the Horloger deck.",
    "reshuffle": "The {deck} deck is empty: its discard is shuffled into a new deck of {count} cards.",
    "explore_start": "Exploration: {player}'s exploration value is {value}.",
    "explore_card": "{player} draws {card}: total {total} against the exploration value {value}.",
    "explore_stop": "{player} stops at {total} (value {value}): a successful exploration.",
    "explore_perfect": "Perfect exploration: {player}'s total equals the value {value}; the draw must stop, and it "
                       "is a success.",
    "explore_bust": "{player}'s total {total} is above the value {value}: the exploration fails.",
    "perfect_find": "{player} takes the cheapest find of the grid for free: {mission}.",
    "perfect_nothing": "The grid is empty: the perfect draw brings {player} no find.",
    "deck_exhausted": "The {deck} deck and its discard are empty: {player} must stop, which counts as a success.",
    "danger_start": "Danger: {drawer} draws Danger cards against {player}'s danger value {value}.",
    "danger_card": "{player} draws {card}: total {total} against the danger value {value}.",
    "danger_stop": "{player} stops at {total} (danger value {value}): the danger phase succeeds.",
    "danger_perfect": "Perfect danger: {player}'s total equals the danger value {value}; the draw must stop, and it "
                      "is a success.",
    "danger_bust": "{player}'s total {total} is above the danger value {value}: the danger phase fails, no wounds.",
    "wounds": "The danger phase succeeded: the Danger cards sharing a terrain with the explored cards ({cards}) "
              "inflict {wounds} wound(s) on {player}'s team.",
    "amulet": "Amulet: {player} taps {find} and cancels one wound ({left} left to assign).",
    "wound": "{player}'s {profile} takes a wound ({wounds} of toughness {toughness}).",
    "horloger_dies": "{player}'s {profile} has more wounds than its toughness {toughness}: it goes to the "
                     "Horloger discard.",
    "wounds_lost": "{player} has no Horloger left: {wounds} wound(s) are lost.",
    "discovery_all": "Discovery: the exploration succeeded, {player} takes every card drawn into hand: {cards}.",
    "discovery_one": "Discovery: the exploration failed; {chooser} chooses the one card {player} keeps: {card} "
                     "(discarded: {discarded}).",
    "buy": "Discover: {player} pays {cards} for mission {mission} and now has {vp} VP.",
    "no_change": "No change is given: {lost} point(s) of the payment are lost.",
    "compass": "Compass: {player} taps {find}; the exploration value is now {value}.",
    "spyglass": "Spyglass: {player} taps {find} and privately looks at the top card of the {deck} deck.",
    "rest_discard": "Rest: {player} discards {card} ({points} point(s) to spend).",
    "heal": "Rest: {player} heals a wound of their {profile} ({wounds} left).",
    "untap": "Rest: {player} untaps the find {find}.",
    "rest_lost": "Rest: {player} loses {points} unspent point(s).",
    "end_score": "Take stock: {player} has {vp} VP (12 or more): the end is triggered; the round is finished.",
    "end_missions": "Take stock: the MISSION deck is empty: the end is triggered; the round is finished.",
    "final_scores": "Final scores (VP): {scores}.",
    "winner": "{player} wins with {vp} VP.",
    "winner_find": "{player} wins the tie at {vp} VP with the highest-reward find ({find} VP).",
    "winner_last": "{player} wins the tie at {vp} VP as the last player to reach that score.",
    "shared_win": "{players} share the win at {vp} VP: no tie-break separates them.",
}

register_event_texts("horlogerie", EVENT_TEXTS)
