"""The classroom server's own pages (code form, starting page, teacher's home): plain HTML, no Jupyter."""
from __future__ import annotations

import json
from html import escape

STYLE = """<style>
body{font-family:system-ui,sans-serif;font-size:22px;max-width:46em;margin:3em auto;padding:0 1em;color:#222}
h1{font-size:1.6em} input{font-size:1.2em;padding:.3em;letter-spacing:.1em;text-transform:uppercase}
button{font-size:1em;padding:.3em 1em;margin:.2em} .err{color:#b00020} .muted{color:#666;font-size:.8em}
table{border-collapse:collapse} td,th{padding:.2em .8em;border-bottom:1px solid #ddd;text-align:left}
.spinner{display:inline-block;width:1em;height:1em;border:.2em solid #ccc;border-top-color:#333;
border-radius:50%;animation:spin 1s linear infinite;vertical-align:middle;margin-right:.5em}
@keyframes spin{to{transform:rotate(360deg)}}
</style>"""


def page(title: str, body: str, refresh: int | None = None) -> str:
    meta = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">{meta}{STYLE}</head>'
            f"<body>{body}</body></html>")



def login_page(title: str, xsrf: str, error: str = "") -> str:
    err = f'<p class="err">{escape(error)}</p>' if error else ""
    return page(title, f"<h1>{escape(title)}</h1><p>Type the class code written on the board.</p>{err}"
                        f'<form method="post" action="/">{xsrf}<input name="code" autofocus autocomplete="off" '
                        f'aria-label="class code" size="12"> <button type="submit">Start</button></form>')


def starting_page(title: str, target: str) -> str:
    """The waiting page: "Starting your game… (n ahead of you)"; it asks the server every 2 s and goes to
    ``target`` when its turn comes (a message from the server, e.g. "the class is full", is shown meanwhile)."""
    body = (f"<h1>{escape(title)}</h1><p id=\"starting\"><span class=\"spinner\"></span><span id=\"status\">"
            "Starting your game…</span> <span id=\"waited\" class=\"muted\"></span></p>"
            "<p id=\"message\" class=\"err\"></p><p class=\"muted\">This page carries on by itself: there is no "
            "need to reload it.</p>" + WAITING_SCRIPT.replace("TARGET", json.dumps(target)))
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
    if(d.go){going=true; text('status','Starting your game…'); location.replace(TARGET); return;}
    if(d.ahead!=null) text('status','Starting your game… ('+d.ahead+' ahead of you)');
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
LOST_TEXT = "Your game was stopped on the teacher's computer."
LOST_BUTTON = "Get a new game"


def page_guard() -> str:
    """The script put at the top of every dashboard page (its open request, and the lost-game message)."""
    return PAGE_GUARD.replace("LOST_TEXT", json.dumps(LOST_TEXT)).replace("LOST_BUTTON", json.dumps(LOST_BUTTON))


def message_page(title: str, text: str, refresh: int | None = None, button: tuple[str, str] | None = None) -> str:
    """A page with one message (and a button to ``button[1]``); with ``refresh`` it tries again by itself."""
    link = f'<p><a href="{escape(button[1])}"><button>{escape(button[0])}</button></a></p>' if button else ""
    return page(title, f"<h1>{escape(title)}</h1><p>{escape(text)}</p>{link}", refresh=refresh)


def teacher_home(title: str) -> str:
    return page(title, f"<h1>{escape(title)}: teacher</h1><ul>"
                        '<li><a href="/teacher/play">Your dashboard, with the teacher view</a></li>'
                        '<li><a href="/teacher/class">The class: who is connected, memory, controls</a></li>'
                        '<li><a href="/play">A student\'s dashboard (what the class sees)</a></li></ul>')

