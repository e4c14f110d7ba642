"""The dashboards in French: the language switch relabels the page and never changes the game; the default language
comes from RATGAMES_LANG, the page's ?lang= or the browser's Accept-Language."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from ratgames_lab.core.i18n import get_language, set_language
from ratgames_lab.widgets.common import widget_texts
from ratgames_lab.widgets.common.language import page_language
from ratgames_lab.widgets.master_of_rules import MasterOfRulesDashboard
from ratgames_lab.widgets.rattus import RattusDashboard
from ratgames_lab.widgets.rattus_cartus import RattusCartusDashboard


@pytest.fixture(autouse=True)
def english_after():
    """Every test leaves the process in English (the language is process-wide)."""
    yield
    set_language("en")


def test_the_default_language_comes_from_the_app_the_address_or_the_browser():
    assert page_language({}) is None
    assert page_language({"RATGAMES_LANG": "fr"}) == "fr"
    assert page_language({"QUERY_STRING": "lang=fr&x=1"}) == "fr"
    assert page_language({"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9,en;q=0.8"}) == "fr"
    assert page_language({"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9,en;q=0.8"}) == "en"
    # the app's own setting wins over the browser
    assert page_language({"RATGAMES_LANG": "en", "HTTP_ACCEPT_LANGUAGE": "fr-FR"}) == "en"


def test_a_dashboard_starts_in_the_language_of_ratgames_lang(monkeypatch):
    monkeypatch.setenv("RATGAMES_LANG", "fr")
    d = MasterOfRulesDashboard(players=4, seed=3, auto=False)
    assert get_language() == "fr" and d.language.value == "fr"
    assert d.tabs.titles[0] == "Journal" and "Pas à pas" in d.step_button.description


def test_switching_to_french_relabels_the_page_and_keeps_the_game():
    d = MasterOfRulesDashboard(players=4, seed=3, auto=False)
    d.click(d.state.legal_actions()[0])
    d.step()
    before = (json.dumps(d.position(), sort_keys=True), d.version, len(d.match.actions))
    english = set(widget_texts(d.widget))
    assert "What happened" in d.tabs.titles and "4 players" in d.header.value
    d.switch_language("fr")
    assert (json.dumps(d.position(), sort_keys=True), d.version, len(d.match.actions)) == before
    assert d.tabs.titles == ("Journal", "Mes chances", "Et si ?", "Joueurs", "Sauvegarde")
    assert "4 joueurs" in d.header.value and "Transaction 1 sur 12" in d.header.value
    assert "Comment jouer" in d.rules.value and "Recharge" in d.cards_view.value
    french = set(widget_texts(d.widget))
    for gone in ("What happened", "Step: next bot move", "↻ New game", "Skip to my turn »", "Go to move"):
        assert gone in english and gone not in french, gone
    assert "Sans relecture" in d.speed.choice._options_labels and d.speed.choice.value == "Normal"
    # the bots decide the same in either language
    d.step()
    fr_next = d.match.actions[-1]
    d.switch_language("en")
    assert "What happened" in d.tabs.titles and "4 players" in d.header.value
    twin = MasterOfRulesDashboard(players=4, seed=3, auto=False)
    twin.click(twin.state.legal_actions()[0])
    twin.step()
    twin.step()
    assert twin.match.actions[-1] == fr_next


def test_french_numbers_and_plurals_on_the_page():
    d = MasterOfRulesDashboard(players=3, seed=1, auto=False)
    d.switch_language("fr")
    assert "3 joueurs" in d.header.value and "+ 2 joueurs fictifs" in d.header.value
    assert "0 coup jusqu" in d.history.label.value  # French: 0 is singular
    d.odds_panel.show("t", ["rouge 2"], {"Trio": [Fraction(1, 3)]})  # exact odds, French style
    assert "33,3\xa0%" in d.odds_panel.table.value and "Valeurs exactes" in d.odds_panel.table.value


def test_rattus_in_french_keeps_its_map_clicks_and_its_game():
    d = RattusDashboard(players=4, seed=7, auto=False)
    region = d.map_targets()[0][0]
    d.switch_language("fr")
    before = json.dumps(d.position(), sort_keys=True)
    assert "Cliquez sur une région" in d.hint.value and "Mise en place" in d.header.value
    assert "face cachée" in d.map.legend.value and "Château" in d.players_view.value
    d.switch_language("en")
    d.switch_language("fr")
    assert json.dumps(d.position(), sort_keys=True) == before
    assert d.click_region(region) is True  # the map still plays in French
    d.risk_toggle.value = True
    assert "\xa0%" in d.map.legend.value  # "100 %": French percentages on the risk scale


def test_rattus_cartus_survival_gauge_in_french():
    d = RattusCartusDashboard(players=4, seed=7, auto=False)
    d.switch_language("fr")
    assert "Jauge de survie" in d.gauge.title.value and "\xa0%" in d.gauge.title.value
    assert d.gauge.x_axis.label == "rats" and d.gauge.y_axis.label == "chance de survivre"
    assert "Pistes d'influence" in d.tracks_view.value.replace("&#x27;", "'") and "Manche 1 sur" in d.header.value
