"""The dashboards are built on the engine's public API: no game's internal module is imported under widgets/, only
names a game package exports; stylesheets are package data; benchmarks live outside the installed package."""
from __future__ import annotations

import ast
import importlib
import tomllib
from pathlib import Path

import pytest

from ratgames_lab import GAMES

ROOT = Path(__file__).resolve().parents[2]
WIDGETS = ROOT / "widgets"
SOURCES = sorted(WIDGETS.rglob("*.py"))


def imports(path: Path) -> list[tuple[str, list[str]]]:
    """(absolute module, imported names) of every import in a widgets/ file (relative ones resolved)."""
    package = "ratgames_lab.widgets." + ".".join(path.relative_to(WIDGETS).parent.parts)
    package = package.rstrip(".")
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.append((module, [alias.name for alias in node.names]))
    return out


def test_the_scan_sees_every_dashboard_module():
    names = {p.name for p in SOURCES}
    assert {"master_of_rules.py", "rattus.py", "dashboard.py"} <= names
    found = {m for p in SOURCES for m, _ in imports(p)}
    assert "ratgames_lab.rattus" in found and "ratgames_lab.master_of_rules" in found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(WIDGETS)))
def test_widgets_import_only_what_a_game_package_exports(path):
    for module, names in imports(path):
        parts = module.split(".")
        assert "rules" not in parts, f"{path.name} imports {module}: a game's rules are not for the widgets"
        if parts[0] != "ratgames_lab" or len(parts) < 2 or parts[1] not in GAMES:
            continue
        assert len(parts) == 2, f"{path.name} imports {module}: use the names ratgames_lab.{parts[1]} exports"
        exported = set(importlib.import_module(module).__all__)
        missing = [n for n in names if n not in exported]
        assert not missing, f"{path.name} imports {missing} from {module}, which does not export them"


def test_dashboard_modules_are_short_assemblies():
    for game in sorted(name for name, info in GAMES.items() if info.dashboard):
        lines = len((WIDGETS / f"{game}.py").read_text().splitlines())
        assert lines <= 400, f"widgets/{game}.py has {lines} lines"


def test_stylesheets_are_package_data_and_reach_the_page():
    from ratgames_lab.widgets.common.theme import CSS_DIR, style_widget

    files = sorted(p.name for p in CSS_DIR.glob("*.css"))
    assert {"base.css", "master_of_rules.css", "rattus.css"} <= set(files)
    html = style_widget(("rattus.css",)).value
    assert ".rg-app .rg-banner" in html and ".rt-players" in html
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    patterns = data.get("ratgames_lab.widgets.common", []) + data.get("*", [])
    assert "css/*.css" in patterns, data
    template = data.get("ratgames_lab.widgets", [])
    assert "app_template/voila/templates/ratgames/*" in template, data  # the Voila page without CDN links
    assert not [p for p in SOURCES if "<style>" in p.read_text() and p.name != "theme.py"], "CSS left in Python"


def test_no_asset_is_fetched_from_the_network():
    css = sorted((WIDGETS / "common" / "css").glob("*.css"))
    texts = "\n".join(p.read_text() for p in SOURCES + css)
    assert "http://" not in texts and "https://" not in texts and "@import" not in texts
    assert "icon=" not in texts  # ipywidgets icons load Font Awesome; plain characters instead


def test_benchmarks_are_outside_the_installed_package():
    assert not list(WIDGETS.glob("bench*.py"))
    assert (ROOT / "benchmarks" / "bench_dashboard.py").exists()
