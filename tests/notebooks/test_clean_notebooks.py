"""Committed notebooks are clean: no widget state, no raw widget text, saved as JupyterLab itself saves them.

JupyterLab marks a notebook modified on opening when it has to change it (an older nbformat minor version, cells
without ids, a kernelspec other than the running ipykernel's, checked in a JupyterLab 4.6 browser session); an untrusted notebook with saved widget outputs shows their plain-text fallback
(``VBox(children=(HTML(value="<style>...``). So each saved widget output is one line asking to run the cell,
and the file is byte for byte what nbformat (JupyterLab's writer) writes. ``python3 tools/lessons.py clean``
fixes a notebook that fails here.
"""
from __future__ import annotations

import json
import re

import nbformat
import pytest

from .lessons import LESSONS, NOTEBOOKS, PLACEHOLDER_START, WIDGET_VIEW

ALL_NOTEBOOKS = sorted(str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.rglob("*.ipynb")
                       if ".ipynb_checkpoints" not in p.parts)
WIDGET_REPR = re.compile(r"^\s*(VBox|HBox|Box|GridBox|Tab|Accordion|HTML|Output|Button|Label|Figure|Layout|"
                         r"[A-Z]\w*Dashboard)\(|<style>|bqplot|ipywidgets")
NOTEBOOK_METADATA = {"kernelspec", "language_info", "jupytext"}
CELL_METADATA = {"tags"}
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def _text(output: dict) -> str:
    """Every plain text an output would show (printed text, or the text/plain of displayed data)."""
    text = output.get("text", output.get("data", {}).get("text/plain", ""))
    return "".join(text) if isinstance(text, list) else text


@pytest.mark.parametrize("name", ALL_NOTEBOOKS)
def test_no_widget_state_or_widget_output_is_saved(name):
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    assert "widgets" not in nb["metadata"], f"{name} carries saved widget state"
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            assert WIDGET_VIEW not in out.get("data", {}), f"{name}: widget output saved: {cell['source'][:2]}"
            assert not WIDGET_REPR.search(_text(out)), f"{name}: raw widget text saved: {_text(out)[:80]!r}"


@pytest.mark.parametrize("name", LESSONS)
def test_widget_cells_show_one_line_asking_to_run_them(name):
    """Where a dashboard or chart appears once the cell runs, the saved notebook shows one plain line."""
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    placeholders = 0
    for cell in nb["cells"]:
        lines = [_text(o) for o in cell.get("outputs", []) if _text(o).startswith(PLACEHOLDER_START)]
        if lines:
            placeholders += 1
            assert len(cell["outputs"]) == 1 and "\n" not in lines[0].strip(), lines
            assert lines[0].rstrip(".").endswith(("dashboard", "chart", "view", "order")), lines[0]
    dashboards = sum("Dashboard(" in "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert placeholders >= dashboards


@pytest.mark.parametrize("name", LESSONS)
def test_saved_in_the_form_jupyterlab_writes(name):
    """Opening the notebook changes nothing: current nbformat, cell ids, nbformat's layout, no stray metadata."""
    text = (NOTEBOOKS / name).read_text(encoding="utf-8")
    nb = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
    nbformat.validate(nb)
    assert (nb.nbformat, nb.nbformat_minor) == (nbformat.current_nbformat, nbformat.current_nbformat_minor)
    assert all(cell.get("id") for cell in nb.cells)
    assert len({cell.id for cell in nb.cells}) == len(nb.cells)
    assert text == nbformat.writes(nb) + "\n", f"{name} is not in normalized form: python3 tools/lessons.py clean"
    assert text.startswith('{\n "cells": [\n  {\n') and text.endswith("}\n")  # indent 1, sorted keys, newline
    assert set(nb.metadata) <= NOTEBOOK_METADATA, sorted(set(nb.metadata) - NOTEBOOK_METADATA)
    # JupyterLab rewrites any other kernelspec to the running ipykernel's on opening (and marks the tab modified)
    assert nb.metadata.kernelspec == KERNELSPEC
    assert nb.metadata.language_info.name == "python"
    for cell in nb.cells:
        assert set(cell.metadata) <= CELL_METADATA, (cell.source[:60], sorted(cell.metadata))


def test_the_cleaner_removes_widget_state_and_keeps_checked_outputs():
    """tools/lessons.py clean: widget state and outputs go, printed outputs (those nbval checks) stay."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("lessons_tool", NOTEBOOKS.parent / "tools" / "lessons.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    nb = nbformat.v4.new_notebook(metadata={"widgets": {"state": {}}, "kernelspec": {"name": "python3", "display_name": "Python 3"},
                                            "celltoolbar": "Tags"})
    printed = nbformat.v4.new_output("stream", name="stdout", text="P(win) = 3/8\n")
    widget = nbformat.v4.new_output("display_data", data={WIDGET_VIEW: {"model_id": "abc"},
                                                          "text/plain": "VBox(children=(HTML(value='<style>"})
    nb.cells = [nbformat.v4.new_code_cell("# NBVAL_CHECK_OUTPUT\nprint('P(win) = 3/8')", outputs=[printed],
                                          metadata={"execution": {"iopub.status.busy": "x"}}),
                nbformat.v4.new_code_cell("# NBVAL_IGNORE_OUTPUT\nGameDashboard(seed=1).show()",
                                          outputs=[widget, widget], metadata={"tags": ["x"], "scrolled": True})]
    out = tool.clean(nb)
    assert set(out.metadata) == {"kernelspec"}
    assert out.cells[0].outputs == [printed] and out.cells[0].metadata == {}
    assert [_text(o) for o in out.cells[1].outputs] == ["Run this cell to start the dashboard."]
    assert out.cells[1].metadata == {"tags": ["x"]}
