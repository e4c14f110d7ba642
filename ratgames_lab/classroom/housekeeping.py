"""The housekeeping of kernels: measure memory, stop the games of closed tabs, unopened pages and big kernels."""
from __future__ import annotations

import asyncio
import re
import time

from .state import ClassState
from .upstream import fetch


async def shutdown_game(state: ClassState, kernel_id: str, why: str) -> None:
    """Stop one game's kernel (through Voila, which forgets it) and forget it here."""
    game = state.games.pop(kernel_id, None)
    if game is None:
        return
    state.stopped_games += 1
    state.note(f"{game.role} game {kernel_id[:8]} stopped: {why}")
    await fetch(f"{state.upstream}/api/kernels/{kernel_id}", method="DELETE",
                 headers={"Authorization": f"token {state.token}"}, request_timeout=30)


def measure_memory(state: ClassState) -> None:
    """Measure the memory of Voila and its kernels; find each game's kernel process."""
    try:
        import psutil
    except ImportError:
        return
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
        if kernel_id in by_kernel:
            game.pid, game.rss_mb = by_kernel[kernel_id]


async def housekeeping(state: ClassState) -> None:
    """Every few seconds: free the games of closed tabs and unopened pages, stop games over their memory."""
    s = state.settings
    while True:
        await asyncio.sleep(2)
        now = time.monotonic()
        measure_memory(state)
        stops = []
        for kernel_id, game in list(state.games.items()):
            why = None
            if game.connections == 0 and game.ever_connected and now - game.left > s.left_seconds:
                why = "its tab was closed or reloaded"
            elif not game.ever_connected and now - game.served > s.unopened_seconds:
                why = "its page never connected"
            elif game.rss_mb > s.kernel_memory_mb:
                why = f"it used {game.rss_mb:.0f} MB (limit {s.kernel_memory_mb} MB)"
            if why:
                stops.append(shutdown_game(state, kernel_id, why))
        if stops:
            await asyncio.gather(*stops)
