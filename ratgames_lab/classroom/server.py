"""The classroom server: access codes in front of a private Voila, only the game's dashboard reachable.

Voila listens on 127.0.0.1 with a token only this process knows. This tornado server listens on the local
network and:

* asks for an access code (student or teacher) before anything else, and keeps the role in a signed cookie;
* forwards only the dashboard page (``/play``, ``/teacher/play``), the static files the page needs and the
  websockets of the kernels that this browser was given: no notebook tree, no file API, no other notebook;
* checks every binary websocket frame before Voila parses it and caps a message's size;
* hands out pages a few at a time while games start (the others see "starting your game");
* stops a game when its tab is closed or reloaded, when it was never opened, when it uses too much memory, and
  refuses new games when the class is full or the computer's memory is nearly used up.
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import shutil
import signal
import socket
import sys
import tempfile
from pathlib import Path
from typing import TextIO

import tornado.httpclient
import tornado.web

from ..core.i18n import _, get_language, ngettext, use_language
from . import STUDENT_NOTEBOOK, TEACHER_NOTEBOOK, ClassroomSettings, write_role_notebooks
from .access import LoginHandler, NotFound
from .arrival import AliveHandler, QueueHandler
from .class_page import ClassPageHandler
from .fairness import Fairness
from .housekeeping import housekeeping
from .processes import APP_TEMPLATE, descendants, start_server, stop_server, voila_env
from .proxy import KERNEL_ID, STATIC_PREFIXES, PlayHandler, ShutdownHandler, SocketHandler, StaticHandler
from .state import ClassState
from .upstream import wait_for_voila


def voila_config(settings: ClassroomSettings, root: Path, port: int, token: str) -> dict:
    """Voila's configuration (voila.json): loopback, token, pre-started student games, culling, limits."""
    return {
        "Voila": {"ip": "127.0.0.1", "port": port, "port_retries": 0, "open_browser": False, "token": token,
                  "root_dir": str(root),
                  "tornado_settings": {"websocket_max_message_size": settings.max_message_bytes,
                                       "websocket_ping_interval": 30}},
        "VoilaConfiguration": {"template": APP_TEMPLATE, "preheat_kernel": settings.ready_games > 0,
                               "show_tracebacks": False,
                               "file_allowlist": [], "http_keep_alive_timeout": 10,
                               "default_pool_size": settings.ready_games},
        "VoilaKernelManager": {"kernel_pools_config": {
            "default": {"pool_size": 0}, STUDENT_NOTEBOOK: {"pool_size": settings.ready_games}},
            "fill_delay": 0.5},
        # nbclient waits only 4 s for a cell's output after it ran: under a class's load the dashboard's output
        # came later and the page stayed blank ("Timeout waiting for IOPub output")
        "VoilaExecutor": {"iopub_timeout": 120, "startup_timeout": 180},
        "MappingKernelManager": {"cull_idle_timeout": settings.idle_minutes * 60, "cull_interval": 60,
                                 "cull_connected": True, "cull_busy": False},
    }


def make_app(state: ClassState, title: str, cookie_secret: str) -> tornado.web.Application:
    """The tornado application of the classroom server (routes listed here are all there is)."""
    gate = asyncio.Semaphore(max(1, state.settings.starts_at_once))
    common = {"state": state, "title": title}
    fairness = Fairness(games_per_address=state.settings.games_per_minute)
    play = {**common, "gate": gate, "fairness": fairness}
    return tornado.web.Application(
        [
            (r"/", LoginHandler, {**common, "fairness": fairness, "slow_lanes": {}}),
            (r"/play", PlayHandler, {**play, "notebook": STUDENT_NOTEBOOK, "role": "student"}),
            (r"/teacher/play", PlayHandler, {**play, "notebook": TEACHER_NOTEBOOK, "role": "teacher"}),
            (r"/play/queue", QueueHandler, common),
            (r"/play/alive", AliveHandler, common),
            (r"/teacher/class", ClassPageHandler, common),
            (r"/api/kernels/%s/channels" % KERNEL_ID, SocketHandler, {"state": state, "channel": "channels"}),
            (r"/voila/query/%s" % KERNEL_ID, SocketHandler, {"state": state, "channel": "query"}),
            (r"/voila/api/shutdown/%s" % KERNEL_ID, ShutdownHandler, common),
            (r"/api/kernels/%s" % KERNEL_ID, ShutdownHandler, common),
            (r"((?:%s).*)" % "|".join(re.escape(p) for p in STATIC_PREFIXES), StaticHandler, {**common, "cache": {}}),
            (r".*", NotFound, common),
        ],
        cookie_secret=cookie_secret, xsrf_cookies=True, websocket_max_message_size=state.settings.max_message_bytes,
        websocket_ping_interval=30, default_handler_class=NotFound, default_handler_args=common,
    )


def local_address() -> str:
    """This computer's address on the local network (no packet is sent), or its name if there is none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("10.255.255.255", 1))
            address = sock.getsockname()[0]
        except OSError:
            address = ""
    return address if address and not address.startswith("127.") else socket.gethostname()


def serve_classroom(settings: ClassroomSettings, title: str, out: TextIO) -> int:
    """Serve the class until SIGINT, SIGTERM or SIGHUP; then stop Voila and every kernel. Returns 0."""
    terminal = get_language()  # the command line's language, for what is printed here
    workdir = Path(tempfile.mkdtemp(prefix="ratgames_classroom_"))
    root = workdir / "app"
    write_role_notebooks(settings.notebook, root)
    token = secrets.token_urlsafe(32)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        voila_port = sock.getsockname()[1]
    config_dir = workdir / "config"
    config_dir.mkdir()
    (config_dir / "voila.json").write_text(json.dumps(voila_config(settings, root, voila_port, token), indent=1))
    cmd = [sys.executable, "-m", "voila", str(root), f"--Voila.config_file_paths={config_dir}"]
    log = open(workdir / "voila.log", "w")
    env = {**voila_env(), "PYTHONUNBUFFERED": "1"}
    proc = start_server(cmd, cwd=root, stdout=log, stderr=log, env=env)
    state = ClassState(settings, f"http://127.0.0.1:{voila_port}", token, proc.pid)
    tornado.httpclient.AsyncHTTPClient.configure(None, max_clients=4 * settings.students + 20)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    stop = asyncio.Event()
    previous = {}
    code = 0
    try:
        for sig in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if sig is not None:
                try:
                    loop.add_signal_handler(sig, stop.set)
                except (NotImplementedError, RuntimeError, ValueError):
                    previous[sig] = signal.signal(sig, lambda *_: loop.call_soon_threadsafe(stop.set))
        async def main() -> None:
            app = make_app(state, title, secrets.token_hex(32))
            server = app.listen(settings.port, address=settings.host, max_body_size=1024 * 1024)
            address = local_address() if settings.host in ("0.0.0.0", "", "::") else settings.host
            out.write(_("Classroom server for {title}").format(title=title) + "\n  "
                      + _("Students open:  {url}").format(url=f"http://{address}:{settings.port}/") + "\n  "
                      + _("Student code:   {code}").format(code=settings.student_code) + "\n  "
                      + _("Teacher code:   {code}   (yours only: teacher view and the class page)").format(
                          code=settings.teacher_code) + "\n  "
                      + ngettext("Up to {n} student;", "Up to {n} students;", settings.students).format(
                          n=settings.students) + " "
                      + ngettext("{n} game is started in advance.", "{n} games are started in advance.",
                                 settings.ready_games).format(n=settings.ready_games) + "\n"
                      + _("Starting Voila (log: {log}) ...").format(log=workdir / "voila.log") + "\n")
            out.flush()
            tasks = [asyncio.ensure_future(housekeeping(state))]
            if await wait_for_voila(state, proc):
                state.ready = True
                with use_language(terminal):  # the pages switch the current language to each visitor's
                    out.write(_("Ready. Press Ctrl-C to stop the class.") + "\n")
            else:
                log.flush()
                tail = (workdir / "voila.log").read_text(errors="replace").strip().splitlines()[-15:]
                with use_language(terminal):
                    out.write(_("Voila did not start. The end of its log:") + "\n" + "\n".join(tail) + "\n")
                stop.set()
            out.flush()
            watcher = asyncio.ensure_future(_watch(proc, stop))
            await stop.wait()
            for task in [*tasks, watcher]:
                task.cancel()
            await asyncio.gather(*tasks, watcher, return_exceptions=True)
            server.stop()

        loop.run_until_complete(main())
        if not state.ready:
            code = 1
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if sig is not None:
                try:
                    loop.remove_signal_handler(sig)
                except (NotImplementedError, RuntimeError, ValueError):
                    pass
        for sig, old in previous.items():
            signal.signal(sig, old)
        kernels = len(descendants(proc.pid))
        stop_server(proc)
        log.close()
        loop.close()
        if os.environ.get("RATGAMES_CLASSROOM_KEEP"):
            out.write(f"Kept {workdir} (RATGAMES_CLASSROOM_KEEP is set).\n")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
        with use_language(terminal):
            out.write(ngettext("Stopped the class server, Voila and {n} kernel process.",
                               "Stopped the class server, Voila and {n} kernel processes.", kernels).format(n=kernels)
                      + "\n")
        out.flush()
    return code


async def _watch(proc, stop: asyncio.Event) -> None:
    while proc.poll() is None:
        await asyncio.sleep(1)
    sys.stderr.write("[classroom] Voila stopped unexpectedly\n")
    stop.set()
