"""Every message of every domain (engine, each registered game, dashboards) has a French translation, none fuzzy,
and no catalog entry is unused; the tool that checks it finds what is wrong."""
from __future__ import annotations

import json

import pytest

from ratgames_lab import GAMES

from .translations_tool import tool

DOMAINS = tool.domains()


@pytest.mark.parametrize("name", sorted(DOMAINS))
@pytest.mark.parametrize("lang", tool.languages())
def test_every_message_is_translated_and_no_entry_is_unused(name, lang):
    found = tool.problems(DOMAINS[name], lang)
    assert not found, f"{len(found)} problem(s); fix the catalog (python tools/translations.py update {name}, " \
                      f"then translate):\n" + "\n".join(found[:40])


def test_every_registered_game_is_a_domain_and_french_is_a_language():
    assert set(GAMES) <= set(DOMAINS) and {"ratgames", "ratgames_widgets"} <= set(DOMAINS)
    assert "fr" in tool.languages()
    engine = DOMAINS["ratgames"]
    assert all(DOMAINS[game].source in engine.skip for game in GAMES)  # a game's strings are in its own catalog


def _toy_domain(tmp_path, source: str, data: dict | None = None):
    (tmp_path / "rules.py").write_text(source, encoding="utf-8")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "cards.json").write_text(json.dumps(data or {}), encoding="utf-8")
    declared = (("data/cards.json", "cards.*.name"),) if data else ()
    return tool.Domain("toy", tmp_path, data=declared)


def test_the_tool_extracts_sources_and_declared_data_strings_and_finds_what_is_wrong(tmp_path, monkeypatch):
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    domain = _toy_domain(tmp_path, 'from x import _, ngettext\n_("Hello {player}.")\n'
                                   'ngettext("{n} card", "{n} cards", 2)\n',
                         {"cards": [{"name": "Witch", "id": "w"}, {"name": "King", "id": "k"}]})
    messages = tool.template(domain)
    assert {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in messages if m.id} == {
        ("Hello {player}.", None), ("{n} card", None), ("Witch", "toy"), ("King", "toy")}
    tool.update(domain, "fr", messages)
    assert len(tool.problems(domain, "fr", messages)) == 4  # created, nothing translated yet
    po = domain.po_path("fr")
    text = po.read_text(encoding="utf-8")
    assert "nplurals=2; plural=(n > 1);" in text
    for english, french in [('"Witch"', '"Sorcière"'), ('"King"', '"Roi"')]:
        text = text.replace(f"msgid {english}\nmsgstr \"\"", f"msgid {english}\nmsgstr {french}")
    text = text.replace('msgid "Hello {player}."\nmsgstr ""', '#, fuzzy\nmsgid "Hello {player}."\nmsgstr "Salut {joueur}."')
    text = text.replace('msgstr[0] ""\nmsgstr[1] ""', 'msgstr[0] "{n} carte"\nmsgstr[1] "{n} cartes"')
    text += '\nmsgid "Gone"\nmsgstr "Parti"\n'
    po.write_text(text, encoding="utf-8")
    found = tool.problems(domain, "fr", messages)
    assert len(found) == 2 and "fuzzy" in found[0] and "obsolete" in found[1] and "Gone" in found[1]
    text = text.replace("#, fuzzy\n", "")
    po.write_text(text, encoding="utf-8")
    assert "unknown placeholder ['joueur']" in " ".join(tool.problems(domain, "fr", messages))
    po.write_text(text.replace("{joueur}", "{player}"), encoding="utf-8")
    tool.update(domain, "fr", messages)  # drops the unused entry, keeps the translations
    assert tool.problems(domain, "fr", messages) == []
