"""The engine imports without any Jupyter package (a fresh interpreter, so nothing is preloaded)."""
from __future__ import annotations

import subprocess
import sys

JUPYTER = "{'ipywidgets','bqplot','IPython','jupyter_client'}"


def test_engine_imports_without_jupyter():
    code = ("import ratgames_lab, ratgames_lab.master_of_rules, sys; "
            f"assert not any(m.split('.')[0] in {JUPYTER} for m in sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_core_modules_import_without_jupyter():
    modules = ["ratgames_lab.core." + m for m in ("protocol", "errors", "registry", "match", "playout", "bots",
                                                  "analysis", "odds", "simulate", "bench", "position")]
    code = (f"import importlib, sys; [importlib.import_module(m) for m in {modules!r}]; "
            f"bad = [m for m in sys.modules if m.split('.')[0] in {JUPYTER}]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)
