"""The Rattus "My odds" tab: if the plague went to a region now, how many cubes would each player lose (exact
distribution, from what the chosen player knows), and where to send the plague (expected losses of every move)."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

import ipywidgets as w

from ratgames_lab.core.i18n import format_decimal

from ratgames_lab.rattus import (COLOURS, MAIN, best_plague_moves, contamination_probability, cube_loss_distribution,
                                 expected_losses, loss_distribution_of)

from .common.odds import OddsPanel
from .common.theme import esc
from .common.translate import _, ngettext
from .rattus_map import PLAYER_HEX
from .rattus_parts import fraction_text, pct


class RattusOddsTab:
    """Region and Knight choices above the shared odds panel, the plague-move table below.

    ``on_change()`` is called when the user changes the region or the Knight box (the dashboard recomputes).
    """

    def __init__(self, panel: OddsPanel, on_change: Callable[[], None]):
        self.panel = panel
        self._quiet = False
        self.region = w.Dropdown(style={"description_width": "initial"}, layout=w.Layout(width="320px"))
        self.neutral = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.region.observe(lambda _c: None if self._quiet else on_change(), names="value")
        self.neutral.observe(lambda _c: None if self._quiet else on_change(), names="value")
        self.plague_table = w.HTML()
        self.intro = w.HTML()
        controls = w.HBox([self.region, self.neutral], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.widgets = [self.intro, controls, panel.widget, self.plague_table]
        self.relabel()

    def relabel(self) -> None:
        """The fixed words in the current language."""
        self.region.description = _("If the plague goes to")
        self.neutral.description = _("with the Knight's 2 extra cubes")
        intro = _("Exact odds (fractions) from everything the chosen player can know: a token dealt to a region at "
                  "setup is one of the setup tokens not yet revealed, any other face-down token one of the other "
                  "tokens not yet revealed, and the tokens they looked at are known. The reveals come in a random "
                  "order and stop when the region has no cube or no token left.")
        self.intro.value = f'<div class="rg-note">{esc(intro)}</div>'

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
            self.panel.clear(_("The game is over: no plague to come."))
            self.plague_table.value = ""
            return
        dist = cube_loss_distribution(state, region, player=who, neutral=neutral)
        cubes = obs["regions"][region]["cubes"]
        present = [p for p in range(obs["players"]) if cubes[p]]
        seen = _("public information") if who is None else _("what {name} knows").format(name=COLOURS[who])
        if not present:
            self.panel.clear(_("{region} has no cube: if the plague goes there, nobody loses anything.").format(
                region=region))
        else:
            marg = {p: loss_distribution_of(dist, p) for p in present}
            top = max(k for p in present for k in marg[p])
            cats = [ngettext("{n} cube", "{n} cubes", k).format(n=k) for k in range(top + 1)]
            series = {COLOURS[p]: [marg[p].get(k, Fraction(0)) for k in range(top + 1)] for p in present}
            exp = expected_losses(dist)
            cont = contamination_probability(state, region, player=who, neutral=neutral)
            rats = obs["regions"][region]["rats"]
            note = ngettext("{region} now: {n} rat token, {cubes}. Chance that at least one token contaminates: "
                            "{chance} ({fraction}). Expected cubes lost: {losses}. ({seen})",
                            "{region} now: {n} rat tokens, {cubes}. Chance that at least one token contaminates: "
                            "{chance} ({fraction}). Expected cubes lost: {losses}. ({seen})", rats).format(
                region=region, n=rats, cubes=", ".join(f"{COLOURS[p]} {cubes[p]}" for p in present), chance=pct(cont),
                fraction=fraction_text(cont), seen=seen,
                losses=", ".join(f"{COLOURS[p]} {format_decimal(float(exp[p]), 2)}" for p in present))
            exact = _("Exact values: the percentage and the fraction it comes from (for each player, the most likely "
                      "loss in bold).")
            self.panel.show(_("If the plague ravaged {region} now: cubes each player loses").format(region=region),
                            cats, series, x_label=_("cubes lost"), note=note,
                            colors=[PLAYER_HEX[p] for p in present], exact_note=exact)
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
            dest = m.action.to if m.action.via is None else _("{to} (via {via})").format(to=m.action.to,
                                                                                       via=m.action.via)
            if m.neutral:
                dest += " " + _("+ Knight's 2 cubes")
            cells = "".join(f"<td>{format_decimal(float(x), 2)}</td>" for x in m.expected_loss)
            score = ("+" if m.score >= 0 else "") + format_decimal(float(m.score), 2)
            rows.append(f"<tr><td style='text-align:left'>{esc(dest)}</td>{cells}<td><b>{esc(score)}</b></td></tr>")
        head = "".join(f"<th>{esc(COLOURS[q])}</th>" for q in range(obs["players"]))
        where = _("Where to send the plague? (expected cubes lost)")
        score_note = _("Score = cubes an opponent loses on average minus the cubes {player} loses. Spread tokens are "
                       "not counted (they are drawn after the move).").format(player=COLOURS[mover])
        destination, score_head = _("Destination"), _("score")
        return (f'<div class="rg-section">{esc(where)}</div><div class="rg-note">{esc(score_note)}</div>'
                f'<table class="rg-exact rt-odds-table"><tr><th>{esc(destination)}</th>{head}'
                f'<th>{esc(score_head)}</th></tr>{"".join(rows)}</table>')


__all__ = ["RattusOddsTab"]
