"""Illegal actions raise IllegalActionError naming a rule with the state unchanged; malformed positions and
actions raise InvalidPositionError naming the bad field; legal_actions and the checks agree."""
from __future__ import annotations

import copy
import random

import pytest

from ratgames_lab.catan import Game
from ratgames_lab.catan.actions import (ALL_ACTIONS, BankTrade, BuildCity, BuildRoad, BuildSettlement, ChooseVictim,
                                        ConfirmTrade, CounterOffer, Dice, Discard, DrawDevelopment, MoveRobber,
                                        OfferTrade, PlayMonopoly, PlayYearOfPlenty, StealCard)
from ratgames_lab.catan.board import RESOURCES
from ratgames_lab.core.errors import IllegalActionError, InvalidPositionError
from ratgames_lab.core.protocol import CHANCE, TERMINAL

RULE_PREFIXES = ("setup.", "build.", "turn.", "production", "seven.", "trade.", "development.", "special.", "game.")


def candidate_actions(rng: random.Random) -> list:
    """Actions of every kind, with parameters in and out of range."""
    out = [cls() for cls in ALL_ACTIONS if not cls.__dataclass_fields__]
    out += [BuildSettlement(rng.randrange(-2, 60)), BuildRoad(rng.randrange(-2, 80)), BuildCity(rng.randrange(60)),
            Dice(rng.randrange(0, 8), rng.randrange(1, 7)), Discard(rng.choice(RESOURCES + ("gold",))),
            MoveRobber(rng.randrange(-1, 21)), ChooseVictim(rng.randrange(5)), StealCard(rng.choice(RESOURCES)),
            BankTrade(rng.choice(RESOURCES), rng.choice(RESOURCES)), ConfirmTrade(rng.randrange(4)),
            DrawDevelopment(rng.choice(("knight", "monopoly", "joker"))), PlayMonopoly(rng.choice(RESOURCES)),
            PlayYearOfPlenty((rng.choice(RESOURCES), rng.choice(RESOURCES))),
            OfferTrade(tuple(rng.randrange(3) for _ in range(5)), tuple(rng.randrange(3) for _ in range(5))),
            CounterOffer(tuple(rng.randrange(3) for _ in range(5)), tuple(rng.randrange(3) for _ in range(5)))]
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_illegal_actions_name_a_rule_and_change_nothing(players):
    illegal_seen = 0
    for seed in range(4):
        game = Game(players, seed=seed)
        s = game.new_state()
        rng = random.Random(seed)
        step = 0
        while s.current_player != TERMINAL and step < 1500:
            if step % 9 == 0:
                legal = s.legal_actions()
                before = s.to_json()
                for a in candidate_actions(rng):
                    listed = a in legal
                    if listed or s.accepts_unlisted(a):
                        assert s.is_legal(a)
                        continue
                    with pytest.raises(IllegalActionError) as exc:
                        s.apply(a)
                    assert exc.value.rule.startswith(RULE_PREFIXES), exc.value
                    assert s.explain_illegal(a).rule == exc.value.rule
                    illegal_seen += 1
                assert s.to_json() == before
                for a in legal:
                    assert s.is_legal(a), a
            if s.current_player == CHANCE:
                s.apply(s.sample_chance(rng))
            else:
                actions = s.legal_actions()
                s.apply(actions[rng.randrange(len(actions))])
            step += 1
    assert illegal_seen > 1000


def test_game_over_refuses_every_action():
    s = Game(3, seed=1).new_state()
    rng = random.Random(1)
    while not s.is_terminal():
        s.apply(s.sample_chance(rng) if s.current_player == CHANCE else rng.choice(s.legal_actions()))
    with pytest.raises(IllegalActionError):
        s.apply(s.legal_actions()[0] if s.legal_actions() else BuildRoad(0))


def midgame(players=4, seed=3, steps=600):
    s = Game(players, seed=seed).new_state()
    rng = random.Random(seed)
    for k in range(100_000):
        if k >= steps and s.phase == "main":
            return s
        s.apply(s.sample_chance(rng) if s.current_player == CHANCE else rng.choice(s.legal_actions()))
    raise AssertionError("no main phase reached")


def bad(data, mutate, field):
    d = copy.deepcopy(data)
    mutate(d)
    with pytest.raises(InvalidPositionError) as exc:
        Game(4, seed=0).state_from_json(d)
    assert exc.value.field == field, exc.value


def test_malformed_positions_name_the_bad_field():
    data = midgame().to_json()
    assert Game(4, seed=0).state_from_json(data).to_json() == data
    owner = data["intersections"]["owner"]
    v = next(i for i, o in enumerate(owner) if o is not None)
    free_neighbour = next(u for u in Game(4).board.topo.node_nbrs[v] if owner[u] is None)
    road = next(i for i, o in enumerate(data["roads"]) if o is not None)
    bad(data, lambda d: d.pop("bank"), "bank")
    bad(data, lambda d: d.update(extra=1), "extra")
    bad(data, lambda d: d.update(players=3), "players")
    bad(data, lambda d: d.update(phase="lunch"), "phase")
    bad(data, lambda d: d["bank"].update(ore=d["bank"]["ore"] + 1), "bank.ore")
    bad(data, lambda d: d["hands"][2].update(wool=-1), "hands[2].wool")
    bad(data, lambda d: d["tiles"][4].update(terrain="sea"), "tiles[4].terrain")
    bad(data, lambda d: d["tiles"][4].update(terrain="cheese"), "tiles[4].terrain")
    bad(data, lambda d: d["tiles"][9].update(number=7), "tiles[9].number")
    bad(data, lambda d: d.update(robber=40), "robber")
    bad(data, lambda d: (d["intersections"]["owner"].__setitem__(free_neighbour, 0),
                         d["intersections"]["level"].__setitem__(free_neighbour, 1)),
        f"intersections.owner[{min(v, free_neighbour)}]")
    bad(data, lambda d: d["intersections"]["level"].__setitem__(v, 3), f"intersections.level[{v}]")
    bad(data, lambda d: d["intersections"]["level"].__setitem__(v, 0), f"intersections.level[{v}]")
    bad(data, lambda d: d["roads"].__setitem__(road, 7), f"roads[{road}]")
    bad(data, lambda d: d["roads"].append(None), "roads")
    bad(data, lambda d: d["deck"].update(knight=d["deck"]["knight"] + 1), "deck.knight")
    bad(data, lambda d: d["harbours"][0].update(edge=36), "harbours[0].edge")
    bad(data, lambda d: d["harbours"][0].update(kind="5:1"), "harbours[0].kind")
    bad(data, lambda d: d["development"][1]["played"].update(victory_point=1),
        "development[1].played.victory_point")
    bad(data, lambda d: d.update(winner=2), "winner")
    bad(data, lambda d: d.update(responder=1), "responder")
    bad(data, lambda d: d.update(offer=[1, 0, 0]), "offer")


def test_fuzzed_positions_are_rejected_cleanly():
    data = midgame(3, seed=5).to_json()
    game = Game(3, seed=0)
    rng = random.Random(11)
    values = [None, -1, 0, 1, 2, 99, "x", [], {}, True, 3.5]
    rejected = 0
    for _ in range(400):
        d = copy.deepcopy(data)
        key = rng.choice(sorted(d))
        target = d
        path = key
        while isinstance(target[key], (dict, list)) and target[key] and rng.random() < 0.7:
            target = target[key]
            key = rng.choice(sorted(target)) if isinstance(target, dict) else rng.randrange(len(target))
            path += f".{key}"
        target[key] = rng.choice(values)
        try:
            game.state_from_json(d)
        except InvalidPositionError as exc:
            assert exc.field, path
            rejected += 1
    assert rejected > 250


def test_malformed_actions_name_the_bad_field():
    game = Game(4)
    for data, field in [({"kind": "fly"}, "action.kind"), ({"kind": "build_road"}, "action.edge"),
                        ({"kind": "build_road", "edge": "x"}, "action.edge"),
                        ({"kind": "offer_trade", "give": 3, "get": [0, 0, 0, 0, 1]}, "action.give"), (7, "action")]:
        with pytest.raises(InvalidPositionError) as exc:
            game.action_from_json(data)
        assert exc.value.field == field
    a = OfferTrade((1, 0, 0, 0, 0), (0, 0, 0, 0, 1))
    assert game.action_from_json(a.to_json()) == a
