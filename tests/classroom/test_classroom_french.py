"""The classroom pages in French (no browser, no Voila): chosen from the browser's Accept-Language, or for the whole
class by ``--lang fr`` (RATGAMES_LANG); code form, waiting page, teacher pages and the lost-game message."""
from __future__ import annotations

import pytest

from ratgames_lab.classroom.pages import page_guard
from ratgames_lab.core.i18n import set_language, use_language

from .test_classroom_limits import STUDENT_CODE, serving

requests = pytest.importorskip("requests")
TEACHER_CODE = "ABCD-EFGH-JK"


@pytest.fixture(autouse=True)
def english_after(monkeypatch):
    monkeypatch.delenv("RATGAMES_LANG", raising=False)
    yield
    set_language(None)


def _enter(url: str, code: str, language: str) -> requests.Session:
    session = requests.Session()
    session.headers["Accept-Language"] = language
    session.get(url + "/", timeout=30)
    session.post(url + "/", data={"code": code, "_xsrf": session.cookies["_xsrf"]}, timeout=30)
    return session


def test_the_pages_follow_the_browser_language():
    with serving() as url:
        french = requests.get(url + "/", headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}, timeout=30).text
        english = requests.get(url + "/", headers={"Accept-Language": "de,en;q=0.5"}, timeout=30).text
        waiting = _enter(url, STUDENT_CODE, "fr").get(url + "/", timeout=30).text
        teacher = _enter(url, TEACHER_CODE, "fr-CA")
        home, klass = teacher.get(url + "/", timeout=30).text, teacher.get(url + "/teacher/class", timeout=30).text
    assert '<html lang="fr">' in french and "Tapez le code de la classe écrit au tableau." in french
    assert '<html lang="en">' in english and "Type the class code written on the board." in english
    assert "Votre partie démarre…" in waiting and '"Votre partie d\\u00e9marre\\u2026 ({n} avant vous)"' in waiting
    assert "Rattus : professeur" in home and "Votre tableau de bord, avec la vue du professeur" in home
    assert "Rattus : la classe" in klass and "Ne plus laisser entrer de nouveaux élèves" in klass and "Terminer la partie de chaque élève" in klass


def test_a_class_started_in_french_is_french_whatever_the_browser(monkeypatch):
    monkeypatch.setenv("RATGAMES_LANG", "fr")
    with serving() as url:
        page = requests.get(url + "/", headers={"Accept-Language": "en-US"}, timeout=30).text
        wrong = _enter(url, "WRONG-CODE", "en")
        refused = wrong.post(url + "/", data={"code": "NOPE", "_xsrf": wrong.cookies["_xsrf"]}, timeout=30).text
    assert "Tapez le code de la classe" in page and "est pas le code de la classe." in refused


def test_the_lost_game_message_and_button_are_french():
    with use_language("fr"):
        guard = page_guard()
    assert "Votre partie a \\u00e9t\\u00e9 arr\\u00eat\\u00e9e sur l'ordinateur du professeur." in guard
    assert '"Nouvelle partie"' in guard
