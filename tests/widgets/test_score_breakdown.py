"""Every game's end screen breaks each player's score down by source, and the rows add up to the engine's own
scores: finished seeded games (bots only) of every game and the combined Catan variant; the winner shown is the
engine's, and the tie-break or end note is on the screen."""
from __future__ import annotations

import re
from functools import cache

import pytest

from ratgames_lab.widgets.catan import CatanDashboard
from ratgames_lab.widgets.horlogerie import HorlogerieDashboard
from ratgames_lab.widgets.master_of_rules import MasterOfRulesDashboard
from ratgames_lab.widgets.rattus import RattusDashboard
from ratgames_lab.widgets.rattus_cartus import RattusCartusDashboard

# (dashboard, players, seeds, bot, extra options): a few seeded games of each, short enough for the default suite
GAMES = {
    "master_of_rules": (MasterOfRulesDashboard, 4, (3, 8), "random", {}),
    "rattus": (RattusDashboard, 3, (2, 5), "random", {}),
    "rattus_cartus": (RattusCartusDashboard, 3, (2, 5), "heuristic", {}),
    "horlogerie": (HorlogerieDashboard, 3, (4, 9), "threshold", {}),
    "catan": (CatanDashboard, 4, (1, 3), "heuristic", {}),
    "catan_combined": (CatanDashboard, 3, (2, 3), "heuristic", {"variant": "combined"}),
}
CASES = [(game, seed) for game, spec in GAMES.items() for seed in spec[2]]


@cache
def finished(game: str, seed: int):
    """A bots-only dashboard played to the end (seeded; built once per module)."""
    cls, players, _, bot, extra = GAMES[game]
    d = cls(players=players, seed=seed, seats=[bot] * players, bot_delay=0, auto=False, **extra)
    d.advance_bots()
    d.refresh()
    assert d.state.is_terminal()
    return d


def rows_of(html: str) -> list[str]:
    """The table rows of the end screen after the header row."""
    table = html[html.index('<table class="rg-exact rg-final">'):html.index("</table>")]
    return table.split("<tr>")[2:]


@pytest.mark.parametrize("game,seed", CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_the_end_screen_rows_add_up_to_the_engine_scores_and_name_the_engine_winner(game, seed):
    d = finished(game, seed)
    scores, returns = d.state.scores(), d.state.returns()
    parts = d.score_parts()
    assert [sum(n for _, n in p) for p in parts] == scores
    assert all(n != 0 and what for p in parts for what, n in p)  # a source worth nothing is left out
    over = d.decision.title.value
    assert over == d.game_over_html() and "Game over" in over
    rows = rows_of(over)
    assert len(rows) == d.players
    for p, row in enumerate(rows):
        shown = [int(x.replace("−", "-")) for x in re.findall(r"<b>([+−]\d+)</b>", row)]
        assert shown == [n for _, n in parts[p]]  # every source's points are on the screen
        assert re.search(rf'class="rg-total"><b>{scores[p]}</b>', row)
        assert ("winner" in row) == (returns[p] > 0)  # the engine's winner(s), tagged
    assert 'class="rg-msg' in over  # how the game ended / the tie-break is explained


def test_the_sources_are_the_games_own():
    words = {"catan": ("settlement",), "catan_combined": ("settlement",), "rattus_cartus": ("track",),
             "horlogerie": ("(",), "master_of_rules": ("Rule card",), "rattus": ("cube",)}
    for game, need in words.items():
        d = finished(game, GAMES[game][2][0])
        text = " ".join(what for p in d.score_parts() for what, _ in p)
        assert all(w in text for w in need), (game, text)
    assert "Load and carry" in finished("horlogerie", 4).decision.title.value
