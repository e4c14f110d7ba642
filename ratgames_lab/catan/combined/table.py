"""Where the combined variant's rule modules register themselves: one check and one apply function per action
class, the actions each phase lists, and the main-phase action lists. ``combined.rules`` imports every rule module,
so each rule lives in one module and this table only collects them."""
from __future__ import annotations

from typing import Callable

from ...core.errors import IllegalActionError
from ...core.protocol import Action
from ..translate import _

Check = Callable[..., "IllegalActionError | None"]
Apply = Callable[..., None]
Lister = Callable[..., list]

CHECKS: dict[type, Check] = {}
APPLY: dict[type, Apply] = {}
PHASE_ACTIONS: dict[str, Lister] = {}  # phase -> the legal actions of the player to decide (or chance outcomes)
MAIN_ACTIONS: list[Lister] = []  # the action phase: each lister adds its part (in MAIN_ORDER)
# the order of the action phase's list, by the module of each lister (a list must not depend on import order)
MAIN_ORDER = ("money", "build", "fish", "wagons", "improvements", "progress", "trade_players", "trade", "turn",
              "knights", "rivers", "ships", "progress_trade")
ACTION_CLASSES: list[type] = []
GUARDS: list[Check] = []  # guard(s, a): a rule over every action (e.g. turn.strict_phase_order), checked first
ON_APPLY: list[Apply] = []  # on_apply(s, a): runs before each applied action's own apply (records what guards read)
MAIN_FILTERS: list[Callable[..., list]] = []  # filter(s, actions): drops listed main-phase actions a guard forbids
VP_CHANGES: set[type] = set()  # after these, victory is checked (any action may change VP: see state._do)


def rule(action_class: type, check: Check, apply: Apply) -> None:
    """Register the check and apply functions of an action class."""
    if action_class in CHECKS:
        raise ValueError(f"{action_class.__name__} is registered twice")
    CHECKS[action_class] = check
    APPLY[action_class] = apply
    ACTION_CLASSES.append(action_class)


def guard(check: Check, on_apply: Apply, main_filter: Callable[..., list]) -> None:
    """Register a rule over every action: its check, what applying an action records for it, and its filter of the
    action phase's list."""
    GUARDS.append(check)
    ON_APPLY.append(on_apply)
    MAIN_FILTERS.append(main_filter)


PHASED: dict[type, dict[str, tuple[Check, Apply]]] = {}  # action class -> phase -> (check, apply)


def rule_in_phase(action_class: type, phase_name: str, check: Check, apply: Apply, what: str) -> None:
    """Register the check and apply functions of an action class in one phase (an action several rules use, e.g.
    the robber moved on a 7, by a knight or by the Bishop); in any other phase it is refused as ``what`` out of
    turn."""
    rules = PHASED.get(action_class)
    if rules is None:
        rules = PHASED[action_class] = {}

        def check_any(s, a):
            found = rules.get(s.phase)
            return not_now(s, what) if found is None else found[0](s, a)

        def apply_any(s, a) -> None:
            rules[s.phase][1](s, a)

        rule(action_class, check_any, apply_any)
    if phase_name in rules:
        raise ValueError(f"{action_class.__name__} has two rules in phase {phase_name!r}")
    rules[phase_name] = (check, apply)


def phase(name: str) -> Callable[[Lister], Lister]:
    """Decorator: the function lists the legal actions in phase ``name``."""
    def register(fn: Lister) -> Lister:
        if name in PHASE_ACTIONS:
            raise ValueError(f"phase {name!r} has two listers")
        PHASE_ACTIONS[name] = fn
        return fn
    return register


def main_actions(fn: Lister) -> Lister:
    """Decorator: the function adds its actions to the action phase's list (at its module's place in MAIN_ORDER)."""
    if _module(fn) not in MAIN_ORDER:
        raise ValueError(f"module {_module(fn)!r} lists actions in the action phase: add it to table.MAIN_ORDER")
    MAIN_ACTIONS.append(fn)
    MAIN_ACTIONS.sort(key=lambda f: MAIN_ORDER.index(_module(f)))  # stable: a module's listers keep their order
    return fn


def _module(fn: Callable) -> str:
    return fn.__module__.rsplit(".", 1)[-1]


def err(message: str, rule_name: str) -> IllegalActionError:
    """An IllegalActionError naming the rule."""
    return IllegalActionError(message, rule_name)


def not_now(s, what: str) -> IllegalActionError:
    """The error for an action made in the wrong phase."""
    return IllegalActionError(_("{what} is not possible now (phase {phase!r})").format(what=_(what), phase=s.phase),
                              "turn.phase")


def is_action(a: object) -> bool:
    """True for an Action instance."""
    return isinstance(a, Action)


_ACTIONS: dict[tuple, Action] = {}


def cached_action(cls: type, *args) -> Action:
    """One shared action object per class and fields (listing builds no new object: actions are immutable)."""
    key = (cls, args)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = cls(*args)
    return a
