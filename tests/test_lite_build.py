"""The static site's build (tools/build_lite.py) without the network: the Pyodide lock it writes, the file checks
that stop it, the pages it finds for every game; and the engine's fallback where processes do not exist (Pyodide).

The full build and the site in a browser are tested in tests/ui/test_lite_site.py and test_lite_lessons.py.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from ratgames_lab.core.simulate import simulate_games

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("build_lite", ROOT / "tools" / "build_lite.py")
build_lite = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_lite)


def _wheel(folder: Path, name: str, version: str, requires: list[str], module: str) -> Path:
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(f"{module}/__init__.py", "")
        meta = [f"Name: {name}", f"Version: {version}"] + [f"Requires-Dist: {r}" for r in requires]
        meta.append('Requires-Dist: pytest; extra == "test"')
        z.writestr(f"{name}-{version}.dist-info/METADATA", "\n".join(meta) + "\n")
    return path


def _fake_pyodide(tmp_path: Path, corrupt: str | None = None, drop: str | None = None) -> tuple[Path, Path]:
    """A core folder with an official-style lock, and a bundle wheel holding the package files."""
    core = tmp_path / "core"
    core.mkdir()
    for f in ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip"):
        (core / f).write_text(f)
    files = {name: f"{name}-1.0-py3-none-any.whl".replace("-", "_", name.count("-")) for name in
             ["micropip", "packaging", "ssl", "openssl", "sqlite3", "jedi", "parso", "ipython", "traitlets",
              "prompt-toolkit", "numpy"]}
    depends = {"micropip": ["packaging"], "ssl": ["openssl"], "jedi": ["parso"],
               "ipython": ["traitlets", "prompt_toolkit", "sqlite3"]}  # Pyodide's own lock writes prompt_toolkit
    packages = {}
    bundle = tmp_path / "bundle.whl"
    with zipfile.ZipFile(bundle, "w") as z:
        for name, file_name in files.items():
            data = f"the {name} wheel".encode()
            packages[name] = {"name": name, "version": "1.0", "file_name": file_name, "depends": depends.get(name, []),
                              "sha256": hashlib.sha256(data).hexdigest(), "imports": [name]}
            if name != drop:
                z.writestr(build_lite.PYODIDE_PACKAGES_WHEEL[3] + file_name,
                           b"tampered" if name == corrupt else data)
    (core / "pyodide-lock.json").write_text(json.dumps({"info": {"version": "0.27.7"}, "packages": packages}))
    return core, bundle


def test_the_lock_lists_the_added_wheels_with_dash_names_and_only_what_is_needed(tmp_path):
    core, bundle = _fake_pyodide(tmp_path)
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    extra = [_wheel(wheels, "comm", "0.2.3", ["traitlets>=4"], "comm"),
             _wheel(wheels, "ipywidgets", "8.1.9", ["comm>=0.1.3", "ipython>=6.1.0", "jupyterlab_widgets~=3.0",
                                                    "widgetsnbextension~=4.0"], "ipywidgets"),
             _wheel(wheels, "ratgames_lab", "0.1.0", ["ipywidgets>=8.1", "numpy"], "ratgames_lab")]
    dest = tmp_path / "pyodide"
    needed = build_lite.assemble_pyodide(dest, core, bundle, extra)
    lock = json.loads((dest / "pyodide-lock.json").read_text())["packages"]
    assert set(lock) == set(needed)
    assert lock["ratgames-lab"]["depends"] == ["ipywidgets", "numpy"]
    assert lock["ratgames-lab"]["imports"] == ["ratgames_lab"]
    assert lock["ipywidgets"]["depends"] == ["comm", "ipython"]  # front-end-only requirements left out
    assert "prompt-toolkit" in lock and "numpy" in lock  # reached through ipython's "prompt_toolkit"
    for entry in lock.values():
        assert all("_" not in d for d in entry["depends"] if entry["name"] in ("comm", "ipywidgets", "ratgames-lab"))
        path = dest / entry["file_name"]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"], entry["name"]
    assert (dest / "pyodide.asm.wasm").exists()


def test_a_file_that_does_not_match_pyodides_lock_stops_the_build(tmp_path):
    core, bundle = _fake_pyodide(tmp_path, corrupt="jedi")
    with pytest.raises(build_lite.BuildError, match=r"jedi-1.0-py3-none-any.whl .*does not match the sha256"):
        build_lite.assemble_pyodide(tmp_path / "out", core, bundle, [])


def test_a_missing_file_stops_the_build_naming_it(tmp_path):
    core, bundle = _fake_pyodide(tmp_path, drop="openssl")
    with pytest.raises(build_lite.BuildError, match=r"openssl-1.0-py3-none-any.whl \(Pyodide package 'openssl'\) "
                                                    r"is not in bundle.whl"):
        build_lite.assemble_pyodide(tmp_path / "out", core, bundle, [])


def test_a_requirement_missing_from_the_lock_stops_the_build(tmp_path):
    core, bundle = _fake_pyodide(tmp_path)
    extra = [_wheel(tmp_path, "ratgames_lab", "0.1.0", ["tqdm>=4"], "ratgames_lab")]
    with pytest.raises(build_lite.BuildError, match="requires 'tqdm'"):
        build_lite.assemble_pyodide(tmp_path / "out", core, bundle, extra)


def test_every_app_notebook_gets_a_landing_page_and_the_home_page_lists_the_lessons(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    build_lite.write_pages(out)
    apps = sorted(p.stem for p in (ROOT / "notebooks" / "apps").glob("*.ipynb"))
    assert apps and build_lite.games() == apps
    home = (out / "index.html").read_text()
    assert 'id="jupyter-config-data"' in home  # JupyterLite's pages read it
    for game in apps:
        page = (out / "play" / f"{game}.html").read_text()
        assert f"path=apps/{game}.ipynb" in page and "Starting Python in your browser" in page
        assert f"play/{game}.html" in home
    for nb in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"):
        assert f"path={nb.name}" in home


def test_the_home_page_is_in_english_and_french_with_a_switch_and_the_browser_choosing(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    build_lite.write_pages(out)
    english, french = (out / "index.html").read_text(), (out / "index.fr.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in english and "Lessons and games that run entirely in your browser" in english
    assert '<html lang="fr">' in french and "Des leçons et des jeux qui tournent entièrement" in french
    assert 'id="jupyter-config-data"' in french and "Jouer à " in french and "play/rattus.html" in french
    for page in (english, french):  # the visible switch, on both pages
        assert 'href="index.html" hreflang="en"' in page and 'href="index.fr.html" hreflang="fr"' in page
    assert 'navigator.languages' in english and '{"fr": "index.fr.html"}' in english  # the browser's choice
    assert "navigator.languages" not in french


def test_the_site_ships_every_lesson_but_not_their_sources_with_the_solutions(tmp_path):
    build_lite.stage_contents(tmp_path / "files")
    shipped = {p.relative_to(tmp_path / "files").as_posix() for p in (tmp_path / "files").rglob("*") if p.is_file()}
    lessons = {p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")}
    assert lessons and lessons <= shipped
    assert (ROOT / "notebooks" / "src").is_dir()  # the jupytext sources exist, and stay out of the site
    assert not [name for name in shipped if name.endswith(".py") or name.startswith("src/")]


def test_lessons_belong_to_the_game_with_the_longest_matching_name(monkeypatch):
    monkeypatch.setattr(build_lite, "games", lambda: ["rattus", "rattus_cartus", "catan"])
    assert build_lite.lesson_game(Path("20_rattus_rules.ipynb")) == "rattus"
    assert build_lite.lesson_game(Path("30_rattus_cartus_odds.ipynb")) == "rattus_cartus"
    assert build_lite.lesson_game(Path("00_start_here.ipynb")) is None


def test_an_earlier_folder_that_is_not_a_site_is_never_deleted(tmp_path):
    (tmp_path / "precious.txt").write_text("keep me")
    with pytest.raises(build_lite.BuildError, match="not an earlier build"):
        build_lite.build(tmp_path, tmp_path / "cache")
    assert (tmp_path / "precious.txt").read_text() == "keep me"


def test_simulate_with_processes_falls_back_to_one_process_where_there_are_none(monkeypatch):
    expected = simulate_games("master_of_rules", 3, 4, seed=11, bots=["random"])
    monkeypatch.setattr(sys, "platform", "emscripten")
    with pytest.warns(RuntimeWarning, match="cannot start processes"):
        result = simulate_games("master_of_rules", 3, 4, seed=11, bots=["random"], processes=2)
    assert result == expected


def test_the_engine_imports_where_multiprocessing_does_not_exist():
    """Pyodide has no ``_multiprocessing``: importing the engine (simulate included) must not need it."""
    code = ("import sys; sys.modules['_multiprocessing'] = None\n"
            "import ratgames_lab.core.simulate, ratgames_lab.core.analysis, ratgames_lab.widgets.rattus\n"
            "import ratgames_lab.widgets.master_of_rules\nprint('ok')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr


def test_the_analysis_panel_says_it_is_slower_in_the_browser(monkeypatch):
    from ratgames_lab.widgets.common import AnalyzePanel

    assert "in your browser" not in AnalyzePanel(lambda: "nothing").note.value
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert "Python runs in your browser here" in AnalyzePanel(lambda: "nothing").note.value
