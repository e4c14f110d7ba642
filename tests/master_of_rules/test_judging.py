"""judge_table against an independent oracle written here from the rulebook, on many seeded random tables."""
from __future__ import annotations

import random

import pytest

from ratgames_lab.master_of_rules import cards, rules

TYPES = cards.RULES  # rule ids, indexed like the engine's rule types


def oracle_rule(rule: str, table: list[str], mine: str) -> bool:
    """The rulebook's four judged rules on card codes like 'R7'."""
    colours = [c[0] for c in table]
    values = [int(c[1]) for c in table]
    if rule == "limit_23":
        return sum(values) <= 23
    if rule == "best_of_the_best":
        most = max(colours.count(k) for k in colours)
        best_colours = {k for k in colours if colours.count(k) == most}
        return mine[0] in best_colours and int(mine[1]) == max(v for k, v in zip(colours, values) if k == mine[0])
    if rule == "only_one":
        others = list(table)
        others.remove(mine)
        return all(c[0] != mine[0] and c[1] != mine[1] for c in others)
    if rule == "trio":
        return any(colours.count(k) >= 3 for k in colours) or any(values.count(v) >= 3 for v in values)
    raise AssertionError(rule)


def oracle_table(numbers: list[str | None], played: list[str | None], players: int) -> list[bool | None]:
    """Every seat's verdict; Support Right looks at the first real player to the right, skipping dummies."""
    table = [c for c in numbers if c is not None]
    out: list[bool | None] = [None] * 5
    for seat, rule in enumerate(played):
        if rule is not None and rule != "support_right":
            out[seat] = oracle_rule(rule, table, numbers[seat])

    def right(seat: int) -> int:  # real players sit 0..n-1 clockwise, the dummies after seat n-1
        return seat - 1 if 0 < seat < players else players - 1

    for seat, rule in enumerate(played):
        if rule != "support_right":
            continue
        visited, cur = set(), seat
        while True:
            cur = right(cur)
            if played[cur] is None:
                out[seat] = False
                break
            if played[cur] != "support_right":
                out[seat] = out[cur]
                break
            if cur in visited or cur == seat:  # went round the table: every real player played it
                out[seat] = True
                break
            visited.add(cur)
    return out


def random_table(r: random.Random, players: int):
    """Five Number cards (often from few colours/values, to hit ties, trios and chains) and the Rule cards."""
    colours = r.sample("RBYGP", r.randint(2, 5))
    values = r.sample("123456789", r.randint(3, 9))
    pool = [c + v for c in colours for v in values]
    if len(pool) < 5:
        pool = list(cards.CODES)
    numbers = r.sample(pool, 5)
    weights = [1, 1, 1, 1, r.choice([1, 3, 8])]  # sometimes many Support Right cards
    played: list[str | None] = [r.choices(TYPES, weights)[0] for _ in range(5)]
    if players == 4:
        played[4] = None  # Dummy-1 gets only a Number card
    if players == 3:
        played[4] = None  # Dummy-2 gets only a Number card
        if r.random() < 0.1:
            played[3] = None  # the Rule supply ran out
    return numbers, played


@pytest.mark.parametrize("players", [3, 4, 5])
def test_judge_table_matches_the_oracle(players):
    r = random.Random(players)
    counts = {True: 0, False: 0}
    for _ in range(4000):
        numbers, played = random_table(r, players)
        got = rules.judge_table([cards.CARD_BY_CODE[c] for c in numbers],
                                [None if t is None else TYPES.index(t) for t in played], players)
        expected = oracle_table(numbers, played, players)
        assert [None if g is None else g[0] for g in got] == expected, (numbers, played)
        assert all(isinstance(g[1], str) and g[1] for g in got if g is not None)
        for e in expected:
            if e is not None:
                counts[e] += 1
    assert min(counts.values()) > 1000  # both verdicts well represented


def test_all_five_players_support_right():
    numbers = [cards.CARD_BY_CODE[c] for c in ["R1", "B9", "Y5", "G7", "P8"]]
    sr = TYPES.index("support_right")
    got = rules.judge_table(numbers, [sr] * 5, 5)
    assert [g[0] for g in got] == [True] * 5
