"""English texts for Rattus events (templates filled from event params)."""
from ..core.protocol import register_event_texts

EVENT_TEXTS = {
    "setup_tokens": "Setup: one face-down setup rat token is placed in each of the {count} regions in play; "
                    "the {unused} unused setup tokens join the other tokens.",
    "setup_removed": "Setup: with {players} players, {count} tokens are removed from the game face down, unseen.",
    "setup_supply": "Setup: the {count} remaining tokens form the face-down supply.",
    "setup_plague": "Setup: the plague starts in {region}.",
    "setup_place": "{player} places {count} starting cubes in {region}.",
    "turn_start": "Turn {turn}: {player} to play.",
    "take_class": "{player} takes the {card} card.",
    "take_class_from": "{player} takes the {card} card from {other}.",
    "place": "{player} places {count} cube(s) in {region} ({rats} rat token(s) there).",
    "place_peasant": "{player} places {count} cube(s) in {region}: {rats} for its rat token(s) plus the Peasant's extra cube.",
    "king": "King: {player} moves a cube from {region} (no rats) to the Castle ({castle} there now).",
    "monk": "Monk: {player} moves a rat token from {source} to {target}.",
    "merchant": "Merchant: {player} moves {count} cube(s) from {source} to {target}.",
    "witch_peek": "Witch: {player} secretly looks at rat token #{slot} in {region}.",
    "witch_peek_second": "Witch: {player} secretly looks at a second token, #{slot} in {region}.",
    "witch_stop": "Witch: {player} looks at no second token.",
    "witch_swap": "Witch: {player} swaps the two tokens between {a} and {b}.",
    "witch_keep": "Witch: {player} leaves both tokens where they are.",
    "witch_same_region": "Witch: both tokens lie in the same region, so swapping them changes nothing.",
    "peasant_cube": "Final round, Peasant: {player} adds one cube to {region}.",
    "knight_final": "Final round, Knight: {player} moves the plague from {start} via {via} to {to}; it counts as "
                    "{neutral} extra neutral cubes there until the end.",
    "plague_move": "{player} moves the plague from {start} to {to}: {to} is the infected region.",
    "knight_move": "Knight: {player} moves the plague two regions, from {start} via {via} to {to}: "
                   "{to} is the infected region.",
    "spread_start": "The plague spreads: {region} holds {rats} rat token(s), so {count} new token(s) go to neighbours.",
    "no_spread": "{region} holds no rat token: the plague does not spread.",
    "token_drawn": "{player} puts a new rat token from the supply face down in {region} ({rats} there now, "
                   "{supply} left in the supply).",
    "spread_supply_empty": "The supply is empty: {left} token(s) cannot be placed.",
    "spread_blocked": "Every neighbour of {region} already holds 3 rat tokens: {left} token(s) are not placed.",
    "ravage_start": "The plague ravages {region}: {rats} face-down token(s), {cubes} cube(s).",
    "knight_neutral": "Knight: {player} declares that the plague counts as {neutral} neutral cubes in {region}.",
    "knight_no_neutral": "Knight: {player} does not count the plague as extra cubes.",
    "reveal": "A rat token is revealed in {region}: {token}.",
    "no_effect": "Cubes in {region}: {counted}, below the threshold {threshold}: no effect; the token leaves the game.",
    "contamination": "Cubes in {region}: {counted}, at least the threshold {threshold}: contamination! The token leaves the game after its effects.",
    "cube_lost": "{symbol}: {player} loses a cube in {region} ({left} left there).",
    "symbol_no_cube": "{symbol}: nobody has a cube left in {region}.",
    "symbol_no_holder": "{symbol}: nobody holds that class card.",
    "symbol_spared": "{symbol}: {player} holds that class card but has no cube in {region}.",
    "ravage_end": "The ravage of {region} ends: {why}.",
    "end_supply": "The supply of rat tokens has run out: the game ends after {player}'s turn.",
    "end_cubes": "{player} has placed their last cube: the game ends after this turn.",
    "final_round": "Final round, counter-clockwise from the player to {player}'s right: each other player may "
                   "use their class powers once more.",
    "final_turn": "Final round: {player} may use their class powers.",
    "final_pass": "Final round: {player} has no power left to use and passes.",
    "final_plague": "The final plague: every face-down rat token is revealed, region by region.",
    "final_scores": "Final count (cubes on the board plus the Castle): {scores}.",
    "winner": "{player} wins with {score} cubes.",
    "winner_tie": "Tie between {tied}: {player} wins, being the first of them to play had the game gone on.",
}

register_event_texts("rattus", EVENT_TEXTS)
