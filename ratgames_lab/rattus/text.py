"""Texts for Rattus events (English templates filled from event params, shown in the current language).

A part ``[one|many:n]`` agrees with the number ``n`` ("1 cube", "2 cubes"); ``[none|one|many:n]`` also has a form
for zero.
"""
import re

from ..core.protocol import register_event_texts
from .translate import N_, _, plural_index, shown_params

_AGREE = re.compile(r"\[([^|\]]*)\|([^|:\]]*)(?:\|([^:\]]*))?:(\w+)\]")


class Template(str):
    """A text template whose ``[one|many:n]`` parts agree with a number parameter."""

    def format(self, *args, **params) -> str:  # type: ignore[override]
        text, params = _(str(self)), shown_params(params)
        if "[" not in text:  # most templates have no agreeing part
            return str.format(text, *args, **params)
        def agree(m: re.Match) -> str:
            n = params[m.group(4)]
            if m.group(3) is None:
                return m.group(plural_index(n) + 1)
            return m.group(1) if n == 0 else m.group(2) if plural_index(n) == 0 else m.group(3)
        return str.format(_AGREE.sub(agree, text), *args, **params)

EVENT_TEXTS = {
    "setup_tokens": N_("Setup: one face-down setup rat token is placed in each of the {count} regions in play; "
                    "[no setup token is left over|the unused setup token joins the other tokens|the {unused} unused setup "
                    "tokens join the other tokens:unused]."),
    "setup_removed": N_("Setup: with {players} players, {count} [token is|tokens are:count] removed from the game face down, unseen."),
    "setup_supply": N_("Setup: the {count} remaining tokens form the face-down supply."),
    "setup_plague": N_("Setup: the plague starts in {region}."),
    "setup_place": N_("{player} places {count} starting cubes in {region}."),
    "turn_start": N_("Turn {turn}: {player} to play."),
    "take_class": N_("{player} takes the {card} card."),
    "take_class_from": N_("{player} takes the {card} card from {other}."),
    "place": N_("{player} places {count} [cube|cubes:count] in {region} ({rats} rat [token|tokens:rats] there)."),
    "place_peasant": N_("{player} places {count} [cube|cubes:count] in {region}: {rats} for its rat [token|tokens:rats] plus the Peasant's extra cube."),
    "king": N_("King: {player} moves a cube from {region} (no rats) to the Castle ({castle} there now)."),
    "monk": N_("Monk: {player} moves a rat token from {source} to {target}."),
    "merchant": N_("Merchant: {player} moves {count} [cube|cubes:count] from {source} to {target}."),
    "witch_peek": N_("Witch: {player} secretly looks at rat token #{slot} in {region}."),
    "witch_peek_second": N_("Witch: {player} secretly looks at a second token, #{slot} in {region}."),
    "witch_stop": N_("Witch: {player} looks at no second token."),
    "witch_swap": N_("Witch: {player} swaps the two tokens between {a} and {b}."),
    "witch_keep": N_("Witch: {player} leaves both tokens where they are."),
    "witch_same_region": N_("Witch: both tokens lie in the same region, so swapping them changes nothing."),
    "peasant_cube": N_("Final round, Peasant: {player} adds one cube to {region}."),
    "knight_final": N_("Final round, Knight: {player} moves the plague from {start} via {via} to {to}; it counts as "
                    "{neutral} extra neutral cubes there until the end."),
    "plague_move": N_("{player} moves the plague from {start} to {to}: {to} is the infected region."),
    "knight_move": N_("Knight: {player} moves the plague two regions, from {start} via {via} to {to}: "
                   "{to} is the infected region."),
    "spread_start": N_("The plague spreads: {region} holds {rats} rat [token|tokens:rats], so {count} new [token goes|tokens go:count] to neighbours."),
    "no_spread": N_("{region} holds no rat token: the plague does not spread."),
    "token_drawn": N_("{player} puts a new rat token from the supply face down in {region} ({rats} there now, "
                   "{supply} left in the supply)."),
    "spread_supply_empty": N_("The supply is empty: {left} [token|tokens:left] cannot be placed."),
    "spread_blocked": N_("Every neighbour of {region} already holds 3 rat tokens: {left} [token is|tokens are:left] not placed."),
    "ravage_start": N_("The plague ravages {region}: {rats} face-down [token|tokens:rats], {cubes} [cube|cubes:cubes]."),
    "knight_neutral": N_("Knight: {player} declares that the plague counts as {neutral} neutral cubes in {region}."),
    "knight_no_neutral": N_("Knight: {player} does not count the plague as extra cubes."),
    "reveal": N_("A rat token is revealed in {region}: {token}."),
    "no_effect": N_("Cubes in {region}: {counted}, below the threshold {threshold}: no effect; the token leaves the game."),
    "contamination": N_("Cubes in {region}: {counted}, at least the threshold {threshold}: contamination! The token leaves the game after its effects."),
    "cube_lost": N_("{symbol}: {player} loses a cube in {region} ({left} left there)."),
    "symbol_no_cube": N_("{symbol}: nobody has a cube left in {region}."),
    "symbol_no_holder": N_("{symbol}: nobody holds that class card."),
    "symbol_spared": N_("{symbol}: {player} holds that class card but has no cube in {region}."),
    "ravage_end": N_("The ravage of {region} ends: {why}."),
    "end_supply": N_("The supply of rat tokens has run out: the game ends after {player}'s turn."),
    "end_cubes": N_("{player} has placed their last cube: the game ends after this turn."),
    "final_round": N_("Final round, counter-clockwise from the player to {player}'s right: each other player may "
                   "use their class powers once more."),
    "final_turn": N_("Final round: {player} may use their class powers."),
    "final_pass": N_("Final round: {player} has no power left to use and passes."),
    "final_plague": N_("The final plague: every face-down rat token is revealed, region by region."),
    "final_scores": N_("Final count (cubes on the board plus the Castle): {scores}."),
    "winner": N_("{player} wins with {score} cubes."),
    "winner_tie": N_("Tie between {tied}: {player} wins, being the first of them to play had the game gone on."),
}

EVENT_TEXTS = {kind: Template(text) for kind, text in EVENT_TEXTS.items()}

register_event_texts("rattus", EVENT_TEXTS)
