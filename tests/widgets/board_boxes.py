"""Where a bqplot board's marks land on the page, in pixels: each text's box and each marker's outline, computed from
the figure's own data (scales, x, y, sizes, offsets), the way the browser draws them at the figure's height.

Checked against chromium at 1280x720: a Label's text is centred on (x, y + y_offset), about one font size high; a
Scatter's ``size`` is the marker's area in px² (a circle of radius sqrt(size/pi), a square of side sqrt(size), a
rectangle skewed by 10**skew and turned by its rotation)."""
from __future__ import annotations

import math
from dataclasses import dataclass

import bqplot as bq

WIDE = set("MWmw@")
NARROW = set("il.,:;'|!")


def text_width(text: str, size: float) -> float:
    """A generous estimate of a bold sans-serif text's width in px."""
    em = 0.0
    for ch in text:
        if ch == "•" or ch in NARROW:
            em += 0.38
        elif ch == " ":
            em += 0.34
        elif ch in WIDE:
            em += 0.95
        elif ch.isupper():
            em += 0.74
        else:
            em += 0.62
    return em * size


@dataclass(frozen=True)
class Shape:
    """One drawn element: ``layer`` and its index, its anchor (the data point, in px), and its outline: a circle of
    radius ``r`` round the anchor, or a box (left, top, right, bottom)."""

    layer: str
    index: int
    text: str
    anchor: tuple[float, float]
    box: tuple[float, float, float, float]
    r: float | None = None

    def hits(self, other: "Shape", margin: float = 0.0) -> bool:
        """Whether the two outlines overlap (by more than ``margin`` px)."""
        if self.r is not None and other.r is not None:
            return math.dist(self.anchor, other.anchor) < self.r + other.r - margin
        if self.r is not None or other.r is not None:
            circle, box = (self, other) if self.r is not None else (other, self)
            cx, cy = circle.anchor
            left, top, right, bottom = box.box
            nx, ny = min(max(cx, left), right), min(max(cy, top), bottom)
            return math.hypot(cx - nx, cy - ny) < circle.r - margin
        a, b = self.box, other.box
        return min(a[2], b[2]) - max(a[0], b[0]) > margin and min(a[3], b[3]) - max(a[1], b[1]) > margin


def page_scale(view, height_px: float):
    """A function from data (x, y) to px on a BoardView's figure drawn ``height_px`` high (4 px margins)."""
    per = (height_px - 8) / (view.y.max - view.y.min)
    return lambda x, y: (4 + (x - view.x.min) * per, 4 + (view.y.max - y) * per)


def _marker_box(marker: str, size: float, skew: float, rotation: float) -> tuple[float, float] | float:
    """Half width and half height of a marker (or the radius of a circle)."""
    if marker == "circle":
        return math.sqrt(size / math.pi)
    if marker == "square":
        return math.sqrt(size) / 2, math.sqrt(size) / 2
    if marker in ("triangle-up", "triangle-down"):
        half = math.sqrt(size / math.sqrt(3))
        return half, half * math.sqrt(3) / 2
    if marker == "diamond":
        ty = math.sqrt(size / (2 * math.tan(math.pi / 6)))
        return ty * math.tan(math.pi / 6), ty
    if marker == "rectangle":
        i = 10 ** skew
        n = math.sqrt(size / i) / 2
        return (n * i, n) if round(rotation) % 180 == 90 else (n, n * i)
    raise ValueError(f"no outline for marker {marker!r}")


def shapes(view, layers, height_px: float) -> list[Shape]:
    """Every visible element of ``layers`` of a BoardView, as drawn at ``height_px``."""
    to_px = page_scale(view, height_px)
    out = []
    for name in layers:
        mark = view.layers[name]
        if not mark.visible:
            continue
        for i, (x, y) in enumerate(zip(mark.x, mark.y)):
            px, py = to_px(float(x), float(y))
            if isinstance(mark, bq.Label):
                text = str(mark.text[i])
                if not text.strip():
                    continue
                size = float(mark.default_size)
                cy = py + float(mark.y_offset or 0)
                cx = px + float(mark.x_offset or 0)
                half = text_width(text, size) / 2
                out.append(Shape(name, i, text, (px, py), (cx - half, cy - size / 2, cx + half, cy + size / 2)))
            else:
                opacities = list(mark.opacities) if mark.opacities is not None else []
                if opacities and len(opacities) > i and float(opacities[i]) == 0.0:
                    continue
                rotation = float(mark.rotation[i]) if mark.rotation is not None and len(mark.rotation) > i else 0.0
                outline = _marker_box(mark.marker, float(mark.default_size), float(mark.default_skew), rotation)
                if isinstance(outline, float):
                    out.append(Shape(name, i, "", (px, py), (px - outline, py - outline, px + outline, py + outline),
                                     outline))
                else:
                    hw, hh = outline
                    out.append(Shape(name, i, "", (px, py), (px - hw, py - hh, px + hw, py + hh)))
    return out


def clashes(texts: list[Shape], others: list[Shape], margin: float = 0.5) -> list[tuple[Shape, Shape]]:
    """Pairs (a text, another shape) that overlap, leaving out a text and the marker it is written on (same anchor)
    and two texts written on one marker (a token's number and its dots)."""
    found = []
    for i, a in enumerate(texts):
        for b in others:
            if b is a or (b in texts and texts.index(b) < i):
                continue
            if math.dist(a.anchor, b.anchor) < 0.5:
                continue
            if a.hits(b, margin):
                found.append((a, b))
    return found
