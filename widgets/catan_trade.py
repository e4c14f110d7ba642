"""The Catan trade panel: "you give" / "you get" counters per resource, then a bank (or harbour) trade, an offer to
the other players, or a counter-offer to the offer you are asked about; the players' answers are listed under it.

The panel only builds actions; the dashboard plays them (an illegal one is refused with the rule's reason).
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import ipywidgets as w

from ratgames_lab.catan import RESOURCES, BankTrade, CounterOffer, OfferTrade

from .catan_board import TERRAIN_COLOURS
from .catan_view import answers_html
from .common.theme import esc


class TradePanel:
    """Counters and buttons; ``play(action)`` is the dashboard's click; ``update`` shows the position."""

    def __init__(self, play: Callable[[Any], bool], cards: Sequence[str] = RESOURCES,
                 colours: dict[str, str] | None = None, offer_class: type = OfferTrade,
                 counter_class: type = CounterOffer):
        self.play = play
        self.offer_class, self.counter_class = offer_class, counter_class
        self.cards = tuple(cards)
        colours = {**TERRAIN_COLOURS, **(colours or {})}
        self.give = {r: w.BoundedIntText(value=0, min=0, max=19, layout=w.Layout(width="62px")) for r in self.cards}
        self.get = {r: w.BoundedIntText(value=0, min=0, max=19, layout=w.Layout(width="62px")) for r in self.cards}
        heads = [w.HTML('<div class="ct-trade-head">&nbsp;</div>')]
        gives = [w.HTML('<div class="ct-trade-row">You give</div>')]
        gets = [w.HTML('<div class="ct-trade-row">You get</div>')]
        columns = [w.VBox([heads[0], gives[0], gets[0]])]
        for r in self.cards:
            head = w.HTML(f'<div class="ct-trade-head" style="background:{colours.get(r, "#ffffff")}">{esc(r)}</div>')
            columns.append(w.VBox([head, self.give[r], self.get[r]], layout=w.Layout(align_items="center")))
        self.grid = w.HBox(columns, layout=w.Layout(flex_flow="row wrap"))
        self.bank_button = w.Button(description="Trade with the bank", layout=w.Layout(width="auto"),
                                    tooltip="4 identical cards for 1 (3 or 2 at your harbour): give one resource, "
                                            "get one card")
        self.offer_button = w.Button(description="Offer to the other players", layout=w.Layout(width="auto"),
                                     tooltip="Each other player accepts, rejects or makes a counter-offer")
        self.counter_button = w.Button(description="Counter-offer", layout=w.Layout(width="auto"),
                                       tooltip="Answer the offer with other terms (you give / you get)")
        self.clear_button = w.Button(description="Clear", layout=w.Layout(width="auto"))
        for b in (self.bank_button, self.offer_button, self.counter_button, self.clear_button):
            b.add_class("rg-choice")
        self.bank_button.on_click(lambda _b: self.play(self.bank_action()))
        self.offer_button.on_click(lambda _b: self.play(self.offer_action()))
        self.counter_button.on_click(lambda _b: self.play(self.counter_action()))
        self.clear_button.on_click(lambda _b: self.clear())
        self.rates = w.HTML()
        self.answers = w.HTML()
        self.note = w.HTML()
        buttons = w.HBox([self.bank_button, self.offer_button, self.counter_button, self.clear_button],
                         layout=w.Layout(flex_flow="row wrap"))
        buttons.add_class("rg-choices")
        self.body = w.VBox([self.grid, self.rates, buttons])
        self.widget = w.VBox([w.HTML('<div class="rg-section">Trade</div>'), self.note, self.answers, self.body])
        self.widget.add_class("rg-panel")
        self.widget.add_class("ct-trade")

    # ------------------------------------------------------------------ amounts
    def amounts(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(you give, you get) as counts in card order (the 5 resources; the combined variant adds commodities)."""
        return tuple(self.give[r].value for r in self.cards), tuple(self.get[r].value for r in self.cards)

    def set_amounts(self, give: Sequence[int], get: Sequence[int]) -> None:
        """Fill the counters."""
        for i, r in enumerate(self.cards):
            self.give[r].value, self.get[r].value = int(give[i]), int(get[i])

    def clear(self) -> None:
        """All counters back to 0."""
        self.set_amounts([0] * len(self.cards), [0] * len(self.cards))

    def bank_action(self) -> Any:
        """The bank trade the counters describe (one resource given, one card received), else a message."""
        give, get = self.amounts()
        given = [i for i, n in enumerate(give) if n]
        got = [i for i, n in enumerate(get) if n]
        if len(given) != 1 or len(got) != 1 or get[got[0]] != 1 or \
                "money" in (self.cards[given[0]], self.cards[got[0]]):
            return ("A bank trade gives one kind of resource (4, or 3 or 2 at your harbour) for exactly 1 card: set "
                    "one “you give” and one “you get” to 1.")
        return BankTrade(self.cards[given[0]], self.cards[got[0]])

    def offer_action(self) -> Any:
        """The offer to the other players (amounts from you, the active player)."""
        give, get = self.amounts()
        return self.offer_class(give, get)

    def counter_action(self) -> Any:
        """A counter-offer by you, the answering player: written from the active player's side, as the engine
        wants (what you get is what they give)."""
        give, get = self.amounts()
        return self.counter_class(get, give)

    # ------------------------------------------------------------------ showing
    def update(self, obs: dict, names: Sequence[str], me: int | None, phase: str, rates: Sequence[int] | None,
               my_turn: bool) -> None:
        """Show the offer and answers, and which buttons make sense for ``me`` now."""
        self.answers.value = answers_html(obs, names, self.cards)
        answering = me is not None and phase == "trade_reply" and obs.get("responder") == me
        trading = me is not None and my_turn and phase == "main"
        self.bank_button.disabled = self.offer_button.disabled = not trading
        self.counter_button.disabled = not answering
        self.counter_button.layout.display = "" if answering else "none"
        self.body.layout.display = "" if (trading or answering) else "none"
        if rates is not None and trading:
            self.rates.value = ('<div class="rg-note">Your bank rates: '
                                + ", ".join(f"{n} {r}" for r, n in zip(self.cards, rates)) + " for 1 card.</div>")
        else:
            self.rates.value = ""
        if answering:
            self.note.value = ('<div class="rg-note">You are asked: accept or reject with the buttons above, or set '
                               'other terms here (what <b>you</b> give and get) and press Counter-offer.</div>')
        elif trading:
            self.note.value = ('<div class="rg-note">Set what you give and what you get, then trade with the bank '
                               'or offer it to the other players (they answer one by one).</div>')
        elif obs["offer"]:
            self.note.value = ""
        else:
            self.note.value = ('<div class="rg-note rg-muted">Trades happen on your own turn, after the roll.</div>')


__all__ = ["TradePanel"]
