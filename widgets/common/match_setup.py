"""What a dashboard plays: its seats, a new game, and Save / Load of a match or a position."""
from __future__ import annotations

from typing import Any, Sequence

from ratgames_lab import InvalidPositionError, Match, load_position

from .seats import HUMAN
from .translate import _, ngettext


class MatchSetup:
    """Seats, new games, and the files written by Save and read by Load (a bad file leaves the game unchanged)."""

    def _check_seats(self, seats: Sequence[str] | None, players: int) -> list[str]:
        names = [HUMAN, *self.bot_classes]
        default = "heuristic" if "heuristic" in self.bot_classes else names[-1]
        chosen = list(seats) if seats is not None else [HUMAN] + [default] * (players - 1)
        if len(chosen) != players:
            raise ValueError(f"seats: {len(chosen)} given for {players} players")
        for who in chosen:
            if who not in names:
                raise ValueError(f"seats: unknown player kind {who!r} (choose from {', '.join(names)})")
        return chosen

    def set_seats(self, seats: Sequence[str]) -> None:
        """Change who plays each seat, keeping the game."""
        if len(seats) != self.players:
            self._say(_("Press New game to play with {n} players.").format(n=len(seats)), "info")
            return
        self.seats = self._check_seats(seats, self.players)
        self._viewer = None
        self._changed(len(self.state.events), _("Seats updated."))
        self._schedule_bots()

    def new_game(self, players: int | None = None, seed: int | None = None, seats: Sequence[str] | None = None) -> None:
        """Start again (same player count and game number unless given)."""
        players = self.players if players is None else players
        seed = self.seed if seed is None else seed
        game = self.make_game(players, seed)
        seats = self._check_seats(seats if seats is not None else (self.seats + [self.seats[-1]] * players)[:players],
                                  players)
        self.seed, self.seats = seed, seats
        self._install(Match(game), _("New game: {players} players, game number {seed}.").format(players=players, seed=seed))

    def position(self) -> dict:
        """What Save writes: the match (its settings, every move and the cursor), so that Load keeps the history."""
        return self._match.to_json()

    def file_name(self) -> str:
        """The download's name: game, game number and move (it is saved in the browser, never on the server)."""
        return f"{self.game_name}_game{self.seed}_move{self._match.cursor}.json"

    def load_position(self, data: Any) -> str:
        """Install a saved match (with its history) or a position; InvalidPositionError names the bad field and
        the game is unchanged."""
        if isinstance(data, dict) and data.get("format") == "ratgames_lab.match/1":
            if data.get("game") != self.game_name:
                raise InvalidPositionError(_("this is a {found!r} match, not {game}")
                                           .format(found=data.get("game"), game=self.game_name), "game")
            try:
                match = Match.from_json(data)
            except (TypeError, AttributeError, KeyError, RecursionError) as exc:
                raise InvalidPositionError(_("not a readable match ({error})").format(error=type(exc).__name__),
                                           "match") from None
            moves, players = len(match.actions), match.game.players
            text = ngettext("game loaded with its history ({moves} moves, {players} player).",
                            "game loaded with its history ({moves} moves, {players} players).", players)
            text = text.format(moves=moves, players=players)
            seed = match.game.seed
        else:
            try:
                game, start = load_position(data)  # the one position format (and older forms), as data only
            except (TypeError, AttributeError, KeyError, RecursionError) as exc:
                raise InvalidPositionError(_("not a readable position ({error})").format(error=type(exc).__name__),
                                           "position") from None
            if game.name != self.game_name:
                raise InvalidPositionError(_("this is a position of {found!r}, not of {game}")
                                           .format(found=game.name, game=self.game_name), "game")
            match = Match(game, start=start)
            players = match.game.players
            text = ngettext("position loaded ({players} player).", "position loaded ({players} players).",
                            players).format(players=players)
            seed = self.seed
        seats = (self.seats + [self.seats[-1]] * match.game.players)[: match.game.players]
        self.seats = self._check_seats(seats, match.game.players)
        self.seed = seed
        self._install(match, text[0].upper() + text[1:])
        return text

    def _install(self, match: Match, text: str) -> None:
        self._cancel_timer()
        self.playback.stop()
        self._match = match
        self._bots.clear()
        self._viewer = None
        self._odds_shown = None
        self._movers = self._replay_movers(match)
        self.setup.set(match.game.players, self.seats, self.seed)
        self.analyze_panel.clear()
        before = len(self.state.events)
        if any(self.is_human(s) for s in range(match.game.players)) and self.auto and self.live():
            self.advance_bots()  # up to the first human decision at once: the page shows a settled position
        p = self.state.current_player
        if p >= 0 and self.is_human(p):
            text += " " + _("Your turn, {player}: choose below.").format(player=self.seat_label(p, self.players))
        self._changed(before, text)
        self._schedule_bots()
