"""Classroom mode's pure parts: codes, role notebooks, frame checks, Voila's configuration, process helpers."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ratgames_lab.classroom import (CODE_ALPHABET, V1_PROTOCOL, ClassroomSettings, check_kernel_frame, code_matches,
                                    game_memory_cap_mb, new_code, role_notebook)
from ratgames_lab.classroom.processes import alive, descendants, start_server, stop_server

from .server_helper import FREEZING_FRAME, v1_message

REPO = Path(__file__).resolve().parents[2]


def test_codes_are_random_readable_and_typed_loosely():
    codes = {new_code(6) for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert re.fullmatch(r"[A-Z2-9]{3}-[A-Z2-9]{3}", code)
        assert set(code.replace("-", "")) <= set(CODE_ALPHABET)
        assert not set(code) & set("01OIL")
    teacher = new_code(10)
    assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{2}", teacher)
    assert code_matches(" kxp 7rm ", "KXP-7RM") and code_matches("KXP7RM", "KXP-7RM")
    assert not code_matches("KXP-7RN", "KXP-7RM") and not code_matches("", "KXP-7RM")


def test_wrong_codes_are_limited_per_browser_and_never_lock_out_an_address():
    pytest.importorskip("limits")
    from ratgames_lab.classroom.fairness import Fairness
    fairness = Fairness(wrong_per_browser=3, wrong_per_address=5)
    for _ in range(3):
        assert not fairness.browser_blocked("browser-a")
        fairness.wrong_code("browser-a", "10.0.0.5")
    assert fairness.browser_blocked("browser-a")
    # another browser behind the same address (a school's NAT) is not blocked, only slowed down past 5 a minute
    assert not fairness.browser_blocked("browser-b") and not fairness.address_slowed("10.0.0.5")
    fairness.wrong_code("browser-b", "10.0.0.5")
    fairness.wrong_code("browser-c", "10.0.0.5")
    assert fairness.address_slowed("10.0.0.5") and not fairness.browser_blocked("browser-b")
    assert not fairness.address_slowed("10.0.0.6")


def test_new_games_are_limited_per_address():
    pytest.importorskip("limits")
    from ratgames_lab.classroom.fairness import Fairness
    fairness = Fairness(games_per_address=4)
    assert [fairness.new_game("10.0.0.5") for _ in range(5)] == [True] * 4 + [False]
    assert fairness.new_game("10.0.0.6")


def test_a_game_memory_cap_keeps_a_class_within_the_memory_limit():
    assert game_memory_cap_mb(6000, 36) == 200 and game_memory_cap_mb(18000, 36) == 500
    assert game_memory_cap_mb(100_000, 36) == 700 and game_memory_cap_mb(1000, 0) == 700


def test_a_game_is_kept_while_its_page_says_it_is_open():
    pytest.importorskip("tornado")
    from ratgames_lab.classroom.housekeeping import why_stop
    from ratgames_lab.classroom.state import Game
    s = ClassroomSettings(game="rattus", notebook=Path("x.ipynb"))
    game = Game("k", "student", "s", served=0.0)
    assert why_stop(game, s, 500.0) is None               # still loading, however long
    game.loading, game.page_seen = False, 10.0
    assert why_stop(game, s, 500.0, page_open=True) is None   # a slow page, open (its request held), no websocket yet
    game.page_seen = 500.0                                    # then the page closed its request
    assert why_stop(game, s, 500.0 + s.unopened_seconds - 1) is None
    assert "stopped answering" in why_stop(game, s, 500.0 + s.unopened_seconds + 1)
    game.connections, game.ever_connected = 1, True
    assert why_stop(game, s, 10_000.0) is None            # connected
    game.connections, game.left, game.page_seen = 0, 1000.0, 1000.0
    assert why_stop(game, s, 1000.0 + s.left_seconds - 1) is None
    assert why_stop(game, s, 1000.0 + s.left_seconds + 1) == "its tab was closed or reloaded"
    game.page_closed = True
    assert why_stop(game, s, 1000.0) == "its page was closed while it loaded"
    big = Game("k2", "student", "s2", served=0.0, connections=1, ever_connected=True, loading=False)
    big.rss_mb = s.kernel_memory_mb + 1                   # a game over its memory cap is stopped, even connected
    assert why_stop(big, s, 1.0) == f"it used {big.rss_mb:.0f} MB (limit {s.kernel_memory_mb} MB)"


def test_a_kernel_that_dies_on_its_own_loses_its_game_at_once():
    pytest.importorskip("tornado")
    from ratgames_lab.classroom.housekeeping import note_kernel_process, why_stop
    from ratgames_lab.classroom.state import Game
    s = ClassroomSettings(game="rattus", notebook=Path("x.ipynb"))
    game = Game("k", "student", "s", served=0.0, connections=1, ever_connected=True, loading=False)
    note_kernel_process(game, None)                       # not seen yet (still starting): nothing lost
    note_kernel_process(game, (101, 90.0))
    note_kernel_process(game, (101, 95.0))
    assert why_stop(game, s, 1.0) is None and game.rss_mb == 95.0
    note_kernel_process(game, (202, 60.0))                # restarted by Jupyter: its widgets are gone
    assert why_stop(game, s, 1.0) == "its kernel died and was restarted"
    gone = Game("k2", "student", "s2", served=0.0, connections=1, ever_connected=True, loading=False)
    note_kernel_process(gone, (303, 90.0))
    note_kernel_process(gone, None)                       # its process is gone, although its page is connected
    assert why_stop(gone, s, 1.0, page_open=True) == "its kernel stopped on its own"


def test_the_line_counts_who_is_ahead_and_forgets_closed_waiting_pages():
    from ratgames_lab.classroom.state import ClassState
    st = ClassState(ClassroomSettings(game="rattus", notebook=Path("x.ipynb")), "http://x", "t", 0)
    for i, session in enumerate("abcd"):
        st.join_line(session, float(i))
    assert [st.ahead_of(x) for x in "abcd"] == [0, 1, 2, 3]
    st.line["a"].stage = "game starting"
    assert [st.ahead_of(x) for x in "abcd"] == [0, 1, 2, 3]
    st.line["b"].stage = "page loading"                   # b's page is on its way: no longer ahead of anyone
    assert [st.ahead_of(x) for x in "acd"] == [0, 1, 2]
    st.join_line("d", 40.0)                               # d keeps asking; c's waiting page was closed
    st.forget_gone_waiters(41.0, patience=20.0)
    assert list(st.line) == ["a", "b", "d"] and st.ahead_of("d") == 1
    assert st.long_waits(41.0, 30) == [(1, 41.0, "game starting"), (2, 40.0, "page loading"), (4, 38.0, "in line")]


def test_the_freezing_frame_and_other_malformed_frames_are_refused():
    assert len(FREEZING_FRAME) == 72
    assert check_kernel_frame(FREEZING_FRAME, V1_PROTOCOL) == f"frame claims {2**63} parts"
    good = v1_message("shell", "kernel_info_request")
    assert check_kernel_frame(good, V1_PROTOCOL) is None
    assert check_kernel_frame(good[:40], V1_PROTOCOL) is not None       # offsets beyond the end
    assert check_kernel_frame(b"\x01", V1_PROTOCOL) is not None
    swapped = bytearray(good)
    swapped[8:16], swapped[16:24] = good[16:24], good[8:16]
    assert check_kernel_frame(bytes(swapped), V1_PROTOCOL) == "frame offsets out of order or beyond its end"
    # the legacy protocol: "!i" count then "!I" offsets; a huge count would build a huge format string
    assert check_kernel_frame((2**31 - 1).to_bytes(4, "big") + bytes(68), None) is not None
    legacy = (2).to_bytes(4, "big") + (12).to_bytes(4, "big") + (14).to_bytes(4, "big") + b"{}"
    assert check_kernel_frame(legacy, None) is None


def test_role_notebooks_give_only_the_teacher_the_teacher_view():
    app = json.loads((REPO / "notebooks" / "apps" / "rattus.ipynb").read_text())
    student = "".join(c["source"] for c in role_notebook(app, "student")["cells"] if c["cell_type"] == "code")
    teacher = "".join(c["source"] for c in role_notebook(app, "teacher")["cells"] if c["cell_type"] == "code")
    assert "teacher=False" in student and "teacher=True" in teacher
    assert "_toggle.layout.display = 'none'" in student and "_toggle" not in teacher
    compile(student, "student", "exec")
    compile(teacher, "teacher", "exec")
    with pytest.raises(ValueError):
        role_notebook(app, "admin")


def test_voila_listens_on_loopback_with_a_token_limits_and_culling(tmp_path):
    pytest.importorskip("tornado")
    from ratgames_lab.classroom.server import voila_config
    settings = ClassroomSettings(game="rattus", notebook=tmp_path / "x.ipynb", ready_games=4, idle_minutes=30)
    config = voila_config(settings, tmp_path, 12345, "secret")
    assert config["Voila"]["ip"] == "127.0.0.1" and config["Voila"]["token"] == "secret"
    assert config["Voila"]["tornado_settings"]["websocket_max_message_size"] == settings.max_message_bytes
    assert config["VoilaKernelManager"]["kernel_pools_config"]["student.ipynb"] == {"pool_size": 4}
    assert config["VoilaKernelManager"]["kernel_pools_config"]["default"] == {"pool_size": 0}
    assert config["MappingKernelManager"]["cull_idle_timeout"] == 30 * 60
    assert config["MappingKernelManager"]["cull_connected"] is True
    assert config["VoilaConfiguration"]["file_allowlist"] == []
    assert config["VoilaExecutor"]["iopub_timeout"] >= 60


def test_stop_server_stops_children_in_other_sessions_even_if_the_parent_ignores_sigterm():
    code = ("import signal, subprocess, sys, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
            "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)'], start_new_session=True); "
            "print('ready', flush=True); time.sleep(300)")
    proc = start_server([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    deadline = time.monotonic() + 10
    while not descendants(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    [child] = descendants(proc.pid)
    stop_server(proc, grace=1.0)  # the child inherits SIG_IGN for SIGTERM too: it needs the SIGKILL
    deadline = time.monotonic() + 10
    while alive(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert proc.poll() is not None and not alive(child)
    assert descendants(0) == [] and descendants(1) == []


def test_the_classroom_settings_import_no_jupyter_and_no_tornado():
    code = ("import sys, ratgames_lab.classroom, ratgames_lab.classroom.processes; "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "{'tornado', 'voila', 'jupyter_server', 'jupyter_client', 'ipywidgets', 'IPython'}]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_student_dashboard_cannot_switch_the_teacher_view_on():
    """What a widget message from a student's browser would do: set the toggle's value; it falls back to off."""
    pytest.importorskip("ipywidgets")
    app = json.loads((REPO / "notebooks" / "apps" / "rattus.ipynb").read_text())
    namespaces = {}
    for role in ("student", "teacher"):
        code = "".join(c["source"] for c in role_notebook(app, role)["cells"] if c["cell_type"] == "code")
        namespace: dict = {}
        exec(compile(code.replace("dashboard.show()", "pass"), role, "exec"), namespace)
        namespaces[role] = namespace["dashboard"]
    student, teacher = namespaces["student"], namespaces["teacher"]
    assert teacher.teacher and not student.teacher
    toggle = getattr(student, "teacher_toggle", None)
    if toggle is not None:
        assert toggle.layout.display == "none"
        toggle.value = True  # as if the browser sent {"value": true} for this widget
        assert toggle.value is False and not student.teacher
