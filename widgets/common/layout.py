"""The layout of a dashboard page: board and history on the left; decision dock, controls and tabs on the right."""
from __future__ import annotations

import ipywidgets as w

from ratgames_lab import GAMES

from .analyze import AnalyzePanel
from .decision import DecisionPanel
from .eventlog import EventLog
from .history import HistoryControls
from .language import LanguageSwitch, chosen_language
from .odds import OddsPanel
from .position_io import PositionIO
from .seats import SeatSetup
from .speed import SpeedControl
from .theme import message_html, style_widget
from .translate import N_, _

TAB_TITLES = (N_("What happened"), N_("My odds"), N_("What if?"), N_("Players"), N_("Save / load"))
LOG_TAB, ODDS_TAB, ANALYZE_TAB, SETUP_TAB, IO_TAB = range(5)


class PageLayout:
    """Builds the widgets once and places them (one projector screen: the decision stays in view)."""

    def _build(self, auto: bool, teacher_view: bool, players: int) -> None:
        info = GAMES[self.game_name]
        self.css = style_widget(self.css_files)
        self.header = w.HTML()
        self.intro = w.HTML()
        self.banner = w.HTML()
        self.status = w.HTML(message_html(""))
        self.decision = DecisionPanel(self.click, self.action_groups, self.action_class, fold_kinds=self.fold_kinds,
                                      label=self.action_label)
        self.log = EventLog(self.heading_kinds, kind_classes=self.log_classes, text=self.event_text)
        self.history = HistoryControls(self._navigate)
        self.io = PositionIO(self.position, self.load_position, file_name=self.file_name,
                             can_save=self.teacher_tools)
        self.setup = SeatSetup(list(self.bot_classes), players, info.players, self.seats, self.seed,
                               self.seat_label, self.set_seats, self.new_game, live_seats=self.teacher_tools)
        self.speed = SpeedControl(self.bot_delay, self._set_delay, self.skip_to_my_turn)
        self.hand = w.HTML()
        self.analyze_panel = AnalyzePanel(self._analysis_target, seed=self.seed)
        self.odds_panel = OddsPanel()
        self.step_button = w.Button(layout=w.Layout(width="auto"))
        self.auto_toggle = w.ToggleButton(value=auto, layout=w.Layout(width="auto"))
        self.teacher_toggle = w.ToggleButton(value=teacher_view, layout=w.Layout(width="auto"))
        self.language = LanguageSwitch(self._language_changed, follow_browser=chosen_language() is None)
        self.step_button.on_click(lambda _b: self.step())
        self.auto_toggle.observe(lambda _c: (self._show_controls(), self._schedule_bots()), names="value")
        self.teacher_toggle.observe(lambda _c: self.refresh(), names="value")
        self.rules = w.HTML()
        board = self.board_widget()
        # tabs whose charts are drawn only once visible (a bqplot figure drawn hidden gets a negative width)
        self._lazy_tabs = {ODDS_TAB: self.odds_widgets, ANALYZE_TAB: lambda: [self.analyze_panel.widget]}
        self.tabs = w.Tab(children=[self.log.widget, w.VBox(), w.VBox(), self.setup.widget, self.io.widget])
        self._label_controls()
        self.tabs.observe(lambda _c: self._update_side(), names="selected_index")
        buttons = [self.step_button, self.auto_toggle] + ([self.teacher_toggle] if self.teacher_tools else [])
        controls = w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))
        controls.add_class("rg-choices")
        controls.add_class("rg-controls")
        left = w.VBox([board, self.history.widget], layout=w.Layout(flex="3 1 620px", min_width="0"))
        left.add_class("rg-left")
        # the board on the left; on the right, in view however the page scrolls (one projector screen): the dock
        # (banner, decision, message, your hand, playback speed), then the tabs and the game's panels, scrolling
        dock = w.VBox([self.banner, self.decision.widget, self.status, self.hand, self.speed.widget])
        dock.add_class("rg-dock")
        rest = w.VBox([controls, self.tabs, *self.side_widgets(), self.rules])
        rest.add_class("rg-rest")
        right = w.VBox([dock, rest], layout=w.Layout(flex="2 1 430px", min_width="0"))
        right.add_class("rg-right")
        body = w.HBox([left, right], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        body.add_class("rg-body")
        top = w.HBox([self.header, self.language.widget], layout=w.Layout(align_items="flex-start"))
        top.add_class("rg-top")
        self.widget = w.VBox([self.css, top, self.intro, body])
        self.widget.add_class("rg-app")

    def _label_controls(self) -> None:
        """The fixed words of the page's controls and tabs, in the current language."""
        self.step_button.description = _("Step: next bot move")
        self.step_button.tooltip = _("Let the bot to move play one move")
        self.auto_toggle.description = _("Bots play by themselves")
        self.auto_toggle.tooltip = _("When off, press Step for each bot move")
        self.teacher_toggle.description = _(self.teacher_view_label)
        self.teacher_toggle.tooltip = _("Reveal every hidden card (for explaining on the board)")
        self.tabs.titles = tuple(_(title) for title in TAB_TITLES)
        self.language.relabel()
        self.intro.value = self.intro_html()

    def show(self) -> None:
        """Display the dashboard in a notebook or Voila."""
        from IPython.display import display
        display(self.widget)

    def _ipython_display_(self) -> None:
        self.show()
