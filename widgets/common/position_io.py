"""PositionIO: save the game as a download and load one from an upload (the browser's own files only).

Nothing typed in the page is ever a path on the server: Save builds a download link, Load reads an uploaded file.
``save(path)`` and ``load_path(path)`` exist for the Python API (a notebook or a test), never for the page.
"""
from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Callable

import ipywidgets as w

from ratgames_lab import InvalidPositionError
from ratgames_lab.core.jsonio import loads

from .theme import esc, message_html
from .translate import _

MAX_UPLOAD = 5_000_000  # bytes: a saved match is a few kB; anything larger is not one


def _download(name: str) -> str:
    """The download link's words."""
    return _("⬇ Download {name}").format(name=name)


class PositionIO:
    """``get_position()`` gives the JSON data to save (a match with its history); ``load_position(data)`` installs
    one or raises InvalidPositionError, in which case the message names the field and the current game is kept.
    ``file_name()`` names the download; ``can_save`` False hides Save (a student's app: the file holds every card).
    """

    def __init__(self, get_position: Callable[[], dict], load_position: Callable[[dict], str],
                 default_name: str = "position.json", file_name: Callable[[], str] | None = None,
                 can_save: bool = True):
        self.get_position = get_position
        self.load_position = load_position
        self.file_name = file_name or (lambda: default_name)
        self.can_save = can_save
        self.save_button = w.Button(layout=w.Layout(width="auto"))
        self.upload = w.FileUpload(accept=".json", multiple=False, layout=w.Layout(width="auto"))
        self.link = w.HTML()
        self.message = w.HTML(message_html(""))
        self.error: InvalidPositionError | None = None
        self.save_button.on_click(lambda _b: self.offer_download())
        self.upload.observe(self._uploaded, names="value")
        self.note = w.HTML()
        self.relabel()
        buttons = w.HBox(([self.save_button] if can_save else []) + [self.upload],
                         layout=w.Layout(flex_flow="row wrap"))
        buttons.add_class("rg-choices")
        self.widget = w.VBox([self.note, buttons, self.link, self.message])

    def relabel(self) -> None:
        """The fixed words in the current language."""
        self.save_button.description = _("⬇ Save this game (download)")
        self.save_button.tooltip = _("Prepare a file with the whole game so far, to download")
        self.upload.description = _("⬆ Load a saved game")
        save_note = _("<b>Save</b> makes a file with the whole game so far (every move, so the history comes back "
                      "when you load it); your browser downloads it.") + " " if self.can_save else ""
        load_note = _("<b>Load</b> a game or a position file from your computer: it replaces the current game. A "
                      "broken file is refused and the current game is kept.")
        self.note.value = f'<div class="rg-note">{save_note}{load_note}</div>'
        self.link.value = ""
        self.message.value = message_html("")

    def _text(self) -> str:
        return json.dumps(self.get_position(), indent=1)

    def offer_download(self) -> str:
        """Build the download link of the current game (no file is written on the server); returns its name."""
        if not self.can_save:
            self._say(_("Saving is switched off in this app."), "error")
            return ""
        name = self.file_name()
        data = base64.b64encode(self._text().encode()).decode()
        self.link.value = (f'<a download="{esc(name)}" href="data:application/json;base64,{data}" '
                           f'class="rg-download">{esc(_download(name))}</a>')
        self._say(_("Ready: click “Download {name}” to save the game on your computer.").format(name=name), "ok")
        return name

    def save(self, path: str | Path) -> Path:
        """Python API: write the game to ``path`` (and offer it as a download too)."""
        target = Path(path).expanduser()
        text = self._text()
        try:
            target.write_text(text)
        except OSError as exc:
            self._say(_("Could not save to {target}: {error}").format(target=target, error=exc.strerror or exc), "error")
            return target
        data = base64.b64encode(text.encode()).decode()
        self.link.value = (f'<a download="{esc(target.name)}" href="data:application/json;base64,{data}" '
                           f'class="rg-download">{esc(_download(target.name))}</a>')
        self._say(_("Game saved to {target}.").format(target=target), "ok")
        return target

    def load_path(self, path: str | Path) -> bool:
        """Python API: load the game or position file at ``path``; True if it was installed."""
        target = Path(path).expanduser()
        try:
            if not target.is_file():
                raise OSError(0, _("not a file"))
            if target.stat().st_size > MAX_UPLOAD:
                raise OSError(0, _("file too large for a saved game"))
            raw = target.read_bytes()
        except OSError as exc:
            self._say(_("Could not read {target}: {error}. The current game is unchanged.")
                      .format(target=target, error=exc.strerror or exc), "error")
            return False
        return self.load_bytes(raw, target.name)

    def load_bytes(self, raw: bytes, name: str | None = None) -> bool:
        """Parse and install a game or position; on error show the field and message and keep the current game."""
        try:
            data = loads(raw, "file", max_bytes=MAX_UPLOAD)  # bounded size and depth, finite numbers only
            done = self.load_position(data)
        except InvalidPositionError as exc:
            self.error = exc
            self._say(_("Could not load {name}: field “{field}”: {reason}. The current game is unchanged.")
                      .format(name=name or _("the file"), field=exc.field, reason=exc.reason), "error")
            return False
        self.error = None
        self._say(_("Loaded {name}: {done}").format(name=name or _("the file"), done=done), "ok")
        return True

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        entry = files[0]
        self.load_bytes(bytes(entry["content"]), str(entry.get("name") or _("the upload"))[:80])
        self.upload.value = ()  # so that the same file can be uploaded again

    def _say(self, text: str, kind: str) -> None:
        self.message.value = message_html(text, kind)
