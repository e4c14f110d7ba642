"""End scoring (end.scoring), death by rats against the nun row (end.plague) and the winner (end.winner)."""
from __future__ import annotations

from typing import Sequence


def track_ranking(values: Sequence[int], arrivals: Sequence[int]) -> list[int]:
    """Players with influence on a class track, best first: higher value, then earlier arrival (setup.ties)."""
    return sorted((p for p in range(len(values)) if values[p] > 0), key=lambda p: (-values[p], arrivals[p]))


def majority(counts: Sequence[int], points: int) -> list[int]:
    """Most cards wins ``points``; a tie gives each tied player half of it (1 of 2); nobody with 0 cards scores."""
    out = [0] * len(counts)
    top = max(counts)
    if top <= 0:
        return out
    tied = [p for p, c in enumerate(counts) if c == top]
    for p in tied:
        out[p] = points if len(tied) == 1 else points // 2
    return out


def gold_points(counts: Sequence[int], first: int, second: int, players: int) -> list[int]:
    """Gold: most 6, second 3; a tie for most shares 6+3 = 9 (rounded down, no second place) at every player count,
    a tie for second shares 3; 2 players: no second place (end.scoring)."""
    out = [0] * len(counts)
    top = max(counts)
    if top <= 0:
        return out
    tied = [p for p, c in enumerate(counts) if c == top]
    if len(tied) > 1:
        share = (first + second) // len(tied)
        for p in tied:
            out[p] = share
        return out
    out[tied[0]] = first
    if players == 2:
        return out
    rest = [c for c in counts if 0 < c < top]
    if rest:
        sec = max(rest)
        tied2 = [p for p, c in enumerate(counts) if c == sec]
        for p in tied2:
            out[p] = second // len(tied2)
    return out


def final_result(s) -> dict:
    """Every score line, the nun total, who survives and who wins (a dict of plain data)."""
    comp = s.comp
    n = comp.players
    cards = comp.cards
    tracks = [[0] * n for _ in range(6)]
    for cls in range(6):
        for rank, p in enumerate(track_ranking(s.influence[cls], s.arrival[cls])[:len(comp.track_points)]):
            tracks[cls][p] = comp.track_points[rank]
    pop_joker = [sum(1 for c in h if c <= comp.JOKER) for h in s.hands]
    hand = majority(pop_joker, cards.hand_majority)
    specials = {}
    for i, name in ((1, "sword"), (2, "flute"), (3, "pass")):
        if s.special_in_play(i):
            code = comp.npop + i
            specials[name] = majority([h.count(code) for h in s.hands], cards.special_majority)
    gold = [0] * n
    if s.special_in_play(4):
        gold = gold_points([h.count(comp.GOLD) for h in s.hands], *cards.gold_points, n)
    tokens = [v * cards.vp_value for v in s.vp]
    total = [sum(tracks[c][p] for c in range(6)) + hand[p] + sum(v[p] for v in specials.values()) + gold[p]
             + tokens[p] for p in range(n)]
    nuns = s.nun_total()
    alive = [s.rats[p] <= nuns for p in range(n)]
    contenders = [p for p in range(n) if alive[p]]
    if not contenders and s.options_all_dead:
        low = min(s.rats)
        contenders = [p for p in range(n) if s.rats[p] == low]
    winners: list[int] = []
    if contenders:
        best = max(total[p] for p in contenders)
        top = [p for p in contenders if total[p] == best]
        fewest = min(s.rats[p] for p in top)
        winners = [p for p in top if s.rats[p] == fewest]
    return {"tracks": tracks, "hand": hand, "specials": specials, "gold": gold, "tokens": tokens, "total": total,
            "nuns": nuns, "alive": alive, "winners": winners}
