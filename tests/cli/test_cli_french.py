"""``ratgames`` in French: ``--lang fr`` anywhere on the line or the environment's locale; the output and the
error lines (after the fixed ``ratgames: error:`` prefix) in French; RATGAMES_LANG handed on to the dashboards."""
from __future__ import annotations

import os

import pytest

from ratgames_lab.cli_language import ENVIRONMENT, command_language
from ratgames_lab.core.i18n import get_language



@pytest.fixture(autouse=True)
def english_environment(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", ENVIRONMENT):
        monkeypatch.delenv(name, raising=False)


def test_lang_fr_translates_a_command_and_english_comes_back(run):
    r = run("--lang", "fr", "list")
    assert r.code == 0 and "master_of_rules  Master of Rules  (3, 4 ou 5 joueurs)" in r.out
    assert "(3, 4 or 5 players)" in run("list").out and get_language() == "en"


def test_an_error_line_is_french_after_its_prefix_wherever_lang_stands(run):
    r = run("play", "master_of_rules", "--players", "7", "--lang", "fr")
    assert (r.code, r.err) == (2, "ratgames: error: Master of Rules se joue à 3, 4 ou 5 joueurs, pas 7\n")
    r = run("--lang=fr", "fly")
    assert r.code == 2 and r.err.startswith("ratgames: error: argument COMMAND : choix invalide : 'fly'")


def test_the_environment_locale_chooses_french_and_an_unknown_language_is_one_error_line(run, monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert "(3, 4 ou 5 joueurs)" in run("list").out
    assert "(3, 4 or 5 players)" in run("--lang", "en", "list").out
    r = run("--lang", "tlh", "list")
    assert (r.code, r.out) == (2, "") and r.err.startswith("ratgames: error: langue inconnue 'tlh' (disponibles : en, fr")


def test_an_explicit_language_reaches_the_dashboards_through_the_environment():
    with command_language("fr") as lang:
        assert lang == "fr" and os.environ[ENVIRONMENT] == "fr"  # Voila and classroom games inherit it
    assert ENVIRONMENT not in os.environ
    with command_language(None):
        assert ENVIRONMENT not in os.environ  # no --lang: each dashboard follows its browser
