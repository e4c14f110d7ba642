"""What a game's translation module shares: a table built once per language (the names of its cards, places...) and
event templates read in the current language with their params translated (names, players, lists)."""
from __future__ import annotations

from typing import Any, Callable, Mapping, TypeVar

from .i18n import get_language

T = TypeVar("T")


def per_language(build: Callable[[], T]) -> Callable[[], T]:
    """``build()`` called once per language (it looks names up in the current language); its result cached."""
    cache: dict[str, T] = {}

    def get() -> T:
        lang = get_language()
        if lang not in cache:
            cache[lang] = build()
        return cache[lang]
    return get


class Template(str):
    """An English event template (marked with ``N_``) read in the current language with ``gettext``, each param
    through ``shown`` (a name, a player, a list of them in the current language)."""

    gettext: Callable[[str], str]
    shown: Callable[[Any], Any]

    def __new__(cls, text: str, gettext: Callable[[str], str], shown: Callable[[Any], Any]) -> "Template":
        obj = super().__new__(cls, text)
        obj.gettext, obj.shown = gettext, shown
        return obj

    def format(self, *args: Any, **params: Any) -> str:
        return str.format(self.gettext(str(self)), *args, **{k: self.shown(v) for k, v in params.items()})


def templates(texts: Mapping[str, str], gettext: Callable[[str], str],
              shown: Callable[[Any], Any]) -> dict[str, Template]:
    """Each event kind's English template as a ``Template`` (for ``register_event_texts``)."""
    return {kind: Template(text, gettext, shown) for kind, text in texts.items()}
