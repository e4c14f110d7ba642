"""The translation layer: English by default and unchanged, French from the catalogs, languages chosen from
preference lists and the environment, numbers formatted per language, and the build compiling the catalogs."""
from __future__ import annotations

import pytest

from ratgames_lab.core import i18n


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language(None)


def test_english_is_the_default_and_the_source_text():
    assert i18n.get_language() == "en"
    assert i18n._("English") == "English"
    assert i18n.ngettext("{n} card", "{n} cards", 2) == "{n} cards"
    assert i18n.format_percent(0.842) == "84.2%" and i18n.format_decimal(1234.5) == "1,234.5"


def test_french_comes_from_the_catalog_with_french_numbers():
    with i18n.use_language("fr"):
        assert i18n.get_language() == "fr"
        assert i18n._("English") == "anglais"
        assert i18n.format_percent(0.842) == "84,2\u00a0%"
        assert i18n.format_decimal(0.5, 2) == "0,50"
    assert i18n.get_language() == "en"


def test_french_plural_rule_counts_zero_and_one_as_singular():
    with i18n.use_language("fr"):
        assert i18n.catalog().plural(0) == 0 and i18n.catalog().plural(1) == 0 and i18n.catalog().plural(2) == 1


@pytest.mark.parametrize("wanted, chosen", [("fr-FR,fr;q=0.9,en;q=0.8", "fr"), ("de-DE,de;q=0.9", "en"),
                                            ("nl,fr;q=0.5", "fr"), ("", "en"), (None, "en"), ("FR", "fr")])
def test_the_first_available_language_of_a_preference_list_is_chosen(wanted, chosen):
    assert i18n.best_language(wanted) == chosen


def test_the_environment_chooses_the_language(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert i18n.language_from_environment() == "en"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.language_from_environment() == "fr"
    monkeypatch.setenv("LANGUAGE", "de:fr")
    assert i18n.language_from_environment() == "fr"
    monkeypatch.setenv("LC_ALL", "C")
    monkeypatch.delenv("LANGUAGE")
    assert i18n.language_from_environment() == "en"


def test_an_unknown_language_falls_back_to_english():
    assert i18n.set_language("xx") == "en" and i18n._("English") == "English"


def test_a_catalog_without_its_compiled_file_is_compiled_from_the_po(tmp_path):
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "demo.po").write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                                    'msgid "Hello"\nmsgstr "Bonjour"\n', encoding="utf-8")
    i18n.register_domain("demo", tmp_path)
    with i18n.use_language("fr"):
        assert i18n.gettext("Hello", "demo") == "Bonjour"
        assert i18n._("Hello") == "Hello"  # another domain's catalog does not answer
    assert i18n.gettext("Hello", "demo") == "Hello"


def test_a_package_binds_its_own_domain_and_the_dashboards_have_theirs():
    from ratgames_lab.widgets.common.translate import _ as widget_text

    with i18n.use_language("fr"):
        assert widget_text("Language") == "Langue"
    assert "fr" in i18n.available_languages("ratgames_widgets")
