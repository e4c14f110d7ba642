"""CPU microseconds per random action and per heuristic-bot decision, for the games whose speed issue 27 and issue 24
watch: the combined Catan variant, base Catan and Rattus Cartus.

    python benchmarks/bench_speed.py [--seconds 3] [--only combined-random ...] [--json]

Each figure plays seeded games from the start for about ``--seconds`` of CPU time (``time.process_time``, comparable
on a busy machine, but still noisy: compare two engines by alternating runs of this script). Random games: the
same seeded games are played in passes (at least 3), and the fastest pass is reported. A random action is one
``apply_legal`` of a uniformly chosen entry of ``legal_actions()`` with the event log off (as ``ratgames bench``);
chance steps count as actions. A bot decision is one ``HeuristicBot.choose`` on a determinized copy for its seat,
as ``core.playout.play_to_end`` asks it, determinize included, with the validated ``apply`` after it.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time

from ratgames_lab.core.playout import random_playout
from ratgames_lab.core.protocol import CHANCE, TERMINAL
from ratgames_lab.core.registry import GAMES, load_game

CASES = {  # name: (game, options, mode, games per pass of random play)
    "combined-random": ("catan", {"variant": "combined"}, "random", 3),
    "combined-bot": ("catan", {"variant": "combined"}, "bot", 0),
    "catan-random": ("catan", {}, "random", 30),
    "catan-bot": ("catan", {}, "bot", 0),
    "rattus_cartus-random": ("rattus_cartus", {}, "random", 200),
}


def random_figure(game: str, options: dict, seconds: float, players: int = 4, games: int = 10) -> dict:
    """CPU µs per action of random games: the same ``games`` seeded games played in passes until ``seconds`` are
    spent (3 passes at least), the fastest pass kept (the least disturbed by the machine's other work)."""
    passes = []
    spent = 0.0
    while spent < seconds or len(passes) < 3:
        actions = 0
        start = time.process_time()
        for seed in range(games):
            state = load_game(game, players=players, seed=seed, **options).new_state()
            actions += random_playout(state, random.Random(seed))
        cpu = time.process_time() - start
        spent += cpu
        passes.append(1e6 * cpu / actions)
    return {"games": games, "actions": actions, "passes": len(passes), "cpu": spent, "us_per_action": min(passes)}


def bot_figure(game: str, options: dict, seconds: float, players: int = 4, decisions: int = 1500) -> dict:
    """CPU µs per heuristic-bot decision (determinize + choose + validated apply; chance steps not timed): the
    first ``decisions`` decisions of seeded four-bot games, in passes until ``seconds`` are spent (3 at least), the
    fastest pass kept."""
    bot = GAMES[game].bots()["heuristic"]()
    passes = []
    spent = 0.0
    while spent < seconds or len(passes) < 3:
        cpu, done, seed = 0.0, 0, 0
        while done < decisions:
            state = load_game(game, players=players, seed=seed, **options).new_state()
            state.quiet()
            rng = random.Random(seed)
            views = random.Random(hash(rng.getstate()))  # as core.playout.view_rng
            while (p := state.current_player) != TERMINAL and done < decisions:
                if p == CHANCE:
                    state.apply_legal(state.sample_chance(rng))
                    continue
                t = time.process_time()
                state.apply(bot.choose(state.determinize(p, views), rng))  # as core.playout.choose_for_seat
                cpu += time.process_time() - t
                done += 1
            seed += 1
        spent += cpu
        passes.append(1e6 * cpu / decisions)
    return {"games": seed, "decisions": decisions, "passes": len(passes), "cpu": spent,
            "us_per_decision": min(passes)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per figure (default 3)")
    parser.add_argument("--only", nargs="*", choices=sorted(CASES), help="only these figures")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    out = {}
    for name in args.only or CASES:
        game, options, mode, games = CASES[name]
        if mode == "random":
            figure = random_figure(game, options, args.seconds, games=games)
        else:
            figure = bot_figure(game, options, args.seconds)
        out[name] = figure
        if not args.json:
            key = "us_per_action" if mode == "random" else "us_per_decision"
            print(f"{name:22s} {figure[key]:8.1f} CPU µs per {'action' if mode == 'random' else 'decision'}"
                  f"  ({figure['cpu']:.2f} CPU-s, {figure['games']} games)", flush=True)
    if args.json:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
