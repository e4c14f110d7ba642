"""The translation layer: gettext catalogs per domain, the current language, and numbers formatted for it.

Every user-visible string goes through ``_`` / ``ngettext`` / ``pgettext`` (Babel's default extraction keywords),
looked up in the *current* language at call time, so a dashboard that switches language re-renders in it.
English is the source language and the default. A domain is a catalog family: ``ratgames`` (engine, CLI, classroom
server, static site) lives in ``ratgames_lab/locale``; the dashboards register their own (``register_domain``).
Catalogs are ``<localedir>/<lang>/LC_MESSAGES/<domain>.po``, compiled to ``.mo`` at build or install time
(setup.py); a source checkout whose ``.mo`` is missing or older than its ``.po`` compiles it in memory.
"""
from __future__ import annotations

import gettext as _gettext
import io
import locale as _locale
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal as _babel_decimal
from babel.numbers import format_percent as _babel_percent

DEFAULT_LANGUAGE = "en"
DOMAIN = "ratgames"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_domains: dict[str, Path] = {DOMAIN: LOCALE_DIR}
_catalogs: dict[tuple[str, str], _gettext.NullTranslations] = {}
_current = DEFAULT_LANGUAGE


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (translate it where it is shown)."""
    return message


LANGUAGE_NAMES = {"en": N_("English"), "fr": N_("French")}  # a new language adds its name here and to catalogs


def register_domain(domain: str, localedir: str | os.PathLike) -> None:
    """Make ``domain``'s catalogs (``localedir/<lang>/LC_MESSAGES/<domain>.po``) available to the lookups."""
    _domains[domain] = Path(localedir)
    for key in [k for k in _catalogs if k[0] == domain]:
        del _catalogs[key]


def available_languages(domain: str = DOMAIN) -> list[str]:
    """The languages with a catalog for ``domain``, English (the source language) first."""
    root = _domains[domain]
    found = sorted(p.parent.parent.name for p in root.glob(f"*/LC_MESSAGES/{domain}.po")) if root.is_dir() else []
    return [DEFAULT_LANGUAGE] + [lang for lang in found if lang != DEFAULT_LANGUAGE]


def normalize(lang: str | None) -> str | None:
    """'fr_FR.UTF-8', 'fr-FR' and 'FR' -> 'fr'; None, '', 'C' and 'POSIX' -> None."""
    if not lang:
        return None
    code = lang.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].strip().lower()
    return None if code in ("", "c", "posix") else code


def best_language(wanted: str | None, domain: str = DOMAIN) -> str:
    """The first available language in a preference list ('fr-FR,fr;q=0.9,en;q=0.8' or 'fr'), else English."""
    for part in (wanted or "").split(","):
        code = normalize(part.split(";")[0])
        if code in available_languages(domain):
            return code
    return DEFAULT_LANGUAGE


def language_from_environment(domain: str = DOMAIN) -> str:
    """The language the environment asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), if we have it, else English."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return best_language(",".join(value.split(":")), domain)
    return DEFAULT_LANGUAGE


def set_language(lang: str | None) -> str:
    """Make ``lang`` the current language (unknown or None -> English) and return the language chosen."""
    global _current
    _current = best_language(lang)
    return _current


def get_language() -> str:
    """The current language code ('en', 'fr', ...)."""
    return _current


@contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Within the block, ``lang`` is the current language; the previous one comes back after it."""
    previous = _current
    try:
        yield set_language(lang)
    finally:
        set_language(previous)


def _compile(po_path: Path) -> _gettext.GNUTranslations:
    with po_path.open("rb") as handle:
        catalog = read_po(handle)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


def catalog(domain: str = DOMAIN, lang: str | None = None) -> _gettext.NullTranslations:
    """The translations of ``domain`` in ``lang`` (default: the current language); English is the identity."""
    lang = lang or _current
    key = (domain, lang)
    if key not in _catalogs:
        found: _gettext.NullTranslations = _gettext.NullTranslations()
        if lang != DEFAULT_LANGUAGE and domain in _domains:
            folder = _domains[domain] / lang / "LC_MESSAGES"
            po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
            if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
                with mo.open("rb") as handle:
                    found = _gettext.GNUTranslations(handle)
            elif po.is_file():
                found = _compile(po)
        _catalogs[key] = found
    return _catalogs[key]


def _(message: str) -> str:
    """``message`` in the current language (domain ``ratgames``)."""
    return catalog().gettext(message)


def gettext(message: str, domain: str = DOMAIN) -> str:
    """``message`` of ``domain`` in the current language."""
    return catalog(domain).gettext(message)


def ngettext(singular: str, plural: str, n: int, domain: str = DOMAIN) -> str:
    """The singular or plural form for ``n`` in the current language (its own plural rule)."""
    return catalog(domain).ngettext(singular, plural, n)


def pgettext(context: str, message: str, domain: str = DOMAIN) -> str:
    """``message`` in a context (a game's name, for names that differ between games) in the current language."""
    return catalog(domain).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int, domain: str = DOMAIN) -> str:
    """``ngettext`` within a context."""
    return catalog(domain).npgettext(context, singular, plural, n)


class Domain:
    """The lookups of one catalog family, bound once per package: ``TEXT = bind("rattus", __file__)``."""

    def __init__(self, name: str, localedir: str | os.PathLike):
        self.name = name
        register_domain(name, localedir)

    def gettext(self, message: str) -> str:
        """``message`` in the current language."""
        return catalog(self.name).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The singular or plural form for ``n`` in the current language."""
        return catalog(self.name).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` within ``context`` in the current language."""
        return catalog(self.name).pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """``ngettext`` within ``context``."""
        return catalog(self.name).npgettext(context, singular, plural, n)

    def plural_index(self, n: int) -> int:
        """0 (singular) or 1 (plural) for ``n`` by the current language's plural rule (English: 1 is singular)."""
        rule = getattr(catalog(self.name), "plural", None)
        return int(rule(n)) if callable(rule) else int(n != 1)

    def data(self, text: str) -> str:
        """A user-visible string of the package's data files (extracted with the domain's name as context)."""
        return catalog(self.name).pgettext(self.name, text)


def bind(domain: str, package_file: str | os.PathLike) -> Domain:
    """The domain whose catalogs sit in ``locale/`` beside ``package_file`` (a package's ``__file__``)."""
    return Domain(domain, Path(package_file).resolve().parent / "locale")


def language_name(code: str) -> str:
    """The name of a language in the current language ('French' in English, 'français' in French)."""
    return _(LANGUAGE_NAMES.get(code, code))


def format_decimal(value: float, digits: int = 1) -> str:
    """A number with ``digits`` decimals for the current language: 84.2 (en), 84,2 (fr)."""
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    return _babel_decimal(value, format=pattern, locale=_current)


def format_percent(value: float, digits: int = 1) -> str:
    """A probability as a percentage for the current language: 0.842 -> '84.2%' (en), '84,2 %' (fr)."""
    pattern = Locale.parse(_current).percent_formats[None].pattern
    if "#,##0" not in pattern:
        pattern = "#,##0%"
    if digits > 0:
        pattern = pattern.replace("#,##0", "#,##0." + "0" * digits, 1)
    return _babel_percent(value, format=pattern, locale=_current)
