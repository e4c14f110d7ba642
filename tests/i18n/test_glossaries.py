"""Each game's docs glossary (French → English) and the game's catalog agree: where the catalog translates a name
of the glossary's English column, the translation is the glossary's French."""
from __future__ import annotations

import re

import pytest

from ratgames_lab import GAMES

from .translations_tool import ROOT, tool

MUST_CHECK = {"master_of_rules": 5, "rattus": 5}  # games whose names are translated: at least this many glossary names checked
ARTICLES = re.compile(r"^(le|la|les|l')\s*", re.IGNORECASE)


def glossary_rows(markdown: str) -> list[tuple[str, str]]:
    """(French, English) cells of the table under the '## Glossary' heading."""
    rows, inside = [], False
    for line in markdown.splitlines():
        if line.startswith("## "):
            inside = line.lower().startswith("## glossary")
        elif inside and line.startswith("|") and not set(line) <= set("|-: "):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if len(cells) >= 2 and cells[0].lower() not in ("french", "french (rulebook)", "french (seed)"):
                rows.append((cells[0], cells[1]))
    return rows


def names(cell: str) -> list[str]:
    """The names of a cell: backticked code and parentheses dropped, alternatives split on '/' and ','."""
    cell = re.sub(r"`[^`]*`|\([^)]*\)", "", cell)
    return [n.strip() for n in re.split(r"[/,]", cell) if n.strip()]


def _same(a: str, b: str) -> bool:
    return ARTICLES.sub("", a.strip().lower()) == ARTICLES.sub("", b.strip().lower())


def disagreements(rows: list[tuple[str, str]], translations: dict[str, set[str]]) -> tuple[int, list[str]]:
    """(how many glossary names the catalog translates, the ones whose translation is not the glossary's)."""
    checked, wrong = 0, []
    for french_cell, english_cell in rows:
        french, english = names(french_cell), names(english_cell)
        for i, name in enumerate(english):
            wanted = [french[i]] if len(french) == len(english) else french
            for got in translations.get(name, ()):
                checked += 1
                if not any(_same(got, w) for w in wanted):
                    wrong.append(f"{name!r}: catalog {got!r}, glossary {' or '.join(map(repr, wanted))}")
    return checked, wrong


def catalog_translations(game: str) -> dict[str, set[str]]:
    """English message -> its French translations (any context) in the game's catalog."""
    found: dict[str, set[str]] = {}
    for message in tool.read_catalog(tool.domains()[game].po_path("fr")):
        if message.id and isinstance(message.id, str) and message.string:
            found.setdefault(message.id, set()).add(message.string)
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_catalog_uses_the_glossary_french_names(game):
    rows = glossary_rows((ROOT / "docs" / f"{game}.md").read_text(encoding="utf-8"))
    assert rows, f"docs/{game}.md has no glossary table"
    checked, wrong = disagreements(rows, catalog_translations(game))
    assert checked >= MUST_CHECK.get(game, 0), f"only {checked} glossary names are in the {game} catalog"
    assert not wrong, f"docs/{game}.md glossary and the {game} catalog disagree:\n" + "\n".join(wrong)


def test_a_disagreement_is_found_and_alternatives_pair_up():
    rows = glossary_rows("## Glossary\n\n| French | English |\n|---|---|\n| Paysannerie / Paysan | Peasantry / "
                         "Peasant (`peasantry`) |\n| (Le) Meilleur des Meilleurs | Best of the Best |\n\n## Rules\n"
                         "| not | this |\n")
    assert rows == [("Paysannerie / Paysan", "Peasantry / Peasant (`peasantry`)"),
                    ("(Le) Meilleur des Meilleurs", "Best of the Best")]
    assert disagreements(rows, {"Peasant": {"Paysan"}, "Best of the Best": {"Le Meilleur des Meilleurs"}}) == (2, [])
    checked, wrong = disagreements(rows, {"Peasantry": {"Paysan"}})
    assert checked == 1 and wrong == ["'Peasantry': catalog 'Paysan', glossary 'Paysannerie'"]
