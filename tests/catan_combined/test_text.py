"""Every event kind the combined variant emits has an English template (combined/text.py) that its params fill."""
from __future__ import annotations

import random

import pytest

from ratgames_lab.catan.combined.text import EVENT_TEXTS, Pick, Template, words
from ratgames_lab.core.protocol import CHANCE, TERMINAL

from .trade_helpers import game

OPTION_SETS = [{}, {"robber_peace": False, "steal_per_seven": 2}, {"strict_phase_order": True, "vp_target": 20}]


@pytest.mark.parametrize("players", [3, 4])
def test_every_emitted_kind_has_a_template_its_params_fill(players):
    seen = set()
    for k, options in enumerate(OPTION_SETS):
        g = game(players, seed=k, turn_cap=150, **options)
        s = g.new_state()
        rng = random.Random(k)
        while s.current_player != TERMINAL:
            s.apply(s.sample_chance(rng) if s.current_player == CHANCE else rng.choice(s.legal_actions()))
        for e in s.events:
            assert e.kind in EVENT_TEXTS, f"no template for event kind {e.kind!r}"
            text = e.text()
            assert not text.startswith(f"{e.kind}: "), f"{e.kind}: the template does not fit {e.params}"
            assert "{" not in text and "[" not in text, text
            seen.add(e.kind)
    assert {"setup_building", "roll", "produce", "build", "turn_end", "offer", "trade", "discard"} <= seen


def test_lists_and_counts_read_as_english():
    assert words(["Player 1", "Player 2", "Player 3"]) == "Player 1, Player 2 and Player 3"
    assert words([]) == "nobody"
    assert words({"ore": 2, "coin": 1, "wool": 0}) == "2 ore + 1 coin"
    assert Template("{losers} lose").format(losers=["Player 2"]) == "Player 2 lose"


def test_a_pick_chooses_its_template_by_the_params():
    t = EVENT_TEXTS["build"]
    assert isinstance(t, Pick)
    assert t.format(player="Player 1", piece="ship", edge=7, free=True) == "Player 1 places a free ship on edge 7."
    assert t.format(player="Player 1", piece="city", node=3, free=False) == \
        "Player 1 upgrades the settlement on intersection 3 to a city."
    produce = EVENT_TEXTS["produce"].format(player="Player 2", cards={"ore": 1, "coin": 1}, money=5)
    assert produce == "Player 2 receives 1 ore + 1 coin + $5."
    assert EVENT_TEXTS["barbarians_win"].format(strength=3, defence=1, losers=["Player 1", "Player 3"]).endswith(
        "Player 1 and Player 3 must each reduce a city.")


def test_every_kind_the_source_emits_has_a_template():
    """A static sweep: each ``emit("kind"`` in the variant's modules (random games may miss rare kinds)."""
    import re
    from pathlib import Path

    import ratgames_lab.catan.combined as combined
    kinds = set()
    for path in Path(combined.__file__).parent.glob("*.py"):
        kinds |= set(re.findall(r'emit\(\s*"([a-z_]+)"', path.read_text()))
    kinds |= {"accept", "reject"}  # emitted through a conditional expression
    assert len(kinds) > 40
    assert sorted(kinds - set(EVENT_TEXTS)) == []
