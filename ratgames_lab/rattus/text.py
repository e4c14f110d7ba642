"""English texts for Rattus events (templates filled from event params).

A part ``[one|many:n]`` agrees with the number ``n`` ("1 cube", "2 cubes"); ``[none|one|many:n]`` also has a form
for zero.
"""
import re

from ..core.protocol import register_event_texts

_AGREE = re.compile(r"\[([^|\]]*)\|([^|:\]]*)(?:\|([^:\]]*))?:(\w+)\]")


class Template(str):
    """A text template whose ``[one|many:n]`` parts agree with a number parameter."""

    def format(self, *args, **params) -> str:  # type: ignore[override]
        if "[" not in self:  # most templates have no agreeing part
            return str.format(self, *args, **params)
        def agree(m: re.Match) -> str:
            n = params[m.group(4)]
            if m.group(3) is None:
                return m.group(1) if n == 1 else m.group(2)
            return m.group(1) if n == 0 else m.group(2) if n == 1 else m.group(3)
        return str.format(_AGREE.sub(agree, self), *args, **params)

EVENT_TEXTS = {
    "setup_tokens": "Setup: one face-down setup rat token is placed in each of the {count} regions in play; "
                    "[no setup token is left over|the unused setup token joins the other tokens|the {unused} unused setup "
                    "tokens join the other tokens:unused].",
    "setup_removed": "Setup: with {players} players, {count} [token is|tokens are:count] removed from the game face down, unseen.",
    "setup_supply": "Setup: the {count} remaining tokens form the face-down supply.",
    "setup_plague": "Setup: the plague starts in {region}.",
    "setup_place": "{player} places {count} starting cubes in {region}.",
    "turn_start": "Turn {turn}: {player} to play.",
    "take_class": "{player} takes the {card} card.",
    "take_class_from": "{player} takes the {card} card from {other}.",
    "place": "{player} places {count} [cube|cubes:count] in {region} ({rats} rat [token|tokens:rats] there).",
    "place_peasant": "{player} places {count} [cube|cubes:count] in {region}: {rats} for its rat [token|tokens:rats] plus the Peasant's extra cube.",
    "king": "King: {player} moves a cube from {region} (no rats) to the Castle ({castle} there now).",
    "monk": "Monk: {player} moves a rat token from {source} to {target}.",
    "merchant": "Merchant: {player} moves {count} [cube|cubes:count] from {source} to {target}.",
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
    "spread_start": "The plague spreads: {region} holds {rats} rat [token|tokens:rats], so {count} new [token goes|tokens go:count] to neighbours.",
    "no_spread": "{region} holds no rat token: the plague does not spread.",
    "token_drawn": "{player} puts a new rat token from the supply face down in {region} ({rats} there now, "
                   "{supply} left in the supply).",
    "spread_supply_empty": "The supply is empty: {left} [token|tokens:left] cannot be placed.",
    "spread_blocked": "Every neighbour of {region} already holds 3 rat tokens: {left} [token is|tokens are:left] not placed.",
    "ravage_start": "The plague ravages {region}: {rats} face-down [token|tokens:rats], {cubes} [cube|cubes:cubes].",
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

EVENT_TEXTS = {kind: Template(text) for kind, text in EVENT_TEXTS.items()}

register_event_texts("rattus", EVENT_TEXTS)
