"""Shared look of every dashboard: one <style> block and small HTML helpers."""
from __future__ import annotations

import functools
import html
from pathlib import Path
from typing import Sequence

import ipywidgets as w

CSS_DIR = Path(__file__).resolve().parent / "css"


@functools.lru_cache(maxsize=None)
def read_css(name: str) -> str:
    """The text of a stylesheet shipped in ``widgets/common/css`` (package data)."""
    path = CSS_DIR / name
    if path.parent != CSS_DIR or path.suffix != ".css":
        raise ValueError(f"not a stylesheet of the package: {name!r}")
    return path.read_text(encoding="utf-8")


def style_widget(css_files: Sequence[str] = ()) -> w.HTML:
    """An HTML widget carrying the shared stylesheet ``base.css`` plus a game's own files (package data)."""
    text = "".join(read_css(name) for name in ("base.css", *css_files))
    return w.HTML(f"<style>{text}</style>", layout=w.Layout(height="0px", overflow="hidden"))


def esc(text: object) -> str:
    """HTML-escape any value."""
    return html.escape(str(text))


def element(tag: str, cls: str, text: str, title: str = "") -> str:
    """``<tag class="cls" title="title">text</tag>`` with the text and the title escaped."""
    tip = f' title="{esc(title)}"' if title else ""
    return f'<{tag} class="{cls}"{tip}>{esc(text)}</{tag}>'


def message_html(text: str, kind: str = "info") -> str:
    """A status line: kind is info, ok or error."""
    return f'<div class="rg-msg rg-msg-{kind}">{esc(text)}</div>' if text else '<div class="rg-msg"></div>'


def section(title: str) -> w.HTML:
    """A small upper-case section title."""
    return w.HTML(f'<div class="rg-section">{esc(title)}</div>')


def widget_texts(widget: object) -> list[str]:
    """Every string shown by a widget tree (values, descriptions, tooltips, labels, bqplot data); for tests."""
    out: list[str] = []
    seen: set[int] = set()

    def walk(obj: object) -> None:
        if isinstance(obj, str):
            out.append(obj)
        elif isinstance(obj, w.Widget):
            if id(obj) in seen:
                return
            seen.add(id(obj))
            for name in obj.keys:
                if not name.startswith("_"):
                    walk(getattr(obj, name, None))
        elif isinstance(obj, dict):
            for k, v in obj.items():
                walk(k)
                walk(v)
        elif isinstance(obj, (list, tuple)):
            for v in obj:
                walk(v)
        elif hasattr(obj, "dtype") and getattr(obj.dtype, "kind", "") in "OUS":
            for v in obj.ravel().tolist():
                walk(v)

    walk(widget)
    return out
