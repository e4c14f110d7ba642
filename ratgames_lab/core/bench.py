"""Benchmarks: random-playout games per CPU-second and CPU microseconds per action, on one core.

The main figures use process time (``time.process_time``): the CPU this process used, so that they are comparable
on a busy machine; the wall-clock time is reported beside them.
"""
from __future__ import annotations

import dataclasses
import random
import time

from .i18n import _
from .playout import random_playout
from .registry import load_game


@dataclasses.dataclass
class BenchResult:
    """Throughput figures for one game and player count."""

    game: str
    players: int
    games: int
    seconds: float  # CPU seconds (process time)
    actions: int
    wall_seconds: float = 0.0

    @property
    def games_per_second(self) -> float:
        """Games per CPU-second."""
        return self.games / self.seconds

    @property
    def us_per_action(self) -> float:
        """CPU microseconds per action."""
        return 1e6 * self.seconds / max(self.actions, 1)

    def line(self) -> str:
        """One readable line for the terminal."""
        return f"{self.game:16s} " + _("{players} players: {rate} games per CPU-second, {us} CPU µs/action ({games} "
                                         "games, {actions} actions, {cpu} CPU-s, {wall} s wall clock)").format(
            players=self.players, rate=f"{self.games_per_second:8.1f}", us=f"{self.us_per_action:6.1f}",
            games=self.games, actions=self.actions, cpu=f"{self.seconds:.2f}", wall=f"{self.wall_seconds:.2f}")


def bench(game: str, players: int, seconds: float = 3.0, seed: int = 0, **options) -> BenchResult:
    """Play random games (setup included) for about ``seconds`` of CPU time; count games and actions."""
    start, wall = time.process_time(), time.perf_counter()
    games = actions = 0
    while True:
        state = load_game(game, players=players, seed=seed + games, **options).new_state()
        actions += random_playout(state, random.Random(seed + games))
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return BenchResult(game, players, games, elapsed, actions, time.perf_counter() - wall)


def bench_clone(game: str, players: int, n: int = 2000, seed: int = 0, **options) -> float:
    """CPU microseconds per clone() of a mid-game state."""
    state = load_game(game, players=players, seed=seed, **options).new_state()
    rng = random.Random(seed)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.current_player < 0:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    start = time.process_time()
    for _ in range(n):
        state.clone()
    return 1e6 * (time.process_time() - start) / n
