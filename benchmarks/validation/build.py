"""Collect the validation positions: decisions near the end of seeded games whose exact values can be enumerated.

    python benchmarks/validation/build.py GAME PLAYERS [--seeds N] [--keep K] [--continuation forced|random]

Plays seeded games with uniformly random moves to the end, then looks back over the last decisions for ones whose
exact per-action win probabilities ``exact.decider_values`` can enumerate and that are real decisions (the actions
do not all win equally often). Writes ``benchmarks/validation/GAME_PLAYERSp_CONTINUATION.json``.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

import ratgames_lab as rl  # noqa: E402
from exact import NotExact, decider_values  # noqa: E402

FORMAT = "ratgames_lab.validation/1"


def position_file(game, state, description: str) -> dict:
    """The state as a position file."""
    return {"format": "ratgames_lab.position/1", "game": game.name, "players": game.players,
            "options": game.options if hasattr(game, "options") else {},
            "position": {k: v for k, v in state.to_json().items() if k != "events"},
            "description": description}


def harvest(name: str, players: int, seeds: int, keep: int, continuation: str, back: int = 8,
            limit: int = 4000, save=lambda items: None) -> list[dict]:
    """Up to ``keep`` positions, at most one per seeded game; ``save(items)`` after each one found."""
    out = []
    for seed in range(seeds):
        game = rl.load_game(name, players=players, seed=seed)
        s = game.new_state()
        rng = random.Random(seed)
        decisions = []
        while not s.is_terminal():
            if s.current_player >= 0 and len(s.legal_actions()) > 1:
                decisions.append(s.clone())
            if s.current_player < 0:
                s.apply(s.sample_chance(rng))
            else:
                actions = s.legal_actions()
                s.apply(actions[rng.randrange(len(actions))])
        for st in reversed(decisions[-back:]):
            p = st.current_player
            try:
                values = decider_values(st, p, continuation, limit=limit)
            except NotExact:
                continue
            if len(set(values)) < 2:
                continue
            data = position_file(game, st, f"Validation: seed {seed} of a random {players}-player game, "
                                           f"{st.player_name(p)} to move near the end.")
            out.append({"name": f"{name}_{players}p_seed{seed}", "continuation": continuation, "player": p,
                        "position": data,
                        "actions": [{"action": a.to_json(), "label": str(a), "win": str(v)}
                                    for a, v in zip(st.legal_actions(), values)]})
            print(out[-1]["name"], [x["win"] for x in out[-1]["actions"]][:10], flush=True)
            save(out)
            break
        if len(out) >= keep:
            break
    return out


def main() -> None:
    """Build one data file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--keep", type=int, default=8)
    parser.add_argument("--continuation", default="forced", choices=("forced", "random"))
    parser.add_argument("--back", type=int, default=8, help="decisions looked at, from the end of each game")
    parser.add_argument("--nodes", type=int, default=4000, help="largest game tree enumerated per action")
    args = parser.parse_args()
    path = HERE / f"{args.game}_{args.players}p_{args.continuation}.json"

    def save(items: list[dict]) -> None:
        path.write_text(json.dumps({"format": FORMAT, "positions": items}, indent=1) + "\n")

    items = harvest(args.game, args.players, args.seeds, args.keep, args.continuation, args.back, args.nodes, save)
    print(f"{len(items)} positions -> {path}")


if __name__ == "__main__":
    main()
