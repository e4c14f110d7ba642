"""The housekeeping of kernels: measure memory, stop the games of closed tabs, unopened pages and big kernels."""
from __future__ import annotations

import asyncio
import re
import time

import psutil

from . import ClassroomSettings
from .state import ClassState, Game
from .upstream import fetch


async def shutdown_game(state: ClassState, kernel_id: str, why: str) -> None:
    """Stop one game's kernel (through Voila, which forgets it) and forget it here."""
    game = state.games.pop(kernel_id, None)
    if game is None:
        return
    state.stopped_games += 1
    if state.game_of(game.session) is None:
        state.leave_line(game.session)
    state.note(f"{game.role} game {kernel_id[:8]} stopped: {why}")
    await fetch(f"{state.upstream}/api/kernels/{kernel_id}", method="DELETE",
                 headers={"Authorization": f"token {state.token}"}, request_timeout=30)


def measure_memory(state: ClassState) -> None:
    """Measure the memory of Voila and its kernels; find each game's kernel process."""
    try:
        voila = psutil.Process(state.voila_pid)
        procs = [voila, *voila.children(recursive=True)]
    except psutil.Error:
        return
    total = 0.0
    by_kernel: dict[str, tuple[int, float]] = {}
    for proc in procs:
        try:
            rss = proc.memory_info().rss / 2**20
            cmdline = " ".join(proc.cmdline())
        except psutil.Error:
            continue
        total += rss
        match = re.search(r"kernel-([0-9a-f-]{36})\.json", cmdline)
        if match:
            by_kernel[match.group(1)] = (proc.pid, rss)
    state.memory_mb = total
    for kernel_id, game in state.games.items():
        note_kernel_process(game, by_kernel.get(kernel_id))


def note_kernel_process(game: Game, found: tuple[int, float] | None) -> None:
    """Record the process (pid, MB) seen for ``game``'s kernel; a kernel once seen and now gone or replaced by a
    restart (its widgets are gone with it) makes the game lost."""
    if found is None:
        if game.pid is not None:
            game.kernel_lost = "its kernel stopped on its own"
        return
    pid, game.rss_mb = found
    if game.pid is not None and pid != game.pid:
        game.kernel_lost = "its kernel died and was restarted"
    game.pid = pid


def why_stop(game: Game, settings: ClassroomSettings, now: float, page_open: bool = False) -> str | None:
    """Why ``game`` must be stopped now, or None to keep it.

    A game whose kernel died is stopped at once (its page then says the game was lost, with a button for a new one).
    A game is kept while its page loads, while a websocket is open, and while its page holds its request to
    the server open (``page_open``): a page that has not connected yet is waited for as long as it is open.
    """
    if game.kernel_lost:
        return game.kernel_lost
    if game.page_closed:
        return "its page was closed while it loaded"
    if game.rss_mb > settings.kernel_memory_mb:
        return f"it used {game.rss_mb:.0f} MB (limit {settings.kernel_memory_mb} MB)"
    if game.loading or game.connections or page_open:
        return None
    quiet = now - game.last_sign_of_life()
    if game.ever_connected and quiet > settings.left_seconds:
        return "its tab was closed or reloaded"
    if not game.ever_connected and quiet > settings.unopened_seconds:
        return f"its page stopped answering before it connected ({quiet:.0f} s)"
    return None


async def housekeeping(state: ClassState) -> None:
    """Every 2 s: free the games of closed tabs and gone pages, stop games over their memory."""
    while True:
        await asyncio.sleep(2)
        now = time.monotonic()
        measure_memory(state)
        stops = [shutdown_game(state, kernel_id, why) for kernel_id, game in list(state.games.items())
                 if (why := why_stop(game, state.settings, now, game.session in state.holds))]
        if stops:
            await asyncio.gather(*stops)
