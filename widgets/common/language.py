"""The language of a dashboard page: where its default comes from, and the English / Français switch in its header.

The default is, in order: ``RATGAMES_LANG`` (``ratgames app GAME --lang fr`` sets it for the Voila kernels), the
page address's ``?lang=fr`` (Voila gives the kernel the query string as ``QUERY_STRING``), the browser's languages
(Voila passes the request's ``Accept-Language`` header as ``HTTP_ACCEPT_LANGUAGE`` when started with
``voila_options()``; in JupyterLite the Pyodide kernel reads ``navigator.languages``), else the current language.
"""
from __future__ import annotations

import os
import sys
from typing import Callable, Mapping
from urllib.parse import parse_qs

import ipywidgets as w

from ratgames_lab.core.i18n import available_languages, get_language, normalize, set_language

from .translate import TEXT, _

# each language is named in itself, so that anyone finds their own
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}


def _browser_languages() -> str:
    """The browser's preference list inside JupyterLite (Pyodide: the kernel runs in the page's web worker)."""
    if sys.platform != "emscripten":
        return ""
    try:
        import js  # Pyodide's bridge to the browser (only exists there)

        return ",".join(str(lang) for lang in js.navigator.languages) or str(js.navigator.language)
    except Exception:  # a Pyodide without a navigator: no preference
        return ""


def _first_known(preferences: list[str]) -> str | None:
    known = available_languages(TEXT.name)
    for preference in preferences:
        for part in preference.split(","):
            code = normalize(part.split(";")[0])
            if code in known:
                return code
    return None


def chosen_language(env: Mapping[str, str] | None = None) -> str | None:
    """The language the app or the page's address asks for (``RATGAMES_LANG``, then ``?lang=``), or None."""
    env = os.environ if env is None else env
    return _first_known([env.get("RATGAMES_LANG", ""), ",".join(parse_qs(env.get("QUERY_STRING", "")).get("lang", []))])


def page_language(env: Mapping[str, str] | None = None) -> str | None:
    """The language a new dashboard starts in (see the module's docstring), or None when nothing asks for one."""
    env = os.environ if env is None else env
    return chosen_language(env) or _first_known([env.get("HTTP_ACCEPT_LANGUAGE", "") or _browser_languages()])


class LanguageSwitch:
    """A small dropdown (English / Français) whose change makes it the current language and calls ``on_change()``."""

    def __init__(self, on_change: Callable[[], None], follow_browser: bool = False):
        codes = available_languages(TEXT.name)
        self.dropdown = w.Dropdown(options=[(LANGUAGE_NAMES.get(c, c), c) for c in codes],
                                   value=get_language() if get_language() in codes else codes[0],
                                   layout=w.Layout(width="auto"))
        self.dropdown.add_class("rg-lang")
        # the page template's script sets a switch marked so to the browser's language (a kernel started before
        # the page was asked for, as in a classroom, cannot know it); the class lists the options' codes in order
        self.dropdown.add_class("rg-lang-codes-" + "-".join(codes))
        if follow_browser:
            self.dropdown.add_class("rg-lang-auto")
        self.dropdown.observe(lambda ch: (set_language(ch["new"]), on_change()), names="value")
        self.widget = self.dropdown
        self.relabel()

    def relabel(self) -> None:
        """Its tooltip in the current language."""
        self.dropdown.tooltip = _("Language")

    @property
    def value(self) -> str:
        """The language chosen."""
        return self.dropdown.value

    def choose(self, lang: str) -> None:
        """Switch to ``lang`` as a click on the dropdown would."""
        self.dropdown.value = lang


__all__ = ["LANGUAGE_NAMES", "LanguageSwitch", "chosen_language", "page_language"]
