"""English texts for Rattus Cartus events (templates filled from event params)."""
from ..core.protocol import register_event_texts

EVENT_TEXTS = {
    "setup_buildings": "Setup: the buildings in play are {buildings}; {deck} form the building deck and "
                       "{replacement} the face-down replacement deck.",
    "setup_cards": "Setup: {row} Population cards face down form the nun row, each player gets {hand} cards and "
                   "rats worth {rats}; {deck} cards form the population deck.",
    "first_player": "{player} takes the first-player card.",
    "round_start": "Round {round} of {rounds}: {player} is first player.",
    "reveal_building": "New buildings: building #{slot} is {building}.",
    "identical": "All the revealed buildings are {building}s: the last one goes under the replacement deck.",
    "replacement": "It is replaced by {building} from the top of the replacement deck (building #{slot}).",
    "last_round": "The building deck is empty: this is the last round (no building actions; each privilege "
                  "holder gains 1 influence instead).",
    "support": "Support: {player} uses the support action of building #{slot}, the {building}: {action}.",
    "draw": "{player} draws a Population card ({hand} in hand).",
    "draw_empty": "The population deck and its discard are empty: {player} draws {left} card(s) fewer.",
    "reshuffle": "The population deck is empty: its discard ({count} cards) is shuffled to form a new deck.",
    "look": "{player} looks secretly at nun-row card #{position}.",
    "discard_rats": "{player} discards {count} rat(s) ({rats} left).",
    "take": "{player} takes {count} {what}(s).",
    "brewery": "Brewery: {player} scored {points} influence here this round and draws {count} card(s).",
    "play_pass": "{player} plays a Pass: the turn moves on and will come back.",
    "enter": "{player} enters building #{slot}, the {building}, in place {place}, and announces {count} card(s).",
    "place": "{player} places a card face down in building #{slot} ({left} still to place).",
    "resolve": "Resolution of building #{slot}, the {building}: entrants {entrants}.",
    "reveal_cards": "{player} reveals {cards}: +{influence} {cls} influence, +{rats} rat(s) for cards of "
                    "another class.",
    "no_effect": "{what}s: a lone entrant, or every entrant played the same number: nothing happens.",
    "tie_fewest": "{what}s: {tied} tie for the fewest; {player}, who played the most, chooses which of them.",
    "choose": "{player} chooses {chosen} for the {what}.",
    "sword": "Sword: {giver} played the fewest Swords and gives half of their {hand} card(s) ({count}) to "
             "{receiver}, who played the most.",
    "flute": "Flute: {receiver} played the fewest Flutes and gains a rat from {giver} (who loses {lost}).",
    "give": "{giver} gives a card of their choice to {receiver} ({why}).",
    "privilege_2p": "Two players: {player} played the most Population and Joker cards this round ({played}) and "
                    "holds the round's single privilege.",
    "last_round_influence": "Last round: {player}, who would have had the privilege, gains 1 {cls} influence "
                            "({influence} now).",
    "protected": "{player} entered the Guard Tower: no basic action, but protection from Guard Towers this round.",
    "use": "{player} performs the {what} of the {building}.",
    "decline": "{player} declines the {what} of the {building}.",
    "guard_record": "Guard Tower: {player} takes the privilege; hand sizes recorded now: {sizes}.",
    "guard_protected": "Guard Tower: {player} entered a Guard Tower this round and is protected.",
    "guard_give": "Guard Tower: {giver} has at least as many cards as {receiver} and gives {count} card(s).",
    "hospital": "Hospital: {player} discards {card} and one rat ({rats} left).",
    "round_end": "End of round {round}: markers return, the buildings are discarded, the first-player card "
                 "passes to the left.",
    "nun_row": "The plague: the nun row is revealed ({cards}): {nuns} nun symbols.",
    "final_score": "{player}: {vp} victory point(s), {rats} rat(s), {alive}.",
    "winner": "Winner: {players}.",
    "all_dead": "Every player has more rats than the nun row has nuns: all die and all lose.",
}

register_event_texts("rattus_cartus", EVENT_TEXTS)
