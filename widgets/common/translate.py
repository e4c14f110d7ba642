"""The dashboards' translation lookups: the ``ratgames_widgets`` gettext domain of ``ratgames_lab.core.i18n``."""
from __future__ import annotations

from pathlib import Path

from ratgames_lab.core import i18n

DOMAIN = "ratgames_widgets"
i18n.register_domain(DOMAIN, Path(__file__).resolve().parents[1] / "locale")
N_ = i18n.N_


def _(message: str) -> str:
    """A dashboard string in the current language."""
    return i18n.gettext(message, DOMAIN)


def ngettext(singular: str, plural: str, n: int) -> str:
    """A dashboard string's singular or plural form for ``n`` in the current language."""
    return i18n.ngettext(singular, plural, n, DOMAIN)


def pgettext(context: str, message: str) -> str:
    """A dashboard string in a context (a game's name) in the current language."""
    return i18n.pgettext(context, message, DOMAIN)
