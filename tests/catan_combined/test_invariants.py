"""Invariants of the combined variant over 150 seeded games per player count (3 and 4; 300 in all, what fits the
CI budget at about 3,500 actions a game): no exception, every game ends (the turn cap is a draw, counted and
reported), resources, commodities, progress cards and pieces conserved
(``check_position`` every few actions, and an independent count from the final JSON), victory points recomputed
from the final JSON alone (not with ``special.py``).

The games cycle through the variant's options (layout, truce, steals per 7, Largest Army mode, VP target). Most
seats play uniformly random legal actions through ``apply_legal`` (the fast path for listed actions) on a quiet
state; one game in ``FULL_EVERY`` goes through the full ``apply`` check and the JSON round trip. Random play seldom
reaches 15 VP within the turn cap (200 turns here), so one game in ``BOT_EVERY`` seats the heuristic bot, and the bot must win
nine in ten of those.
"""
from __future__ import annotations

import json
import random

import pytest

import ratgames_lab as rl
from ratgames_lab.catan import BOTS
from ratgames_lab.catan.board import DATA_DIR
from ratgames_lab.catan.progress_cards import progress_cards
from ratgames_lab.core.protocol import CHANCE, TERMINAL

GAMES = 150
CHECK_EVERY = 75  # actions between two check_position calls
FULL_EVERY = 25  # one game in 25 plays every action through the full legality check
BOT_EVERY = 5  # one game in 5 seats the heuristic bot
TURN_CAP = 200  # random games run to the cap: 200 turns (not the default 350) keep the file's time down
DATA = json.loads((DATA_DIR / "combined_components.json").read_text())
CARDS = DATA["cards"]
WAGONS = json.loads((DATA_DIR / "baggage_train.json").read_text())
FISH = json.loads((DATA_DIR / "fish.json").read_text())
PROGRESS = {c.id: c for c in progress_cards().cards}


def options_for(seed: int) -> dict:
    """The variant's options cycle with the seed, so that the invariants hold under each of them."""
    return {"variant": "combined", "turn_cap": TURN_CAP, "layout": "random" if seed % 2 else "board",
            "robber_peace": seed % 3 != 0, "steal_per_seven": 2 if seed % 4 == 3 else 1,
            "largest_army_mode": "defences" if seed % 7 == 0 else "knight_levels",
            "vp_target": 20 if seed % 10 == 9 else 15}


def recompute_vp(data: dict, merchant_vp: bool = True, delivery_vp: bool = False) -> list[int]:
    """Victory points from the final JSON alone: settlements 1, cities 2, metropolises +2, Longest Road and
    Largest Army 2, Defender cards 1, VP progress cards (from the cards' data file), the merchant 1, the bank
    loan's Poor Settler tile (from the components file), the wagon's level and deliveries (from the baggage-train
    file), the Old Boot (from the fish file)."""
    n = data["players"]
    vp = [0] * n
    owners = data["intersections"]["owner"]
    for owner, level in zip(owners, data["intersections"]["level"]):
        if owner is not None:
            vp[owner] += level
    for node in data["metropolis"].values():
        if node is not None:
            vp[owners[node]] += 2
    for key in ("longest_road", "largest_army"):
        if data[key] is not None:
            vp[data[key]] += 2
    for p in range(n):
        vp[p] += data["defenders"][p]
        vp[p] += sum(count * PROGRESS[card].vp for card, count in data["progress"]["shown"][p].items())
        vp[p] += data["loans"][p] * DATA["loan"]["vp"]
        if data["wagons"]["level"][p] >= WAGONS["vp_from_level"]:
            vp[p] += WAGONS["vp"]
        if delivery_vp:
            vp[p] += data["wagons"]["deliveries"][p]
    if data["fish"]["old_boot"] is not None:
        vp[data["fish"]["old_boot"]] += FISH["old_boot_vp"]
    if merchant_vp and data["merchant"]["owner"] is not None:
        vp[data["merchant"]["owner"]] += 1
    return vp


def check_conservation(data: dict) -> None:
    """Cards, commodities, progress cards and pieces counted from the JSON: every card somewhere, no piece beyond
    its supply, no negative count."""
    n = data["players"]
    for card in CARDS:
        held = [data["hands"][p][card] for p in range(n)] + [data["bank"][card]]
        assert min(held) >= 0 and sum(held) == DATA["bank"][card], (card, held)
    for card, info in PROGRESS.items():
        deck = info.deck
        total = data["progress"]["decks"][deck][card] + data["progress"]["under"][deck].count(card) + sum(
            data["progress"]["hands"][p][card] + data["progress"]["shown"][p][card] for p in range(n))
        assert total == info.count, (card, total)
    pieces = DATA["pieces"]
    owners, levels = data["intersections"]["owner"], data["intersections"]["level"]
    for p in range(n):
        assert sum(1 for h in data["progress"]["hands"][p].values() for _ in range(h)) <= DATA["progress_hand_limit"]
        edges = [piece for o, piece in zip(data["edges"]["owner"], data["edges"]["piece"]) if o == p]
        for kind in ("road", "ship", "bridge"):
            assert edges.count(kind) <= pieces[kind], (p, kind)
        mine = [lv for o, lv in zip(owners, levels) if o == p]
        assert mine.count(1) <= pieces["settlement"] and mine.count(2) <= pieces["city"]
        walls = [w for o, w in zip(owners, data["intersections"]["wall"]) if o == p and w]
        assert len(walls) <= pieces["wall"]
        knights = [lv for o, lv in zip(data["knights"]["owner"], data["knights"]["level"]) if o == p]
        assert all(knights.count(lv) <= pieces["knights_per_level"] for lv in (1, 2, 3))
    assert all(w == 0 or lv == 2 for w, lv in zip(data["intersections"]["wall"], levels)), "a wall without a city"


def check_largest_army(data: dict, mode: str) -> None:
    """The Largest Army holder has the most knight levels (or Defender cards), at least the threshold."""
    n = data["players"]
    if mode == "defences":
        strength, least = data["defenders"], 4
    else:
        strength = [sum(lv for o, lv in zip(data["knights"]["owner"], data["knights"]["level"]) if o == p)
                    for p in range(n)]
        least = 3
    holder = data["largest_army"]
    if holder is None:
        assert max(strength) < least or strength.count(max(strength)) > 1, strength
    else:
        assert strength[holder] == max(strength) >= least, (strength, holder)


def play(players: int, seed: int) -> tuple[int, int]:
    """One seeded game with the checks; returns (winner or -1, turns)."""
    options = options_for(seed)
    game = rl.load_game("catan", players, seed=seed, **options)
    s = game.new_state()
    full = seed % FULL_EVERY == 0
    if not full:
        s.quiet()
    rng, bot_rng = random.Random(seed), random.Random(-seed)
    bot_seat = seed // BOT_EVERY % players if seed % BOT_EVERY == 1 else -1
    bot = BOTS["heuristic"]()
    steps = 0
    while (cur := s.current_player) != TERMINAL:
        if cur == CHANCE:
            action = s.sample_chance(rng)
        elif cur == bot_seat:
            action = bot.choose(s, bot_rng)
        else:
            actions = s.legal_actions()
            action = actions[rng.randrange(len(actions))]
        if full:
            s.apply(action)
            if steps % CHECK_EVERY == 0:
                assert game.state_from_json(s.to_json()).to_json() == s.to_json()
        elif cur == bot_seat:
            s.apply(action)
        else:
            s.apply_legal(action)
        steps += 1
        if steps % CHECK_EVERY == 0:
            s.validate_position()
        assert steps < 20_000, "a game that does not end"
    s.validate_position()
    data = s.to_json()
    check_conservation(data)
    check_largest_army(data, options["largest_army_mode"])
    vp = recompute_vp(data, delivery_vp=game.options["delivery_vp"])
    assert vp == s.scores()
    if data["winner"] is None:
        assert s.turn == game.options["turn_cap"] and s.returns() == [0.0] * players
    else:
        w = data["winner"]
        assert vp[w] >= options["vp_target"] and data["active"] == w
        assert s.returns() == [1.0 if p == w else 0.0 for p in range(players)]
    return data["winner"] if data["winner"] is not None else -1, s.turn


@pytest.mark.parametrize("players", [3, 4])
def test_seeded_games_keep_the_invariants(players):
    results = [play(players, seed) for seed in range(GAMES)]
    draws = sum(1 for w, _ in results if w < 0)
    bot_games = [results[seed] for seed in range(GAMES) if seed % BOT_EVERY == 1]
    bot_wins = sum(1 for seed in range(GAMES) if seed % BOT_EVERY == 1
                   and results[seed][0] == seed // BOT_EVERY % players)
    print(f"\n{players} players: {GAMES} games, {GAMES - draws} won, {draws} stopped by the turn cap (draws); "
          f"the heuristic bot won {bot_wins} of its {len(bot_games)} games")
    assert bot_wins >= 0.9 * len(bot_games), bot_wins
    assert draws < GAMES, "no game won: the victory check never fired"
