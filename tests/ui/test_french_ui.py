"""Browser test: the apps in French, played by clicks at 1280x720 in a browser whose language is French.

The browser asks for French (its Accept-Language), so the page starts in French with no setting at all. A few
decisions are played by real clicks on the choice in view; then no English word of the dashboards' own strings (the
short msgids of the widgets catalog whose French differs) is on the page, and the console logged no error. Screenshots
go to /tmp/frui_<game>_<n>.png. One Voila server serves the apps folder for the whole module.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from .test_decision_in_view import IN_VIEW, READY
from .voila_app import ROOT, browser_page, voila

pytestmark = pytest.mark.ui

CATALOG = ROOT / "widgets" / "locale" / "fr" / "LC_MESSAGES" / "ratgames_widgets.po"
# the games whose dashboards are fully in French (the others follow as their strings are translated)
APPS = ["master_of_rules", "rattus", "rattus_cartus", "horlogerie"]
DECISIONS = 3
# the page's text, hidden parts included (closed fold-outs, tab contents), without the texts the engine's packages
# write in their own catalogs: the log (events), the choices (actions) and the app's intro (its registration)
PAGE_TEXT = """() => {
  const skip = '.rg-log, .rg-choice, .rg-intro, script, style';
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const parent = walker.currentNode.parentElement;
    if (parent && !parent.closest(skip)) out.push(walker.currentNode.textContent);
  }
  return out.join('\\n');
}"""
# names the engine's packages give (in their own catalogs) that are also dashboard words: a seat ("Player 2"); in
# Rattus Cartus the Castle building (the dashboards' "Castle" is Rattus's); in L'Horlogerie the terrains of the
# missions' and finds' names ("Swamp 4 + River 3", the engine's names of them)
ENGINE_WORDS = {"Player"}
ENGINE_NAMES = {"rattus_cartus": {"Castle"}, "horlogerie": {"Swamp", "River", "Jungle"}}
SHOTS = Path("/tmp")


def english_words() -> set[str]:
    """Short labels of the dashboards (one to three words, no placeholder) that French never uses: not in any of
    the catalog's French texts ("Stop" and "Normal" are French too)."""
    with CATALOG.open("rb") as handle:
        catalog = [m for m in read_po(handle) if m.id]
    french = " ".join(s for m in catalog for s in (m.string if isinstance(m.string, tuple) else (m.string,)))
    words = set()
    for message in catalog:
        for english in message.id if isinstance(message.id, tuple) else (message.id,):
            text = re.sub(r"<[^>]+>", "", english).strip(" .:…»↻↶↷⬇⬆▶■★✔✘")
            if "{" in english or len(text) < 4 or len(text.split()) > 3 or _has(french, text):
                continue
            words.add(text)
    return words - ENGINE_WORDS


def _has(text: str, words: str) -> bool:
    """True if ``words`` occur in ``text`` as whole words."""
    return re.search(rf"(?<![\w'’]){re.escape(words)}(?![\w'’])", text) is not None


@pytest.fixture(scope="module")
def apps_url():
    """Voila serving notebooks/apps (one page per app notebook), with no language set for the kernels."""
    with voila(ROOT / "notebooks" / "apps", "voila_french_ui.log") as url:
        yield url


def test_the_word_list_holds_the_dashboards_words():
    words = english_words()
    assert {"What happened", "Players", "No playback", "Game number"} <= words
    assert "Normal" not in words  # the same word in French


@pytest.mark.parametrize("app", APPS)
def test_an_app_in_a_french_browser_is_all_french(apps_url, app, monkeypatch):
    monkeypatch.delenv("RATGAMES_LANG", raising=False)
    english = english_words() - ENGINE_NAMES.get(app, set())
    with browser_page(f"{apps_url}voila/render/{app}.ipynb", 1280, 720, (".rg-banner-you",),
                      locale="fr-FR") as page:
        assert page.locator(".rg-lang select").input_value() == "Français"
        page.locator(".rg-speed button").filter(has_text="Sans relecture").click()
        page.wait_for_function(READY, timeout=120_000)
        for n in range(DECISIONS):
            page.mouse.move(0, 0)
            if page.locator(".rg-banner-over").count():
                break
            page.wait_for_function(f"() => ({IN_VIEW})().length > 0", timeout=60_000)
            choices = page.evaluate(IN_VIEW)
            assert choices, f"{app}: no choice in view at decision {n}"
            page.screenshot(path=str(SHOTS / f"frui_{app}_{n}.png"))
            text = page.evaluate(PAGE_TEXT)
            found = sorted(w for w in english if _has(text, w))
            assert not found, f"{app}: English on the French page at decision {n}: {found}"
            page.evaluate("() => document.querySelectorAll('.rg-decision button.rg-choice')"
                          ".forEach(b => b.dataset.old = 1)")
            _label, x, y = choices[0]
            page.mouse.click(x, y)
            page.wait_for_function(READY, timeout=180_000)
        assert page.locator(".jupyter-widgets-error-widget").count() == 0
        assert not page.errors, page.errors
