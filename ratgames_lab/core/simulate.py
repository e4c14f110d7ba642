"""Play many seeded games with chosen bots and collect statistics (optionally over processes)."""
from __future__ import annotations

import dataclasses
import functools
import random
import statistics
import sys
import warnings
from typing import Any, Sequence

from .distributed import map_tasks
from .playout import play_to_end
from .registry import GAMES, load_game

CHUNK = 500  # games per task on a cluster


@dataclasses.dataclass
class SimulationResult:
    """Summary of a batch of games: wins (shared wins split), mean scores, game lengths."""

    game: str
    players: int
    games: int
    bots: list[str]
    wins: list[float]
    mean_scores: list[float]
    mean_length: float
    lengths: list[int]

    def win_rates(self) -> list[float]:
        """Wins per seat divided by the number of games."""
        return [w / self.games for w in self.wins]

    def to_json(self) -> dict:
        """Plain data."""
        d = dataclasses.asdict(self)
        d["win_rates"] = self.win_rates()
        del d["lengths"]
        return d


def make_bots(game: str, names: Sequence[str]) -> list:
    """Instantiate bots by name from the game's BOTS table."""
    table = GAMES[game].bots()
    bots = []
    for name in names:
        if name not in table:
            raise ValueError(f"unknown bot {name!r} for {game} (known bots: {', '.join(sorted(table))})")
        bots.append(table[name]())
    return bots


def processes_available() -> bool:
    """Whether worker processes can be started (not in a browser's Pyodide, which has no processes)."""
    if sys.platform == "emscripten":
        return False
    try:
        import multiprocessing.synchronize  # noqa: F401  (fails where the OS has no semaphores)
    except ImportError:
        return False
    return True


def _play_batch(args: tuple) -> list[tuple[list[float], list[int], int]]:
    game_name, players, options, bot_names, seeds = args
    bots = make_bots(game_name, bot_names)
    out = []
    for seed in seeds:
        game = load_game(game_name, players=players, seed=seed, **options)
        state = game.new_state()
        steps = play_to_end(state, bots, random.Random(seed))
        out.append((state.returns(), state.scores(), steps))
    return out


def _seed_batch(game_name: str, players: int, options: dict, bot_names: list, seeds: range) -> list:
    return _play_batch((game_name, players, options, bot_names, seeds))


def simulate_games(game: str, players: int, games: int, seed: int = 0, bots: Sequence[str] | None = None,
                   processes: int = 1, scheduler: str | None = None, **options: Any) -> SimulationResult:
    """Play ``games`` games (game i uses seed ``seed + i``) and summarise them, here (over ``processes``) or on a
    Dask scheduler (``core.distributed``): same seeds, same results."""
    bot_names = list(bots) if bots else ["random"] * players
    if len(bot_names) == 1:
        bot_names = bot_names * players
    if len(bot_names) != players:
        raise ValueError(f"need {players} bots, got {len(bot_names)}")
    make_bots(game, bot_names)  # validate names early
    seeds = range(seed, seed + games)  # a range, not a list: no memory for a million seeds
    if processes > 1 and not processes_available():
        warnings.warn(f"this Python cannot start processes ({sys.platform}): the {games} games run in this "
                      "process, one after the other (same results, more time)", RuntimeWarning, stacklevel=2)
        processes = 1
    if scheduler:
        chunks = [seeds[i:i + CHUNK] for i in range(0, games, CHUNK)]
        task = functools.partial(_seed_batch, game, players, options, bot_names)
        results = [r for part in map_tasks(task, chunks, scheduler=scheduler, label="games") for r in part]
    elif processes > 1:
        from concurrent.futures import ProcessPoolExecutor  # here: importing it fails where processes do not exist

        chunks = [seeds[i::processes] for i in range(processes)]
        with ProcessPoolExecutor(processes) as pool:
            parts = list(pool.map(_play_batch, [(game, players, options, bot_names, c) for c in chunks]))
        results = [parts[i % processes][i // processes] for i in range(games)]  # back in seed order
    else:
        results = _play_batch((game, players, options, bot_names, seeds))
    wins = [0.0] * players
    score_sums = [0.0] * players
    lengths = []
    for returns, scores, steps in results:
        for i in range(players):
            wins[i] += returns[i]
            score_sums[i] += scores[i]
        lengths.append(steps)
    return SimulationResult(game, players, games, bot_names, wins, [s / games for s in score_sums],
                            statistics.fmean(lengths) if lengths else 0.0, lengths)
