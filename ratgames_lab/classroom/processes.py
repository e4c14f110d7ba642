"""Start Voila so that it never outlives ``ratgames app``, and stop it with every kernel it started."""
from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Sequence


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Linux: the child gets SIGTERM if ``ratgames app`` dies, even by SIGKILL."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


APP_TEMPLATE = "ratgames"  # widgets/app_template/voila/templates/ratgames


def _app_template_dir() -> Path | None:
    """The Jupyter data folder holding the dashboards' Voila template (found without importing the widgets)."""
    spec = importlib.util.find_spec("ratgames_lab.widgets")
    if spec is None or not spec.origin:
        return None
    folder = Path(spec.origin).parent / "app_template"
    return folder if (folder / "voila" / "templates" / APP_TEMPLATE).is_dir() else None


def voila_env(base: dict | None = None) -> dict:
    """The environment for Voila: Voila's own data folder (templates, widget code) added to JUPYTER_PATH.

    Needed when Voila is installed in another prefix than the running Python (a virtual environment that
    borrows its packages from another one); harmless otherwise.
    """
    env = dict(os.environ if base is None else base)
    app_template = _app_template_dir()
    if app_template is not None:  # the dashboards' page template: Voila's lab page without CDN stylesheets
        env["JUPYTER_PATH"] = os.pathsep.join([str(app_template)] + [
            p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p and p != str(app_template)])
    spec = importlib.util.find_spec("voila")
    if spec is None or not spec.origin:
        return env
    share = Path(spec.origin).resolve().parents[4] / "share" / "jupyter"
    paths = [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if (share / "voila" / "templates").is_dir() and str(share) not in paths:
        env["JUPYTER_PATH"] = os.pathsep.join([*paths, str(share)])
    return env


def start_server(cmd: Sequence[str], **kwargs) -> subprocess.Popen:
    """Start ``cmd`` in its own session (Ctrl-C reaches only ``ratgames``, which then stops it cleanly)."""
    extra = {"preexec_fn": _die_with_parent} if sys.platform.startswith("linux") else {}
    kwargs.setdefault("env", voila_env())
    return subprocess.Popen(list(cmd), start_new_session=True, **extra, **kwargs)


def descendants(pid: int) -> list[int]:
    """Every process started by ``pid``, children of children included (kernels run in their own sessions)."""
    if not isinstance(pid, int) or pid <= 1:  # no real server process: never the whole system
        return []
    try:
        import psutil
    except ImportError:
        return _proc_descendants(pid)
    try:
        return [p.pid for p in psutil.Process(pid).children(recursive=True)]
    except psutil.Error:
        return []


def _proc_descendants(pid: int) -> list[int]:
    """descendants() read from /proc (Linux without psutil); [] elsewhere."""
    parents: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read().decode(errors="replace")
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        parents.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    """True if process ``pid`` exists and is not a zombie."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except OSError:
        return True


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def stop_server(proc: subprocess.Popen, grace: float = 10.0) -> None:
    """Stop ``proc`` and every process it started: SIGTERM (Voila shuts its kernels down), then SIGKILL.

    The kernels are listed before Voila is stopped, so that none survives a Voila that no longer answers
    signals (a frozen server) or that dies first.
    """
    kids = descendants(proc.pid)
    if proc.poll() is None:
        _signal(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            _signal(proc.pid, signal.SIGKILL)
            proc.wait()
    kids = [pid for pid in kids if alive(pid)]
    for pid in kids:
        _signal(pid, signal.SIGTERM)
    deadline = time.monotonic() + 3
    while kids and time.monotonic() < deadline:
        time.sleep(0.1)
        kids = [pid for pid in kids if alive(pid)]
    for pid in kids:
        _signal(pid, signal.SIGKILL)


class Stopped(Exception):
    """``ratgames app`` received SIGTERM or SIGHUP."""


def raise_on_signals() -> dict:
    """Make SIGTERM and SIGHUP raise Stopped in the main thread (Ctrl-C already raises KeyboardInterrupt).

    Returns the previous handlers, for restore_signals().
    """
    def handler(signum, frame):
        raise Stopped(signal.Signals(signum).name)

    previous: dict = {}
    if threading.current_thread() is not threading.main_thread():
        return previous  # signal handlers can only be set in the main thread
    for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
        if sig is not None:
            previous[sig] = signal.signal(sig, handler)
    return previous


def restore_signals(previous: dict) -> None:
    """Put back the handlers that raise_on_signals() replaced."""
    for sig, old in previous.items():
        signal.signal(sig, old)
