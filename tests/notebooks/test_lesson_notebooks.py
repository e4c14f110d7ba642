"""The lessons of every game: paired with their src/*.py source, seeded, executed once, exercises tagged.

A lesson is ``notebooks/NN_<game>_<topic>.ipynb`` (plus ``00_start_here.ipynb``), found by that file pattern,
so a new game's lessons are checked with no edit here. nbval runs them (``pytest --nbval-lax notebooks/``);
these tests check what nbval does not: that each notebook and its jupytext source (notebooks/src/) are in sync,
that every random choice is seeded, that widget/chart cells are marked for nbval, that every exercise has a
solution cell, and that ``ratgames student-copy`` removes every solution and leaves a notebook a student can run
top to bottom.
"""
from __future__ import annotations

import ast
import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import jupytext
import pytest

import ratgames_lab as rl
from ratgames_lab.core.position import dumps_position
from ratgames_lab.core.student_copy import CODE_PLACEHOLDER, is_solution, student_notebook

from .lessons import (GAME_LESSONS, LESSONS, NOTEBOOKS, PAIRING, PLACEHOLDER_START, SOURCES, WIDGET_VIEW, game_of,
                      load_lesson_position, source_of)

# The lessons every checkout has (new games add theirs; the tests below find them by file pattern).
SHIPPED = ["00_start_here.ipynb", "10_master_of_rules_rules.ipynb", "11_master_of_rules_probability.ipynb",
           "12_master_of_rules_decisions.ipynb", "13_master_of_rules_what_if.ipynb", "20_rattus_rules.ipynb",
           "21_rattus_powers_and_end.ipynb", "22_rattus_probability.ipynb", "23_rattus_what_if.ipynb",
           "24_rattus_plague_walk.ipynb"]
WITH_EXERCISES = GAME_LESSONS
IGNORE_MARK = "# NBVAL_IGNORE_OUTPUT"
# Calls whose randomness must come from an explicit seed argument (and every ...Dashboard(...) call).
SEEDED_CALLS = {"evaluate_actions", "simulate_rule_odds", "running_frequency", "simulate", "simulate_games",
                "MasterOfRulesDashboard"}
GLOBAL_RANDOM = {"random", "choice", "choices", "shuffle", "sample", "randint", "randrange", "uniform", "seed"}


def _load(name: str) -> dict:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))


def _source(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


def _code_cells(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def _tree(cell: dict) -> ast.Module:
    return ast.parse(_source(cell))


def _call_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _has_seed(call: ast.Call) -> bool:
    return any(k.arg == "seed" for k in call.keywords)


def test_every_lesson_is_there():
    found = {p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")}
    assert set(SHIPPED) <= found
    assert set(LESSONS) == found
    strays = [name for name in LESSONS if name != "00_start_here.ipynb" and game_of(name) is None]
    assert not strays, f"lessons named NN_<game>_<topic>.ipynb after no registered game: {strays}"


@pytest.mark.parametrize("name", LESSONS)
def test_notebook_and_its_py_source_are_in_sync(name):
    """The jupytext pair: same cells (type, source, tags and other metadata) in src/NN_x.py and the .ipynb."""
    path = NOTEBOOKS / name
    source = source_of(name)
    assert source.is_file(), f"{name} has no paired src/{source.name}: run python3 tools/lessons.py sync {name}"
    committed = _load(name)
    assert committed["metadata"]["jupytext"]["formats"] == PAIRING
    paired = jupytext.read(source, fmt="py:percent")
    assert paired.metadata["jupytext"]["formats"] == PAIRING
    assert paired.metadata["kernelspec"] == committed["metadata"]["kernelspec"]  # else jupytext changes it on opening
    want = [(c["cell_type"], _source(c), dict(c.get("metadata", {}))) for c in paired["cells"]]
    have = [(c["cell_type"], _source(c), c.get("metadata", {})) for c in committed["cells"]]
    assert have == want, f"{name} and {source.name} differ: run python3 tools/lessons.py execute {name}"


def test_sources_sit_in_src_out_of_the_students_way():
    """JupyterLab lists each lesson once: no .py beside the notebooks, and every source in src/ has its lesson."""
    assert not sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.py")), "move lesson sources to notebooks/src/"
    strays = {p.with_suffix(".ipynb").name for p in SOURCES.glob("*.py")} - set(LESSONS)
    assert not strays, f"sources in notebooks/src/ without their notebook: {sorted(strays)}"


def test_pytest_collects_the_notebooks_and_never_their_sources():
    """nbval collects each lesson notebook; the jupytext sources in src/ are not collected (nor run as tests)."""
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--collect-only", "-q",
                             "notebooks"], capture_output=True, text=True, cwd=NOTEBOOKS.parent, timeout=600)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    files = {line.split("::")[0] for line in result.stdout.splitlines() if "::" in line}
    assert {f"notebooks/{name}" for name in LESSONS} <= files
    assert not [f for f in files if not f.endswith(".ipynb") or "/src/" in f]


def _scenario_modules() -> dict:
    """Each registered game's public scenarios module (the builders of its lesson positions), by game name."""
    found = {}
    for name, info in rl.GAMES.items():
        try:
            found[name] = importlib.import_module(f"{info.module}.scenarios")
        except ModuleNotFoundError:
            continue
    return found


def test_positions_are_what_the_scenarios_build_and_load():
    modules = _scenario_modules()
    assert {"master_of_rules", "rattus"} <= set(modules)
    on_disk = {p.stem for p in (NOTEBOOKS / "positions").glob("*.json")}
    for game_name, module in modules.items():
        built = {name: module.build(name) for name in getattr(module, "LESSON_POSITIONS", {})}
        assert set(built) <= on_disk
        for name, data in built.items():
            path = NOTEBOOKS / "positions" / f"{name}.json"
            dumps = dumps_position
            assert path.read_text(encoding="utf-8") == dumps(data), (
                f"{name}.json is not what {module.__name__} builds: run python3 -m {module.__name__} {name}")
            game, state, saved = load_lesson_position(path)
            assert game.name == game_name
            assert state.to_json() == saved
            assert state.current_player >= 0, f"{name}: a player must be to move"


def test_every_position_a_notebook_loads_exists():
    names = set()
    for name in LESSONS:
        for cell in _code_cells(_load(name)):
            names |= set(re.findall(r'load_position\("(\w+)"\)', _source(cell)))
            names |= set(re.findall(r'"positions/(\w+)\.json"', _source(cell)))
            names |= set(re.findall(r'POSITIONS / "(\w+)\.json"', _source(cell)))
    assert names, "the lessons load positions"
    shipped = {p.stem for info in rl.GAMES.values()  # a game's own scenarios, loaded by name
               for p in (Path(importlib.import_module(info.module).__file__).parent / "positions").glob("*.json")}
    for position in names:
        assert (NOTEBOOKS / "positions" / f"{position}.json").is_file() or position in shipped, position


@pytest.mark.parametrize("name", LESSONS)
def test_notebook_is_seeded(name):
    """SEED is set first; no global random module; every random generator and simulation gets a seed."""
    cells = _code_cells(_load(name))
    assert re.match(r"(# .*\n)*SEED = \d+", _source(cells[0])), "the first code cell sets SEED"
    unseeded_games: set[str] = set()
    for cell in cells:
        tree = _tree(cell)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                if _call_name(node.value) == "load_game":
                    targets = {t.id for t in node.targets if isinstance(t, ast.Name)}
                    unseeded_games = unseeded_games - targets if _has_seed(node.value) else unseeded_games | targets
            if not isinstance(node, ast.Call):
                continue
            func, called = node.func, _call_name(node)
            line = ast.unparse(node)
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "random":
                assert called not in GLOBAL_RANDOM, f"global random module used: {line}"
                if called == "Random":
                    assert node.args or node.keywords, f"unseeded generator: {line}"
            if called in SEEDED_CALLS or called.endswith("Dashboard"):
                assert _has_seed(node), f"no seed= in {line}"
            if called == "new_state":
                target = func.value
                if isinstance(target, ast.Call):
                    assert _has_seed(target), f"new game without a seed: {line}"
                elif isinstance(target, ast.Name):
                    assert target.id not in unseeded_games, f"new game without a seed: {line}"
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Attribute):
                assert "np.random" not in ast.unparse(func), f"numpy's global random used: {line}"


@pytest.mark.parametrize("name", LESSONS)
def test_notebook_was_executed_once_without_errors(name):
    """Committed with outputs (so a student sees them), run top to bottom, no error output."""
    cells = _code_cells(_load(name))
    counts = [c.get("execution_count") for c in cells]
    assert counts == list(range(1, len(cells) + 1)), f"run python3 tools/lessons.py execute {name}"
    for cell in cells:
        assert all(o.get("output_type") != "error" for o in cell.get("outputs", [])), _source(cell)[:80]


@pytest.mark.parametrize("name", LESSONS)
def test_widget_and_chart_cells_ignore_their_output(name):
    """A cell that displays a widget (dashboard, bqplot chart) is marked so nbval does not compare it.

    The saved notebook shows, instead of the widget, one line asking to run the cell (test_clean_notebooks)."""
    for cell in _code_cells(_load(name)):
        shows_widget = any(WIDGET_VIEW in o.get("data", {}) or
                           "".join(o.get("data", {}).get("text/plain", "")).startswith(PLACEHOLDER_START)
                           for o in cell.get("outputs", []))
        marked = _source(cell).startswith(IGNORE_MARK)
        assert shows_widget == marked, f"{'unmarked widget' if shows_widget else 'needless mark'}: " \
                                       f"{_source(cell)[:80]!r}"


def test_charts_are_labelled():
    """Every chart has a title, axis labels and a legend (checked in the generator's chart code)."""
    charts = 0
    for name in LESSONS:
        for cell in _code_cells(_load(name)):
            src = _source(cell)
            if "bplt.figure(" in src:
                charts += 1
                assert "title=" in src and "bplt.xlabel(" in src and "bplt.ylabel(" in src, src[:80]
                assert "display_legend=True" in src and "labels=" in src, src[:80]
            elif "bq.Figure(" in src:
                charts += 1
                assert "title=" in src and src.count("label=") >= 2 and "display_legend=True" in src, src[:80]
    assert charts >= 3


@pytest.mark.parametrize("name", WITH_EXERCISES)
def test_exercises_have_tagged_solutions(name):
    nb = _load(name)
    cells = nb["cells"]
    exercises = [i for i, c in enumerate(cells)
                 if c["cell_type"] == "markdown" and re.search(r"^\*\*Exercise", _source(c), re.M)]
    assert exercises, "each lesson has at least one exercise"
    for i in exercises:
        assert not is_solution(cells[i]), "the question stays in the student copy"
        after = cells[i + 1]
        assert after["cell_type"] == "code" and is_solution(after), f"exercise {i} has no tagged solution code"
    copy, blanked = student_notebook(nb)
    assert blanked == sum(is_solution(c) for c in cells) >= len(exercises)
    assert all(_source(c) == CODE_PLACEHOLDER for c in copy["cells"] if is_solution(c) and c["cell_type"] == "code")


@pytest.mark.parametrize("name", WITH_EXERCISES)
def test_no_cell_depends_on_a_solution(name):
    """A student copy (solutions blanked) still runs: later cells never use a name only a solution defines."""
    def defined(tree: ast.Module) -> set[str]:
        names = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        return names

    cells = _code_cells(_load(name))
    by_others = set().union(*(defined(_tree(c)) for c in cells if not is_solution(c)))
    only_in_solutions: set[str] = set()
    for cell in cells:
        tree = _tree(cell)
        if is_solution(cell):
            only_in_solutions |= defined(tree) - by_others
            continue
        used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        assert not used & only_in_solutions, f"uses a solution's {sorted(used & only_in_solutions)}"


def test_links_between_notebooks_resolve():
    for name in LESSONS:
        for cell in _load(name)["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for target in re.findall(r"\]\(([^)#]+\.ipynb)\)", _source(cell)):
                assert (NOTEBOOKS / target).is_file(), f"{name} links to missing {target}"


def test_start_here_opens_the_dashboard_with_its_real_constructor():
    """The 'start playing' cell matches the dashboard's constructor and display method."""
    import inspect

    from ratgames_lab.widgets.master_of_rules import MasterOfRulesDashboard

    cell = next(_source(c) for c in _code_cells(_load("00_start_here.ipynb")) if "MasterOfRulesDashboard(" in
                _source(c))
    call = next(n for n in ast.walk(ast.parse(cell)) if isinstance(n, ast.Call) and
                _call_name(n) == "MasterOfRulesDashboard")
    params = inspect.signature(MasterOfRulesDashboard).parameters
    assert {k.arg for k in call.keywords} <= set(params)
    assert callable(getattr(MasterOfRulesDashboard, "show", None)) and ".show()" in cell
