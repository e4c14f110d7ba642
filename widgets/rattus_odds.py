"""The Rattus "My odds" tab: if the plague went to a region now, how many cubes would each player lose (exact
distribution, from what the chosen player knows), and where to send the plague (expected losses of every move)."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

import ipywidgets as w

from ratgames_lab.rattus import (COLOURS, MAIN, best_plague_moves, contamination_probability, cube_loss_distribution,
                                 expected_losses, loss_distribution_of)

from .common.odds import OddsPanel
from .common.theme import esc
from .rattus_map import PLAYER_HEX
from .rattus_parts import fraction_text, pct


class RattusOddsTab:
    """Region and Knight choices above the shared odds panel, the plague-move table below.

    ``on_change()`` is called when the user changes the region or the Knight box (the dashboard recomputes).
    """

    def __init__(self, panel: OddsPanel, on_change: Callable[[], None]):
        self.panel = panel
        self._quiet = False
        self.region = w.Dropdown(description="If the plague goes to", style={"description_width": "initial"},
                                 layout=w.Layout(width="320px"))
        self.neutral = w.Checkbox(value=False, description="with the Knight's 2 extra cubes", indent=False,
                                  layout=w.Layout(width="auto"))
        self.region.observe(lambda _c: None if self._quiet else on_change(), names="value")
        self.neutral.observe(lambda _c: None if self._quiet else on_change(), names="value")
        self.plague_table = w.HTML()
        intro = w.HTML('<div class="rg-note">Exact odds (fractions) from everything the chosen player can know: a '
                       'token dealt to a region at setup is one of the setup tokens not yet revealed, any other '
                       'face-down token one of the other tokens not yet revealed, and the tokens they looked at are '
                       'known. The reveals come in a random order and stop when the region has no cube or no token '
                       'left.</div>')
        controls = w.HBox([self.region, self.neutral], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.widgets = [intro, controls, panel.widget, self.plague_table]

    def sync(self, regions: list[str], default: str) -> None:
        """Offer the regions in play (keeping the user's choice when possible)."""
        self._quiet = True
        try:
            if list(self.region.options) != regions:
                self.region.options = regions
            if self.region.value not in regions:
                self.region.value = default
        finally:
            self._quiet = False

    def update(self, state: Any, obs: dict, who: int | None, plague_moves_for: int | None) -> None:
        """Fill the panel for the chosen region, from ``who``'s knowledge (None: public information)."""
        region, neutral = self.region.value, self.neutral.value
        if state.is_terminal():
            self.panel.clear("The game is over: no plague to come.")
            self.plague_table.value = ""
            return
        dist = cube_loss_distribution(state, region, player=who, neutral=neutral)
        cubes = obs["regions"][region]["cubes"]
        present = [p for p in range(obs["players"]) if cubes[p]]
        seen = "public information" if who is None else f"what {COLOURS[who]} knows"
        if not present:
            self.panel.clear(f"{region} has no cube: if the plague goes there, nobody loses anything.")
        else:
            marg = {p: loss_distribution_of(dist, p) for p in present}
            top = max(k for p in present for k in marg[p])
            cats = [f"{k} cube{'s' if k != 1 else ''}" for k in range(top + 1)]
            series = {COLOURS[p]: [marg[p].get(k, Fraction(0)) for k in range(top + 1)] for p in present}
            exp = expected_losses(dist)
            cont = contamination_probability(state, region, player=who, neutral=neutral)
            rats = obs["regions"][region]["rats"]
            note = (f"{region} now: {rats} rat token{'s' if rats != 1 else ''}, "
                    + ", ".join(f"{COLOURS[p]} {cubes[p]}" for p in present)
                    + f". Chance that at least one token contaminates: {pct(cont)} ({fraction_text(cont)}). "
                    + "Expected cubes lost: " + ", ".join(f"{COLOURS[p]} {float(exp[p]):.2f}" for p in present)
                    + f". ({seen})")
            self.panel.show(f"If the plague ravaged {region} now: cubes each player loses", cats, series,
                            x_label="cubes lost", note=note, colors=[PLAYER_HEX[p] for p in present])
            self.panel.table.value = self.panel.table.value.replace(
                "(best card for each row in bold)", "(for each player, the most likely loss in bold)")
        self.plague_table.value = self._plague_moves_html(state, obs, who, plague_moves_for)

    @staticmethod
    def _plague_moves_html(state: Any, obs: dict, who: int | None, mover: int | None) -> str:
        if mover is None or obs["step"] != MAIN or obs["final_round"]:
            return ""
        moves = best_plague_moves(state, player=who)
        if not moves:
            return ""
        rows = []
        for m in moves:
            dest = m.action.to if m.action.via is None else f"{m.action.to} (via {m.action.via})"
            if m.neutral:
                dest += " + Knight's 2 cubes"
            cells = "".join(f"<td>{float(x):.2f}</td>" for x in m.expected_loss)
            rows.append(f"<tr><td style='text-align:left'>{esc(dest)}</td>{cells}<td><b>{float(m.score):+.2f}</b>"
                        f"</td></tr>")
        head = "".join(f"<th>{esc(COLOURS[q])}</th>" for q in range(obs["players"]))
        return (f'<div class="rg-section">Where to send the plague? (expected cubes lost)</div>'
                f'<div class="rg-note">Score = cubes an opponent loses on average minus the cubes {COLOURS[mover]} '
                f'loses. Spread tokens are not counted (they are drawn after the move).</div>'
                f'<table class="rg-exact rt-odds-table"><tr><th>Destination</th>{head}<th>score</th></tr>'
                f'{"".join(rows)}</table>')


__all__ = ["RattusOddsTab"]
