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
    """Shown while the game starts: the browser keeps it on screen until the dashboard's first bytes arrive."""
    body = (f"<h1>{escape(title)}</h1><p id=\"starting\"><span class=\"spinner\"></span>Starting your game… "
            "<span id=\"waited\"></span></p><p class=\"muted\">When the whole class arrives at once this can "
            "take up to a minute. Please do not reload the page.</p>"
            "<script>var t0=Date.now();setInterval(function(){document.getElementById('waited').textContent="
            "'('+Math.round((Date.now()-t0)/1000)+' s)'},1000);"
            f"setTimeout(function(){{location.replace({json.dumps(target)})}},50);</script>")
    return page(title, body)


def teacher_home(title: str) -> str:
    return page(title, f"<h1>{escape(title)}: teacher</h1><ul>"
                        '<li><a href="/teacher/play">Your dashboard, with the teacher view</a></li>'
                        '<li><a href="/teacher/class">The class: who is connected, memory, controls</a></li>'
                        '<li><a href="/play">A student\'s dashboard (what the class sees)</a></li></ul>')

