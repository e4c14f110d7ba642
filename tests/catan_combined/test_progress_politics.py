"""The politics progress cards (catan_facts.md §3.2 Politics; catan.md Part 2): Bishop, Diplomat, Saboteur, Spy,
Wedding and Constitution — each card's effect, the limits and edge cases of the rulings table, and illegal plays
(the rule named, the position unchanged)."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

import ratgames_lab as rl
from ratgames_lab import IllegalActionError
from ratgames_lab.catan.actions import Discard, EndTurn, MoveRobber, Roll, StealCard
from ratgames_lab.catan.combined.actions import DrawProgress, MovePirate, RollDice
from ratgames_lab.catan.combined.components import (BRIDGE, CARDS, NO_PIECE, PROGRESS_DECK_OF, PROGRESS_IDS, ROAD,
                                                    SHIP, TRACKS)
from ratgames_lab.catan.combined.fish import init_fish
from ratgames_lab.catan.combined.places import pirate_edges, pirate_spots, road_spots, ship_spots
from ratgames_lab.catan.combined.progress_politics import (DiplomatKeep, DiplomatPlace, PlayBishop, PlayDiplomat,
                                                           PlaySaboteur, PlaySpy, PlayWedding, SpyTake, WeddingGift,
                                                           is_open, open_edges)
from ratgames_lab.catan.combined.queue import entry
from ratgames_lab.catan.combined.wagons import BoostWagon, MoveWagon
from ratgames_lab.core.protocol import CHANCE, TERMINAL

from .helpers import draw_fish, skip_wagons


# ------------------------------------------------------------------------------------------------
# scenario helpers
# ------------------------------------------------------------------------------------------------
def after_roll(players: int = 3, seed: int = 0):
    """A game after a random setup and a quiet first roll (4, trade gate: no progress draw at level 0), with every
    card back in the bank: the active player is in the action phase."""
    g = rl.load_game("catan", players, seed=seed, variant="combined")
    s = skip_wagons(g.new_state())
    rng = random.Random(seed)
    while s.turn == 0:  # setup (fish draws take the first outcome: the same setup as without fish)
        s.apply(s.legal_actions()[0] if s.phase == "fish_draw" else rng.choice(s.legal_actions()))
    s.apply(Roll())
    s.apply(RollDice(1, 3, "trade"))
    draw_fish(s)
    assert s.phase == "main" and not s.pending
    for p in range(players):
        for c in range(len(CARDS)):
            s.bank[c] += s.hands[p][c]
            s.hands[p][c] = 0
    init_fish(s)  # every fish token back in the stack too
    s.after_load()
    return s


def deal(s, p: int, **cards: int) -> None:
    """p takes these cards from the bank."""
    for name, n in cards.items():
        c = CARDS.index(name)
        s.bank[c] -= n
        s.hands[p][c] += n


def hand_card(s, p: int, card: str) -> None:
    """p takes one progress card of this type from its deck (it must be there)."""
    i = PROGRESS_IDS.index(card)
    s.progress_decks[PROGRESS_DECK_OF[i]][i] -= 1
    s.progress_hand[p][i] += 1


def diplomat_turn():
    """(state, p, q): Player p's action phase after a roll with a Diplomat in hand; q plays next."""
    s = after_roll()
    p = s.active
    hand_card(s, p, "diplomat")
    return s, p, (p + 1) % 3


def ready(s) -> None:
    """Rebuild the derived data after editing a scenario and check conservation."""
    s.after_load()
    s.validate_position()


def bonus_vp(s, p: int, vp: int) -> None:
    """Give p Defender cards worth ``vp`` (a way to set the score in a scenario)."""
    s.defenders[p] += vp


def illegal(s, action, rule: str) -> IllegalActionError:
    """The action is refused naming ``rule`` and the position is unchanged."""
    before = s.to_json()
    with pytest.raises(IllegalActionError) as info:
        s.apply(action)
    assert info.value.rule == rule
    assert s.to_json() == before
    return info.value


def path_from(s, start: int, k: int, avoid: set[int] = frozenset(), accept=lambda path: True) -> list[int]:
    """k free land edges forming a simple path from ``start`` through free intersections (no building, no knight),
    the first one ``accept`` takes."""
    topo, comp = s.comp.topo, s.comp

    def free(v: int) -> bool:
        return s.node_owner[v] < 0 and not s.knight_level[v] and v not in avoid

    def dfs(v: int, used: list[int], seen: set[int]):
        if len(used) == k:
            return used if accept(used) else None
        for e in topo.node_edges[v]:
            if s.edge_owner[e] >= 0 or not comp.road_edge[e] or comp.bridge_edge[e]:
                continue
            a, b = topo.edge_nodes[e]
            w = b if a == v else a
            if w in seen or not free(w):
                continue
            out = dfs(w, used + [e], seen | {w})
            if out:
                return out
        return None

    out = dfs(start, [], {start})
    assert out, f"no free path of {k} edges from {start}"
    return out


def lay(s, p: int, edges: list[int], piece: int = ROAD) -> None:
    """Put p's pieces on these edges."""
    for e in edges:
        s.edge_owner[e] = p
        s.edge_piece[e] = piece


def far_end(s, edges: list[int], start: int) -> int:
    """The intersection at the far end of a path of edges from ``start``."""
    v = start
    for e in edges:
        a, b = s.comp.topo.edge_nodes[e]
        v = b if a == v else a
    return v


def own_road_end(s, p: int) -> tuple[int, int]:
    """One of p's roads and its open end (the end that is not p's building)."""
    for e in s.edges_of[p]:
        if s.edge_piece[e] == ROAD:
            a, b = s.comp.topo.edge_nodes[e]
            return e, (b if s.node_owner[a] == p else a)
    raise AssertionError("no road")


# ------------------------------------------------------------------------------------------------
# rules common to the cards
# ------------------------------------------------------------------------------------------------
def test_politics_cards_are_played_only_after_the_roll_and_only_when_held():
    s = after_roll()
    p = s.active
    illegal(s, PlaySaboteur(), "progress.hand")
    hand_card(s, p, "saboteur")
    deal(s, (p + 1) % 3, brick=4)
    ready(s)
    s.apply(EndTurn())
    hand_card(s, s.active, "wedding")  # the next player, before rolling
    ready(s)
    assert s.phase == "roll"
    assert not any(isinstance(a, (PlaySaboteur, PlayWedding)) for a in s.legal_actions())
    illegal(s, PlaySaboteur(), "progress.timing")
    illegal(s, PlayWedding(), "progress.timing")


def test_cards_are_not_played_during_another_decision():
    s = after_roll()
    p = s.active
    hand_card(s, p, "spy")
    hand_card(s, (p + 1) % 3, "crane")
    deal(s, (p + 2) % 3, wool=9)
    s.pending = [entry("discard", (p + 2) % 3, 4)]
    ready(s)
    assert s.phase == "discard"
    illegal(s, PlaySpy((p + 1) % 3), "progress.timing")


# ------------------------------------------------------------------------------------------------
# Bishop
# ------------------------------------------------------------------------------------------------
def test_bishop_is_not_playable_during_the_truce():
    s = after_roll()
    hand_card(s, s.active, "bishop")
    ready(s)
    assert s.attacks == 0 and s.options.robber_peace
    assert PlayBishop() not in s.legal_actions()
    illegal(s, PlayBishop(), "progress.bishop")


def test_bishop_plays_without_the_truce_option():
    g = rl.load_game("catan", 3, seed=0, variant="combined", robber_peace=False)
    s = skip_wagons(g.new_state())
    rng = random.Random(0)
    while s.turn == 0:
        s.apply(s.legal_actions()[0] if s.phase == "fish_draw" else rng.choice(s.legal_actions()))
    s.apply(Roll())
    s.apply(RollDice(1, 3, "trade"))
    draw_fish(s)
    hand_card(s, s.active, "bishop")
    ready(s)
    assert PlayBishop() in s.legal_actions()
    s.apply(PlayBishop())
    assert s.phase == "bishop"


def _tile_with_two_opponents(s, thief: int):
    """A land tile (not the robber's) with buildings of the two other players."""
    topo = s.comp.topo
    for t in s.comp.land_tiles:
        owners = {s.node_owner[v] for v in topo.tile_nodes[t]} - {-1}
        if t != s.robber and len(owners - {thief}) == 2 and thief not in owners:
            return t
    return None


def test_bishop_moves_the_robber_and_takes_one_random_card_from_each_player_there():
    s = after_roll(seed=0)
    thief = s.active
    a, b = (thief + 1) % 3, (thief + 2) % 3
    topo = s.comp.topo
    # a tile with two buildings of a and one of b: put them there by hand
    tile = next(t for t in s.comp.land_tiles if t != s.robber
                and all(s.comp.building_site[v] for v in topo.tile_nodes[t])
                and all(s.node_owner[u] < 0 for v in topo.tile_nodes[t] for u in topo.node_nbrs[v]))
    corners: list[int] = []
    for v in topo.tile_nodes[tile]:  # three corners, no two next to each other
        if all(u not in topo.node_nbrs[v] for u in corners):
            corners.append(v)
    v1, v2, v3 = corners[:3]
    for v, owner in ((v1, a), (v2, a), (v3, b)):
        s.node_owner[v] = owner
        s.node_level[v] = 1
    s.attacks = 1
    hand_card(s, thief, "bishop")
    deal(s, a, brick=1, ore=2)
    deal(s, b, cloth=1)
    s.money = [5, 5, 5]
    ready(s)
    s.apply(PlayBishop())
    assert s.phase == "bishop" and s.current_player == thief
    moves = s.legal_actions()
    assert MoveRobber(tile) in moves and MoveRobber(s.robber) not in moves
    assert all(isinstance(m, (MoveRobber, MovePirate)) for m in moves)
    assert any(isinstance(m, MovePirate) for m in moves)  # the settled default: the robber OR the pirate
    illegal(s, MoveRobber(s.robber), "seven.robber")
    s.apply(MoveRobber(tile))
    assert s.robber == tile
    # the first victim in turn order: a, one card at random (chance step), whatever the number of buildings
    assert s.current_player == CHANCE and s.phase == "steal"
    assert dict(s.chance_outcomes()) == {StealCard("brick"): Fraction(1, 3), StealCard("ore"): Fraction(2, 3)}
    s.apply(StealCard("ore"))
    assert s.phase == "steal"
    assert dict(s.chance_outcomes()) == {StealCard("cloth"): Fraction(1)}
    s.apply(StealCard("cloth"))
    assert s.phase == "main" and s.current_player == thief
    assert s.hands[a] == [1, 0, 0, 0, 1, 0, 0, 0]
    assert s.hand_size(b) == 0
    assert s.hands[thief][CARDS.index("ore")] == 1 and s.hands[thief][CARDS.index("cloth")] == 1
    assert s.money == [5, 5, 5]
    assert s.progress_count(thief) == 0 and s.progress_under[TRACKS.index("politics")][-1] == \
        PROGRESS_IDS.index("bishop")
    # hidden information: the stolen cards are named in no event, only in the thief's and victim's views
    for ev in s.events[-6:]:
        assert "card" not in ev.params or ev.kind == "progress_play"
    assert s.observation(b)["steals"][-2] == [thief, a, -1]
    assert s.observation(a)["steals"][-2] == [thief, a, CARDS.index("ore")]
    s.validate_position()


def test_bishop_on_a_tile_without_opponents_steals_nothing():
    s = after_roll()
    thief = s.active
    s.attacks = 1
    hand_card(s, thief, "bishop")
    for p in range(3):
        deal(s, p, grain=2)
    ready(s)
    topo = s.comp.topo
    empty = next(t for t in s.comp.land_tiles if t != s.robber
                 and all(s.node_owner[v] < 0 or s.node_owner[v] == thief for v in topo.tile_nodes[t]))
    s.apply(PlayBishop())
    s.apply(MoveRobber(empty))
    assert s.phase == "main" and s.robber == empty
    assert [s.hand_size(p) for p in range(3)] == [2, 2, 2]
    assert s.events[-1].kind == "bishop_nobody"


def test_bishop_skips_a_victim_without_cards():
    s = after_roll()
    thief = s.active
    victim = (thief + 1) % 3
    s.attacks = 1
    hand_card(s, thief, "bishop")
    ready(s)
    tile = next(t for t in s.comp.land_tiles if t != s.robber
                and victim in {s.node_owner[v] for v in s.comp.topo.tile_nodes[t]})
    s.apply(PlayBishop())
    s.apply(MoveRobber(tile))
    assert s.phase == "main" and not s.pending


def test_bishop_may_move_the_pirate_and_take_from_ship_owners():
    s = after_roll()
    thief = s.active
    victim = (thief + 1) % 3
    s.attacks = 1
    hand_card(s, thief, "bishop")
    deal(s, victim, wool=1)
    # the victim's ship: the first of their ships, or one laid by hand on a sea edge by their building
    ships = [e for e in s.edges_of[victim] if s.edge_piece[e] == SHIP]
    if not ships:
        e = ship_spots(s, victim)[0]
        lay(s, victim, [e], SHIP)
        ships = [e]
    ready(s)
    spot = next(x for x, edges in pirate_spots(s) if ships[0] in edges and x != s.pirate)
    s.apply(PlayBishop())
    s.apply(MovePirate(spot))
    assert s.pirate == spot
    assert s.phase == "steal" and dict(s.chance_outcomes()) == {StealCard("wool"): Fraction(1)}
    s.apply(StealCard("wool"))
    assert s.hands[thief][CARDS.index("wool")] == 1 and s.phase == "main"
    illegal(s, MovePirate(spot), "turn.phase")  # the Bishop moves one piece once


# ------------------------------------------------------------------------------------------------
# Diplomat
# ------------------------------------------------------------------------------------------------
def test_diplomat_removes_an_opponents_open_road():
    s, p, q = diplomat_turn()
    ready(s)
    e, _end = own_road_end(s, q)
    assert is_open(s, e) and PlayDiplomat(e) in s.legal_actions()
    s.apply(PlayDiplomat(e))
    assert s.edge_owner[e] == -1 and s.edge_piece[e] == NO_PIECE and e not in s.edges_of[q]
    assert s.phase == "main" and not s.pending  # not the card player's piece: nothing to place again
    assert s.events[-1].kind == "diplomat"
    s.validate_position()


def test_a_chain_between_two_own_buildings_is_closed_even_when_an_opponent_builds_on_it():
    s, p, q = diplomat_turn()
    home = next(v for v in s.buildings_of[q] if s.node_level[v] == 1)
    path = path_from(s, home, 2)
    lay(s, q, path)
    end = far_end(s, path, home)
    ready(s)
    assert is_open(s, path[-1]) and not is_open(s, path[0])
    s.node_owner[end] = q  # q's second settlement closes the chain
    s.node_level[end] = 1
    ready(s)
    assert not is_open(s, path[0]) and not is_open(s, path[1])
    err = illegal(s, PlayDiplomat(path[1]), "progress.diplomat")
    assert "not open" in err.reason
    assert PlayDiplomat(path[1]) not in s.legal_actions()
    # an opponent's knight on the middle intersection cuts the road but the chain stays closed (faq 4885)
    a, b = s.comp.topo.edge_nodes[path[0]]
    middle = b if a == home else a
    s.knight_level[middle] = 1
    s.knight_owner[middle] = p
    ready(s)
    assert not is_open(s, path[0]) and not is_open(s, path[1])


def test_a_road_ending_at_its_owners_knight_is_closed():
    s, p, q = diplomat_turn()
    ready(s)
    e, end = own_road_end(s, q)
    assert is_open(s, e)
    s.knight_level[end] = 1
    s.knight_owner[end] = q
    ready(s)
    assert not is_open(s, e)
    illegal(s, PlayDiplomat(e), "progress.diplomat")
    s.knight_owner[end] = p  # an opponent's knight there does not close it
    ready(s)
    assert is_open(s, e)


def test_a_road_is_not_closed_by_a_ship_away_from_a_building():
    s = after_roll()
    q = (s.active + 1) % 3
    topo, comp = s.comp.topo, s.comp

    def fits(u: int, e: int, f: int) -> bool:
        nodes = {u, *topo.edge_nodes[e], *topo.edge_nodes[f]}
        return all(s.node_owner[w] < 0 and all(s.node_owner[x] < 0 for x in topo.node_nbrs[w]) for w in nodes)

    # q's settlement on u, a road u-v, a ship v-w on a sea edge: the road and the ship meet at v, no building there
    u, e, f = next((u, e, f) for u in range(topo.n_nodes) if comp.building_site[u] for e in topo.node_edges[u]
                   if comp.road_edge[e] for f in topo.node_edges[next(x for x in topo.edge_nodes[e] if x != u)]
                   if f != e and comp.ship_edge[f] and not comp.road_edge[f] and fits(u, e, f))
    s.node_owner[u], s.node_level[u] = q, 1
    lay(s, q, [e])
    lay(s, q, [f], SHIP)
    ready(s)
    assert is_open(s, e) and is_open(s, f)  # *interpretation*: a road and a ship join only at a building
    v = next(x for x in topo.edge_nodes[e] if x != u)
    g = next(g for g in topo.node_edges[v] if g not in (e, f))
    if comp.road_edge[g]:
        lay(s, q, [g])  # a road going on from v closes the road's end (the ship still ends there)
        ready(s)
        assert not is_open(s, e) and is_open(s, f)


def test_diplomat_never_removes_a_bridge():
    s, p, _q = diplomat_turn()
    bridge = next(e for e in range(s.comp.topo.n_edges) if s.comp.bridge_edge[e])
    lay(s, (p + 1) % 3, [bridge], BRIDGE)
    ready(s)
    assert bridge not in open_edges(s)
    assert PlayDiplomat(bridge) not in s.legal_actions()
    err = illegal(s, PlayDiplomat(bridge), "progress.diplomat")
    assert "bridge" in err.reason


def test_diplomat_with_no_open_road_on_the_board_is_not_playable():
    s, p, _q = diplomat_turn()
    s.edge_owner = [-1] * s.comp.topo.n_edges
    s.edge_piece = [NO_PIECE] * s.comp.topo.n_edges
    ready(s)
    assert not open_edges(s)
    assert not any(isinstance(a, PlayDiplomat) for a in s.legal_actions())
    illegal(s, PlayDiplomat(0), "progress.diplomat")


def test_diplomat_on_your_own_road_lets_you_place_it_again_elsewhere():
    s, p, _q = diplomat_turn()
    ready(s)
    e, _ = own_road_end(s, p)
    roads_before = len(s.edges_of[p])
    s.apply(PlayDiplomat(e))
    assert s.phase == "diplomat_place" and s.current_player == p
    acts = s.legal_actions()
    assert DiplomatKeep() in acts
    targets = {a.edge for a in acts if isinstance(a, DiplomatPlace)}
    assert e not in targets  # not the same edge
    assert targets == set(road_spots(s, p)) - {e}  # roads as roads: never a ship edge
    illegal(s, DiplomatPlace(e), "progress.diplomat")
    sea_only = next(x for x in ship_spots(s, p) if not s.comp.road_edge[x]) if any(
        not s.comp.road_edge[x] for x in ship_spots(s, p)) else None
    if sea_only is not None:
        illegal(s, DiplomatPlace(sea_only), "progress.diplomat")
    target = sorted(targets)[0]
    s.apply(DiplomatPlace(target))
    assert s.edge_owner[target] == p and s.edge_piece[target] == ROAD
    assert len(s.edges_of[p]) == roads_before and s.phase == "main"
    s.validate_position()


def test_diplomat_placing_again_is_optional():
    s, p, _q = diplomat_turn()
    ready(s)
    e, _ = own_road_end(s, p)
    n = len(s.edges_of[p])
    s.apply(PlayDiplomat(e))
    s.apply(DiplomatKeep())
    assert len(s.edges_of[p]) == n - 1 and s.phase == "main"
    illegal(s, DiplomatKeep(), "turn.phase")


def test_diplomat_takes_an_open_ship_even_one_the_pirate_pins_and_places_it_again_as_a_ship():
    s = after_roll(seed=0)
    p = s.active
    hand_card(s, p, "diplomat")
    ship = next(e for e in s.edges_of[p] if s.edge_piece[e] == SHIP)  # seed 0: the active player has ships
    s.pirate = next(x for x, edges in pirate_spots(s) if ship in edges)
    ready(s)
    assert ship in pirate_edges(s) and is_open(s, ship)
    s.apply(PlayDiplomat(ship))
    assert s.phase == "diplomat_place"
    targets = {a.edge for a in s.legal_actions() if isinstance(a, DiplomatPlace)}
    assert targets and targets == set(ship_spots(s, p)) - {ship}
    assert not targets & pirate_edges(s)  # a legal edge: not one the pirate blocks
    assert not any(s.comp.road_edge[x] and not s.comp.ship_edge[x] for x in targets)  # ships as ships
    t = sorted(targets)[0]
    s.apply(DiplomatPlace(t))
    assert s.edge_piece[t] == SHIP and s.edge_owner[t] == p
    assert t in s.new_ships  # *interpretation*: placed this turn, so it cannot be moved this turn
    s.validate_position()


def test_longest_road_is_judged_after_the_new_placement():
    s, p, q = diplomat_turn()
    s.edge_owner = [-1] * s.comp.topo.n_edges
    s.edge_piece = [NO_PIECE] * s.comp.topo.n_edges
    home_p, home_q = s.buildings_of[p][0], s.buildings_of[q][0]
    topo = s.comp.topo

    def branches(path: list[int]) -> bool:  # the trail's 4th intersection has a third free land edge
        v = far_end(s, path[:4], home_p)
        return any(s.comp.road_edge[e] and e not in path for e in topo.node_edges[v])

    mine = path_from(s, home_p, 5, accept=branches)
    lay(s, p, mine)
    theirs = path_from(s, home_q, 5, avoid={topo.edge_nodes[e][i] for e in mine for i in (0, 1)})
    lay(s, q, theirs)
    s.longest_holder = p  # p built 5 first; q tied later: p keeps it
    ready(s)
    from ratgames_lab.catan.combined.special import update_longest_road
    update_longest_road(s)
    assert s.road_length[p] == s.road_length[q] == 5 and s.longest_holder == p
    # p takes the far end of their own road: alone, p would drop to 4 and q would take the card
    s.apply(PlayDiplomat(mine[-1]))
    assert s.phase == "diplomat_place" and s.longest_holder == p  # not judged yet: p's road is in hand
    # ... but p lays it again where the trail is 5 long again: judged once, after the placement, p keeps it
    back = next(a for a in s.legal_actions() if isinstance(a, DiplomatPlace) and _length_after(s, a, p) == 5)
    s.apply(back)
    assert back.edge != mine[-1] and s.road_length[p] == 5 and s.longest_holder == p


def _length_after(s, action, p: int) -> int:
    t = s.clone()
    t.apply(action)
    return t.road_length[p]


def test_diplomat_cuts_the_holders_longest_road():
    s, p, q = diplomat_turn()
    s.edge_owner = [-1] * s.comp.topo.n_edges
    s.edge_piece = [NO_PIECE] * s.comp.topo.n_edges
    home_q = s.buildings_of[q][0]
    theirs = path_from(s, home_q, 5)
    lay(s, q, theirs)
    ready(s)
    from ratgames_lab.catan.combined.special import update_longest_road
    update_longest_road(s)
    assert s.longest_holder == q
    vp_before = s.vp(q)
    s.apply(PlayDiplomat(theirs[-1]))
    assert s.longest_holder == -1 and s.vp(q) == vp_before - 2


def _river_site(s):
    """A free building site on a river tile's corner, away from every building, with two land edges on river
    tiles (not river crossings): (site, edge, other edge)."""
    comp, topo = s.comp, s.comp.topo
    river = comp.board.river

    def river_road(e: int) -> bool:
        return comp.road_edge[e] and s.edge_owner[e] < 0 and any(river[x] for x in topo.edge_tiles[e])

    for v in range(topo.n_nodes):
        if comp.building_site[v] and s.node_owner[v] < 0 and all(s.node_owner[u] < 0 for u in topo.node_nbrs[v]):
            edges = [e for e in topo.node_edges[v] if river_road(e)]
            if len(edges) >= 2:
                return v, edges[0], edges[1]
    raise AssertionError("no river site")


def test_diplomat_pays_a_dollar_to_remove_a_road_at_a_river():
    s, p, q = diplomat_turn()
    v, e, _f = _river_site(s)
    s.node_owner[v], s.node_level[v] = q, 1
    lay(s, q, [e])
    s.money[p] = 0
    ready(s)
    assert is_open(s, e)
    assert PlayDiplomat(e) not in s.legal_actions()
    err = illegal(s, PlayDiplomat(e), "progress.diplomat")
    assert "$1" in err.reason
    s.money[p] = 3
    ready(s)
    s.apply(PlayDiplomat(e))
    assert s.money[p] == 2 and s.edge_owner[e] == -1


def test_diplomat_moving_your_road_between_river_sites_costs_nothing_in_the_end():
    s, p, _q = diplomat_turn()
    hand_card(s, p, "diplomat")
    v, e, f = _river_site(s)
    s.node_owner[v], s.node_level[v] = p, 1
    lay(s, p, [e])
    s.money[p] = 4
    ready(s)
    s.apply(PlayDiplomat(e))
    assert s.money[p] == 3 and s.phase == "diplomat_place"
    s.apply(DiplomatPlace(f))  # a river site again: counts as built there, $1 back
    assert s.money[p] == 4 and s.edge_owner[f] == p
    s.apply(PlayDiplomat(f))
    s.apply(DiplomatKeep())  # kept in the supply: the $1 is spent
    assert s.money[p] == 3


# ------------------------------------------------------------------------------------------------
# Saboteur
# ------------------------------------------------------------------------------------------------
def test_saboteur_hits_players_with_as_many_or_more_vp_who_discard_half_of_their_choice():
    s = after_roll(players=4)
    p = s.active
    left, across, right = (p + 1) % 4, (p + 2) % 4, (p + 3) % 4
    hand_card(s, p, "saboteur")
    bonus_vp(s, p, 1)
    bonus_vp(s, left, 2)  # more VP than the card player
    bonus_vp(s, across, 1)  # tied: affected too; right has fewer VP
    deal(s, left, brick=3, cloth=2)  # 5 cards: discards 2
    deal(s, across, ore=4, coin=3)  # 7 cards: discards 3, and its city wall does not help
    deal(s, right, grain=6)
    s.money = [9] * 4
    s.node_wall[next(v for v in s.buildings_of[across] if s.node_level[v] == 2)] = 1
    ready(s)
    assert s.vp(left) > s.vp(p) == s.vp(across) and s.vp(right) < s.vp(p)
    s.apply(PlaySaboteur())
    # left first, then across (turn order from the card player's left)
    assert s.phase == "discard" and s.current_player == left
    for card in ("brick", "cloth"):
        s.apply(Discard(card))
    assert s.current_player == across
    illegal(s, Discard("brick"), "seven.discard")
    for card in ("coin", "coin", "ore"):
        s.apply(Discard(card))
    assert s.phase == "main" and s.current_player == p
    assert s.hand_size(left) == 3 and s.hand_size(across) == 4 and s.hand_size(right) == 6
    assert s.money == [9] * 4
    s.validate_position()


def test_saboteur_spares_a_player_with_one_card_and_needs_a_target():
    s = after_roll()
    p = s.active
    hand_card(s, p, "saboteur")
    deal(s, (p + 1) % 3, brick=1)
    deal(s, (p + 2) % 3, brick=1)
    ready(s)
    assert PlaySaboteur() not in s.legal_actions()
    err = illegal(s, PlaySaboteur(), "progress.saboteur")
    assert "2 cards" in err.reason
    deal(s, (p + 2) % 3, wool=1)
    ready(s)
    s.apply(PlaySaboteur())
    assert s.phase == "discard" and s.current_player == (p + 2) % 3 and s.pending[0][2] == 1


def test_saboteur_spares_players_with_fewer_vp():
    s = after_roll()
    p = s.active
    hand_card(s, p, "saboteur")
    bonus_vp(s, p, 1)
    deal(s, (p + 1) % 3, brick=6)
    deal(s, (p + 2) % 3, brick=6)
    ready(s)
    illegal(s, PlaySaboteur(), "progress.saboteur")


# ------------------------------------------------------------------------------------------------
# Spy
# ------------------------------------------------------------------------------------------------
def test_spy_shows_the_victims_cards_only_to_the_spy_and_takes_one():
    s = after_roll()
    p = s.active
    victim, third = (p + 1) % 3, (p + 2) % 3
    hand_card(s, p, "spy")
    hand_card(s, victim, "crane")
    hand_card(s, victim, "merchant")
    hand_card(s, third, "spy")
    ready(s)
    plays = [a for a in s.legal_actions() if isinstance(a, PlaySpy)]
    assert sorted(a.victim for a in plays) == sorted([victim, third])
    s.apply(PlaySpy(victim))
    assert s.phase == "spy" and s.current_player == p
    assert set(s.legal_actions()) == {SpyTake("crane"), SpyTake("merchant")}
    view = s.observation(p)["progress"]["hands"][victim]
    assert "hidden_per_deck" not in view and sum(view.values()) == 2
    assert "hidden_per_deck" in s.observation(third)["progress"]["hands"][victim]
    for seed in range(5):  # the spy's determinized worlds keep what the spy sees
        d = s.determinize(p, random.Random(seed))
        assert d.progress_hand[victim] == s.progress_hand[victim]
        assert set(d.legal_actions()) == set(s.legal_actions())
    illegal(s, SpyTake("spy"), "progress.spy")
    s.apply(SpyTake("merchant"))
    assert s.phase == "main"
    assert s.progress_hand[p][PROGRESS_IDS.index("merchant")] == 1
    assert s.progress_hand[victim][PROGRESS_IDS.index("merchant")] == 0
    assert s.progress_count(victim) == 1
    for ev in s.events[-3:]:
        assert "merchant" not in str(ev.params).lower() or ev.kind == "progress_play"
    s.validate_position()


def test_the_card_the_spy_takes_may_be_played_the_same_turn():
    s = after_roll()
    p = s.active
    victim = (p + 1) % 3
    hand_card(s, p, "spy")
    hand_card(s, victim, "saboteur")
    deal(s, victim, ore=4)
    ready(s)
    s.apply(PlaySpy(victim))
    s.apply(SpyTake("saboteur"))
    assert PlaySaboteur() in s.legal_actions()
    s.apply(PlaySaboteur())
    assert s.phase == "discard" and s.current_player == victim


def test_spy_may_take_a_spy_and_the_hand_stays_within_the_limit():
    s = after_roll()
    p = s.active
    victim = (p + 1) % 3
    for card in ("spy", "crane", "medicine", "inventor"):
        hand_card(s, p, card)
    hand_card(s, victim, "spy")
    ready(s)
    s.apply(PlaySpy(victim))
    s.apply(SpyTake("spy"))
    assert s.progress_count(p) == 4 and s.phase == "main" and not s.pending


def test_spy_needs_an_opponent_with_progress_cards_and_vp_cards_are_never_taken():
    s = after_roll()
    p = s.active
    victim = (p + 1) % 3
    hand_card(s, p, "spy")
    i = PROGRESS_IDS.index("constitution")
    s.progress_decks[PROGRESS_DECK_OF[i]][i] -= 1
    s.progress_shown[victim][i] += 1  # shown, never in a hand
    ready(s)
    assert not any(isinstance(a, PlaySpy) for a in s.legal_actions())
    illegal(s, PlaySpy(victim), "progress.spy")
    illegal(s, PlaySpy(p), "progress.spy")
    illegal(s, PlaySpy(7), "progress.spy")


# ------------------------------------------------------------------------------------------------
# Wedding
# ------------------------------------------------------------------------------------------------
def test_wedding_guests_with_more_vp_give_two_cards_of_their_choice():
    s = after_roll(players=4)
    p = s.active
    left, across, right = (p + 1) % 4, (p + 2) % 4, (p + 3) % 4
    hand_card(s, p, "wedding")
    bonus_vp(s, left, 2)
    bonus_vp(s, right, 1)  # across is tied: not a guest
    deal(s, left, brick=2, paper=3)
    deal(s, across, ore=5)
    deal(s, right, wool=1)  # one card: gives one
    s.money = [3] * 4
    ready(s)
    assert s.vp(left) > s.vp(p) and s.vp(right) > s.vp(p) and s.vp(across) == s.vp(p)
    s.apply(PlayWedding())
    assert s.phase == "wedding" and s.current_player == left
    assert set(s.legal_actions()) == {WeddingGift("brick"), WeddingGift("paper")}
    illegal(s, WeddingGift("ore"), "progress.wedding")
    s.apply(WeddingGift("paper"))
    assert s.current_player == left
    s.apply(WeddingGift("paper"))
    assert s.current_player == right
    s.apply(WeddingGift("wool"))
    assert s.phase == "main" and s.current_player == p
    assert s.hands[p][CARDS.index("paper")] == 2 and s.hands[p][CARDS.index("wool")] == 1
    assert s.hand_size(across) == 5 and s.money == [3] * 4
    # which card was given is seen only by the giver and the card player
    assert s.observation(across)["steals"][-1][2] == -1
    assert s.observation(right)["steals"][-1][2] == CARDS.index("wool")
    assert all("card" not in ev.params for ev in s.events[-3:])
    s.validate_position()


def test_wedding_needs_a_richer_player_with_cards():
    s = after_roll()
    p = s.active
    hand_card(s, p, "wedding")
    deal(s, (p + 1) % 3, brick=3)  # tied: not a guest
    bonus_vp(s, (p + 2) % 3, 1)  # richer, but no card
    ready(s)
    assert PlayWedding() not in s.legal_actions()
    illegal(s, PlayWedding(), "progress.wedding")


# ------------------------------------------------------------------------------------------------
# Constitution
# ------------------------------------------------------------------------------------------------
def test_constitution_is_shown_and_scored_when_drawn_even_on_another_players_turn():
    s = after_roll()
    drawer = (s.active + 1) % 3
    deck = TRACKS.index("politics")
    s.pending = [entry("draw_progress", drawer, deck)]
    ready(s)
    assert s.current_player == CHANCE
    vp = s.vp(drawer)
    s.apply(DrawProgress("constitution"))
    assert s.vp(drawer) == vp + 1
    assert s.progress_count(drawer) == 0 and s.progress_shown[drawer][PROGRESS_IDS.index("constitution")] == 1
    assert s.events[-1].kind == "progress_vp"
    # the Spy cannot take it: it is in no hand
    hand_card(s, s.active, "spy")
    ready(s)
    illegal(s, PlaySpy(drawer), "progress.spy")


# ------------------------------------------------------------------------------------------------
# positions saved in the middle of a card
# ------------------------------------------------------------------------------------------------
def test_positions_in_the_middle_of_a_card_round_trip_with_their_actions():
    g = rl.load_game("catan", 3, seed=0, variant="combined")
    s = after_roll()
    p = s.active
    victim = (p + 1) % 3
    for card in ("spy", "diplomat", "wedding"):
        hand_card(s, p, card)
    hand_card(s, victim, "crane")
    bonus_vp(s, victim, 1)
    deal(s, victim, brick=3)
    ready(s)
    e, _ = own_road_end(s, p)
    for action in (PlaySpy(victim), SpyTake("crane"), PlayDiplomat(e), None, PlayWedding(), WeddingGift("brick")):
        if action is None:  # the Diplomat's placement step: keep the piece
            action = DiplomatKeep()
        t = g.state_from_json(s.to_json())
        assert t.to_json() == s.to_json() and t.legal_actions() == s.legal_actions()
        assert g.action_from_json(action.to_json()) == action
        s.apply(action)
    assert s.phase == "wedding" and s.pending[0][2] == 1
    t = g.state_from_json(s.to_json())
    assert t.legal_actions() == s.legal_actions()


# ------------------------------------------------------------------------------------------------
# whole games
# ------------------------------------------------------------------------------------------------
def test_random_games_play_the_politics_cards_and_keep_the_position_valid():
    played = set()
    for seed in range(8):
        g = rl.load_game("catan", 3, seed=seed, variant="combined", turn_cap=150, robber_peace=False)
        s = skip_wagons(g.new_state())
        rng = random.Random(seed)
        while s.current_player != TERMINAL:
            acts = s.legal_actions() if s.current_player != CHANCE else None
            if acts and s.phase == "main":  # the wagon moves last and ends the turn: leave it home here
                acts = [x for x in acts if not isinstance(x, (MoveWagon, BoostWagon))]
            if acts is None:
                a = s.sample_chance(rng)
            else:
                plays = [x for x in acts if type(x).__name__.startswith("Play")]
                a = rng.choice(plays) if plays and rng.random() < 0.5 else rng.choice(acts)
            if type(a).__name__.startswith("Play"):
                played.add(type(a).__name__)
            s.apply(a)
            if type(a) in (DiplomatPlace, DiplomatKeep, SpyTake, WeddingGift, PlayBishop, PlaySaboteur):
                s.validate_position()
        s.validate_position()
    assert {"PlayBishop", "PlayDiplomat", "PlaySaboteur", "PlaySpy", "PlayWedding"} <= played
