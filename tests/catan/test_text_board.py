"""`ratgames play catan` draws the board as text (tiles with resource and number, harbours, pieces, a legend) and
names every spot and edge in its menus and event lines as the dashboards do, never "intersection 34" or "edge 50"."""
from __future__ import annotations

import io
import re

import pytest

from ratgames_lab.cli import main

CODES = re.compile(r"\b(?:intersection|edge|tile|spot) \d+\b")


@pytest.mark.parametrize("options", [[], ["--variant", "combined"]])
def test_the_terminal_draws_the_board_and_names_places(options):
    out = io.StringIO()
    assert main(["play", "catan", "--seed", "3", *options], stdin=io.StringIO("1\n1\n1\n1\nq\n"), stdout=out) == 0
    text = out.getvalue()
    assert "The board (each [ ] is a tile" in text and "Harbours:" in text and "Legend:" in text
    assert re.search(r"\[(?:ore|wool|lumber|brick|grain) \d+\]", text)  # a tile with its resource and number
    assert "R]" in text  # the robber on its tile
    assert "Player 1: settlement at (" in text  # the piece placed by the first choice, its spot named
    assert "Build a settlement on the spot (" in text or "Put your wagon on the" in text
    assert not CODES.search(text), CODES.search(text).group(0)
    assert "(s)" not in text
