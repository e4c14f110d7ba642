"""Shared look of every dashboard: one <style> block and small HTML helpers."""
from __future__ import annotations

import html

import ipywidgets as w

BASE_CSS = """
.rg-app { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1f2933;
  max-width: 1280px; }
.rg-app .rg-header { background: #243b53; color: #fff; border-radius: 10px; padding: 8px 16px; margin-bottom: 8px;
  display: flex; flex-wrap: wrap; align-items: baseline; column-gap: 16px; }
.rg-app .rg-title { font-size: 13px; font-weight: 700; letter-spacing: 1.6px; text-transform: uppercase; color: #9fb3c8; }
.rg-app .rg-subtitle { font-size: 15px; }
.rg-app .jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab { flex: 0 0 auto; min-width: 0; padding: 0 12px; font-size: 13.5px; }
.rg-app .rg-banner { font-size: 18px; font-weight: 600; padding: 10px 14px; border-radius: 8px; margin: 4px 0 8px 0;
  line-height: 1.35; }
.rg-app .rg-banner-you { background: #fff3c4; border-left: 6px solid #f0b429; }
.rg-app .rg-banner-bot { background: #e3f8ff; border-left: 6px solid #2bb0ed; }
.rg-app .rg-banner-over { background: #e3f9e5; border-left: 6px solid #3ebd93; }
.rg-app .rg-banner small { display: block; font-weight: 400; font-size: 13px; color: #52606d; margin-top: 2px; }
.rg-app .rg-section { font-size: 12px; font-weight: 700; text-transform: uppercase; letter-spacing: .8px;
  color: #627d98; margin: 10px 0 4px 0; }
.rg-app .rg-panel { background: #fff; border: 1px solid #d9e2ec; border-radius: 10px; padding: 8px 12px; }
.rg-app .rg-msg { min-height: 22px; font-size: 14px; padding: 4px 10px; border-radius: 6px; }
.rg-app .rg-msg-info { color: #334e68; background: #f0f4f8; }
.rg-app .rg-msg-ok { color: #014d40; background: #e3f9e5; }
.rg-app .rg-msg-error { color: #610316; background: #ffe3e3; border-left: 4px solid #e12d39; }
.rg-app .rg-log { max-height: 430px; overflow-y: auto; font-size: 13.5px; line-height: 1.4; }
.rg-app .rg-log ol { list-style: none; margin: 0; padding: 0; }
.rg-app .rg-log li { padding: 4px 8px; border-bottom: 1px solid #f0f4f8; }
.rg-app .rg-log li.rg-new { background: #fffbea; border-left: 4px solid #f0b429; }
.rg-app .rg-log li.rg-good { border-left: 4px solid #3ebd93; }
.rg-app .rg-log li.rg-bad { border-left: 4px solid #e12d39; }
.rg-app .rg-log li.rg-minor { color: #627d98; font-size: 12.5px; padding-top: 1px; padding-bottom: 1px; }
.rg-app .rg-log li.rg-head { font-weight: 700; color: #243b53; background: #f0f4f8; margin-top: 4px; }
.rg-app .rg-rule { display: inline-block; font-size: 11px; color: #627d98; background: #f0f4f8;
  border-radius: 4px; padding: 0 5px; margin-left: 6px; white-space: nowrap; }
.rg-app .rg-group-title { font-size: 13px; font-weight: 600; color: #334e68; margin: 6px 0 2px 0; }
.rg-app .rg-choice { height: auto !important; min-height: 34px; padding: 4px 12px !important; font-size: 14px !important;
  border-radius: 8px !important; white-space: normal !important; }
.rg-app .rg-choices { gap: 6px; }
.rg-app .rg-note { font-size: 12.5px; color: #52606d; }
.rg-app table.rg-exact { border-collapse: collapse; font-size: 13px; margin-top: 6px; }
.rg-app table.rg-exact th, .rg-app table.rg-exact td { border: 1px solid #d9e2ec; padding: 3px 8px; text-align: center; }
.rg-app table.rg-exact th { background: #f0f4f8; }
.rg-app .rg-muted { color: #9aa5b1; }
.rg-app .rg-frac { font-size: 10.5px; color: #829ab1; }
.rg-app table.rg-exact td.rg-best { font-weight: 700; background: #fffbea; }
.rg-app .rg-key { display: inline-block; font-size: 12.5px; margin: 6px 12px 0 0; white-space: nowrap; }
.rg-app .rg-key i { display: inline-block; width: 12px; height: 12px; border-radius: 3px; margin-right: 5px;
  vertical-align: -1px; }
.rg-app .widget-html-content { line-height: 1.4; }
"""


def style_widget(extra_css: str = "") -> w.HTML:
    """An HTML widget carrying the shared stylesheet (plus a game's own rules)."""
    return w.HTML(f"<style>{BASE_CSS}{extra_css}</style>", layout=w.Layout(height="0px", overflow="hidden"))


def esc(text: object) -> str:
    """HTML-escape any value."""
    return html.escape(str(text))


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
