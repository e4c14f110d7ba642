"""The catalogs tool (tools/translations.py), loaded once for the tests of this folder."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("translations_tool", ROOT / "tools" / "translations.py")
tool = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = tool  # dataclasses look their module up there
_spec.loader.exec_module(tool)
