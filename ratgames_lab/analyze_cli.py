"""``ratgames analyze``: the position's description, a progress bar, the ranked table with paired intervals and the
verdict, in the words of the game's information structure (no "hidden cards" in a perfect-information game)."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable, Sequence, TextIO

try:
    from tqdm import tqdm
except ImportError:  # installed without the [lab] extra, or in the browser (Pyodide): no progress bar
    tqdm = None

from .core.analysis import Evaluation
from .core.i18n import _
from .core.protocol import Game, GameState
from .core.racing import points
from .core.what_if import WhatIf, analyze, information

PLAYOUTS = 2000  # at most this many playouts per option by default (racing stops earlier when it can)
CPU_SECONDS = 7.0  # default CPU limit of the playouts: with starting Python, loading and printing (up to 3 CPU-s for
# Catan on a busy machine), a verdict within 10 CPU-seconds


def description(path: str | Path) -> str:
    """The ``description`` of a position file ("" for a match or a file without one)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    text = data.get("description") if isinstance(data, dict) else None
    return text if isinstance(text, str) else ""


def _percent(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _signed(x: float) -> str:
    return f"{100 * x:+.1f}"


def progress_bar(stream: TextIO | None = None) -> tuple[Callable[[int, int], None] | None, Callable[[], None]]:
    """A tqdm bar on stderr when it is a terminal: (update(done, total), close), or (None, no-op)."""
    stream = stream or sys.stderr
    if tqdm is None or not (hasattr(stream, "isatty") and stream.isatty()):
        return None, lambda: None
    bar = tqdm(total=1, unit="playouts/option", file=stream, leave=False, dynamic_ncols=True)

    def update(done: int, total: int) -> None:
        bar.total = total
        bar.n = done
        bar.refresh()

    return update, bar.close


def _hidden_words(state: GameState, name: str) -> str:
    if information(state) == "perfect":
        return _("nothing is hidden in this game: every playout starts from this very position")
    return _("hidden cards resampled in each playout (what {name} cannot see is dealt again)").format(name=name)


def table(values: Evaluation, out: TextIO, indent: str = "") -> None:
    """The ranked table: win rate, its 95% interval, and the paired difference with the leader."""
    ranked = sorted(values, key=lambda v: -v.win_rate)
    width = max(len(str(v.action)) for v in ranked)
    for i, v in enumerate(ranked, 1):
        vs = (_("leader") if v.lead == v.lead_low == v.lead_high == 0 else
              _("the leader wins {lead} points more, paired interval {low} to {high}").format(
                  lead=_signed(v.lead), low=_signed(v.lead_low), high=_signed(v.lead_high)))
        rates = _("win rate {rate}  (95% interval {low} – {high}; {playouts} playouts)").format(
            rate=_percent(v.win_rate), low=_percent(v.low).strip(), high=_percent(v.high).strip(), playouts=v.playouts)
        out.write(f"{indent}{i:3d}) {str(v.action):{width}s}  {rates}  "
                  + (vs if v.in_contention else _("{comparison}, ruled out").format(comparison=vs)) + "\n")


def _spent(values: Evaluation, cpu_limit: float | None, out: TextIO, indent: str = "") -> None:
    out.write(indent + _("Spent: {playouts} playouts in {seconds} CPU-seconds.").format(
        playouts=f"{values.playouts:,}", seconds=f"{values.cpu_seconds:.1f}") + "\n")
    if values.cpu_stopped:
        n = values.verdict.playouts
        out.write(indent + _("The CPU limit ({limit} s) stopped the playouts; the result is the one at the last check, "
                             "after {n} playouts per option: '--playouts {n} --cpu 0' gives exactly this result on "
                             "any computer, a larger --playouts or --cpu goes further.").format(
            limit=f"{cpu_limit:g}", n=n) + "\n")


def to_json(game: Game, result: WhatIf, settings: dict) -> dict:
    """Plain data for ``--json``."""
    doc: dict[str, Any] = {"game": game.name, "players": game.players, "player": result.player, **settings}
    if result.evaluation is not None:
        ev = result.evaluation
        doc.update(policy=ev.policy.name, assumes=ev.policy.assumes(), policy_note=ev.policy.note,
                   verdict=ev.verdict.to_json(), spent_playouts=ev.playouts, cpu_stopped=ev.cpu_stopped,
                   actions=[v.to_json() for v in sorted(ev, key=lambda v: -v.win_rate)])
    else:
        report = result.chance
        doc.update(chance=report.event, illustration=report.illustration, outcomes=[
            {"label": o.label, "probability": str(o.probability), "decider": o.decider, "returns": o.returns,
             "verdict": o.evaluation.verdict.to_json() if o.evaluation is not None else None,
             "actions": [v.to_json() for v in o.evaluation] if o.evaluation is not None else None}
            for o in report.outcomes])
    return doc


def report(path: str | Path, game: Game, state: GameState, names: Sequence[str], who: Callable[[int], str],
           args: Any, out: TextIO) -> int:
    """Run the analysis of ``ratgames analyze`` and print it (or its JSON)."""
    cpu = args.cpu if args.cpu and args.cpu > 0 else None
    update, close = (None, lambda: None) if args.json else progress_bar()
    try:
        result = analyze(state, playouts=args.playouts, seed=args.seed, policy=args.policy,
                         confidence=args.confidence, resolution=args.resolution / 100, cpu_seconds=cpu,
                         progress=update, names=names)
    finally:
        close()
    settings = {"playouts": args.playouts, "seed": args.seed, "confidence": args.confidence,
                "resolution_points": args.resolution, "cpu_limit": cpu}
    if args.json:
        out.write(json.dumps(to_json(game, result, settings), indent=1) + "\n")
        return 0
    text = description(path)
    if text:
        out.write(text + "\n\n")
    shown = state.describe()
    if shown is not None:
        out.write(shown + "\n")
    if result.evaluation is None:
        return _chance(result, names, who, cpu, args, out)
    player = result.player
    hand = state.hand_text(player)
    if hand:
        out.write(_("The hand of {name}, who is to move:").format(name=names[player]) + f"\n{hand}\n")
    _header(result.evaluation, state, names[player], who(player), args, out)
    table(result.evaluation, out)
    out.write(_("Verdict: {verdict}").format(verdict=result.evaluation.verdict.text()) + "\n")
    _spent(result.evaluation, cpu, out)
    return 0


def _header(values: Evaluation, state: GameState, name: str, who: str, args: Any, out: TextIO) -> None:
    policy = values.policy
    out.write(_("{who} to move; policy {policy} (seed {seed}): win rates if {assumes}; {hidden}.").format(
        who=who, policy=policy.name, seed=args.seed, assumes=policy.assumes(), hidden=_hidden_words(state, name))
              + "\n")
    if policy.note:
        out.write(_("Note: {note}.").format(note=policy.note) + "\n")
    out.write(_("Every option is played on the same deals with the same seeds; playouts go to the options still in "
                "contention (at most {playouts} per option), confidence {confidence}, resolution ±{resolution}.").format(
        playouts=args.playouts, confidence=f"{args.confidence:.0%}", resolution=points(args.resolution / 100)) + "\n")


def _chance(result: WhatIf, names: Sequence[str], who: Callable[[int], str], cpu: float | None, args: Any,
            out: TextIO) -> int:
    report_ = result.chance
    if report_.illustration:
        out.write(report_.illustration + "\n")
    if not report_.outcomes:
        return 0
    out.write(_("Chance moves next: {event}. Each outcome, with its exact probability:").format(event=report_.event)
              + "\n")
    for o in report_.outcomes:
        out.write("- " + _("{outcome} (probability {fraction}, {percent}):").format(
            outcome=o.label, fraction=o.probability, percent=f"{float(o.probability):.1%}") + "\n")
        if o.returns is not None:
            out.write("    " + _("the game ends: {returns}").format(returns=", ".join(
                f"{names[p]} {_percent(r).strip()}" for p, r in enumerate(o.returns))) + "\n")
            continue
        ev = o.evaluation
        if ev.verdict.kind == "forced":
            out.write(f"    {who(o.decider)}: {ev.verdict.text()}\n")
            continue
        out.write("    " + _("{who} decides; win rates if {assumes}:").format(who=who(o.decider),
                                                                           assumes=ev.policy.assumes()) + "\n")
        table(ev, out, "    ")
        out.write("    " + _("Verdict: {verdict}").format(verdict=ev.verdict.text()) + "\n")
        _spent(ev, cpu / max(1, len(report_.deciders())) if cpu else None, out, "    ")
    weighted = report_.weighted_win_rate()
    if weighted is not None:
        p, rate = weighted
        out.write(_("Weighted exactly by the outcomes' probabilities, {name} wins {rate} of the time when choosing the "
                    "leading option after each outcome.").format(name=names[p], rate=f"{rate:.1%}") + "\n")
    return 0
