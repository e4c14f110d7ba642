"""The combined dashboard's fish (issue 12, deliverable 7): each player's fish tokens in the Traders & Barbarians
panel — their values shown to their owner (and in teacher view), only their count to the others, exactly as the
engine's observation hides them — a fish payment played by its button, the Old Boot's badge and its pass by the
panel's button, and the robber taken off the board by fish (the board draws no robber and does not fail)."""
from __future__ import annotations

from ratgames_lab.catan.combined import fish as F
from ratgames_lab.catan.combined.fish_actions import FishRemove, FishResource, PassOldBoot
from ratgames_lab.core.position import position_document
from catan_traders_helpers import main_position, traders_dash  # tests/widgets is on the path (no package)



_dash = traders_dash
_main_position = main_position


def _hold(s, p: int, *values: int) -> None:
    """p holds exactly these fish tokens (taken from the stack, p's former tokens back in it)."""
    for i, n in enumerate(s.fish_held[p]):
        s.fish_stack[i] += n
    s.fish_held[p] = [0] * len(F.VALUES)
    for v in values:
        i = F.VALUES.index(v)
        s.fish_stack[i] -= 1
        s.fish_held[p][i] += 1


def _scene(**kw):
    game, s = _main_position()
    _hold(s, 0, 1, 3)
    _hold(s, 1, 3, 3)
    _hold(s, 2)
    for key, value in kw.items():
        setattr(s, key, value)
    s.after_load()
    s.validate_position()
    return game, s


def _row(d, p: int) -> str:
    return d.combined_panels.traders.table.value.split('<div class="ct-trow">')[p + 1]


def test_fish_values_are_shown_to_their_owner_and_counts_to_the_others():
    game, s = _scene()
    student = _dash(teacher=False)
    student.load_position(position_document(game, s))
    assert "2 tokens: 1 + 3 = <b>4 fish</b>" in _row(student, 0)
    other = _row(student, 1)
    assert "2 tokens" in other and "values hidden" in other and "3 + 3" not in other and "6 fish" not in other
    assert "no fish" in _row(student, 2)
    held = student.observation()["fish"]["held"]
    assert held[1] == {"hidden": 2} and held[0] == [1, 0, 1]  # the engine hides exactly what the panel hides
    teacher = _dash()
    teacher.load_position(position_document(game, s))
    teacher.teacher_toggle.value = True
    assert "2 tokens: 3 + 3 = <b>6 fish</b>" in _row(teacher, 1)
    stack = sum(s.fish_stack)
    assert f"Fish stack: {stack} face down" in teacher.combined_panels.traders.table.value


def test_a_fish_payment_by_its_button_and_the_robber_taken_off_the_board():
    game, s = _scene()
    d = _dash()
    d.load_position(position_document(game, s))
    wool = next(a for a in d.state.legal_actions() if isinstance(a, FishResource) and a.card == "wool")
    before, spent = d.state.hands[0][2], list(d.state.fish_spent)
    d.decision.button_for(wool).click()
    assert d.state.hands[0][2] == before + 1, d.message  # 1 wool from the bank
    assert sorted(wool.tokens) == [1, 3] and d.state.fish_held[0] == [0, 0, 0]  # 4 fish paid with 1 + 3
    paid = [n - m for n, m in zip(d.state.fish_spent, spent)]
    assert paid == [1, 0, 1]
    assert "no fish" in _row(d, 0)
    # 2 fish: the robber off the board until the next 7 (after the truce) — the board draws no robber
    game, s = _scene(attacks=1)
    d = _dash()
    d.load_position(position_document(game, s))
    remove = next(a for a in d.state.legal_actions() if isinstance(a, FishRemove) and a.piece == "robber")
    d.decision.button_for(remove).click()
    assert d.state.robber == -1 and d.observation()["robber"] is None, d.message
    assert d.board.view.keys["robber"] == []


def test_the_old_boot_badge_and_its_pass_by_the_panel_button():
    game, s = _scene(old_boot=0)
    d = _dash()
    d.load_position(position_document(game, s))
    assert "Old Boot" in _row(d, 0) and "Old Boot" not in _row(d, 1)
    passes = [b for b in d.combined_panels.traders.buttons() if isinstance(b.action, PassOldBoot)]
    takers = [a.player for a in d.state.legal_actions() if isinstance(a, PassOldBoot)]
    assert sorted(b.action.player for b in passes) == sorted(takers) and takers
    passes[0].click()
    q = takers[0]
    assert d.state.old_boot == q, d.message
    assert "Old Boot" in _row(d, q) and "Old Boot" not in _row(d, 0)
