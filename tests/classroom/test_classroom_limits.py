"""The classroom server's fair limits over HTTP (the server in this process, no Voila behind it): wrong codes are
counted per browser and never lock the right code out of an address; new games are limited per address."""
from __future__ import annotations

import asyncio
import contextlib
import threading
from pathlib import Path
from typing import Iterator

import pytest

from ratgames_lab.classroom import ClassroomSettings

from .server_helper import free_port

pytest.importorskip("tornado")
pytest.importorskip("limits")
requests = pytest.importorskip("requests")

STUDENT_CODE = "KXP-7RM"


@contextlib.contextmanager
def serving(**limits) -> Iterator[str]:
    """The classroom server's routes on a free loopback port (its Voila is absent: a game never starts)."""
    from ratgames_lab.classroom.server import make_app
    from ratgames_lab.classroom.state import ClassState
    settings = ClassroomSettings(game="rattus", notebook=Path("x.ipynb"), student_code=STUDENT_CODE,
                                 teacher_code="ABCD-EFGH-JK", **limits)
    state = ClassState(settings, f"http://127.0.0.1:{free_port()}", "token", voila_pid=0)
    state.ready = True
    port = free_port()
    loop = asyncio.new_event_loop()
    listening = threading.Event()

    def run() -> None:
        asyncio.set_event_loop(loop)

        async def start() -> None:
            make_app(state, "Rattus", "secret").listen(port, address="127.0.0.1")
        loop.run_until_complete(start())
        listening.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert listening.wait(30)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(30)


def _type(session, url: str, code: str):
    """``code`` typed in the first page's form by the browser ``session``."""
    if "_xsrf" not in session.cookies:
        session.get(url + "/", timeout=30)
    return session.post(url + "/", data={"code": code, "_xsrf": session.cookies["_xsrf"]}, timeout=30,
                        allow_redirects=False)


def test_wrong_codes_lock_out_one_browser_never_the_right_code_of_its_address():
    with serving() as url:
        guesser = requests.Session()
        assert [_type(guesser, url, "AAA-AAA").status_code for _ in range(5)] == [403] * 5
        refused = _type(guesser, url, STUDENT_CODE)  # this browser waits a minute, even with the right code
        assert refused.status_code == 429 and "Too many wrong codes from this browser" in refused.text
        # 30 wrong codes a minute from one address (a school's NAT): its code checks are slowed, never refused
        for _ in range(5):
            other = requests.Session()
            assert [_type(other, url, "BBB-BBB").status_code for _ in range(5)] == [403] * 5
        student = requests.Session()
        response = _type(student, url, STUDENT_CODE.lower().replace("-", " "))
        assert response.status_code == 302 and "ratgames_classroom" in student.cookies


def test_new_games_are_limited_per_address():
    with serving(games_per_minute=2) as url:
        answers = []
        for _ in range(3):
            student = requests.Session()
            assert _type(student, url, STUDENT_CODE).status_code == 302
            answers.append(student.get(url + "/play", timeout=60))
        # the first two were let through (their game cannot start here: no Voila), the third is refused
        assert [a.status_code for a in answers] == [502, 502, 429]
        assert "Many new games were asked from your network" in answers[2].text
