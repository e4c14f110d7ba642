"""More lesson conclusions checked against the real engine (lessons 11, 22, 24, 31 and 51): the engine plays from the
lesson's position under the lesson's stated model (seeded), and the lesson's exact figure must fall inside the
engine's 99.9% band. Same pattern as test_lesson_conclusions_engine.py; CONCLUSIONS lists the figures checked."""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache

import pytest

import ratgames_lab as rl
from ratgames_lab.catan import scenarios
from ratgames_lab.master_of_rules.actions import PlayNumber
from ratgames_lab.rattus_cartus import odds as cartus_odds
from ratgames_lab.rattus.board import board_for_players

from .engine_checks import band, load, playouts
from .engine_play_dice import play_rolls
from .engine_play_mor import finish
from .engine_play_rattus import cubes_lost, plague_moves, plague_next_to, ravage
from .lessons import NOTEBOOKS

CONCLUSIONS = [
    ("11_master_of_rules_probability.ipynb", "421/561"),  # §2: Limit 23 holds if you play the yellow 1
    ("11_master_of_rules_probability.ipynb", "12/187"),  # §2: ... if you play the red 9
    ("22_rattus_probability.ipynb", "4/5"),  # §1: Scandia contaminated (its setup token)
    ("22_rattus_probability.ipynb", "14/15"),  # §3: Hungaria contaminated
    ("22_rattus_probability.ipynb", "48/65"),  # §3: Turcia contaminated
    ("22_rattus_probability.ipynb", "3311/10530"),  # §4: Yellow loses all 3 cubes in Germania
    ("22_rattus_probability.ipynb", "257/946"),  # §6: P(setup token has M | Yellow lost 3)
    ("22_rattus_probability.ipynb", "68/117"),  # §5: Blue loses its cube in Turcia
    ("22_rattus_probability.ipynb", "71/540"),  # §5: Blue loses 2 cubes in Hispania
    ("22_rattus_probability.ipynb", "expected: 5/4"),  # §9: new tokens spread, the plague to a random neighbour
    ("24_rattus_plague_walk.ipynb", "3/22"),  # §3: share of time in Germania
    ("24_rattus_plague_walk.ipynb", "$44/2 = 22$"),  # §5: mean return time to Hispania
    ("24_rattus_plague_walk.ipynb", "every 14 moves"),  # Exercise 2: ... on the 2-player map
    ("31_rattus_cartus_probability.ipynb", "475043/857556"),  # §2/§8: a spectator's row survives 10 rats
    ("31_rattus_cartus_probability.ipynb", "1410299/1837620"),  # §6: ... after a look shows 4
    ("31_rattus_cartus_probability.ipynb", "487442/643167"),  # §8: ... 8 rats after the Monastery
    ("31_rattus_cartus_probability.ipynb", "338281/612540"),  # Exercise 5: 12 rats, a look shows 4
    ("51_catan_dice.ipynb", "269297/531441"),  # §5: the first ore (a 5) within 6 rolls
    ("51_catan_dice.ipynb", "91/216"),  # §6: 8 cards lose 4 during the others' 3 rolls
    ("51_catan_dice.ipynb", "91/54"),  # §6: ... 4 × 91/216 cards lost on average
    ("51_catan_dice.ipynb", "455/216"),  # Exercise 5: 10 cards, expected loss
    ("51_catan_dice.ipynb", "83521/1679616"),  # Exercise 6: a round with nothing for Steady
    ("51_catan_dice.ipynb", "16/81"),  # Exercise 6: ... for Streaky
]


@pytest.mark.parametrize("lesson, figure", CONCLUSIONS)
def test_the_lesson_states_the_figure_the_engine_checks(lesson, figure):
    assert figure in (NOTEBOOKS / lesson).read_text(encoding="utf-8"), f"{lesson} no longer states {figure}"


# 11 §2: Player 1 plays a Number card; Players 3 and 4 play a random card of their hand (the lesson's model)
LIMIT_23 = {"Y1": Fraction(421, 561), "R9": Fraction(12, 187)}


@pytest.mark.parametrize("card", list(LIMIT_23))
def test_11_limit_23_odds_fall_in_the_engine_band(card):
    state = load(NOTEBOOKS / "positions" / "limit_23_two_to_come.json")

    def play(world, rng):
        legal = world.legal_actions()
        return PlayNumber(card) if PlayNumber(card) in legal else rng.choice(legal)

    def fulfilled(rng):
        world = state.determinize(0, rng)
        seen = len(world.events)
        finish(world, 0, rng, play)
        return any(e.kind == "judge_fulfilled" and e.params["player"] == "Player 1" for e in world.events[seen:])

    got = playouts(1500, 1100, fulfilled)
    assert got.holds(LIMIT_23[card]), f"11 §2 {card}: lesson {LIMIT_23[card]}, engine {got}"


# 22: the plague ravages a region in worlds dealt from Red's view, a random face-down token revealed each time
ODDS = "rattus_odds.json"


NEXT_TO = {"Turcia": "Italia", "Hispania": "Italia"}  # the plague is in Polonia: start next to these


def _ravages(region: str | None, games: int, seed: int):
    game, state = rl.load_position(NOTEBOOKS / "positions" / ODDS)
    if region in NEXT_TO:
        state = plague_next_to(game, state, region, NEXT_TO[region])
    rng = random.Random(seed)
    return game, [ravage(state, region, rng) for _ in range(games)]


@pytest.mark.parametrize("region, exact", [("Scandia", Fraction(4, 5)), ("Hungaria", Fraction(14, 15)),
                                           ("Turcia", Fraction(48, 65))])
def test_22_contamination_odds_fall_in_the_engine_band(region, exact):
    _, runs = _ravages(region, 600, 2200)
    got = band([float(any(e.kind == "contamination" for e in events)) for events, _, _ in runs])
    assert got.holds(exact), f"22 {region} contaminated: lesson {exact}, engine {got}"
    if region == "Scandia":  # the forgetful model (any of the 37 unseen tokens) is refused by the engine
        assert not got.holds(Fraction(26, 37)), f"22 §1: forgetting the setup fits the engine {got}"


def test_22_germania_losses_and_the_bayes_update_fall_in_the_engine_bands():
    game, runs = _ravages("Germania", 1200, 2201)
    tokens = game.tokens
    lost3 = [cubes_lost(b, a, "Germania", 1) == 3 for _, b, a in runs]
    got = band([float(x) for x in lost3])
    assert got.holds(Fraction(3311, 10530)), f"22 §4 Yellow loses 3: engine {got}"
    assert not got.holds(Fraction(484, 3645)), "22 §4: the shortcut's impossible 'more than 3' fits as 'all 3'"

    def setup_has_m(before):
        slots = before.rats[before.region_index("Germania")]
        return any(t in tokens.setup_tokens and tokens.majority[t] for t in slots)

    posterior = band([float(setup_has_m(b)) for (_, b, _), hit in zip(runs, lost3) if hit])
    assert posterior.holds(Fraction(257, 946)), f"22 §6 P(M | Yellow lost 3): engine {posterior}"


@pytest.mark.parametrize("region, lost, exact", [("Turcia", 1, Fraction(68, 117)), ("Hispania", 2, Fraction(71, 540))])
def test_22_blue_loss_falls_in_the_engine_band(region, lost, exact):
    _, runs = _ravages(region, 800, 2202)
    got = band([float(cubes_lost(b, a, region, 3) == lost) for _, b, a in runs])
    assert got.holds(exact), f"22 §5 Blue loses {lost} in {region}: lesson {exact}, engine {got}"


def test_22_tokens_spread_by_a_random_plague_fall_in_the_engine_band():
    _, runs = _ravages(None, 600, 2203)
    spread = [sum(e.kind == "token_drawn" for e in events) for events, _, _ in runs]
    got = band([float(n) for n in spread])
    assert got.holds(Fraction(5, 4)), f"22 §9 expected new tokens: lesson 5/4, engine {got}"
    assert set(spread) <= {0, 1, 2} and band([float(n == 2) for n in spread]).holds(Fraction(1, 2))


# 24: the plague moved to a random region among those the engine allows (Red holds no Knight)
def _board(players: int):
    """A Rattus game and state: the lesson's 4-player position, or a new 2-player game."""
    if players == 4:
        return rl.load_position(NOTEBOOKS / "positions" / ODDS)
    game = rl.load_game("rattus", players=players, seed=1)
    return game, game.new_state()


def _engine_walk_returns(region: str, returns: int, seed: int, players: int = 4) -> list[float]:
    table, rng, gaps = plague_moves(*_board(players)), random.Random(seed), []
    for _ in range(returns):
        here, moves = rng.choice(table[region]), 1
        while here != region:
            here, moves = rng.choice(table[here]), moves + 1
        gaps.append(float(moves))
    return gaps


@pytest.mark.parametrize("players", [4, 2])
def test_24_the_engine_moves_the_plague_to_the_lessons_neighbours(players):
    graph = board_for_players(players)
    assert plague_moves(*_board(players)) == {v: sorted(graph[v]) for v in graph}


@pytest.mark.parametrize("region, players, exact", [("Hispania", 4, Fraction(22)), ("Germania", 4, Fraction(22, 3)),
                                                    ("Hispania", 2, Fraction(14))])
def test_24_return_times_fall_in_the_engine_band(region, players, exact):
    got = band(_engine_walk_returns(region, 3000, 2400, players))
    assert got.holds(exact), f"24 §5 return to {region}: lesson {exact} (share {1 / exact}), engine {got}"


# 31 (a spectator's odds): rows dealt by the engine's setup, one deal per seed; the spectator sees no card
def _deals(games: int):
    """The nuns of each dealt row, and of 4 cards drawn at random from the engine's deck (the Farm's draw: the
    deck is kept sorted, a draw is a chance outcome)."""
    game, rng = rl.load_game("rattus_cartus", players=4, seed=0), random.Random(3100)
    for seed in range(games):
        game.seed = seed  # the same game dealt again from another seed
        state = game.new_state()
        yield [state.comp.nuns[c] for c in state.row], tuple(sorted(state.comp.nuns[c] for c in rng.sample(state.deck, 4)))


SPECTATOR = {"10 rats": (10, False, Fraction(475043, 857556)), "Monastery, 8 rats": (8, False, Fraction(487442, 643167)),
             "look 4, 10 rats": (10, True, Fraction(1410299, 1837620)),
             "look 4, 12 rats": (12, True, Fraction(338281, 612540))}


@pytest.fixture(scope="module")
def rows():
    return list(_deals(3000))


@pytest.mark.parametrize("case", list(SPECTATOR))
def test_31_spectator_survival_falls_in_the_engine_band(rows, case):
    rats, look, exact = SPECTATOR[case]
    kept = [row for row, _ in rows if not look or row[0] == 4]
    got = band([float(sum(row) >= rats) for row in kept])
    assert got.holds(exact), f"31 {case}: lesson {exact} = {float(exact):.4f}, engine {got}"


# 51: the real engine rolls the dice; every player rolls and ends the turn; the robber goes to a random tile
CATAN = rl.load_game("catan", players=4, seed=1)  # the shipped base board, as in the lesson
ORE = 4  # the hands' order: brick, lumber, wool, grain, ore


def test_51_first_ore_within_6_rolls_falls_in_the_engine_band():
    start = scenarios.build_position(CATAN, settlements={40: 0}, phase="roll")
    got = playouts(1000, 5100, lambda rng: play_rolls(start, rng, 6, lambda s: s.hands[0][ORE] > 0).hands[0][ORE] > 0)
    assert got.holds(Fraction(269297, 531441)), f"51 §5 ore within 6 rolls: engine {got}"


@pytest.mark.parametrize("held, exact", [(8, Fraction(91, 54)), (10, Fraction(455, 216))])
def test_51_cards_lost_to_the_others_sevens_fall_in_the_engine_band(held, exact):
    """You end your turn with ``held`` cards and no building (the lesson's model: you collect nothing meanwhile);
    the 3 others roll."""
    hand = dict(zip(("brick", "lumber", "wool", "grain", "ore"), (2, 2, 2, 1, held - 7)))
    start = scenarios.build_position(CATAN, hands={0: hand})
    lost = [held - sum(play_rolls(start, rng, 3).hands[0]) for rng in [random.Random(5101 + held)] for _ in range(1000)]
    got = band([float(x) for x in lost])
    assert got.holds(exact), f"51 §6 {held} cards: lesson expects {exact} lost, engine {got}"
    if held == 8:
        some = band([float(x == 4) for x in lost])
        assert set(lost) <= {0, 4} and some.holds(Fraction(91, 216)), f"51 §6 P(lose 4): engine {some}"


@pytest.mark.parametrize("name, spots, exact", [("Steady", (8, 10), Fraction(83521, 1679616)),
                                                ("Streaky", (4, 44), Fraction(16, 81))])
def test_51_a_round_that_pays_nothing_falls_in_the_engine_band(name, spots, exact):
    start = scenarios.build_position(CATAN, settlements={v: 0 for v in spots}, phase="roll")

    def drought(rng) -> bool:
        paid = []
        play_rolls(start, rng, 4, lambda s: paid.append(sum(s.hands[0]) > 0) or False)
        return not any(paid)

    got = playouts(1000, 5102, drought)
    assert got.holds(exact), f"51 Exercise 6 {name}: lesson {exact}, engine {got}"


DECK = {4: 24, 3: 12, 2: 12, 1: 12, 0: 24}  # lesson 31's deck: nun value -> cards


@lru_cache(maxsize=None)
def _farm_estimate(drawn: tuple[int, ...]) -> Fraction:
    return cartus_odds.survival(10, cartus_odds.nun_sum_distribution(cartus_odds.remove_seen(DECK, drawn), 5))


def test_31_the_farm_leaves_the_spectators_chance_unchanged_on_average(rows):
    """§8: a spectator's estimate after seeing 4 cards of the engine's deck (the Farm) averages 475043/857556."""
    got = band([float(_farm_estimate(drawn)) for _, drawn in rows])
    assert got.holds(Fraction(475043, 857556)), f"31 §8 Farm, mean estimate: engine {got}"
