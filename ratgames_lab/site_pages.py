"""The static site's home page in each language (tools/build_lite.py writes ``index.html`` and ``index.<lang>.html``).

The English page opens first; a visitor whose browser prefers another language with a page is sent to it once
(``sessionStorage`` remembers a choice made with the visible switch, so the switch always wins).
"""
from __future__ import annotations

import html
import json

from .core.i18n import _, available_languages, language_name, use_language

HOME = """<!DOCTYPE html>
<html lang="{{LANG}}"><head><meta charset="utf-8"><title>{{TITLE}}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<!-- JupyterLite's pages read their base settings from this element of the root index.html: keep it -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{}</script>
{{CHOOSE}}
<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#222}
a.play{display:inline-block;padding:.5rem 1rem;background:#2f6fd6;color:#fff;border-radius:.3rem;text-decoration:none}
nav.lang{float:right} section{border-top:1px solid #ddd;padding:.5rem 0}</style></head>
<body><nav class="lang" aria-label="{{LANGUAGE}}">{{SWITCH}}</nav><h1>ratgames_lab</h1>
<p>{{INTRO}}</p>
<ul>{{GENERAL}}<li><a href="lab/index.html">{{ALL}}</a></li></ul>
{{GAMES}}
</body></html>
"""

# On the English page (index.html): go once to the page of the browser's first language that has one.
CHOOSE = """<script>(function(){try{
if(sessionStorage.getItem('rg-lang')) return;
var pages=PAGES, wanted=(navigator.languages||[navigator.language||'en']);
for(var i=0;i<wanted.length;i++){var code=String(wanted[i]).slice(0,2).toLowerCase();
  if(code==='en') return; if(pages[code]){location.replace(pages[code]); return;}}
}catch(e){}})();</script>"""


def page_name(lang: str) -> str:
    """index.html for English, index.fr.html for French."""
    return "index.html" if lang == "en" else f"index.{lang}.html"


def home_page(lang: str, games: list[tuple[str, str, str]], general: str) -> str:
    """The home page in ``lang``: ``games`` as (game, title, lessons' <li> links), ``general`` lessons' links."""
    others = [code for code in available_languages() if code != "en"]
    with use_language(lang):
        switch = " · ".join(
            f'<a href="{page_name(code)}" hreflang="{code}" onclick="sessionStorage.setItem(\'rg-lang\',\'{code}\')"'
            + (' aria-current="page"' if code == lang else "") + f">{html.escape(_names(code))}</a>"
            for code in ["en", *others])
        rows = "".join(f'<section><h2>{html.escape(title)}</h2><p><a class="play" href="play/{game}.html">'
                       + html.escape(_("Play {game}").format(game=title)) + f"</a></p><ul>{links}</ul></section>"
                       for game, title, links in games)
        choose = CHOOSE.replace("PAGES", json.dumps({code: page_name(code) for code in others})) if lang == "en" else ""
        texts = {"{{LANG}}": lang, "{{TITLE}}": html.escape(_("ratgames_lab: lessons and games in your browser")),
                 "{{LANGUAGE}}": html.escape(_("Language")), "{{SWITCH}}": switch, "{{CHOOSE}}": choose,
                 "{{INTRO}}": _("Lessons and games that run entirely in your browser (Python in WebAssembly, "
                                "Pyodide): nothing is installed and nothing is sent anywhere. The first visit "
                                "downloads about 40&nbsp;MB, later visits almost nothing; Python then starts in "
                                "about half a minute."),
                 "{{ALL}}": html.escape(_("All notebooks in JupyterLab")), "{{GENERAL}}": general, "{{GAMES}}": rows}
    page = HOME
    for key, value in texts.items():
        page = page.replace(key, value)
    return page


def _names(code: str) -> str:
    """A language's name in that language ('English', 'français'), as a switch shows it."""
    with use_language(code):
        return language_name(code)
