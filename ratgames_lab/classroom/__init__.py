"""Classroom mode of ``ratgames app GAME --classroom``: settings, access codes, role notebooks, frame checks.

This module is pure Python (no Jupyter, no tornado): the server itself is :mod:`ratgames_lab.classroom.server`,
imported only when a classroom is served. The design, in short: Voila runs on 127.0.0.1 behind a token that
only this program knows; a small front server on the local network asks for an access code, shows only the
game's dashboard, checks every websocket frame before Voila parses it, and frees a student's kernel as soon as
their tab is closed (see docs/classroom.md).
"""
from __future__ import annotations

import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# no 0/O, 1/I/L: a code copied from a board by hand is read without doubt
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
STUDENT_CODE_LENGTH = 6
TEACHER_CODE_LENGTH = 10
STUDENT_NOTEBOOK = "student.ipynb"
TEACHER_NOTEBOOK = "teacher.ipynb"
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
MAX_MESSAGE_PARTS = 1024  # a Jupyter message has 5 parts plus its binary buffers


@dataclass(frozen=True)
class ClassroomSettings:
    """What ``ratgames app GAME --classroom`` serves and within which limits."""

    game: str
    notebook: Path                  # the game's app notebook (notebooks/apps/GAME.ipynb)
    port: int = 8866
    host: str = "0.0.0.0"           # every interface: the students' machines on the local network
    students: int = 30              # at most this many student games (kernels) at once
    ready_games: int = 6            # games started in advance (Voila's pre-heated kernel pool)
    starts_at_once: int = 2         # pages handed out at once while games start; the others wait in line
    memory_mb: int = 6000           # no new game once the server and its kernels use this much memory
    kernel_memory_mb: int = 700     # a game (kernel) above this is stopped (see game_memory_cap_mb)
    idle_minutes: int = 45          # a game with no activity for this long is stopped (Voila's culler)
    left_seconds: int = 10          # a game whose tab was closed is stopped after this many seconds
    unopened_seconds: int = 45      # a page not connected yet that closed its request this long ago: game stopped
    games_per_minute: int = 60      # new games per address and minute (a whole class may share one address)
    max_message_bytes: int = 4 * 1024 * 1024  # largest websocket message a browser may send
    student_code: str = ""
    teacher_code: str = ""


def new_code(length: int) -> str:
    """A random access code of ``length`` characters from CODE_ALPHABET, grouped by 3 or 4 with dashes."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))
    size = 3 if length % 3 == 0 else 4
    return "-".join(raw[i:i + size] for i in range(0, length, size))


def normalize_code(text: str) -> str:
    """A typed code without spaces or dashes, upper case (``kxp 7rm`` -> ``KXP7RM``)."""
    return re.sub(r"[\s\-_.]", "", text).upper()


def code_matches(typed: str, code: str) -> bool:
    """True if ``typed`` is ``code`` (case, spaces and dashes ignored), compared in constant time."""
    return secrets.compare_digest(normalize_code(typed).encode(), normalize_code(code).encode())


def default_memory_mb() -> int:
    """Three quarters of this computer's memory, in MB (6000 if it cannot be read)."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 6000
    return max(1000, int(total * 0.75 / 2**20))


def game_memory_cap_mb(memory_mb: int, games: int) -> int:
    """The memory one game may use: its share of ``memory_mb`` among ``games`` games, within 200..700 MB.

    A Rattus game starts at about 120 MB; 200 MB leaves room to play, and 30 games at the cap stay within 6 GB.
    """
    return max(200, min(700, memory_mb // max(1, games)))


def role_notebook(app_notebook: dict, role: str) -> dict:
    """The app notebook for ``role`` ('student' or 'teacher'): the dashboard is built with ``teacher=...``
    (the teacher's also with ``teacher_view=True``).

    A student's dashboard has no teacher view: its toggle is hidden and held off, so that a message sent to the
    widget by hand cannot switch it on either.
    """
    if role not in ("student", "teacher"):
        raise ValueError(f"unknown role {role!r}")
    nb = json.loads(json.dumps(app_notebook))
    code_cells = [c for c in nb.get("cells", []) if c.get("cell_type") == "code"]
    for cell in code_cells:
        source = "".join(cell.get("source", ""))
        match = re.search(r"^dashboard = (\w+)\(", source, flags=re.M)
        if not match:
            continue
        teacher = role == "teacher"
        if "teacher=" not in source:  # the teacher's dashboard starts in teacher view (every hand shown)
            args = "teacher=True, teacher_view=True, " if teacher else "teacher=False, "
            source = source[:match.end()] + args + source[match.end():]
        if not teacher:
            source = source.replace("dashboard.show()", _STUDENT_LOCK + "dashboard.show()", 1)
        cell["source"] = source
        cell["outputs"] = []
        cell["execution_count"] = None
        return nb
    raise ValueError("the app notebook has no 'dashboard = ...(' line")


_STUDENT_LOCK = (
    "# classroom: no teacher view for students (hidden, and held off)\n"
    "_toggle = getattr(dashboard, 'teacher_toggle', None)\n"
    "if _toggle is not None:\n"
    "    _toggle.value = False\n"
    "    _toggle.layout.display = 'none'\n"
    "    _toggle.observe(lambda change: setattr(change['owner'], 'value', False) if change['new'] else None,"
    " names='value')\n"
)


def write_role_notebooks(app_notebook_path: Path, folder: Path) -> None:
    """Write student.ipynb and teacher.ipynb for the app notebook into ``folder`` (which the app owns)."""
    data: Any = json.loads(Path(app_notebook_path).read_text(encoding="utf-8"))
    folder.mkdir(parents=True, exist_ok=True)
    for role, name in (("student", STUDENT_NOTEBOOK), ("teacher", TEACHER_NOTEBOOK)):
        (folder / name).write_text(json.dumps(role_notebook(data, role), indent=1), encoding="utf-8")


def check_kernel_frame(data: bytes, protocol: str | None) -> str | None:
    """Why a binary websocket frame from a browser is not a well-formed Jupyter message, or None if it is.

    jupyter_server reads the part count from the frame's first bytes and builds its list of offsets before
    checking anything: a 72-byte frame that claims 2**63 parts freezes it. This check runs first.
    """
    size = len(data)
    if protocol == V1_PROTOCOL:
        if size < 8:
            return "frame shorter than its header"
        parts = int.from_bytes(data[:8], "little")
        if not 2 <= parts <= MAX_MESSAGE_PARTS:
            return f"frame claims {parts} parts"
        if 8 * (parts + 1) > size:
            return f"frame of {size} bytes cannot hold {parts} offsets"
        offsets = [int.from_bytes(data[8 * (i + 1):8 * (i + 2)], "little") for i in range(parts)]
    else:  # the legacy protocol: a big-endian 32-bit count, then 32-bit offsets
        if size < 4:
            return "frame shorter than its header"
        parts = int.from_bytes(data[:4], "big", signed=True)
        if not 1 <= parts <= MAX_MESSAGE_PARTS:
            return f"frame claims {parts} parts"
        if 4 * (parts + 1) > size:
            return f"frame of {size} bytes cannot hold {parts} offsets"
        offsets = [int.from_bytes(data[4 * (i + 1):4 * (i + 2)], "big") for i in range(parts)]
    if any(a > b for a, b in zip(offsets, offsets[1:])) or offsets[-1] > size:
        return "frame offsets out of order or beyond its end"
    return None
