"""BoardView: a bqplot figure in board coordinates made of named layers (lines, points, labels).

Points and labels carry a key per element (a region name, a hex id, a vertex id...); a click on any element of a
clickable layer calls ``on_click(layer, key)``. Games draw their board with it (the Rattus map from its NetworkX
graph; a hex board can use ``polygons`` for the tiles and ``points`` for corners and edges).
Layers are drawn in creation order (the first one at the back). Updates only send the traits that changed.
"""
from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

import bqplot as bq
import ipywidgets as w


class BoardView:
    """A fixed-scale bqplot Figure; ``x_range`` / ``y_range`` are the board coordinates shown (y grows upwards)."""

    def __init__(self, x_range: tuple[float, float], y_range: tuple[float, float],
                 on_click: Callable[[str, Hashable], None] | None = None, height: str = "480px",
                 background: str = "#ffffff", color_scale: dict | None = None):
        self.on_click = on_click
        self.namer: Callable[[str], str] | None = None  # rewrites tooltips (e.g. place numbers into names)
        self.x = bq.LinearScale(min=float(x_range[0]), max=float(x_range[1]), allow_padding=False)
        self.y = bq.LinearScale(min=float(y_range[0]), max=float(y_range[1]), allow_padding=False)
        self.color = bq.ColorScale(**color_scale) if color_scale else None
        self.figure = bq.Figure(marks=[], axes=[], fig_margin={"top": 4, "bottom": 4, "left": 4, "right": 4},
                                padding_x=0.0, padding_y=0.0, background_style={"fill": background},
                                display_toolbar=False,
                                layout=w.Layout(width="100%", height=height, overflow="hidden"))
        self.figure.add_class("rg-board-view")
        self.layers: dict[str, bq.Mark] = {}
        self.keys: dict[str, list] = {}
        self._last: dict[tuple[str, str], Any] = {}

    # ------------------------------------------------------------------ building
    def _add(self, name: str, mark: bq.Mark, clickable: bool) -> bq.Mark:
        if name in self.layers:
            raise ValueError(f"layer {name!r} already exists")
        self.layers[name] = mark
        self.keys[name] = []
        if clickable:
            mark.on_element_click(lambda _mark, content, layer=name: self._clicked(layer, content))
        self.figure.marks = list(self.figure.marks) + [mark]
        return mark

    def lines(self, name: str, segments: Sequence[tuple[tuple[float, float], tuple[float, float]]] = (),
              **style: Any) -> bq.Lines:
        """A layer of straight segments ((x1, y1), (x2, y2)); style: colors, stroke_width, line_style..."""
        mark = bq.Lines(x=[[0.0, 0.0]], y=[[0.0, 0.0]], scales={"x": self.x, "y": self.y}, **style)
        self._add(name, mark, clickable=False)
        self.set_segments(name, segments)
        return mark

    def polygons(self, name: str, clickable: bool = False, **style: Any) -> bq.Lines:
        """A layer of closed, filled polygons (set them with ``set_polygons``)."""
        style.setdefault("fill", "inside")
        style.setdefault("close_path", True)
        mark = bq.Lines(x=[], y=[], scales={"x": self.x, "y": self.y}, **style)
        return self._add(name, mark, clickable)

    def points(self, name: str, clickable: bool = False, colored: bool = False, **style: Any) -> bq.Scatter:
        """A layer of markers (set them with ``set_points``); ``colored``: the colour comes from the color scale."""
        scales = {"x": self.x, "y": self.y}
        if colored:
            if self.color is None:
                raise ValueError("this board has no color scale")
            scales["color"] = self.color
        style.setdefault("display_names", False)
        mark = bq.Scatter(x=[], y=[], scales=scales, **style)
        return self._add(name, mark, clickable)

    def labels(self, name: str, clickable: bool = False, **style: Any) -> bq.Label:
        """A layer of texts (set them with ``set_labels``)."""
        mark = bq.Label(x=[], y=[], text=[], scales={"x": self.x, "y": self.y}, **style)
        return self._add(name, mark, clickable)

    # ------------------------------------------------------------------ updating
    def _set(self, name: str, **traits: Any) -> None:
        """Set only the traits whose value changed since the last call (fewer messages to the browser)."""
        mark = self.layers[name]
        changed = {}
        for trait, value in traits.items():
            key = (name, trait)
            if key not in self._last or self._last[key] != value:
                changed[trait] = value
                self._last[key] = value
        if changed:
            with mark.hold_sync():
                for trait, value in changed.items():
                    setattr(mark, trait, value)

    def set_segments(self, name: str, segments: Sequence[tuple[tuple[float, float], tuple[float, float]]],
                     **traits: Any) -> None:
        """Replace the segments of a lines layer."""
        segments = list(segments)
        if segments:
            xs = [[float(a[0]), float(b[0])] for a, b in segments]
            ys = [[float(a[1]), float(b[1])] for a, b in segments]
        else:
            xs, ys = [[0.0, 0.0]], [[0.0, 0.0]]
        self._set(name, x=xs, y=ys, visible=bool(segments), **traits)

    def set_polygons(self, name: str, keys: Sequence[Hashable], polygons: Sequence[Sequence[tuple[float, float]]],
                     **traits: Any) -> None:
        """Replace the polygons of a polygons layer (one key per polygon)."""
        self.keys[name] = list(keys)
        self._set(name, x=[[float(p[0]) for p in poly] for poly in polygons],
                  y=[[float(p[1]) for p in poly] for poly in polygons], **traits)

    def set_points(self, name: str, keys: Sequence[Hashable], xs: Sequence[float], ys: Sequence[float],
                   **traits: Any) -> None:
        """Replace the markers of a points layer (one key per marker) and any other trait (colors, names...)."""
        self.keys[name] = list(keys)
        if self.namer is not None and "names" in traits:  # tooltips name places as the table does
            traits["names"] = [self.namer(text) for text in traits["names"]]
        self._set(name, x=[float(v) for v in xs], y=[float(v) for v in ys], **traits)

    def set_labels(self, name: str, keys: Sequence[Hashable], xs: Sequence[float], ys: Sequence[float],
                   texts: Sequence[str], **traits: Any) -> None:
        """Replace the texts of a labels layer (one key per text)."""
        self.keys[name] = list(keys)
        self._set(name, x=[float(v) for v in xs], y=[float(v) for v in ys], text=[str(t) for t in texts], **traits)

    def set_traits(self, name: str, **traits: Any) -> None:
        """Change other traits of a layer (visible, colors, color data...)."""
        self._set(name, **traits)

    # ------------------------------------------------------------------ clicks
    def _clicked(self, layer: str, content: dict) -> None:
        data = content.get("data") if isinstance(content, dict) else None
        index = data.get("index") if isinstance(data, dict) else None
        keys = self.keys.get(layer, [])
        if isinstance(index, int) and 0 <= index < len(keys) and self.on_click is not None:
            self.on_click(layer, keys[index])

    def click(self, layer: str, key: Hashable) -> None:
        """Simulate a browser click on the element ``key`` of ``layer`` (the same message path as a real click)."""
        index = self.keys[layer].index(key)
        self.layers[layer]._handle_custom_msgs(None, {"event": "element_click", "data": {"index": index}})


__all__ = ["BoardView"]
