"""Seafarers in the combined variant (catan.md Part 2, Seafarers): ships, the ship move, the pirate, gold, Longest
Road over roads and ships, and the combined board in play."""
from __future__ import annotations

from ratgames_lab.catan.combined.actions import BuildShip

from .helpers import assert_rejected, building, fresh, give, main_phase, ship


def _coast_site(s):
    t = s.comp.topo
    return next(v for v in range(t.n_nodes)
                if s.comp.building_site[v] and any(s.comp.ship_edge[e] for e in t.node_edges[v]))


def test_helpers_build_a_valid_main_phase():
    s = fresh(3, seed=1)
    v = _coast_site(s)
    building(s, 0, v, 2)
    give(s, 0, lumber=2, wool=2)
    main_phase(s, 0)
    assert s.current_player == 0
    ships = [a for a in s.legal_actions() if isinstance(a, BuildShip)]
    assert ships
    s.apply(ships[0])
    assert s.new_ships == [ships[0].edge]
    assert_rejected(s, ships[0], "seafarers.ship")
