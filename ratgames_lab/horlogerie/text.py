"""Texts for L'Horlogerie des Rats events (English templates filled from event params, read in the current language;
the rule is in the event)."""
from ..core.protocol import register_event_texts
from ..core.translated import templates
from .translate import N_, _, shown

EVENT_TEXTS = {
    "setup": N_("Setup: the four decks are shuffled, 9 missions are dealt face up ({grid}), each player draws 3 "
             "Horlogers; {first} plays first."),
    "setup_team": N_("Setup: {player} recruits {team}."),
    "turn_start": N_("Turn {turn} (round {round}): {player} to play."),
    "refill": N_("Prepare: mission {mission} is dealt into the grid ({left} left in the MISSION deck)."),
    "grid_short": N_("Prepare: the MISSION deck is empty; the grid keeps {count} missions."),
    "discard_load": N_("Prepare (encumbrance): {player} discards {card}; load {load}, carry {carry}."),
    "discard_find": N_("Prepare (encumbrance): {player} discards the find {mission}, which leaves the game; "
                    "load {load}, carry {carry}."),
    "discard_everything": N_("Prepare (encumbrance): {player} has no Horloger, so carry 0: every card ({cards}) and "
                          "find ({finds}) is discarded."),
    "recruit": N_("Recruit: {player} recruits a {profile}."),
    "no_recruit": N_("Recruit: the Horloger deck and its discard are empty; {player} cannot recruit."),
    "corruption": N_("Corruption: {player} discards the find {mission} to choose the recruits from the Horloger deck."),
    "reshuffle": N_("The {deck} deck is empty: its discard is shuffled into a new deck of {count} cards."),
    "explore_start": N_("Exploration: {player}'s exploration value is {value}."),
    "explore_card": N_("{player} draws {card}: total {total} against the exploration value {value}."),
    "explore_stop": N_("{player} stops at {total} (value {value}): a successful exploration."),
    "explore_perfect": N_("Perfect exploration: {player}'s total equals the value {value}; the draw must stop, and it "
                       "is a success."),
    "explore_bust": N_("{player}'s total {total} is above the value {value}: the exploration fails."),
    "perfect_find": N_("{player} takes the cheapest find of the grid for free: {mission}."),
    "perfect_nothing": N_("The grid is empty: the perfect draw brings {player} no find."),
    "deck_exhausted": N_("The {deck} deck and its discard are empty: {player} must stop, which counts as a success."),
    "danger_start": N_("Danger: {drawer} draws Danger cards against {player}'s danger value {value}."),
    "danger_card": N_("{player} draws {card}: total {total} against the danger value {value}."),
    "danger_stop": N_("{player} stops at {total} (danger value {value}): the danger phase succeeds."),
    "danger_perfect": N_("Perfect danger: {player}'s total equals the danger value {value}; the draw must stop, and it "
                      "is a success."),
    "danger_bust": N_("{player}'s total {total} is above the danger value {value}: the danger phase fails, no wounds."),
    "wounds": N_("The danger phase succeeded: the Danger cards sharing a terrain with the explored cards ({cards}) "
              "inflict {wounds} wound(s) on {player}'s team."),
    "amulet": N_("Amulet: {player} taps {find} and cancels one wound ({left} left to assign)."),
    "wound": N_("{player}'s {profile} takes a wound ({wounds} of toughness {toughness})."),
    "horloger_dies": N_("{player}'s {profile} has more wounds than its toughness {toughness}: it goes to the "
                     "Horloger discard."),
    "wounds_lost": N_("{player} has no Horloger left: {wounds} wound(s) are lost."),
    "discovery_all": N_("Discovery: the exploration succeeded, {player} takes every card drawn into hand: {cards}."),
    "discovery_one": N_("Discovery: the exploration failed; {chooser} chooses the one card {player} keeps: {card} "
                     "(discarded: {discarded})."),
    "buy": N_("Discover: {player} pays {cards} for mission {mission} and now has {vp} VP."),
    "no_change": N_("No change is given: {lost} point(s) of the payment are lost."),
    "compass": N_("Compass: {player} taps {find}; the exploration value is now {value}."),
    "spyglass": N_("Spyglass: {player} taps {find} and privately looks at the top card of the {deck} deck."),
    "rest_discard": N_("Rest: {player} discards {card} ({points} point(s) to spend)."),
    "heal": N_("Rest: {player} heals a wound of their {profile} ({wounds} left)."),
    "untap": N_("Rest: {player} untaps the find {find}."),
    "rest_lost": N_("Rest: {player} loses {points} unspent point(s)."),
    "end_score": N_("Take stock: {player} has {vp} VP (12 or more): the end is triggered; the round is finished."),
    "end_missions": N_("Take stock: the MISSION deck is empty: the end is triggered; the round is finished."),
    "final_scores": N_("Final scores (VP): {scores}."),
    "winner": N_("{player} wins with {vp} VP."),
    "winner_find": N_("{player} wins the tie at {vp} VP with the highest-reward find ({find} VP)."),
    "winner_last": N_("{player} wins the tie at {vp} VP as the last player to reach that score."),
    "shared_win": N_("{players} share the win at {vp} VP: no tie-break separates them."),
}

register_event_texts("horlogerie", templates(EVENT_TEXTS, _, shown))
