"""Plain ``ratgames app GAME``: one game's dashboard served by Voila to this computer only, with no code.

It serves the loopback address only (a class is served with ``--classroom``), frees the kernel of a closed tab
(jupyter_server's culler), refuses a busy port before starting, and prints the address once Voila answers.
"""
from __future__ import annotations

import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Sequence, TextIO

from .processes import APP_TEMPLATE, Stopped, raise_on_signals, restore_signals, start_server, stop_server

LOOPBACK = ("127.0.0.1", "localhost", "::1")
# a kernel with no page connected (its tab closed) and idle this long is stopped by jupyter_server's culler
CULL_IDLE_SECONDS = 120
CULL_INTERVAL_SECONDS = 30
PASSED_ON = ("--Voila.", "--VoilaConfiguration.", "--MappingKernelManager.")


class AppError(Exception):
    """A reason why the plain app cannot start (shown as one ``ratgames: error:`` line)."""


def free_port(start: int, host: str = "127.0.0.1", tries: int = 50) -> int:
    """The first port from ``start`` on that nothing listens on; AppError if none of ``tries`` is free."""
    for port in range(start, min(start + tries, 65536)):
        if port_is_free(port, host):
            return port
    raise AppError(f"no free port between {start} and {start + tries - 1}: pass --port")


def port_is_free(port: int, host: str = "127.0.0.1") -> bool:
    """True if a server could listen on ``host:port`` now (as tornado binds: with SO_REUSEADDR)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def voila_ip(extra: Sequence[str]) -> str:
    """The address Voila will listen on: the last ``--Voila.ip=`` of ``extra``, else 127.0.0.1."""
    ip = "127.0.0.1"
    for a in extra:
        if a.startswith("--Voila.ip="):
            ip = a.split("=", 1)[1]
    return ip


def voila_command(notebook: Path, port: int, no_browser: bool, extra: Sequence[str]) -> list[str]:
    """The Voila command line that serves one notebook on 127.0.0.1, culling the kernels of closed tabs.

    An option given in ``extra`` replaces the default of the same name (traitlets refuses an option twice).
    """
    # --VoilaExecutor.iopub_timeout: nbclient waits only 4 s for a cell's output; under load the page stayed blank
    defaults = ["--Voila.port_retries=0", "--VoilaExecutor.iopub_timeout=120",
                f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_SECONDS}",
                f"--MappingKernelManager.cull_interval={CULL_INTERVAL_SECONDS}",
                "--MappingKernelManager.cull_connected=False", "--MappingKernelManager.cull_busy=False",
                "--Voila.ip=127.0.0.1"]
    given = {a.split("=", 1)[0] for a in extra}
    cmd = [sys.executable, "-m", "voila", str(notebook), f"--port={port}", f"--template={APP_TEMPLATE}"]
    cmd += [a for a in defaults if a.split("=", 1)[0] not in given]
    if no_browser:
        cmd.append("--no-browser")
    return cmd + list(extra)


def check_extra(extra: Sequence[str], game: str, loopback: bool = True) -> None:
    """AppError unless every extra option is passed on to Voila (and, if ``loopback``, Voila stays on this
    computer)."""
    bad = [a for a in extra if not a.startswith(PASSED_ON)]
    if bad:
        raise AppError(f"unrecognized arguments: {' '.join(bad)} (only --Voila.* options are passed to Voila)")
    ip = voila_ip(extra)
    if loopback and ip not in LOOPBACK:
        raise AppError(f"the plain app serves this computer only (--Voila.ip={ip} would serve the network with no "
                       f"code and no limits): to serve a class, use: ratgames app {game} --classroom")


def server_answers(proc, url: str, timeout: float = 180) -> bool:
    """Wait until ``url`` answers HTTP (any status); False if ``proc`` exits first or ``timeout`` passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return True
        except urllib.error.HTTPError:
            return True  # an answer, even a 404
        except OSError:
            time.sleep(0.3)
    return False


def serve_app(game: str, title: str, notebook: Path, port: int | None, no_browser: bool, extra: Sequence[str],
              out: TextIO, default_port: int = 8866) -> int:
    """Serve ``notebook`` with Voila on 127.0.0.1 until Ctrl-C, SIGTERM or SIGHUP; stop every kernel then."""
    check_extra(extra, game)
    ip = voila_ip(extra)
    if port is None:
        port = free_port(default_port, ip)
    elif not port_is_free(port, ip):
        raise AppError(f"port {port} is busy (another program listens on it): choose another with --port P, "
                       "or leave --port out to take a free one")
    cmd = voila_command(notebook, port, no_browser, extra)
    out.write(f"Serving {title} from {notebook}\nStarting Voila...\n")
    out.flush()
    previous = raise_on_signals()
    proc = None
    try:
        proc = start_server(cmd)
        host = "[::1]" if ip == "::1" else "localhost"
        if server_answers(proc, f"http://{host}:{port}/voila/static/voila.js"):
            out.write(f"Open http://{host}:{port}/ in a browser. Press Ctrl-C to stop.\n")
            out.flush()
        code = proc.wait()
        out.write(f"Voila stopped (exit code {code}).\n")
        return 0 if code == 0 else 1
    except (KeyboardInterrupt, Stopped):
        out.write("Stopping Voila and its kernels...\n")
        return 0
    finally:
        if proc is not None:
            stop_server(proc)
        restore_signals(previous)
