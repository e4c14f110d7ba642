"""The classroom server's own pages (code form, starting page, teacher's home): plain HTML, no Jupyter."""
from __future__ import annotations

import json
import os
from html import escape

from ..core.i18n import N_, _, best_language, get_language

STYLE = """<style>
body{font-family:system-ui,sans-serif;font-size:22px;max-width:46em;margin:3em auto;padding:0 1em;color:#222}
h1{font-size:1.6em} input{font-size:1.2em;padding:.3em;letter-spacing:.1em;text-transform:uppercase}
button{font-size:1em;padding:.3em 1em;margin:.2em} .err{color:#b00020} .muted{color:#666;font-size:.8em}
table{border-collapse:collapse} td,th{padding:.2em .8em;border-bottom:1px solid #ddd;text-align:left}
.spinner{display:inline-block;width:1em;height:1em;border:.2em solid #ccc;border-top-color:#333;
border-radius:50%;animation:spin 1s linear infinite;vertical-align:middle;margin-right:.5em}
@keyframes spin{to{transform:rotate(360deg)}}
</style>"""


def page_language(accept_language: str | None) -> str:
    """The pages' language: the class's (``ratgames app --classroom --lang fr`` sets RATGAMES_LANG), else the
    first of the browser's ``Accept-Language`` that has a catalog, else English."""
    return best_language(os.environ.get("RATGAMES_LANG") or accept_language)


def page(title: str, body: str, refresh: int | None = None) -> str:
    """A whole HTML page in the current language."""
    meta = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    return (f'<!DOCTYPE html><html lang="{get_language()}"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">{meta}{STYLE}</head>'
            f"<body>{body}</body></html>")



def login_page(title: str, xsrf: str, error: str = "") -> str:
    err = f'<p class="err">{escape(error)}</p>' if error else ""
    ask, label, start = _("Type the class code written on the board."), _("class code"), _("Start")
    return page(title, f"<h1>{escape(title)}</h1><p>{escape(ask)}</p>"
                        f'{err}<form method="post" action="/">{xsrf}<input name="code" autofocus autocomplete="off" '
                        f'aria-label="{escape(label)}" size="12"> <button type="submit">{escape(start)}</button></form>')


def starting_page(title: str, target: str) -> str:
    """The waiting page: "Starting your game… (n ahead of you)"; it asks the server every 2 s and goes to
    ``target`` when its turn comes (a message from the server, e.g. "the class is full", is shown meanwhile)."""
    starting, ahead = _("Starting your game…"), _("Starting your game… ({n} ahead of you)")
    by_itself = _("This page carries on by itself: there is no need to reload it.")
    body = (f"<h1>{escape(title)}</h1><p id=\"starting\"><span class=\"spinner\"></span><span id=\"status\">"
            f"{escape(starting)}</span> <span id=\"waited\" class=\"muted\"></span></p>"
            f"<p id=\"message\" class=\"err\"></p><p class=\"muted\">"
            f"{escape(by_itself)}</p>"
            + WAITING_SCRIPT.replace("TARGET", json.dumps(target)).replace("STARTING", json.dumps(starting))
            .replace("AHEAD", json.dumps(ahead)))
    return page(title, body)


WAITING_SCRIPT = """<script>(function(){
var t0=Date.now(), going=false;
function text(id,t){document.getElementById(id).textContent=t;}
setInterval(function(){text('waited','('+Math.round((Date.now()-t0)/1000)+' s)');},1000);
function ask(){
  if(going) return;
  fetch('/play/queue',{credentials:'same-origin',cache:'no-store'}).then(function(r){return r.json();})
  .then(function(d){
    text('message', d.message||'');
    if(d.go){going=true; text('status',STARTING); location.replace(TARGET); return;}
    if(d.ahead!=null) text('status',AHEAD.replace('{n}',d.ahead));
  }).catch(function(){}).then(function(){ if(!going) setTimeout(ask,2000); });
}
ask();})();</script>"""

# Put at the top of a dashboard page: holds a request to the server open while the page is open (so that its game
# is kept until it connects, however slow the page is) and, if the game was lost, says so with a button that gets
# a new game.
PAGE_GUARD = """<script>(function(){
var lost=false;
function kernel(){var c=document.getElementById('jupyter-config-data');
  try{return c?JSON.parse(c.textContent).kernelId||'':'';}catch(e){return '';}}
function show(){
  if(lost) return; lost=true;
  var d=document.createElement('div'); d.id='rg-lost';
  d.setAttribute('style','position:fixed;inset:0;z-index:100000;background:#fff;display:flex;flex-direction:column;'
    +'align-items:center;justify-content:center;font:22px system-ui,sans-serif;color:#222;text-align:center');
  var p=document.createElement('p'); p.textContent=LOST_TEXT;
  var b=document.createElement('button'); b.textContent=LOST_BUTTON; b.setAttribute('style','font-size:1em;padding:.3em 1em');
  b.onclick=function(){location.replace(location.pathname==='/play'?'/':location.pathname);};
  d.appendChild(p); d.appendChild(b); (document.body||document.documentElement).appendChild(d);
}
function hold(){
  fetch('/play/alive?kernel='+encodeURIComponent(kernel()),{credentials:'same-origin',cache:'no-store'})
  .then(function(r){return r.json();})
  .then(function(d){if(d.game==='lost') show(); else setTimeout(hold,50);})
  .catch(function(){setTimeout(hold,2000);});
}
hold();
})();</script>"""
LOST_TEXT = N_("Your game was stopped on the teacher's computer.")
LOST_BUTTON = N_("Get a new game")


def page_guard() -> str:
    """The script put at the top of every dashboard page (its open request, and the lost-game message)."""
    return PAGE_GUARD.replace("LOST_TEXT", json.dumps(_(LOST_TEXT))).replace("LOST_BUTTON", json.dumps(_(LOST_BUTTON)))


def message_page(title: str, text: str, refresh: int | None = None, button: tuple[str, str] | None = None) -> str:
    """A page with one message (and a button to ``button[1]``); with ``refresh`` it tries again by itself."""
    link = f'<p><a href="{escape(button[1])}"><button>{escape(button[0])}</button></a></p>' if button else ""
    return page(title, f"<h1>{escape(title)}</h1><p>{escape(text)}</p>{link}", refresh=refresh)


def teacher_home(title: str) -> str:
    """The teacher's first page: their dashboard, the class page, a student's dashboard."""
    links = [("/teacher/play", _("Your dashboard, with the teacher view")),
             ("/teacher/class", _("The class: who is connected, memory, controls")),
             ("/play", _("A student's dashboard (what the class sees)"))]
    heading = _("{title}: teacher").format(title=title)
    return page(title, f"<h1>{escape(heading)}</h1><ul>"
                + "".join(f'<li><a href="{href}">{escape(text)}</a></li>' for href, text in links) + "</ul>")

