"""Class tournaments: bots play seeded games with seats rotated, results are appended to a file (so a run can be
resumed), and the table gives win rates with 95% intervals and an OpenSkill rating per bot.

Game ``i`` uses seed ``seed + i`` and puts entrant ``(i + s) % k`` at seat ``s`` (``k`` entrants): over every
``k`` games each entrant plays each seat equally often. A bot that raises, returns an illegal move or runs past
its time forfeits that game: it gets 0 and the other seats share the win.
"""
from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from .analysis import wilson_interval
from .distributed import map_tasks
from .playout import MAX_STEPS
from .protocol import CHANCE
from .registry import GAMES, load_game
from .ratings import rate_games
from .student_bots import DEFAULT_TIME_LIMIT, BotForfeit, as_bot, decide, spec_name

RESULTS_FORMAT = "ratgames_lab.tournament/1"


@dataclasses.dataclass(frozen=True)
class GameRecord:
    """One tournament game: who sat where, what each seat got, and a forfeit if there was one."""

    index: int
    seed: int
    seats: tuple[int, ...]  # entrant index at each seat
    returns: tuple[float, ...]
    scores: tuple[float, ...]
    steps: int
    forfeit: str = ""  # "<bot> forfeits game <seed>: <reason>", or ""

    def to_json(self) -> dict:
        """Plain data (one line of the results file)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> "GameRecord":
        """Read a line of the results file."""
        return cls(int(data["index"]), int(data["seed"]), tuple(data["seats"]), tuple(data["returns"]),
                   tuple(data["scores"]), int(data["steps"]), str(data.get("forfeit", "")))


@dataclasses.dataclass(frozen=True)
class Standing:
    """One entrant's line of the table."""

    name: str
    games: int
    wins: float
    win_rate: float
    low: float
    high: float
    forfeits: int
    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        """The conservative rating mu - 3 sigma (OpenSkill's ordinal): the table is sorted by it."""
        return self.mu - 3 * self.sigma


def seating(index: int, entrants: int, players: int) -> tuple[int, ...]:
    """Entrant at each seat in game ``index``: a rotation, so that every entrant plays every seat equally."""
    return tuple((index + s) % entrants for s in range(players))


def play_one(game: str, players: int, options: dict, specs: Sequence[Any], index: int, seed: int,
             time_limit: float | None) -> GameRecord:
    """Play tournament game ``index`` (seed ``seed + index``); a forfeit ends it with the forfeiting seat at 0."""
    seats = seating(index, len(specs), players)
    bots = [as_bot(specs[e], game, spec_name(specs[e]), time_limit) for e in seats]
    state = load_game(game, players=players, seed=seed + index, **options).new_state()
    rng = random.Random(seed + index)
    views = random.Random(f"views/{seed + index}")
    steps = 0
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.apply_legal(state.sample_chance(rng))
        else:
            try:
                state.apply(decide(bots[player], state, rng, views))
            except BotForfeit as lost:
                returns = [0.0 if p == player else 1 / (players - 1) for p in range(players)]
                return GameRecord(index, seed + index, seats, tuple(returns), tuple(state.scores()), steps,
                                  f"{lost.bot} (seat {player + 1}) forfeits game {seed + index}: {lost.reason}")
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"game {seed + index} did not end after {MAX_STEPS} actions")
    return GameRecord(index, seed + index, seats, tuple(state.returns()), tuple(state.scores()), steps)


@dataclasses.dataclass
class Tournament:
    """A tournament between bots (names, ``file.py:function`` specs, functions or classes) at one game."""

    game: str
    bots: Sequence[Any]
    games: int
    seed: int = 0
    players: int | None = None
    options: dict = dataclasses.field(default_factory=dict)
    time_limit: float | None = DEFAULT_TIME_LIMIT
    records: list[GameRecord] = dataclasses.field(default_factory=list)

    def __post_init__(self) -> None:
        info = GAMES.get(self.game)
        if info is None:
            raise ValueError(f"unknown game {self.game!r} (known games: {', '.join(sorted(GAMES))})")
        if len(self.bots) < 2:
            raise ValueError("a tournament needs at least 2 bots")
        if self.players is None:
            fits = [n for n in info.players if n <= len(self.bots)]
            self.players = max(fits) if fits else min(info.players)
        if self.players not in info.players:
            raise ValueError(f"{info.title} is played by {', '.join(map(str, info.players))} players, "
                             f"not {self.players}")
        if self.games < 1:
            raise ValueError("a tournament needs at least 1 game")
        for spec in self.bots:  # a bad spec is refused now, not in game 1
            as_bot(spec, self.game, spec_name(spec), self.time_limit)
        self.names = _unique([spec_name(b) for b in self.bots])

    def header(self) -> dict:
        """What the results file must match to be resumed."""
        return {"format": RESULTS_FORMAT, "game": self.game, "players": self.players, "options": self.options,
                "seed": self.seed, "bots": self.names}

    def pending(self) -> list[int]:
        """Indexes of the games still to play."""
        done = {r.index for r in self.records}
        return [i for i in range(self.games) if i not in done]

    def run(self, results: str | Path | None = None, scheduler: str | None = None, progress: bool | None = None,
            on_record: Callable[[GameRecord], None] | None = None) -> "Tournament":
        """Play the games not yet played (reading and appending ``results`` if given), locally or on a Dask
        scheduler; same seed, same records, wherever they are played."""
        out = _open_results(Path(results), self.header(), self) if results else None
        task = _GameTask(self.game, self.players, self.options, list(self.bots), self.seed, self.time_limit)
        try:
            for record in map_tasks(task, self.pending(), scheduler=scheduler, progress=progress,
                                    label=f"{GAMES[self.game].title} tournament"):
                self.records.append(record)
                if out is not None:
                    out.write(json.dumps(record.to_json()) + "\n")
                    out.flush()
                if on_record is not None:
                    on_record(record)
        finally:
            if out is not None:
                out.close()
        self.records.sort(key=lambda r: r.index)
        return self

    def forfeits(self) -> list[str]:
        """One line per forfeit, in game order."""
        return [r.forfeit for r in sorted(self.records, key=lambda r: r.index) if r.forfeit]

    def standings(self) -> list[Standing]:
        """The table: each entrant's games, wins, win rate with its 95% interval, forfeits and rating, best first."""
        records = sorted(self.records, key=lambda r: r.index)
        ratings = rate_games(len(self.names), [(r.seats, r.returns) for r in records])
        rows = []
        for e, name in enumerate(self.names):
            games = wins = 0.0
            forfeits = 0
            for r in records:
                for seat, who in enumerate(r.seats):
                    if who == e:
                        games += 1
                        wins += r.returns[seat]
                        forfeits += r.forfeit.startswith(f"{name} (seat {seat + 1})")
            low, high = wilson_interval(wins / games if games else 0.0, int(games))
            rows.append(Standing(name, int(games), wins, wins / games if games else 0.0, low, high, forfeits,
                                 *ratings[e]))
        return sorted(rows, key=lambda s: (-s.rating, s.name))

    def table(self) -> str:
        """The standings as a text table, with what the numbers mean."""
        rows = self.standings()
        width = max(6, *(len(s.name) for s in rows))
        lines = [f"{GAMES[self.game].title}, {self.players} players: {len(self.records)} of {self.games} "
                 f"games (seeds {self.seed}..{self.seed + self.games - 1}), seats rotated",
                 f"{'bot':{width}s} {'games':>6s} {'wins':>7s} {'win rate':>9s} {'95% interval':>15s} "
                 f"{'rating':>7s} {'forfeits':>8s}"]
        for s in rows:
            lines.append(f"{s.name:{width}s} {s.games:6d} {s.wins:7.1f} {100 * s.win_rate:8.1f}% "
                         f"{100 * s.low:6.1f}–{100 * s.high:5.1f}% {s.rating:7.1f} {s.forfeits:8d}")
        lines.append("Rating: OpenSkill (Plackett-Luce), shown as mu - 3 sigma. Two bots whose intervals overlap "
                     "may not really differ: play more games to tell.")
        return "\n".join(lines)

    def to_json(self) -> dict:
        """The header, the standings and the forfeits as plain data."""
        return {**self.header(), "games": len(self.records),
                "standings": [dict(dataclasses.asdict(s), rating=s.rating) for s in self.standings()],
                "forfeits": self.forfeits()}


@dataclasses.dataclass(frozen=True)
class _GameTask:
    """One game of a tournament as a picklable task (for processes and Dask workers)."""

    game: str
    players: int
    options: dict
    bots: list
    seed: int
    time_limit: float | None

    def __call__(self, index: int) -> GameRecord:
        return play_one(self.game, self.players, self.options, self.bots, index, self.seed, self.time_limit)


def _unique(names: Iterable[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} #{seen[name]}")
    return out


def _open_results(path: Path, header: dict, tournament: Tournament):
    """Read the records already in ``path`` (its header must match) and open it for appending."""
    if path.exists() and path.stat().st_size:
        with path.open(encoding="utf-8") as f:
            lines = [line for line in f if line.strip()]
        try:
            first = json.loads(lines[0])
            records = [GameRecord.from_json(json.loads(line)) for line in lines[1:]]
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"results file {path} is not a tournament file of this project ({exc})") from None
        if first != header:
            raise ValueError(f"results file {path} belongs to another tournament (game, bots, seed or players "
                             "differ): choose another file")
        tournament.records = [r for r in records if r.index < tournament.games]
        return path.open("a", encoding="utf-8")
    out = path.open("w", encoding="utf-8")
    out.write(json.dumps(header) + "\n")
    return out


def run_tournament(game: str, bots: Sequence[Any], games: int, seed: int = 0, players: int | None = None,
                   results: str | Path | None = None, scheduler: str | None = None, progress: bool | None = None,
                   time_limit: float | None = DEFAULT_TIME_LIMIT, **options: Any) -> Tournament:
    """Play a tournament and return it (``.table()``, ``.standings()``, ``.forfeits()``)."""
    return Tournament(game, list(bots), games, seed, players, dict(options), time_limit).run(
        results, scheduler=scheduler, progress=progress)


__all__ = ["Tournament", "GameRecord", "Standing", "run_tournament", "seating", "play_one"]
