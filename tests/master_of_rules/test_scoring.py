"""Scoring and the winner: both bonuses and every level of the tie-break, at the end of a real game.

Each case starts from positions/final_judging_4p.json (the last card of the final transaction; every Rule
card on the table fails), moves the wanted cards from the discard pile into ``kept``, loads the position
and plays the last card, so the scores come from the engine's own end of game.
"""
from __future__ import annotations

import itertools

import pytest

from ratgames_lab import InvalidPositionError

from .helpers import action, verdicts

L23, BOB, OO, TRIO, SR = "limit_23", "best_of_the_best", "only_one", "trio", "support_right"
TYPES = [L23, BOB, OO, TRIO, SR]


def kept_cards(**counts: int) -> list[str]:
    return [t for t in TYPES for _ in range(counts.get(t, 0))]


def finish_with(mor_position, kept: list[list[str]]):
    """The final-judging position with these kept cards (taken from the discards), played to the end."""
    game, _, data = mor_position("final_judging_4p")
    discards = data["discards"]["rules"]
    for cards in kept:
        for card in cards:
            discards.remove(card)  # ValueError here would mean the test asks for more cards than exist
    data["kept"] = kept
    state = game.state_from_json(data)
    start = len(state.events)
    state.apply(action(game, "play_rule", "trio"))
    assert state.is_terminal()
    v = verdicts(state.events[start:])
    assert not any(ok for _, ok, _ in v.values())  # the final transaction adds nothing
    return state


def test_points_and_both_bonuses(mor_position):
    kept = [kept_cards(limit_23=6),  # 6 cards of a type: +2 once, not +4
            kept_cards(limit_23=1, best_of_the_best=1, only_one=1, trio=1, support_right=1),  # all five: +2
            kept_cards(trio=3, support_right=1, only_one=1, best_of_the_best=1, limit_23=1),  # both bonuses
            kept_cards(support_right=3)]  # Support Right gives no set bonus
    state = finish_with(mor_position, kept)
    assert state.scores() == [6 + 2, 5 + 2, 7 + 2 + 2, 3]
    assert state.returns() == [0.0, 0.0, 1.0, 0.0]
    assert state.events[-1].kind == "final_scores"
    assert state.events[-1].params["scores"] == "Player 1 8, Player 2 7, Player 3 11, Player 4 3"
    assert state.events[-1].params["winners"] == "Winner: Player 3."


def test_set_bonus_counts_once_per_type(mor_position):
    kept = [kept_cards(limit_23=3, best_of_the_best=3, only_one=3, trio=3),  # 12 + 4 × 2
            kept_cards(limit_23=2, best_of_the_best=2),
            kept_cards(support_right=2, only_one=2),
            []]
    state = finish_with(mor_position, kept)
    assert state.scores() == [20, 4, 4, 0]
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]


# Each level: Player 1 and Player 2 have the same points and agree on every earlier type of the tie-break;
# Player 1 has more cards of this level's type, so Player 1 wins. Players 3 and 4 score less.
TIE_BREAK_LEVELS = {
    "support_right": (kept_cards(support_right=2, limit_23=1), kept_cards(support_right=1, trio=2)),
    "trio": (kept_cards(support_right=1, trio=2), kept_cards(support_right=1, trio=1, only_one=1)),
    "only_one": (kept_cards(trio=1, only_one=2), kept_cards(trio=1, only_one=1, best_of_the_best=1)),
    "best_of_the_best": (kept_cards(only_one=1, best_of_the_best=2), kept_cards(only_one=1, limit_23=2)),
}


@pytest.mark.parametrize("level", list(TIE_BREAK_LEVELS))
def test_tie_break_levels(mor_position, level):
    winner, runner_up = TIE_BREAK_LEVELS[level]
    state = finish_with(mor_position, [runner_up, winner, kept_cards(limit_23=1), []])  # winner sits second
    scores = state.scores()
    assert scores[0] == scores[1] == 3
    assert state.returns() == [0.0, 1.0, 0.0, 0.0]
    assert state.events[-1].params["winners"] == "Winner: Player 2."


def test_limit_23_level_of_the_tie_break_can_never_decide():
    """The rulebook's last level (Limit 23) is unreachable: equal points and equal counts of the four other
    types force equal Limit 23 counts (the points grow strictly with Limit 23 cards). Checked exhaustively."""
    def points(k: dict) -> int:  # independent of the engine's score function
        return sum(k.values()) + 2 * sum(1 for t in TYPES if t != SR and k[t] >= 3) + 2 * all(k.values())
    for others in itertools.product(range(5), repeat=4):
        base = dict(zip([SR, TRIO, OO, BOB], others))
        seen = {}
        for n in range(13):
            p = points({**base, L23: n})
            assert p not in seen, (base, n, seen[p])
            seen[p] = n


@pytest.mark.parametrize("players_sharing", [2, 3])
def test_shared_win_splits_returns(mor_position, players_sharing):
    same = kept_cards(support_right=1, trio=1, only_one=1, best_of_the_best=1)
    kept = [list(same) for _ in range(players_sharing)] + [kept_cards(limit_23=1)] * (4 - players_sharing)
    state = finish_with(mor_position, kept)
    share = 1.0 / players_sharing
    assert state.returns() == [share] * players_sharing + [0.0] * (4 - players_sharing)
    assert state.events[-1].params["winners"].startswith("Shared win: Player 1, Player 2")


def test_kept_cards_beyond_the_supply_are_rejected(mor_position):
    game, _, data = mor_position("final_judging_4p")
    data["kept"][0] = [L23]  # one Limit 23 too many: 13 in all zones
    with pytest.raises(InvalidPositionError) as err:
        game.state_from_json(data)
    assert err.value.field == "rules"


def test_ranking_key_follows_the_rulebook_order():
    """Points first, then Support Right, Trio, Only One, Best of the Best, Limit 23 (engine type order L23..SR)."""
    from ratgames_lab.master_of_rules.rules import ranking_key, score_kept, winners
    kept = [1, 2, 0, 1, 2]  # limit_23, best_of_the_best, only_one, trio, support_right
    assert ranking_key(kept) == (score_kept(kept), 2, 1, 0, 2, 1)
    assert score_kept(kept) == 6
    assert winners([[0, 0, 0, 0, 1], [1, 0, 0, 0, 0]]) == [0]  # equal points, Support Right wins
    assert winners([[1, 1, 0, 0, 0], [1, 1, 0, 0, 0], [0, 0, 0, 0, 0]]) == [0, 1]
