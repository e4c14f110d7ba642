"""PositionIO: save the position as JSON (file and download link) and load one from a path or an upload."""
from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Callable

import ipywidgets as w

from ratgames_lab import InvalidPositionError

from .theme import esc, message_html


class PositionIO:
    """``get_position()`` gives the JSON data to save; ``load_position(data)`` installs one or raises
    InvalidPositionError, in which case the message names the field and the current game is kept."""

    def __init__(self, get_position: Callable[[], dict], load_position: Callable[[dict], str],
                 default_name: str = "position.json"):
        self.get_position = get_position
        self.load_position = load_position
        self.path = w.Text(value=default_name, description="File on the server", placeholder="path/to/position.json",
                           style={"description_width": "initial"}, layout=w.Layout(width="98%"))
        self.save_button = w.Button(description="Save the position", icon="download", layout=w.Layout(width="auto"))
        self.load_button = w.Button(description="Load this file", icon="folder-open", layout=w.Layout(width="auto"))
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Upload from my computer",
                                   layout=w.Layout(width="auto"))
        self.link = w.HTML()
        self.message = w.HTML(message_html(""))
        self.error: InvalidPositionError | None = None
        self.save_button.on_click(lambda _b: self.save())
        self.load_button.on_click(lambda _b: self.load_path())
        self.upload.observe(self._uploaded, names="value")
        note = w.HTML('<div class="rg-note">A position file holds the whole game at this moment (hands, display, '
                      'table, scores and the log). Loading one replaces the current game; a broken file is '
                      'refused and the current game is kept. After saving, a download link appears.</div>')
        buttons = w.HBox([self.save_button, self.load_button, self.upload], layout=w.Layout(flex_flow="row wrap"))
        buttons.add_class("rg-choices")
        self.widget = w.VBox([note, self.path, buttons, self.link, self.message])

    def save(self, path: str | None = None) -> Path:
        """Write the current position to ``path`` (default: the File box) and offer it as a download."""
        target = Path(path or self.path.value).expanduser()
        text = json.dumps(self.get_position(), indent=1)
        try:
            target.write_text(text)
        except OSError as exc:
            self._say(f"Could not save to {target}: {exc.strerror or exc}", "error")
            return target
        data = base64.b64encode(text.encode()).decode()
        self.link.value = (f'<a download="{esc(target.name)}" href="data:application/json;base64,{data}" '
                           f'class="rg-note">⬇ download {esc(target.name)}</a>')
        self._say(f"Position saved to {target}.", "ok")
        return target

    def load_path(self, path: str | None = None) -> bool:
        """Load the position file at ``path`` (default: the File box); True if it was installed."""
        target = Path(path or self.path.value).expanduser()
        try:
            raw = target.read_bytes()
        except OSError as exc:
            self._say(f"Could not read {target}: {exc.strerror or exc}. The current game is unchanged.", "error")
            return False
        return self.load_bytes(raw, target.name)

    def load_bytes(self, raw: bytes, name: str = "the file") -> bool:
        """Parse and install a position; on error show the field and message and keep the current game."""
        try:
            try:
                data = json.loads(raw.decode("utf-8"))
            except UnicodeDecodeError:
                raise InvalidPositionError("not a UTF-8 text file", "file") from None
            except json.JSONDecodeError as exc:
                raise InvalidPositionError(f"not valid JSON ({exc.msg} at line {exc.lineno})", "file") from None
            done = self.load_position(data)
        except InvalidPositionError as exc:
            self.error = exc
            self._say(f"Could not load {name}: field “{exc.field}”: {exc.reason}. The current game is unchanged.",
                      "error")
            return False
        self.error = None
        self._say(f"Loaded {name}: {done}", "ok")
        return True

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        entry = files[0]
        self.load_bytes(bytes(entry["content"]), entry.get("name", "the upload"))
        self.upload.value = ()  # so that the same file can be uploaded again

    def _say(self, text: str, kind: str) -> None:
        self.message.value = message_html(text, kind)
