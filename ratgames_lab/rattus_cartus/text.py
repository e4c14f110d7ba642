"""Texts for Rattus Cartus events (English templates filled from event params, read in the current language)."""
from ..core.protocol import register_event_texts
from ..core.translated import templates
from .translate import N_, _, shown

EVENT_TEXTS = {
    "setup_buildings": N_("Setup: the buildings in play are {buildings}; {deck} form the building deck and "
                       "{replacement} the face-down replacement deck."),
    "setup_cards": N_("Setup: {row} Population cards face down form the nun row, each player gets {hand} cards and "
                   "rats worth {rats}; {deck} cards form the population deck."),
    "first_player": N_("{player} takes the first-player card."),
    "round_start": N_("Round {round} of {rounds}: {player} is first player."),
    "reveal_building": N_("New buildings: building #{slot} is {building}."),
    "identical": N_("All the revealed buildings are {building}s: the last one goes under the replacement deck."),
    "replacement": N_("It is replaced by {building} from the top of the replacement deck (building #{slot})."),
    "last_round": N_("The building deck is empty: this is the last round (no building actions; each privilege "
                  "holder gains 1 influence instead)."),
    "support": N_("Support: {player} uses the support action of building #{slot}, the {building}: {action}."),
    "draw": N_("{player} draws a Population card ({hand} in hand)."),
    "draw_empty": N_("The population deck and its discard are empty: {player} draws {left} card(s) fewer."),
    "reshuffle": N_("The population deck is empty: its discard ({count} cards) is shuffled to form a new deck."),
    "look": N_("{player} looks secretly at nun-row card #{position}."),
    "discard_rats": N_("{player} discards {count} rat(s) ({rats} left)."),
    "take": N_("{player} takes {count} {what}(s)."),
    "brewery": N_("Brewery: {player} scored {points} influence here this round and draws {count} card(s)."),
    "play_pass": N_("{player} plays a Pass: the turn moves on and will come back."),
    "enter": N_("{player} enters building #{slot}, the {building}, in place {place}, and announces {count} card(s)."),
    "place": N_("{player} places a card face down in building #{slot} ({left} still to place)."),
    "resolve": N_("Resolution of building #{slot}, the {building}: entrants {entrants}."),
    "reveal_cards": N_("{player} reveals {cards}: +{influence} {cls} influence, +{rats} rat(s) for cards of "
                    "another class."),
    "no_effect": N_("{what}s: a lone entrant, or every entrant played the same number: nothing happens."),
    "tie_fewest": N_("{what}s: {tied} tie for the fewest; {player}, who played the most, chooses which of them."),
    "choose": N_("{player} chooses {chosen} for the {what}."),
    "sword": N_("Sword: {giver} played the fewest Swords and gives half of their {hand} card(s) ({count}) to "
             "{receiver}, who played the most."),
    "flute": N_("Flute: {receiver} played the fewest Flutes and gains a rat from {giver} (who loses {lost})."),
    "give": N_("{giver} gives a card of their choice to {receiver} ({why})."),
    "privilege_2p": N_("Two players: {player} played the most Population and Joker cards this round ({played}) and "
                    "holds the round's single privilege."),
    "last_round_influence": N_("Last round: {player}, who would have had the privilege, gains 1 {cls} influence "
                            "({influence} now)."),
    "protected": N_("{player} entered the Guard Tower: no basic action, but protection from Guard Towers this round."),
    "use": N_("{player} performs the {what} of the {building}."),
    "decline": N_("{player} declines the {what} of the {building}."),
    "guard_record": N_("Guard Tower: {player} takes the privilege; hand sizes recorded now: {sizes}."),
    "guard_protected": N_("Guard Tower: {player} entered a Guard Tower this round and is protected."),
    "guard_give": N_("Guard Tower: {giver} has at least as many cards as {receiver} and gives {count} card(s)."),
    "hospital": N_("Hospital: {player} discards {card} and one rat ({rats} left)."),
    "round_end": N_("End of round {round}: markers return, the buildings are discarded, the first-player card "
                 "passes to the left."),
    "nun_row": N_("The plague: the nun row is revealed ({cards}): {nuns} nun symbols."),
    "final_score": N_("{player}: {vp} victory point(s), {rats} rat(s), {alive}."),
    "winner": N_("Winner: {players}."),
    "all_dead": N_("Every player has more rats than the nun row has nuns: all die and all lose."),
}

register_event_texts("rattus_cartus", templates(EVENT_TEXTS, _, shown))
