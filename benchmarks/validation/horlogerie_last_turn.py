"""L'Horlogerie des Rats on the game's last turn: the shortcuts that make its exact enumeration small, and the
explorer's draw-or-stop decisions collected from seeded games.

On the last turn (the next player would be the first player and the end is triggered), nothing after the Discover
step can change a score: Rest only heals wounds and untaps finds, then the game is scored (``settled``). From the
Wounds step on, what a player may do afterwards depends only on the hands, the grid, the finds and the cards
explored, never on the teams, the wounds, the tapped flags or the Danger and Horloger decks; spreading the wounds
(and cancelling some with Amulets) changes none of those, so ``key`` leaves them out. And since wounds no longer
matter, a Danger card counts only by its level (its terrains only decide whom it wounds): two positions whose
Danger cards have the same levels everywhere have the same future scores, so ``key`` names Danger cards by level.
"""
from __future__ import annotations

import json
import random

import ratgames_lab as rl
from ratgames_lab.horlogerie.odds import exploration_phase, stop_or_draw, turn_objective
from ratgames_lab.horlogerie.phases import DISCOVER, DISCOVERY, EXPLORE, REST, WIN_VP, WOUNDS

from exact import NotExact, decider_values

AFTER_DANGER = (WOUNDS, DISCOVERY, DISCOVER, REST)
IRRELEVANT = ("team", "wounds", "tapped", "hor_deck", "hor_discard", "dan_deck", "dan_discard", "dan_table",
              "dan_top", "dan_seen", "wounds_left", "reward_taker", "reward_next", "peek_deck", "peek_player",
              "peek_return")


def last_turn(s) -> bool:
    """True on the game's last turn: the next player is the first one and the end is (or will surely be) triggered."""
    return s.left(s.active) == s.first and bool(s.ending or not s.mis_deck)


def settled(s) -> bool:
    """Rest on the last turn: no score can change any more."""
    return s.step == REST and last_turn(s)


def key(s) -> str:
    """The memo key: on the last turn, Danger cards by level only (their terrains only choose wounds), and after
    the Danger phase, without the fields that no later move reads."""
    if not last_turn(s):
        return repr([getattr(s, name) for name in s.FIELDS.names])
    skip = IRRELEVANT if s.step in AFTER_DANGER else ()
    level = s.comp.danger.level
    data = []
    for name in s.FIELDS.names:
        if name in skip:
            continue
        v = getattr(s, name)
        if name in ("dan_deck", "dan_table", "dan_discard"):
            v = sorted(level[f] for f in v)
        elif name == "dan_top":
            v = level[v] if v >= 0 else -1
        data.append(v)
    return repr(data)


def values(state, limit: int = 200_000) -> list:
    """The exact win probability of each action of the player to move, every later move uniformly random."""
    return decider_values(state, state.current_player, "random", limit, settled=settled, key=key)


def points_advice(state) -> str:
    """What the expected-points policy of ``horlogerie.odds`` advises: "draw" or "stop"."""
    return stop_or_draw(exploration_phase(state), turn_objective(state)).best


def needs(state) -> int:
    """How many more points the explorer needs to have the most (ties broken by the rules)."""
    p = state.active
    return max(state.vp(q) for q in range(state.players) if q != p) - state.vp(p)


def candidates(players: int, seed: int, forks: int = 6) -> tuple:
    """The explorer's draw-or-stop decisions on the last turn of one seeded random game: the one reached, and
    others reached by drawing again from the start of that Exploration phase with other seeds."""
    game = rl.load_game("horlogerie", players=players, seed=seed)
    s = game.new_state()
    rng = random.Random(seed)
    out, start = [], None
    while not s.is_terminal():
        if s.current_player >= 0 and s.step == EXPLORE and last_turn(s):
            if s.exp_table:
                out.append(s.clone())
            elif start is None:
                start = s.clone()
        if s.current_player < 0:
            s.apply(s.sample_chance(rng))
        else:
            actions = s.legal_actions()
            s.apply(actions[rng.randrange(len(actions))])
    for k in range(forks if start is not None else 0):
        f, r = start.clone(), random.Random(1000 * seed + k)
        for _ in range(1 + k % 3):
            f.apply(f.legal_actions()[0])  # Draw a card
            f.apply(f.sample_chance(r))
            if f.step != EXPLORE or f.current_player != f.active:
                break
        if f.step == EXPLORE and f.current_player == f.active and f.exp_table:
            out.append(f)
    return game, out


def hand_for_missions(st) -> list:
    """Copies of a last-turn position in which the explorer's hand, with the cards on the table, pays for one mission
    of the grid worth at least the points the explorer needs (the missing cards taken from the Exploration discard, at
    most five in hand): stopping then keeps a winning purchase, drawing risks it for more. (mission, state) pairs."""
    ex, ms = st.comp.exploration, st.comp.missions
    p = st.active
    out = []
    for m in sorted({x for x in st.grid if x >= 0}):
        req = ms.requirements[m]
        if not req or ms.vp[m] < needs(st):
            continue
        s, add, ok = st.clone(), [], True
        for terrain, amount in req:
            bits = 1 << terrain
            have = sum(ex.value[f] for f in st.hands[p] + st.exp_table if ex.terrain[f] == bits)
            for f in sorted(s.exp_discard, key=lambda f: ex.value[f]):
                if have >= amount:
                    break
                if f not in add and ex.terrain[f] == bits and len(s.hands[p]) + len(add) < 5:
                    add.append(f)
                    have += ex.value[f]
            ok = ok and have >= amount
        if not ok or not add:
            continue
        for f in add:
            s.exp_discard.remove(f)
            s.hands[p].append(f)
        s.hands[p].sort()
        s._legal = None
        out.append((m, s))
    return out


def varies(state, playouts: int = 60, seed: int = 0) -> bool:
    """A cheap screen before counting: do random continuations ever give the explorer different results?"""
    rng = random.Random(seed)
    seen = set()
    for a in state.legal_actions():
        for _ in range(playouts):
            t = state.clone().quiet()
            t.apply(a)
            while not t.is_terminal():
                acts = t.legal_actions() if t.current_player >= 0 else [t.sample_chance(rng)]
                t.apply(acts[rng.randrange(len(acts))])
            seen.add(t.returns()[state.current_player])
    return len(seen) > 1


__all__ = ["last_turn", "settled", "key", "values", "points_advice", "needs", "candidates", "NotExact", "WIN_VP"]


def harvest(players: int, seeds: range, limit: int, keep: int, edit: bool, save=lambda items: None) -> list[dict]:
    """The explorer's last-turn decisions (every find tapped, so the choice is draw or stop) whose exact values
    differ, at most three per seeded game (``edit``: with a hand that pays for a winning mission, see
    ``hand_for_missions``), with what the expected-points policy of ``horlogerie.odds`` advises."""
    from build import position_file
    from ratgames_lab.horlogerie.names import mission_label
    out, seen = [], set()
    for seed in seeds:
        game, cands = candidates(players, seed)
        found = 0
        for st in reversed(cands):
            st.tapped = [[1] * len(f) for f in st.finds]
            st._legal = None
            made = hand_for_missions(st) if edit else [(None, st)]
            for m, s in made:
                if key(s) in seen or needs(s) > 8 or (not edit and not varies(s)):
                    continue
                seen.add(key(s))
                try:
                    exact = values(s, limit)
                except NotExact:
                    continue
                if len(set(exact)) < 2:
                    continue
                labels = [str(a) for a in s.legal_actions()]
                best = labels[exact.index(max(exact))]
                advice = "Draw a card" if points_advice(s) == "draw" else "Stop drawing"
                p = s.current_player
                pays = f" Their hand and the cards drawn pay for {mission_label(s.comp.missions, m)}." if edit else ""
                text = (f"Validation: the last turn of a {players}-player game (seed {seed}); {s.player_name(p)} "
                        f"explores (value {s.exploration_value()}, {s.explored_sum()} drawn) and needs {needs(s)} "
                        f"more points to lead.{pays}")
                found += 1
                kind = "hand" if edit else "play"
                out.append({"name": f"horlogerie_{players}p_{kind}_seed{seed}_{found}", "continuation": "random",
                            "player": p, "position": position_file(game, s, text), "needs": needs(s),
                            "points_advice": advice, "disagree": advice != best,
                            "actions": [{"action": a.to_json(), "label": str(a), "win": str(v)}
                                        for a, v in zip(s.legal_actions(), exact)]})
                print(out[-1]["name"], labels, [round(float(v), 4) for v in exact], "points policy:", advice,
                      flush=True)
                save(out)
                if found >= 3:
                    break
            if found >= 3:
                break
        if len(out) >= keep:
            break
    return out


def main() -> None:
    """Write benchmarks/validation/horlogerie_PLAYERSp_KIND.json:
    python horlogerie_last_turn.py PLAYERS FIRST_SEED LAST_SEED play|hand [KEEP]."""
    import sys
    from pathlib import Path
    players, first, last = (int(x) for x in sys.argv[1:4])
    kind = sys.argv[4]
    keep = int(sys.argv[5]) if len(sys.argv) > 5 else 12
    path = Path(__file__).parent / f"horlogerie_{players}p_{kind}.json"

    def save(items: list[dict]) -> None:
        path.write_text(json.dumps({"format": "ratgames_lab.validation/1", "positions": items}, indent=1) + "\n")

    items = harvest(players, range(first, last), 25_000, keep, kind == "hand", save)
    print(f"{len(items)} positions -> {path}")


if __name__ == "__main__":
    main()
