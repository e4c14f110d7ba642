"""Combined-variant positions: the JSON round trip in every phase a game reaches (and the rarer ones built by
hand), malformed positions refused naming the bad field, and observations that hide what a seat may not see."""
from __future__ import annotations

import copy
import json
import random
from functools import lru_cache

import pytest

from ratgames_lab.catan.combined.free_pieces import start_free_pieces
from ratgames_lab.catan.combined.components import CARDS, PROGRESS_DECK_OF, PROGRESS_IDS, TRACKS
from ratgames_lab.catan.combined.queue import push
from ratgames_lab.core.errors import InvalidPositionError
from ratgames_lab.core.protocol import CHANCE, TERMINAL

from .helpers import set_hand
from .trade_helpers import game, give_progress, main_position

OPTION_SETS = [{}, {"robber_peace": False, "steal_per_seven": 2}, {"strict_phase_order": True}]


@lru_cache(maxsize=1)
def positions_by_phase() -> dict:
    """The first position of each phase met in a few random games (3 and 4 players, several option sets)."""
    found: dict = {}
    for k, options in enumerate(OPTION_SETS):
        for players in (3, 4):
            g = game(players, seed=k, turn_cap=150, **options)
            s = g.new_state()
            rng = random.Random(k)
            while True:
                found.setdefault(s.phase, (g, s.clone()))
                if s.current_player == TERMINAL:
                    break
                s.apply(s.sample_chance(rng) if s.current_player == CHANCE else rng.choice(s.legal_actions()))
    return found


def _built_phases() -> dict:
    """The phases random games rarely reach, set up by hand: a metropolis to place, the Aqueduct's choice, a deck
    to choose, free pieces to place."""
    out = {}
    for phase in ("place_metropolis", "aqueduct", "choose_deck", "free_pieces", "discard_progress"):
        s = main_position(3, seed=4)
        p = s.active
        if phase == "place_metropolis":
            s.levels[p][0] = 4
            push(s, "place_metropolis", p, 0)
        elif phase == "aqueduct":
            s.levels[p][2] = 3
            push(s, "aqueduct", p)
        elif phase == "choose_deck":
            push(s, "choose_deck", p)
        elif phase == "discard_progress":  # 5 progress cards: one to discard
            give_progress(s, p, "alchemist", "crane", "engineer", "inventor", "irrigation")
            push(s, "discard_progress", p)
        else:
            start_free_pieces(s, 2)
        s.after_load()
        assert s.phase == phase
        out[phase] = (game(3, seed=4), s)
    return out


def _round_trip(g, s):
    data = s.to_json()
    t = g.state_from_json(json.loads(json.dumps(data)))
    assert t.to_json() == data
    assert t.current_player == s.current_player
    assert t.legal_actions() == s.legal_actions()
    if s.current_player == CHANCE:
        assert t.chance_outcomes() == s.chance_outcomes()


def test_random_games_reach_the_phases_of_a_turn():
    expected = {"setup_settlement", "setup_road", "setup_city", "roll", "dice", "main", "trade_reply",
                "trade_choose", "discard", "robber", "pirate", "victim", "steal", "draw_progress", "over"}
    assert expected <= set(positions_by_phase())


@pytest.mark.parametrize("phase", sorted(
    {"setup_settlement", "setup_road", "setup_city", "roll", "dice", "main", "trade_reply", "trade_choose",
     "discard", "robber", "pirate", "victim", "steal", "draw_progress", "over"}))
def test_a_position_round_trips_in_each_phase(phase):
    g, s = positions_by_phase()[phase]
    _round_trip(g, s)


@pytest.mark.parametrize("phase", ["place_metropolis", "aqueduct", "choose_deck", "free_pieces", "discard_progress"])
def test_built_positions_round_trip(phase):
    g, s = _built_phases()[phase]
    _round_trip(g, s)


def test_a_position_with_steal_records_and_a_look_round_trips_and_keeps_the_odds():
    """Steal records, looks and what a Spy showed are saved and loaded; a loaded copy determinizes exactly as the
    original."""
    s = main_position(3, seed=5)
    p, q, r = s.active, (s.active + 1) % 3, (s.active + 2) % 3
    s.steals, s.memory, s.looks = [], [], []
    set_hand(s, q, ore=2, cloth=1)
    s.take_privately(r, q, CARDS.index("cloth"))
    s.look_at_hand(p, r)
    s.take_privately(p, q, CARDS.index("ore"))
    give_progress(s, q, "alchemist")
    s.progress_known = [[p, q, *s.progress_hand[q]]]
    s.after_load()
    doc = s.to_json()
    assert len(doc["memory"]) == 2 and doc["looks"] == [[p, r, 1]]
    assert set(doc["memory"][0]["victim_hand"]) == set(CARDS)
    t = game(3, seed=5).state_from_json(json.loads(json.dumps(doc)))
    assert t.to_json() == doc
    assert [s.determinize(q, random.Random(k)).to_json() == t.determinize(q, random.Random(k)).to_json()
            for k in range(20)] == [True] * 20
    assert "memory" not in s.observation(q)  # the records hold real hands


def test_a_position_with_commodities_money_progress_cards_and_a_counter_offer_round_trips():
    from ratgames_lab.catan.combined.trade_players import CounterOffer, OfferTrade

    from .trade_helpers import amounts
    s = main_position(4, seed=5)
    p, q = s.active, (s.active + 1) % 4
    set_hand(s, p, money=9, ore=2, cloth=1)
    set_hand(s, q, money=2, coin=2)
    give_progress(s, p, "alchemist", "merchant_fleet")
    s.apply(OfferTrade(amounts(cloth=1), amounts(coin=1)))
    s.apply(CounterOffer(amounts(cloth=1, money=1), amounts(coin=2)))
    _round_trip(game(4, seed=5), s)


# ------------------------------------------------------------------------------------------------
# malformed positions
# ------------------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _base():
    s = main_position(3, seed=3)
    return s.to_json(), s


def _buildings(s, level):
    return [v for v, lv in enumerate(s.node_level) if lv == level]


def _free_sites(s, k):
    comp = s.comp
    free = [v for v in range(comp.topo.n_nodes)
            if comp.knight_site[v] and not s.node_level[v] and not s.knight_level[v]]
    return free[:k]


def _mutations():
    data, s = _base()
    p = s.active
    city, settlement = _buildings(s, 2)[0], _buildings(s, 1)[0]
    owner = s.node_owner[city]
    free = _free_sites(s, 3)

    def knights(d, nodes, level, who=0):
        for v in nodes:
            d["knights"]["level"][v] = level
            d["knights"]["owner"][v] = who

    def progress(d, who, card, n=1, from_deck=True):
        deck = TRACKS[PROGRESS_DECK_OF[PROGRESS_IDS.index(card)]]
        d["progress"]["hands"][who][card] += n
        if from_deck:
            d["progress"]["decks"][deck][card] -= n

    def record(hand=None):
        counts = {c: 0 for c in CARDS}
        return {"victim_hand": dict(counts, **(hand or {})), "lows": [dict(counts) for _ in range(3)],
                "exact": [[] for _ in range(3)]}

    return {
        "a steal record without its steal": (lambda d: d.update(steals=[], memory=[record()]), "memory"),
        "a steal record naming no card kind": (
            lambda d: d.update(memory=[dict(record(), victim_hand={"gold": 1})]), "memory[0].victim_hand"),
        "a steal record where the victim held no such card": (
            lambda d: d.update(steals=[[p, (p + 1) % 3, 0]], memory=[record()]), "memory[0].victim_hand.brick"),
        "a look at one's own hand": (lambda d: d.update(looks=[[p, p, 0]]), "looks[0]"),
        "a Spy's record of more cards than the victim holds": (
            lambda d: d.update(progress_known=[[p, (p + 1) % 3] + [5] * len(PROGRESS_IDS)]), "progress_known[0]"),
        "cards not conserved": (lambda d: d["hands"][0].update(brick=d["hands"][0]["brick"] + 1), "bank.brick"),
        "a wall under a settlement": (lambda d: d["intersections"]["wall"].__setitem__(settlement, 1),
                                      f"intersections.wall[{settlement}]"),
        "two metropolises on one city": (
            lambda d: (d["metropolis"].update(trade=city, politics=city),
                       [d["improvements"][owner].update({t: 4}) for t in ("trade", "politics")]), "metropolis"),
        "a metropolis of a player below level 4": (lambda d: d["metropolis"].update(science=city),
                                                   "metropolis.science"),
        "a knight on a building": (lambda d: knights(d, [settlement], 1, s.node_owner[settlement]),
                                   f"knights.level[{settlement}]"),
        "3 knights of one level": (lambda d: knights(d, free, 1), "knights.level"),
        "a knight without an owner": (lambda d: d["knights"]["level"].__setitem__(free[0], 2),
                                      f"knights.level[{free[0]}]"),
        "the pirate on land": (lambda d: d.update(pirate=s.robber), "pirate"),
        "the robber at sea": (lambda d: d.update(robber=s.comp.sea_tiles[0]), "robber"),
        "an unknown phase": (lambda d: d.update(phase="dance"), "phase"),
        "a malformed queued step": (lambda d: d.update(pending=[[999, 0]]), "pending[0]"),
        "a decision phase without its step": (lambda d: d.update(phase="discard"), "pending"),
        "progress cards not conserved": (lambda d: progress(d, 0, "alchemist", from_deck=False),
                                         "progress.decks.science"),
        "a VP card held": (lambda d: progress(d, 0, "printer"), "progress.hands[0]"),
        "5 progress cards with no discard queued": (lambda d: progress(d, 0, "crane", 2) or progress(d, 0, "smith", 2)
                                                    or progress(d, 0, "mining", 1), "progress.hands[0]"),
        "a winner in a game going on": (lambda d: d.update(winner=0), "winner"),
        "a stage with strict order off": (lambda d: d["turn_flags"].update(stage=1), "turn_flags.stage"),
        "a fresh knight that is not there": (lambda d: d["knights"].update(fresh=[free[0]]), "knights.fresh"),
        "a new ship that is not there": (lambda d: d["turn_flags"].update(new_ships=[0]), "turn_flags.new_ships"),
        "bad dice": (lambda d: d.update(dice=[0, 1, 0]), "dice"),
        "a steal from oneself": (lambda d: d.update(steals=[[p, p, 0]]), "steals[0]"),
        "a trade phase without an offer": (lambda d: d.update(phase="trade_choose"), "offer"),
        "an offer of the wrong length": (lambda d: d.update(phase="trade_reply", responder=(p + 1) % 3,
                                                            offer=[1, 0, 0]), "offer"),
        "an offer outside a trade": (lambda d: d.update(offer=[0] * 18), "offer"),
        "a gift": (lambda d: d.update(phase="trade_reply", responder=(p + 1) % 3, offer=[0] * 17 + [1]), "offer"),
        "the active player answering": (
            lambda d: d.update(phase="trade_reply", responder=p, offer=[0] * 8 + [1] + [1] + [0] * 8), "responder"),
        "a counter without the answer": (lambda d: d["counters"].__setitem__(1, [0] * 18), "counters[1]"),
    }


@pytest.mark.parametrize("name", sorted(_mutations()))
def test_a_malformed_position_is_refused_naming_the_field(name):
    data, s = _base()
    mutate, field = _mutations()[name]
    d = copy.deepcopy(data)
    mutate(d)
    g = game(3, seed=3)
    with pytest.raises(InvalidPositionError) as e:
        g.state_from_json(d)
    assert e.value.field == field, str(e.value)


def test_the_unchanged_base_position_loads():
    data, _ = _base()
    game(3, seed=3).state_from_json(copy.deepcopy(data))


# ------------------------------------------------------------------------------------------------
# observations
# ------------------------------------------------------------------------------------------------
def _observed():
    s = main_position(3, seed=6)
    p = s.active
    q, r = (p + 1) % 3, (p + 2) % 3
    set_hand(s, p, brick=1, cloth=2)
    set_hand(s, q, ore=3, paper=1)
    set_hand(s, r, grain=1)
    give_progress(s, p, "spy")
    give_progress(s, q, "alchemist", "bishop")
    s.steals = [[q, r, CARDS.index("ore")]]
    return s, p, q, r


def test_an_observation_shows_own_cards_and_only_counts_of_the_others():
    s, p, q, r = _observed()
    obs = s.observation(p)
    assert obs["hands"][p]["cloth"] == 2
    assert obs["hands"][q] == {"hidden": 4}
    assert obs["progress"]["hands"][p]["spy"] == 1
    assert obs["progress"]["hands"][q] == {"hidden_per_deck": {"trade": 0, "politics": 1, "science": 1}}
    assert obs["progress"]["decks"] == {t: sum(s.progress_decks[i]) for i, t in enumerate(TRACKS)}
    assert obs["steals"] == [[q, r, -1]]
    assert s.observation(q)["steals"] == [[q, r, CARDS.index("ore")]]
    assert s.observation(q)["progress"]["hands"][q]["alchemist"] == 1


def test_nothing_hidden_leaks_into_an_observation():
    """Two positions that differ only in what p cannot see give p the same observation, and its text names none
    of the others' cards."""
    s, p, q, r = _observed()
    t = s.clone()
    i, j = PROGRESS_IDS.index("alchemist"), PROGRESS_IDS.index("crane")  # both science cards
    t.progress_hand[q][i] -= 1
    t.progress_hand[q][j] += 1
    t.progress_decks[2][i] += 1
    t.progress_decks[2][j] -= 1
    ore, grain = CARDS.index("ore"), CARDS.index("grain")
    t.hands[q][ore] -= 1  # the stolen card was grain in t
    t.hands[q][grain] += 1
    t.hands[r][ore] += 1
    t.hands[r][grain] -= 1
    t.steals = [[q, r, grain]]
    t.validate_position()
    assert t.observation(p) == s.observation(p)
    assert t.observation(q) != s.observation(q)
    text = json.dumps(s.observation(p))
    assert '"alchemist"' not in text.replace('"alchemist": 0', "")
    assert '"bishop"' not in text.replace('"bishop": 0', "")


def test_the_terminal_text_shows_only_public_counts_and_the_seat_its_own_hand():
    s, p, q, r = _observed()
    t = s.clone()
    i, j = PROGRESS_IDS.index("alchemist"), PROGRESS_IDS.index("crane")
    t.progress_hand[q][i] -= 1
    t.progress_hand[q][j] += 1
    t.progress_decks[2][i] += 1
    t.progress_decks[2][j] -= 1
    t.hands[q][CARDS.index("ore")] -= 1
    t.hands[q][CARDS.index("paper")] += 1
    t.bank[CARDS.index("ore")] += 1
    t.bank[CARDS.index("paper")] -= 1
    assert t.describe() == s.describe()
    assert f"Player {q + 1}: " in s.describe() and "4 cards" in s.describe()
    assert s.hand_text(q) == "Your hand: 3 ore, 1 paper; $%d; progress cards: 1 Alchemist, 1 Bishop." % s.money[q]
    assert t.hand_text(q) != s.hand_text(q)
